"""Walk from a package down dotted names to the object they name, each object's members read once.

griffe computes a class's members anew at each ``all_members``: an alias of every member of
every base, each registered on its target, and for a class reached through an alias
(``xarray.Dataset``) an alias of each of those too. Looking up one name costs as much as
listing them all: xarray's docs look up some 3,000 names, most of them in a few classes of
about 300 members each, and made 1.5 million aliases, 23 of the parse stage's 36 s. A walk
takes an object's own member from what it declares, and keeps the whole table of the objects
it needed one for, the most recent ones (an autosummary table asks for one class's members in
a row), until a package is loaded, which can resolve a base that was not and so change them.
"""

from __future__ import annotations

from typing import Any

from builder.api.class_order import readable_class_order
from builder.api.identity_cache import IdentityCache
from builder.api.made_classes import made_class, made_class_name
from builder.api.members import base_member_over
from builder.api.module_getattr import lazily_imported
from builder.api.object_docs import LinesOf, class_of_instance, loaded_object

# Objects whose members a walk keeps: a class's page looks up its own members in a row, and
# a package with thousands of classes must not keep an alias of every inherited member.
MEMBER_TABLES_KEPT = 256


class MemberWalk:
    """Dotted lookups from a package, with the members of the objects they pass kept."""

    def __init__(self, lines_of: LinesOf) -> None:
        self._members: IdentityCache[dict[str, Any]] = IdentityCache(MEMBER_TABLES_KEPT)
        self._lines_of = lines_of

    def forget(self) -> None:
        """Drop the members kept: a package was loaded."""
        self._members.clear()

    def walked(self, package: Any, names: list[str]) -> Any:
        """The member of ``package`` at the dotted ``names``, through the names a module binds
        to a class of the package by assignment: ``Copy = _copy.Copy`` (psycopg re-exports its
        classes so), or a class a metaclass call makes (builder.api.made_classes), which
        Python's attribute lookup and so autodoc go through, reads to griffe as an attribute
        without members. The last name stays the attribute unless it
        re-exports the class under the class's own name (``Alias = Base`` is documented as
        "alias of Base")."""
        found = package
        for index, name in enumerate(names):
            member = self._member(found, name)
            instance_of = class_of_instance(found) if member is None else None
            if instance_of is not None:
                found = instance_of  # an instance's attribute is its class's, as Python looks it up
                member = self._member(found, name)
            found = member if member is not None else lazily_imported(found, name)
            target = found.final_target if found.is_alias else found
            assigned = _assigned_class(target) or made_class(target)
            # A class a metaclass call makes under this name is that class, not an alias.
            last = index == len(names) - 1
            if assigned is not None and (
                not last or assigned.name == name or made_class_name(target) == name
            ):
                found = assigned
        return found

    def _member(self, found: Any, name: str) -> Any:
        """``found.all_members[name]``; None when there is none. An object's own member is
        that one, and is read without listing what it inherits (sympy's classes, whose
        methods the docs look up, inherit two hundred each); an alias makes new aliases of
        its target's members, which its table keeps."""
        member = found.members.get(name) if not found.is_alias else None
        if member is None:
            member = self._all_members(found).get(name)
        if member is None or not found.is_class:
            return member
        # An attribute a class only sets in a method, over a base's member of that name, is
        # the base's, as Python looks it up (builder.api.members.base_member_over).
        target = member.final_target if member.is_alias else member
        over = base_member_over(target, self._lines_of)
        if over is None:
            return member
        import griffe

        return griffe.Alias(name, over, parent=found, inherited=True)

    def _all_members(self, found: Any) -> dict[str, Any]:
        """griffe's ``all_members`` of ``found`` (declared and inherited), read once while kept."""
        return self._members.get(found, _all_members)


def _all_members(found: Any) -> dict[str, Any]:
    """griffe's ``all_members`` of ``found``, and for a class the members of the bases it
    leaves out of its order: those a metaclass call makes (builder.api.class_order), as
    Python's attribute lookup finds them (colander's ``Schema(SchemaNode)``)."""
    members: dict[str, Any] = found.all_members
    if not found.is_class or found.is_alias:
        return members
    import griffe

    bases = readable_class_order(found)
    for base in bases:
        for name, member in base.members.items():
            if name not in members:
                members[name] = griffe.Alias(name, member, parent=found, inherited=True)
    return members


def _assigned_class(target: Any) -> Any:
    """The class of the package an attribute without a docstring names (``X = module.X``);
    None for anything else."""
    if target.kind.value != "attribute" or target.docstring is not None:
        return None
    if type(target.value).__name__ not in ("ExprName", "ExprAttribute"):
        return None
    found = loaded_object(target, getattr(target.value, "canonical_path", None))
    return found if found is not None and found.kind.value == "class" else None
