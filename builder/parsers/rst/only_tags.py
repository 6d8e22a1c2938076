"""Whether the content of an ``only`` directive is on the HTML pages a reader sees.

Sphinx keeps the content when the directive's expression of tags (names joined by ``and``,
``or``, ``not`` and parentheses) holds: the HTML builder sets ``html``, ``format_html`` and
``builder_html``, and no other builder's name. A project's own tags are set by its conf.py
(``tags.add("name")``, or ``app.tags.add`` in its setup): one it adds unconditionally is set,
and so is one named for a release (``is_release``, ``is_release_build``), which conf.py adds
when Read the Docs builds a tag (aiohttp, pip-tools, cocotb), the docs of a release being
what is built here. A name neither known to be set nor known to be unset leaves the answer
open, and content whose expression is open is kept.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

_SET = frozenset({"html", "format_html", "builder_html", "dirhtml", "singlehtml"})
_UNSET = frozenset({
    "latex", "man", "texinfo", "epub", "text", "xml", "pseudoxml", "linkcheck", "gettext",
    "format_latex", "format_man", "format_texinfo", "format_text",
    "builder_latex", "builder_man", "builder_texinfo", "builder_epub", "builder_text",
})  # fmt: skip
# A tag that says the docs are a release's: "release" as a word of its name.
_RELEASE_TAG = re.compile(r"(?:^|_)release(?:_|$)", re.IGNORECASE)
_PROJECT_TAGS: ContextVar[frozenset[str]] = ContextVar("only_tags", default=frozenset())


def shown_in_html(expression: str) -> bool:
    """False only when the expression is sure to be false for the HTML builder."""
    try:
        tree = ast.parse(expression.strip(), mode="eval").body
        # _value recurses once a level: an expression nested deeper than Python recurses is
        # open, as one that does not parse, not the loss of its page.
        return _value(tree, _PROJECT_TAGS.get()) is not False
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return True


def _value(node: ast.expr, tags: frozenset[str]) -> bool | None:
    """Three-valued: True, False, or None when it depends on a tag this page cannot know."""
    if isinstance(node, ast.Name):
        return True if node.id in _SET or node.id in tags else False if node.id in _UNSET else None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _value(node.operand, tags)
        return None if inner is None else not inner
    if isinstance(node, ast.BoolOp):
        values = [_value(value, tags) for value in node.values]
        decisive = isinstance(node.op, ast.Or)  # True decides an "or", False an "and"
        if decisive in values:
            return decisive
        return None if None in values else not decisive
    return None


@contextmanager
def project_tags(tags: Sequence[str]) -> Iterator[None]:
    """Within, ``tags`` (conf_tags' of the project) are set."""
    token = _PROJECT_TAGS.set(frozenset(tags))
    try:
        yield
    finally:
        _PROJECT_TAGS.reset(token)


def conf_tags(source: str) -> tuple[str, ...]:
    """The tags the conf.py ``source`` sets for the HTML pages of a release, sorted."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return ()
    unconditional = {id(line.value) for line in tree.body if isinstance(line, ast.Expr)}
    tags = {
        name
        for node in ast.walk(tree)
        if (name := _added_tag(node)) and (id(node) in unconditional or _RELEASE_TAG.search(name))
    }
    return tuple(sorted(tags))


def _added_tag(node: ast.AST) -> str:
    """The tag ``node`` adds when it is ``tags.add("name")`` or ``app.tags.add("name")``."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "add"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return ""
    owner = node.func.value
    named = isinstance(owner, ast.Name) and owner.id == "tags"
    held = isinstance(owner, ast.Attribute) and owner.attr == "tags"
    return node.args[0].value if named or held else ""
