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
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from types import MappingProxyType

_ADDS = "add_object_type"
_NAME_ARGUMENT = "directivename"  # its first parameter's name
_PARSER_ARGUMENT = "parse_node"  # its fourth
_PARSER_POSITION = 3
# The name a parse_node function reads from a signature, as those projects write theirs: its
# first word, up to a space, comma or parenthesis (Django's "check [app_label ...]" names
# "check", Sphinx's own "autodoc-process-docstring(app, ...)" and GHC's "-fwarn-x, -Wx" the
# first). Sphinx's own reading without one is the whole signature.
_PARSED_NAME = re.compile(r"[^\s,(]+")


@dataclass(frozen=True)
class ObjectType:
    """A description directive a project adds; ``parsed``: a function of the project
    (``parse_node``) reads its signature, and names the object by its first word."""

    directive: str
    parsed: bool = False


_TYPES: ContextVar[Mapping[str, ObjectType]] = ContextVar(
    "rst_object_types", default=MappingProxyType({})
)


def added_object_types(*sources: str) -> tuple[ObjectType, ...]:
    """The object types ``sources`` (a conf.py's text, then those of the project's own
    extension modules it loads) add with ``add_object_type``, in order (the first of a name)."""
    types: dict[str, ObjectType] = {}
    for source in sources:
        for added in _added_in(source):
            types.setdefault(added.directive, added)
    return tuple(types.values())


def _added_in(source: str) -> list[ObjectType]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    types: list[ObjectType] = []
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
            types.append(ObjectType(first.value, parsed=_passes_parser(node)))
    return types


def _passes_parser(call: ast.Call) -> bool:
    """Whether an ``add_object_type`` call passes a ``parse_node`` function (not None)."""
    parsers = [keyword.value for keyword in call.keywords if keyword.arg == _PARSER_ARGUMENT]
    if len(call.args) > _PARSER_POSITION:
        parsers.append(call.args[_PARSER_POSITION])
    return any(not (isinstance(p, ast.Constant) and p.value is None) for p in parsers)


@contextmanager
def object_types(types: tuple[ObjectType, ...]) -> Iterator[None]:
    """Within, the directives of ``types`` are descriptions of objects of the project."""
    token = _TYPES.set({added.directive: added for added in types})
    try:
        yield
    finally:
        _TYPES.reset(token)


def is_object_type(name: str) -> bool:
    """Whether ``name`` is a directive the project added as an object type."""
    return name in _TYPES.get()


def object_name(name: str, signature: str) -> str:
    """The name an object type ``name``'s description with ``signature`` documents: the
    signature with its spaces made single ones (Sphinx's generic object), or its first word
    when a function of the project reads it."""
    added = _TYPES.get().get(name)
    if added is not None and added.parsed:
        first = _PARSED_NAME.match(signature.strip())
        return first.group() if first else ""
    return " ".join(signature.split())
