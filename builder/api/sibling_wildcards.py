"""The packages a loaded package's wildcard imports still name: ``from _pyodide._core_docs
import *`` in pyodide's ``pyodide/ffi/__init__.py``.

griffe expands a wildcard import while loading only when the package it names is loaded
already; a package of the same folder loaded later leaves the import an alias griffe never
follows, and the module without the names it brings (pyodide.ffi: ``JsProxy``, ``to_js``,
``create_proxy`` and the rest of its ``__all__``, documented by ``.. automodule:: pyodide.ffi``
on whichever page came first). builder.api.code loads those packages and expands them again.
"""

from __future__ import annotations

from typing import Any

# How many modules of a package are looked through (a vendored tree can hold thousands).
MOST_MODULES = 5_000


def wildcard_packages(package: Any) -> tuple[str, ...]:
    """The top-level packages, other than ``package``'s own, that wildcard imports left in
    ``package`` (a griffe module) or its submodules name, sorted."""
    found: set[str] = set()
    pending = [package]
    visited = 0
    while pending and visited < MOST_MODULES:
        module = pending.pop()
        visited += 1
        for member in module.members.values():
            if member.is_alias:
                wildcard = getattr(member, "wildcard", None)
                if isinstance(wildcard, str) and wildcard:
                    found.add(wildcard.partition(".")[0])
            elif member.kind.value == "module":
                pending.append(member)
    found.discard(package.name)
    return tuple(sorted(found))
