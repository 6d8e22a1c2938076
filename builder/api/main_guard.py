"""A module's ``if __name__ == "__main__":`` block, left out of what the module defines.

The block runs when the file is run as a script, never when Sphinx's autodoc imports the
module, so nothing it binds is the module's. griffe read it as module code, and a name bound
there again replaced the module's own: libpysal 4.7.0's weights/util.py defines ``lat2W``,
then tests it under the guard after ``from libpysal.weights import lat2W``, so ``lat2W`` was
an alias of itself that no lookup could follow and its autosummary entry was left out. A
function, an import or a variable of the block would also be listed under ``:members:``. An
``else:`` of the guard runs on import, so its statements stay; the reverse guard,
``if __name__ != "__main__":``, keeps its body and drops its ``else``.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe


class MainGuard(griffe.Extension):
    """Drops the statements under a module's ``__main__`` test before griffe reads them."""

    def on_module_node(self, *, node: Any, **kwargs: Any) -> None:
        if isinstance(node, ast.Module):
            node.body = without_main_block(node.body)


def without_main_block(statements: list[ast.stmt]) -> list[ast.stmt]:
    """``statements`` with each ``if __name__ == "__main__":`` replaced by its ``else``, and
    each ``if __name__ != "__main__":`` by its body (there the ``else`` is the block)."""
    kept: list[ast.stmt] = []
    for statement in statements:
        guard = main_test(statement.test) if isinstance(statement, ast.If) else ""
        if isinstance(statement, ast.If) and guard == MAIN:
            kept.extend(statement.orelse)
        elif isinstance(statement, ast.If) and guard == IMPORTED:
            kept.extend(statement.body)
        else:
            kept.append(statement)
    return kept


MAIN = "main"  # __name__ == "__main__": the body runs as a script only
IMPORTED = "imported"  # __name__ != "__main__": the body runs on import only


def main_test(test: ast.expr) -> str:
    """:data:`MAIN` when ``test`` is ``__name__ == "__main__"``, :data:`IMPORTED` when it is
    ``__name__ != "__main__"`` (either side first), "" for any other test."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return ""
    # ast.unparse writes a string in single quotes however the code quoted it.
    sides = {ast.unparse(test.left), ast.unparse(test.comparators[0])}
    if sides != {"__name__", "'__main__'"}:
        return ""
    if isinstance(test.ops[0], ast.Eq):
        return MAIN
    return IMPORTED if isinstance(test.ops[0], ast.NotEq) else ""
