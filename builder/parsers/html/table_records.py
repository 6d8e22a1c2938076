"""Read an HTML table whose cells hold code as records: a row's cells one after another.

A table reads as "cell | cell" lines, each cell's text run into one line, which fits words but
not code: markdown-callouts' docs set the Markdown to write beside what it gives, a ``<pre>`` a
cell, and the code ran into one line between fences ("Write this Markdown...: | ``` TIP:
**Writing custom titles.** Lorem ipsum... ```"). A table with a ``<pre>`` in a cell is read as
the reST parser reads a grid table with a literal block (builder.parsers.rst.table_blocks):
a block per row, each cell's blocks under its column's header when the table has one. Code
of one line reads well in a row, and leaves the table as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lxml.etree import _Element as Element

from builder.parsers.html.element_text import text_of
from builder.parsers.labelled_text import labelled_record

CELL_TAGS = frozenset({"td", "th"})


def table_records(
    rows: Sequence[Element],
    render_cell: Callable[[Element], list[str]],
    cell_label: Callable[[Element], str],
) -> str | None:
    """The table of ``rows`` as records, each cell's blocks from ``render_cell`` under its
    column's header (``cell_label`` of a first row of ``<th>`` cells); None when no cell holds
    a ``<pre>`` of more than one line (a value's one line reads well in a row)."""
    if not any(_holds_code(cell) for row in rows for cell in _cells(row)):
        return None
    labels: list[str] = []
    if rows and all(cell.tag == "th" for cell in _cells(rows[0])):
        labels = [cell_label(cell) for cell in _cells(rows[0])]
        rows = rows[1:]
    records = [[_cell_text(render_cell(cell)) for cell in _cells(row)] for row in rows]
    return "\n\n".join(filter(None, (labelled_record(labels, record) for record in records)))


def _holds_code(cell: Element) -> bool:
    return any("\n" in text_of(pre).strip("\n") for pre in cell.iter("pre"))


def _cells(row: Element) -> list[Element]:
    return [cell for cell in row if cell.tag in CELL_TAGS]


def _cell_text(blocks: list[str]) -> str:
    return "\n\n".join(block for block in blocks if block.strip()).strip()
