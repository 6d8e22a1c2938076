"""Description directives a project's conf.py adds with ``app.add_object_type``.

GSD 2.7.0's ``setup(app)`` calls ``app.add_object_type('chunk', 'chunk', ...)``, and its
HOOMD schema page describes each data chunk with ``.. chunk:: particles/position``: Sphinx
makes each an entry of the page (``#chunk-particles-position``), titled by its name. Read as
an unknown directive, the 62 chunks' names were lost and their texts ran into one section.
The names conf.py adds, or one of the project's own extension modules it loads (Django's
``docs/_ext/djangodocs.py`` adds ``django-admin``), are read from their code without running
it (a call whose first argument, or its ``directivename``, is a literal string), and set
around a version's parse, as its substitutions are; each such directive is read as the
standard domain's ``envvar`` is (builder.parsers.rst.std_descriptions). A directive added
as Sphinx's own ``Cmdoption`` under another name (Django's ``django-admin-option``) is read as
``option``, and belongs to the program a parse_node function of the project sets (Django's
commands: ``#cmdoption-check-tag``). A directive added to the Python domain as one of Sphinx's
Python descriptions, or a class of the module derived from one (aioxmpp's ``signal``, a
PyMethod), is read as that description: ``.. signal:: on_entry_added(item)`` is the method
``#aioxmpp.RosterClient.on_entry_added``.
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
_ADDS_DIRECTIVE = "add_directive"
_ADDS_TO_DOMAIN = "add_directive_to_domain"
# Sphinx's Python description classes (sphinx.domains.python), and the description each
# writes, which a project adds again under a name of its own, or subclasses to (aioxmpp's
# add_directive_to_domain('py', 'signal', PySignal), PySignal(PyMethod)).
_PYTHON_CLASSES = MappingProxyType(
    {
        "PyFunction": "function", "PyDecoratorFunction": "decorator", "PyVariable": "data",
        "PyClasslike": "class", "PyMethod": "method", "PyClassMethod": "classmethod",
        "PyStaticMethod": "staticmethod", "PyDecoratorMethod": "decoratormethod",
        "PyAttribute": "attribute", "PyProperty": "property",
    }
)  # fmt: skip
_NAME_ARGUMENT = "directivename"  # its first parameter's name
_PARSER_ARGUMENT = "parse_node"  # its fourth
_PARSER_POSITION = 3
# The name a parse_node function reads from a signature, as those projects write theirs: its
# first word, up to a space, comma or parenthesis (Django's "check [app_label ...]" names
# "check", Sphinx's own "autodoc-process-docstring(app, ...)" and GHC's "-fwarn-x, -Wx" the
# first). Sphinx's own reading without one is the whole signature.
_PARSED_NAME = re.compile(r"[^\s,(]+")
# Sphinx's own description class for command-line options, which a project can add again
# under a name of its own (Django's app.add_directive('django-admin-option', Cmdoption)).
_OPTION_CLASS = "Cmdoption"
OPTION = "option"
# Where Sphinx keeps the program an option belongs to (``.. program::`` sets it).
_PROGRAM_KEY = "std:program"


@dataclass(frozen=True)
class ObjectType:
    """A description directive a project adds; ``parsed``: a function of the project
    (``parse_node``) reads its signature, and names the object by its first word;
    ``sets_program``: that function makes the object's name the program later options belong
    to (Django's commands); ``standard``: the standard description it is under another name
    ("option"), "" for Sphinx's generic object."""

    directive: str
    parsed: bool = False
    sets_program: bool = False
    standard: str = ""
    # The Python description it is, under another name ("method"), "" for none.
    python: str = ""


_TYPES: ContextVar[Mapping[str, ObjectType]] = ContextVar(
    "rst_object_types", default=MappingProxyType({})
)


def added_object_types(*sources: str) -> tuple[ObjectType, ...]:
    """The object types ``sources`` (a conf.py's text, then those of the project's own
    extension modules it loads) add with ``add_object_type``, and the option directives they
    add with ``add_directive``, in order (the first of a name)."""
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
    functions = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    types: list[ObjectType] = []
    python_classes = _python_classes(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if not isinstance(called, ast.Attribute):
            continue
        if called.attr == _ADDS_DIRECTIVE:
            types.extend(_option_directive(node))
            continue
        if called.attr == _ADDS_TO_DOMAIN:
            types.extend(_python_directive(node, python_classes))
            continue
        if called.attr != _ADDS:
            continue
        # The first argument, or given by its name (minishell_test's directivename="conf").
        named = [keyword.value for keyword in node.keywords if keyword.arg == _NAME_ARGUMENT]
        first = node.args[0] if node.args else next(iter(named), None)
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
            parser = _parser(node)
            function = functions.get(parser.id) if isinstance(parser, ast.Name) else None
            types.append(
                ObjectType(
                    first.value,
                    parsed=parser is not None,
                    sets_program=function is not None and _sets_program(function),
                )
            )
    return types


def _parser(call: ast.Call) -> ast.expr | None:
    """The ``parse_node`` function an ``add_object_type`` call passes (not None)."""
    parsers = [keyword.value for keyword in call.keywords if keyword.arg == _PARSER_ARGUMENT]
    if len(call.args) > _PARSER_POSITION:
        parsers.append(call.args[_PARSER_POSITION])
    return next((p for p in parsers if not (isinstance(p, ast.Constant) and p.value is None)), None)


def _sets_program(function: ast.FunctionDef) -> bool:
    """Whether a parse_node function sets the program later options belong to
    (``env.ref_context['std:program'] = command``)."""
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if (
                isinstance(target, ast.Subscript)
                and isinstance(target.slice, ast.Constant)
                and target.slice.value == _PROGRAM_KEY
            ):
                return True
    return False


def _option_directive(call: ast.Call) -> list[ObjectType]:
    """The directive an ``add_directive(name, Cmdoption)`` call adds, as an option one."""
    if len(call.args) != 2 or call.keywords:
        return []
    name, directive = call.args
    written = _last_name(directive)  # Cmdoption or a module's (std.Cmdoption)
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value):
        return []
    return [ObjectType(name.value, standard=OPTION)] if written == _OPTION_CLASS else []


def _python_classes(tree: ast.Module) -> dict[str, str]:
    """Sphinx's Python description classes and the module's classes derived from one (by a
    base's last name, through the module's own classes), each with the description it
    writes."""
    kinds = dict(_PYTHON_CLASSES)
    classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    changed = True
    while changed:  # a class derived from one derived from PyMethod, in any order
        changed = False
        for node in classes:
            if node.name in kinds:
                continue
            base = next((k for b in node.bases if (k := kinds.get(_last_name(b)))), None)
            if base is not None:
                kinds[node.name] = base
                changed = True
    return kinds


def _python_directive(call: ast.Call, kinds: Mapping[str, str]) -> list[ObjectType]:
    """The directive an ``add_directive_to_domain('py', name, cls)`` call adds, as the Python
    description ``cls`` writes; none for another domain or class."""
    if len(call.args) != 3 or call.keywords:
        return []
    domain, name, directive = call.args
    if not (isinstance(domain, ast.Constant) and domain.value == "py"):
        return []
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value):
        return []
    kind = kinds.get(_last_name(directive), "")
    return [ObjectType(name.value, python=kind)] if kind else []


