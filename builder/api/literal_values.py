"""The values builder.api.literal_calls reads code over, and Python's own operations on them.

A value is a literal (a string, number, boolean, None, or a tuple, list or dict of them), a
built-in type (``isinstance(key, str)``), a property ``property(...)`` made (MadeProperty), a
function of the project (ProjectFunction), another object (ModuleObject, compared by
identity), or UNKNOWN. An operation Python would raise on is unknown, and so is one that makes
a text longer than MAX_TEXT_CHARS, or a tuple, list or dict holding more than MAX_TEXT_CHARS
characters and items all told (``items = items + items`` doubles it at each statement).
"""

from __future__ import annotations

import ast
import inspect
import re
import string
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from builder.sphinx_conf_strings import result_size

# The longest text a value may be; a longer one (a string multiplied, joined in a loop) is
# no doc.
MAX_TEXT_CHARS = 20_000


# str's methods that compute a value from the string and their arguments alone.
PURE_STR_METHODS = frozenset(
    {"lower", "upper", "title", "capitalize", "casefold", "swapcase", "strip", "lstrip",
     "rstrip", "split", "rsplit", "splitlines", "replace", "startswith", "endswith", "isupper",
     "islower", "istitle", "isdigit", "isalpha", "isalnum", "isspace", "join", "format",
     "partition", "rpartition", "removeprefix", "removesuffix", "find", "rfind", "count"}
)  # fmt: skip


# Functions of the standard library and builtins that are pure over literal values.
PURE_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "textwrap.dedent": textwrap.dedent,
    "inspect.cleandoc": inspect.cleandoc,
    "str": str,
    "repr": repr,
    "len": len,
    "bool": bool,
    "int": int,
}


PROPERTY_NAMES = frozenset({"property", "builtins.property"})


# The built-in types a body may test a value against (``isinstance(key, str)``).
BUILTIN_TYPES: dict[str, type] = {
    kind.__name__: kind for kind in (str, bytes, int, float, bool, tuple, list, dict, type(None))
}


class _Unknown:
    """A value the reading cannot tell."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()


@dataclass(frozen=True)
class MadeProperty:
    """A property ``property(...)`` made, by its doc (None: none)."""

    doc: str | None


@dataclass(frozen=True)
class ModuleObject:
    """Another object: a function defined in the body (by its docstring), or an object of a
    module compared by identity (``_not_given = object()``), by its path."""

    path: str
    doc: str | None = None


@dataclass(frozen=True)
class ProjectFunction:
    """A function of the project that the reading may follow (a griffe function)."""

    function: Any


# The interpreter's version, as ``sys.version_info`` reads (autodoc imports the code on the
# Python 3 that builds the docs).
VERSION_INFO = tuple(sys.version_info[:3])


def types_named(expression: ast.expr | None) -> Any:
    """The built-in type, or tuple of them, ``expression`` names (``str,``); None otherwise."""
    names = expression.elts if isinstance(expression, ast.Tuple) else [expression]
    if not names or not all(isinstance(n, ast.Name) and n.id in BUILTIN_TYPES for n in names):
        return None
    found = tuple(BUILTIN_TYPES[n.id] for n in names if isinstance(n, ast.Name))
    return found if isinstance(expression, ast.Tuple) else found[0]


def is_literal(value: Any, types: bool = False) -> bool:
    """Whether ``value`` is a literal (with ``types``, or one of ``BUILTIN_TYPES``, or a tuple of
    them)."""
    if types and (value in BUILTIN_TYPES.values() if isinstance(value, type) else False):
        return True
    if isinstance(value, tuple | list):
        return all(is_literal(item, types) for item in value)
    if isinstance(value, dict):
        return all(is_literal(k) and is_literal(v) for k, v in value.items())
    return value is None or isinstance(value, str | bytes | int | float | bool)


def truth(value: Any) -> Any:
    """``bool(value)``: unknown for an object of a module the reading has no value for."""
    if isinstance(value, ModuleObject):
        return True if value.path.startswith("<local") else UNKNOWN
    if isinstance(value, MadeProperty | ProjectFunction):
        return True
    return UNKNOWN if value is UNKNOWN else guarded(bool, value)


def compared(comparing: ast.cmpop, left: Any, right: Any) -> Any:
    if left is UNKNOWN or right is UNKNOWN:
        return UNKNOWN
    if isinstance(comparing, ast.Is | ast.IsNot):
        same = _identical(left, right)
        if same is UNKNOWN:
            return UNKNOWN
        return same if isinstance(comparing, ast.Is) else not same
    if not (is_literal(left) and is_literal(right)):
        return UNKNOWN
    operations: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
        ast.Eq: lambda a, b: a == b,
        ast.NotEq: lambda a, b: a != b,
        ast.Lt: lambda a, b: a < b,
        ast.LtE: lambda a, b: a <= b,
        ast.Gt: lambda a, b: a > b,
        ast.GtE: lambda a, b: a >= b,
        ast.In: lambda a, b: a in b,
        ast.NotIn: lambda a, b: a not in b,
    }
    operation = operations.get(type(comparing))
    return UNKNOWN if operation is None else guarded(operation, left, right)


def _identical(left: Any, right: Any) -> Any:
    """``left is right``: the module's objects by their path, the singletons as Python
    compares them, a literal never the module's object; unknown for anything else."""
    if isinstance(left, ModuleObject) or isinstance(right, ModuleObject):
        return left == right
    singletons = (None, True, False)
    if any(left is s for s in singletons) or any(right is s for s in singletons):
        return left is right
    return UNKNOWN


