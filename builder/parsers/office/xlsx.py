"""Read a workbook (.xlsx) with openpyxl: one section per sheet, its rows as a "cell | cell"
table. ``lines`` are the sheet's row numbers; a sheet longer than MAX_SHEET_ROWS is cut, and
its section says so."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import Any

from builder.model import ParsedFile
from builder.parsers.office.outline import Block, blocks_to_file, table_text

MAX_SHEET_ROWS = 2000
MAX_SHEET_COLUMNS = 50


def read_xlsx(relpath: str, data: bytes) -> ParsedFile:
    """Parse an .xlsx (already checked by zip_guard) into one section per sheet."""
    import openpyxl

    # read_only streams rows instead of building every cell; data_only reads the values Excel
    # last computed rather than formulas.
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        title = (book.properties.title or "").strip() or PurePosixPath(relpath).stem
        return blocks_to_file(relpath, relpath, title, list(_blocks(book)))
    finally:
        book.close()


def _blocks(book: Any) -> Iterator[Block]:
    for sheet in book.worksheets:
        rows: list[list[str]] = []
        first = last = 0
        cut = False
        for number, row in enumerate(
            sheet.iter_rows(max_col=MAX_SHEET_COLUMNS, values_only=True), start=1
        ):
            cells = ["" if value is None else str(value) for value in row]
            if not any(cell.strip() for cell in cells):
                continue
            if len(rows) == MAX_SHEET_ROWS:
                cut = True
                break
            rows.append(cells)
            first, last = first or number, number
        if not rows:
            continue
        yield Block(str(sheet.title), first, 1)
        text = table_text(rows)
        if cut:
            text += f"\n\n(The first {MAX_SHEET_ROWS} rows with content; the sheet has more.)"
        yield Block(text, last)
