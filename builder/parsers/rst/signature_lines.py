"""The signatures a description directive's argument lines write (``.. function::``,
``.. c:function::``): a line ending in a backslash goes on in the next one, as Sphinx joins
them (a long function's parameters, one a line)."""

from __future__ import annotations

from collections.abc import Sequence


def joined_signatures(lines: Sequence[str]) -> list[str]:
    """One string per signature, its lines joined by a space; blank ones left out."""
    return [signature for _, signature in numbered_signatures(lines)]


def numbered_signatures(lines: Sequence[str]) -> list[tuple[int, str]]:
    """Each signature (as joined_signatures gives it) with the index in ``lines`` of the line
    it starts on: an object a description names after a signature of several lines starts
    below them. Each line is joined once, at its signature's end: adding each to the text
    before it took time in the square of a signature's lines."""
    signatures: list[tuple[int, str]] = []
    parts: list[str] = []  # the lines of the signature being read
    first = 0  # the index of its first line
    for index, line in enumerate(lines):
        if not parts:
            first = index
        text = line.strip()
        carried = text.endswith("\\")
        parts.append(text[:-1].rstrip() if carried else text)
        if not carried:
            signatures.extend(_signature(first, parts))
            parts = []
    signatures.extend(_signature(first, parts))
    return signatures


def _signature(first: int, parts: list[str]) -> list[tuple[int, str]]:
    """The signature ``parts`` write, joined by a space, from line ``first``; none when they
    are blank."""
    joined = " ".join(part for part in parts if part)
    return [(first, joined)] if joined else []
