"""A page's mkdocstrings blocks as the Markdown parser's page events: a block at the top level
of the page, and the blocks inside an admonition, a tab or a list.

Material for MkDocs projects fold a reference into a collapsible admonition (starlette's
``??? abstract "API Reference"`` over ``::: starlette.applications.Starlette``): mkdocstrings
renders the block there all the same, so its object is described as any other block's is, and
what the admonition says besides stays the page's text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from markdown_it.token import Token

from builder.parsers.markdown.body_text import render_blocks
from builder.parsers.markdown.document import Document
from builder.parsers.markdown.mkdocs_flavor import mkdocstrings_docstrings
from builder.parsers.markdown.mkdocstrings import (
    PACKAGE_RELATIVE,
    TOKEN_TYPE,
    block_events,
    block_level,
    markdown_docstring,
)
from builder.parsers.markdown.myst_directives import Directives
from builder.parsers.markdown.page_events import FenceEnd, PageHeading, PageText
from builder.parsers.rst.events import Context, Heading, Text, join_events

# The tokens that hold a block's title, not what the block says.
_TITLE_TOKENS = frozenset({"admonition_title_open", "admonition_title_close"})


def mkdocstrings_events(
    doc: Document, token: Token, level: int, directives: Directives
) -> list[PageHeading | PageText]:
    """A ``::: path`` block: the object's section and its members', below ``level``, or at
    the level its heading marks give (``## ::: path``)."""
    start = token.map[0] if token.map else 0
    level = block_level(token.markup, level, token.content, directives.rst)

    def render_markup(text: str) -> str:
        with mkdocstrings_docstrings():
            events = directives.markdown_events(
                doc, markdown_docstring(text), start + 1, Context(sections=False)
            )
        return join_events(events)

    events: list[PageHeading | PageText] = []
    object_level = level + 1
    relative = bool(token.meta.get(PACKAGE_RELATIVE))
    blocks = block_events(
        token.info, token.content, start + 1, directives.rst, render_markup, relative
    )
    for event in blocks:
        if isinstance(event, Text):
            if event.text:
                events.append(PageText(event.text, start))
        elif isinstance(event, Heading) and event.below_title:
            # A docstring's "#" heading, that many levels below its object's.
            heading_level = object_level + event.below_title
            events.append(PageHeading(heading_level, event.title, event.anchor, start))
        elif isinstance(event, Heading):
            object_level = level + event.api_depth
            events.append(PageHeading(object_level, event.title, event.anchor, start, kind="api"))
        # A Resume (the end of a description) means nothing here: the block is all API.
    return events


def in_place_of_named_heading(
    events: list[PageHeading | PageText | FenceEnd], block: list[PageHeading | PageText]
) -> list[PageHeading | PageText]:
    """A mkdocstrings block's events, its object's heading in the place (and at the level) of
    a heading right above it that names the object, which leaves ``events``: mkdocstrings
    shows no heading of its own there. pydantic-ai's ``# `pydantic_ai.output``` over
    ``::: pydantic_ai.output`` read as a heading over a list of one entry, the module's
    section below it, and every member under the module's name twice."""
    above = events[-1] if events else None
    first = block[0] if block else None
    if not isinstance(above, PageHeading) or not isinstance(first, PageHeading):
        return block
    if (above.kind, first.kind, above.text) != ("text", "api", first.text):
        return block
    events.pop()
    shift = above.level - first.level
    block = [replace(first, line=above.line, claim=above.claim), *block[1:]]
    return [replace(e, level=e.level + shift) if isinstance(e, PageHeading) else e for e in block]


def nested_blocks(tokens: Sequence[Token], index: int, close: int) -> list[Token]:
    """The mkdocstrings blocks inside the block that opens at ``index`` and closes at
    ``close``."""
    return [token for token in tokens[index + 1 : close] if token.type == TOKEN_TYPE]


def nested_block_events(
    doc: Document, index: int, level: int, directives: Directives
) -> list[PageHeading | PageText | FenceEnd]:
    """The block at ``index`` (an admonition, a tab, a list) that holds mkdocstrings blocks:
    its own text, unless it says nothing but its title, then each block's object below
    ``level``, then the end of what the objects' sections hold, as a directive fence's: the
    text after the block is the page's, as it is after a collapsed admonition."""
    close = doc.closers[index]
    token = doc.tokens[index]
    blocks = nested_blocks(doc.tokens, index, close)
    events: list[PageHeading | PageText | FenceEnd] = []
    if _says_more_than_its_title(doc.tokens, index, close):
        text = "\n\n".join(render_blocks(doc, index, close + 1))
        if text:
            events.append(PageText(text, token.map[0] if token.map else 0))
    described: list[PageHeading | PageText] = []
    for block in blocks:
        described.extend(mkdocstrings_events(doc, block, level, directives))
    events.extend(described)
    headings = sum(1 for event in described if isinstance(event, PageHeading))
    if headings and token.map:
        events.append(FenceEnd(headings, token.map[1] - 1))
    return events


def _says_more_than_its_title(tokens: Sequence[Token], index: int, close: int) -> bool:
    """Whether the block holds anything but its title and mkdocstrings blocks."""
    title = False
    for token in tokens[index + 1 : close]:
        if token.type in _TITLE_TOKENS:
            title = token.nesting == 1
        elif token.type != TOKEN_TYPE and not title and token.nesting == 0:
            return True
    return False
