"""The files a Sphinx conf.py copies into the docs as it runs: pages the checkout does not hold.

Sphinx runs conf.py in its own folder before it lists the pages, so a conf.py that copies the
project's changelog in (pypdf 6.16.1's ``shutil.copyfile("../CHANGELOG.md",
"meta/CHANGELOG.md")``, whose toctree names ``meta/CHANGELOG``; joblib's README.rst and
CHANGES.rst) builds pages that are in no checkout, often ignored by git. docbuild runs no
project code: such a page was missing, with nothing said. The copies are read from conf.py's
code, never run: ``shutil.copyfile``, ``copy`` or ``copy2`` called with two string literals
at the module's level (in an ``if``, ``try`` or ``with`` too, not in a function). Each copy
into the docs folder of a file of the project is a page with that file's text.
"""

from __future__ import annotations

import ast
import hashlib
import os
import posixpath
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from builder.projects.gen_files import GeneratedPage, bytes_inside
from builder.sources import MAX_FILE_BYTES

_MODULE = "shutil"
_COPY_FUNCTIONS = frozenset({"copyfile", "copy", "copy2"})
# The most copies read from one conf.py: more are left out.
MAX_COPIES = 50


@dataclass(frozen=True)
class CopiedPages:
    """The pages conf.py copies into the docs, each copy's page path and its source's sha256
    (an edit to the changelog is a change to the version), and notes for the build report."""

    pages: tuple[GeneratedPage, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


def copied_pages(conf_source: str, docs: Path, bound: Path) -> CopiedPages:
    """The pages the conf.py ``conf_source`` (in the folder ``docs``) copies into ``docs``
    from files inside ``bound`` (the project); a copy from elsewhere is a note."""
    pages: dict[str, GeneratedPage] = {}
    sources: dict[str, tuple[str, str]] = {}
    shown: dict[str, str] = {}
    notes: list[str] = []
    for source, destination in literal_copies(conf_source):
        relpath = _destination(docs, source, destination)
        if relpath is None:
            continue
        path = Path(os.path.normpath(docs / source))
        data = bytes_inside(path, bound, MAX_FILE_BYTES)
        if data is None:
            notes.append(f"conf.py copies {source} to {destination}: not a file of the project")
            continue
        pages[relpath] = GeneratedPage(relpath, data.decode("utf-8", "replace"))
        sources[relpath] = (relpath, hashlib.sha256(data).hexdigest())
        shown[relpath] = f"{relpath} from {posixpath.normpath(source)}"
    if pages:
        listed = ", ".join(shown.values())
        notes.append(f"conf.py copies {len(pages)} page(s) into the docs as it runs: {listed}")
    return CopiedPages(tuple(pages.values()), tuple(sources.values()), tuple(notes))


def literal_copies(conf_source: str) -> list[tuple[str, str]]:
    """(source, destination) of each copy conf.py makes with two string literals at its
    module's level, in the order written; at most ``MAX_COPIES``."""
    try:
        module = ast.parse(conf_source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    imported = _imported_copy_functions(module)
    copies: list[tuple[str, str]] = []
    for call in _module_level_calls(module.body):
        if _is_copy(call.func, imported) and (pair := _literal_pair(call)) is not None:
            copies.append(pair)
            if len(copies) >= MAX_COPIES:
                break
    return copies


def _module_level_calls(body: list[ast.stmt]) -> Iterator[ast.Call]:
    """The calls made as statements of ``body``, and of the blocks in it that run with it
    (``if``, ``try``, ``with``, ``for``), not of the functions and classes it defines."""
    for statement in body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            yield statement.value
        elif isinstance(statement, (ast.If, ast.For, ast.While)):
            yield from _module_level_calls(statement.body)
            yield from _module_level_calls(statement.orelse)
        elif isinstance(statement, ast.With):
            yield from _module_level_calls(statement.body)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from _module_level_calls(block)


def _imported_copy_functions(module: ast.Module) -> set[str]:
    """The names ``from shutil import copyfile`` (or ``copy as cp``) binds."""
    return {
        alias.asname or alias.name
        for node in ast.walk(module)
        if isinstance(node, ast.ImportFrom) and node.module == _MODULE and not node.level
        for alias in node.names
        if alias.name in _COPY_FUNCTIONS
    }


def _is_copy(function: ast.expr, imported: set[str]) -> bool:
    if isinstance(function, ast.Attribute):
        owner = function.value
        return (
            isinstance(owner, ast.Name) and owner.id == _MODULE and function.attr in _COPY_FUNCTIONS
        )
    return isinstance(function, ast.Name) and function.id in imported


def _literal_pair(call: ast.Call) -> tuple[str, str] | None:
    """The call's source and destination, when both are string literals."""
    named = {keyword.arg: keyword.value for keyword in call.keywords if keyword.arg}
    arguments = [*call.args[:2], *(named[k] for k in ("src", "dst") if k in named)]
    if len(arguments) != 2:
        return None
    values = [a.value for a in arguments if isinstance(a, ast.Constant)]
    if len(values) != 2 or not all(isinstance(v, str) and v.strip() for v in values):
        return None
    return str(values[0]).strip(), str(values[1]).strip()


def _destination(docs: Path, source: str, destination: str) -> str | None:
    """The page path (from ``docs``) a copy writes, or None when it writes outside the docs
    folder. A destination that is a folder (or ends with a slash) takes the source's name,
    as ``shutil.copy`` does."""
    if "\0" in source or "\0" in destination:
        return None
    target = Path(os.path.normpath(docs / destination))
    try:
        if destination.endswith(("/", "\\")) or target.is_dir():
            target = target / posixpath.basename(source.replace("\\", "/"))
    except OSError:  # a name longer than the system takes
        return None
    if not target.is_relative_to(docs) or target == docs:
        return None
    relpath = target.relative_to(docs).as_posix()
    return relpath if not relpath.startswith("..") else None
