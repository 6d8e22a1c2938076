"""The object a module attribute wraps when it is made by a function of the package that returns
an inner function decorated with ``functools.wraps`` of one of its parameters::

    def stateful_transform(class_):
        @wraps(class_)
        def stateful_transform_wrapper(*args, **kwargs): ...
        return stateful_transform_wrapper

    center = stateful_transform(Center)

autodoc imports ``center`` and shows the docstring ``wraps`` copied from ``Center``; read
statically, patsy 1.0.3's ``center``, ``standardize``, ``bs`` and the other transforms of its
reference showed their assignment alone. An inner function given the parameter's docstring
otherwise (``wrapped.__doc__ = coro.__doc__``, ``functools.update_wrapper(wrapped, coro)``)
wraps it the same way.
"""

from __future__ import annotations

import ast
import functools
import textwrap
from typing import Any

# The names ``functools.wraps`` and ``functools.update_wrapper`` are called by.
_WRAPS = frozenset({"wraps", "functools.wraps"})
_UPDATE_WRAPPER = frozenset({"update_wrapper", "functools.update_wrapper"})


def wrapped_parameter(function: Any) -> int | None:
    """The position of the parameter whose object ``function`` (a griffe function) returns a
    ``wraps`` of: an inner function it defines so decorated and returns. None for any other."""
    import griffe

    try:
        source = function.source
    except (AttributeError, OSError, ValueError, griffe.GriffeError):
        return None
    return _wrapped_position(source) if isinstance(source, str) else None


# Each attribute made by a call asks of the function called: a module of a thousand
# "x = make(K)" parsed a long make() a thousand times.
@functools.lru_cache(maxsize=64)
def _wrapped_position(source: str) -> int | None:
    try:
        tree = ast.parse(textwrap.dedent(source))
    except (SyntaxError, ValueError):
        return None
    defined = tree.body[0] if tree.body else None
    if not isinstance(defined, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    parameters = [argument.arg for argument in defined.args.args]
    returned = {
        node.value.id
        for node in defined.body
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Name)
    }
    for node in defined.body:
        if (
            not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            or node.name not in returned
        ):
            continue
        for decorator in node.decorator_list:
            if (
                isinstance(decorator, ast.Call)
                and ast.unparse(decorator.func) in _WRAPS
                and decorator.args
                and isinstance(decorator.args[0], ast.Name)
                and decorator.args[0].id in parameters
            ):
                return parameters.index(decorator.args[0].id)
    for node in defined.body:
        copied = _doc_copied_from(node, returned)
        if copied in parameters:
            return parameters.index(copied)
    return None


def _doc_copied_from(statement: ast.stmt, returned: set[str]) -> str | None:
    """The name whose docstring ``statement`` gives a returned inner function, as jupyter_client's
    ``run_sync`` does (``wrapped.__doc__ = coro.__doc__``), or as
    ``functools.update_wrapper(wrapped, coro)`` does; None for any other statement."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target, value = statement.targets[0], statement.value
        if (
            isinstance(target, ast.Attribute)
            and target.attr == "__doc__"
            and isinstance(target.value, ast.Name)
            and target.value.id in returned
            and isinstance(value, ast.Attribute)
            and value.attr == "__doc__"
            and isinstance(value.value, ast.Name)
        ):
            return value.value.id
    call = statement.value if isinstance(statement, ast.Expr) else None
    if (
        isinstance(call, ast.Call)
        and ast.unparse(call.func) in _UPDATE_WRAPPER
        and len(call.args) >= 2
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id in returned
        and isinstance(call.args[1], ast.Name)
    ):
        return call.args[1].id
    return None
