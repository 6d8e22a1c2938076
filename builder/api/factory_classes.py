"""The class a module's function defines in its body and returns an instance of, read from the
function's source: dateutil's ``gettz = __get_gettz()``, whose ``__get_gettz`` defines
``class GettzFunc`` and ends ``return GettzFunc()``. autodoc imports ``gettz`` and documents the
instance by its class (its docstring, its methods for ``automethod:: gettz.nocache``); griffe
loads no class defined inside a function.
"""

from __future__ import annotations

import ast
import textwrap
from typing import Any


def factory_class(function: Any) -> Any:
    """The griffe class ``function`` defines at the top of its body and returns a call of (its
    last such ``return Name(...)``), read as a module of its own beside ``function``'s; None
    when it returns none or its source cannot be read."""
    import griffe

    try:
        source = textwrap.dedent(function.source)
        tree = ast.parse(source)
    except (AttributeError, OSError, SyntaxError, ValueError, griffe.GriffeError):
        return None
    defined = tree.body[0] if tree.body else None
    if not isinstance(defined, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    classes = {node.name: node for node in defined.body if isinstance(node, ast.ClassDef)}
    returned = [
        node.value.func.id
        for node in defined.body
        if isinstance(node, ast.Return)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id in classes
    ]
    if not returned:
        return None
    node = classes[returned[-1]]
    segment = ast.get_source_segment(source, node, padded=True)
    if segment is None:
        return None
    try:
        module = griffe.visit(function.module.path, function.filepath, textwrap.dedent(segment))
    except (SyntaxError, ValueError, griffe.GriffeError):
        return None
    return module.members.get(node.name)
