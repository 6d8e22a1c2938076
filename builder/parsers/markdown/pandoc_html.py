"""Pandoc's raw HTML on a Quarto page: a block-level tag's line is raw HTML, and the Markdown
right under it is Markdown.

CommonMark runs an HTML block that opens with ``<details>`` or ``<div>`` on to the next blank
line, so the lines under the tag were HTML too: great-tables 0.22.0's LaTeX post puts a
````` ````markdown ````` fence right under ``<details>`` and ``<summary>``, the fence's
opening was read as HTML, its closing as the opening of a fence that ran to the page's end,
and the post's last sections were code. Pandoc (``markdown_in_html_blocks``) ends the raw
HTML with the tag's line. So on a ``.qmd`` page a blank line is put after a line of block-level
tags (outside code fences) that Markdown follows at once; the added line keeps its origin.

Pandoc starts a block quote only after a blank line (``blank_before_blockquote``); CommonMark
lets a ``>`` line interrupt a paragraph. great-tables' examples page breaks a link's tag over
lines (``<a``, ``href="..."``, ``>View source ⬀</a>``): its ``>`` line was a quote and the tag
was left as text. Such a line is indented past a quote marker's reach, so it continues the
paragraph as in Pandoc.
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


# A block quote's marker, and a line a paragraph may hold (not a quote, heading, list item,
# table row, tag, div fence or blank).
_QUOTE = re.compile(r" {0,3}>")
_NOT_PARAGRAPH = re.compile(r"\s*$| {0,3}(?:[>#|<:*+-]|\d{1,9}[.)])")
# Indent past CommonMark's three columns: a paragraph's continuation, not a quote.
_CONTINUATION = "    "


def has_pandoc_block_marks(text: str) -> bool:
    """The quick test: a page with no tag or quote marker opening a line has none to read."""
    return any(mark in text for mark in ("\n<", "\n <", "\n>", "\n >")) or text[:1] in "<>"


def pandoc_block_breaks(page: Spliced) -> Spliced:
    """``page`` with a blank line after each block-level tag line that Markdown follows, and
    each quote marker right under a paragraph's line continuing the paragraph."""
    lines = page.text.split("\n")
    prose = lines_outside_fences(lines)
    builder = SpliceBuilder()
    for number, line in enumerate(lines):
        before = lines[number - 1] if number else ""
        if number in prose and _QUOTE.match(line) and not _NOT_PARAGRAPH.match(before):
            line = _CONTINUATION + line.lstrip()
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
