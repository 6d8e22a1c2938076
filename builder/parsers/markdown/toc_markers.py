"""A page's tables of contents, generated or written, and its links back to the top: left out.

The table lists the page's own headings, which the sections already are, and the marker
itself would show as text: VuePress' and GitLab's ``[[toc]]``, Python-Markdown's and
Typora's ``[TOC]``, Azure DevOps' ``[[_TOC_]]``, and kramdown's list marked ``{:toc}``
(``* TOC`` then ``{:toc}``). A table another tool wrote into the page between comments
(markdown-toc's ``<!-- toc -->`` ... ``<!-- tocstop -->``, VS Code's Markdown TOC's
``<!-- TOC -->`` ... ``<!-- /TOC -->``, doctoc's ``<!-- START doctoc`` ... ``<!-- END doctoc``)
is left out with its comments, and a label above any of them ("**Table of Contents**") with
it. Each is a marker only on a line of its own at the page's top level; in a sentence or a
code block it is text.

A table written by hand is a list whose every item is one link to a place on the page and
nothing else (``- [Factory](#factory)``, nested or not); the parser leaves it out when it
starts at the heading it sits under or at the next one, as fastify's and pino's reference
pages open, and keeps a list that names places further on (pino's list of the transports
that work with v7 is the only place that says which do), or one that a sentence ending in a
colon leads into ("These methods are deprecated:", fastify's "There are Request/Reply hooks
and application hooks:"): the sentence says nothing without it. A label above it ("**Table of
contents**") goes with it. A sublist indented with tabs that markdown-it reads as the lines
of the item above it is still a list of such links. So is one written in HTML, each ``<li>``
one ``<a href="#...">`` (Mongoose's ``<ul class="toc">``), in a ``<details>`` whose
``<summary>`` is such a label or none (the Best-README-Template's). So is a paragraph of such
links with nothing but separators between them, in Markdown or HTML (superstruct's README
under its banner: "Usage • Why? • Principles • Demo • Examples • Documentation").

A heading "Table of contents" over nothing but lists of links to places on a page, under
subheadings or not, goes with them: typedoc-plugin-markdown 3 heads each class's page with
one, "### Constructors", "### Methods" and a list of links such as ``[get](Client.md#get)``
under it, which made two or three sections of names over every page.

Above the page's first heading, a trail of links to the pages above it is left out too, as is
typedoc-plugin-markdown's link to the package's index over it: its pages open with
``[**pkg**](../README.md)``, a rule, then ``[pkg](../README.md) / [module](README.md) / Agent``,
which made a section of its own over every page; version 4 adds the label of its index
(``[**pkg**](../README.md) • **Docs**``).

A link back to the top of the page or to its table of contents that stands alone is left
out too (request's ``[back to top](#table-of-contents)``, the Best-README-Template's
``<p align="right">(<a href="#readme-top">back to top</a>)</p>``, an arrow alone:
``**[[⬆]](#table-of-contents)**``): it is how a reader scrolls a long page, and it ended the
text of every section it closes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from urllib.parse import unquote

from markdown_it.token import Token

from builder.parsers.markdown.embedded_html import lone_anchor_id

_PARAGRAPH_MARKER = re.compile(r"\[\[_?toc_?\]\]|\[toc\]|\{:\s*toc\s*\}", re.IGNORECASE)
_KRAMDOWN_LIST_MARKER = re.compile(r"\{:\s*toc\s*\}", re.IGNORECASE)
# A list item that is one link to a place on the page: "[`http`](#http)"; its text may
# hold brackets two deep, as a signature does ("[new Response([body[, options]])](#...)").
_LINK_CHARACTER = r"(?:\\.|[^\\\[\]])"
_BRACKETED = rf"\[(?:{_LINK_CHARACTER}|\[{_LINK_CHARACTER}*\])*\]"
_IN_PAGE_LINK = re.compile(rf"\[(?:{_LINK_CHARACTER}|{_BRACKETED})*\]\(\s*<?#([^\s()<>]*)>?\s*\)")
# The text of such a link, arrows and brackets around it or an arrow alone ("[⬆]"), and the
# in-page link it needs.
_BACK_TO_TOP = re.compile(
    r"[\W_]*(?:(?:(?:back|go|return|jump|scroll)\s+(?:up\s+)?)?to\s+(?:the\s+)?"
    r"(?:top(?:\s+of\s+(?:the\s+)?page)?|toc|(?:table\s+of\s+)?contents)[\W_]*)?",
    re.IGNORECASE,
)
_MAX_BACK_TO_TOP = 80
_IN_PAGE_HREF = re.compile(r"\]\(\s*<?#|href\s*=\s*[\"']?#", re.IGNORECASE)
# An HTML link to a place on the page and its target. A link's text, a summary's and a
# comment's stop at the next such tag or comment, so a page of unclosed ones is read once.
_HTML_IN_PAGE_LINK = re.compile(
    r"""<a\s[^<>]*?href\s*=\s*["']?#([^"'\s<>]*)["']?[^<>]*>(?:[^<]|<(?!/?a\b))*+</a\s*>""",
    re.IGNORECASE,
)
# What an HTML table of contents holds besides its links: lists, a <details> around them,
# comments; and the <summary> that labels it.
_HTML_LIST_MARKUP = re.compile(
    r"</?(?:ul|ol|li|details|p|br|div|nav)\b[^<>]*>|<!--(?:[^-<]|-(?!->)|<(?!!--))*+-->",
    re.IGNORECASE,
)
# What may stand between the links of a bar of them ("Usage • Why? • Docs"), and nothing else.
_LINK_BAR_REST = re.compile(r"[\s•·|/,–—-]*")
_HTML_SUMMARY = re.compile(
    r"<summary\b[^<>]*>((?:[^<]|<(?!/?summary\b))*+)</summary\s*>", re.IGNORECASE
)
# A heading over a table of contents, and a link to a place on this page or another.
_TOC_HEADING = re.compile(r"(?:table of )?contents|on this page", re.IGNORECASE)
_LINK_TO_PLACE = re.compile(
    rf"\[(?:{_LINK_CHARACTER}|{_BRACKETED})*\]\(\s*<?[^\s()<>#]*#([^\s()<>]*)>?\s*\)"
)
# A trail: two or more steps joined by " / ", " > " or " › ", a link at least; a step is a
# link or a few words, a scoped package's name among them ("@pinia/nuxt"). And
# typedoc-plugin-markdown's header: its bold link to the package's index page, then (version 4)
# " • " and the label of its index of docs, "**Docs**", linked on the readme; on the index page
# itself the title is bold and unlinked. A step of words neither starts nor ends with a space
# and is read once (an atomic group): with the spaces around a separator free to fall to the step
# or to the separator, a line of many separators and no match took exponential time (ten took
# 99 s).
_STEP_CHARACTER = r"(?:[^\[\]/>›\n]|/(?=\S))"
_STEP = rf"(?:\[[^\[\]\n]+\]\([^()\s]+\)|(?>(?![ \t]){_STEP_CHARACTER}{{1,80}}(?<![ \t])))"
_TRAIL = re.compile(rf"{_STEP}(?:[ \t]+[/>›][ \t]+{_STEP})+")
_BOLD = r"\*\*[^*\[\]\n]+\*\*"
_DOCS_LABEL = rf"[ \t]+•[ \t]+(?:{_BOLD}|\[{_BOLD}\]\([^()\s]*\))"
_INDEX_LINK = re.compile(
    r"\[\*\*[^\[\]\n]+\*\*\]\([^()\s]*(?:README|index|globals|modules)\.mdx?\)"
    rf"(?:{_DOCS_LABEL})?|{_BOLD}{_DOCS_LABEL}",
    re.IGNORECASE,
)
_LIST_MARKER = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]+")
# A label above a table ("**Table of contents**", "In this document:", "Jump to:"): a sentence
# that ends in a colon keeps the list below it (builder.parsers.markdown.parser), a label not.
_TOC_LABEL = re.compile(
    r"[*_]*(?:table of contents|contents|toc|index|sections|navigation|quick links|jump to"
    r"|(?:on|in) this (?:page|document|guide|section|article|readme))[*_]*:?",
    re.IGNORECASE,
)
# A written table's opening comment, and the closing one it needs.
_TABLE_COMMENTS = tuple(
    (re.compile(opening, re.IGNORECASE), re.compile(closing, re.IGNORECASE))
    for opening, closing in (
        (r"<!--\s*toc\s*-->", r"<!--\s*(?:tocstop|/toc)\s*-->"),
        (r"<!--\s*START doctoc\b.*-->", r"<!--\s*END doctoc\b.*-->"),
    )
)


def generated_toc_end(
    tokens: Sequence[Token],
    closers: Sequence[int],
    index: int,
    references: Collection[str],
    first_heading: int,
) -> int | None:
    """When the top-level block at ``index`` is a generated table of contents or its marker,
    the index of the first top-level block after it; else None. ``closers`` gives each
    token's closing token (builder.parsers.markdown.body_text.match_closers); ``references``
    the page's link labels as markdown-it keeps them (a ``[toc]: url`` makes ``[toc]`` a
    link); ``first_heading`` the index of the page's first heading token (first_heading_at)."""
    token = tokens[index]
    if token.type == "heading_open":
        return _toc_section_end(tokens, closers, index)
    if token.type == "paragraph_open" and index < first_heading and _is_trail(tokens, index):
        return closers[index] + 1
    if token.type == "paragraph_open":
        marker = _PARAGRAPH_MARKER.fullmatch(tokens[index + 1].content.strip())
        if marker is None or (marker.group().startswith("[") and "TOC" in references):
            return None
        return closers[index] + 1
    if token.type in ("bullet_list_open", "ordered_list_open"):
        last = next(
            (t for t in reversed(tokens[index : closers[index]]) if t.type == "inline"), None
        )
        lines = last.content.rstrip().rsplit("\n", 1) if last is not None else []
        ends_marked = len(lines) == 2 and _KRAMDOWN_LIST_MARKER.fullmatch(lines[1].strip())
        return closers[index] + 1 if ends_marked else None
    if token.type == "html_block":
        closing = _table_closing(token)
        if closing is not None:
            return _after_closing(tokens, closers, index, closing)
    return None