def _last_name(node: ast.expr) -> str:
    """A class written as a name or a module's attribute (std.Cmdoption), read from the node:
    unparsing recursed past Python's limit on an expression nested as deep as ast.parse
    reads."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


@contextmanager
def object_types(types: tuple[ObjectType, ...]) -> Iterator[None]:
    """Within, the directives of ``types`` are descriptions of objects of the project."""
    token = _TYPES.set({added.directive: added for added in types})
    try:
        yield
    finally:
        _TYPES.reset(token)


def python_description(name: str) -> str:
    """The Python description (``method``) the directive written ``name`` (``signal`` or
    ``py:signal``) is, as a project added it to the Python domain; "" for none."""
    added = _TYPES.get().get(name.removeprefix("py:"))
    return added.python if added is not None else ""


def added_object_type(name: str) -> str:
    """The object type the directive written ``name`` is, "" for none: the name itself, or
    the name after a domain (``std:configvar``, or nose2's ``rst:configvar``), as Sphinx looks
    a directive a domain lacks up in the standard domain, where object types are added."""
    if python_description(name):
        return ""  # a Python description (builder.parsers.rst.directives reads it so)
    if name in _TYPES.get():
        return name
    _, colon, rest = name.partition(":")
    return rest if colon and rest in _TYPES.get() else ""


def object_name(name: str, signature: str) -> str:
    """The name an object type ``name``'s description with ``signature`` documents: the
    signature with its spaces made single ones (Sphinx's generic object), or its first word
    when a function of the project reads it."""
    added = _TYPES.get().get(name)
    if added is not None and added.parsed:
        first = _PARSED_NAME.match(signature.strip())
        return first.group() if first else ""
    return " ".join(signature.split())


def described_kind(name: str) -> str:
    """The description an added directive ``name`` is read as: the standard one it is under
    another name ("option"), else itself (Sphinx's generic object)."""
    added = _TYPES.get().get(name)
    return added.standard if added is not None and added.standard else name


def sets_program(name: str) -> bool:
    """Whether an object type's description makes its name the program of the options after
    it, as its parse_node function does."""
    added = _TYPES.get().get(name)
    return added is not None and added.sets_program
