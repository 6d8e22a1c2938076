"""MDX's tags on lines of their own: each is a block by itself, and the lines between two
tags read as Markdown; and MDX has no indented code. Vue's components read so in Markdown pages.

CommonMark takes a line opening with a tag for the start of an HTML block that runs to the
next blank line, its text shown as written; MDX has no HTML blocks, and reads the lines inside
``<Callout type="warning">`` ... ``</Callout>`` or ``<Steps>`` ... ``</Steps>`` as Markdown
however they are spaced. Read as HTML, Nextra's and Starlight's blocks kept their Markdown raw
('Be **careful**', '[links](/x)') and a heading inside ``<Steps>`` ('### Step one') was text,
no section. In an ``.mdx`` page, a line that is one tag (opening, closing or self-closing, a
fragment's ``<>``; its attributes on that line or the next ones) is an HTML block of its own,
however it is indented and whatever paragraph it ends, and lines indented by four spaces are
no code block (MDX turns indented code off, so JSX nested in JSX, ``<Cards>`` around
``<Cards.Card>``, can be indented freely), and a list, fence, heading or quote opens however far
it is indented. A ``{/* comment */}`` opening a line and ending one
is a block too, however many lines and blank lines it spans: read as Markdown, a fence inside
it ("```ts" ... "``` */}", a line no fence closes at) hid the rest of the page in code.

VuePress and VitePress (markdown-it with Vue's component rule) end the HTML block of a
component, a tag named in PascalCase or a custom element's name with a hyphen, at the end of its
tag, so what follows is Markdown. A ``.md`` page's line that is one such tag is a block of its
own too: Ajv's ``<code-group>`` / ``<code-block title="JSON Schema">`` over a fence read as an
HTML block to the first blank line in the code, the fence's closing line as the opening of
another, and its examples ran into one line while its notes showed as raw ``::: tip`` lines.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_block import code as indented_code

from builder.parsers.markdown.embedded_html import ATTRIBUTES, HTML_ELEMENTS

# A tag: a name (Tabs.Tab, my-element) or none (a fragment), then its attributes, where a
# '>' in a string or a JSX expression ('title="a > b"', '{() => go()}') ends nothing, '/'.
_TAG = re.compile(rf"</?(?:[A-Za-z][\w$.:-]*+(?:\s{ATTRIBUTES})?)?/?>")
# Vue's components: a PascalCase name, or a custom element's (a hyphen in it); not an HTML
# element written in capitals ("<TABLE>", "<Div>"), which CommonMark reads as HTML.
_COMPONENT = re.compile(r"</?([A-Z][\w.:]*[a-z][\w.:]*|[A-Za-z][\w.:]*-[\w.:-]*)(?=[\s/>])")
# A fence's opening marker.
_FENCE_OPENING = re.compile(r"(`{3,}|~{3,})")
# A JSX comment's end, '*/' then '}', then nothing more on its line.
_COMMENT_END = re.compile(r"\*/[ \t]*\}[ \t]*$", re.MULTILINE)
# Where the page's next '*/' is (its length when there is none), once a comment looked.
_COMMENT_CLOSE = "jsx_comment_close"
MDX_ENV_KEY = "mdx"
# The most lines one tag's attributes are read over: a '<' that opens no tag looks no further.
MAX_TAG_LINES = 40


# The blocks CommonMark opens only below four spaces of indent, where indented code would
# begin; MDX turns that off, and these open at any indent (micromark then sets no limit), a
# Docusaurus admonition (":::tip", remark-directive's container) too.
_ANY_INDENT = ("fence", "list", "blockquote", "heading", "hr", "container_admonition")


def mdx_blocks_plugin(md: MarkdownIt) -> None:
    """Tags alone on their lines as blocks, and no indented code, in MDX pages."""
    md.block.ruler.before("html_block", "jsx_line", _jsx_line_rule, {"alt": ["paragraph"]})
    md.block.ruler.before("fence", "jsx_comment", _jsx_comment_rule)
    md.block.ruler.at("code", _code_outside_mdx)


def open_at_any_indent(md: MarkdownIt) -> None:
    """Let the blocks of _ANY_INDENT open at any indent in MDX pages (once all are there), and
    a fence close at any indent."""
    for rule in md.block.ruler.__rules__:
        if rule.name in _ANY_INDENT:
            fn = _closed_at_any_indent(rule.fn) if rule.name == "fence" else rule.fn
            md.block.ruler.at(rule.name, _at_any_indent(fn), {"alt": list(rule.alt)})


def _closed_at_any_indent(rule: Any) -> Any:
    """The fence ``rule``, whose fence in an MDX page also closes at a line indented four or
    more spaces past it, as micromark closes it without indented code: drizzle's docs close
    a "```typescript" at the line's start with "    ```", and read as CommonMark the code ran
    on over the next headings to the page's end."""

    def read(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        closing = None if silent or not state.env.get(MDX_ENV_KEY) else _closing(state, start, end)
        if closing is None:
            return bool(rule(state, start, end, silent))
        indent = state.sCount[closing]
        state.sCount[closing] = state.blkIndent  # where the rule looks for a closing fence
        try:
            return bool(rule(state, start, end, silent))
        finally:
            state.sCount[closing] = indent

    return read


def _closing(state: StateBlock, start: int, end: int) -> int | None:
    """The line that closes the fence opening at ``start``, when it is indented four or more
    spaces past the block's indent (CommonMark's closing fences are not); None otherwise."""
    opening = _FENCE_OPENING.match(state.src, state.bMarks[start] + state.tShift[start])
    if opening is None or opening.end() > state.eMarks[start]:
        return None
    marker = opening.group(1)
    if marker[0] == "`" and "`" in state.src[opening.end() : state.eMarks[start]]:
        return None  # no fence: a backtick in its info string
    for line in range(start + 1, end):
        begin, finish = state.bMarks[line] + state.tShift[line], state.eMarks[line]
        if begin < finish and state.sCount[line] < state.blkIndent:
            return None  # the block the fence is in ends first
        text = state.src[begin:finish]
        run = len(text) - len(text.lstrip(marker[0]))
        if run >= len(marker) and not text[run:].strip(" \t"):
            return line if state.sCount[line] - state.blkIndent >= 4 else None
    return None


def _at_any_indent(rule: Any) -> Any:
    """``rule``, which in an MDX page also opens its block four or more spaces in (a list or
    a fence inside an indented ``<TabItem>``): read as though the block's indent began there,
    where it had read as a paragraph ('- one - two')."""

    def read(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        if state.sCount[start] - state.blkIndent < 4 or not state.env.get(MDX_ENV_KEY):
            return bool(rule(state, start, end, silent))
        outer = state.blkIndent
        state.blkIndent = state.sCount[start]
        try:
            return bool(rule(state, start, end, silent))
        finally:
            state.blkIndent = outer

    return read


def _jsx_line_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: in an MDX page, a line that is one tag is a block by itself; in
    a Markdown page, a line that is one Vue component's tag."""
    begin = state.bMarks[start] + state.tShift[start]
    if state.src[begin : begin + 1] != "<" or state.src[begin + 1 : begin + 2] == "!":
        return False
    if not state.env.get(MDX_ENV_KEY) and not _is_component(state.src, begin):
        return False
    # The tag ends on this line or a later one (a <LinkCard with a prop a line), and must end
    # that line. One look each, none past a '<' outside its strings and expressions.
    limit = state.eMarks[min(end, start + MAX_TAG_LINES) - 1]
    tag = _TAG.match(state.src, begin, limit)
    if tag is None:
        return False
    last = _line_of(state, start, tag.end())
    if state.src[tag.end() : state.eMarks[last]].strip(" \t"):
        return False
    if any(state.isEmpty(line) for line in range(start + 1, last)):
        return False
    return silent or _html_block(state, start, last)


def _is_component(source: str, begin: int) -> bool:
    """Whether the tag at ``begin`` names a Vue component or a custom element."""
    found = _COMPONENT.match(source, begin)
    return found is not None and found.group(1).lower() not in HTML_ELEMENTS


def _jsx_comment_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: in an MDX page, a ``{/* comment */}`` from a line's start to a
    line's end is a block, its text shown by nothing (embedded_html drops JSX comments)."""
    if not state.env.get(MDX_ENV_KEY):
        return False
    begin = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith("{/*", begin):
        return False
    # A comment ends at the first '*/' (comments do not nest). The one found is kept, so
    # openers with no end between them each look no further than it: one scan a page.
    found = state.env.get(_COMMENT_CLOSE, -1)
    if found < begin + 3 and found != len(state.src):
        found = state.src.find("*/", begin + 3)
        found = len(state.src) if found < 0 else found
        state.env[_COMMENT_CLOSE] = found
    close = _COMMENT_END.match(state.src, found)
    if close is None or close.end() > state.eMarks[end - 1]:
        return False
    return silent or _html_block(state, start, _line_of(state, start, close.end()))


def _line_of(state: StateBlock, start: int, position: int) -> int:
    """The line, from ``start`` on, that ``position`` in the source ends on or before."""
    last = start
    while state.eMarks[last] < position:
        last += 1
    return last


def _html_block(state: StateBlock, start: int, last: int) -> bool:
    """Push lines ``start`` to ``last`` as one html_block token (from the first line's text on)
    and go on after them."""
    token = state.push("html_block", "", 0)
    token.map = [start, last + 1]
    token.content = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[last]] + "\n"
    state.line = last + 1
    return True


def _code_outside_mdx(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's indented code, except in an MDX page."""
    return not state.env.get(MDX_ENV_KEY) and indented_code(state, start, end, silent)
