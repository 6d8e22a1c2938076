"""Python-Markdown's tables: a pipe inside a code span is the span's text, not a cell border.

Python docs write union types in table cells (``| `timeout` | `float | None` | `None` |``).
Python-Markdown's tables extension, which MkDocs renders with, splits a row only at pipes
outside code spans; GFM's rule, which markdown-it follows, splits at every unescaped pipe, so
that row lost its last cell (the default, or the description) and showed a broken span. In an
MkDocs project's table rows, such pipes are escaped before the page is parsed, which GFM reads
as a pipe in the cell; no line is added or removed.

A table reads as its rows, cells joined by " | ", so a pipe a cell shows outside code is
written escaped: jsdoc-to-markdown's and typedoc's union types (``<code>Foo</code> \\|
<code>null</code>``) read "Foo | null", one cell shown as two. In a code span a pipe stays as
the code has it.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import lines_outside_fences

# A table's delimiter row: cells of dashes, colons for alignment, at least one pipe.
_DELIMITER_ROW = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*")
# A code span (its backtick run closed by one of the same length), and an unescaped pipe.
# The opening run is a whole run: started inside one ("``a | b`"), a span would close where
# CommonMark and Python-Markdown see none, and every start in a long unclosed run would scan
# the rest of the line again (a row of 4,000 backticks took 0.1 s, quadratic in the run).
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_PIPE = re.compile(r"(?<!\\)\|")
# Where a delimiter row may start: a first cell of dashes, then a pipe. Found by one search of
# the page, so that most pages (a dash and a pipe somewhere, no table) are not split into lines.
_DELIMITER_ROW_START = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*\|", re.MULTILINE)


def has_code_pipes(text: str) -> bool:
    """The quick test: a page without a backtick or a dash row has no such cell."""
    return "`" in text and _DELIMITER_ROW_START.search(text) is not None


def escape_code_pipes(text: str) -> str:
    """``text`` with the unescaped pipes inside code spans of its table rows escaped."""
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    changed = False
    for number in sorted(prose):
        if "-" not in lines[number] or "|" not in lines[number] or number == 0:
            continue
        if not _DELIMITER_ROW.fullmatch(lines[number]) or "|" not in lines[number - 1]:
            continue
        row = number - 1  # the header, then the rows up to a blank line
        while row < len(lines) and row in prose and lines[row].strip():
            if row != number and "`" in lines[row]:
                escaped = _CODE_SPAN.sub(_escaped_span, lines[row])
                changed = changed or escaped != lines[row]
                lines[row] = escaped
            row += 1
    return "\n".join(lines) if changed else text


def _escaped_span(span: re.Match[str]) -> str:
    return span.group(1) + _PIPE.sub(r"\\|", span.group(2)) + span.group(1)


def escape_cell_bars(cell: str) -> str:
    """A table cell's text with each pipe outside its code spans escaped."""
    if "|" not in cell:
        return cell
    pieces: list[str] = []
    position = 0
    for span in _CODE_SPAN.finditer(cell):
        pieces += [cell[position : span.start()].replace("|", "\\|"), span.group(0)]
        position = span.end()
    return "".join([*pieces, cell[position:].replace("|", "\\|")])
