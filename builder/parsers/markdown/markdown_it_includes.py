"""markdown-it-include's tag: ``!!!include(axes/_common.md)!!!`` shows that file's text.

VuePress sites add the markdown-it-include plugin to their Markdown (Chart.js:
``md.use(markdownItInclude, <the docs folder>)``), which replaces each tag, anywhere in a page,
with the named file's text before the page is parsed. Read as text, the tag stayed on the page
as written and the file's text was lost: Chart.js 4.5.1's axis pages take the options common
to every axis and every cartesian axis (``min``, ``max``, ``suggestedMax``, ``ticks``...) from
four shared files, 22 tags in 8 pages. Read as the plugin reads it:

- a path is relative to the plugin's root: the docs folder (VuePress' source folder, which
  Chart.js gives), else the project's root (the plugin's default, the folder the build runs
  in); a path in an included file is relative to that file's folder;
- the file's text is spliced in whole, and the tags in it are read too, to MAX_INCLUDE_DEPTH,
  within the page's include budget (include_budget);
- a tag inside a fenced code block shows as written (it documents the syntax); a file that
  cannot be read shows nothing, with a note (the plugin stops the build).
"""

from __future__ import annotations

import re

from builder.includes import MAX_INCLUDE_DEPTH, IncludedText, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.spliced import (
    ExpandedLine,
    Spliced,
    lines_outside_fences,
    spliced_from,
)

# The plugin's default includeRe with its parentheses (bracesAreOptional is off by default).
# The path's blanks are stripped after the match: written as the plugin's "\(\s*(.+?)\s*\)", a
# tag left open over blanks ("!!!include(" and 1,000 spaces) backtracked through every split
# of them, 2.4 s a line (cubic).
_INCLUDE = re.compile(r"!!!\s*include\s*\(([^()\n]{1,1000})\)\s*!!!", re.IGNORECASE)


def has_markdown_it_includes(text: str) -> bool:
    """The quick test: a page without ``!!!`` and ``include`` includes nothing."""
    return "!!!" in text and _INCLUDE.search(text) is not None


def splice_markdown_it_includes(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each tag outside code replaced by the lines of the file it names."""
    return spliced_from(page, _expand(page.text, relpath, reader, (), IncludeBudget()))


def _expand(
    text: str, relpath: str, reader: IncludeReader, chain: tuple[str, ...], budget: IncludeBudget
) -> list[ExpandedLine]:
    """``text``'s lines with their tags replaced; ``chain``: the files being expanded (empty
    for the page itself, whose paths start at the plugin's root)."""
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    out: list[ExpandedLine] = []
    for number, line in enumerate(lines):
        if number not in prose or "!!!" not in line or _INCLUDE.search(line) is None:
            out.append((line, number, ""))
            continue
        shown: list[str] = []  # the lines this one becomes, the last one still being written
        current, start = "", 0
        for tag in _INCLUDE.finditer(line):
            current += line[start : tag.start()]
            start = tag.end()
            first = True  # the file's first line goes on with the text before the tag
            target = tag.group(1).strip()
            for part, _, warning in _included(target, relpath, reader, chain, budget):
                if warning:
                    out.append(("", number, warning))
                elif first:
                    current, first = current + part, False
                else:
                    shown.append(current)
                    current = part
        shown.append(current + line[start:])
        out += [(part, number, "") for part in shown]
    return out


def _included(
    target: str, relpath: str, reader: IncludeReader, chain: tuple[str, ...], budget: IncludeBudget
) -> list[ExpandedLine]:
    """The lines one tag shows (its file's, expanded), or the warning it gives."""
    refused = budget.follow()
    if refused is not None:
        return [("", 0, refused)] if refused else []
    if len(chain) >= MAX_INCLUDE_DEPTH:
        return [("", 0, f"include {target}: includes nest too deep")]
    try:
        included = _read(target, relpath, reader, chain)
    except IncludeRefused as exc:
        return [("", 0, f"include not read: {exc}")]
    if included.path in chain or included.path == relpath:
        return [("", 0, f"include {target}: includes nest in a loop")]
    body = included.text.rstrip("\n")
    refused = budget.take(len(body), target)
    if refused:
        return [("", 0, refused)]
    return _expand(body, included.path, reader, (*chain, relpath), budget)


def _read(target: str, relpath: str, reader: IncludeReader, chain: tuple[str, ...]) -> IncludedText:
    """The file a tag names: in an included file, from that file's folder; in the page, from
    the docs folder, else from the project's root."""
    if chain:
        return reader.read(relpath, target)
    try:
        return reader.read(relpath, "/" + target.lstrip("/"))
    except IncludeRefused:
        return reader.read_in_project(target.lstrip("/"))
