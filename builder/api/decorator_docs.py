"""Docstrings a decorator of the project writes on the function it decorates.

sentry-sdk 1.9.10 documents its top-level API so: ``@hubmethod def capture_event(...)``, where
``hubmethod(f)`` sets ``f.__doc__ = "%s\\n\\n%s" % ("Alias for :py:meth:`sentry_sdk.Hub.%s`"
% f.__name__, inspect.getdoc(getattr(Hub, f.__name__)))`` and returns ``f``. Read from the
code alone, the functions had no docstring, and ``:members:`` left all fifteen out. The
decorator's assignment is read from its source and its value worked out as Python would, when
every part of it is one of: a string literal, the decorated function's ``__name__``, another
object's docstring (``X.__doc__``, ``inspect.getdoc(X)``, with ``X`` a name of the
decorator's module, or ``getattr(X, name)`` / ``X.attr`` of one), and ``%``, ``+`` or
``.format`` between them. Any other part leaves the function's docstring as written: nothing
is run.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Any

from builder.api.identity_cache import IdentityCache
from builder.api.literal_values import MAX_TEXT_CHARS, format_fits, percent_fits

# The decorator's parameter is the function; these are what its value is made of.
_DOC = "__doc__"
_NAME = "__name__"
_GETDOC = frozenset({"getdoc", "inspect.getdoc"})
# A decorator whose source is longer than this is not read (a decorator is a few lines).
MAX_DECORATOR_CHARS = 20_000
# Decorators whose assignment is kept: one decorator documents many functions of a page.
DECORATORS_KEPT = 64


class NotStatic(Exception):
    """A part of the value that is not read statically."""


def decorated_docstring(target: Any) -> str | None:
    """The docstring the outermost of ``target``'s decorators that writes one gives it; None
    when none does or its value cannot be worked out."""
    if getattr(target, "kind", None) is None or target.kind.value != "function":
        return None
    for decorator in getattr(target, "decorators", None) or ():
        function = _decorator_function(target, decorator)
        if function is None:
            continue
        assigned = _ASSIGNED.get(function, _assigned_value)
        if assigned is None:
            continue
        parameter, value = assigned
        try:
            text = _Evaluation(target, function, parameter).value(value)
        # AttributeError: a template's '{0.name}' field; RecursionError: a chain of '+' or
        # '%' nested deeper than the evaluation recurses, which ast.parse still reads.
        except (
            NotStatic,
            TypeError,
            ValueError,
            KeyError,
            IndexError,
            AttributeError,
            RecursionError,
        ):
            return None
        return text if isinstance(text, str) else None
    return None


def _decorator_function(target: Any, decorator: Any) -> Any:
    """The griffe function a decorator names, when it is one of the loaded modules'."""
    path = getattr(decorator, "callable_path", "")
    collection = getattr(target, "modules_collection", None)
    if not path or collection is None:
        return None
    try:
        found = collection.get_member(path)
        found = found.final_target if found.is_alias else found
    except Exception:  # not loaded, or an alias griffe cannot follow
        return None
    return found if found.kind.value == "function" else None


def _assigned_value(function: Any) -> tuple[str, ast.expr] | None:
    """(the parameter, the value) of a decorator's ``param.__doc__ = value`` when it returns
    its parameter, as a decorator that documents the function it is given does."""
    source = getattr(function, "source", "")
    if not source or len(source) > MAX_DECORATOR_CHARS:
        return None
    try:
        tree = ast.parse(textwrap.dedent(source))
    except (SyntaxError, ValueError, RecursionError):
        return None
    definition = tree.body[0] if tree.body else None
    if not isinstance(definition, ast.FunctionDef) or not definition.args.args:
        return None
    parameter = definition.args.args[0].arg
    returned = definition.body[-1]
    if not (
        isinstance(returned, ast.Return)
        and isinstance(returned.value, ast.Name)
        and returned.value.id == parameter
    ):
        return None
    values = [
        statement.value
        for statement in definition.body
        if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and _is_doc_of(statement.targets[0], parameter)
    ]
    return (parameter, values[-1]) if values else None


_ASSIGNED: IdentityCache[tuple[str, ast.expr] | None] = IdentityCache(DECORATORS_KEPT)


def _is_doc_of(node: ast.expr, parameter: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == _DOC
        and isinstance(node.value, ast.Name)
        and node.value.id == parameter
    )


class _Evaluation:
    """Works out a decorator's value for one decorated function."""

    def __init__(self, target: Any, decorator: Any, parameter: str) -> None:
        self.target = target
        self.module = decorator.module
        self.parameter = parameter

    def value(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Tuple):
            return tuple(self.value(item) for item in node.elts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
            left, right = self.value(node.left), self.value(node.right)
            # Sized before it is made: '%99999999s', or a thousand '%s' of long docstrings.
            if not isinstance(left, str) or (
                isinstance(node.op, ast.Mod) and not percent_fits(left, right)
            ):
                raise NotStatic
            joined = left % right if isinstance(node.op, ast.Mod) else left + _text(right)
            return _within_limit(joined)
        if isinstance(node, ast.Attribute) and node.attr == _NAME and self._is_parameter(node):
            return self.target.name
        if isinstance(node, ast.Attribute) and node.attr == _DOC:
            return self._docstring(self._object(node.value), clean=False)
        if isinstance(node, ast.Call):
            return self._call(node)
        raise NotStatic

    def _call(self, node: ast.Call) -> Any:
        called = ast.unparse(node.func)
        if called in _GETDOC and len(node.args) == 1 and not node.keywords:
            return self._docstring(self._object(node.args[0]), clean=True)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            template = self.value(node.func.value)
            if not isinstance(template, str):
                raise NotStatic
            arguments = [_text(self.value(argument)) for argument in node.args]
            named = {k.arg: _text(self.value(k.value)) for k in node.keywords if k.arg}
            if len(named) != len(node.keywords) or not format_fits(template, arguments, named):
                raise NotStatic
            return _within_limit(template.format(*arguments, **named))
        raise NotStatic

    def _object(self, node: ast.expr) -> Any:
        """The griffe object ``node`` names: a name of the decorator's module, an attribute of
        one, or ``getattr(one, name)``."""
        if isinstance(node, ast.Name):
            return _member(self.module, node.id)
        if isinstance(node, ast.Attribute):
            return _member(self._object(node.value), node.attr)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) == 2
            and not node.keywords
        ):
            name = self.value(node.args[1])
            if not isinstance(name, str):
                raise NotStatic
            return _member(self._object(node.args[0]), name)
        raise NotStatic

    def _docstring(self, found: Any, *, clean: bool) -> str:
        docstring = found.docstring
        if docstring is None:
            raise NotStatic  # None in Python: formatted as "None", not what the page shows
        # griffe has already dedented the docstring as inspect.cleandoc does.
        return inspect.cleandoc(docstring.value) if clean else docstring.value

    def _is_parameter(self, node: ast.Attribute) -> bool:
        return isinstance(node.value, ast.Name) and node.value.id == self.parameter


def _member(owner: Any, name: str) -> Any:
    try:
        found = owner.members[name]
        return found.final_target if found.is_alias else found
    except Exception:  # not there, or an alias griffe cannot follow
        raise NotStatic from None


def _within_limit(text: str) -> str:
    if len(text) > MAX_TEXT_CHARS:
        raise NotStatic
    return text


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise NotStatic
    return value
