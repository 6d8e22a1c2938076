"""Electron's fiddle blocks: a ```` ```fiddle docs/fiddles/features/dark-mode ```` fence shows
the files of that folder.

electronjs.org's fiddle-embedder replaces such a fence, whatever it holds, with a tabbed view
of every file in the folder it names (from the repository's root), the tab that ``|focus=``
names (``main.js`` by default) open first, and a button that opens them in Electron Fiddle.
Read as written, the fence was an empty code block, or held the one file a page copied in:
the tutorials' examples were lost. Each file reads as a code block titled by its name, the
focused one first, then the others in name order, within the page's include budget.
"""

from __future__ import annotations

import posixpath
import re

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.included_lines import language_of
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced
from builder.parsers.rst.events import fence

# The fence's opening: its language "fiddle", then the folder and its options ("|focus=x").
_OPENING = re.compile(r"(?P<space>[ \t]{0,3})(?P<fence>`{3,}|~{3,})[ \t]*fiddle[ \t]+(?P<meta>.+)")
_FENCE = re.compile(r"[ \t]*(?P<fence>`{3,}|~{3,})")
_ANY_OPENING = re.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*fiddle[ \t]", re.MULTILINE)
_DEFAULT_FOCUS = "main.js"


def has_fiddle_blocks(text: str) -> bool:
    """The quick test: a text without this sign has no fiddle block."""
    return "fiddle " in text and _ANY_OPENING.search(text) is not None


def splice_fiddle_blocks(page: Spliced, reader: IncludeReader) -> Spliced:
    """``page`` with each fiddle block outside other code blocks replaced by the files of the
    folder it names."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    lines = page.text.split("\n")
    k = 0
    while k < len(lines):
        opening = _OPENING.fullmatch(lines[k].rstrip())
        fenced = opening or _FENCE.match(lines[k])
        end = _closing(lines, k + 1, fenced.group("fence")) if fenced else k
        shown = None
        if opening is not None:
            shown = _folder_blocks(opening.group("meta"), reader, budget, builder, k)
        if shown is None:  # a line, another code block, or a fence naming no folder here
            for line_number in range(k, end + 1):
                builder.add(lines[line_number], line_number)
        else:
            for line in shown:
                builder.add(_indented(opening, line), k)
        k = end + 1
    return builder.build(page)


def _indented(opening: re.Match[str] | None, line: str) -> str:
    return opening.group("space") + line if opening is not None and line else line


def _closing(lines: list[str], start: int, opened: str) -> int:
    """The line of the fence that closes the one opened with ``opened`` (the last line when
    none does, as CommonMark runs an unclosed fence to the end)."""
    for k in range(start, len(lines)):
        line = lines[k].strip()
        if line and set(line) == {opened[0]} and len(line) >= len(opened):
            return k
    return len(lines) - 1


def _folder_blocks(
    meta: str, reader: IncludeReader, budget: IncludeBudget, builder: SpliceBuilder, k: int
) -> list[str] | None:
    """The lines of a code block per file of the folder ``meta`` names, the focused first;
    None when the project has no such folder."""
    folder, *options = meta.strip().split("|")
    focus = _DEFAULT_FOCUS
    for option in options:
        key, _, value = option.partition("=")
        if key.strip() == "focus" and value.strip():
            focus = value.strip()
    folder = posixpath.normpath(folder.strip()).lstrip("/")
    names = reader.names_in(folder) if folder not in (".", "..") else ()
    if not names:
        return None
    ordered = sorted(names, key=lambda name: (name != focus, name))
    shown: list[str] = []
    for name in ordered:
        refused = budget.follow()
        if refused is not None:
            if refused:
                builder.note(k, refused)
            break
        try:
            text = reader.read_in_project(f"{folder}/{name}").text
        except IncludeRefused as exc:
            builder.note(k, f"fiddle file not read: {exc}")
            continue
        if warning := budget.take(len(text), name):
            builder.note(k, warning)
            break
        block = fence(text.split("\n"), language_of(name)).split("\n")
        if "`" in name:  # no backtick fence's info string holds one (CommonMark): tildes
            block[0], block[-1] = _tilde_fenced(block)
        block[0] += f' title="{name}"'
        shown += [*block, ""]
    return shown[:-1]


def _tilde_fenced(block: list[str]) -> tuple[str, str]:
    """The opening and closing lines of ``block`` (a backtick-fenced code block) fenced with
    tildes, more than any line of its code starts with."""
    longest = max((len(line) - len(line.lstrip("~")) for line in block[1:-1]), default=0)
    tildes = "~" * max(3, longest + 1)
    return tildes + block[0].lstrip("`"), tildes
