"""The lists of names a module's top level binds, read from its source without running it.

A docs page rendered as a Jinja template (the recipe of a conf.py that renders each page before
Sphinx reads it) loops over such a list to write an autosummary's entries: PyTorch Geometric's
``{% for name in torch_geometric.nn.conv.classes %}``, where ``torch_geometric/nn/conv/__init__.py``
writes ``__all__ = [...]`` then ``classes = __all__``. A list is read when it is built from
literals of strings (or numbers), names bound to such lists, ``+`` between them, a slice with
literal bounds (``__all__[:3]``), ``list()``, ``tuple()``, ``sorted()`` or a copy of one
(``copy.copy(__all__)``, ``__all__.copy()``), and changed by ``+=``, ``.extend()``,
``.append()`` or ``.remove()`` at the top level. A name bound any other way reads as none.
"""

from __future__ import annotations

import ast

# The most items one list holds: doubling a list by itself a few dozen times makes billions.
MAX_ITEMS = 100_000

Items = tuple[str, ...]


def module_lists(source: str) -> dict[str, Items]:
    """The names ``source``'s top level binds to a list of texts, as it ends; none when it
    is not Python."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    bound: dict[str, Items] = {}
    for statement in tree.body:
        try:
            _bind(statement, bound)
        except RecursionError:
            return {}
    return bound


def _bind(statement: ast.stmt, bound: dict[str, Items]) -> None:
    if isinstance(statement, ast.Assign | ast.AnnAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        value = _items(statement.value, bound) if statement.value is not None else None
        for target in targets:
            if isinstance(target, ast.Name):
                _set(bound, target.id, value)
    elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
        name = statement.target.id
        added = _items(statement.value, bound) if isinstance(statement.op, ast.Add) else None
        _set(bound, name, _joined(bound.get(name), added))
    elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        call = statement.value
        func = call.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return
        name = func.value.id
        if name not in bound or func.attr not in ("extend", "append", "remove"):
            return
        if len(call.args) != 1 or call.keywords:
            _set(bound, name, None)
        elif func.attr == "extend":
            _set(bound, name, _joined(bound[name], _items(call.args[0], bound)))
        elif func.attr == "append":
            _set(bound, name, _joined(bound[name], _text_items([call.args[0]])))
        else:
            _set(bound, name, _removed(bound[name], _text_items([call.args[0]])))


def _set(bound: dict[str, Items], name: str, value: Items | None) -> None:
    if value is None:
        bound.pop(name, None)
    else:
        bound[name] = value


def _items(node: ast.expr, bound: dict[str, Items]) -> Items | None:
    """The texts ``node`` makes a list of, or None when it is no such list."""
    if isinstance(node, ast.List | ast.Tuple):
        return _text_items(node.elts)
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _joined(_items(node.left, bound), _items(node.right, bound))
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        items = _items(node.value, bound)
        bounds = [_bound_of(part) for part in (node.slice.lower, node.slice.upper, node.slice.step)]
        if items is None or any(part is False for part in bounds) or bounds[2] == 0:
            return None
        lower, upper, step = (part if isinstance(part, int) else None for part in bounds)
        return items[lower:upper:step]
    if isinstance(node, ast.Call) and not node.keywords:
        function = _called_name(node.func)
        if function in ("list", "tuple", "sorted", "copy", "copy.copy") and len(node.args) == 1:
            items = _items(node.args[0], bound)
            return tuple(sorted(items)) if items is not None and function == "sorted" else items
        if isinstance(node.func, ast.Attribute) and node.func.attr == "copy" and not node.args:
            return _items(node.func.value, bound)  # __all__.copy()
    return None


def _called_name(func: ast.expr) -> str:
    """``copy.copy`` for that attribute of a name, a name's own text, else ""."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return ""


def _removed(items: Items, removed: Items | None) -> Items | None:
    """``items`` without the first of the one text ``removed`` holds; None when it is not
    there (``list.remove`` raises)."""
    if removed is None or removed[0] not in items:
        return None
    at = items.index(removed[0])
    return items[:at] + items[at + 1 :]


def _bound_of(node: ast.expr | None) -> int | bool | None:
    """A slice's bound: its integer, None when left out, False when it is no literal."""
    if node is None:
        return None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _bound_of(node.operand)
        return -inner if type(inner) is int else False
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return False


def _text_items(nodes: list[ast.expr]) -> Items | None:
    texts: list[str] = []
    for node in nodes:
        value = node.value if isinstance(node, ast.Constant) else None
        if isinstance(value, str):
            texts.append(value)
        elif type(value) in (int, float):
            texts.append(str(value))
        else:
            return None
    return tuple(texts) if len(texts) <= MAX_ITEMS else None


def _joined(left: Items | None, right: Items | None) -> Items | None:
    if left is None or right is None or len(left) + len(right) > MAX_ITEMS:
        return None
    return left + right
