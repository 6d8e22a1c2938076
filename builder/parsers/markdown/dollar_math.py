"""Inline ``$math$`` as MyST and Jupyter read it, but never opened by a dollar inside a word.

The Markdown parser reads ``$x$`` as math wherever it appears, as MyST's dollarmath and
Jupyter do. In JavaScript and shell docs a dollar is part of a name (``store.$patch``,
``$el``, ``a$b``); two such names on one line made one math span of the text between them,
links and all. A dollar right after an ASCII letter or digit, ``_``, ``.`` or another dollar
opens no math (it is never where TeX writers start a formula); one after a space, punctuation
or a Chinese or Japanese character does (those texts write ``设$x$为`` with no space).
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
    with inline math that a dollar inside a name does not open."""
    md.use(dollarmath_plugin, allow_digits=False)
    inline_math = math_inline_dollar(allow_space=True, allow_digits=False, allow_double=False)

    def math_outside_names(state: StateInline, silent: bool) -> bool:
        if state.pos > 0 and state.src[state.pos - 1] in _NAME_CHARACTERS:
            return False
        return inline_math(state, silent)

    md.inline.ruler.at("math_inline", math_outside_names)
