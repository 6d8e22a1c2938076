"""Python-Markdown's md_in_html: Markdown written inside an HTML element marked ``markdown``.

Material for MkDocs pages put an image and its caption in ``<figure markdown="span">`` and
cards in ``<div class="grid" markdown>``, often with the Markdown on the line right under the
opening tag. CommonMark reads everything up to the next blank line as raw HTML, so
``![Image title](shot.png){ width="300" }`` and ``**bold**`` were kept as written. A blank line
after such an opening tag (alone on its line, outside code fences) lets what follows be read as
Markdown, as md_in_html reads it; ``markdown="0"`` asks for raw HTML and is left alone. A
child element marked ``markdown`` on one line (``<figcaption markdown>``, ``<summary
markdown>``) has its text read as Markdown too; an unmarked one stays raw, as md_in_html keeps it.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences

# The attributes of an opening tag with a ``markdown`` attribute, bare or of any value but 0.
_MARKDOWN_ATTRIBUTES = (
    r"(?:\s[^<>]*?)?\smarkdown(?=[\s=/>])"
    r"""(?:\s*=\s*(?:"(?!0")[^"]*"|'(?!0')[^']*'|(?!0[\s/>])[^\s"'<>]+))?"""
    r"(?:\s[^<>]*)?"
)
# An opening tag alone on its line with a ``markdown`` attribute.
_OPENING = re.compile(rf"[ \t]*<[A-Za-z][\w-]*{_MARKDOWN_ATTRIBUTES}>[ \t]*")
# A whole element on one line (``<figcaption markdown>The *new* look</figcaption>``): only a
# child marked so has its text read as Markdown; md_in_html keeps an unmarked one's raw.
_ONE_LINE = re.compile(
    rf"(?P<indent>[ \t]*)<(?P<tag>[A-Za-z][\w-]*){_MARKDOWN_ATTRIBUTES}>"
    r"(?P<text>.*?\S.*?)</(?P=tag)\s*>[ \t]*"
)
# An opening tag is short; longer lines are not tried (the pattern backtracks on long ones).
_MAX_TAG_CHARS = 500


def has_markdown_elements(text: str) -> bool:
    """The quick test: a text without this word has no element marked ``markdown``."""
    return " markdown" in text


def open_markdown_elements(page: Spliced) -> Spliced:
    """``page`` with a blank line after each opening tag marked ``markdown`` that has text on
    the next line, and the text of an element marked so on one line set apart as a paragraph
    of its own (its tags dropped); the added lines count as the tag's line."""
    lines = page.text.split("\n")
    prose = lines_outside_fences(lines)
    opened = {
        number
        for number in prose
        if number + 1 < len(lines) and lines[number + 1].strip() and _is_opening(lines[number])
    }
    inline = {number: found for number in prose if (found := _one_line_element(lines[number]))}
    if not opened and not inline:
        return page
    builder = SpliceBuilder()
    for number, line in enumerate(lines):
        if number in inline:
            for part in ("", inline[number], ""):
                builder.add(part, number)
            continue
        builder.add(line, number)
        if number in opened:
            builder.add("", number)
    return builder.build(page)


def _is_opening(line: str) -> bool:
    return len(line) <= _MAX_TAG_CHARS and _OPENING.fullmatch(line) is not None


def _one_line_element(line: str) -> str:
    """The text of an element marked ``markdown`` written whole on ``line``, at the line's
    indent; "" when the line is no such element."""
    if len(line) > _MAX_TAG_CHARS or "</" not in line:
        return ""
    found = _ONE_LINE.fullmatch(line)
    return found.group("indent") + found.group("text").strip() if found else ""
