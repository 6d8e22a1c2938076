"""Pandoc's raw HTML on a Quarto page: a block-level tag's line is raw HTML, and the Markdown
right under it is Markdown.

CommonMark runs an HTML block that opens with ``<details>`` or ``<div>`` on to the next blank
line, so the lines under the tag were HTML too: great-tables 0.22.0's LaTeX post puts a
````` ````markdown ````` fence right under ``<details>`` and ``<summary>``, the fence's
opening was read as HTML, its closing as the opening of a fence that ran to the page's end,
and the post's last sections were code. Pandoc (``markdown_in_html_blocks``) ends the raw
HTML with the tag's line. So on a ``.qmd`` page a blank line is put after a line of block-level
tags (outside code fences) that Markdown follows at once; the added line keeps its origin.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences

# CommonMark's HTML block tags of kind 6 Pandoc reads as block-level too.
_BLOCK_TAGS = (
    "address|article|aside|blockquote|center|details|dialog|div|dl|fieldset|figcaption|"
    "figure|footer|form|header|main|nav|section|summary|table"
)
# A line of such a tag (opening or closing), whatever text and tags follow it on the line.
_TAG_LINE = re.compile(rf" {{0,3}}</?(?:{_BLOCK_TAGS})(?=[\s/>])[^\n]*>[ \t]*", re.IGNORECASE)


def has_block_tags(text: str) -> bool:
    """The quick test: a page with no tag opening a line has none to end."""
    return "\n<" in text or text.startswith("<") or "\n <" in text


def end_html_at_tag_lines(page: Spliced) -> Spliced:
    """``page`` with a blank line after each block-level tag line that Markdown follows."""
    lines = page.text.split("\n")
    prose = lines_outside_fences(lines)
    builder = SpliceBuilder()
    for number, line in enumerate(lines):
        builder.add(line, number)
        after = lines[number + 1] if number + 1 < len(lines) else ""
        if (
            number in prose
            and after.strip()
            and not after.lstrip().startswith("<")
            and _TAG_LINE.fullmatch(line)
        ):
            builder.add("", number)
    return builder.build(page)
