"""Names a module imports in a ``try`` whose ``except ImportError`` defines a stand-in: the import.

``try: from environ.secrets.awssm import SecretsManagerSecrets`` / ``except ImportError: class
SecretsManagerSecrets: ...`` (environ-config 26.1.0, a stub for when boto3 is missing): griffe
keeps the last definition, so the stub was documented, without its docstring, where Sphinx,
which imports the module with the docs' requirements installed, shows the imported class. The
import wins when the module it names is source the project holds (a ``.py`` file or package);
a compiled module's pure-Python stand-in (``except ImportError: def escape(...)``) stays, as
it is the only code there is to read.

So with an import in both (``try: from collections.abc import MutableMapping`` / ``except
ImportError: from collections import MutableMapping``, WebOb 1.8.6's compat): griffe kept the
second, which Python 3.10 and later do not have, and webob's MultiDict had no base to inherit
from; the first wins when this Python's standard library has the name.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import griffe

from builder.api.builtin_members import STDLIB_BASE_MODULES

# The exceptions an optional import's fallback catches.
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
_DEFINITIONS = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


class ImportFallbacks(griffe.Extension):
    """Puts back the import a ``try`` makes over the stand-in its ``except ImportError``
    defines."""

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        if not isinstance(node, ast.Module):
            return
        for statement in node.body:
            if isinstance(statement, ast.Try) and _catches_import_errors(statement):
                _prefer_imports(statement, mod)


def _catches_import_errors(statement: ast.Try) -> bool:
    for handler in statement.handlers:
        caught = handler.type
        names = caught.elts if isinstance(caught, ast.Tuple) else [caught] if caught else []
        if any(isinstance(name, ast.Name) and name.id in _IMPORT_ERRORS for name in names):
            return True
    return False


def _prefer_imports(statement: ast.Try, mod: griffe.Module) -> None:
    defined = {
        node.name: node
        for handler in statement.handlers
        for node in handler.body
        if isinstance(node, _DEFINITIONS)
    }
    imported_again = {
        name.asname or name.name: node.lineno
        for handler in statement.handlers
        for node in handler.body
        if isinstance(node, ast.ImportFrom)
        for name in node.names
    }
    for node in statement.body:
        if not isinstance(node, ast.ImportFrom):
            continue
        for name in node.names:
            bound = name.asname or name.name
            member = mod.members.get(bound)
            if member is None:
                continue
            if isinstance(member, griffe.Alias) and _standard_name(node, name.name):
                # A standard library import with an older place to fall back on (``from
                # collections.abc import MutableMapping``, else ``from collections``): this
                # Python has the name there, so the first import is the one made (griffe
                # keeps the last, which Python 3.10 and later lack).
                if member.alias_lineno == imported_again.get(bound):
                    target = f"{node.module}.{name.name}"
                    mod.set_member(
                        bound,
                        griffe.Alias(bound, target, lineno=node.lineno, endlineno=node.end_lineno),
                    )
                continue
            stand_in = defined.get(bound)
            if stand_in is None or member.is_alias:
                continue
            if member.lineno != _first_line(stand_in):
                continue  # set again after the try: that one is what the module holds
            target = griffe.relative_to_absolute(node, name, mod)
            # An import from the module itself ("from pkg import name" in pkg) would make an
            # alias of the name to itself, which names nothing.
            if target.rpartition(".")[0] == mod.path or not _is_source(target, mod):
                continue
            alias = griffe.Alias(bound, target, lineno=node.lineno, endlineno=node.end_lineno)
            mod.set_member(bound, alias)


def _standard_name(node: ast.ImportFrom, name: str) -> bool:
    """Whether ``from X import name`` succeeds on this Python, X a module of its standard
    library that builder.api.builtin_members may import (``collections.abc``; another is not
    imported to find out: ``this`` and ``antigravity`` act on import). False when that cannot
    be told, also for a module the interpreter happens to have imported already: what the
    build imported before (``email.mime.text``) would change a page's bases."""
    module = node.module or ""
    if node.level or module not in STDLIB_BASE_MODULES:
        return False
    return hasattr(importlib.import_module(module), name)


def _first_line(node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The line griffe gives a definition: its first decorator's, else its own."""
    return min([node.lineno, *(d.lineno for d in node.decorator_list)])


def _is_source(target: str, mod: griffe.Module) -> bool:
    """Whether the module holding ``target`` (``package.module.Name``) is a Python file or
    package of the project that ``mod`` is in."""
    top = mod.package
    folder = folder_of(top)
    if folder is None:
        return False
    parts = target.split(".")
    if parts[0] != top.name:
        return False
    module = folder.joinpath(*parts[1:-1])
    return module.with_suffix(".py").is_file() or (module / "__init__.py").is_file()


def folder_of(package: griffe.Module) -> Path | None:
    """The folder of a package (the first of a namespace package's); None for a module."""
    path = package.filepath
    if isinstance(path, list):
        return path[0] if path else None
    return path.parent if path.name == "__init__.py" else None
