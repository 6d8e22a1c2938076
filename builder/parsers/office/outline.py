"""Turn a document read as a flat run of headings and text into heading-led sections.

Every office reader (PDF, DOCX, PPTX, XLSX) produces the same thing: blocks in reading order,
each a heading (with its level) or a piece of text, each tagged with the unit it sits on (a
page, a paragraph, a slide, a row). Sections run from one heading to the next; their ``lines``
are the first and last unit they cover, which is why a reader's unit is the line range.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from builder.model import ParsedFile, Section
from schemas.anchors import TITLE_ANCHOR, slugify

EMPTY_CELL = "-"


@dataclass(frozen=True)
class Block:
    """A heading (``level`` 1 and deeper) or text (``level`` 0) on unit ``unit`` (1-based)."""

    text: str
    unit: int
    level: int = 0


@dataclass
class _Open:
    heading: str
    path: tuple[str, ...]
    level: int
    first: int
    last: int
    texts: list[str]


def blocks_to_file(relpath: str, source: str, title: str, blocks: Iterable[Block]) -> ParsedFile:
    """Group ``blocks`` under their headings. ``source`` is what each section names as its
    source (a PDF says its lines are pages there); text before the first heading goes into a
    section headed ``title``."""
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []  # (level, heading) of the headings above the open one
    current = _Open(title, (), 0, 1, 1, [])
    started = False

    def close() -> None:
        body = "\n\n".join(text for text in current.texts if text.strip()).strip()
        if current.level == 0 and not body:
            return
        anchor = slugify(current.heading) if current.level else TITLE_ANCHOR
        sections.append(
            Section(
                heading=current.heading,
                heading_path=current.path,
                body=body,
                source=source,
                line_start=current.first,
                line_end=max(current.first, current.last),
                anchor=anchor or TITLE_ANCHOR,
                level=current.level,
            )
        )

    for block in blocks:
        if block.level == 0:
            if not block.text.strip():
                continue
            if not started:
                current.first, started = block.unit, True
            current.texts.append(block.text)
            current.last = block.unit
            continue
        close()
        while stack and stack[-1][0] >= block.level:
            stack.pop()
        path = tuple(heading for _, heading in stack)
        stack.append((block.level, block.text))
        current = _Open(block.text, path, block.level, block.unit, block.unit, [])
        started = True
    close()
    return ParsedFile(relpath=relpath, title=title, sections=tuple(sections))


def table_text(rows: Iterable[Iterable[str]]) -> str:
    """Rows of cell texts as the "cell | cell" lines every parser writes a table as (what a
    Markdown table's rows read as in a body, and what the site renders as a table)."""
    cleaned = [_trimmed([_cell(cell) for cell in row]) for row in rows]
    cleaned = [row for row in cleaned if row]
    if not cleaned:
        return ""
    width = max(len(row) for row in cleaned)
    # An empty cell reads "-": a row ending in an empty cell would otherwise lose its last
    # separator when the body is trimmed, and stop lining up with the other rows.
    return "\n".join(
        " | ".join(cell or EMPTY_CELL for cell in row + [""] * (width - len(row)))
        for row in cleaned
    )


def _trimmed(row: list[str]) -> list[str]:
    """The row without its trailing empty cells (a sheet read to a fixed width pads them)."""
    while row and not row[-1]:
        row.pop()
    return row


def _cell(text: str) -> str:
    # A cell is one line of a table row: its own line breaks and pipes would end it early.
    return " ".join(text.split()).replace("|", "\\|")
