"""Docstrings a module assigns after the fact: ``__doc__ = "..."`` in a class body, or
``histplot.__doc__ = "...".format(**params)`` under a function.

statsmodels writes its models' docstrings so (``OLS``: ``__doc__ = "Ordinary Least Squares
{params} ...".format(...)``), seaborn its plotting functions'; read statically, the objects
had no docstring, and their sections held a signature alone. The string written there is
their docstring, as Python runs it, less what is filled in at run time: a line that is only a
placeholder (``{params.core.data}``, ``%(params)s``) is left out, and ``.format``'s doubled
braces read single. Nothing is run: the module's syntax tree is read.
"""

from __future__ import annotations

import ast
import re
import warnings
from functools import lru_cache

# A module larger than this is not parsed for them (generated code); a source file is far less.
MAX_MODULE_CHARS = 2 * 1024 * 1024
# Lines holding nothing but a placeholder a run-time format fills in.
_PLACEHOLDER_LINE = re.compile(r"^[ \t]*(?:\{[\w.\[\]]*\}|%\(\w+\)s)[ \t]*(?:\n|$)", re.M)


def assigned_docstring(module_lines: list[str], qualified_name: str) -> str:
    """The docstring assigned to ``qualified_name`` (a path within the module: ``histplot``,
    ``OLS``, ``Outer.Inner``) in the module whose source is ``module_lines``; "" when none."""
    if not module_lines:
        return ""
    return _assigned_docs("\n".join(module_lines))[0].get(qualified_name, "")


def copied_docstring_name(module_lines: list[str], qualified_name: str) -> str:
    """The dotted name, in the module's namespace, of the object whose ``__doc__`` the module
    assigns to ``qualified_name``'s (arrow's ``get.__doc__ = _factory.get.__doc__`` gives
    ``_factory.get``); "" when none."""
    if not module_lines:
        return ""
    return _assigned_docs("\n".join(module_lines))[1].get(qualified_name, "")


# Each path's assigned text, and each path's copied name (copied_docstring_name).
_Assigned = tuple[dict[str, str], dict[str, str]]


@lru_cache(maxsize=32)
def _assigned_docs(source: str) -> _Assigned:
    if "__doc__" not in source or len(source) > MAX_MODULE_CHARS:
        return {}, {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}, {}
    found: _Assigned = ({}, {})
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if (
                isinstance(target, ast.Attribute)
                and target.attr == "__doc__"
                and isinstance(target.value, ast.Name)
            ):
                _keep(found, target.value.id, node.value)
        elif isinstance(node, ast.ClassDef):
            _class_docs(node, node.name, found, depth=0)
    return found


def _class_docs(node: ast.ClassDef, path: str, found: _Assigned, depth: int) -> None:
    """A class body's ``__doc__ = ...``, and those of the classes nested in it."""
    if depth > 5:
        return
    for statement in node.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__doc__" for target in statement.targets
        ):
            _keep(found, path, statement.value)
        elif isinstance(statement, ast.ClassDef):
            _class_docs(statement, f"{path}.{statement.name}", found, depth + 1)


def _keep(found: _Assigned, path: str, value: ast.expr) -> None:
    if isinstance(value, ast.Attribute) and value.attr == "__doc__":
        copied = _dotted_name(value.value)
        if copied:
            found[1][path] = copied
        return
    text = _written_text(value)
    if text is not None and text.strip():
        found[0][path] = _PLACEHOLDER_LINE.sub("", text)


def _written_text(value: ast.expr, depth: int = 0) -> str | None:
    """The string literal an expression formats: ``"..."``, ``"..." % x``,
    ``"...".format(...)`` or ``dedent(...)`` of one; None for anything else."""
    if depth > 3:
        return None
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod):
        return _written_text(value.left, depth + 1)
    if not isinstance(value, ast.Call):
        return None
    function = value.func
    if isinstance(function, ast.Attribute) and function.attr == "format":
        text = _written_text(function.value, depth + 1)
        return None if text is None else text.replace("{{", "{").replace("}}", "}")
    name = function.attr if isinstance(function, ast.Attribute) else ""
    name = function.id if isinstance(function, ast.Name) else name
    if name == "dedent" and value.args:  # textwrap.dedent("...") or dedent("...")
        return _written_text(value.args[0], depth + 1)
    return None


def _dotted_name(value: ast.expr) -> str:
    """``a.b.c`` for the expression naming it so; "" for any other expression."""
    if isinstance(value, ast.Name):
        return value.id
    if isinstance(value, ast.Attribute):
        owner = _dotted_name(value.value)
        return f"{owner}.{value.attr}" if owner else ""
    return ""