def bounded(template: str) -> bool:
    """Whether a ``%`` template asks for no field wider than MAX_TEXT_CHARS (``"%9999999999s"``,
    ``"%(key)9999999999s"`` would be built before its length could be seen), nor one whose
    width or precision an argument gives (``"%*s"``), nor a mapping key it never closes (``%``
    raises on it; each ``%(`` read to the template's end made reading it quadratic)."""
    if "%(" in template[template.rfind(")") + 1 :]:
        return False
    return all(
        _narrow(size) for match in _PERCENT_FIELD.finditer(template) for size in match.groups()
    )


def bounded_format(template: str) -> bool:
    """Whether a ``str.format`` template asks for no field wider than MAX_TEXT_CHARS, nor one
    whose width an argument gives (``"{:{}}"``)."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return True  # format raises on it: unknown
    return all(spec is None or bounded_spec(spec) for _, _, spec, _ in fields)


def bounded_spec(spec: str) -> bool:
    """Whether a format spec (``>20``, an f-string's ``{key:999999999}``) asks for no field
    wider than MAX_TEXT_CHARS and takes no width from an argument."""
    return "{" not in spec and all(_narrow(number) for number in re.findall(r"\d+", spec))


def _narrow(size: str | None) -> bool:
    return size is None or (size != "*" and int(size) <= MAX_TEXT_CHARS)


# A %-conversion: its mapping key, flags, width and precision (a number or ``*``); ``%%``
# is none.
_PERCENT_FIELD = re.compile(r"%%|%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
# What a field may add beyond its argument's ascii() and its width: a float's digits under
# '%f' or '{:f}' (1e308 has 309).
_NUMBER_DIGITS = 310


def percent_fits(template: str, arguments: Any) -> bool:
    """Whether ``template % arguments`` is known, before it is made, to be at most
    MAX_TEXT_CHARS long: a template of 2,000 '%s' given 2,000 texts of MAX_TEXT_CHARS each
    would make 40 MB first. Each argument is counted as the template's conversions show it
    (a mapping's value once per field that names its key, the whole mapping for one that names
    none), each field with its width and precision."""
    if not bounded(template):
        return False
    fields = [match for match in _PERCENT_FIELD.finditer(template) if match.group() != "%%"]
    types = {template[field.end() : field.end() + 2].lstrip("hlL")[:1] for field in fields}
    conversion = next((kind for kind in "ar" if kind in types), "s")
    if isinstance(arguments, dict):
        shown = sum(_shown_size(_mapped(field.group(), arguments), conversion) for field in fields)
    else:
        values = arguments if isinstance(arguments, tuple) else (arguments,)
        shown = sum(_shown_size(value, conversion) for value in values)
    sizes = sum(int(size or 0) for match in fields for size in match.groups())
    digits = _NUMBER_DIGITS * len(fields) if _holds_float(arguments) else 0
    return len(template) + shown + sizes + digits <= MAX_TEXT_CHARS


def format_fits(template: str, arguments: Sequence[Any], keywords: Mapping[str, Any]) -> bool:
    """Whether ``template.format(*arguments, **keywords)`` is known, before it is made, to be
    at most MAX_TEXT_CHARS long ('{0}' written 5,000 times names one long text 5,000 times):
    each field counted as its conversion shows the value it reads (through its attributes and
    indexes: '{0[key]}' of a mapping of docstrings shows one of them), its spec's numbers and
    a float's digits."""
    if not bounded_format(template):
        return False
    formatter = string.Formatter()
    size, automatic = 0, 0
    try:
        for literal, name, spec, conversion in formatter.parse(template):
            size += len(literal)
            if name is None:
                continue
            if not _FIELD_HEAD.split(name, maxsplit=1)[0]:  # '{}' or '{.attr}': the next one
                name, automatic = f"{automatic}{name}", automatic + 1
            value = formatter.get_field(name, arguments, keywords)[0]
            numbers = sum(int(number) for number in re.findall(r"\d+", spec or ""))
            shown = _shown_size(value, conversion or "s")
            size += shown + numbers + (_NUMBER_DIGITS if isinstance(value, float) else 0)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return True  # format raises on it: unknown, and nothing is made
    return size <= MAX_TEXT_CHARS


# What ends a replacement field's argument name or number: an '.attr' or a '[key]' after it.
_FIELD_HEAD = re.compile(r"[.\[]")


def _mapped(field: str, mapping: dict[Any, Any]) -> Any:
    """What a '%' field shows of a mapping: the value its key names, else the mapping."""
    key = field[2 : field.find(")")] if field.startswith("%(") else None
    return mapping.get(key, mapping)


def _shown_size(value: Any, conversion: str) -> int:
    """How long ``value`` is shown at most under a conversion: a text by str() as it is, by
    ascii() ('a') with each non-ASCII letter escaped (a Chinese docstring six times over),
    anything else as repr() shows it. A number too long to show counts as too long."""
    try:
        if conversion == "a":
            return len(ascii(value))
        if isinstance(value, str) and conversion != "r":
            return len(value)
        return len(repr(value))
    except ValueError:  # an int of more digits than Python converts
        return MAX_TEXT_CHARS + 1


def _holds_float(value: Any) -> bool:
    items = value.values() if isinstance(value, dict) else value
    if isinstance(items, tuple | list) or isinstance(value, dict):
        return any(isinstance(item, float) for item in items)
    return isinstance(value, float)


def formatted_field(value: Any, conversion: int, spec: str) -> str:
    """An f-string's field: ``value`` converted (``!r``, ``!s``, ``!a``) and formatted."""
    converters: dict[int, Callable[[Any], str]] = {115: str, 114: repr, 97: ascii}
    converted = converters.get(conversion)
    return format(converted(value) if converted else value, spec)


def guarded(function: Callable[..., Any], *arguments: Any, **keywords: Any) -> Any:
    """What ``function`` returns for the arguments, or unknown where Python would raise or
    the value is too large."""
    try:
        value = function(*arguments, **keywords)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError):
        return UNKNOWN
    return UNKNOWN if too_large(value) else value


def string_method(text: str, method: str, *arguments: Any, **keywords: Any) -> Any:
    """``text.method(*arguments, **keywords)``, unknown where it raises or would make a text
    too long: a join, replace or format is sized before it is made (``"sep".join(items)`` of a
    list of long texts, ``doc.replace("a", doc)``, each MAX_TEXT_CHARS squared)."""
    if method == "format":
        if not format_fits(text, arguments, keywords):
            return UNKNOWN
    else:
        size = guarded(result_size, text, method, [*arguments, *keywords.values()])
        if size is UNKNOWN or size > MAX_TEXT_CHARS:
            return UNKNOWN
    return guarded(getattr(text, method), *arguments, **keywords)


def too_large(value: Any) -> bool:
    """Whether ``value`` holds more than MAX_TEXT_CHARS characters and items all told, counted
    until there are too many (a list of itself twice, doubled, holds 2 ** n)."""
    left = MAX_TEXT_CHARS
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str | bytes | tuple | list | dict):
            left -= len(item)
            if left < 0:
                return True
        if isinstance(item, tuple | list):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend([*item.keys(), *item.values()])
    return False


@lru_cache(maxsize=256)
def parsed_expression(source: str) -> ast.expr | None:
    try:
        return ast.parse(source, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
