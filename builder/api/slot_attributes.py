"""The names a class's own literal ``__slots__`` declares, as members griffe lacks.

autodoc lists each ``__slots__`` name as a member of the class (builder.api.slot_members); a
name only a tuple sets (``self.username, self.password = username, password``, py-amqp 5.1.1's
``PLAIN`` and ``AMQPLAIN``) is no member to griffe, so nothing could show it. Each such name
becomes an attribute of the class, at the ``__slots__`` line; a dict ``__slots__`` gives each
name the docstring autodoc shows for it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

import griffe

_SLOTS = "__slots__"


class SlotAttributes(griffe.Extension):
    """Adds to a class the names its literal ``__slots__`` declares that griffe has no member
    for (``self.username, self.password = username, password``, unpacked in ``__init__``),
    and the docstrings a dict ``__slots__`` gives them."""

    def on_class_members(self, *, node: Any, cls: griffe.Class, **kwargs: Any) -> None:
        if not isinstance(node, ast.ClassDef):
            return
        for statement in _class_level_statements(node.body):
            if not isinstance(statement, ast.Assign) or not any(
                isinstance(t, ast.Name) and t.id == _SLOTS for t in statement.targets
            ):
                continue
            for name, doc in _declared(statement.value):
                if name.startswith("__") and name.endswith("__"):
                    continue  # __weakref__, __dict__: Python's own
                member = cls.members.get(name)
                if member is None:
                    member = griffe.Attribute(
                        name, lineno=statement.lineno, endlineno=statement.end_lineno
                    )
                    member.labels.add("instance-attribute")
                    cls.set_member(name, member)
                if doc and isinstance(member, griffe.Object) and member.docstring is None:
                    member.docstring = griffe.Docstring(doc, parent=member)


def _class_level_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A class body's statements, those under its ``if`` and ``try`` blocks too (vine's
    ``if not hasattr(sys, 'pypy_version_info'): __slots__ = (...)``), not its functions'."""
    for statement in body:
        yield statement
        if isinstance(statement, ast.If | ast.Try):
            nested = [*statement.body, *statement.orelse]
            if isinstance(statement, ast.Try):
                nested += [*statement.finalbody]
            yield from _class_level_statements(nested)


def _declared(value: ast.expr) -> list[tuple[str, str]]:
    """(name, docstring) of each string a literal ``__slots__`` value declares: a string, a
    tuple or list of strings, or a dict of strings to their docstrings (or None)."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return [(value.value, "")]
    if isinstance(value, ast.Tuple | ast.List):
        return [
            (e.value, "")
            for e in value.elts
            if isinstance(e, ast.Constant) and isinstance(e.value, str)
        ]
    if isinstance(value, ast.Dict):
        return [
            (k.value, v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "")
            for k, v in zip(value.keys, value.values, strict=True)
            if isinstance(k, ast.Constant) and isinstance(k.value, str)
        ]
    return []
