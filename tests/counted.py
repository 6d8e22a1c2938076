"""A list that counts how many of its items a caller reads or copies: tests of loops that must
look at a few items, not copy the rest of a page for each one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar

Item = TypeVar("Item")


class Counted(list[Item]):
    """Items read by index or slice are counted in ``touched`` (a slice counts its length)."""

    touched = 0

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            self.touched += len(range(*key.indices(len(self))))
        else:
            self.touched += 1
        return super().__getitem__(key)


class CountedLines(Counted[str]):
    """A page's lines, counted when iterated too."""

    def __iter__(self) -> Iterator[str]:
        for n in range(len(self)):
            yield self[n]
