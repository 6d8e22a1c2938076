"""Read reStructuredText tables (grid, simple, csv-table, list-table) into rows of cell text.

Every table becomes "cell | cell" rows; cells keep their inline markup for the caller to render.
A grid table's cell that spans columns or rows is read whole and joins the row it starts in, the
rows below it spans holding an empty cell in its place, and the columns past its first an empty
cell each, so that the cells right of it keep their columns; in simple tables a cell spanning
columns lands in the first column it covers. A cell's line block or bullet list reads as its
items joined by "; ", so that no item's marker looks like a column.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from builder.parsers.rst.events import dedent, indent_of
from builder.parsers.wide_breaks import breaks_without_space, join_lines

# A column may be of no width ("++"): numba 0.67.0's table of supported versions starts
# "+----------++---...", which docutils reads as a column every row's first cell spans.
_GRID_BORDER = re.compile(r"\+(?:[-=]*\+)+")
_SIMPLE_BORDER = re.compile(r"=+(?: +=+)*")
_SIMPLE_RULE = re.compile(r"[-= ]+")
_LIST_ITEM = re.compile(r"[-*+] +|[-*+]$")
# A cell's line that starts an item: a line of a line block ("| text") or of a bullet list.
_CELL_ITEM = re.compile(r"\|(?: +|$)|[-*+] +")

Row = tuple[str, ...]
# docutils lines up table columns by display width: a wide or full-width character (CJK, most
# emoji) takes two columns, so it is padded with this before cutting and the pad taken out after.
_WIDE_PAD = "\0"


def is_grid_border(line: str) -> bool:
    return bool(_GRID_BORDER.fullmatch(line)) and ("-" in line or "=" in line)


def is_simple_border(line: str) -> bool:
    return bool(_SIMPLE_BORDER.fullmatch(line))


@dataclass(frozen=True)
class GridCells:
    """A grid table's cells as written: per row (from its top border line, counted from the
    table's first line), each cell's lines, dedented; ``header_rows`` rows are its header."""

    rows: tuple[tuple[int, tuple[tuple[str, ...], ...]], ...]
    header_rows: int


def read_grid_table(lines: list[str], start: int) -> tuple[list[Row], int]:
    """Rows of the grid table whose top border is ``lines[start]``, and the index after it.

    Cells are found as docutils finds them, by walking each cell's border from its top left
    corner, so a cell spanning columns or rows is read whole: it joins the row it starts in. A
    table whose borders do not close is read column by column instead."""
    cells, end = read_grid_cells(lines, start)
    if cells is None:
        return _grid_rows_by_column(_grid(lines, start)[0]), end
    return grid_rows(cells), end


def grid_rows(cells: GridCells) -> list[Row]:
    """A grid table's rows (:func:`read_grid_cells`), each cell's lines as one line of text."""
    return [tuple(cell_text(cell) for cell in row) for _, row in cells.rows]


def cell_text(lines: Iterable[str]) -> str:
    """A cell's lines as one line of text; the items of a line block or bullet list in it are
    joined by "; ", their markers dropped. Joined as written, coverage 7.6.1's table of path
    patterns, whose cells list files as line blocks, read "`a*.py` | | anything.py |
    sub1/sub2/another.py | | cat.py": each "|" a column that is not there."""
    text = ""
    after_item = False  # the last piece was an item, so a next item is set off from it
    for line in lines:
        piece = line.strip()
        item = _CELL_ITEM.match(piece)
        if item:
            piece = piece[item.end() :].strip()
        if not piece:
            continue
        if text:
            # A line wrapped between two wide characters is no space (parsers.wide_breaks).
            joint = "" if breaks_without_space(text, piece) else " "
            text += ("; " if item and after_item else joint) + piece
        else:
            text = piece
        after_item = after_item or bool(item)
    return text


