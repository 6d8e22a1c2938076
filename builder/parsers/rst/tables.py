"""Read reStructuredText tables (grid, simple, csv-table, list-table) into rows of cell text.

Every table becomes "cell | cell" rows; cells keep their inline markup for the caller to render.
Spanning cells are approximated (their text lands in the first column they cover), which keeps
the words searchable even when the layout is lost.
"""

from __future__ import annotations

import csv
import itertools
import re
import unicodedata

from builder.parsers.rst.events import indent_of

_GRID_BORDER = re.compile(r"\+(?:[-=]+\+)+")
_SIMPLE_BORDER = re.compile(r"=+(?: +=+)*")
_SIMPLE_RULE = re.compile(r"[-= ]+")
_LIST_ITEM = re.compile(r"[-*+] +|[-*+]$")

Row = tuple[str, ...]
# docutils lines up table columns by display width: a wide or full-width character (CJK, most
# emoji) takes two columns, so it is padded with this before cutting and the pad taken out after.
_WIDE_PAD = "\0"


def is_grid_border(line: str) -> bool:
    return bool(_GRID_BORDER.fullmatch(line))


def is_simple_border(line: str) -> bool:
    return bool(_SIMPLE_BORDER.fullmatch(line))


def read_grid_table(lines: list[str], start: int) -> tuple[list[Row], int]:
    """Rows of the grid table whose top border is ``lines[start]``, and the index after it."""
    border = lines[start]
    cuts = [i for i, char in enumerate(border) if char == "+"]
    end = start + 1
    while end < len(lines) and lines[end][:1] in ("+", "|"):
        end += 1
    rows: list[Row] = []
    pending: list[list[str]] = []
    for line in lines[start + 1 : end]:
        if is_grid_border(line):
            if pending:
                rows.append(tuple(" ".join(part for part in cell if part) for cell in pending))
            pending = []
            continue
        line = _pad_wide(line)
        cells = [
            line[a + 1 : b].replace(_WIDE_PAD, "").strip(" |") for a, b in itertools.pairwise(cuts)
        ]
        if not pending:
            pending = [[] for _ in cells]
        for column, cell in enumerate(cells):
            pending[column].append(cell.strip())
    if pending:
        rows.append(tuple(" ".join(part for part in cell if part) for cell in pending))
    return rows, end


def read_simple_table(lines: list[str], start: int) -> tuple[list[Row], int]:
    """Rows of the simple table whose top border is ``lines[start]``, and the index after it."""
    border = lines[start]
    starts = [m.start() for m in re.finditer(r"=+", border)]
    rows: list[Row] = []
    i = start + 1
    while i < len(lines):
        line = lines[i]
        if is_simple_border(line):
            i += 1
            if i >= len(lines) or not lines[i]:
                break
            continue
        if not line or _SIMPLE_RULE.fullmatch(line):
            i += 1
            continue
        cells = _split_columns(line, starts)
        if rows and not cells[0]:
            # A row with an empty first column continues the row above it.
            rows[-1] = tuple(
                " ".join(part for part in (old, new) if part)
                for old, new in zip(rows[-1], cells, strict=False)
            )
        else:
            rows.append(cells)
        i += 1
    return rows, i


def _split_columns(line: str, starts: list[int]) -> Row:
    line = _pad_wide(line)
    bounds = [*starts[1:], len(line) + 1]
    return tuple(
        line[a:b].replace(_WIDE_PAD, "").strip() for a, b in zip(starts, bounds, strict=False)
    )


def _pad_wide(line: str) -> str:
    """``line`` with a pad after each character that is two columns wide, as docutils does."""
    if line.isascii():
        return line
    return "".join(
        char + _WIDE_PAD if unicodedata.east_asian_width(char) in "WF" else char for char in line
    )


def read_csv_table(content: list[str], header: str) -> list[Row]:
    """Rows of a csv-table directive: its ``:header:`` option, then its content."""
    source = ([header] if header else []) + [line.strip() for line in content if line.strip()]
    try:
        return [
            tuple(cell.strip() for cell in row) for row in csv.reader(source, skipinitialspace=True)
        ]
    except csv.Error:
        return [(line,) for line in source]


def read_list_table(content: list[str]) -> list[Row]:
    """Rows of a list-table directive: a bullet list of rows, each a bullet list of cells."""
    rows: list[list[list[str]]] = []
    for line in content:
        if not line:
            continue
        depth = indent_of(line)
        stripped = line.strip()
        marker = _LIST_ITEM.match(stripped)
        if depth == 0 and marker:
            rows.append([])
            stripped = stripped[marker.end() :]
            marker = _LIST_ITEM.match(stripped)
        if not rows:
            continue
        if marker:
            rows[-1].append([stripped[marker.end() :]])
        elif rows[-1]:
            rows[-1][-1].append(stripped)
    return [tuple(" ".join(part for part in cell if part) for cell in row) for row in rows]
