"""Names a package re-exports through a helper that copies a submodule's ``__all__`` into its
globals, as patsy's ``__init__`` does::

    def _reexport(mod):
        __all__.extend(mod.__all__)
        for var in mod.__all__:
            globals()[var] = getattr(mod, var)

    import patsy.highlevel
    _reexport(patsy.highlevel)

Read statically, the package held none of those names, so every ``autofunction:: patsy.dmatrix``
and ``autoclass:: patsy.DesignInfo`` of patsy 1.0.3's reference was not found and showed a
bare name. Each name the submodule's ``__all__`` lists (a literal list or tuple of strings,
as the file writes it) becomes an alias in the package, unless the package defines it itself.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import griffe

from builder.api.import_fallbacks import folder_of


class GlobalsReexports(griffe.Extension):
    """Adds the names a module's re-export helper copies from each submodule it is called with."""

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        if not isinstance(node, ast.Module):
            return
        helpers = {
            statement.name
            for statement in node.body
            if isinstance(statement, ast.FunctionDef) and _copies_into_globals(statement)
        }
        if not helpers:
            return
        for statement in node.body:
            call = statement.value if isinstance(statement, ast.Expr) else None
            if not isinstance(call, ast.Call) or len(call.args) != 1:
                continue
            if not isinstance(call.func, ast.Name) or call.func.id not in helpers:
                continue
            source = _dotted(call.args[0])
            for name in _exported_names(source, mod):
                # A name griffe cannot set: "a.b" it reads as member b of a member a.
                if name.isidentifier() and name not in mod.members:
                    alias = griffe.Alias(
                        name, f"{source}.{name}", lineno=call.lineno, endlineno=call.end_lineno
                    )
                    mod.set_member(name, alias)


def _copies_into_globals(function: ast.FunctionDef) -> bool:
    """Whether ``function`` (of one parameter) writes ``globals()[name] = getattr(param, ...)``."""
    if len(function.args.args) != 1:
        return False
    parameter = function.args.args[0].arg
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        into_globals = (
            isinstance(target, ast.Subscript)
            and isinstance(target.value, ast.Call)
            and isinstance(target.value.func, ast.Name)
            and target.value.func.id == "globals"
        )
        from_parameter = (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "getattr"
            and bool(value.args)
            and isinstance(value.args[0], ast.Name)
            and value.args[0].id == parameter
        )
        if into_globals and from_parameter:
            return True
    return False


def _dotted(node: ast.expr) -> str:
    """``patsy.highlevel`` for that expression; "" for anything but a dotted name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (owner := _dotted(node.value)):
        return f"{owner}.{node.attr}"
    return ""


def _exported_names(source: str, mod: griffe.Module) -> list[str]:
    """The names the ``__all__`` of the project's module ``source`` lists, as its file writes
    them (``__all__ = [...]`` and ``+= [...]`` of string literals)."""
    folder = folder_of(mod.package)
    parts = source.split(".")
    if folder is None or len(parts) < 2 or parts[0] != mod.package.name:
        return []
    module = folder.joinpath(*parts[1:])
    path = module.with_suffix(".py") if module.with_suffix(".py").is_file() else None
    path = path or (module / "__init__.py" if (module / "__init__.py").is_file() else None)
    if path is None:
        return []
    return _all_names(path)


def _all_names(path: Path) -> list[str]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        return []
    names: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add):
            target, value = statement.target, statement.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "__all__":
            if isinstance(statement, ast.Assign):
                names = []
            names += _strings(value)
    return names


def _strings(node: ast.expr) -> list[str]:
    if not isinstance(node, (ast.List, ast.Tuple)):
        return []
    return [
        element.value
        for element in node.elts
        if isinstance(element, ast.Constant) and isinstance(element.value, str)
    ]
