"""MDX's ``import`` and ``export`` statements, read to their end as JavaScript, not as Markdown.

MDX reads a top-level block that opens with ``import`` or ``export`` as JavaScript up to a
blank line where the code so far is complete, so a statement runs over blank lines inside its
braces, strings and template literals. Read as Markdown first, a template literal holding a
'~~~' or '```' line opened a code fence that swallowed the rest of the page (Nextra's
``features/mdx.mdx`` builds an example page in an ``export``: its body, 'Headings' to the
end, was lost). In an ``.mdx`` page this block rule takes the whole statement as one
``mdx_esm`` token, which shows nothing.
"""

from __future__ import annotations

import re

from markdown_it.rules_block import StateBlock

from builder.parsers.markdown.mdx import is_esm
from builder.parsers.markdown.mdx_blocks import MDX_ENV_KEY

MDX_ESM = "mdx_esm"
# Set in a page's env once a statement is found never to end: later ones read as paragraphs,
# so a page is scanned to its end once at most.
_UNCLOSED = "mdx_esm_unclosed"
# In code: a comment, a string (a quote ends at its line's end, as a JSX text's apostrophe in
# '<p>Don't</p>' is no string), a template literal's backtick, a bracket, or a line break
# before a blank line or the end, where a complete statement ends.
_CODE = re.compile(
    r"""//[^\n]*|/\*(?:.*?\*/|.*)|'(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?"""
    r"""|[`{}()[\]]|\n(?=[ \t]*(?:\n|$))""",
    re.S,
)
# In a template literal: its end, or an expression in it.
_TEMPLATE = re.compile(r"`|\$\{|\\.", re.S)
_OPENS = {"(": ")", "[": "]", "{": "}"}


def statement_end(source: str, begin: int) -> int:
    """Where the JavaScript statement starting at ``begin`` ends: the line break before the
    first blank line (or the end) at which every bracket and template literal is closed; -1
    if none is (a statement MDX would refuse)."""
    # What is open, innermost last: a bracket's closer, or '`' for a template literal.
    open_: list[str] = []
    position = begin
    while True:
        in_template = bool(open_) and open_[-1] == "`"
        match = (_TEMPLATE if in_template else _CODE).search(source, position)
        if match is None:
            return len(source) if not open_ else -1
        token = match.group(0)
        position = match.end()
        if token.startswith("/*") and not token.endswith("*/"):
            return -1  # a comment left open
        if in_template:
            if token == "`":
                open_.pop()
            elif token == "${":
                open_.append("}")
        elif token.startswith("\n"):
            if not open_:
                return match.start()
        elif token == "`":
            open_.append("`")
        elif token in _OPENS:
            open_.append(_OPENS[token])
        elif token in ")]}":
            if not open_ or open_[-1] != token:
                return -1  # a closer nothing opened: no statement MDX reads
            open_.pop()


def mdx_esm_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: in an MDX page, a top-level ``import``/``export`` statement,
    to its end."""
    if not state.env.get(MDX_ENV_KEY) or state.level or state.sCount[start] or silent:
        return False
    begin = state.bMarks[start]
    if not is_esm(state.src[begin : begin + 7]) or state.env.get(_UNCLOSED):
        return False
    stop = statement_end(state.src, begin)
    if stop < 0:
        state.env[_UNCLOSED] = True
        return False
    last = start
    while last + 1 < end and state.bMarks[last + 1] <= stop:
        last += 1
    token = state.push(MDX_ESM, "", 0)
    token.map = [start, last + 1]
    token.content = state.src[begin:stop] + "\n"
    state.line = last + 1
    return True
