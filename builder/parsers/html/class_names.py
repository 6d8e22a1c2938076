"""The class attribute of HTML elements, read as names: each value a site repeats (the Python
docs' "pre", "reference internal"...) is split once, not once per element, and whether it names
a class of interest is decided once (ClassVerdicts). Both memories are bounded.
"""

from __future__ import annotations

from lxml.etree import _Element as Element


class ClassVerdicts(dict[str | None, bool]):
    """Whether each class attribute value seen (None: no attribute) names one of ``names``, or
    all the names of one of ``together``.

    A site repeats a few hundred values over millions of elements (the Python docs' "pre",
    "reference internal"...), so each is split into its names once, not once per element. The
    values are forgotten past _REMEMBERED_CLASS_VALUES, so pages of distinct ones cost no more
    memory than that."""

    def __init__(self, names: frozenset[str], together: tuple[frozenset[str], ...] = ()) -> None:
        super().__init__()
        self.names = names
        self.together = together

    def __missing__(self, value: str | None) -> bool:
        if len(self) >= _REMEMBERED_CLASS_VALUES:
            self.clear()
        split = value.split() if value is not None else []
        verdict = self[value] = not self.names.isdisjoint(split) or any(
            group.issubset(split) for group in self.together
        )
        return verdict


class _ClassNames(dict[str, frozenset[str]]):
    """Each class attribute value seen, as the set of its names (remembered as ClassVerdicts
    are)."""

    def __missing__(self, value: str) -> frozenset[str]:
        if len(self) >= _REMEMBERED_CLASS_VALUES:
            self.clear()
        names = self[value] = frozenset(value.split())
        return names


_REMEMBERED_CLASS_VALUES = 10_000
_CLASS_NAMES = _ClassNames()
_NO_CLASSES: frozenset[str] = frozenset()


def classes(element: Element) -> frozenset[str]:
    """The element's class attribute as a set of tokens."""
    value = element.get("class")
    return _CLASS_NAMES[value] if value else _NO_CLASSES


def has_class(element: Element, name: str) -> bool:
    """True when ``name`` is one of the element's class tokens."""
    value = element.get("class")
    return value is not None and name in _CLASS_NAMES[value]
