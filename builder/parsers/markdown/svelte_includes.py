"""Svelte's docs' includes: a line ``@include .generated/compile-errors.md`` shows that file.

svelte.dev's ``sync-docs`` step replaces each ``@include path`` with the text of the file,
relative to the file that names it, the includes in that text read the same way, before the
page is rendered. Svelte's and SvelteKit's reference pages are such a line each, the file
written by a script from the messages in the code (``.generated/``, a hidden folder, no
pages of its own): read as written, Svelte 5.56's compiler and runtime errors and warnings,
85 kB, were a line of text each. A line of its own outside code is read so, within the page's
include budget and MAX_INCLUDE_DEPTH; a file that cannot be read leaves the line, with a note.
"""

from __future__ import annotations

import re

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

_LINE = re.compile(r"[ \t]{0,3}@include[ \t]+(?P<path>[^\s<>`]+)[ \t]*")
_ANY_LINE = re.compile(r"^[ \t]{0,3}@include[ \t]+\S", re.MULTILINE)
_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")


def has_svelte_includes(text: str) -> bool:
    """The quick test: a text without such a line includes nothing."""
    return "@include" in text and _ANY_LINE.search(text) is not None


def splice_svelte_includes(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each ``@include`` line outside code replaced by the file it names."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    notes: list[str] = []
    for k, (line, in_code) in enumerate(_lines(page.text)):
        marker = None if in_code else _LINE.fullmatch(line)
        shown = (
            _included(marker.group("path"), relpath, reader, 0, budget, notes) if marker else None
        )
        for note in notes:
            builder.note(k, note)
        notes.clear()
        if shown is None:
            builder.add(line, k)
            continue
        for part in ["", *shown.split("\n"), ""]:  # apart from the lines around it
            builder.add(part, k)
    return builder.build(page)


def _lines(text: str) -> list[tuple[str, bool]]:
    """Each line of ``text`` and whether it is in a fenced code block (its fences too)."""
    found: list[tuple[str, bool]] = []
    fence = ""
    for line in text.split("\n"):
        opening = _FENCE.match(line)
        if fence:
            closes = (
                opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence)
            )
            found.append((line, True))
            fence = "" if closes and not line.strip().strip(fence[0]) else fence
        else:
            fence = opening.group(1) if opening else ""
            found.append((line, bool(fence)))
    return found


def _included(
    target: str,
    relpath: str,
    reader: IncludeReader,
    depth: int,
    budget: IncludeBudget,
    notes: list[str],
) -> str | None:
    """The text ``target`` (named in the file at ``relpath``) shows, its own includes read;
    None when it is not read (the line stays)."""
    refused = budget.follow()
    if refused is not None:
        notes.extend([refused] if refused else [])
        return None
    if depth >= MAX_INCLUDE_DEPTH:
        notes.append(f"include {target}: includes nest too deep")
        return None
    try:
        included = reader.read(relpath, target)
    except IncludeRefused as exc:
        notes.append(f"include not read: {exc}")
        return None
    if warning := budget.take(len(included.text), target):
        notes.append(warning)
        return None
    lines: list[str] = []
    for line, in_code in _lines(included.text.rstrip("\n")):
        marker = None if in_code else _LINE.fullmatch(line)
        nested = None
        if marker is not None:
            nested = _included(
                marker.group("path"), included.path, reader, depth + 1, budget, notes
            )
        lines.extend(["", nested, ""] if nested is not None else [line])
    return "\n".join(lines)
