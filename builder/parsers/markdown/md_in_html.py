"""Python-Markdown's md_in_html: Markdown written inside an HTML element marked ``markdown``.

Material for MkDocs pages put an image and its caption in ``<figure markdown="span">`` and
cards in ``<div class="grid" markdown>``, often with the Markdown on the line right under the
opening tag. CommonMark reads everything up to the next blank line as raw HTML, so
``![Image title](shot.png){ width="300" }`` and ``**bold**`` were kept as written. A blank line
after such an opening tag (alone on its line, outside code fences) lets what follows be read as
Markdown, as md_in_html reads it; ``markdown="0"`` asks for raw HTML and is left alone.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences

# An opening tag alone on its line with a ``markdown`` attribute, bare or of any value but 0.
_OPENING = re.compile(
    r"[ \t]*<[A-Za-z][\w-]*(?:\s[^<>]*?)?\smarkdown(?=[\s=/>])"
    r"""(?:\s*=\s*(?:"(?!0")[^"]*"|'(?!0')[^']*'|(?!0[\s/>])[^\s"'<>]+))?"""
    r"(?:\s[^<>]*)?>[ \t]*"
)
# An opening tag is short; longer lines are not tried (the pattern backtracks on long ones).
_MAX_TAG_CHARS = 500


def has_markdown_elements(text: str) -> bool:
    """The quick test: a text without this word has no element marked ``markdown``."""
    return " markdown" in text


def open_markdown_elements(page: Spliced) -> Spliced:
    """``page`` with a blank line after each opening tag marked ``markdown`` that has text on
    the next line; the added lines count as the tag's line."""
    lines = page.text.split("\n")
    prose = lines_outside_fences(lines)
    opened = [
        number
        for number in sorted(prose)
        if number + 1 < len(lines) and lines[number + 1].strip() and _is_opening(lines[number])
    ]
    if not opened:
        return page
    builder = SpliceBuilder()
    for number, line in enumerate(lines):
        builder.add(line, number)
        if opened and number == opened[0]:
            builder.add("", number)
            opened.pop(0)
    return builder.build(page)


def _is_opening(line: str) -> bool:
    return len(line) <= _MAX_TAG_CHARS and _OPENING.fullmatch(line) is not None
