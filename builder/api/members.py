"""The members a griffe class or module lists, as autodoc lists them: each one's kind, whether it
is documented (or holds something that is), and how it came (imported, inherited, left out of
``__all__``, marked ``:meta private:``).
"""

from __future__ import annotations

import re
from typing import Any

from builder.api.builtin_members import builtin_methods
from builder.api.class_aliases import aliased_class
from builder.api.class_order import readable_class_order
from builder.api.decorator_docs import decorated_docstring
from builder.api.interface_attributes import declared_doc
from builder.api.model import Member
from builder.api.named_tuple_fields import field_doc
from builder.api.object_docs import (
    LinesOf,
    assigned_text,
    attribute_doc_comment,
    base_docstring,
    builtin_base_doc,
    doc_from_base,
    loaded_object,
    named_function,
    set_in_method,
)
from builder.api.signatures import is_alias_broken, reads_as_property
from builder.api.slot_members import slot_names

_META_VISIBILITY = re.compile(r"^\s*:meta (private|public):", re.MULTILINE)
# griffe's expressions of a literal list or tuple, the __all__ it reads the names of.
_SEQUENCE_EXPRESSIONS = frozenset({"ExprList", "ExprTuple"})
_KINDS = {"module": "module", "class": "class", "function": "function", "attribute": "attribute"}


def kind_of(target: Any) -> str:
    """What a griffe object is, as a record or a listing names it: a module, a class, a function,
    a property (a function that reads as one) or an attribute."""
    kind = _KINDS.get(target.kind.value, "attribute")
    if kind == "function" and reads_as_property(target):
        return "property"
    return kind


def members_of(target: Any, lines_of: LinesOf, with_inherited: bool) -> tuple[Member, ...]:
    """Own members in source order, then inherited ones (for a class, when asked: finding
    them costs more than the rest of the record). A module with ``__all__`` lists those names
    first, in that order, imported or not, then what it defines that ``__all__`` leaves out."""
    exports = _read_exports(target) if target.kind.value == "module" else None
    if exports is not None:
        names = dict.fromkeys(str(name) for name in exports if str(name) in target.members)
        return tuple(_member(name, target.members[name], lines_of) for name in names) + tuple(
            _member(name, member, lines_of, unlisted=True)
            for name, member in target.members.items()
            if name not in names
            and name != "__all__"
            and not member.is_alias
            and _listed_as_member(member, lines_of)
        )
    with_inherited = with_inherited and target.kind.value == "class"
    own = _top_package(getattr(target, "canonical_path", "") or target.path)
    listed: list[Member] = []
    # The names the module's import statements bind: its other aliases came by a wildcard.
    imports = getattr(target, "imports", None) or {}
    for name, member in target.members.items():
        imported = bool(member.is_alias)
        if imported and target.kind.value == "class":
            continue
        if not _listed_as_member(member, lines_of):
            continue
        over = base_member_over(member, lines_of) if with_inherited else None
        if over is not None:
            through = _classes_through(target, over.parent.path)
            listed.append(
                _member(name, over, lines_of, inherited=True, through=through,
                        package=_top_package(over.parent.path))
            )  # fmt: skip
            continue
        wildcard = imported and target.kind.value == "module" and name not in imports
        listed.append(
            _member(name, member, lines_of, imported=imported, wildcard=wildcard, package=own)
        )
    if target.kind.value == "class":
        listed.extend(_base_slot_members(target, {m.name for m in listed}, lines_of))
    listed_names = {m.name for m in listed}
    if with_inherited:
        try:
            inherited = target.inherited_members
        except Exception:  # an unresolvable base: griffe raises several kinds
            inherited = {}
        for name, member in inherited.items():
            member = _base_member_or_self(member, lines_of)
            if name in listed_names or not _listed_as_member(member, lines_of):
                continue
            # An inherited alias's target, or the base's member found over it.
            defined_at = member.target_path if member.is_alias else member.path
            owner = str(defined_at).rpartition(".")[0]
            through = _classes_through(target, owner)
            listed.append(
                _member(name, member, lines_of, inherited=True, through=through,
                        package=_top_package(owner))
            )  # fmt: skip
        listed.extend(_builtin_inherited(target, {member.name for member in listed}))
    return tuple(listed)


