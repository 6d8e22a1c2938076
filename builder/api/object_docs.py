"""The documentation of a griffe object as doc parts: its docstring, or what autodoc reads in its
place when it has none.

In that order: another object's docstring its module assigns to its ``__doc__``, its own
docstring, the one of the method, property or attribute it overrides, a ``__doc__`` its module
assigns to it, its ``#:`` comment, "alias of" the class it names, the ``Doc`` of its
annotation, the docstring an interface declares for it, an attribute's entry in its class
docstring's Attributes section, the docstring of the class an attribute is an instance of, and
that of the object a call wraps (``functools.wraps``) to make it. The parameters' types and
their ``Doc`` annotations join the Parameters list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from builder.api.assigned_docs import assigned_docstring, copied_docstring_name, extended_docstring
from builder.api.builtin_members import builtin_docstring
from builder.api.class_annotations import annotation_lines
from builder.api.class_order import readable_class_order
from builder.api.decorator_docs import decorated_docstring
from builder.api.doc_comments import doc_comment
from builder.api.docstrings import parse_docstring
from builder.api.factory_classes import factory_class
from builder.api.interface_attributes import declared_doc
from builder.api.model import DocField, DocPart
from builder.api.named_tuple_fields import field_doc
from builder.api.signatures import is_alias_broken, member_of
from builder.api.typing_doc import annotation_text, doc_text
from builder.api.wrapped_calls import wrapped_parameter

# The source lines of the file that defines a griffe object (for ``#:`` comments and ``__doc__``
# assignments); empty when they cannot be read.
LinesOf = Callable[[Any], list[str]]


def docstring_parts(target: Any, style: str, lines_of: LinesOf) -> tuple[DocPart, ...]:
    """The documentation of ``target`` (aliases followed), parsed in ``style``: the first of the
    places the module docstring lists that has any; () when none has."""
    return documentation(target, style, lines_of)[0]


# Where ``documentation`` found an attribute's text: what its class docstring's Attributes
# section says of it, napoleon's reading, which griffe gives no attribute.
OWNER = "owner"


def documentation(target: Any, style: str, lines_of: LinesOf) -> tuple[tuple[DocPart, ...], str]:
    """``docstring_parts``, and OWNER when they are its class's description of it, else ""."""
    docstring = read_docstring(target, lines_of)
    if docstring is None and not attribute_doc_comment(target, lines_of):
        # An attribute's own ``#:`` comment comes before a base's docs, as autodoc looks
        # along the class's bases only when the class itself documents it nowhere.
        docstring = base_docstring(target, lines_of)
    if docstring is not None:
        return parse_docstring(docstring, style), ""
    assigned = assigned_text(target, lines_of) or builtin_base_doc(target)
    if assigned:
        import griffe

        return parse_docstring(griffe.Docstring(assigned, parent=target), style), ""
    comment = attribute_doc_comment(target, lines_of)
    if comment:
        import griffe

        return parse_docstring(griffe.Docstring(comment, parent=target), style), ""
    from builder.api.class_aliases import alias_text, aliased_class  # it imports this module

    aliased = aliased_class(target)
    if aliased is not None:
        return (DocPart("", alias_text(aliased)),), ""
    annotated = doc_text(target.annotation) if target.kind.value == "attribute" else ""
    if annotated:
        return (DocPart("", annotated),), ""
    field = field_doc(target)
    if field:
        return (DocPart("", field),), ""
    declared = declared_doc(target)
    if declared:
        return (DocPart("", declared),), ""
    described = _owner_description(target, style)
    if described:
        return (DocPart("", described),), OWNER
    instance_of = class_of_instance(target)
    if instance_of is not None and instance_of.docstring is not None:
        return parse_docstring(instance_of.docstring, style), ""
    wrapped = wrapped_object(target)
    if wrapped is not None and wrapped.docstring is not None:
        return parse_docstring(wrapped.docstring, style), ""
    return (), ""


def _owner_description(target: Any, style: str) -> str:
    """What the class docstring's Attributes section says of an attribute (Google's
    "Attributes:", NumPy's heading, ``:ivar name:``), which napoleon shows on the class page
    and autodoc's entry for the attribute itself lacks; "" when it says nothing."""
    owner = target.parent
    if target.kind.value != "attribute" or owner is None or owner.kind.value != "class":
        return ""
    if owner.docstring is None:
        return ""
    for part in parse_docstring(owner.docstring, style):
        if part.title == "Attributes":
            for field in part.fields:
                if field.name == target.name and field.description.strip():
                    return field.description
    return ""


