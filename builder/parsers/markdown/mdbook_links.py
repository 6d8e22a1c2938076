"""mdBook's links: ``{{#include file}}`` and its kin replaced by the file's text, before parsing.

mdBook's ``links`` preprocessor replaces, anywhere in a chapter (code blocks included):

- ``{{#include file}}`` by the file's text; ``file:3`` by line 3, ``file:3:8`` by lines 3 to
  8, ``file:3:`` from line 3 on, ``file::8`` up to line 8 (1-based, inclusive), ``file:name``
  by the lines between ``ANCHOR: name`` and ``ANCHOR_END: name``, leaving out every anchor line;
- ``{{#rustdoc_include file:...}}`` likewise; mdBook keeps the other lines of the file too, as
  hidden lines (``# ``) a reader does not see, so they are left out here;
- ``{{#playground file}}`` (or ``#playpen``) by a ``rust`` code block of the file;
- ``{{#title ...}}`` by nothing (it sets the page's HTML title).

Paths are relative to the file that names them; included text is read for links of its own, up
to MAX_INCLUDE_DEPTH deep and within the page's include budget (include_budget: files each
including the next a hundred times made a million links). ``\\{{#...}}`` is an escaped link,
shown without its backslash. The replacement goes where the link was in its line, so a page's
line numbers are those of the line holding the link.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

# The longest link argument (a path and its properties) read. mdBook sets none; a path is far
# shorter, and the bound keeps the scan of a long line without "}}" linear.
MAX_LINK_CHARS = 256
# mdBook's pattern (links.rs, find_links), bounded: a link, or the start of an escaped one.
_LINK = re.compile(
    rf"\{{\{{\s{{0,64}}\#([a-zA-Z0-9_]{{1,64}})\s{{1,64}}([^}}]{{1,{MAX_LINK_CHARS}}})\}}\}}"
)
_START = re.compile(r"\\\{\{\#|\{\{\s*\#")
_SIGN = re.compile(r"\{\{\s*\#")
_ANCHOR_START = re.compile(r"ANCHOR:\s*([\w-]+)")
_ANCHOR_END = re.compile(r"ANCHOR_END:\s*([\w-]+)")
_LINE_NUMBER = re.compile(r"\+?[0-9]{1,19}")
_INCLUDES = frozenset({"include", "rustdoc_include"})
_PLAYGROUNDS = frozenset({"playground", "playpen"})


def has_mdbook_links(text: str) -> bool:
    """The quick test: a text without this sign has no mdBook link."""
    return "{{" in text and _SIGN.search(text) is not None


def splice_mdbook_links(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each mdBook link replaced by what mdBook puts in its place."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    for k, line in enumerate(page.text.split("\n")):
        if "{{" not in line:
            builder.add(line, k)
            continue
        notes: list[str] = []
        for shown in _replaced(line, relpath, reader, 0, budget, notes).split("\n"):
            builder.add(shown, k)
        for note in notes:
            builder.note(k, note)
    return builder.build(page)


def _replaced(
    text: str,
    relpath: str,
    reader: IncludeReader,
    depth: int,
    budget: IncludeBudget,
    notes: list[str],
) -> str:
    """``text`` (of the file at ``relpath``, relative to the docs) with its links replaced."""

    def render(match: re.Match[str]) -> str:
        kind, argument = match.group(1), match.group(2)
        if kind == "title":
            return ""
        if kind not in _INCLUDES and kind not in _PLAYGROUNDS:
            return match.group(0)  # not mdBook's: a Handlebars block such as {{#each items}}
        words = argument.split()
        path, _, selector = words[0].partition(":")
        refused = budget.follow()
        if refused is not None:
            notes.extend([refused] if refused else [])
            return ""
        if depth >= MAX_INCLUDE_DEPTH:
            notes.append(f"mdBook {kind} {path}: includes nest in a loop or too deep")
            return ""
        try:
            included = reader.read(relpath, path)
        except IncludeRefused as exc:
            notes.append(f"mdBook {kind} not read: {exc}")
            return ""
        if kind in _PLAYGROUNDS:
            body = included.text if included.text.endswith("\n") else included.text + "\n"
            info = ",".join(("rust", *words[1:])) if words[1:] else "rust"
            shown = f"```{info}\n{body}```\n"
        else:
            shown = "\n".join(selected_lines(included.text, selector))
        if refused := budget.take(len(shown), path):
            notes.append(refused)
            return ""
        return _replaced(shown, included.path, reader, depth + 1, budget, notes)

    return _each_link(text, render)


def _each_link(text: str, render: Callable[[re.Match[str]], str]) -> str:
    """``text`` with each link rendered. An escaped link (``\\{{#``) runs to the last ``}}``
    of its line, as mdBook's pattern reads it, and is shown without its backslash."""
    out: list[str] = []
    position = 0
    line_end = close = -1  # the current line's end and its last "}}", each looked up once
    while (start := _START.search(text, position)) is not None:
        at = start.start()
        if text[at] == "\\":
            if at > line_end:
                line_end = text.find("\n", at) % (len(text) + 1)  # the last line: len(text)
                close = text.rfind("}}", 0, line_end)
            out.append(text[position:at])
            if close < start.end():
                out.append("\\")
                position = at + 1
            else:
                out.append(text[at + 1 : close + 2])
                position = close + 2
            continue
        link = _LINK.match(text, at)
        if link is None:
            out.append(text[position : at + 1])
            position = at + 1
            continue
        out.append(text[position:at])
        out.append(render(link))
        position = link.end()
    out.append(text[position:])
    return "".join(out)


def selected_lines(text: str, selector: str) -> list[str]:
    """The lines of ``text`` an include's ``:...`` selector takes, as mdBook reads it
    (parse_range_or_anchor): a line, a range, or an anchor's lines."""
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    lines = [line.removesuffix("\r") for line in lines]
    parts = selector.split(":", 2) if selector else []
    first = parts[0] if parts else ""
    number = _number(first)
    if first and number is None:
        return _anchored(lines, first)
    start = max(number - 1, 0) if number is not None else None
    end_text = parts[1] if len(parts) > 1 else None
    end = _number(end_text) if end_text is not None else None
    if start is not None:
        if end_text is None:
            return lines[start : start + 1]
        return lines[start:end] if end is not None else lines[start:]
    return lines[:end] if end is not None else lines


def _number(text: str) -> int | None:
    """A line number as Rust's ``usize`` parse reads one (digits, at most 19 of them)."""
    return int(text) if _LINE_NUMBER.fullmatch(text) else None


def _anchored(lines: list[str], anchor: str) -> list[str]:
    """The lines between ``ANCHOR: anchor`` and ``ANCHOR_END: anchor``, other anchors' lines
    left out; up to the end of the file when the anchor never ends, nothing when it never
    starts."""
    kept: list[str] = []
    inside = False
    for line in lines:
        if not inside:
            start = _ANCHOR_START.search(line)
            inside = start is not None and start.group(1) == anchor
            continue
        end = _ANCHOR_END.search(line)
        if end is not None and end.group(1) == anchor:
            break
        if end is None and _ANCHOR_START.search(line) is None:
            kept.append(line)
    return kept