def _top_package(path: str) -> str:
    """The top-level package of a dotted path."""
    return str(path).partition(".")[0]


def _base_slot_members(klass: Any, own: set[str], lines_of: LinesOf) -> list[Member]:
    """The names of the ``__slots__`` a base declares for ``klass`` that only the base's
    methods set: autodoc lists them as the class's own members (builder.api.slot_members)."""
    listed = []
    for name in sorted(slot_names(klass) - own):
        try:
            member = klass.all_members.get(name)
        except Exception:  # an unresolvable base: griffe raises several kinds
            member = None
        if member is None or is_alias_broken(member):
            continue
        member = member.final_target if member.is_alias else member  # griffe's inherited alias
        if _listed_as_member(member, lines_of):
            listed.append(_member(name, member, lines_of, from_slots=True))
    return listed


def _builtin_inherited(target: Any, listed: set[str]) -> list[Member]:
    """The methods a class inherits from its built-in bases (``bytes``, ``tuple``,
    ``UserString``), which griffe does not read: autodoc lists them under
    ``:inherited-members:`` as it imports the class (builder.api.builtin_members)."""
    methods = builtin_methods(target, lambda path: loaded_object(target, path))
    return [
        Member(
            method.name, "function", method.documented,
            inherited=True, builtin=True, through=method.through,
        )
        for method in methods
        if method.name not in listed
    ]  # fmt: skip


def base_member_over(member: Any, lines_of: LinesOf) -> Any:
    """The member a base class defines under the name of ``member``, an attribute its class
    only sets in a method, undocumented (``self.host = host``, ``host`` a property of the
    base): Python's lookup, and so autodoc's ``:inherited-members:``, finds the base's (the
    property, whose setter the assignment runs). None when ``member`` is no such attribute or
    no base defines the name but in the same way."""
    parent = member.parent
    if member.is_alias or parent is None or parent.kind.value != "class":
        return None
    if not _set_in_method_only(member, lines_of):
        return None
    bases = readable_class_order(parent)
    for base in bases:
        found = base.members.get(member.name)
        if (
            found is not None
            and _listed_as_member(found, lines_of)
            and not _set_in_method_only(found, lines_of)
        ):
            return found
    return None


def _classes_through(klass: Any, defining: str) -> tuple[str, ...]:
    """The names of ``klass``'s bases in method resolution order up to the one at the dotted
    path ``defining``, that one included (Member.through); () when it is none of them."""
    names: list[str] = []
    for base in readable_class_order(klass):
        names.append(base.name)
        if base.path == defining:
            return tuple(names)
    return ()


def _base_member_or_self(member: Any, lines_of: LinesOf) -> Any:
    """An inherited member, or the base's member over it when a class between only sets it
    in a method (``base_member_over``)."""
    if is_alias_broken(member):
        return member
    target = member.final_target if member.is_alias else member
    return base_member_over(target, lines_of) or member


def _read_exports(module: Any) -> Any:
    """The names ``module``'s ``__all__`` lists. One griffe cannot read (funcy 2.1's is
    computed, ``lcat(sys.modules['funcy.' + m].__all__ for m in modules)``, read as an empty
    list, and its page listed none of its names) is taken to list the public names the module
    defines or imports from its own package, as such an ``__all__`` gathers its submodules'."""
    exports = getattr(module, "exports", None)
    if exports:
        return exports
    written = module.members.get("__all__")
    value = (
        getattr(written, "value", None) if written is not None and not written.is_alias else None
    )
    if value is None or type(value).__name__ in _SEQUENCE_EXPRESSIONS:
        return exports
    package = f"{module.package.name}."
    return [
        name
        for name, member in module.members.items()
        if not name.startswith("_")
        and (
            str(member.target_path).startswith(package)
            if member.is_alias
            else member.kind.value != "module"
        )
    ]


