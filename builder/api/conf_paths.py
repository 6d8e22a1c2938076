"""The folders a Sphinx ``conf.py`` puts on ``sys.path``, read without running it.

A conf.py names where autodoc imports the package from: ``sys.path.insert(0,
os.path.abspath("../../lib"))`` (SQLAlchemy keeps its package in ``lib/``). Sphinx runs the
file in its own folder, so each path is read relative to it: string literals, ``__file__``,
``os.getcwd()``, ``os.path`` (``abspath``, ``realpath``, ``normpath``, ``dirname``,
``join``), ``pathlib.Path`` (``/``, ``.parent``, ``.parents[n]``, ``.resolve()``,
``.absolute()``), ``str()`` and ``os.fspath()``, and names the file assigns such a path at its
top level. Lists of such paths are added as Python adds them: ``sys.path = [...] + sys.path``,
``sys.path[:0] = [...]``, ``sys.path += [...]``, ``sys.path.extend([...])``, a name assigned
the list among them (Pyodide's ``extra_sys_path_dirs``). The lines of the ``setup()`` Sphinx
calls once the file has run count, after those of the file. A path built any other way (from
the environment, a loop) is not read.
"""

from __future__ import annotations

import ast
import posixpath

from builder.sphinx_conf import MAX_CONF_BYTES

# Calls that give back the path they are given, as far as where it points goes.
_SAME_PATH = frozenset(
    {"abspath", "realpath", "normpath", "str", "fspath", "expanduser", "resolve", "absolute"}
)
_PATH_TYPES = frozenset({"Path", "PurePath", "PosixPath"})


def sys_path_folders(conf_source: str) -> tuple[str, ...]:
    """The folders, relative to the conf.py's own (POSIX, normalized), that its top-level
    ``sys.path.insert`` and ``sys.path.append`` calls add, in the order ``sys.path`` then
    has them; none when the file cannot be read."""
    if len(conf_source) > MAX_CONF_BYTES:
        return ()
    try:
        tree = ast.parse(conf_source)
    except (SyntaxError, ValueError, RecursionError):
        return ()
    names: dict[str, str] = {}
    lists: dict[str, list[str]] = {}
    front: list[str] = []
    back: list[str] = []
    for statement in [*_top_level(tree.body), *_setup_body(tree.body)]:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Name):
                value = _path(statement.value, names)
                if value is not None:
                    names[target.id] = value
                elif (folders := _paths(statement.value, names, lists)) is not None:
                    lists[target.id] = folders
            elif _is_sys_path(target) and isinstance(statement.value, ast.BinOp):
                # sys.path = [...] + sys.path, or sys.path + [...]
                added = statement.value
                if isinstance(added.op, ast.Add) and _is_sys_path(added.right):
                    front[:0] = _paths(added.left, names, lists) or []
                elif isinstance(added.op, ast.Add) and _is_sys_path(added.left):
                    back += _paths(added.right, names, lists) or []
            elif _is_front_slice(target):  # sys.path[:0] = [...]
                front[:0] = _paths(statement.value, names, lists) or []
            continue
        if isinstance(statement, ast.AugAssign):
            if _is_sys_path(statement.target) and isinstance(statement.op, ast.Add):
                back += _paths(statement.value, names, lists) or []
            continue
        if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
            continue
        call = statement.value
        method = _sys_path_method(call.func)
        if method == "insert" and len(call.args) == 2:
            folder = _path(call.args[1], names)
            if folder is not None:
                front.insert(0, folder)  # the last inserted at 0 comes first
        elif method == "append" and len(call.args) == 1:
            folder = _path(call.args[0], names)
            if folder is not None:
                back.append(folder)
        elif method == "extend" and len(call.args) == 1:
            back += _paths(call.args[0], names, lists) or []
    return tuple(dict.fromkeys([*front, *back]))


