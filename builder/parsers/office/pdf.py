"""Read a PDF's text page by page with pypdf, and find its headings.

A section's ``lines`` are page numbers, and its ``source`` says so: ``manual.pdf#page``, the
way a PDF viewer opens a page (``manual.pdf#page=12``). Headings come from the PDF's outline
(its bookmarks) when it has one, else from font cues (:mod:`builder.parsers.office.pdf_fonts`),
else each page is a section of its own. pypdf rather than pdfminer.six: on the two manuals
measured (README, "PDF and Office files") it read the same text two to three times faster.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from builder.errors import UnreadableDocument
from builder.model import ParsedFile
from builder.parsers.office.outline import Block, blocks_to_file
from builder.parsers.office.pdf_fonts import FontLine, font_headings, squeeze
from builder.permalinks import PAGE_SOURCE_SUFFIX

MAX_PDF_PAGES = 5000
# Fewer letters and digits than this per page on average: the pages are images of text.
MIN_TEXT_CHARS_PER_PAGE = 8
NO_TEXT_LAYER = "no text layer (needs OCR)"
ENCRYPTED = "encrypted PDF (needs a password); publish an unencrypted copy"
# Outline entries nested deeper than this are read as this level.
MAX_OUTLINE_LEVEL = 6
_SPACE = re.compile(r"\s+")
_DIGITS = re.compile(r"\d+")
# A running header or footer: within this many lines of a page's top or bottom, the same text
# but for its page number on this many pages at least (chapters often have their own, and
# their first page starts with the heading that the header repeats, without a number), or the
# same text without a number on at least this share of the pages.
RUNNING_LINE_DEPTH = 2
RUNNING_LINE_PAGES = 3
RUNNING_LINE_SHARE = 0.5


@dataclass(frozen=True)
class OutlineEntry:
    """A bookmark: its title, its depth (1 = top) and the 0-based page it points to."""

    title: str
    level: int
    page: int


@dataclass(frozen=True)
class PdfPage:
    """One page's text lines (as pypdf lays them out) and its lines with their font."""

    lines: tuple[str, ...]
    fonts: tuple[FontLine, ...]


def read_pdf(relpath: str, data: bytes) -> ParsedFile:
    """Parse a PDF into sections; raise UnreadableDocument with the reason it is skipped."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not _opens_without_password(reader):
            raise UnreadableDocument(ENCRYPTED)
        if len(reader.pages) > MAX_PDF_PAGES:
            raise UnreadableDocument(
                f"{len(reader.pages)} pages, over the limit of {MAX_PDF_PAGES}; split the PDF"
            )
        pages = drop_running_lines([_read_page(page) for page in reader.pages])
        outline = list(_outline_entries(reader, reader.outline, 1))
        title = _title(reader, relpath)
    except PyPdfError as exc:
        raise UnreadableDocument(f"not a readable PDF ({exc})") from exc
    letters = sum(sum(char.isalnum() for line in page.lines for char in line) for page in pages)
    if letters < MIN_TEXT_CHARS_PER_PAGE * max(1, len(pages)):
        raise UnreadableDocument(NO_TEXT_LAYER)
    blocks = outline_blocks(pages, outline) if outline else font_blocks(pages) or page_blocks(pages)
    return blocks_to_file(relpath, relpath + PAGE_SOURCE_SUFFIX, title, blocks)


def drop_running_lines(pages: Sequence[PdfPage]) -> list[PdfPage]:
    """The pages without their running headers and footers, which would otherwise repeat in
    every section's body."""

    def edges(page: PdfPage) -> list[int]:
        filled = [n for n, line in enumerate(page.lines) if line.strip()]
        return sorted(set(filled[:RUNNING_LINE_DEPTH] + filled[-RUNNING_LINE_DEPTH:]))

    def key(line: str) -> str:
        squeezed = squeeze(line)
        numbered = _DIGITS.sub("\x00", squeezed)
        return numbered if numbered != squeezed else squeezed

    seen: dict[str, int] = {}
    for page in pages:
        for found in {key(page.lines[n]) for n in edges(page)}:
            seen[found] = seen.get(found, 0) + 1
    running = {
        found
        for found, count in seen.items()
        if count
        >= max(RUNNING_LINE_PAGES, 0 if "\x00" in found else len(pages) * RUNNING_LINE_SHARE)
        and any(c.isalpha() for c in found)
    }
    if not running:
        return list(pages)
    kept: list[PdfPage] = []
    for page in pages:
        dropped = {n for n in edges(page) if key(page.lines[n]) in running}
        lines = tuple(line for n, line in enumerate(page.lines) if n not in dropped)
        kept.append(PdfPage(lines, page.fonts))
    return kept


def _opens_without_password(reader: Any) -> bool:
    """Many PDFs are encrypted only to set permissions, with an empty password: those read."""
    try:
        return bool(reader.decrypt(""))
    except Exception:  # a cipher pypdf cannot run (AES without the cryptography package)
        return False


