"""The object a module attribute wraps when it is made by a function of the package that returns
an inner function decorated with ``functools.wraps`` of one of its parameters::

    def stateful_transform(class_):
        @wraps(class_)
        def stateful_transform_wrapper(*args, **kwargs): ...
        return stateful_transform_wrapper

    center = stateful_transform(Center)

autodoc imports ``center`` and shows the docstring ``wraps`` copied from ``Center``; read
statically, patsy 1.0.3's ``center``, ``standardize``, ``bs`` and the other transforms of its
reference showed their assignment alone.
"""

from __future__ import annotations

import ast
import functools
import textwrap
from typing import Any

# The names ``functools.wraps`` is called by.
_WRAPS = frozenset({"wraps", "functools.wraps"})


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
    return None
