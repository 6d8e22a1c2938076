"""Description directives a project's conf.py adds with ``app.add_object_type``.

GSD 2.7.0's ``setup(app)`` calls ``app.add_object_type('chunk', 'chunk', ...)``, and its
HOOMD schema page describes each data chunk with ``.. chunk:: particles/position``: Sphinx
makes each an entry of the page (``#chunk-particles-position``), titled by its name. Read as
an unknown directive, the 62 chunks' names were lost and their texts ran into one section.
The names conf.py adds, or one of the project's own extension modules it loads (Django's
``docs/_ext/djangodocs.py`` adds ``django-admin``), are read from their code without running
it (a call whose first argument, or its ``directivename``, is a literal string), and set
around a version's parse, as its substitutions are; each such directive is read as the
standard domain's ``envvar`` is (builder.parsers.rst.std_descriptions).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_ADDS = "add_object_type"
_NAME_ARGUMENT = "directivename"  # its first parameter's name

_TYPES: ContextVar[frozenset[str]] = ContextVar("rst_object_types", default=frozenset())


def added_object_types(*sources: str) -> tuple[str, ...]:
    """The directive names ``sources`` (a conf.py's text, then those of the project's own
    extension modules it loads) pass to ``add_object_type``, in order."""
    names: list[str] = []
    for source in sources:
        names.extend(_added_in(source))
    return tuple(dict.fromkeys(names))


def _added_in(source: str) -> list[str]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if not isinstance(called, ast.Attribute) or called.attr != _ADDS:
            continue
        # The first argument, or given by its name (minishell_test's directivename="conf").
        named = [keyword.value for keyword in node.keywords if keyword.arg == _NAME_ARGUMENT]
        first = node.args[0] if node.args else next(iter(named), None)
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
            names.append(first.value)
    return names


@contextmanager
def object_types(names: tuple[str, ...]) -> Iterator[None]:
    """Within, the directives ``names`` are descriptions of objects of the project."""
    token = _TYPES.set(frozenset(names))
    try:
        yield
    finally:
        _TYPES.reset(token)


def is_object_type(name: str) -> bool:
    """Whether ``name`` is a directive the project's conf.py added as an object type."""
    return name in _TYPES.get()
