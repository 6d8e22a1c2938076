"""Functions a module attaches to a class it defines, after the class, by assignment.

agate's table package defines ``Table`` and then, at its top level, imports each method from a
module of its own and sets it on the class::

    from agate.table.aggregate import aggregate
    Table.aggregate = aggregate

autodoc imports the class and finds those functions in its ``__dict__``: methods it documents
with their docstrings and signatures, the first parameter bound. Read statically the class had
none of them, so agate 1.6.3's ``autoclass:: agate.Table`` with ``:members:`` showed 2 of its
methods. Each such statement, the class defined in that module and the value a name the module
defines or imports, now gives the class an attribute naming the function, which is documented
as the function it names (builder.api.object_docs.named_function). A member the class body
defines itself is left as it is.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe


class AttachedMethods(griffe.Extension):
    """Adds to a module's classes the functions its top-level statements set on them."""

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        if not isinstance(node, ast.Module):
            return
        imported = _imported_modules(node, mod)
        for statement in node.body:
            attached = _attached_name(statement)
            if attached is None:
                continue
            class_name, member, value = attached
            owner = mod.members.get(class_name)
            if owner is None or owner.is_alias or owner.kind.value != "class":
                continue
            if member in owner.members or value not in mod.members:
                continue
            owner.set_member(
                member,
                griffe.Attribute(
                    member,
                    value=_named(value, mod, imported),
                    lineno=statement.lineno,
                    endlineno=statement.end_lineno,
                ),
            )


def _named(name: str, mod: griffe.Module, imported: dict[str, str]) -> griffe.ExprName:
    """``name`` as the module reads it: what it imports by that name (griffe keeps a submodule
    of that name as the member, where the import rebinds it: agate.table.aggregate is the
    function imported from the submodule agate.table.aggregate), else its own member. Never
    resolved in the class: there the name would be the attached member itself."""
    source = imported.get(name)
    if source is not None:
        return griffe.ExprName(name, parent=griffe.ExprName(source))
    return griffe.ExprName(name, parent=mod)


def _imported_modules(node: ast.Module, mod: griffe.Module) -> dict[str, str]:
    """The module each name a top-level ``from ... import`` binds comes from, by the name bound
    (the last import of a name wins), relative imports made absolute; names imported under
    another name are left out."""
    found: dict[str, str] = {}
    for statement in node.body:
        if not isinstance(statement, ast.ImportFrom):
            continue
        source = _absolute(statement, mod)
        for alias in statement.names:
            if source and alias.name != "*" and alias.asname in (None, alias.name):
                found[alias.name] = source
    return found


def _absolute(statement: ast.ImportFrom, mod: griffe.Module) -> str:
    """The dotted module a ``from`` import reads, "" when a relative one climbs past the top."""
    if not statement.level:
        return statement.module or ""
    parts = mod.path.split(".")
    if not mod.is_init_module:
        parts = parts[:-1]
    if statement.level - 1 >= len(parts):
        return ""
    parts = parts[: len(parts) - (statement.level - 1)]
    return ".".join([*parts, *([statement.module] if statement.module else [])])


def _attached_name(statement: ast.stmt) -> tuple[str, str, str] | None:
    """(class, member, value) of ``Class.member = value``, each a plain name; None for any
    other statement."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
        return None
    target = statement.targets[0]
    if not isinstance(target, ast.Attribute) or not isinstance(target.value, ast.Name):
        return None
    if not isinstance(statement.value, ast.Name):
        return None
    return target.value.id, target.attr, statement.value.id