def _setup_body(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements at the top level of the file's ``setup()``, which Sphinx calls once
    the file has run (Pyodide's adds its package's folder there)."""
    for statement in reversed(body):  # the last definition is the one called
        if isinstance(statement, ast.FunctionDef) and statement.name == "setup":
            return _top_level(statement.body)
    return []


def _paths(node: ast.expr, names: dict[str, str], lists: dict[str, list[str]]) -> list[str] | None:
    """The folders of a list or tuple of paths, or of a name assigned one; None when it is
    no such list or any of its items is not read."""
    if isinstance(node, ast.Name):
        return lists.get(node.id)
    if not isinstance(node, (ast.List, ast.Tuple)):
        return None
    folders = [_path(item, names) for item in node.elts]
    return None if any(f is None for f in folders) else [f for f in folders if f is not None]


def _is_sys_path(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "path"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    )


def _is_front_slice(node: ast.expr) -> bool:
    """Whether ``node`` is ``sys.path[:0]`` (or ``[0:0]``)."""
    if not isinstance(node, ast.Subscript) or not _is_sys_path(node.value):
        return False
    index = node.slice
    return (
        isinstance(index, ast.Slice)
        and index.step is None
        and (index.lower is None or _is_zero(index.lower))
        and index.upper is not None
        and _is_zero(index.upper)
    )


def _is_zero(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 0


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements at the top level, and those of ``if`` and ``try`` blocks there."""
    statements: list[ast.stmt] = []
    for statement in body:
        if isinstance(statement, ast.If):
            statements += _top_level(statement.body) + _top_level(statement.orelse)
        elif isinstance(statement, ast.Try):
            statements += _top_level(statement.body)
        else:
            statements.append(statement)
    return statements


def _sys_path_method(func: ast.expr) -> str:
    """``insert``, ``append`` or ``extend`` for those methods of ``sys.path``, else ""."""
    if not isinstance(func, ast.Attribute) or func.attr not in ("insert", "append", "extend"):
        return ""
    return func.attr if _is_sys_path(func.value) else ""


def _path(node: ast.expr, names: dict[str, str]) -> str | None:
    """Where ``node`` points, relative to the conf.py's folder, or None when not read."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _normal(node.value)
    if isinstance(node, ast.Name):
        return "conf.py" if node.id == "__file__" else names.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        left, right = _path(node.left, names), _path(node.right, names)
        return None if left is None or right is None else _joined(left, right)
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        inner = _path(node.value, names)
        return None if inner is None else _parent(inner)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        inner = _path(node.value.value, names) if node.value.attr == "parents" else None
        index = node.slice
        if inner is None or not isinstance(index, ast.Constant) or type(index.value) is not int:
            return None
        for _ in range(index.value + 1):
            inner = _parent(inner)
        return inner
    if isinstance(node, ast.Call):
        return _called(node, names)
    return None


def _called(call: ast.Call, names: dict[str, str]) -> str | None:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if isinstance(func, ast.Attribute) and name in ("resolve", "absolute") and not call.args:
        return _path(func.value, names)  # Path(...).resolve()
    if name in ("getcwd", "cwd") and not call.args:
        return "."  # Sphinx runs conf.py in its folder
    parts = [_path(arg, names) for arg in call.args]
    if any(part is None for part in parts) or call.keywords:
        return None
    paths = [part for part in parts if part is not None]
    if name in _PATH_TYPES or name == "join":
        if not paths:
            return "." if name in _PATH_TYPES else None
        joined = paths[0]
        for part in paths[1:]:
            joined = _joined(joined, part)
        return joined
    if len(paths) != 1:
        return None
    if name == "dirname":
        return _parent(paths[0])
    return paths[0] if name in _SAME_PATH else None


def _normal(path: str) -> str:
    return posixpath.normpath(path.replace("\\", "/")) if path else "."


def _joined(left: str, right: str) -> str:
    return _normal(posixpath.join(left, right))


def _parent(path: str) -> str:
    """The folder holding ``path`` ("conf.py" is in "."; ".." is in "../..")."""
    if path == "." or path.endswith(".."):
        return _joined(path, "..")
    return _normal(posixpath.dirname(path) or ".")
