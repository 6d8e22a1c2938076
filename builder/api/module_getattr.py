"""Names a module makes on first use, through its ``__getattr__`` (PEP 562).

autodoc imports a documented name, so a module's ``__getattr__`` runs and answers it; griffe
reads code without running it and finds no member of that name. Two ways such a hook is
written are read here: it imports the name from the one submodule that defines it
(dramatiq.results.backends keeps its Redis and Memcached clients optional so), or a branch
``if name == "X":`` imports and returns an object (Werkzeug 3.1 keeps its deprecated
``ImmutableOrderedMultiDict`` importable so, returning ``_ImmutableOrderedMultiDict``).
"""

from __future__ import annotations

import ast
import textwrap
from typing import Any


def lazily_imported(module: Any, name: str) -> Any:
    """The object the ``__getattr__`` of ``module`` answers for ``name``. Raises KeyError when
    the module has no hook, or the hook's answer cannot be read."""
    if not module.is_module or "__getattr__" not in module.members:
        raise KeyError(name)
    defined = [
        submodule.members[name]
        for submodule in module.modules.values()
        if name in submodule.members and not submodule.members[name].is_alias
    ]
    if len(defined) == 1:
        return defined[0]
    path = _returned_path(module, name)
    try:
        found = module.modules_collection[path] if path else None
        if found is not None:
            return found.final_target if found.is_alias else found
    except Exception:  # not loaded, or a broken alias: griffe raises several kinds
        pass
    raise KeyError(name)


def _returned_path(module: Any, name: str) -> str:
    """The dotted path of what the hook returns in its ``if name == "<name>":`` branch, from
    the ``from ... import`` in that branch; "" when it is written another way."""
    try:
        hook = ast.parse(textwrap.dedent(module.members["__getattr__"].source)).body[0]
    except (SyntaxError, ValueError, IndexError, AttributeError, TypeError, RecursionError):
        return ""
    if not isinstance(hook, ast.FunctionDef) or not hook.args.args:
        return ""
    parameter = hook.args.args[0].arg
    for branch in ast.walk(hook):
        if not isinstance(branch, ast.If) or not _tests(branch.test, parameter, name):
            continue
        imported: dict[str, str] = {}
        for statement in branch.body:
            if isinstance(statement, ast.ImportFrom):
                source = _absolute(module, statement.level, statement.module)
                for alias in statement.names:
                    imported[alias.asname or alias.name] = f"{source}.{alias.name}"
            elif isinstance(statement, ast.Return) and isinstance(statement.value, ast.Name):
                return imported.get(statement.value.id, "")
    return ""


def _tests(test: ast.expr, parameter: str, name: str) -> bool:
    """Whether ``test`` is ``parameter == "name"`` (either way round)."""
    if not (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
    ):
        return False
    sides = [test.left, test.comparators[0]]
    named = any(isinstance(side, ast.Name) and side.id == parameter for side in sides)
    return named and any(isinstance(side, ast.Constant) and side.value == name for side in sides)


def _absolute(module: Any, level: int, relative: str | None) -> str:
    """The module a ``from`` import inside ``module`` names (``level`` dots before it)."""
    if not level:
        return relative or ""
    parts = module.path.split(".")
    # A package's __init__ is the package: one dot is the package itself.
    keep = len(parts) - (level - 1 if module.is_init_module else level)
    base = ".".join(parts[: max(keep, 0)])
    return f"{base}.{relative}" if relative else base
