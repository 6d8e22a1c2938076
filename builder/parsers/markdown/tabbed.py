"""pymdownx.tabbed tabs (``=== "Title"`` and the lines indented under it) as titled blocks.

Material for MkDocs projects show alternatives side by side this way (``=== "pip"``, ``===
"Google"``). CommonMark would read the indented lines as a continuation of the title's
paragraph, running code blocks into one line of text; here the indented lines are blocks of
their own, inside a ``tabbed_open``/``tabbed_close`` pair whose ``info`` is the title.

vitepress-plugin-tabs writes its tabs inside a ``::: tabs`` container, each starting at a
``== Title`` line and running to the next; they make the same tokens. Tabs nested in a tab
take a longer mark (``=== Title`` in a ``:::: tabs``): a tab runs to the next title of its
own mark's length, as the plugin reads it.
"""

from __future__ import annotations

import re

from markdown_it.rules_block import StateBlock

from builder.parsers.markdown.indented_blocks import indented_end, tokenize_indented

OPEN = "tabbed_open"
# "=== "Title"", "===+ "Title"" (selected) or "===! "Title"" (starts a new set of tabs).
_TAB = re.compile(r'===[+!]{0,2}[ \t]+"(.*)"[ \t]*$')
# vitepress-plugin-tabs: "== Title" (the container's own line is "::: tabs" or "::: tabs key:x"),
# "=== Title" for the tabs of a "::::" container that holds another.
_PLUGIN_TAB = re.compile(r"(={2,})[ \t]+(\S(?:.*\S)?)[ \t]*$")
TABS_CONTAINER = "tabs"
# Where the parse's env keeps, for each container a tab was looked for in, whether it is tabs.
_CONTAINERS = "plugin_tab_containers"


def tabbed_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: a tab's title line and the lines indented under it."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    match = _TAB.match(state.src, begin, state.eMarks[start])
    if match is None:
        return False
    if silent:
        return True
    following = indented_end(state, start, end)
    token = state.push(OPEN, "div", 1)
    token.info = match.group(1)
    token.map = [start, following]
    tokenize_indented(state, start, following, "tabbed")
    state.push("tabbed_close", "div", -1)
    state.line = following
    return True


def plugin_tab_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: in a ``::: tabs`` container, a ``== Title`` line and the lines
    up to the next title of its mark at its indentation (or the container's end)."""
    if state.parentType != "container" or state.sCount[start] != state.blkIndent:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith("==", begin):
        return False
    match = _PLUGIN_TAB.match(state.src, begin, state.eMarks[start])
    if match is None or not _in_tabs_container(state):
        return False
    if silent:
        return True
    following = start + 1
    while following < end and not (
        state.sCount[following] == state.blkIndent and _tab_mark(state, following) == match.group(1)
    ):
        following += 1
    old_max, old_parent = state.lineMax, state.parentType
    token = state.push(OPEN, "div", 1)
    token.info = match.group(2)
    token.map = [start, following]
    state.lineMax, state.parentType = following, "tabbed"
    state.md.block.tokenize(state, start + 1, following)
    state.lineMax, state.parentType = old_max, old_parent
    state.push("tabbed_close", "div", -1)
    state.line = following
    return True


def _tab_mark(state: StateBlock, line: int) -> str | None:
    """The mark of the tab title at ``line`` ("==", "==="), None when it holds none."""
    begin = state.bMarks[line] + state.tShift[line]
    title = _PLUGIN_TAB.match(state.src, begin, state.eMarks[line])
    return title.group(1) if title else None


def _in_tabs_container(state: StateBlock) -> bool:
    """Whether the innermost block open at this point is a ``::: tabs`` container. The answer
    is kept for the container (its level and last line): looked for back over the tokens at
    each tab, a container of N tabs took N squared steps."""
    known = state.env.setdefault(_CONTAINERS, {})
    key = (id(state.tokens), state.level, state.lineMax)
    if key in known:
        index, opening, answer = known[key]
        if index < len(state.tokens) and state.tokens[index] is opening:
            return bool(answer)
    for index in range(len(state.tokens) - 1, -1, -1):
        token = state.tokens[index]
        if token.nesting == 1 and token.level == state.level - 1:
            name = token.info.split(maxsplit=1)
            answer = token.type == "container_admonition_open" and name[:1] == [TABS_CONTAINER]
            known[key] = (index, token, answer)
            return answer
    return False