def assigned_text(target: Any, lines_of: LinesOf) -> str:
    """A class's, function's or attribute's docstring assigned to its ``__doc__`` in its
    module: an attribute made by a call (falcon's ``encode = _create_str_encoder(False)``, a
    ``functools.partial``) is a function whose ``__doc__`` the module then sets."""
    module = getattr(target, "module", None)
    if target.kind.value not in ("class", "function", "attribute") or module is None:
        return ""
    qualified = target.path.removeprefix(f"{module.path}.")
    return assigned_docstring(lines_of(module), qualified)


def read_docstring(target: Any, lines_of: LinesOf) -> Any:
    """The griffe docstring autodoc reads as ``target``'s own: another object's its module
    copies to it, which replaces its own at run time (arrow's api.get, whose own line only
    names the ArrowFactory.get it documents so), else its own, with what a class's body adds
    to it (builder.api.assigned_docs.extended_docstring); None when it has none."""
    return (
        _copied(target, lines_of)
        or _decorated(target)
        or _extended(target, lines_of)
        or target.docstring
    )


def _decorated(target: Any) -> Any:
    """The docstring a decorator of the project writes on ``target`` (sentry-sdk's
    ``@hubmethod``), which replaces its own; None when none does."""
    text = decorated_docstring(target)
    if text is None:
        return None
    import griffe

    return griffe.Docstring(text, parent=target)


def _extended(target: Any, lines_of: LinesOf) -> Any:
    """A class's docstring with what its body adds to it; None when it adds nothing."""
    module = getattr(target, "module", None)
    docstring = target.docstring
    if target.kind.value != "class" or module is None or docstring is None:
        return None
    qualified = target.path.removeprefix(f"{module.path}.")
    text = extended_docstring(lines_of(module), qualified)
    if not text:
        return None
    import griffe

    return griffe.Docstring(
        text, lineno=docstring.lineno, endlineno=docstring.endlineno, parent=target
    )


def _copied(target: Any, lines_of: LinesOf) -> Any:
    """The docstring of the object whose ``__doc__`` the module assigns to ``target``'s
    (``get.__doc__ = _factory.get.__doc__``; an instance's is its class's); None when there
    is none or it cannot be found."""
    module = getattr(target, "module", None)
    if target.kind.value not in ("class", "function", "attribute") or module is None:
        return None
    qualified = target.path.removeprefix(f"{module.path}.")
    name = copied_docstring_name(lines_of(module), qualified)
    if not name:
        return None
    found = module
    parts = name.split(".")
    for index, part in enumerate(parts, 1):
        try:
            member = found.members[part]
            found = member.final_target if member.is_alias else member
        except Exception:  # not there, or an alias griffe cannot follow
            return None
        # An instance stands for its class, but a property (an attribute to griffe) named
        # last keeps its own docstring (networkx's out_edges.__doc__ = edges.__doc__).
        own = index == len(parts) and "property" in getattr(found, "labels", ())
        if found.kind.value == "attribute" and not own:
            found = class_of_instance(found)
            if found is None:
                return None
    return None if found is target else found.docstring


def with_annotated_docs(parts: tuple[DocPart, ...], function: Any) -> tuple[DocPart, ...]:
    """Parameters documented in their annotations (PEP 727's ``Doc``) join the Parameters
    list, after those the docstring names, as griffe-typingdoc adds them for mkdocstrings."""
    parameters = getattr(function, "parameters", None) if function is not None else None
    if not parameters:
        return parts
    named = {field.name for part in parts if part.title == "Parameters" for field in part.fields}
    found = tuple(
        DocField(p.name, annotation_text(p.annotation), text)
        for p in parameters
        if p.annotation is not None and p.name not in named and (text := doc_text(p.annotation))
    )
    if not found:
        return parts
    for index, part in enumerate(parts):
        if part.title == "Parameters":
            return (
                *parts[:index],
                replace(part, fields=(*part.fields, *found)),
                *parts[index + 1 :],
            )
    lead = 1 if parts and not parts[0].title else 0  # after the summary, as a docstring has it
    return (*parts[:lead], DocPart("Parameters", fields=found), *parts[lead:])


def with_annotation_types(parts: tuple[DocPart, ...], function: Any) -> tuple[DocPart, ...]:
    """Parameters the docstring names without a type take the signature's annotation."""
    parameters = getattr(function, "parameters", None) if function is not None else None
    if not parameters or not any(part.title == "Parameters" for part in parts):
        return parts
    annotations = {
        p.name: annotation_text(p.annotation) for p in parameters if p.annotation is not None
    }
    return tuple(
        replace(
            part,
            fields=tuple(
                replace(field, annotation=annotations.get(field.name, ""))
                if not field.annotation
                else field
                for field in part.fields
            ),
        )
        if part.title == "Parameters"
        else part
        for part in parts
    )


