"""The class a module makes by calling a metaclass: ``SchemaNode = _SchemaMeta('SchemaNode',
(_SchemaNode,), {...})`` (colander's), or ``type(name, bases, namespace)``.

Python runs the call and binds a class named ``SchemaNode``, which autodoc documents as a class:
its docstring, its ``__init__``'s signature and, with ``:inherited-members:``, its base's
members. griffe reads an attribute with a call for its value, and the entry showed that
assignment alone. The class is read as its first base, whose docstring the namespace most
often passes on (colander's ``{'__doc__': _SchemaNode.__doc__}``).
"""

from __future__ import annotations

from typing import Any

from builder.api.object_docs import loaded_object

# The builtin that makes a class when called with a name, bases and a namespace.
_TYPE = "type"


def made_class(target: Any) -> Any:
    """The first base of the class ``target``'s value makes by calling ``type`` or a metaclass
    of the package with a literal name, a tuple of bases and a namespace; None for anything
    else (a base the package does not define among them)."""
    if target.kind.value != "attribute" or target.docstring is not None:
        return None
    value = target.value
    if type(value).__name__ != "ExprCall" or len(value.arguments) != 3:
        return None
    name, bases, _ = value.arguments
    if not (isinstance(name, str) and name[:1] in ("'", '"')) or not _makes_classes(target, value):
        return None
    elements = getattr(bases, "elements", None) if type(bases).__name__ == "ExprTuple" else None
    if not elements:
        return None
    base = loaded_object(target, getattr(elements[0], "canonical_path", None))
    return base if base is not None and base.kind.value == "class" else None


def made_class_name(target: Any) -> str:
    """The name the call ``made_class`` reads gives the class (its ``__name__``); ""
    when ``target`` is no such call."""
    if made_class(target) is None:
        return ""
    return str(target.value.arguments[0])[1:-1]


def _makes_classes(target: Any, call: Any) -> bool:
    """Whether ``call`` calls ``type`` or a class of the package that derives from it."""
    path = getattr(call.function, "canonical_path", None)
    if path == _TYPE:
        return True
    metaclass = loaded_object(target, path)
    if metaclass is None or metaclass.kind.value != "class":
        return False
    return any(getattr(base, "canonical_path", str(base)) == _TYPE for base in metaclass.bases)
