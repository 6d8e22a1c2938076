"""Read a Word document (.docx) with python-docx: its heading styles head sections, its
tables become "cell | cell" rows. A section's ``lines`` count the document's blocks
(paragraphs and tables), 1-based, in reading order."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import Any

from builder.model import ParsedFile
from builder.parsers.office.outline import Block, blocks_to_file, table_text

# Word stores its built-in styles under their English names ("heading 1") whatever the language
# of its menus; a custom style based on one inherits its level.
_HEADING_STYLE = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)


def read_docx(relpath: str, data: bytes) -> ParsedFile:
    """Parse a .docx (already checked by zip_guard) into sections."""
    import docx

    document = docx.Document(io.BytesIO(data))
    title = (document.core_properties.title or "").strip() or PurePosixPath(relpath).stem
    return blocks_to_file(relpath, relpath, title, _blocks(document))


def _blocks(document: Any) -> Iterator[Block]:
    from docx.table import Table

    for number, item in enumerate(document.iter_inner_content(), start=1):
        if isinstance(item, Table):
            rows = ([cell.text for cell in row.cells] for row in item.rows)
            yield Block(table_text(rows), number)
            continue
        text = item.text.strip()
        if text:
            yield Block(text, number, heading_level(item.style))


def heading_level(style: Any) -> int:
    """The heading level a paragraph style gives (Title is 1, Heading N is N), else 0."""
    while style is not None:
        name = (style.name or "").strip()
        if name.lower() == "title":
            return 1
        match = _HEADING_STYLE.match(name)
        if match:
            return int(match.group(1))
        style = style.base_style
    return 0
