"""An HTML table whose cells hold Markdown, read whole: its rows, each cell's text in its place.

API Documenter (7.22 on) writes each table of a TypeScript API's parameters, properties and
methods as HTML whose cells are Markdown between blank lines (``<tr><td>``, a blank line,
``params``, a blank line, ``</td><td>``...), so that GitHub renders the Markdown in them.
CommonMark ends an HTML block at a blank line: the table came apart into its tags and a
paragraph per cell, which read as a column of words ("Parameter", "Type", "Description",
"params", ...) with no row to tell which type a parameter has. The blocks from the table's
opening to its closing tag are joined again, each cell's Markdown as the text it reads as, and
read as the one table they are.

A table whose cells hold fenced code is not joined: its rows of code (inquirer's install
commands, one package manager a cell; microbundle's two builds of one function side by side)
ran together into one line a row, each block's lines and its fence marks with them ("```sh yarn
add inquirer ``` | ```sh pnpm add inquirer ```"). Read as the blocks they are, each is code
below the row of headers above it, as GitHub shows each in its cell.
"""

from __future__ import annotations

import bisect
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


def table_ends(tokens: Sequence[Token], closers: Sequence[int]) -> dict[int, int]:
    """For each top-level HTML block that opens a table and leaves it open, the index of the
    top-level HTML block that closes it, where one below does within MAX_TABLE_BLOCKS and
    before a heading (which no such table holds), and no fenced code is between them.

    One pass, the blocks whose tables are still open on a stack: looking for each block's
    closing tag from the block on was quadratic up to the bound, 20,000 unclosed tables (a
    300 KB page) read 2,000 blocks each."""
    ends: dict[int, int] = {}
    # The blocks whose tables are open, each with the depth of tables before it; the depths
    # rise up the stack, and each is below the depth now.
    open_blocks: list[tuple[int, int]] = []
    fences: list[int] = []  # the top-level fenced code blocks so far, in order
    depth = 0
    position = 0
    while position < len(tokens):
        token = tokens[position]
        if token.type == "heading_open":
            open_blocks.clear()
        elif token.type == "fence":
            fences.append(position)
        elif token.type == "html_block":
            change = _depth(token.content)
            before, depth = depth, depth + change
            while open_blocks and open_blocks[-1][1] >= depth:
                opening, _ = open_blocks.pop()
                holds_code = bisect.bisect(fences, opening) < len(fences)
                if position - opening <= MAX_TABLE_BLOCKS and not holds_code:
                    ends[opening] = position
            if change > 0:
                open_blocks.append((position, before))
        position = closers[position] + 1
    return ends


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