def doc_from_base(target: Any, lines_of: LinesOf) -> bool:
    """Whether ``docstring_parts`` reads ``target``'s documentation from a base's docstring
    (``base_docstring``): it has no docstring or ``#:`` comment of its own."""
    if read_docstring(target, lines_of) is not None or attribute_doc_comment(target, lines_of):
        return False
    return base_docstring(target, lines_of) is not None


def base_docstring(target: Any, lines_of: LinesOf | None = None) -> Any:
    """The docstring of the member a method or property (or another name for a function)
    overrides, which autodoc shows by default (``autodoc_inherit_docstrings``), or of the
    attribute a class attribute overrides, whose docstring or ``#:`` comment (read when
    ``lines_of`` is given) autodoc looks for along the class's bases; None when no base
    class documents it."""
    parent = target.parent
    if parent is None or parent.kind.value != "class":
        return None
    kind = _inheriting_kind(target)
    named = named_function(target) if kind == "attribute" else None
    if named is not None:
        # Another name for a function of the class (WebOb's NestedMultiDict ``add = clear =
        # ... = _readonly``): without a docstring of its own, autodoc's getdoc looks the
        # attribute's name up along the bases, as for a method (MultiDict.add's).
        if named.docstring is not None:
            return None  # its own, which the function gives it
        kind = "function"
    if kind is None:
        return None
    bases = readable_class_order(parent)
    for base in bases:
        member = base.members.get(target.name)
        if member is not None and not is_alias_broken(member):
            found = member.final_target if member.is_alias else member
            if kind == "attribute" and _inheriting_kind(found) != "attribute":
                continue  # a data attribute's doc is an attribute's docstring or comment
            if found.docstring is not None:
                return found.docstring
            comment = attribute_doc_comment(found, lines_of) if lines_of is not None else ""
            if comment and kind == "attribute":
                import griffe

                return griffe.Docstring(comment, parent=found)
    return None


def builtin_base_doc(target: Any) -> str:
    """The docstring of the method a method without one overrides in a built-in base of its
    class (``dict.get``), which autodoc shows as it inherits docstrings; "" for anything
    else (builder.api.builtin_members.builtin_docstring)."""
    parent = target.parent
    if parent is None or parent.kind.value != "class":
        return ""
    if target.kind.value != "function":
        # Another name for a function of the class without a docstring (NestedMultiDict's
        # ``clear = _readonly``), whose name autodoc looks up as a method's.
        named = named_function(target)
        if named is None or named.docstring is not None:
            return ""
    return builtin_docstring(parent, target.name, lambda path: loaded_object(target, path))


def _inheriting_kind(target: Any) -> str | None:
    """How ``target`` takes a base's docstring: "function" for a method or a property (griffe's
    attribute labelled so: Python's inspect.getdoc follows it to the base's, as for a method),
    "attribute" for a data attribute; None for anything else."""
    if target.kind.value == "function" or "property" in getattr(target, "labels", ()):
        return "function"
    return "attribute" if target.kind.value == "attribute" else None


def class_of_instance(target: Any) -> Any:
    """The class an attribute is made by calling (``fail = _Fail()``, or a function of the
    package that defines and returns it: builder.api.factory_classes) when the package defines
    it: autodoc shows an object's ``__doc__``, which an instance takes from its class (pytest
    documents ``pytest.fail`` and ``pytest.skip`` so). None for anything else, a builtin's
    instance among them."""
    if target.kind.value != "attribute":
        return None
    function = getattr(target.value, "function", None)
    found = loaded_object(target, getattr(function, "canonical_path", None))
    if found is not None and found.kind.value == "function":
        return factory_class(found)  # gettz = __get_gettz(): a class it defines and returns
    return found if found is not None and found.kind.value == "class" else None


def wrapped_object(target: Any) -> Any:
    """The object an attribute made by a call wraps (``center = stateful_transform(Center)``,
    which returns a ``functools.wraps(Center)`` function: builder.api.wrapped_calls), when the
    package defines both; None for anything else."""
    if target.kind.value != "attribute":
        return None
    function = loaded_object(target, getattr(getattr(target.value, "function", None),
                                             "canonical_path", None))  # fmt: skip
    if function is None or function.kind.value != "function":
        return None
    position = wrapped_parameter(function)
    arguments = list(getattr(target.value, "arguments", ()))
    if position is None or position >= len(arguments):
        return None
    return loaded_object(target, getattr(arguments[position], "canonical_path", None))


