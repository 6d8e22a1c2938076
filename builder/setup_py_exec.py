"""The version a setup.py reads by running a file of the project, read without running it.

Before a backend could name a version file, a setup.py ran one: fastjsonschema 2.16.3's
``exec(open('fastjsonschema/version.py').read())`` (or ``execfile`` of it), then
``version=VERSION``; pathvalidate 2.5.2's ``with open(os.path.join(MODULE_NAME,
"__version__.py")) as f: exec(f.read(), pkg_info)``, then ``version=pkg_info["__version__"]``,
as the "setup.py for humans" template writes it (``about``). From a checkout or a ``git
archive`` (no PKG-INFO) init proposed version 0.0.0 for both. The file's path is read from
string literals and the names the setup.py binds to one, joined as ``os.path.join`` joins
them (a first part that is no string, ``here``, is the setup.py's own folder); the version is
the string that file assigns to the name ``setup()`` is given.
"""

from __future__ import annotations

import ast
import posixpath
from collections.abc import Iterator
from pathlib import Path

from builder.version_file import string_in_file


def executed_version(root: Path, tree: ast.Module, value: ast.expr, strings: dict[str, str]) -> str:
    """The version ``value`` (``setup()``'s ``version=``: a name, or a dict's constant key)
    names in a file ``tree`` runs; "" when it names none so."""
    if isinstance(value, ast.Name):
        name, namespace = value.id, None
    elif (
        isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Name)
        and isinstance(value.slice, ast.Constant)
        and isinstance(value.slice.value, str)
    ):
        name, namespace = value.slice.value, value.value.id
    else:
        return ""
    for path, into in _executed_files(tree, strings):
        if into == namespace and (found := string_in_file(root, path, name)):
            return found
    return ""


def _executed_files(tree: ast.AST, strings: dict[str, str]) -> Iterator[tuple[str, str | None]]:
    """(path, the dict it runs into or None) of each file ``exec`` or ``execfile`` runs, in the
    file's order. Walked with a stack, not by recursion: a setup.py's expression nested a few
    hundred deep (``"a" + "b" + ...`` over many lines), which ast.parse reads, stopped init."""
    # Each node with the files the enclosing ``with open(path) as f`` blocks read by ``f``.
    pending: list[tuple[ast.AST, dict[str, str]]] = [(tree, {})]
    while pending:
        node, opened = pending.pop()
        if isinstance(node, ast.With):
            inner = dict(opened)
            for item in node.items:
                path = _opened_path(item.context_expr, strings)
                if isinstance(item.optional_vars, ast.Name) and path:
                    inner[item.optional_vars.id] = path
            pending.extend((statement, inner) for statement in reversed(node.body))
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            into = node.args[1] if len(node.args) > 1 else None
            namespace = into.id if isinstance(into, ast.Name) else None
            path = ""
            if node.func.id == "execfile":
                path = _path(node.args[0], strings)
            elif node.func.id == "exec":
                path = _read_path(node.args[0], strings, opened)
            if path:
                yield path, namespace
        pending.extend((child, opened) for child in reversed(list(ast.iter_child_nodes(node))))


def _read_path(expr: ast.expr, strings: dict[str, str], opened: dict[str, str]) -> str:
    """The file ``X.read()`` reads: ``open(path).read()``, or ``f.read()`` of a ``with``."""
    if not (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "read"
    ):
        return ""
    reader = expr.func.value
    if isinstance(reader, ast.Name):
        return opened.get(reader.id, "")
    return _opened_path(reader, strings)


def _opened_path(expr: ast.expr, strings: dict[str, str]) -> str:
    """The path of ``open(path, ...)``; "" for any other expression."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "open":
        return _path(expr.args[0], strings) if expr.args else ""
    return ""


def _path(expr: ast.expr, strings: dict[str, str]) -> str:
    """A relative path written as a string, a name bound to one, or ``os.path.join`` of those
    (its first part may be the setup.py's folder, which is no string)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value
    if isinstance(expr, ast.Name):
        return strings.get(expr.id, "")
    if not (isinstance(expr, ast.Call) and ast.unparse(expr.func) == "os.path.join" and expr.args):
        return ""
    parts = [_path(part, strings) for part in expr.args]
    if not parts[0] and len(parts) > 1:
        parts = parts[1:]  # here = os.path.dirname(__file__): the setup.py's folder
    return posixpath.join(*parts) if all(parts) else ""
