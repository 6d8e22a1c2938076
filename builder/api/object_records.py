"""The frozen documentation (ApiObject) of one griffe object: its signature under the name asked
for, its docstring's parts, its members, bases and submodules, as autodoc reads them; and the
signatures a docstring's first lines write (autodoc_docstring_signature).

builder.api.code finds the objects (GriffeSource); this module reads each one found.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from builder.api.bases import qualified_base
from builder.api.members import kind_of, members_of, submodules_of
from builder.api.model import ApiObject, DocPart, Member
from builder.api.object_docs import (
    OWNER,
    LinesOf,
    attribute_doc_comment,
    class_of_instance,
    doc_from_base,
    docstring_parts,
    documentation,
    named_function,
    read_docstring,
    with_annotated_docs,
    with_annotation_types,
)
from builder.api.signatures import (
    binds_instance,
    docstring_signatures,
    init_of,
    member_of,
    modifiers_of,
    overload_signatures,
    signature_of,
)
from builder.api.substitution import substituted_docstring


def api_record(
    path: str,
    found: Any,
    style: str,
    lines_of: LinesOf,
    inherited: bool,
    runtime_defaults: bool = False,
) -> ApiObject:
    """The frozen documentation of a griffe object (aliases followed); ``runtime_defaults`` as
    for ``signature_of``."""
    target = found.final_target if found.is_alias else found
    named = named_function(target)
    if named is not None and not attribute_doc_comment(target, lines_of):
        named_kind = kind_of(named)  # a function, or a property read as an attribute
        record = api_record(path, named, style, lines_of, inherited, runtime_defaults)
        if not record.doc and named.docstring is None:
            # No docstring: autodoc looks this name up along the bases, as for a method
            # (object_docs.base_docstring), not the function's own name.
            doc = docstring_parts(target, style, lines_of)
            record = replace(
                record, doc=doc, doc_from_base=bool(doc) and doc_from_base(target, lines_of)
            )
        signature, overloads = _signatures_as(
            path, named, named_kind, bound=binds_instance(target, named)
        )
        return replace(
            record,
            signature=signature,
            modifiers=modifiers_of(named, named_kind),
            overloads=overloads,
        )
    kind = kind_of(target)
    function = init_of(target) if kind == "class" else target
    parts, source = documentation(target, style, lines_of)
    doc = with_annotation_types(with_annotated_docs(parts, function), function)
    init_doc: tuple[DocPart, ...] = ()
    members: tuple[Member, ...] = ()
    bases: tuple[str, ...] = ()
    qualified_bases: tuple[str, ...] = ()
    submodules: tuple[Member, ...] = ()
    if kind == "class":
        init = init_of(target)
        if init is not None:
            init_doc = with_annotation_types(docstring_parts(init, style, lines_of), init)
        members = members_of(target, lines_of, inherited)
        bases = tuple(str(base) for base in target.bases)
        qualified_bases = tuple(qualified_base(base) for base in target.bases)
    elif kind == "module":
        members = members_of(target, lines_of, False)
        submodules = submodules_of(target, lines_of)
    try:
        file = str(target.filepath)
    except (ValueError, AttributeError):  # a namespace package has several folders
        file = ""
    signature, overloads = _signatures_as(path, target, kind, runtime_defaults=runtime_defaults)
    return ApiObject(
        path=path,
        kind=kind,
        signature=signature,
        modifiers=modifiers_of(target, kind),
        overloads=overloads,
        doc=doc,
        init_doc=init_doc,
        members=members,
        bases=bases,
        qualified_bases=qualified_bases,
        submodules=submodules,
        call_signature=_call_signature(target, kind, path.rpartition(".")[2]),
        doc_from_base=bool(doc) and doc_from_base(target, lines_of),
        doc_from_owner=source == OWNER,
        file=file,
        line=target.lineno or 0,
    )


def _signatures_as(path: str, function: Any, kind: str, **how: bool) -> tuple[str, tuple[str, ...]]:
    """The signature and ``@overload`` variants of ``function`` (``how`` as for
    ``signature_of``), under the name ``path`` asks for, as autodoc writes them: an alias's
    ('from ._compat import is_mutable_set as is_set' is documented as is_set), a private class
    a module's __getattr__ answers for."""
    name = path.rpartition(".")[2]
    signature = _renamed(signature_of(function, kind, **how), function.name, name)
    overloads = tuple(
        _renamed(overload, function.name, name) for overload in overload_signatures(function, kind)
    )
    return signature, overloads


def _call_signature(target: Any, kind: str, name: str) -> str:
    """The signature of the ``__call__`` of the class an attribute is an instance of, under
    ``name``: dateutil documents ``gettz = __get_gettz()`` with autofunction, which shows
    ``gettz(name=None)``. "" for anything else."""
    klass = class_of_instance(target) if kind == "attribute" else None
    call = member_of(klass, "__call__") if klass is not None else None
    if call is None or call.kind.value != "function":
        return ""
    return _renamed(signature_of(call, "function"), call.name, name)


def docstring_signed(record: ApiObject, found: Any, style: str, lines_of: LinesOf) -> ApiObject:
    """``record`` with the signatures its docstring's first lines write, which leave its
    text, as autodoc's autodoc_docstring_signature shows them (packaging's
    ``Version.__replace__``, whose code signature is all ``= _UNSET`` defaults). Not for a
    function with ``@overload`` variants: autodoc shows those, and the line stays text. A
    class's docstring may write its call or its ``__init__``'s, as autodoc reads it too."""
    target = found.final_target if found.is_alias else found
    docstring = read_docstring(target, lines_of)  # the one the record's text was read from
    if record.kind not in ("function", "class") or record.overloads or docstring is None:
        return record
    # Filled in first: what a Substitution decorator adds is read from the docstring's
    # place in the file, which its rest, a new docstring, has not.
    text = substituted_docstring(docstring) or docstring.value
    also = ("__init__",) if record.kind == "class" else ()
    written, rest = docstring_signatures(target.name, text, also)
    if not written:
        return record
    import griffe

    from builder.api.docstrings import parse_docstring

    name = record.path.rpartition(".")[2]
    # Read as api_record reads a whole docstring: the parameters take their annotations' types
    # and Doc texts.
    doc = parse_docstring(griffe.Docstring(rest, parent=target), style)
    function = init_of(target) if record.kind == "class" else target
    return replace(
        record,
        signature=_renamed(written[0], target.name, name),
        overloads=tuple(_renamed(signature, target.name, name) for signature in written[1:]),
        doc=with_annotation_types(with_annotated_docs(doc, function), function),
    )


def _renamed(signature: str, old: str, new: str) -> str:
    """``signature`` with its object's name, which leads it, replaced."""
    return new + signature[len(old) :] if signature.startswith(old) else signature