def loaded_object(target: Any, path: object) -> Any:
    """The object the package defines at ``path`` (aliases followed), other than ``target``
    itself; None when it is not loaded or cannot be resolved."""
    if not isinstance(path, str) or path == target.path:
        return None
    try:
        found = target.modules_collection[path]
        return found.final_target if found.is_alias else found
    except Exception:  # not loaded, or a broken alias: griffe raises several kinds
        return None


def attribute_doc_comment(target: Any, lines_of: LinesOf) -> str:
    """The ``#:`` comment autodoc reads as an attribute's docstring: at its statement, or for
    an attribute a method sets, at the annotation that declares it in the class body
    (builder.api.class_annotations)."""
    if target.kind.value != "attribute" or not target.lineno:
        return ""
    lines = lines_of(target)
    comment = doc_comment(lines, target.lineno, target.endlineno or target.lineno)
    parent = target.parent
    if comment or parent is None or parent.kind.value != "class" or not parent.lineno:
        return comment
    first, last = annotation_lines(lines, parent.lineno, target.name)
    return doc_comment(lines, first, last) if first and first != target.lineno else ""


def set_in_method(target: Any) -> bool:
    """Whether an attribute is set in a method of its class (``self.x = ...``), not declared
    in the class body; False when that cannot be told."""
    parent = target.parent
    line = target.lineno
    if parent is None or line is None or parent.kind.value != "class":
        return False
    return any(
        not method.is_alias
        and method.kind.value == "function"
        and method.lineno is not None
        and method.lineno <= line <= (method.endlineno or method.lineno)
        for method in parent.members.values()
    )


def _bound_beside(target: Any, name: object) -> Any:
    """The object the name ``name`` is bound to where ``target`` is (its module or class,
    aliases followed), as Python looks a name up there first: attrs 22.2.0's ``s = attributes
    = attrs`` in ``attr/__init__.py``, whose ``.pyi`` stub griffe merges into the module and
    reads the expression in, where ``attrs`` is no import, so it named nothing, or the
    top-level package ``attrs`` once that was loaded; None when nothing is bound there."""
    parent = target.parent
    member = parent.members.get(str(name)) if parent is not None else None
    if member is None or member is target:
        return None
    try:
        return member.final_target if member.is_alias else member
    except Exception:  # an import of something not loaded: griffe raises several kinds
        return None


def named_function(target: Any) -> Any:
    """The function of the package an attribute without a docstring is another name for:
    ``batched = _batched`` (more-itertools' stubs), or a method of an instance the package
    makes, ``structure = global_converter.structure`` (cattrs). autodoc imports the name and
    finds the function, its signature and docstring. So is a function of a module of the
    package it imports, ``compact = iban.compact`` (python-stdnum's country IBAN modules, after
    ``from stdnum import iban``), or one named by a longer path through modules and classes
    (``core.Group.create_group``, ``_io.read``). A method of another class, named in a class
    body (sounddevice's ``read = _InputStreamBase._raw_read``), is found by its path, and so is
    a property a class body names again (pika's ``basic_nack = basic_nack_supported``, a legacy
    name), which autodoc shows as a property with its docstring. None for anything else; a
    class so named autodoc shows as "alias of" the class, which the attribute's value says."""
    if target.kind.value != "attribute" or target.docstring is not None:
        return None
    value = target.value
    found = None
    if type(value).__name__ == "ExprName":
        found = _bound_beside(target, value) or loaded_object(target, value.canonical_path)
    elif type(value).__name__ == "ExprAttribute" and len(value.values) == 2:
        owner = loaded_object(target, getattr(value.values[0], "canonical_path", None))
        klass = owner if owner is not None and owner.kind.value == "class" else None
        klass = class_of_instance(owner) if owner is not None and klass is None else klass
        if klass is not None:
            found = member_of(klass, str(value.values[1]))
        elif owner is not None and owner.kind.value == "module":
            found = loaded_object(target, f"{owner.path}.{value.values[1]}")
    if found is None and type(value).__name__ == "ExprAttribute":
        # A dotted path through modules and classes: h5netcdf's legacyapi.Dataset has
        # ``createGroup = core.Group.create_group``, or ``read = _io.read``.
        found = loaded_object(target, getattr(value, "canonical_path", None))
    if found is None or not (found.kind.value == "function" or "property" in found.labels):
        return None
    if set_in_method(target):
        return None  # self.fetch = download: autodoc cannot see an instance's attribute
    return found
