"""zope.interface's attribute declarations: ``app = Attribute("The created application")``.

An interface declares its attributes so, and ``Attribute``'s first argument is the
attribute's documentation (its ``__doc__``, which repoze.sphinx.autointerface shows). With no
docstring of their own, ``:members:`` left them out, and an interface read as its methods.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

_DECLARATIONS = frozenset({"zope.interface.Attribute", "zope.interface.interface.Attribute"})


def declared_doc(target: Any) -> str:
    """The documentation a zope ``Attribute(...)`` gives the attribute ``target``, or ""."""
    if target.kind.value != "attribute":
        return ""
    function = getattr(target.value, "function", None)
    if getattr(function, "canonical_path", None) not in _DECLARATIONS:
        return ""
    arguments = getattr(target.value, "arguments", None) or []
    if not arguments or not isinstance(arguments[0], str):  # a keyword argument is not a str
        return ""
    try:
        text = ast.literal_eval(arguments[0])
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return ""
    return inspect.cleandoc(text) if isinstance(text, str) else ""
