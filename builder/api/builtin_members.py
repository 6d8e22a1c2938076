"""A method a class inherits from a built-in type (``dict``, ``list``, ``Exception``...) or a
class of the standard library (``collections.abc.MutableMapping``, ``unittest.TestCase``),
which the project's code does not define and griffe cannot read; and the docstring such a
method gives the class's own override of it that has none.

autodoc imports the class and documents ``.. automethod:: SortedDict.__getitem__`` with what
``dict.__getitem__`` says ("Return self[key]."), and so can this reader: those types are the
interpreter's own, not the project's code, so looking them up runs nothing of the project (of
the standard library, only the modules of ``STDLIB_BASE_MODULES`` are imported, which do
nothing on import; ``typing``'s aliases of their classes are followed to them). A class is
followed to its bases in the project (``class A(B)``, ``class B(dict)``) up to
``MAX_BASE_DEPTH`` levels, and the types are asked in the order Python's method resolution
order (C3) gives them.
"""

from __future__ import annotations

import builtins
import enum
import importlib
import inspect
import re
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from builder.api.class_order import c3_merged
from builder.api.model import ApiObject, DocPart

# How many levels of the project's own classes are followed to a built-in base.
MAX_BASE_DEPTH = 8
# The standard library's modules whose classes a project's class may take methods from, and
# which may be imported to read them: unittest's TestCase and TestResult, logging's Handler
# and Formatter, threading's Thread, json's encoder and decoder, concurrent.futures' Executor,
# datetime's tzinfo are bases of many projects' classes, whose overrides (testtools'
# TestCase.setUp, futurist's ThreadPoolExecutor.shutdown, a time zone's utcoffset) autodoc
# shows with their docstrings.
STDLIB_BASE_MODULES = frozenset(
    {"collections", "collections.abc", "numbers", "enum", "io"}
    | {"unittest", "logging", "threading", "json", "concurrent.futures", "datetime"}
)
# typing's class factories whose classes are a built-in type's subclasses at run time: a
# ``class Point(NamedTuple)`` is a tuple, a ``class Movie(TypedDict)`` a dict.
_TYPING_BUILTINS: dict[str, type] = {"NamedTuple": tuple, "TypedDict": dict}
# The docstrings of object's __init__ and __new__, which autodoc treats as none.
_OBJECT_DOCS = frozenset(
    inspect.cleandoc(doc) for doc in (object.__init__.__doc__, object.__new__.__doc__) if doc
)


def builtin_member(
    owner: Any, name: str, path: str, resolve: Callable[[str], Any]
) -> ApiObject | None:
    """The documentation of ``name`` as the first built-in base of the griffe class ``owner``
    gives it (``path`` its dotted name), when the class's own code does not define it;
    ``resolve`` finds a base the project defines by its dotted name. None when no built-in
    base has it."""
    for base in _builtin_bases(owner, resolve):
        # The order holds each type's own bases too (Exception's with_traceback is
        # BaseException's), so the first type that defines it is where Python finds it.
        if name not in base.__dict__:
            continue
        member = _class_attribute(base, name)
        if not callable(member):
            # An attribute, or a method taken away (Mapping's __reversed__ = None, dict's
            # __hash__ = None): what Python finds, so no later type's method is the answer.
            return None
        doc = inspect.getdoc(member) or ""
        return ApiObject(
            path=path,
            kind="function",
            signature=f"{name}{_parameters(member)}",
            doc=(DocPart(title="", text=doc),) if doc else (),
        )
    return None


@dataclass(frozen=True)
class BuiltinMethod:
    """A method a class takes from a built-in base, as autodoc's ``:inherited-members:``
    lists it."""

    name: str
    documented: bool  # whether inspect.getdoc gives it a docstring autodoc keeps
    # The names of the classes Python's lookup passes to find it, its defining type's last.
    through: tuple[str, ...]


