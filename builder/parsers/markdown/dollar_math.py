"""Inline ``$math$`` as MyST and Jupyter read it, but never opened by a dollar inside a word.

The Markdown parser reads ``$x$`` as math wherever it appears, as MyST's dollarmath and
Jupyter do. In JavaScript and shell docs a dollar is part of a name (``store.$patch``,
``$el``, ``a$b``); two such names on one line made one math span of the text between them,
links and all. A dollar right after an ASCII letter or digit, ``_``, ``.`` or another dollar
opens no math (it is never where TeX writers start a formula); one after a space, punctuation
or a Chinese or Japanese character does (those texts write ``设$x$为`` with no space).
A span holding a backtick is no math either: TeX has no use for one in a formula, and in
Markdown it opens a code span, which binds tighter. Vue Router's "uses <code v-pre>{{
$route.fullPath }}</code>. You can use `$route`" lost its <code> tag to a formula that ran
from the first dollar to the one in the code span.
"""

from __future__ import annotations

import string

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.dollarmath.index import math_inline_dollar

# Characters after which a dollar belongs to a name, not to a formula.
_NAME_CHARACTERS = frozenset(string.ascii_letters + string.digits + "_.$")


def dollar_math_plugin(md: MarkdownIt) -> None:
    """dollarmath ("$5 and $6" is money: a dollar next to a digit opens or closes nothing),
    with inline math that a dollar inside a name does not open and that holds no backtick."""
    md.use(dollarmath_plugin, allow_digits=False)
    inline_math = math_inline_dollar(allow_space=True, allow_digits=False, allow_double=False)

    def math_outside_names(state: StateInline, silent: bool) -> bool:
        start = state.pos
        if start > 0 and state.src[start - 1] in _NAME_CHARACTERS:
            return False
        if not inline_math(state, True):
            return False
        end, state.pos = state.pos, start
        if "`" in state.src[start:end]:
            return False
        return inline_math(state, silent)

    md.inline.ruler.at("math_inline", math_outside_names)
