"""The signatures a description directive's argument lines write (``.. function::``,
``.. c:function::``): a line ending in a backslash goes on in the next one, as Sphinx joins
them (a long function's parameters, one a line)."""

from __future__ import annotations

from collections.abc import Sequence


def joined_signatures(lines: Sequence[str]) -> list[str]:
    """One string per signature, its lines joined by a space; blank ones left out. Each line
    is joined once, at its signature's end: adding each to the text before it took time in
    the square of a signature's lines."""
    signatures: list[str] = []
    parts: list[str] = []  # the lines of the signature being read
    for line in lines:
        text = line.strip()
        carried = text.endswith("\\")
        parts.append(text[:-1].rstrip() if carried else text)
        if not carried:
            signatures.extend(_signature(parts))
            parts = []
    signatures.extend(_signature(parts))
    return signatures


def _signature(parts: list[str]) -> list[str]:
    """The signature ``parts`` write, joined by a space; none when they are blank."""
    joined = " ".join(part for part in parts if part)
    return [joined] if joined else []
