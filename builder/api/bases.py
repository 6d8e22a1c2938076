"""A class's bases by their full dotted names, as autodoc shows them when conf.py sets
``autodoc_typehints_format = "fully-qualified"``.

autodoc names each base by the module that defines it (``class Item(nodes.Node)`` shows
``_pytest.nodes.Node``), except what ``typing`` defines, which keeps its short name
(``Generic[T]``), and builtins (``Exception``). griffe resolves a name through the imports of
the module that writes it; a base it cannot name (a call, an unresolved expression) reads as
written.
"""

from __future__ import annotations

from typing import Any

_TYPING = "typing."


def qualified_base(base: Any) -> str:
    """The full dotted name of one base expression of a griffe class."""
    left = getattr(base, "left", None)
    if left is not None and hasattr(base, "slice"):  # a subscript: Generic[T], Mapping[K, V]
        return f"{_qualified_name(left)}[{base.slice}]"
    return _qualified_name(base)


def _qualified_name(expression: Any) -> str:
    written = str(expression)
    try:
        path = expression.canonical_path
    except Exception:  # griffe raises its own errors on names it cannot resolve
        return written
    if not isinstance(path, str) or not path:
        return written
    return path.removeprefix(_TYPING)
