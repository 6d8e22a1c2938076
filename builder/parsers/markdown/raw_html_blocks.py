"""Python-Markdown's raw HTML: a block-level element runs to its closing tag, blank lines and all.

CommonMark ends an HTML block at the first blank line, so a line indented by four spaces after
one inside a ``<div>`` reads as an indented code block. Python-Markdown (MkDocs' renderer)
keeps the whole element raw up to its closing tag: uvicorn's and Starlette's sponsorship pages
nest ``<div>`` cards a level deeper each, with a blank line between them, and the cards after
the first blank line were kept as code, their tags and styles as the section's text. In an
MkDocs project's pages, a blank line inside a closed block-level element that opens a line (at
most three spaces in, outside code fences, not marked ``markdown``, which md_in_html reads as
Markdown) is filled with an empty HTML comment when the next line is indented as code, so the
element stays one HTML block; no line is added or removed.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import lines_outside_fences

# Python-Markdown's block_level_elements: a line opening with one of these starts raw HTML.
# Not pre, script, style and textarea, which CommonMark too reads to their closing tag.
_BLOCK_TAGS = (
    "address|article|aside|blockquote|body|canvas|center|colgroup|dd|details|div|dl|dt|"
    "fieldset|figcaption|figure|footer|form|group|h[1-6]|header|hgroup|hr|html|iframe|legend|"
    "li|main|map|math|menu|nav|noscript|object|ol|option|output|p|progress|section|summary|"
    "table|tbody|td|tfoot|th|thead|tr|ul|video"
)
_OPENING = re.compile(rf" {{0,3}}<({_BLOCK_TAGS})(?=[\s/>])([^<>]*)>", re.IGNORECASE)
_MARKDOWN_ATTRIBUTE = re.compile(r"\smarkdown(?=[\s=/>]|$)")
# What fills a blank line: a comment reads as nothing, and keeps the HTML block going.
_FILLER = "<!-- -->"
# An element is looked for its closing tag this many lines at most.
_MAX_ELEMENT_LINES = 400


def has_spaced_html(text: str) -> bool:
    """The quick test: a page needs a tag opening a line and a line indented as code."""
    return "\n    " in text and re.search(r"^ {0,3}<[A-Za-z]", text, re.MULTILINE) is not None


def join_html_blocks(text: str) -> str:
    """``text`` with the blank lines inside its raw block-level elements that CommonMark would
    end the element at, before code, filled."""
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    changed = False
    number = 0
    while number < len(lines):
        opening = _OPENING.match(lines[number]) if number in prose else None
        if opening is None or opening.group(2).rstrip().endswith("/"):
            number += 1
            continue
        end = _closing_line(lines, number, opening.group(1))
        if end is None or any(_MARKDOWN_ATTRIBUTE.search(line) for line in lines[number:end]):
            number += 1
            continue
        for blank in range(number + 1, end):
            if blank not in prose or lines[blank].strip():
                continue
            if blank + 1 in prose and lines[blank + 1].startswith("    "):
                lines[blank] = _FILLER
                changed = True
        number = end + 1
    return "\n".join(lines) if changed else text


def _closing_line(lines: list[str], start: int, name: str) -> int | None:
    """The number of the line closing the element named ``name`` opened on line ``start``
    (nested elements of that name counted), or None when it is not closed."""
    tag = re.compile(rf"<(/?){re.escape(name)}(?=[\s/>])[^<>]*?(/?)>", re.IGNORECASE)
    depth = 0
    for number in range(start, min(len(lines), start + _MAX_ELEMENT_LINES)):
        if "<" not in lines[number]:
            continue
        for found in tag.finditer(lines[number]):
            if found.group(1):
                depth -= 1
            elif not found.group(2):
                depth += 1
            if depth == 0:
                return number
    return None
