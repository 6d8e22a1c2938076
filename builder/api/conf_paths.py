"""The folders a Sphinx ``conf.py`` puts on ``sys.path``, read without running it.

A conf.py names where autodoc imports the package from: ``sys.path.insert(0,
os.path.abspath("../../lib"))`` (SQLAlchemy keeps its package in ``lib/``). Sphinx runs the
file in its own folder, so each path is read relative to it: string literals, ``__file__``,
``os.getcwd()``, ``os.path`` (``abspath``, ``realpath``, ``normpath``, ``dirname``,
``join``), ``pathlib.Path`` (``/``, ``.parent``, ``.parents[n]``, ``.resolve()``,
``.absolute()``), ``str()`` and ``os.fspath()``, and names the file assigns such a path at its
top level. A list of such paths (or a name assigned one) may be put before or after the
others: ``sys.path = [...] + sys.path``, ``sys.path[:0] = [...]``, ``sys.path += [...]``,
``sys.path.extend([...])``. The statements of the conf.py's ``setup(app)`` count too, after
its top level: Sphinx calls it before reading a page (pyodide's puts ``src/py`` on
``sys.path`` there). A path built any other way (from the environment, a loop) is not read.
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
    """The folders, relative to the conf.py's own (POSIX, normalized), that its top level
    and its ``setup`` function add to ``sys.path``, in the order ``sys.path`` then has them;
    none when the file cannot be read."""
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
    for statement in _top_level(tree.body) + _top_level(_setup_body(tree.body)):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if _is_sys_path(target) and isinstance(statement.value, ast.BinOp):
                _joined_lists(statement.value, names, lists, front, back)
            elif _is_prefix_slice(target):  # sys.path[:0] = [...]
                front[:0] = _paths(statement.value, names, lists)
            elif isinstance(target, ast.Name):
                value = _path(statement.value, names)
                if value is not None:
                    names[target.id] = value
                elif isinstance(statement.value, (ast.List, ast.Tuple)):
                    lists[target.id] = _paths(statement.value, names, lists)
            continue
        if isinstance(statement, ast.AugAssign) and _is_sys_path(statement.target):
            if isinstance(statement.op, ast.Add):  # sys.path += [...]
                back += _paths(statement.value, names, lists)
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
            back += _paths(call.args[0], names, lists)
    return tuple(dict.fromkeys([*front, *back]))


def _setup_body(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of the conf.py's own ``setup`` function, which Sphinx calls."""
    functions = (
        statement
        for statement in body
        if isinstance(statement, ast.FunctionDef) and statement.name == "setup"
    )
    found = next(functions, None)
    return found.body if found is not None else []


def _joined_lists(
    value: ast.BinOp,
    names: dict[str, str],
    lists: dict[str, list[str]],
    front: list[str],
    back: list[str],
) -> None:
    """``sys.path = [...] + sys.path`` puts the list first, ``sys.path + [...]`` last."""
    if not isinstance(value.op, ast.Add):
        return
    if _is_sys_path(value.right):
        front[:0] = _paths(value.left, names, lists)
    elif _is_sys_path(value.left):
        back += _paths(value.right, names, lists)


def _paths(node: ast.expr, names: dict[str, str], lists: dict[str, list[str]]) -> list[str]:
    """The paths of a list or tuple of them, or of a name assigned one; those it can read."""
    if isinstance(node, ast.Name):
        return list(lists.get(node.id, ()))
    if not isinstance(node, (ast.List, ast.Tuple)):
        return []
    found = (_path(element, names) for element in node.elts)
    return [path for path in found if path is not None]


def _is_sys_path(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "path"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    )


def _is_prefix_slice(node: ast.expr) -> bool:
    """``sys.path[:0]`` or ``sys.path[0:0]``: the place before the first entry."""
    if not isinstance(node, ast.Subscript) or not _is_sys_path(node.value):
        return False
    piece = node.slice
    if not isinstance(piece, ast.Slice) or piece.step is not None:
        return False
    lower, upper = piece.lower, piece.upper
    return (lower is None or _is_zero(lower)) and upper is not None and _is_zero(upper)


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
    """``insert``, ``append`` or ``extend`` for that method of ``sys.path``, else ""."""
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