def submodules_of(target: Any, lines_of: LinesOf) -> tuple[Member, ...]:
    """A package's own modules, each documented when it or anything in it has a docstring
    (griffe's has_docstrings, which mkdocstrings keeps a module for)."""
    return tuple(
        Member(
            name,
            "module",
            documented := _documented(member, lines_of),
            documented_within=not documented and _has_docstrings(member, lines_of),
        )
        for name, member in target.members.items()
        if not member.is_alias and member.kind.value == "module"
    )


def _has_docstrings(target: Any, lines_of: LinesOf) -> bool:
    """Whether anything defined in a module or class, at any depth, has a docstring."""
    return any(
        not child.is_alias
        and (_documented(child, lines_of) or (child.kind.value in ("module", "class")
             and _has_docstrings(child, lines_of)))
        for child in target.members.values()
    )  # fmt: skip


def _member(
    name: str,
    member: Any,
    lines_of: LinesOf,
    *,
    imported: bool = False,
    inherited: bool = False,
    unlisted: bool = False,
    wildcard: bool = False,
    through: tuple[str, ...] = (),
    package: str = "",
    from_slots: bool = False,
) -> Member:
    """The listing of one member: its kind, whether it is documented, and how it came."""
    documented = _documented(member, lines_of)
    within = not documented and _documented_within(member, lines_of)
    return Member(
        name,
        _member_kind(member),
        documented,
        imported=imported,
        inherited=inherited,
        meta_private=_meta_private(member),
        documented_within=within,
        documented_within_by_base=within and not _documented_within(member, lines_of, own=True),
        unlisted=unlisted,
        base_documented=not documented and _base_documented(member),
        wildcard=wildcard,
        set_in_method=_set_in_method_only(member, lines_of),
        own_docstring=_own_docstring(member),
        through=through,
        package=package,
        documented_by_base=documented and _documented_by_base(member, lines_of),
        from_slots=from_slots,
        autodoc_text_only=not is_alias_broken(member) and _autodoc_text_only(member),
    )


def _documented_by_base(member: Any, lines_of: LinesOf) -> bool:
    """Whether a member's only docstring is the one of the member it overrides in a base."""
    if is_alias_broken(member):
        return False
    return doc_from_base(member.final_target if member.is_alias else member, lines_of)


def _own_docstring(member: Any) -> bool:
    """Whether a function, property or class has a docstring of its own, as napoleon asks
    ``obj.__doc__`` (an attribute's would be its value's type's, not read so here)."""
    if is_alias_broken(member):
        return False
    target = member.final_target if member.is_alias else member
    if target.kind.value not in ("function", "class"):
        return False
    return target.docstring is not None and bool(target.docstring.value.strip())


def _base_documented(member: Any) -> bool:
    """Whether a class without a docstring of its own has a base that has one, which
    inspect.getdoc returns for it and so autodoc counts as its docstring (ipywidgets'
    ``Widget``, undocumented, below the documented ``LoggingHasTraits``)."""
    if is_alias_broken(member):
        return False
    target = member.final_target if member.is_alias else member
    if target.kind.value != "class":
        return False
    bases = readable_class_order(target)
    docstring = next((base.docstring for base in bases if base.docstring is not None), None)
    return docstring is not None and bool(docstring.value.strip())


def _documented_within(member: Any, lines_of: LinesOf, *, own: bool = False) -> bool:
    """Whether a class has a member with a docstring, at any depth (its own members only);
    ``own``: a docstring of the member's own, not the one of the member it overrides in a
    base, as griffe's has_docstrings reads it without its inherited-docstrings extension
    (pyiceberg's BinaryLiteral, whose undocumented ``to`` overrides Literal's documented one,
    is no documented class on its site)."""
    if is_alias_broken(member):
        return False
    target = member.final_target if member.is_alias else member
    if target.kind.value != "class":
        return False
    return any(
        not child.is_alias
        and (
            (_documented(child, lines_of) and not (own and doc_from_base(child, lines_of)))
            or _documented_within(child, lines_of, own=own)
        )
        for child in target.members.values()
    )


