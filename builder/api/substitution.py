"""Docstrings a ``@Substitution(name=TEXT, ...)`` decorator fills in, filled in as it would.

imbalanced-learn (after pandas' decorator of that name) writes the parameters many classes share
once, as module or class strings, and each class's docstring names them (``{random_state}``);
the decorator formats ``__doc__`` with them at import time, and Sphinx reads the result. Read
from the code alone, the placeholder stood for the parameter, which was lost. Only keyword
arguments that name a string (a literal, or a module's or class's string constant, with
``.strip()``-like calls on it) are read; a decorator with any other argument leaves the
docstring as written. ``{name}`` placeholders are filled with ``str.format`` and ``%(name)s``
ones with ``%``, as each project's decorator does.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

DECORATOR = "Substitution"
_STRIP_METHODS = frozenset({"strip", "rstrip", "lstrip"})


def substituted_docstring(docstring: Any) -> str | None:
    """The text of the griffe ``docstring`` after its object's ``Substitution`` decorators
    filled it in; None when none applies."""
    owner = docstring.parent
    decorators = getattr(owner, "decorators", None) or ()
    calls = [d.value for d in decorators if _called_name(d.value) == DECORATOR]
    if not calls or not ("{" in docstring.value or "%(" in docstring.value):
        return None
    raw = _raw_docstring(docstring)
    if raw is None:
        return None
    for call in calls:
        params = _string_arguments(call, owner)
        if params is None:
            return None
        try:
            if any(f"%({name})" in raw for name in params):
                raw = raw % params
            else:
                raw = raw.format(**params)
        except (KeyError, IndexError, ValueError, TypeError):
            return None
    return inspect.cleandoc(raw)


def _called_name(expression: Any) -> str:
    function = getattr(expression, "function", None)
    return str(function).rpartition(".")[2] if function is not None else ""


def _string_arguments(call: Any, owner: Any) -> dict[str, str] | None:
    """The decorator's keyword arguments as strings; None when one is not a string it names."""
    params: dict[str, str] = {}
    for argument in getattr(call, "arguments", ()):
        name = getattr(argument, "name", None)
        if not isinstance(name, str):
            return None  # a positional argument
        text = _string_of(argument.value, owner)
        if text is None:
            return None
        params[name] = text
    return params


def _string_of(expression: Any, owner: Any) -> str | None:
    """The string ``expression`` is: a literal, or a name of a string constant in the code."""
    if isinstance(expression, str):
        return _literal(expression)
    path = getattr(expression, "canonical_path", None)
    if not isinstance(path, str):
        return None
    try:
        found = owner.modules_collection[path]
        found = getattr(found, "final_target", found)
    except Exception:  # griffe raises its own errors for a name it cannot follow
        return None
    value = getattr(found, "value", None)
    return _literal(str(value)) if value is not None else None


def _literal(source: str) -> str | None:
    """The string the Python expression ``source`` evaluates to, when it is a string literal,
    perhaps with ``.strip()``, ``.rstrip()`` or ``.lstrip()`` (no arguments) called on it."""
    try:
        node = ast.parse(source.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    calls: list[str] = []
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _STRIP_METHODS
        and not node.args
        and not node.keywords
    ):
        calls.append(node.func.attr)
        node = node.func.value
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return None
    text = node.value
    for method in reversed(calls):
        text = getattr(text, method)()
    return text


def _raw_docstring(docstring: Any) -> str | None:
    """The docstring as the code writes it, its indentation kept (the decorator formats
    ``__doc__`` before anything dedents it): its lines in the file griffe read, which griffe
    keeps per file (reading the file again for each docstring made a module of many decorated
    functions quadratic)."""
    try:
        source = docstring.source
    except (ValueError, KeyError, TypeError, AttributeError):  # no file or lines for it
        return None
    return _literal(source) if isinstance(source, str) else None
