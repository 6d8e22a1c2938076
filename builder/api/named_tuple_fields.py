"""The docstring Python gives each field of a ``typing.NamedTuple`` class.

``class Point(NamedTuple)`` with ``x: int`` and ``y: int = 0`` in its body makes ``Point.x``
and ``Point.y`` properties whose docstrings are "Alias for field number 0" and "... 1": autodoc
imports the class and so lists them under ``:members:`` with that text, as documented
members. The code has no docstring to read; the field's place among the annotated names of
the class body gives it.
"""

from __future__ import annotations

from typing import Any


def is_named_tuple(klass: Any) -> bool:
    """Whether the griffe class ``klass`` is based on ``NamedTuple`` itself."""
    return any(str(base).rpartition(".")[2] == "NamedTuple" for base in klass.bases)


def fields_of(klass: Any) -> list[Any]:
    """The fields of a ``NamedTuple`` class, in their order: the names its body annotates."""
    return [
        member
        for member in klass.members.values()
        if not member.is_alias and member.is_attribute and member.annotation is not None
    ]


def field_doc(target: Any) -> str:
    """ "Alias for field number N" for a field of a ``NamedTuple`` class; "" for any other."""
    parent = getattr(target, "parent", None)
    if target.kind.value != "attribute" or parent is None or parent.kind.value != "class":
        return ""
    if not is_named_tuple(parent):
        return ""
    fields = fields_of(parent)
    for number, field in enumerate(fields):
        if field is target:
            return f"Alias for field number {number}"
    return ""
