"""What closes a Markdown text's last block when the text leaves it open.

An unclosed HTML comment, ``<pre>``/``<script>``/``<style>``/``<textarea>``, code fence or MyST
colon fence (``:::{note}``) runs to the end of the document. A notebook's cells are rendered
one by one (Jupyter, nbconvert, myst-nb), so there it runs to the end of its cell; the one page
docbuild makes of the cells needs the closing line written after the cell, or the block would
hide every cell below it.
The text is read with the page's own parser: a fence left open inside a MyST directive, an
admonition container or a ``$$`` block ends with that block, and needs no closing line.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.block_rules import block_tokens

# CommonMark's HTML blocks that end at a closing sequence rather than at a blank line, each
# with that sequence.
_RAW_TAG = re.compile(r" {0,3}<(script|pre|style|textarea)(?=[\s>]|$)", re.IGNORECASE)
_ENDS = (("<!--", "-->"), ("<?", "?>"), ("<![CDATA[", "]]>"))
_DECLARATION = re.compile(r" {0,3}<![A-Za-z]")


def closing_line(text: str) -> str:
    """The line that closes the block ``text`` leaves open at its end, or ``""``."""
    if not any(mark in text for mark in ("<", "```", "~~~", ":::")):
        return ""  # nothing that could be left open: skip the parse
    blocks = [token for token in block_tokens(text) if token.level == 0 and token.nesting >= 0]
    if not blocks:
        return ""
    last = blocks[-1]
    if last.type == "html_block":
        return _html_closer(last.content)
    if (
        last.type in ("fence", "colon_fence")
        and last.map
        and _fence_open(last.markup, text, last.map)
    ):
        return last.markup
    return ""


def _html_closer(content: str) -> str:
    start = content.lstrip(" ")
    for opener, closer in _ENDS:
        if start.startswith(opener):
            return closer if closer not in content[content.index(opener) + len(opener) :] else ""
    if tag := _RAW_TAG.match(content):
        closer = f"</{tag.group(1).lower()}>"
        return closer if closer not in content.lower() else ""
    if _DECLARATION.match(content):
        return ">" if ">" not in content else ""
    return ""


def _fence_open(markup: str, text: str, span: list[int]) -> bool:
    lines = text.split("\n")
    if span[1] < len(lines) and any(line.strip() for line in lines[span[1] :]):
        return False  # text follows the fence, so it was closed
    last = lines[span[1] - 1] if span[1] - 1 > span[0] else ""
    fence = last.lstrip(" ").rstrip()
    # A closing fence is indented three spaces at most; one indented more is the code's.
    indented = len(last) - len(last.lstrip(" ")) > 3
    return indented or not (fence.startswith(markup) and not fence.strip(markup[0]))