def _toc_section_end(tokens: Sequence[Token], closers: Sequence[int], index: int) -> int | None:
    """When the heading at ``index`` is "Table of contents" over lists of links to places
    only (subheadings between them), the index of the next heading at its level or above."""
    if not _TOC_HEADING.fullmatch(tokens[index + 1].content.strip()):
        return None
    level = int(tokens[index].tag[1])
    at, lists = closers[index] + 1, 0
    while at < len(tokens) and not (
        tokens[at].type == "heading_open" and int(tokens[at].tag[1]) <= level
    ):
        if tokens[at].type != "heading_open":
            if not _is_list_of_links(tokens[at : closers[at] + 1]):
                return None
            lists += 1
        at = closers[at] + 1
    return at if lists else None


def _is_list_of_links(tokens: Sequence[Token]) -> bool:
    """Whether a list's tokens hold nothing but links to places on a page, an item each."""
    return tokens[0].type in ("bullet_list_open", "ordered_list_open") and all(
        token.type in _LIST_PARTS
        and (token.type != "inline" or bool(_in_page_links(token.content.strip(), _LINK_TO_PLACE)))
        for token in tokens
    )


def first_heading_at(tokens: Sequence[Token]) -> int:
    """The index of the first heading token of a page's tokens, their number if none. Found
    once a page: looked for again above each paragraph, a page of 20,000 paragraphs of
    typedoc's index link and no heading took 27 s."""
    return next((i for i, token in enumerate(tokens) if token.type == "heading_open"), len(tokens))


