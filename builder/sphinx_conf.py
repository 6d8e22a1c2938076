"""Read the literal settings of a Sphinx ``conf.py`` without running it.

A ``conf.py`` is Python, and running the one of a tag or archive would run whatever it holds,
so only its top-level assignments whose value is a literal (strings, numbers, lists, tuples,
dicts, sets, booleans, None) are read, with ``ast``. Anything else (a call, a name, an
import's value, ``+=``) is recorded by name so the caller can say it was ignored.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_CONF_BYTES = 1024 * 1024


@dataclass(frozen=True)
class SphinxConf:
    """What could be read of one conf.py: literal values by name, the names whose values were
    not literals (last assignment wins, as when Python runs the file), and a reason when the
    file could not be read at all."""

    values: Mapping[str, Any] = field(default_factory=dict)
    not_literal: tuple[str, ...] = ()
    problem: str | None = None

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)


def read_sphinx_conf(source: str) -> SphinxConf:
    """The literal top-level settings of ``source`` (the text of a conf.py)."""
    if len(source) > MAX_CONF_BYTES:
        return SphinxConf(problem=f"larger than {MAX_CONF_BYTES // 1024} KiB; not read")
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError) as exc:
        return SphinxConf(problem=f"not valid Python ({type(exc).__name__}); not read")
    values: dict[str, Any] = {}
    not_literal: dict[str, None] = {}
    for statement in tree.body:
        for name, node in _assignments(statement):
            try:
                if node is None:
                    raise ValueError(name)
                values[name] = ast.literal_eval(node)
                not_literal.pop(name, None)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                values.pop(name, None)
                not_literal[name] = None
    return SphinxConf(values, tuple(not_literal))


def _assignments(statement: ast.stmt) -> list[tuple[str, ast.expr | None]]:
    """(name, value) for each plain name a top-level statement sets; value None when the
    statement changes the name in a way that is not a plain assignment (``+=``)."""
    if isinstance(statement, ast.Assign):
        names = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        return [(name, statement.value) for name in names]
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [(statement.target.id, statement.value)]
    if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
        return [(statement.target.id, None)]
    return []
