"""Splice in the file a project's own pymdownx block shows: ``/// marimo-embed-file`` with its
``filepath:`` option becomes a code block of that file.

Which blocks show a file, and by which option, is read from the project's extension
(builder.projects.mkdocs_file_blocks). The block is its header line, its options indented
under it and a closing fence of the header's length; the path is read from the folder MkDocs
runs in, as the extension opens it, within the page's include budget. A block whose file is
not read stays as it is written, with a note.
"""

from __future__ import annotations

import re

from builder.includes import IncludeReader
from builder.parsers.include_budget import IncludeBudget, read_within_budget
from builder.parsers.included_lines import language_of
from builder.parsers.markdown.hugo_shortcodes import code_lines
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced
from builder.parsers.rst.events import fence

_HEADER = re.compile(r"(?P<fence>/{3,})[ \t]*(?P<name>[\w-]+)[ \t]*(?:\|.*)?")
# An option line; its value is stripped after the match: a lazy value before trailing blanks
# tried each blank of a long run as its end, reading to the run's end each time (quadratic).
_OPTION = re.compile(r"[ \t]+(?P<key>[\w-]+)[ \t]*:(?P<value>.*)")
# The most lines a block's options take before its closing fence: a block showing a file holds
# its options only.
MAX_BLOCK_LINES = 50


def has_file_blocks(text: str, blocks: tuple[tuple[str, str], ...]) -> bool:
    """The quick test: a text naming none of the blocks has none."""
    return "///" in text and any(name in text for name, _ in blocks)


def splice_file_blocks(
    page: Spliced, blocks: tuple[tuple[str, str], ...], reader: IncludeReader
) -> Spliced:
    """``page`` with each of ``blocks`` ((name, option) pairs) replaced by the file its option
    names, as a code block."""
    options_of = dict(blocks)
    builder = SpliceBuilder()
    budget = IncludeBudget()
    lines = page.text.split("\n")
    in_code = code_lines(lines)
    k = 0
    while k < len(lines):
        header = None if in_code[k] else _HEADER.fullmatch(lines[k])
        option = options_of.get(header.group("name")) if header else None
        end = _closing(lines, k, header.group("fence")) if header and option else None
        if header is None or option is None or end is None:
            builder.add(lines[k], k)
            k += 1
            continue
        values = {
            match.group("key"): match.group("value").strip(" \t").strip("\"'")
            for line in lines[k + 1 : end]
            if (match := _OPTION.fullmatch(line))
        }
        shown = _file_code(values.get(option, ""), reader, budget, builder, k)
        if shown is None:
            for kept in range(k, end + 1):
                builder.add(lines[kept], kept)
        else:
            for part in ["", *shown, ""]:
                builder.add(part, k)
        k = end + 1
    return builder.build(page)


def _closing(lines: list[str], start: int, opened: str) -> int | None:
    """The line of the fence that closes the block opened at ``start``, or None."""
    for k in range(start + 1, min(len(lines), start + 1 + MAX_BLOCK_LINES)):
        if lines[k].strip() == opened:
            return k
    return None


def _file_code(
    path: str, reader: IncludeReader, budget: IncludeBudget, builder: SpliceBuilder, line: int
) -> list[str] | None:
    """The code block of the file at ``path`` (from the folder MkDocs runs in), or None with
    a note when it is not read."""
    if not path:
        builder.note(line, "file block names no file")
        return None
    text = read_within_budget(
        budget,
        lambda: reader.read("", path, snippet=True).text,
        path,
        lambda warning: builder.note(line, warning),
        unread="file block",
    )
    return None if text is None else fence(text.split("\n"), language_of(path)).split("\n")
