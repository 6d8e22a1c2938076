"""Read the string operations a Sphinx conf.py does on text it holds: methods, slices, joins.

A conf.py derives the short X.Y ``version`` from the full ``release`` (cachetools'
``version = ".".join(release.split(".")[:2])``, structlog's ``release.rsplit(".", 1)[0]``,
pytest's ``release = ".".join(version.split(".")[:2])``), and Sphinx shows what that gives in
``|version|``. Only ``str`` methods that give text or a list of it are read, on values already
known, with text or numbers as arguments; anything else is no literal (ValueError).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

# The str methods whose result is text or a sequence of text.
STRING_METHODS = frozenset(
    [
        "split", "rsplit", "partition", "rpartition", "strip", "lstrip", "rstrip",
        "removeprefix", "removesuffix", "replace", "lower", "upper", "join",
    ]
)  # fmt: skip
# The longest text a join or replace may make: chained on a conf.py's literals, they could
# otherwise grow past any memory.
MAX_RESULT_CHARS = 1024 * 1024
# The most text (and list items) the operations of one conf.py may make, all told: a file of
# a megabyte holds tens of thousands of them, each a copy of up to MAX_RESULT_CHARS.
MAX_TOTAL_CHARS = 16 * MAX_RESULT_CHARS


class TextBudget:
    """What the operations of one conf.py may still make; spent as they make it."""

    def __init__(self, chars: int = MAX_TOTAL_CHARS) -> None:
        self.left = chars

    def spend(self, size: int) -> None:
        if size > min(self.left, MAX_RESULT_CHARS):
            raise ValueError("an operation that makes text too long")
        self.left -= size


def string_operation(
    node: ast.expr, value_of: Callable[[ast.expr], Any], budget: TextBudget | None = None
) -> tuple[bool, Any]:
    """(True, value) when ``node`` is a str method call or a subscript of text or a list of
    it, each part's value read with ``value_of`` and what it makes spent from ``budget``;
    (False, None) for any other node."""
    budget = budget or TextBudget()
    if isinstance(node, ast.Subscript):
        sequence = value_of(node.value)
        if not isinstance(sequence, str | list | tuple):
            raise ValueError("a subscript of what is not text or a list")
        index = _index(node.slice, value_of)
        budget.spend(len(sequence) if isinstance(index, slice) else 1)
        return True, sequence[index]
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in STRING_METHODS
        and not node.keywords
    ):
        return False, None
    text = value_of(node.func.value)
    arguments = [value_of(argument) for argument in node.args]
    if not isinstance(text, str):
        raise ValueError(f"{node.func.attr} of what is not text")
    if node.func.attr == "join":
        if len(arguments) != 1 or not _texts(arguments[0]):
            raise ValueError("join of what is not a list of strings")
    elif not all(_simple(argument) for argument in arguments):
        raise ValueError(f"{node.func.attr} of what is not text or a number")
    budget.spend(result_size(text, node.func.attr, arguments))
    result = getattr(text, node.func.attr)(*arguments)
    return True, list(result) if isinstance(result, tuple) else result


def result_size(text: str, method: str, arguments: list[Any]) -> int:
    """How long the text ``text.method(*arguments)`` makes may be, at most (also
    builder.api.literal_values')."""
    if method == "join":
        items = arguments[0]
        return sum(map(len, items)) + len(text) * max(0, len(items) - 1)
    if method == "replace" and len(arguments) >= 2 and arguments[0]:
        return len(text) + text.count(arguments[0]) * len(arguments[1])
    if method == "replace" and len(arguments) >= 2:  # "" is found between every character
        return len(text) + (len(text) + 1) * len(arguments[1])
    return len(text)


def _index(node: ast.expr, value_of: Callable[[ast.expr], Any]) -> int | slice:
    """The index or slice ``node`` spells with whole numbers."""
    if isinstance(node, ast.Slice):
        bounds = [None if part is None else value_of(part) for part in (node.lower, node.upper)]
        step = None if node.step is None else value_of(node.step)
        if not all(bound is None or _whole(bound) for bound in (*bounds, step)):
            raise ValueError("a slice of what is not a whole number")
        return slice(bounds[0], bounds[1], step)
    index = value_of(node)
    if not _whole(index):
        raise ValueError("an index that is not a whole number")
    return int(index)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _simple(value: Any) -> bool:
    return value is None or isinstance(value, str) or _whole(value)


def _texts(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(item, str) for item in value)