def builtin_methods(owner: Any, resolve: Callable[[str], Any]) -> tuple[BuiltinMethod, ...]:
    """The methods the built-in bases of the griffe class ``owner`` give it, in name order:
    what autodoc's ``:inherited-members:`` lists beside the project's own (xsdata's
    ``XmlHexBinary(bytes)``: ``decode``, ``hex``, ``__add__``...), sorted as it sorts the
    members the source does not place. The project's classes may define some of the names
    too; the caller lists those. A name the first type that has it defines as no method
    (``__hash__ = None``) is none. An enum's are not listed: Python's ``dir()`` of an enum
    class, which autodoc lists, leaves Enum's methods out (``name``, ``value``,
    ``__format__``...)."""
    found: dict[str, BuiltinMethod] = {}
    seen: set[str] = set()
    passed: list[str] = []
    for entry in _linearized(owner, resolve, MAX_BASE_DEPTH, set(), {})[1:]:
        passed.append(entry.__name__ if isinstance(entry, type) else entry.name)
        if not isinstance(entry, type):
            continue
        listed = not issubclass(entry, enum.Enum)
        for name, value in vars(entry).items():
            if name in seen:
                continue
            seen.add(name)
            member = _class_attribute(entry, name)
            if not listed:
                continue
            if callable(member) and not isinstance(value, type):
                doc = inspect.getdoc(member) or ""
                documented = bool(doc) and doc not in _OBJECT_DOCS
                found[name] = BuiltinMethod(name, documented, tuple(passed))
    return tuple(found[name] for name in sorted(found))


def builtin_docstring(owner: Any, name: str, resolve: Callable[[str], Any]) -> str:
    """The docstring of the method ``name`` that the first built-in base of the griffe class
    ``owner`` defining it has, which ``inspect.getdoc`` and so autodoc give a method of the
    class that overrides it without a docstring of its own (pymongo's ``SON(dict)``, whose
    ``get``, ``keys`` and ``clear`` read "Return the value for key if key is in the
    dictionary, else default.", ...); "" when none has."""
    for base in _builtin_bases(owner, resolve):
        if name in base.__dict__:
            member = _class_attribute(base, name)
            doc = (inspect.getdoc(member) or "") if callable(member) else ""
            # "Initialize self. See help(type(self))...", which every built-in __init__
            # has: autodoc drops it, and so a class's own text stays.
            return "" if doc in _OBJECT_DOCS else doc
    return ""


def _builtin_bases(owner: Any, resolve: Callable[[str], Any]) -> Iterator[type]:
    """The built-in types in ``owner``'s method resolution order, as Python's C3 linearization
    orders them over the project's classes and those types (``object`` left out: every class
    has its methods, and autodoc skips them)."""
    for entry in _linearized(owner, resolve, MAX_BASE_DEPTH, set(), {}):
        if isinstance(entry, type):
            yield entry


def _linearized(
    cls: Any,
    resolve: Callable[[str], Any],
    depth: int,
    open_: set[int],
    known: dict[tuple[int, int], list[Any]],
) -> list[Any]:
    """The method resolution order of the griffe class ``cls``: it, then its bases' orders
    merged as C3 merges them (``class Store(Base, dict)`` with ``class Base(MutableMapping)``
    looks in MutableMapping and Mapping before dict). A base the project does not define and
    that is no built-in type is left out; a class met again inside its own bases (a cycle) or
    more than ``depth`` levels up ends its line there. ``known`` keeps each class's order once
    made: a class many bases share (a diamond, a lattice of mixins) is ordered once, not once
    per path to it."""
    if depth <= 0 or id(cls) in open_:
        return []
    if (id(cls), depth) in known:
        return known[(id(cls), depth)]
    open_.add(id(cls))
    orders: list[list[Any]] = []
    for base in getattr(cls, "bases", ()):
        entry = _base_entry(base, resolve)
        if isinstance(entry, type):
            orders.append([kind for kind in entry.__mro__ if kind is not object])
        elif entry is not None:
            orders.append(_linearized(entry, resolve, depth - 1, open_, known))
    open_.discard(id(cls))
    direct = [order[0] for order in orders if order]
    known[(id(cls), depth)] = [cls, *c3_merged([*orders, direct], lenient=True)]
    return known[(id(cls), depth)]


