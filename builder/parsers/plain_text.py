"""Parse a plain-text file into sections of bounded size headed by the file's title.

Plain text has no headings, so the file title stands in for all of them: the first line when it
is short and followed by a blank line (a README title), else the file stem. Paragraphs are kept
whole and grouped into sections of about ``TARGET_CHARS`` characters; only a paragraph longer
than that on its own is split, at line boundaries, and a single enormous line at a space near
the limit. Later sections are headed "Title (part 2)", "Title (part 3)"... with anchors
"title-2", "title-3"... so each stays addressable.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from builder.model import ParsedFile, Section
from schemas.anchors import slugify

TARGET_CHARS = 1500
# A first line longer than this reads as a sentence, not a title.
MAX_TITLE_CHARS = 80

# A paragraph: one or more consecutive lines that hold something other than whitespace.
_PARAGRAPH = re.compile(r"(?:^[^\S\n]*\S[^\n]*(?:\n|\Z))+", re.MULTILINE)
_TRAILING_SPACE = re.compile(r"[^\S\n]+$", re.MULTILINE)


@dataclass(frozen=True)
class Chunk:
    """Text that goes into a section whole, with its inclusive 1-based source lines."""

    text: str
    line_start: int
    line_end: int


def parse(text: str, relpath: str) -> ParsedFile:
    """Split ``text`` into title-headed sections of whole paragraphs."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = list(find_paragraphs(text))
    title = PurePosixPath(relpath).stem or relpath
    title_line: int | None = None
    if len(paragraphs) > 1 and _is_title(paragraphs[0]):
        # The title line heads the first section instead of repeating inside its body.
        title, title_line = paragraphs[0].text.strip(), paragraphs[0].line_start
        paragraphs = paragraphs[1:]
    slug = slugify(title)
    sections: list[Section] = []
    for number, group in enumerate(group_chunks(paragraphs, TARGET_CHARS), start=1):
        first = number == 1
        sections.append(
            Section(
                heading=title if first else f"{title} (part {number})",
                heading_path=(),
                body="\n\n".join(chunk.text for chunk in group),
                source=relpath,
                line_start=title_line if first and title_line else group[0].line_start,
                line_end=group[-1].line_end,
                anchor=slug if first else f"{slug}-{number}",
                level=1,
            )
        )
    return ParsedFile(relpath=relpath, title=title, sections=tuple(sections))


def find_paragraphs(text: str) -> Iterator[Chunk]:
    """Yield the blank-line separated paragraphs of ``text`` with their line ranges."""
    line, position = 1, 0
    for match in _PARAGRAPH.finditer(text):
        # Counting only the gap since the last match keeps line numbering linear in the file size.
        line += text.count("\n", position, match.start())
        body = _TRAILING_SPACE.sub("", match.group().rstrip("\n"))
        yield Chunk(body, line, line + body.count("\n"))
        line += match.group().count("\n")
        position = match.end()


def group_chunks(paragraphs: Sequence[Chunk], limit: int) -> Iterator[list[Chunk]]:
    """Pack whole paragraphs into groups of at most ``limit`` characters (joined by blank lines).

    A paragraph that alone exceeds the limit is cut into pieces that each form their own group.
    """
    group: list[Chunk] = []
    size = 0
    for paragraph in paragraphs:
        for piece in split_chunk(paragraph, limit):
            if group and size + 2 + len(piece.text) > limit:
                yield group
                group, size = [], 0
            size += (2 if group else 0) + len(piece.text)
            group.append(piece)
    if group:
        yield group


def split_chunk(chunk: Chunk, limit: int) -> Iterator[Chunk]:
    """Cut an oversized paragraph at line boundaries, and an oversized line near ``limit``."""
    if len(chunk.text) <= limit:
        yield chunk
        return
    lines: list[str] = []
    size = 0
    start = chunk.line_start
    for offset, line in enumerate(chunk.text.split("\n")):
        number = chunk.line_start + offset
        if lines and size + 1 + len(line) > limit:
            yield Chunk("\n".join(lines), start, number - 1)
            lines, size = [], 0
        if len(line) > limit:
            yield from (Chunk(piece, number, number) for piece in split_line(line, limit))
            start = number + 1
            continue
        if not lines:
            start = number
        size += (1 if lines else 0) + len(line)
        lines.append(line)
    if lines:
        yield Chunk("\n".join(lines), start, chunk.line_end)


def split_line(line: str, limit: int) -> Iterator[str]:
    """Cut a long line into pieces of at most ``limit`` characters, at a space when one is near."""
    # Walking offsets instead of re-slicing the remainder keeps a 10 MB line linear.
    start, end = 0, len(line)
    while end - start > limit:
        cut = line.rfind(" ", start + limit // 2, start + limit + 1)
        if cut <= start:
            cut = start + limit
        piece = line[start:cut].strip()
        if piece:
            yield piece
        start = cut
    piece = line[start:].strip()
    if piece:
        yield piece


def _is_title(paragraph: Chunk) -> bool:
    return paragraph.line_start == paragraph.line_end and len(paragraph.text.strip()) <= (
        MAX_TITLE_CHARS
    )
