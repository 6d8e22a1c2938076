"""markdown-customblocks' blocks (``::: field-list``, ``::: grid wide-gap``) in the MkDocs pages
of a project whose ``mkdocs.yml`` enables the ``customblocks`` extension.

Such a block is a ``::: type [arguments]`` line and the lines indented under it; it has no
closing fence: the first line indented less ends it. Read as a ``:::`` container, which only a
bare ``:::`` line closes, a block took the rest of its page, every heading after it included
(bump-my-version's reference kept one section of its twelve options' page). The block's type
and arguments are its styling (a field list, a grid of cards), so its lines are read as the
page's own text, one indentation level in.

A lone name (``::: note``) is how mkdocstrings names a module too: such a line is left to it
unless text is indented under it, as the lines under a mkdocstrings block are its handler's
options (``options:``). Read as mkdocstrings', customblocks' admonitions (``::: note`` over a
tab-indented "This is a note") lost their text to a one-line API stub.
"""

from __future__ import annotations

import re

from markdown_it.rules_block import StateBlock

from builder.parsers.markdown.indented_blocks import indented_end, tokenize_indented
from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown

EXTENSION = "customblocks"
_HEADER = re.compile(r":::[ \t]+[A-Za-z][\w-]*(?:[ \t].*)?$")
_LONE_NAME = re.compile(r":::[ \t]+[A-Za-z_]\w*")
# The keys of a mkdocstrings block's options, the lines indented under its "::: name".
_MKDOCSTRINGS_KEY = re.compile(r"(?:handler|options|selection|rendering)[ \t]*:")


def customblocks_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: a ``::: type`` line and the lines indented under it, their
    text read as the page's, in the pages of an MkDocs project that enables customblocks."""
    markdown = mkdocs_markdown()
    if markdown is None or EXTENSION not in markdown.extensions:
        return False
    if state.is_code_block(start):
        return False
    line = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    if not _HEADER.match(line.rstrip()):
        return False
    if _LONE_NAME.fullmatch(line.rstrip()) and not _holds_text(state, start, end):
        return False  # mkdocstrings' block of a module named so
    if silent:
        return True
    last = indented_end(state, start, end)
    tokenize_indented(state, start, last, "customblock")
    state.line = last
    return True


def _holds_text(state: StateBlock, start: int, end: int) -> bool:
    """Whether the first line after ``start`` that is not blank is indented under it and is
    not a mkdocstrings option."""
    for following in range(start + 1, end):
        if state.isEmpty(following):
            continue
        if state.sCount[following] <= state.sCount[start]:
            return False
        first = state.bMarks[following] + state.tShift[following]
        return not _MKDOCSTRINGS_KEY.match(state.src[first : state.eMarks[following]])
    return False