def read_grid_cells(lines: list[str], start: int) -> tuple[GridCells | None, int]:
    """The cells of the grid table starting at ``lines[start]`` with their lines (None when
    its borders do not close), and the index after it."""
    grid, end = _grid(lines, start)
    cells = _grid_cells(grid)
    if cells is None:
        return None, end
    header_end = next((y for y in range(1, end - start) if lines[start + y].startswith("+=")), 0)
    tops = sorted({top for top, *_ in cells})
    columns = sorted({left for _top, left, *_ in cells})
    rows: dict[int, list[tuple[int, tuple[str, ...]]]] = {top: [] for top in tops}
    for top, left, bottom, right, text in cells:
        # The columns past the first that a cell spans hold an empty cell: python-can's
        # comparison table read "Name | Availability | Applicability | Implementation" over
        # "... | Within Process | Between Processes | ...", "Implementation" over the second.
        spanned = [(column, ()) for column in columns if left < column < right]
        rows[top].extend([(left, tuple(dedent(list(text)))), *spanned])
        # The rows below that a cell spans hold it as an empty cell, so that their cells keep
        # their columns: loguru's time tokens read "Year | YYYY | 2000..." then "YY | 00...",
        # the token under "Year" and its output under "Token".
        # Only the rows between its top and bottom, found by bisection: looking at every row
        # for every cell was quadratic in a long table.
        below = [(left, ()), *spanned]
        for row in tops[bisect_right(tops, top) : bisect_left(tops, bottom)]:
            rows[row].extend(below)
    found = tuple((top, _without_trailing_spans(row)) for top, row in rows.items())
    return GridCells(found, sum(1 for top, _ in found if top < header_end)), end


def _without_trailing_spans(
    row: list[tuple[int, tuple[str, ...]]],
) -> tuple[tuple[str, ...], ...]:
    """A row's cells left to right, less the empty ones of cells above that end it."""
    texts = [text for _left, text in sorted(row)]
    while texts and texts[-1] == ():
        texts.pop()
    return tuple(texts)


def _grid(lines: list[str], start: int) -> tuple[list[str], int]:
    """The grid table's lines from ``lines[start]``, padded to one width, and its end."""
    end = start + 1
    while end < len(lines) and lines[end][:1] in ("+", "|"):
        end += 1
    # The header's ``=`` border is a border like any other, and wide characters take two columns.
    grid = [
        _pad_wide(line.replace("=", "-") if is_grid_border(line) else line)
        for line in lines[start:end]
    ]
    width = max(len(line) for line in grid)
    return [line.ljust(width) for line in grid], end


def _grid_cells(grid: list[str]) -> list[tuple[int, int, int, int, tuple[str, ...]]] | None:
    """(top, left, bottom, right, lines) of every cell of ``grid``, or None when its cells do not
    tile it."""
    bottom, right = len(grid) - 1, grid[0].rstrip().rfind("+")
    # Per column, the last line the cells found so far cover: a corner above it is inside one.
    covered = [0] * right
    corners = [(0, 0)]
    cells = []
    while corners:
        top, left = corners.pop(0)
        if top >= bottom or left >= right or top < covered[left]:
            continue
        found = _cell_corner(grid, top, left)
        if found is None:
            continue  # not a cell's corner: a border meeting another cell's side
        cell_bottom, cell_right = found
        text = tuple(
            grid[y][left + 1 : cell_right].replace(_WIDE_PAD, "").rstrip()
            for y in range(top + 1, cell_bottom)
        )
        cells.append((top, left, cell_bottom, cell_right, text))
        covered[left:cell_right] = [cell_bottom] * (cell_right - left)
        corners.extend([(top, cell_right), (cell_bottom, left)])
        corners.sort()
    return cells if all(line == bottom for line in covered) else None


def _cell_corner(grid: list[str], top: int, left: int) -> tuple[int, int] | None:
    """The bottom right corner of the smallest cell whose top left corner is (top, left)."""
    for right in range(left + 1, len(grid[top])):
        char = grid[top][right]
        if char != "+":
            if char != "-":
                return None
            continue
        for bottom in range(top + 1, len(grid)):
            edge = grid[bottom][right]
            if edge == "+" and _closes(grid, top, left, bottom, right):
                return bottom, right
            if edge not in "+|":
                break
    return None


def _closes(grid: list[str], top: int, left: int, bottom: int, right: int) -> bool:
    """Whether the bottom and left edges of the cell (top, left)-(bottom, right) are drawn."""
    if grid[bottom][left] != "+" or any(c not in "-+" for c in grid[bottom][left + 1 : right]):
        return False
    return all(grid[y][left] in "+|" for y in range(top + 1, bottom))


def _grid_rows_by_column(grid: list[str]) -> list[Row]:
    """Rows of a grid table cut at the top border's ``+`` columns, lines joined until a border."""
    cuts = [i for i, char in enumerate(grid[0]) if char == "+"]
    rows: list[Row] = []
    pending: list[list[str]] = []
    for line in grid[1:]:
        if is_grid_border(line.rstrip()):
            if pending:
                rows.append(tuple(join_lines(cell) for cell in pending))
            pending = []
            continue
        cells = [
            line[a + 1 : b].replace(_WIDE_PAD, "").strip(" |") for a, b in itertools.pairwise(cuts)
        ]
        if not pending:
            pending = [[] for _ in cells]
        for column, cell in enumerate(cells):
            pending[column].append(cell.strip())
    if pending:
        rows.append(tuple(join_lines(cell) for cell in pending))
    return rows