def _is_trail(tokens: Sequence[Token], index: int) -> bool:
    """Whether the paragraph at ``index`` is a trail of links or the link to the package's
    index (what is left out above the page's first heading)."""
    text = tokens[index + 1].content.strip()
    return bool(_TRAIL.fullmatch(text) and "](" in text) or bool(_INDEX_LINK.fullmatch(text))


def _table_closing(token: Token) -> re.Pattern[str] | None:
    """The closing comment a written table's opening comment ``token`` needs, or None when
    ``token`` opens none."""
    content = token.content.strip()
    return next(
        (closing for opening, closing in _TABLE_COMMENTS if opening.fullmatch(content)), None
    )


def _after_closing(
    tokens: Sequence[Token], closers: Sequence[int], index: int, closing: re.Pattern[str]
) -> int:
    """The top-level block after the comment that closes a written table opened at
    ``index``; without one, the block after the opening comment (only it is left out)."""
    at = closers[index] + 1
    while at < len(tokens):
        if tokens[at].type == "heading_open":
            break  # a table never holds a heading: the closing comment is missing
        if tokens[at].type == "html_block":
            if closing.search(tokens[at].content):
                return closers[at] + 1
            # Nor another table's opening comment: the closing one after it is that table's.
            # (Each opener's search also ends there, so a page of unclosed ones is read once.)
            if _table_closing(tokens[at]) is not None:
                break
        at = closers[at] + 1
    return closers[index] + 1


def written_toc_targets(tokens: Sequence[Token], closers: Sequence[int], index: int) -> list[str]:
    """The places a top-level list at ``index`` links to, in order, when each of its items
    (two at least) is one link to a place on the page and nothing else; else []. A paragraph
    of such links and separators alone is one too ("Usage • Why? • Docs")."""
    if tokens[index].type == "html_block":
        return _html_list_targets(tokens[index].content)
    if tokens[index].type == "paragraph_open":
        text = tokens[index + 1].content
        targets = [link.group(1) for link in _IN_PAGE_LINK.finditer(text)] if "](" in text else []
        bar = len(targets) >= 2 and _LINK_BAR_REST.fullmatch(_IN_PAGE_LINK.sub("", text))
        return targets if bar else []
    if tokens[index].type not in ("bullet_list_open", "ordered_list_open"):
        return []
    targets = []
    for token in tokens[index : closers[index]]:
        if token.type == "inline":
            links = _in_page_links(token.content.strip())
            if not links:
                return []
            targets.extend(links)
        elif token.type not in _LIST_PARTS:
            return []
    return targets if len(targets) >= 2 else []