def _read_page(page: Any) -> PdfPage:
    runs: list[tuple[str, float, float, bool]] = []

    def visit(text: str, cm: Sequence[float], tm: Sequence[float], font: Any, size: float) -> None:
        if text.strip():
            name = str(font.get("/BaseFont", "")) if font else ""
            scale = abs(tm[3] * cm[3]) or 1.0
            runs.append((text, round(tm[5] * cm[3] + cm[5], 1), size * scale, "Bold" in name))

    text = page.extract_text(visitor_text=visit) or ""
    lines = tuple(line.rstrip() for line in text.replace("\r", "\n").split("\n"))
    return PdfPage(lines, tuple(_font_lines(runs)))


def _font_lines(runs: Sequence[tuple[str, float, float, bool]]) -> Iterator[FontLine]:
    """Join the runs drawn on one baseline into a line with its largest size."""
    current: list[tuple[str, float, float, bool]] = []
    for run in runs:
        if current and abs(run[1] - current[-1][1]) > 1:
            yield _font_line(current)
            current = []
        current.append(run)
    if current:
        yield _font_line(current)


def _font_line(runs: Sequence[tuple[str, float, float, bool]]) -> FontLine:
    return FontLine(
        text="".join(text for text, _, _, _ in runs),
        size=max(size for _, _, size, _ in runs),
        bold=all(bold for text, _, _, bold in runs if any(c.isalnum() for c in text)),
    )


def _outline_entries(reader: Any, items: Sequence[Any], level: int) -> Iterator[OutlineEntry]:
    for item in items:
        if isinstance(item, list):
            yield from _outline_entries(reader, item, min(level + 1, MAX_OUTLINE_LEVEL))
            continue
        page = reader.get_destination_page_number(item)
        title = _SPACE.sub(" ", str(item.title or "")).strip()
        if title and page is not None and page >= 0:
            yield OutlineEntry(title, level, page)


def _title(reader: Any, relpath: str) -> str:
    metadata = reader.metadata
    title = _SPACE.sub(" ", str(metadata.title or "")).strip() if metadata else ""
    return title or PurePosixPath(relpath).stem


def outline_blocks(pages: Sequence[PdfPage], outline: Sequence[OutlineEntry]) -> list[Block]:
    """Pages cut at each bookmark: at the line that starts with its title, else at the top of
    the page it points to."""
    cuts: dict[int, list[tuple[int, bool, OutlineEntry]]] = {}
    searched_to: dict[int, int] = {}
    for entry in sorted(outline, key=lambda e: e.page):
        if entry.page >= len(pages):
            continue
        lines = pages[entry.page].lines
        start = searched_to.get(entry.page, 0)
        wanted = squeeze(entry.title)
        found = next(
            (n for n in range(start, len(lines)) if squeeze(lines[n]).startswith(wanted)),
            None,
        )
        position = found if found is not None else start
        searched_to[entry.page] = position + 1 if found is not None else start
        cuts.setdefault(entry.page, []).append((position, found is not None, entry))
    blocks: list[Block] = []
    for number, page in enumerate(pages):
        page_cuts = sorted(cuts.get(number, []), key=lambda cut: cut[0])
        position = 0
        for line, found, entry in page_cuts:
            blocks.append(Block("\n".join(page.lines[position:line]), number + 1))
            blocks.append(Block(entry.title, number + 1, entry.level))
            # The heading's own line is not repeated in the body.
            position = line + 1 if found else line
        blocks.append(Block("\n".join(page.lines[position:]), number + 1))
    return blocks


def font_blocks(pages: Sequence[PdfPage]) -> list[Block]:
    """Pages cut at lines set larger (or bold) than the body text; empty when none stand out."""
    levels = font_headings([page.fonts for page in pages])
    if not any(levels):
        return []
    blocks: list[Block] = []
    for number, page in enumerate(pages):
        body: list[str] = []
        headings = dict(levels[number])
        for line in page.lines:
            # Each heading once per page: a running header repeating it stays text.
            level = headings.pop(squeeze(line), 0)
            text = _SPACE.sub(" ", line).strip()
            if level and not "".join(body).strip() and blocks and blocks[-1].level == level:
                # A heading set over two lines: one heading, not two.
                blocks[-1] = Block(f"{blocks[-1].text} {text}", blocks[-1].unit, level)
            elif level:
                blocks.append(Block("\n".join(body), number + 1))
                blocks.append(Block(text, number + 1, level))
                body = []
            else:
                body.append(line)
        blocks.append(Block("\n".join(body), number + 1))
    return blocks


def page_blocks(pages: Sequence[PdfPage]) -> list[Block]:
    """One section per page, headed "Page N"."""
    blocks: list[Block] = []
    for number, page in enumerate(pages, start=1):
        text = "\n".join(page.lines).strip()
        if text:
            blocks.append(Block(f"Page {number}", number, 1))
            blocks.append(Block(text, number))
    return blocks