def simple_rows(cells: GridCells) -> list[Row]:
    """A simple table's rows (:func:`read_simple_cells`): a row's lines joined column by column,
    a line whose first column is blank continuing the row above it."""
    return [tuple(join_lines(cell) for cell in row) for _, row in cells.rows]


def read_simple_cells(lines: list[str], start: int) -> tuple[GridCells, int]:
    """The cells of the simple table whose top border is ``lines[start]`` with their lines, as
    :func:`read_grid_cells` gives a grid table's: a row is a line whose first column has text
    and the lines after it whose first column is blank, blank lines among them; and the index
    after the table."""
    border = lines[start]
    starts = [m.start() for m in re.finditer(r"=+", border)]
    bounds = [*starts[1:], None]
    rows: list[tuple[int, list[list[str]]]] = []
    header_rows, i = 0, start + 1
    while i < len(lines):
        line = lines[i]
        if is_simple_border(line):
            i += 1
            if i >= len(lines) or not lines[i]:
                break
            header_rows = header_rows or len(rows)
            continue
        if _SIMPLE_RULE.fullmatch(line):
            i += 1
            continue
        padded = _pad_wide(line)
        parts = [
            padded[a:b].replace(_WIDE_PAD, "").rstrip() for a, b in zip(starts, bounds, strict=True)
        ]
        if padded[: starts[1] if len(starts) > 1 else None].strip() or not rows:
            rows.append((i - start - 1, [[] for _ in starts]))
        for cell, part in zip(rows[-1][1], parts, strict=True):
            cell.append(part)
        i += 1
    found = tuple(
        (top, tuple(tuple(dedent(_trimmed(cell))) for cell in cells)) for top, cells in rows
    )
    return GridCells(found, header_rows), i


def _trimmed(cell: list[str]) -> list[str]:
    """A cell's lines without the blank ones at its ends."""
    kept = list(cell)
    while kept and not kept[-1].strip():
        kept.pop()
    while kept and not kept[0].strip():
        kept.pop(0)
    return kept


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


def read_csv_table(content: list[str], header: str, delimiter: str = ",") -> list[Row]:
    """Rows of a csv-table directive: its ``:header:`` option, then its content (or the file
    its ``:file:`` names), cells split at ``delimiter``; a quoted cell may span lines."""
    source = "\n".join(([header] if header else []) + content)
    try:
        rows = csv.reader(io.StringIO(source), delimiter=delimiter, skipinitialspace=True)
        return [tuple(cell.strip() for cell in row) for row in rows if any(c.strip() for c in row)]
    except csv.Error:
        return [(line.strip(),) for line in source.split("\n") if line.strip()]


def read_list_cells(content: list[str], header_rows: int) -> GridCells:
    """The cells of a list-table with their lines, as :func:`read_grid_cells` gives a grid
    table's: a cell's lines after its first are cut at the column its text starts in, so a
    directive in it keeps its content indented under it."""
    rows: list[tuple[int, list[list[str]]]] = []
    cell_depth: int | None = None
    text_column = 0  # where the current cell's text starts
    for index, line in enumerate(content):
        depth = indent_of(line)
        stripped = line.strip()
        marker = _LIST_ITEM.match(stripped) if line else None
        if line and depth == 0 and marker:
            rows.append((index, []))
            stripped = stripped[marker.end() :]
            depth, cell_depth = marker.end(), None
            marker = _LIST_ITEM.match(stripped)
        if not rows:
            continue
        if marker and cell_depth is None:
            cell_depth = depth
        if marker and depth == cell_depth:
            text_column = depth + marker.end()
            rows[-1][1].append([stripped[marker.end() :]])
        elif rows[-1][1]:
            cut = text_column if depth >= text_column else depth
            rows[-1][1][-1].append(line[cut:] if line else "")
    found = tuple(
        (top, tuple(tuple(dedent(_trimmed(cell))) for cell in cells)) for top, cells in rows
    )
    return GridCells(found, min(header_rows, len(found)))


def read_list_table(content: list[str]) -> list[Row]:
    """Rows of a list-table directive: a bullet list of rows, each a bullet list of cells. A
    list deeper in a cell is the cell's content, not more cells."""
    cells = read_list_cells(content, 0).rows
    return [
        tuple(cell_text(line for line in cell if line.strip()) for cell in row) for _, row in cells
    ]
