"""An ``__all__`` a module makes of the names of a list of its own objects, as Wagtail's
``wagtail/blocks/field_block.py`` does::

    block_classes = [FieldBlock, CharBlock, TextBlock, ...]
    __all__ = [cls.__name__ for cls in block_classes]

griffe cannot read the comprehension and takes ``__all__`` for an empty list, so the
package's ``from .field_block import *`` imported nothing: ``wagtail.blocks.CharBlock`` and
the other 18 blocks of Wagtail 7.4.3's reference were not found in the code. Here such an
``__all__`` lists each name of the list (or tuple) it loops over, when that list is a literal
of names, written at the module's top level or in the comprehension itself. An ``__all__``
made by a call or any other comprehension (funcy 1.18's ``__all__ = lcat(...)``, then ``__all__
+= ['lzip']``) is no list griffe can read: the module is taken to have none, and a wildcard
import of it brings its public names, where funcy's ``from .py3 import *`` brought ``lzip``
alone and ``funcy.wraps`` was not found.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe


class NamedAll(griffe.Extension):
    """Sets a module's exports to the names its ``__all__`` comprehension takes from a list."""

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        if not isinstance(node, ast.Module):
            return
        names = named_all(node)
        if names is not None:
            mod.exports = list(names)
        elif _computed_all(node):
            # No list of names griffe can read: what ``__all__ += [...]`` adds to it is not all
            # of it. None: a wildcard import of the module brings its public names.
            mod.exports = None


def named_all(module: ast.Module) -> tuple[str, ...] | None:
    """The names ``module``'s last ``__all__ = [x.__name__ for x in items]`` lists; None when
    its ``__all__`` is made any other way."""
    lists: dict[str, tuple[str, ...]] = {}
    found: tuple[str, ...] | None = None
    for statement in module.body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target = statement.targets[0]
        if not isinstance(target, ast.Name):
            continue
        if target.id == "__all__":
            found = _comprehended(statement.value, lists)
        elif (names := _names(statement.value)) is not None:
            lists[target.id] = names
        else:
            lists.pop(target.id, None)
    return found


def _computed_all(module: ast.Module) -> bool:
    """Whether ``module``'s first ``__all__ = ...`` is made by a call or a comprehension
    (funcy 1.18's ``__all__ = lcat(sys.modules['funcy.' + m].__all__ for m in modules)``),
    which griffe reads as an empty list."""
    for statement in module.body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target = statement.targets[0]
        if isinstance(target, ast.Name) and target.id == "__all__":
            computed = (ast.Call, ast.ListComp, ast.GeneratorExp, ast.SetComp)
            return isinstance(statement.value, computed)
    return False


def _comprehended(value: ast.expr, lists: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    if not isinstance(value, ast.ListComp | ast.GeneratorExp) or len(value.generators) != 1:
        return None
    loop = value.generators[0]
    element = value.elt
    if (
        loop.ifs
        or loop.is_async
        or not isinstance(loop.target, ast.Name)
        or not isinstance(element, ast.Attribute)
        or element.attr != "__name__"
        or not isinstance(element.value, ast.Name)
        or element.value.id != loop.target.id
    ):
        return None
    if isinstance(loop.iter, ast.Name):
        return lists.get(loop.iter.id)
    return _names(loop.iter)


def _names(node: ast.expr) -> tuple[str, ...] | None:
    """The names a list or tuple literal of names holds; None for anything else."""
    if not isinstance(node, ast.List | ast.Tuple) or not node.elts:
        return None
    if not all(isinstance(element, ast.Name) for element in node.elts):
        return None
    return tuple(element.id for element in node.elts if isinstance(element, ast.Name))
