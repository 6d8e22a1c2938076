"""Classes a module makes by calling ``collections.namedtuple``, as classes.

``basic_return_t = namedtuple('basic_return_t', ('reply_code', 'reply_text', ...))`` (py-amqp's
``amqp.protocol``) binds a class: autodoc imports it and documents it under ``:members:``, its
signature its fields, its docstring the one Python writes ("basic_return_t(reply_code,
reply_text, ...)"), and each field a member whose docstring is "Alias for field number N".
griffe reads an attribute with a call for its value, which ``:members:`` left out as
undocumented. Each such call with a literal name (the name it is bound to) and literal fields (a
string of names, or a list or tuple of strings) becomes a class of those members. A docstring
written below the call (ndcube 2.0.3's ``SequenceItem``) is the class's, as autodoc shows the
source's documentation of a name first; the name was an attribute, which automodapi's list of
classes left out.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe

_FACTORY = "namedtuple"
_MODULE = "collections"


class NamedTupleCalls(griffe.Extension):
    """Turns a module's ``Name = namedtuple('Name', fields)`` attributes into classes."""

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        if not isinstance(node, ast.Module):
            return
        factories = _factory_names(node)
        if not factories:
            return
        for statement in node.body:
            made = _named_tuple(statement, factories)
            if made is None:
                continue
            name, fields, defaults = made
            existing = mod.members.get(name)
            if existing is None or existing.is_alias or existing.kind.value != "attribute":
                continue
            made_class = _named_tuple_class(name, fields, defaults, statement)
            if existing.docstring is not None:
                # A docstring written for it is what autodoc shows of the class: it takes the
                # source's documentation of a name before the object's own __doc__.
                made_class.docstring = griffe.Docstring(
                    existing.docstring.value,
                    lineno=existing.docstring.lineno,
                    endlineno=existing.docstring.endlineno,
                    parent=made_class,
                )
            mod.set_member(name, made_class)


def _factory_names(node: ast.Module) -> set[str]:
    """The names the module calls ``collections.namedtuple`` by: ``namedtuple`` after ``from
    collections import namedtuple`` (or its ``as`` name), ``collections.namedtuple`` after
    ``import collections``."""
    names: set[str] = set()
    for statement in node.body:
        if isinstance(statement, ast.ImportFrom) and statement.module == _MODULE:
            names.update(a.asname or a.name for a in statement.names if a.name == _FACTORY)
        elif isinstance(statement, ast.Import):
            names.update(
                f"{a.asname or a.name}.{_FACTORY}" for a in statement.names if a.name == _MODULE
            )
    return names


def _named_tuple(
    statement: ast.stmt, factories: set[str]
) -> tuple[str, list[str], list[str]] | None:
    """(name, fields, the defaults of the last fields as written) of ``Name =
    namedtuple('Name', fields, defaults=(...))``; None for any other statement."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
        return None
    target, call = statement.targets[0], statement.value
    if not isinstance(target, ast.Name) or not isinstance(call, ast.Call):
        return None
    if ast.unparse(call.func) not in factories or len(call.args) < 2:
        return None
    typename, written = call.args[0], call.args[1]
    if not (isinstance(typename, ast.Constant) and typename.value == target.id):
        return None  # another name: autodoc shows an alias of the class, not the class
    fields = _fields(written)
    defaults = _defaults(call)
    if not fields or len(defaults) > len(fields):
        return None  # Python raises on more defaults than fields
    return target.id, fields, defaults


def _defaults(call: ast.Call) -> list[str]:
    """The values ``defaults=`` gives the last fields, as ``repr`` shows them in the
    signature autodoc reads (``b=None``); none when it gives none it can read."""
    given = next((k.value for k in call.keywords if k.arg == "defaults"), None)
    if given is None:
        return []
    try:
        values = ast.literal_eval(given)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return []
    return [repr(value) for value in values] if isinstance(values, tuple | list) else []


def _fields(written: ast.expr) -> list[str]:
    """The field names of a literal ``"a b"``, ``"a, b"``, or list or tuple of strings."""
    if isinstance(written, ast.Constant) and isinstance(written.value, str):
        names = written.value.replace(",", " ").split()
    elif isinstance(written, ast.List | ast.Tuple):
        if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in written.elts):
            return []
        names = [str(e.value) for e in written.elts if isinstance(e, ast.Constant)]
    else:
        return []
    return names if all(name.isidentifier() for name in names) else []


def _named_tuple_class(
    name: str, fields: list[str], defaults: list[str], statement: ast.stmt
) -> griffe.Class:
    """The class ``namedtuple`` makes: Python's docstring, ``__new__``'s signature (autodoc's,
    for a class without ``__init__``, the last fields' ``defaults``) and a member per field,
    each with its docstring."""
    line, end = statement.lineno, statement.end_lineno
    klass = griffe.Class(name, lineno=line, endlineno=end, bases=["tuple"])
    klass.docstring = griffe.Docstring(f"{name}({', '.join(fields)})", parent=klass)
    positional = griffe.ParameterKind.positional_or_keyword
    given = dict(zip(fields[len(fields) - len(defaults) :], defaults, strict=True))
    parameters = [
        griffe.Parameter(name, kind=positional, default=given.get(name))
        for name in ("cls", *fields)
    ]
    klass.set_member(
        "__new__",
        griffe.Function(
            "__new__", lineno=line, endlineno=end, parameters=griffe.Parameters(*parameters)
        ),
    )
    for number, field in enumerate(fields):
        attribute = griffe.Attribute(field, lineno=line, endlineno=end)
        attribute.docstring = griffe.Docstring(f"Alias for field number {number}", parent=attribute)
        attribute.labels.add("class-attribute")
        klass.set_member(field, attribute)
    return klass
