"""Keep a property's docstring when its setter is written with the decorator of a property class.

``@use.setter`` (or ``.deleter``, ``.getter``) under a property made by a subclass of
``property`` (pyvo's ``@xmlattribute``) rebinds the name to a property that keeps the getter's
docstring, which autodoc shows. griffe merges the accessors of ``@property`` alone: for any
other decorator it set the undocumented setter over the getter, and pyvo's 114 such
attributes read as their names alone. This extension gives the accessor the getter's
docstring (and its "property" label) where the accessor has none of its own.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe

_ACCESSORS = frozenset({"setter", "deleter", "getter"})


class PropertyAccessors(griffe.Extension):
    """The getter each accessor definition replaces, kept for its docstring."""

    def __init__(self) -> None:
        super().__init__()
        self._getters: dict[int, Any] = {}

    def on_function_node(
        self, *, node: ast.AST | griffe.ObjectNode, agent: Any, **kwargs: Any
    ) -> None:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        if not any(_is_accessor(decorator, node.name) for decorator in node.decorator_list):
            return
        getter = agent.current.members.get(node.name)
        if getter is not None and not getter.is_alias and getter.docstring is not None:
            self._getters[id(node)] = getter

    def on_function_instance(
        self, *, node: ast.AST | griffe.ObjectNode, func: griffe.Function, **kwargs: Any
    ) -> None:
        getter = self._getters.pop(id(node), None)
        if getter is None or func.docstring is not None:
            return
        func.docstring = getter.docstring
        func.labels.add("property")


def _is_accessor(decorator: ast.expr, name: str) -> bool:
    """Whether ``decorator`` is ``@<name>.setter`` (or ``.deleter``, ``.getter``)."""
    return (
        isinstance(decorator, ast.Attribute)
        and decorator.attr in _ACCESSORS
        and isinstance(decorator.value, ast.Name)
        and decorator.value.id == name
    )
