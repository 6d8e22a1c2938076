"""The names a class's ``__slots__`` declares, as autodoc lists them among the class's members.

``__slots__ = ("channel_id", "auto_decode")`` makes each name a descriptor of the class, so
autodoc finds it by ``dir()`` and lists it under ``:undoc-members:`` though only
``__init__`` assigns it (``self.channel_id = channel_id``), which it otherwise never shows.
autodoc reads ``__slots__`` by attribute lookup, so a subclass without its own lists its base's
names as its own members (py-amqp's ``Connection`` and ``Channel``, below ``AbstractChannel``).
Only a literal ``__slots__`` is read: a string, or a tuple, list or dict of strings.
"""

from __future__ import annotations

import ast
from typing import Any

from builder.api.class_order import readable_class_order

_SLOTS = "__slots__"


def slot_names(klass: Any) -> frozenset[str]:
    """The names the ``__slots__`` of ``klass`` (its own, else its nearest base's) declares;
    empty when neither declares a literal one."""
    for owner in (klass, *readable_class_order(klass)):
        declared = owner.members.get(_SLOTS)
        if declared is not None and not declared.is_alias:
            return _literal_names(declared.value)
    return frozenset()


def _literal_names(value: Any) -> frozenset[str]:
    """The strings of a ``__slots__`` value griffe read: a string, the elements of a tuple or
    list, or the keys of a dict (whose values autodoc shows as docstrings)."""
    kind = type(value).__name__
    if kind in ("ExprTuple", "ExprList"):
        items = list(value.elements)
    elif kind == "ExprDict":
        items = list(value.keys)
    else:
        items = [value]
    names = (_string(item) for item in items)
    return frozenset(name for name in names if name is not None and name.isidentifier())


def _string(item: Any) -> str | None:
    """The text of a string literal as griffe writes it (``"'fun'"``); None for any other."""
    if not isinstance(item, str):
        return None
    try:
        value = ast.literal_eval(item)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None