# How many top-level blocks a table of contents may sit above the heading its first link
# names: a sentence or a note may come between them (fastify's Hooks.md, request's README).
_TOC_REACH = 16
# The ids a heading (heading_open, its inline content) or an HTML block holding one answers
# to; none for an HTML block without a heading. The parser makes them as it makes anchors.
HeadingIds = Callable[[Token, str], list[str]]


def is_written_toc(
    tokens: Sequence[Token], closers: Sequence[int], above: str, index: int, ids: HeadingIds
) -> bool:
    """Whether the top-level block at ``index`` is a table of contents written by hand: a
    list of links to places on the page, the first of them the heading above it (anchored
    ``above``) or the next one."""
    targets = written_toc_targets(tokens, closers, index)
    if not targets:
        return False
    near = {above, *_next_heading_ids(tokens, closers, closers[index] + 1, ids)}
    return unquote(targets[0]).casefold() in {anchor.casefold() for anchor in near if anchor}


def _next_heading_ids(
    tokens: Sequence[Token], closers: Sequence[int], index: int, heading_ids: HeadingIds
) -> list[str]:
    """The ids the first heading from the top-level block at ``index`` on answers to: its
    anchor and the lone ``<a id>`` anchors right above it; none when it is further than
    _TOC_REACH blocks on (a page of such lists and no heading is read in linear time)."""
    ids: list[str] = []
    for _ in range(_TOC_REACH):
        if index >= len(tokens):
            break
        token = tokens[index]
        if token.type in ("heading_open", "html_block"):
            content = tokens[index + 1].content if token.type == "heading_open" else ""
            found = heading_ids(token, content)
            if found or token.type == "heading_open":
                return [*ids, *found]
        paragraph = token.type == "paragraph_open"
        anchor = lone_anchor_id(tokens[index + 1].content) if paragraph else ""
        ids = [*ids, anchor] if anchor else []
        index = closers[index] + 1
    return []


def _html_list_targets(markup: str) -> list[str]:
    """The places an HTML list links to when it holds nothing but links to places on the
    page (two at least), in a ``<details>`` labelled as a table of contents or not, or a
    paragraph of them between separators (superstruct's ``<p align="center">``); else []."""
    if not re.match(r"\s*<(?:ul|ol|details|p|div|nav)\b", markup, re.IGNORECASE):
        return []
    targets = [link.group(1) for link in _HTML_IN_PAGE_LINK.finditer(markup)]
    rest = _HTML_LIST_MARKUP.sub("", _HTML_IN_PAGE_LINK.sub("", markup))
    summary = _HTML_SUMMARY.search(rest)
    if summary is not None:
        if not is_toc_label(summary.group(1)):
            return []
        rest = rest[: summary.start()] + rest[summary.end() :]
    return targets if len(targets) >= 2 and _LINK_BAR_REST.fullmatch(rest) else []


def _in_page_links(item: str, pattern: re.Pattern[str] = _IN_PAGE_LINK) -> list[str]:
    """The targets of a list item's text when it is one link to a place on the page, or
    lines of such links under list markers (a sublist read as the item's own lines)."""
    link = pattern.fullmatch(item)
    if link is not None:
        return [link.group(1)]
    lines = [_LIST_MARKER.sub("", line, count=1) for line in item.split("\n")]
    links = [pattern.fullmatch(line.strip()) for line in lines]
    return [link.group(1) for link in links if link] if all(links) else []


_LIST_PARTS = frozenset(
    f"{name}_{end}"
    for name in ("bullet_list", "ordered_list", "list_item", "paragraph")
    for end in ("open", "close")
) | {"inline"}


def is_toc_label(text: str) -> bool:
    """Whether a paragraph's text only labels the table of contents below it."""
    return _TOC_LABEL.fullmatch(text.strip()) is not None


def is_back_to_top(text: str, source: str) -> bool:
    """Whether a block whose text is ``text`` and whose Markdown or HTML is ``source`` is only
    a link back to the top of the page or to its table of contents."""
    return (
        len(text) <= _MAX_BACK_TO_TOP
        and _BACK_TO_TOP.fullmatch(text) is not None
        and _IN_PAGE_HREF.search(source) is not None
    )
