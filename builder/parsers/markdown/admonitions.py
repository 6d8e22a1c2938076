"""Python-Markdown admonitions (``!!! note "Title"``) and pymdownx details (``??? note``,
``???+ note``) as blocks of the lines indented under them, read as MkDocs reads them.

Python-Markdown keeps an admonition going over any number of blank lines while the next line
is indented under it, so a code example with two blank lines between its functions (as PEP 8
spaces them) stays one block. mdit-py-plugins' admonition ends at two blank lines, which cut
such an example in two and read the rest of the admonition as an indented code block.
The tokens are the ones body_text reads: ``admonition_open`` (its ``class`` holds the kind),
an optional ``admonition_title_open``/``inline``/``admonition_title_close`` and
``admonition_close``.
"""

from __future__ import annotations

import re

from markdown_it.rules_block import StateBlock

from builder.parsers.markdown.indented_blocks import indented_end, tokenize_indented

# The marker, then the kind (and any further classes), then an optional quoted title; the
# greedy ".*" backs off to the line's last non-space once, so a long line costs linear time.
_HEADER = re.compile(r"(!!!|\?\?\?\+?)[ \t]*(\S(?:.*\S)?)[ \t]*$")


def admonition_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: an admonition's marker line and the lines indented under it."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    if state.src[begin : begin + 1] not in ("!", "?"):
        return False
    match = _HEADER.match(state.src, begin, state.eMarks[start])
    if match is None:
        return False
    if silent:
        return True
    classes, title = _classes_and_title(match.group(2))
    following = indented_end(state, start, end)
    token = state.push("admonition_open", "div", 1)
    token.markup = match.group(1)
    token.block = True
    token.attrs = {"class": " ".join(["admonition", *classes])}
    token.meta = {"tag": classes[0]}
    token.info = match.group(2)
    token.content = title
    token.map = [start, following]
    if title:
        state.push("admonition_title_open", "p", 1).map = [start, start + 1]
        inline = state.push("inline", "", 0)
        inline.content, inline.map, inline.children = title, [start, start + 1], []
        state.push("admonition_title_close", "p", -1)
    tokenize_indented(state, start, following, "admonition")
    state.push("admonition_close", "div", -1).block = True
    state.line = following
    return True


def _classes_and_title(header: str) -> tuple[list[str], str]:
    """``note "Title"`` → (["note"], "Title"); a bare kind is its own title, ``""`` none."""
    first, last = header.find('"'), header.rfind('"')
    if 0 < first < last and header[first - 1].isspace():
        return [name.lower() for name in header[:first].split()], header[first + 1 : last]
    kind, _, rest = header.partition(" ")
    rest = rest.strip()
    if not rest:
        return [kind.lower()], kind.title()
    return [kind.lower()], "" if rest == '""' else rest
