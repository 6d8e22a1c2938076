"""Blocks of a marker line and the lines indented under it, as Python-Markdown's extensions
write them (admonitions, pymdownx tabs, customblocks): where one ends, and its lines read as
blocks of their own one indentation level in."""

from __future__ import annotations

from markdown_it.rules_block import StateBlock

# The content is indented this much more than the marker line (Python-Markdown's tab length).
CONTENT_INDENT = 4


def indented_end(state: StateBlock, start: int, end: int) -> int:
    """The line after the last one indented under the marker line ``start`` (blank lines
    between them are the block's; the blank lines after it belong to what follows)."""
    indent = state.sCount[start] + CONTENT_INDENT
    following = start + 1
    while following < end and (state.isEmpty(following) or state.sCount[following] >= indent):
        following += 1
    while following > start + 1 and state.isEmpty(following - 1):
        following -= 1
    return following


def tokenize_indented(state: StateBlock, start: int, following: int, parent: str) -> None:
    """Read the lines under the marker line ``start``, up to ``following``, as blocks inside a
    ``parent`` block, one indentation level in."""
    old_indent, old_max, old_parent = state.blkIndent, state.lineMax, state.parentType
    state.blkIndent = state.sCount[start] + CONTENT_INDENT
    state.lineMax, state.parentType = following, parent
    try:
        state.md.block.tokenize(state, start + 1, following)
    finally:
        state.blkIndent, state.lineMax, state.parentType = old_indent, old_max, old_parent
