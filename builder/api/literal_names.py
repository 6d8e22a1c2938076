"""What a name that a body of code does not bind reads as, for builder.api.literal_calls.

A class's or module's member: its literal value (``key2header = {...}``), a tuple of built-in
types (six's ``string_types = str,``), a constant computed from the interpreter's version
(``PY3 = sys.version_info[0] == 3``) or by a call the reading follows, a function of the
project to follow, or another object compared by identity (``_not_given = object()``). A
name no module binds is a builtin: ``property``, ``isinstance``, a built-in type or a pure
function (``str``, ``len``); anything else is unknown.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Protocol

from builder.api.literal_values import (
    BUILTIN_TYPES,
    PROPERTY_NAMES,
    PURE_FUNCTIONS,
    UNKNOWN,
    VERSION_INFO,
    MadeProperty,
    ModuleObject,
    ProjectFunction,
    guarded,
    is_literal,
    parsed_expression,
    types_named,
)

# ``property``, as a body calls it: builder.api.literal_calls makes the property.
PROPERTY_MARK: Any = object()


@dataclass(frozen=True)
class Scope:
    """Where names not bound in a body are looked up: the class body's names first (for the
    attribute's own call), then the module's. A class body reads only the names it has set
    before ``line`` (``looped = looped(...)`` calls the module's function)."""

    module: Any
    klass: Any = None
    line: int = 0


class ConstantReader(Protocol):
    """What reads a constant's expression (builder.api.literal_calls.CallReader)."""

    def constant(self, expression: ast.expr, scope: Scope) -> Any: ...


def global_value(name: str, scope: Scope, reader: ConstantReader) -> Any:
    """What ``name`` is where a body does not bind it: the class's or module's literal
    constant, a function of the project, ``property``, a pure function, another object of the
    module by its path; unknown otherwise."""
    for owner in (scope.klass, scope.module):
        member = None if owner is None else owner.members.get(name)
        if member is None:
            continue
        if owner is scope.klass and not 0 < (member.lineno or 0) < scope.line:
            continue  # set later in the class body, or where it cannot be told
        return _member_value(member, reader)
    if name == "property":
        return PROPERTY_MARK
    if name == "isinstance":
        return isinstance
    return BUILTIN_TYPES.get(name) or PURE_FUNCTIONS.get(name, UNKNOWN)


def static_method(owner: str, name: str, scope: Scope) -> ProjectFunction | None:
    """The static method ``name`` of the project's class ``owner`` that a body calls through
    the class (PyMeasure's ``Instrument.control(...)``); None for anything else."""
    for holder in (scope.klass, scope.module):
        member = None if holder is None else holder.members.get(owner)
        if member is None:
            continue
        if holder is scope.klass and not 0 < (member.lineno or 0) < scope.line:
            continue
        try:
            target = member.final_target if member.is_alias else member
            method = target.members.get(name) if target.kind.value == "class" else None
            method = method.final_target if method is not None and method.is_alias else method
        except Exception:  # an import of something not loaded
            return None
        if method is None or method.kind.value != "function":
            return None
        return ProjectFunction(method) if "staticmethod" in method.labels else None
    return None


def _member_value(member: Any, reader: ConstantReader) -> Any:
    """The value a body reads from the module's (or class's) member ``member``."""
    try:
        target = member.final_target if member.is_alias else member
    except Exception:  # an import of something not loaded
        path = str(getattr(member, "target_path", ""))
        if path in PROPERTY_NAMES:
            return PROPERTY_MARK
        if path == "sys.version_info":
            return VERSION_INFO
        return PURE_FUNCTIONS.get(path, UNKNOWN)
    kind = target.kind.value
    if kind == "function":
        return ProjectFunction(target)
    if kind != "attribute":
        return UNKNOWN
    source = str(getattr(target, "value", "") or "")
    try:
        return ast.literal_eval(source)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    types = types_named(parsed_expression(source))  # six's ``string_types = str,``
    if types is not None:
        return types
    computed = _computed(source, target, reader)  # ``PY2 = sys.version_info[0] == 2``
    # Else another object, compared by identity: ``_not_given = object()``.
    return ModuleObject(target.path) if computed is UNKNOWN else computed


def _computed(source: str, target: Any, reader: ConstantReader) -> Any:
    """The value of a constant the module or class makes by an expression the reading
    follows: a comparison over the interpreter's version (``PY3 = sys.version_info[0] ==
    3``), a property a factory makes (WebOb's ``_etag_raw = header_getter('ETag', '14.19')``,
    which ``etag = converter(_etag_raw, ...)`` reads); unknown for any other."""
    expression = parsed_expression(source)
    if expression is None:
        return UNKNOWN
    parent = getattr(target, "parent", None)
    klass = parent if parent is not None and parent.kind.value == "class" else None
    scope = Scope(getattr(target, "module", None), klass, target.lineno or 0)
    value = reader.constant(expression, scope)
    return value if is_literal(value) or isinstance(value, MadeProperty) else UNKNOWN


def is_version_info(node: ast.Attribute, names: dict[str, Any], scope: Scope) -> bool:
    """Whether ``node`` reads ``sys.version_info`` (``sys`` the module's import of it)."""
    if node.attr != "version_info" or not isinstance(node.value, ast.Name):
        return False
    name = node.value.id
    if name in names or scope.module is None:
        return False
    member = scope.module.members.get(name)
    return member is not None and member.is_alias and str(member.target_path) == "sys"


def module_function_value(
    scope: Scope, function: ast.Attribute, arguments: tuple[list[Any] | None, Any]
) -> Any:
    """A call of a pure function of the standard library through its module
    (``textwrap.dedent(doc)``), on literal arguments; unknown otherwise."""
    if not isinstance(function.value, ast.Name) or arguments[0] is None:
        return UNKNOWN
    member = scope.module.members.get(function.value.id) if scope.module is not None else None
    if member is None or not member.is_alias:
        return UNKNOWN
    called = PURE_FUNCTIONS.get(f"{member.target_path}.{function.attr}")
    if called is None:
        return UNKNOWN
    positional, keywords = arguments
    if positional is None:
        return UNKNOWN
    return guarded(called, *positional, **(keywords or {}))
