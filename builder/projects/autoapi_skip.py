"""Which packages and modules a conf.py's ``autoapi-skip-member`` handler leaves out of the API.

A project hides parts of its code from sphinx-autoapi with a function it connects in
``setup(app)``: ``app.connect("autoapi-skip-member", skip_submodules)``, called with
``(app, what, name, obj, skip, options)`` and answering whether to skip. zarr 3.0.8 skips
``zarr.core`` and each module of ``zarr.codecs`` (documented in the package's own page). The
function is read, never run: its ``if`` statements, ``skip = ...`` assignments and ``return``
over ``what``, ``name`` and literals (``==``, ``in``, ``and``/``or``/``not``,
``name.startswith(...)``/``endswith``). A handler that does anything else skips nothing here.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

EVENT = "autoapi-skip-member"
# The handler's parameters that can be known for a module, by position.
_WHAT, _NAME, _SKIP = 1, 2, 4


class HandlerNotRead(Exception):
    """The handler does something this reading cannot follow."""


def skip_handler(conf_source: str) -> Callable[[str, str], bool] | None:
    """Whether the conf.py's skip handler skips an object, asked with autoapi's ``what``
    (``"package"``, ``"module"``) and its dotted name; None when it connects no handler this
    can read. A call it cannot follow answers False (the object stays)."""
    try:
        tree = ast.parse(conf_source)
    except (SyntaxError, ValueError, RecursionError):
        return None
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    handlers = [
        functions[node.args[1].id]
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "connect"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == EVENT
        and isinstance(node.args[1], ast.Name)
        and node.args[1].id in functions
    ]
    readable = [handler for handler in handlers if len(handler.args.args) > _SKIP]
    if not readable:
        return None

    def skips(what: str, name: str) -> bool:
        for handler in readable:
            params = [arg.arg for arg in handler.args.args]
            scope = {params[_WHAT]: what, params[_NAME]: name, params[_SKIP]: False}
            try:
                if _run(handler.body, scope, params[_SKIP]):
                    return True
            except (HandlerNotRead, RecursionError):
                continue
        return False

    return skips


def _run(body: list[ast.stmt], scope: dict[str, Any], skip: str) -> bool:
    """What the statements return, run in ``scope``; the value of ``skip`` when they end
    without returning (autoapi then reads nothing: a handler ends with ``return skip``)."""
    result = _statements(body, scope)
    return bool(scope[skip] if result is None else result)


def _statements(body: list[ast.stmt], scope: dict[str, Any]) -> Any:
    """Run ``body``: the value it returns, or None when it runs to its end."""
    for statement in body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # a docstring
        if isinstance(statement, ast.If):
            branch = statement.body if _value(statement.test, scope) else statement.orelse
            result = _statements(branch, scope)
            if result is not None:
                return result
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if not isinstance(target, ast.Name) or target.id not in scope:
                raise HandlerNotRead
            scope[target.id] = _value(statement.value, scope)
        elif isinstance(statement, ast.Return) and statement.value is not None:
            return bool(_value(statement.value, scope))
        elif not isinstance(statement, ast.Pass):
            raise HandlerNotRead
    return None


def _value(node: ast.expr, scope: dict[str, Any]) -> Any:
    """The value of an expression over the handler's known parameters and literals."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and node.id in scope:
        return scope[node.id]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return tuple(_value(element, scope) for element in node.elts)
    if isinstance(node, ast.BoolOp):
        values = (_value(operand, scope) for operand in node.values)
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _value(node.operand, scope)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, right = _value(node.left, scope), _value(node.comparators[0], scope)
        operator = type(node.ops[0])
        if operator in _COMPARISONS and isinstance(left, str | tuple | bool | int):
            return _COMPARISONS[operator](left, right)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("startswith", "endswith")
        and len(node.args) == 1
        and not node.keywords
    ):
        text, affix = _value(node.func.value, scope), _value(node.args[0], scope)
        if isinstance(text, str) and isinstance(affix, str | tuple):
            return getattr(text, node.func.attr)(affix)
    raise HandlerNotRead


_COMPARISONS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda left, right: left == right,
    ast.NotEq: lambda left, right: left != right,
    ast.In: lambda left, right: isinstance(right, str | tuple) and left in right,
    ast.NotIn: lambda left, right: isinstance(right, str | tuple) and left not in right,
}
