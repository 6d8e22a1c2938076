"""Names bound by unpacking (``CONT, TEXT, BINARY = 0x00, 0x01, 0x02``) as attributes.

websockets writes its enums' members so (``Opcode``, ``SERVER, CLIENT = range(2)`` in ``Side``),
and a module's constants are written so too. griffe keeps only assignments to one name, so
``.. autoattribute:: websockets.frames.Opcode.CONT`` was "not found in the code" and an
enum's ``:members:`` missed them, where Sphinx's autodoc, which imports the module, shows
them. Each name becomes an attribute of its class or module, with its value when the right
side is a tuple of the same length; a name griffe already has is left as it is.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe


class UnpackedNames(griffe.Extension):
    """Adds the names a class or module body binds by unpacking a tuple."""

    def on_class_members(self, *, node: Any, cls: griffe.Class, **kwargs: Any) -> None:
        _add_unpacked(node, cls, "class-attribute")

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        _add_unpacked(node, mod, "module-attribute")


def _add_unpacked(node: Any, parent: griffe.Class | griffe.Module, label: str) -> None:
    body = node.body if isinstance(node, ast.Module | ast.ClassDef) else []
    for statement in body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target, value = statement.targets[0], statement.value
        if not isinstance(target, ast.Tuple):
            continue
        names = [element.id for element in target.elts if isinstance(element, ast.Name)]
        if len(names) != len(target.elts):
            continue  # "a, *rest = ..." or "obj.a, b = ...": not one name per value
        values: list[ast.expr | None] = [None] * len(names)
        if isinstance(value, ast.Tuple) and len(value.elts) == len(names):
            values = list(value.elts)
        for name, bound in zip(names, values, strict=True):
            if name in parent.members:
                continue
            attribute = griffe.Attribute(
                name,
                lineno=statement.lineno,
                endlineno=statement.end_lineno,
                value=None if bound is None else ast.unparse(bound),
            )
            attribute.labels.add(label)
            parent.set_member(name, attribute)
