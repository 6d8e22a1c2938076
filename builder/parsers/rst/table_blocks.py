"""A table's rows as text: "cell | cell" lines (``render_rows``), or, for a grid table whose
cells hold code, records: a row's cells one after another (``render_records``).

A grid table's cell may hold any body blocks; docbuild reads a table as "cell | cell" rows,
each cell's lines joined into one, which fits words but not code. Cython 3.3.0's table of C
declarations and their Cython counterparts had a cell of '.. code-block:: c' and a literal
block each: ".. code-block:: c struct Foo { ... }; | :: cdef struct Foo: ...". A table with a
directive or a literal block in a cell is read as a record per row instead: each cell's blocks
rendered as the page's are, labelled by its column's header cell when the table has one;
when every cell reads as one line (a directive that shows a line of text), as rows still.

A table whose body cells are all descriptions of Python objects is a group of them under its
header's words, as asyncssh 2.10.1 lays out each class's methods (a one-column table headed
"File transfer methods" over a row of ``.. automethod:: get`` each): Sphinx renders each
object in its cell as it does outside a table, with its own entry, so each is a section here,
not a line of the group's record (``render_described_objects``).
"""

from __future__ import annotations

import re

from builder.parsers.labelled_text import labelled_record
from builder.parsers.rst.api_descriptions import is_api_directive
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    RenderBlocks,
    Text,
    join_events,
)
from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.tables import GridCells, Row

# A table cell of substitution references alone ("|docs| |docs_check|"): badges, in a row
# of repo_helper's index table, when each reads as nothing.
_REFERENCES_ONLY = re.compile(r"(?:\s*\|[^|]+\|_{0,2})+\s*")
# A directive, or a paragraph ending with "::" that introduces a literal block.
_BLOCK_MARKUP = re.compile(r"\.\. +[A-Za-z0-9][\w.+:-]*? ?::|.*::$")
# A directive's first line: its name.
_DIRECTIVE = re.compile(r"\.\. +([A-Za-z0-9][\w.+:-]*?) ?::")


def holds_code(cells: GridCells) -> bool:
    """Whether a cell of the table holds a directive or a literal block."""
    return any(
        _BLOCK_MARKUP.match(line)
        for _top, row in cells.rows
        for cell in row
        for line in cell
    )  # fmt: skip


def describes_objects(cells: GridCells) -> bool:
    """Whether each body cell that holds anything starts with the description of a Python
    object (``.. automethod::``, ``.. py:function::``), and one does."""
    bodies = [cell for _top, row in cells.rows[cells.header_rows :] for cell in row if cell]
    return bool(bodies) and all(
        (found := _DIRECTIVE.match(cell[0])) is not None
        and is_api_directive(found.group(1).removeprefix("py:"))
        for cell in bodies
    )


def render_described_objects(
    cells: GridCells, first: int, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    """The header's words, then each body cell's descriptions as the page renders them, each
    object a section of its own. ``first`` is the source line of the table's top border."""
    header = [
        render_inline(" ".join(line.strip() for line in cell if line))
        for _top, row in cells.rows[: cells.header_rows]
        for cell in row
    ]
    label = " ".join(text for text in header if text)
    events: list[Event] = [Text(label)] if label else []
    for top, row in cells.rows[cells.header_rows :]:
        for cell in row:
            if cell:
                events.extend(render(list(cell), first + top + 1, ctx, doc))
    return events


def render_records(
    cells: GridCells, first: int, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    """A block per body row: its cells' blocks, each under its column's header text.
    ``first`` is the source line of the table's top border."""
    header = cells.rows[cells.header_rows - 1][1] if cells.header_rows else ()
    labels = [render_inline(" ".join(line.strip() for line in cell if line)) for cell in header]
    rows = [
        [
            join_events(render(list(cell), first + top + 1, ctx.nested(sections=False), doc))
            for cell in row
        ]
        for top, row in cells.rows[cells.header_rows :]
    ]
    if all("\n" not in body for row in rows for body in row):
        # Its directives read as a line each (sphinx-autodoc2's summary tables, a docstring's
        # summary per row): a table of "cell | cell" rows still says it best.
        lines = [" | ".join(labels), *(" | ".join(row) for row in rows)] if labels else []
        lines = lines or [" | ".join(row) for row in rows]
        return [Text("\n".join(line.rstrip() for line in lines if line.strip(" |")))]
    return [Text(record) for row in rows if (record := labelled_record(labels, row))]


def render_rows(rows: list[Row]) -> str:
    """A table's rows, a line each, less those whose cells after the first held substitution
    references alone, each reading as nothing: a row of badges (repo_helper's "Docs | |docs|
    |docs_check|"). A row whose cells read as nothing otherwise (icons: tugboat's "HTTP
    template | :octicon:`x` | :octicon:`x`") keeps its first cell."""
    lines = []
    for row in rows:
        cells = [render_inline(cell) for cell in row]
        later = [c for c in row[1:] if c.strip()]
        if (
            later
            and all(_REFERENCES_ONLY.fullmatch(c) for c in later)
            and not any(c.strip() for c in cells[1:])
        ):
            continue
        lines.append(" | ".join(cells).rstrip())
    return "\n".join(lines)