def _listed_as_member(member: Any, lines_of: LinesOf) -> bool:
    """Whether a member is in the listing: not a submodule (it has a page of its own). An
    undocumented ``self.x = ...`` attribute is, marked (Member.set_in_method): autodoc never
    shows one (it finds those by their doc comment only), mkdocstrings does. A name the class
    body declares with an annotation alone (``x: int``, a dataclass's or a TypedDict's field)
    is no such attribute: autodoc reads ``__annotations__``, though griffe labels it an
    instance attribute as it does ``self.x``."""
    return bool(member.is_alias) or member.kind.value != "module"


def _set_in_method_only(member: Any, lines_of: LinesOf) -> bool:
    """Whether a member is an undocumented attribute only a method sets (``self.x = ...``),
    not a name its class's ``__slots__`` declares (a descriptor of the class autodoc lists)."""
    if member.is_alias or member.kind.value != "attribute":
        return False
    parent = member.parent
    if parent is not None and parent.kind.value == "class" and member.name in slot_names(parent):
        return False
    labels = member.labels
    instance_only = "instance-attribute" in labels and "class-attribute" not in labels
    return instance_only and not _documented(member, lines_of) and _assigned_in_method(member)


def _assigned_in_method(member: Any) -> bool:
    """Whether an attribute is set in a method of its class (``self.x = ...``), not declared
    in the class body; True when that cannot be told."""
    parent = member.parent
    if parent is None or member.lineno is None or parent.kind.value != "class":
        return True
    return set_in_method(member)


def _member_kind(member: Any) -> str:
    if is_alias_broken(member):
        return "unresolved"
    return kind_of(member.final_target if member.is_alias else member)


def _meta_private(member: Any) -> bool | None:
    """True or False when the member's docstring says ``:meta private:`` or ``:meta public:``
    (pytest marks its plugin manager's hooks private so), None when it says neither."""
    if is_alias_broken(member):
        return None
    target = member.final_target if member.is_alias else member
    docstring = target.docstring
    text = docstring.value if docstring is not None else ""
    found = _META_VISIBILITY.search(text)
    return None if found is None else found.group(1) == "private"


def _documented(member: Any, lines_of: LinesOf) -> bool:
    """Whether autodoc finds a docstring: its own or a base's, one its module assigns after
    (``Type.__doc__ = "..."``, as a NamedTuple gets one), a ``#:`` comment, a declared doc or
    the one Python gives a NamedTuple's field."""
    if is_alias_broken(member):
        return False
    target = member.final_target if member.is_alias else member
    docstring = target.docstring or base_docstring(target, lines_of)
    if docstring is not None:
        return bool(docstring.value.strip())
    named = named_function(target)  # another name for a function: autodoc reads its docstring
    return (
        bool(assigned_text(target, lines_of))
        or bool(decorated_docstring(target))
        or bool(builtin_base_doc(target))
        or bool(attribute_doc_comment(target, lines_of))
        or bool(declared_doc(target))
        or bool(field_doc(target))
        or (named is not None and _documented(named, lines_of))
        or _names_documented_class(target, lines_of)
    )


def _autodoc_text_only(member: Any) -> bool:
    """Whether an attribute without a docstring is another name for a class, or a
    NamedTuple's field: autodoc writes a text for it, griffe none."""
    target = member.final_target if member.is_alias else member
    if aliased_class(target) is not None:
        return True
    return target.docstring is None and bool(field_doc(target))


def _names_documented_class(target: Any, lines_of: LinesOf) -> bool:
    """Whether an attribute is another name for a class with a docstring (its own or a
    base's): autodoc counts the class's as the attribute's (builder.api.class_aliases)."""
    aliased = aliased_class(target)
    return aliased is not None and (_documented(aliased, lines_of) or _base_documented(aliased))