def _base_entry(base: Any, resolve: Callable[[str], Any]) -> Any:
    """What the griffe expression ``base`` names: a built-in or standard library type, a
    class of the project (griffe's), or None. A name the module binds is what it binds
    (a project's own ``class filter`` is no ``builtins.filter``); one it does not bind is the
    interpreter's, as written or subscripted (``dict[str, int]`` is dict)."""
    try:
        path = base.canonical_path
    except Exception:  # griffe raises its own errors on names it cannot resolve
        return None
    if not isinstance(path, str):
        return None
    written = path.removeprefix("builtins.")
    if "." not in written:
        found = getattr(builtins, written, None)
        return found if isinstance(found, type) and found is not object else None
    standard = _stdlib_class(path)
    if standard is not None:
        return standard
    target = resolve(path)
    if target is not None and getattr(target.kind, "value", "") == "class":
        return target
    if target is None:
        # The project's own name for a standard library class (webob's ``MultiDict
        # (MutableMapping)``, imported from ``webob.compat``, which imports it from
        # ``collections.abc``): griffe resolves no alias to a module it has not loaded.
        return _stdlib_class(_reexported_path(base, path))
    return None


def _reexported_path(base: Any, path: str) -> str:
    """Where the chain of imports that the project's name ``path`` is leads, as written, up
    to ``MAX_BASE_DEPTH`` imports (``webob.compat.MutableMapping`` ->
    ``collections.abc.MutableMapping``); ``path`` when it is no import."""
    collection = getattr(getattr(base, "parent", None), "modules_collection", None)
    if collection is None:
        return path
    for _ in range(MAX_BASE_DEPTH):
        try:
            member = collection[path]
        except Exception:  # not loaded, or not there: griffe raises several kinds
            return path
        if not member.is_alias:
            return path
        path = str(member.target_path)
    return path


def _stdlib_class(path: str) -> type | None:
    """The class at ``path`` in one of ``STDLIB_BASE_MODULES`` (``collections.abc.Mapping``),
    or the one a ``typing`` alias of a built-in or such a class stands for (``typing.Dict``
    is dict and ``typing.MutableMapping`` collections.abc's, as a class based on them has
    in its method resolution order)."""
    module, _, name = path.rpartition(".")
    if module == "typing" and name in _TYPING_BUILTINS:
        return _TYPING_BUILTINS[name]
    if module == "typing":
        found = getattr(getattr(typing, name, None), "__origin__", None)
        home = getattr(found, "__module__", "")
        if home != "builtins" and home not in STDLIB_BASE_MODULES:
            return None
    elif module in STDLIB_BASE_MODULES:
        found = getattr(importlib.import_module(module), name, None)
    else:
        return None
    return found if isinstance(found, type) and found is not object else None


def _class_attribute(kind: type, name: str) -> Any:
    """``getattr(kind, name)``, or None where the class raises for it (Enum's ``name`` and
    ``value``, properties of its members alone)."""
    try:
        return getattr(kind, name)
    except AttributeError:
        return None


def _parameters(member: Any) -> str:
    """The parameters autodoc shows for a built-in method: its signature without ``self``, or
    ``()`` when the interpreter keeps none."""
    try:
        signature = inspect.signature(member)
    except (TypeError, ValueError):
        return "()"
    parameters = list(signature.parameters.values())
    if parameters and parameters[0].name == "self":
        parameters = parameters[1:]
    # A default's repr may hold its address (MutableMapping.pop's marker, "<object object at
    # 0x7f...>"), different in every run: left out, as autodoc's object_description does.
    return _ADDRESS.sub("", str(signature.replace(parameters=parameters)))


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+(?=>)")
