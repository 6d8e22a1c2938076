"""What a gen-files script's module-level names hold and what its path expressions name,
read from its syntax tree without running it: the names it binds once to a string or to a
list of strings, and the paths built from ``__file__``, ``Path``, ``.parent`` and ``/``
(builder.projects.gen_files_recipe reads the recipe's loop with them)."""

from __future__ import annotations

import ast
from pathlib import Path


def constant_names_inlined(tree: ast.Module) -> ast.Module:
    """``tree`` with each name that one module-level assignment binds to a string, and
    nothing rebinds, read as that string: bump-my-version's ``package_name = "bumpversion"``,
    walked as ``src_root / package_name``."""
    bound = times_bound(tree)
    strings = {
        name: value.value
        for name, value in module_values(tree).items()
        if isinstance(value, ast.Constant) and isinstance(value.value, str) and bound.get(name) == 1
    }
    if not strings:
        return tree

    class Inline(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            if isinstance(node.ctx, ast.Load) and node.id in strings:
                return ast.copy_location(ast.Constant(strings[node.id]), node)
            return node

    inlined = Inline().visit(tree)
    return ast.fix_missing_locations(inlined) if isinstance(inlined, ast.Module) else tree


def times_bound(tree: ast.AST) -> dict[str, int]:
    """How many times the script binds (or deletes) each name, anywhere in it."""
    bound: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound[node.id] = bound.get(node.id, 0) + 1
    return bound


def module_values(tree: ast.Module) -> dict[str, ast.expr]:
    """What each module-level ``name = value`` statement binds (a later one wins)."""
    return {
        target.id: statement.value
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(target := statement.targets[0], ast.Name)
    }


def assigned_paths(tree: ast.Module, script: Path, run_folder: Path) -> dict[str, Path]:
    """The paths the script's plain ``name = <path>`` assignments give, in source order."""
    names: dict[str, Path] = {}
    assigns = [n for n in ast.walk(tree) if isinstance(n, ast.Assign | ast.AnnAssign)]
    for node in sorted(assigns, key=lambda n: (n.lineno, n.col_offset)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1 or not isinstance(targets[0], ast.Name) or node.value is None:
            continue
        value = path_value(node.value, names, script, run_folder)
        if value is not None:
            names[targets[0].id] = value
        else:
            names.pop(targets[0].id, None)
    return names


def path_value(
    node: ast.expr | None, names: dict[str, Path], script: Path, run_folder: Path
) -> Path | None:
    """The path an expression names, when it is built only from ``__file__``, string
    constants, ``Path``, ``.parent``, ``.parents[n]``, ``.resolve()``, ``/`` and names
    assigned from those; None for anything else."""
    if node is None:
        return None
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Call) and is_path_class(node.func):
        if not node.args:
            return run_folder
        first = node.args[0]
        if isinstance(first, ast.Name) and first.id == "__file__":
            base: Path | None = script
        else:
            base = relative(constant(first), run_folder)
        return joined(base, node.args[1:])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        receiver = path_value(node.func.value, names, script, run_folder)
        if node.func.attr in ("resolve", "absolute") and not node.args:
            return receiver
        if node.func.attr == "joinpath":
            return joined(receiver, node.args)
        return None
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        receiver = path_value(node.value, names, script, run_folder)
        return receiver.parent if receiver is not None else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        index = constant(node.slice)
        if node.value.attr == "parents" and index is not None and index.isdigit():
            receiver = path_value(node.value.value, names, script, run_folder)
            if receiver is not None and int(index) < len(receiver.parents):
                return receiver.parents[int(index)]
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return joined(path_value(node.left, names, script, run_folder), [node.right])
    return None


def is_path_class(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in ("Path", "PurePath")
    return isinstance(node, ast.Attribute) and node.attr in ("Path", "PurePath")


def constant(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int):
        return str(node.value)
    return None


def relative(part: str | None, run_folder: Path) -> Path | None:
    return run_folder / part if part is not None else None


def joined(base: Path | None, parts: list[ast.expr]) -> Path | None:
    for part in parts:
        text = constant(part)
        if base is None or text is None:
            return None
        base = base / text
    return base


def folder_value(
    node: ast.expr, names: dict[str, Path], script: Path, run_folder: Path
) -> Path | None:
    """A path expression, or a plain string (``relative_to(".")``) from where MkDocs runs."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return run_folder / node.value
    return path_value(node, names, script, run_folder)


def string_lists(tree: ast.Module) -> dict[str, frozenset[str]]:
    """The module-level names bound once to a list, tuple or set of strings."""
    bound = times_bound(tree)
    return {
        name: strings
        for name, value in module_values(tree).items()
        if bound.get(name) == 1 and (strings := strings_of(value)) is not None
    }


def strings_of(node: ast.expr) -> frozenset[str] | None:
    if not isinstance(node, ast.List | ast.Tuple | ast.Set):
        return None
    strings = [
        e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
    ]
    return frozenset(strings) if len(strings) == len(node.elts) else None
