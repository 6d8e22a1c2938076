"""Where a class body declares a name by its annotation alone (``environ: "WSGIEnvironment"``),
read from the module's source.

Werkzeug's Request writes ``#: The WSGI environment ...`` above ``environ: "WSGIEnvironment"``
in its body and sets ``self.environ = environ`` in ``__init__``. griffe merges the two into
one instance attribute placed at the assignment, where no ``#:`` comment is, so the
attribute read as undocumented and ``:members:`` left it out; Sphinx's source analyzer reads
the comment above the annotation. The module is parsed once while its lines are the same.
"""

from __future__ import annotations

import ast
import warnings
from functools import lru_cache

from builder.api.identity_cache import IdentityCache

# Modules whose declarations are kept: an API page asks about the classes of a few modules.
MODULES_KEPT = 32
# A module larger than this is not parsed for them (generated code); a source file is far less.
MAX_MODULE_CHARS = 2 * 1024 * 1024

# Each class's declarations by the lines its definition starts on (its own and its first
# decorator's): the declared name's first and last lines.
_Declarations = dict[int, dict[str, tuple[int, int]]]

_SOURCES: IdentityCache[str] = IdentityCache(MODULES_KEPT)


def annotation_lines(module_lines: list[str], class_line: int, name: str) -> tuple[int, int]:
    """The first and last lines (1-based) of the annotation alone (``name: T``, no value) that
    declares ``name`` in the body of the class starting on ``class_line`` of the module whose
    source is ``module_lines``; (0, 0) when there is none."""
    if not module_lines:
        return (0, 0)
    source = _SOURCES.get(module_lines, "\n".join)
    return _declarations(source).get(class_line, {}).get(name, (0, 0))


@lru_cache(maxsize=MODULES_KEPT)
def _declarations(source: str) -> _Declarations:
    if len(source) > MAX_MODULE_CHARS:
        return {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    found: _Declarations = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        names = {
            statement.target.id: (statement.lineno, statement.end_lineno or statement.lineno)
            for statement in node.body
            if isinstance(statement, ast.AnnAssign)
            and statement.value is None
            and isinstance(statement.target, ast.Name)
        }
        for line in {node.lineno, *(d.lineno for d in node.decorator_list)}:
            found[line] = names
    return found
