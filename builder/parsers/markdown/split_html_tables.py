"""An HTML table whose cells hold Markdown, read whole: its rows, each cell's text in its place.

API Documenter (7.22 on) writes each table of a TypeScript API's parameters, properties and
methods as HTML whose cells are Markdown between blank lines (``<tr><td>``, a blank line,
``params``, a blank line, ``</td><td>``...), so that GitHub renders the Markdown in them.
CommonMark ends an HTML block at a blank line: the table came apart into its tags and a
paragraph per cell, which read as a column of words ("Parameter", "Type", "Description",
"params", ...) with no row to tell which type a parameter has. The blocks from the table's
opening to its closing tag are joined again, each cell's Markdown as the text it reads as, and
read as the one table they are.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from markdown_it.token import Token

_OPENING = re.compile(r"<table(?=[\s>])", re.IGNORECASE)
_CLOSING = re.compile(r"</table\s*>", re.IGNORECASE)
# The text of the blocks from a first index to the one after the last.
TextOf = Callable[[int, int], str]
# Top-level blocks looked through for the closing tag: a table's cells are a few blocks each.
MAX_TABLE_BLOCKS = 2000


def _depth(html: str) -> int:
    return len(_OPENING.findall(html)) - len(_CLOSING.findall(html))


def open_table_end(tokens: Sequence[Token], closers: Sequence[int], index: int) -> int | None:
    """The index of the top-level HTML block that closes the table the HTML block at
    ``index`` opens and leaves open; None when it closes its tables, or no block below (before
    a heading, which no such table holds) closes this one."""
    depth = _depth(tokens[index].content)
    if depth <= 0:
        return None
    position = closers[index] + 1
    while position < len(tokens) and position - index <= MAX_TABLE_BLOCKS:
        token = tokens[position]
        if token.type == "heading_open":
            return None
        if token.type == "html_block":
            depth += _depth(token.content)
            if depth <= 0:
                return position
        position = closers[position] + 1
    return None


def table_html(
    tokens: Sequence[Token], closers: Sequence[int], start: int, end: int, text_of: TextOf
) -> str:
    """The HTML of the blocks from ``start`` to ``end`` (both included): the tags as written,
    each block of Markdown between them as the text ``text_of(first, after)`` reads it."""
    parts: list[str] = []
    position = start
    while position <= end:
        after = closers[position] + 1
        token = tokens[position]
        parts.append(
            token.content if token.type == "html_block" else html.escape(text_of(position, after))
        )
        position = after
    return "\n".join(parts)
