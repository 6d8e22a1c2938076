"""A method a class inherits from a built-in type (``dict``, ``list``, ``Exception``...) or an
abstract base class of the standard library (``collections.abc.MutableMapping``), which the
project's code does not define and griffe cannot read.

autodoc imports the class and documents ``.. automethod:: SortedDict.__getitem__`` with what
``dict.__getitem__`` says ("Return self[key]."), and so can this reader: those types are the
interpreter's own, not the project's code, so looking them up runs nothing of the project (of
the standard library, only the modules of ``STDLIB_BASE_MODULES`` are imported, which do
nothing on import). A class is followed to its bases in the project (``class A(B)``, ``class
B(dict)``) up to ``MAX_BASE_DEPTH`` levels, the bases found level by level, each then by its
own method resolution order, as Python's lookup goes for the usual shapes.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
from collections.abc import Callable, Iterator
from typing import Any

from builder.api.model import ApiObject, DocPart

# How many levels of the project's own classes are followed to a built-in base.
MAX_BASE_DEPTH = 8
# The standard library's modules whose classes a project's class may take methods from, and
# which may be imported to read them.
STDLIB_BASE_MODULES = frozenset({"collections", "collections.abc", "numbers", "enum", "io"})


def builtin_member(
    owner: Any, name: str, path: str, resolve: Callable[[str], Any]
) -> ApiObject | None:
    """The documentation of ``name`` as the first built-in base of the griffe class ``owner``
    gives it (``path`` its dotted name), when the class's own code does not define it;
    ``resolve`` finds a base the project defines by its dotted name. None when no built-in
    base has it."""
    for base in _builtin_bases(owner, resolve):
        # Where the built-in type or one of its own bases defines it (Exception's
        # with_traceback is BaseException's), as Python finds it.
        if not any(name in cls.__dict__ for cls in base.__mro__ if cls is not object):
            continue
        member = getattr(base, name)
        if not callable(member):
            continue
        doc = inspect.getdoc(member) or ""
        return ApiObject(
            path=path,
            kind="function",
            signature=f"{name}{_parameters(member)}",
            doc=(DocPart(title="", text=doc),) if doc else (),
        )
    return None


def _builtin_bases(owner: Any, resolve: Callable[[str], Any]) -> Iterator[type]:
    """The built-in types among ``owner``'s bases and its project bases' bases, nearest first
    (``object`` left out: every class has its methods, and autodoc skips them)."""
    seen: set[int] = set()
    level = [owner]
    for _ in range(MAX_BASE_DEPTH):
        above: list[Any] = []
        for cls in level:
            if id(cls) in seen:
                continue
            seen.add(id(cls))
            for base in getattr(cls, "bases", ()):
                written = str(base).removeprefix("builtins.")
                found = getattr(builtins, written, None)
                if isinstance(found, type) and found is not object:
                    yield found
                    continue
                try:
                    path = base.canonical_path
                except Exception:  # griffe raises its own errors on names it cannot resolve
                    continue
                if not isinstance(path, str):
                    continue
                standard = _stdlib_class(path)
                if standard is not None:
                    yield standard
                    continue
                target = resolve(path)
                if target is not None and getattr(target.kind, "value", "") == "class":
                    above.append(target)
        if not above:
            return
        level = above


def _stdlib_class(path: str) -> type | None:
    """The class at ``path`` in one of ``STDLIB_BASE_MODULES`` (``collections.abc.Mapping``)."""
    module, _, name = path.rpartition(".")
    if module not in STDLIB_BASE_MODULES:
        return None
    found = getattr(importlib.import_module(module), name, None)
    return found if isinstance(found, type) and found is not object else None


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
    return str(signature.replace(parameters=parameters))
