"""Docstrings for the code of a compiled extension, from the sources it is compiled from.

Sphinx imports the built extension and shows its docstrings; griffe reads the ``.pyi`` stubs
that type it (mmh3) or the pure-Python fallback a package imports when it is not built
(msgpack's ``fallback.py`` beside ``_unpacker.pyx``), whose objects may have none. Such an
object takes the docstring its namesake has in the C (``builder.api.c_docstrings``) or Cython
(``builder.api.cython_docstrings``) files of its module's folder; one of its own is kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.api.c_docstrings import c_docstrings_by_module
from builder.api.cython_docstrings import cython_docstrings
from builder.api.package_modules import package_modules


def fill_compiled_docstrings(package: Any) -> None:
    """Give the functions, classes and class members of ``package``'s modules that have no
    docstring the ones the compiled sources beside each module declare for them."""
    import griffe

    read: dict[Path, tuple[dict[str, str], dict[str, dict[str, str]]]] = {}
    for module in package_modules(package):
        if not isinstance(module.filepath, Path):  # a namespace package's folders
            continue
        folder = module.filepath.parent
        if folder not in read:
            by_module = c_docstrings_by_module(folder)
            merged = {name: doc for docs in by_module.values() for name, doc in docs.items()}
            read[folder] = (merged | cython_docstrings(folder), by_module)
        # A module's own C file first: another module beside it may name other objects alike.
        docs = read[folder][0] | read[folder][1].get(module.name, {})
        if not docs:
            continue
        for name, member in module.members.items():
            named = [(name, member)]
            if not member.is_alias and member.kind.value == "class":
                named += [(f"{name}.{inner}", one) for inner, one in member.members.items()]
            for qualified, one in named:
                if not one.is_alias and one.docstring is None and docs.get(qualified):
                    one.docstring = griffe.Docstring(docs[qualified], parent=one)
