"""Write a griffe object the way Python spells it: ``name(parameters) -> returns``.

Also the two lookups that need the same care with aliases griffe cannot follow: whether an
alias is broken, and which ``__init__`` a class uses.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from builder.api.attrs_classes import attrs_parameters
from builder.api.class_order import class_order
from builder.api.dataclass_bases import dataclass_base_parameters
from builder.api.interface_attributes import declared_doc
from builder.api.named_tuple_fields import fields_of, is_named_tuple
from builder.api.typing_doc import annotation_text

# What inspect writes as the default of a dataclass field made by its default_factory.
_FACTORY = "<factory>"
# A docstring line that writes the call ("__replace__(*, epoch=..., local=...)"), which
# autodoc (autodoc_docstring_signature, on by default) shows as the signature, not as text.
_DOCSTRING_SIGNATURE = re.compile(r"(?:[\w.]+\.)?(\w+)\s*\((.*)\)(?:\s*->\s*(.*?))?\s*")


def docstring_signatures(
    name: str, docstring: str, also: tuple[str, ...] = ()
) -> tuple[tuple[str, ...], str]:
    """The signatures the first lines of ``docstring`` write for ``name`` (or a name in
    ``also``, a class's ``__init__``, shown as ``name``), one a line, and the text after them,
    dedented as autodoc prepares it; ``((), docstring)`` when the first line is none."""
    lines = docstring.split("\n")
    signatures: list[str] = []
    for line in lines:
        match = _DOCSTRING_SIGNATURE.fullmatch(line.removesuffix("\\").rstrip())
        if match is None or match.group(1) not in (name, *also):
            break
        returns = f" -> {match.group(3)}" if match.group(3) else ""
        # A line continued with a backslash in the source reads with the next one's indent.
        signatures.append(" ".join(f"{name}({match.group(2)}){returns}".split()))
    if not signatures:
        return (), docstring
    return tuple(signatures), textwrap.dedent("\n".join(lines[len(signatures) :])).strip("\n")


def init_of(klass: Any) -> Any:
    """The ``__init__`` a class uses, its own or the nearest base's."""
    return member_of(klass, "__init__")


def member_of(klass: Any, name: str) -> Any:
    """The member ``name`` a class uses, its own or the nearest base's, aliases followed; None
    when it has none (``all_members`` would compute every inherited member for this one name)."""
    try:
        classes = [klass, *class_order(klass)]
    except Exception:  # an unresolvable or cyclic base: griffe raises several kinds
        classes = [klass]
    for candidate in classes:
        member = candidate.members.get(name)
        if member is not None and not is_alias_broken(member):
            return member.final_target if member.is_alias else member
    return None


def _function_or_none(member: Any) -> Any:
    """``member`` when it is a function, else None (a ``__new__ = object.__new__`` attribute)."""
    return member if member is not None and member.kind.value == "function" else None


def reads_as_property(function: Any) -> bool:
    """Whether a function is read as an attribute: griffe labels the builtin ``property`` (and
    those it can resolve); a decorator named like one counts too, as autodoc, which imports
    it, shows "property": Werkzeug's own ``cached_property`` made Request.args, form, files
    and cookies read as ``args() -> MultiDict[str, str]``, a call no one can make."""
    if "property" in function.labels:
        return True
    for decorator in getattr(function, "decorators", None) or ():
        name = str(decorator.value).partition("(")[0].rpartition(".")[2]
        if name.endswith("property"):
            return True
    return False


def is_alias_broken(member: Any) -> bool:
    if not member.is_alias:
        return False
    try:
        member.final_target  # noqa: B018 - resolving is the check
    except Exception:
        return True
    return False


# The longest attribute value a signature shows. Sphinx and mkdocstrings show any value whole;
# past this it is a table of data more than a setting (a module's list of hundreds of names).
MAX_VALUE_CHARS = 400


# The labels griffe gives a function that change how it is called, in the order autodoc
# writes them before its name.
_CALL_LABELS = ("async", "classmethod", "staticmethod")


def modifiers_of(target: Any, kind: str) -> tuple[str, ...]:
    """The words autodoc writes before a ``kind`` object's name: a function's call labels."""
    if kind != "function":
        return ()
    return tuple(label for label in _CALL_LABELS if label in target.labels)


def signature_of(
    target: Any, kind: str, *, runtime_defaults: bool = False, bound: bool = False
) -> str:
    """The signature of a ``kind`` object ("" for a module); a class shows its ``__init__``'s
    (under ``runtime_defaults``, a dataclass's defaults as its class holds them at run time, as
    autodoc reads them: a default_factory "<factory>", a ``field(default=X)`` attribute X).
    ``bound``: a function a class holds as a method, its first parameter left out."""
    name = target.name
    if kind == "module":
        return ""
    if kind in ("attribute", "property"):
        annotation = target.annotation if kind == "attribute" else target.returns
        text = f"{name}: {annotation_text(annotation)}" if annotation is not None else name
        value = getattr(target, "value", None)
        parent = getattr(target, "parent", None)
        if runtime_defaults and parent is not None and "dataclass" in parent.labels:
            keywords = _field_keywords(value)
            if keywords is not None:  # no default: the class holds no value
                value = keywords.get("default")
        # A zope Attribute("...") is the attribute's documentation, not its value.
        shown = (
            kind == "attribute"
            and value is not None
            and not declared_doc(target)
            and not names_a_parameter(value)
        )
        if shown and len(str(value)) <= MAX_VALUE_CHARS:
            text += f" = {value}"
        return text
    function = target
    if kind == "class":
        written = attrs_parameters(target)
        if written is not None:
            return f"{name}({written})"
        # Without an __init__, autodoc shows the __new__'s (icalendar's vUri(str) defines
        # only __new__(cls, value, encoding=...): it read as "vUri()").
        function = init_of(target) or _function_or_none(member_of(target, "__new__"))
        if function is None:
            fields = dataclass_base_parameters(target)
            return f"{name}({_named_tuple_fields(target) if fields is None else fields})"
    skip_first = kind == "class" or _is_method(function)
    parameters = _parameters(
        function, skip_first=skip_first, runtime_defaults=runtime_defaults, bound=bound
    )
    returns = "" if kind == "class" or function.returns is None else f" -> {function.returns}"
    return f"{name}({parameters}){returns}"


def overload_signatures(target: Any, kind: str) -> tuple[str, ...]:
    """The signatures of a function's ``typing.overload`` variants, in source order (a class's
    those of its ``__init__``), which autodoc and mkdocstrings show in place of the
    implementation's (anyio's ``RunVar.get``: ``get() -> T`` and ``get(default: D) -> T | D``,
    where the implementation says ``T | D`` for both); () when it has none."""
    function = init_of(target) if kind == "class" else target
    if kind not in ("function", "class") or function is None:
        return ()
    variants = getattr(function, "overloads", None) or ()
    name = target.name
    if kind == "class":  # no "-> None": both write an __init__'s as the class's call
        return tuple(f"{name}({_parameters(variant, skip_first=True)})" for variant in variants)
    return tuple(
        name + signature_of(variant, "function")[len(variant.name) :] for variant in variants
    )


def names_a_parameter(value: Any) -> bool:
    """Whether an attribute's value names a parameter of the method that assigns it:
    ``self.fn = fn`` in ``__init__`` read as ``fn = fn``, anyio's ``RunVar._default = default``
    and ``Condition._lock = lock or Lock()``, values no reader can know (autodoc shows none for
    an attribute set in a method). A literal (``self._closed = False``) is a value."""
    if not hasattr(value, "iterate"):  # griffe gives a literal as its text
        return False
    for part in value.iterate(flat=True):
        # A name's parent is the scope it is read in: the method, for its own names.
        scope: Any = getattr(part, "parent", None)
        if type(part).__name__ != "ExprName" or getattr(scope, "is_function", False) is not True:
            continue
        if any(parameter.name == part.name for parameter in scope.parameters):
            return True
    return False


def _named_tuple_fields(klass: Any) -> str:
    """A ``typing.NamedTuple`` class's fields as its constructor takes them (Python writes that
    ``__init__`` itself, so the code has none to read); "" for any other class."""
    if not is_named_tuple(klass):
        return ""
    fields: list[str] = []
    for member in fields_of(klass):
        text = f"{member.name}: {annotation_text(member.annotation)}"
        fields.append(text if member.value is None else f"{text} = {member.value}")
    return ", ".join(fields)


def binds_instance(attribute: Any, function: Any) -> bool:
    """Whether a class attribute naming a function defined outside any class holds it as a
    method (``Table.aggregate = aggregate``, ``read = _read`` in a class body): autodoc reads
    the bound method's signature, without ``self`` (a classmethod's without ``cls``). A
    staticmethod binds nothing."""
    owner = getattr(attribute, "parent", None)
    home = getattr(function, "parent", None)
    if owner is None or owner.kind.value != "class" or home is None:
        return False
    return home.kind.value != "class" and "staticmethod" not in function.labels


def _is_method(function: Any) -> bool:
    parent = function.parent
    return bool(
        parent is not None
        and parent.kind.value == "class"
        and "staticmethod" not in function.labels
    )


def _dataclass_of(function: Any) -> Any:
    """The dataclass whose ``__init__`` griffe made as ``function`` (at line 0), or None."""
    parent = getattr(function, "parent", None)
    made = function.lineno == 0 and parent is not None and "dataclass" in parent.labels
    return parent if made else None


def _is_factory(dataclass: Any, name: str) -> bool:
    """Whether the field ``name`` of ``dataclass`` (its own or a base's) is made by a
    ``field(default_factory=...)``, whose call griffe writes as the default."""
    try:
        classes = [dataclass, *class_order(dataclass)]
    except ValueError:  # griffe cannot order the bases
        classes = [dataclass]
    member = next((k.members[name] for k in classes if name in k.members), None)
    return "default_factory" in (_field_keywords(getattr(member, "value", None)) or {})


def _field_keywords(value: Any) -> dict[str, Any] | None:
    """The keyword arguments of a ``field(...)`` call written as a dataclass field's value,
    or None when the value is no such call."""
    import griffe

    if not isinstance(value, griffe.ExprCall) or str(value.function).rpartition(".")[2] != "field":
        return None
    return {
        argument.name: argument.value
        for argument in value.arguments
        if isinstance(argument, griffe.ExprKeyword)
    }


def _parameters(
    function: Any, *, skip_first: bool, runtime_defaults: bool = False, bound: bool = False
) -> str:
    """Parameters as Python writes them, with the ``/`` and ``*`` markers where they belong.
    ``skip_first`` leaves out a first ``self`` or ``cls``; ``bound`` the first positional
    parameter, whatever its name (agate's ``def aggregate(table, ...)`` set on a class)."""
    dataclass = _dataclass_of(function) if runtime_defaults else None
    parts: list[str] = []
    previous = ""
    for index, parameter in enumerate(function.parameters):
        kind = parameter.kind.value
        if index == 0 and skip_first and parameter.name in ("self", "cls"):
            continue
        if index == 0 and bound and kind in ("positional-only", "positional or keyword"):
            continue
        if previous == "positional-only" and kind != "positional-only":
            parts.append("/")
        if kind == "keyword-only" and previous not in ("keyword-only", "variadic positional"):
            parts.append("*")
        prefix = {"variadic positional": "*", "variadic keyword": "**"}.get(kind, "")
        text = prefix + parameter.name
        if parameter.annotation is not None:
            text += f": {annotation_text(parameter.annotation)}"
        if parameter.default is not None and not prefix:  # griffe gives *args "()"
            default = parameter.default
            if dataclass is not None and _is_factory(dataclass, parameter.name):
                default = _FACTORY
            text += f" = {default}" if parameter.annotation is not None else f"={default}"
        parts.append(text)
        previous = kind
    if previous == "positional-only":
        parts.append("/")
    return ", ".join(parts)
