"""Find a PDF's headings from how its text is set, when it has no outline.

The body text's size is the one most characters are set in; a short line set clearly larger
is a heading, larger sizes being higher levels, and a short line set all in bold at body size
or above is a heading one level below the smallest such size. Pure: lines in, levels out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

# A heading is set at least this many times larger than the body text.
HEADING_SIZE_RATIO = 1.15
# A longer line is a paragraph set large (a title page's blurb), not a heading.
MAX_HEADING_CHARS = 120
# Heading sizes beyond this many are read as the deepest level.
MAX_HEADING_LEVELS = 4
# More of the text than this looks like headings: the cues mean nothing in this document.
MAX_HEADING_SHARE = 0.3
_SPACE = re.compile(r"\s+")
_LINK = re.compile(r"://|\bwww\.|@")


@dataclass(frozen=True)
class FontLine:
    """The text drawn on one baseline, its largest font size and whether it is all bold."""

    text: str
    size: float
    bold: bool


def squeeze(text: str) -> str:
    """Text without whitespace, lower case: how a heading and a page line are compared (the
    text layer puts spaces where the font runs have none, and the other way round)."""
    return _SPACE.sub("", text).lower()


def body_size(pages: Sequence[Sequence[FontLine]]) -> float:
    """The size most characters are set in, to the half point."""
    sizes: Counter[float] = Counter()
    for lines in pages:
        for line in lines:
            sizes[round(line.size * 2) / 2] += len(line.text.strip())
    return sizes.most_common(1)[0][0] if sizes else 0.0


def font_headings(pages: Sequence[Sequence[FontLine]]) -> list[dict[str, int]]:
    """Per page, the squeezed text of each heading line and its level; all empty when the
    document shows no usable cues."""
    body = body_size(pages)
    candidates = [[line for line in lines if _could_be_heading(line, body)] for lines in pages]
    total = sum(len(line.text.strip()) for lines in pages for line in lines)
    found = sum(len(line.text.strip()) for lines in candidates for line in lines)
    if not body or not found or found > total * MAX_HEADING_SHARE:
        return [{} for _ in pages]
    sizes = sorted(
        {_size_key(line.size) for lines in candidates for line in lines if _is_large(line, body)},
        reverse=True,
    )
    level_of_size = {size: min(n, MAX_HEADING_LEVELS) for n, size in enumerate(sizes, start=1)}
    bold_level = min(len(sizes) + 1, MAX_HEADING_LEVELS)
    levels: list[dict[str, int]] = []
    for lines in candidates:
        page: dict[str, int] = {}
        for line in lines:
            level = level_of_size.get(_size_key(line.size), bold_level)
            page.setdefault(squeeze(line.text), level)
        levels.append(page)
    return levels


def _size_key(size: float) -> float:
    return round(size * 2) / 2


def _is_large(line: FontLine, body: float) -> bool:
    return line.size >= body * HEADING_SIZE_RATIO


def _could_be_heading(line: FontLine, body: float) -> bool:
    text = line.text.strip()
    if not text or len(text) > MAX_HEADING_CHARS or not any(c.isalpha() for c in text):
        return False
    if _is_large(line, body):
        return True
    # Bold at body size heads a section only as a line of its own, not as a sentence or a
    # link set in bold.
    return (
        line.bold
        and line.size >= body
        and not text.endswith((".", ",", ";", ":"))
        and not _LINK.search(text)
    )
