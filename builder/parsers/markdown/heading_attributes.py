"""A Markdown heading's attribute list (``## Title {#custom-id}``): the anchor it names.

Python-Markdown's attr_list and markdown-it-attrs (MkDocs, VitePress) write it between braces,
optionally ``{: #id .class }``; a VitePress project may choose other delimiters
(``markdown.attrs`` ``leftDelimiter``/``rightDelimiter``, Pinia's Chinese pages use
``%{#id}%``), which ``attribute_delimiters`` sets for the pages of one version. Fumadocs
writes the id alone in brackets: ``## Title [#custom-id]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DEFAULT_DELIMITERS = ("{", "}")
# Fumadocs' custom id, at the very end: ``## Smaller Size [#smaller-size]`` (a space before
# it is optional there too). It starts only where a run of blanks does: tried at each blank of
# a long run, each try ran to the run's end.
_BRACKETED_ID = re.compile(r"(?<![ \t])[ \t]*+\[#([^\s\[\]]+)\][ \t]*$")
# What a list holds between its delimiters: an optional ":", then "#id" and anything else
# after a space. The id takes every character up to a space, so what follows it starts with
# one: were it any character, each way of splitting a long id that fails to match would be
# tried ("## T {#aaa...}x}", 20,000 a: 3 s).
_ATTRIBUTES = re.compile(r":?[ \t]*#([^\s{}]+)(?:\s[^{}]*)?")
_DELIMITERS: ContextVar[tuple[str, str]] = ContextVar(
    "heading_attribute_delimiters", default=DEFAULT_DELIMITERS
)


@contextmanager
def attribute_delimiters(delimiters: tuple[str, str] | None) -> Iterator[None]:
    """Read attribute lists between ``delimiters`` (None: braces) within."""
    token = _DELIMITERS.set(delimiters or DEFAULT_DELIMITERS)
    try:
        yield
    finally:
        _DELIMITERS.reset(token)


def split_heading_id(heading: str) -> tuple[str, str]:
    """The heading's text without a trailing attribute list, and the id the list names ("" when
    there is none)."""
    if heading.endswith("]"):
        bracketed = _BRACKETED_ID.search(heading)
        # A number is an issue a changelog's heading cites ("### Fix a leak [#1234]").
        if bracketed is not None and not bracketed.group(1).isdigit():
            return heading[: bracketed.start()], bracketed.group(1)
    left, right = _DELIMITERS.get()
    stripped = heading.rstrip()
    if not stripped.endswith(right):
        return heading, ""
    opening = stripped.rfind(left, 0, len(stripped) - len(right))
    if opening < 0:
        return heading, ""
    attributes = _ATTRIBUTES.fullmatch(stripped, opening + len(left), len(stripped) - len(right))
    if attributes is None:
        return heading, ""
    return _without_closing_hashes(stripped[:opening]), attributes.group(1)


def _without_closing_hashes(text: str) -> str:
    """The heading's text without the closing hashes an attribute list follows
    (``## 1.18.2 ## {: #v1.18.2 }``, hatch's history): Python-Markdown's attr_list drops them;
    markdown-it drops them only at the line's end, so they were left in the heading. As a
    closing sequence, they follow a blank ("## C# {#c}" keeps its "#")."""
    trimmed = text.rstrip()
    opened = trimmed.rstrip("#")
    if opened == trimmed or (opened and opened[-1] not in " \t"):
        return text
    return opened.rstrip()
