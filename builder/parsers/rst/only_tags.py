"""Whether the content of an ``only`` directive is on the HTML pages a reader sees.

Sphinx keeps the content when the directive's expression of tags (names joined by ``and``,
``or``, ``not`` and parentheses) holds: the HTML builder sets ``html``, ``format_html`` and
``builder_html``, and no other builder's name. A project's own tags (set in ``conf.py``) are
not known here, so a name neither known to be set nor known to be unset leaves the answer
open, and content whose expression is open is kept.
"""

from __future__ import annotations

import ast

_SET = frozenset({"html", "format_html", "builder_html", "dirhtml", "singlehtml"})
_UNSET = frozenset({
    "latex", "man", "texinfo", "epub", "text", "xml", "pseudoxml", "linkcheck", "gettext",
    "format_latex", "format_man", "format_texinfo", "format_text",
    "builder_latex", "builder_man", "builder_texinfo", "builder_epub", "builder_text",
})  # fmt: skip


def shown_in_html(expression: str) -> bool:
    """False only when the expression is sure to be false for the HTML builder."""
    try:
        tree = ast.parse(expression.strip(), mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return True
    return _value(tree) is not False


def _value(node: ast.expr) -> bool | None:
    """Three-valued: True, False, or None when it depends on a tag this page cannot know."""
    if isinstance(node, ast.Name):
        return True if node.id in _SET else False if node.id in _UNSET else None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _value(node.operand)
        return None if inner is None else not inner
    if isinstance(node, ast.BoolOp):
        values = [_value(value) for value in node.values]
        decisive = isinstance(node.op, ast.Or)  # True decides an "or", False an "and"
        if decisive in values:
            return decisive
        return None if None in values else not decisive
    return None
