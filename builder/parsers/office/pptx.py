"""Read a PowerPoint deck (.pptx) with python-pptx: one section per slide, headed by the slide's
title ("Slide N" when it has none); ``lines`` are slide numbers. Speaker notes follow the
slide's text, tables become "cell | cell" rows."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import Any

from builder.model import ParsedFile
from builder.parsers.office.outline import Block, blocks_to_file, table_text


def read_pptx(relpath: str, data: bytes) -> ParsedFile:
    """Parse a .pptx (already checked by zip_guard) into one section per slide."""
    import pptx

    deck = pptx.Presentation(io.BytesIO(data))
    title = (deck.core_properties.title or "").strip() or PurePosixPath(relpath).stem
    return blocks_to_file(relpath, relpath, title, _blocks(deck))


def _blocks(deck: Any) -> Iterator[Block]:
    for number, slide in enumerate(deck.slides, start=1):
        title_shape = slide.shapes.title
        title = " ".join(title_shape.text_frame.text.split()) if title_shape is not None else ""
        title_id = title_shape.shape_id if title_shape is not None else None
        yield Block(title or f"Slide {number}", number, 1)
        for shape in slide.shapes:
            # Each access makes new shape objects: the title is known by its id.
            if shape.shape_id == title_id:
                continue
            text = _shape_text(shape)
            if text:
                yield Block(text, number)
        if slide.has_notes_slide:
            notes = slide.notes_slide.notes_text_frame
            if notes is not None and notes.text.strip():
                yield Block(f"Notes: {notes.text.strip()}", number)


def _shape_text(shape: Any) -> str:
    if getattr(shape, "has_table", False) and shape.has_table:
        rows = ([cell.text for cell in row.cells] for row in shape.table.rows)
        return table_text(rows)
    if getattr(shape, "shapes", None) is not None:  # a group: its shapes in order
        return "\n\n".join(text for inner in shape.shapes if (text := _shape_text(inner)))
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        return str(shape.text_frame.text).strip()
    return ""
