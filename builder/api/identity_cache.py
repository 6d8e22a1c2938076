"""Values computed from griffe's objects, kept by the object's identity for the most recent ones.

griffe's objects (classes, a file's list of lines) are neither hashable by content nor cheap to
hash, and the same object is asked about again and again while one page is read. The object is
kept beside its value, so its id cannot be reused by another object while the value is kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

_V = TypeVar("_V")


class IdentityCache(Generic[_V]):
    """At most ``size`` values, by their object's identity, the least recently used dropped."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: OrderedDict[int, tuple[Any, _V]] = OrderedDict()

    def get(self, key: Any, compute: Callable[[Any], _V]) -> _V:
        """``compute(key)``, computed once while kept."""
        kept = self._kept.get(id(key))
        if kept is not None:
            self._kept.move_to_end(id(key))
            return kept[1]
        value = compute(key)
        self._kept[id(key)] = (key, value)
        if len(self._kept) > self._size:
            self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        self._kept.clear()
