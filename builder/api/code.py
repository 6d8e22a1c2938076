"""Read a version's Python code with griffe, statically, and answer lookups by dotted path.

Nothing is imported or executed: griffe parses the modules' syntax trees. A package is loaded
the first time one of its objects is asked for, once per version, so a build whose API pages
all come from the cache never imports griffe (about 0.13 s) nor reads the code.
A package that re-exports names from another package in the same folder (``griffe`` from
``_griffe``, ``attrs`` from ``attr``) has that package loaded when a lookup first reaches one of
those names. Lookups that fail (a missing name, an alias griffe cannot follow, a syntax error in
the code) answer None, which the parsers turn into a warning and a signature-only section.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from builder.api.argparse_parsers import read_parser
from builder.api.assigned_docs import assigned_docstring
from builder.api.bases import qualified_base
from builder.api.cli_commands import CliCommand, read_command
from builder.api.doc_comments import doc_comment
from builder.api.docstrings import parse_docstring
from builder.api.interface_attributes import declared_doc
from builder.api.model import ApiObject, ApiSettings, DocField, DocPart, Member
from builder.api.module_getattr import lazily_imported
from builder.api.signatures import (
    init_of,
    is_alias_broken,
    member_of,
    modifiers_of,
    reads_as_property,
    signature_of,
)
from builder.api.typing_doc import annotation_text, doc_text

if TYPE_CHECKING:
    import griffe

    from builder.api.shadowed import ShadowedMembers

LinesOf = Callable[[Any], list[str]]
_META_VISIBILITY = re.compile(r"^\s*:meta (private|public):", re.MULTILINE)
_KINDS = {"module": "module", "class": "class", "function": "function", "attribute": "attribute"}
_T = TypeVar("_T")


class GriffeSource:
    """An :class:`~builder.api.model.ApiSource` over the packages in one folder."""

    def __init__(
        self,
        code_dir: Path,
        settings: ApiSettings,
        described: str,
        more_dirs: tuple[Path, ...] = (),
    ) -> None:
        self.code_dir = code_dir
        self._root = code_dir.resolve()  # griffe names files by their resolved search path
        # Further search paths (an MkDocs handler's other paths), searched after code_dir.
        self._roots = (self._root, *(folder.resolve() for folder in more_dirs))
        self._settings = settings
        self._described = described
        self._loader: griffe.GriffeLoader | None = None
        self._packages: dict[str, Any] = {}
        self._found: dict[tuple[str, str, bool, bool], ApiObject | None] = {}
        self._shadowed: ShadowedMembers | None = None

    @property
    def settings(self) -> ApiSettings:
        return self._settings

    @property
    def described(self) -> str:
        return self._described

    def find(
        self, path: str, style: str = "auto", inherited: bool = False, module: bool = False
    ) -> ApiObject | None:
        key = (path, style, inherited, module)
        if key not in self._found:
            self._found[key] = self._find(path, style, inherited, module)
        return self._found[key]

    def _find(self, path: str, style: str, inherited: bool, module: bool) -> ApiObject | None:
        found = self._at(path)
        if found is None:
            return None
        if not module and self._shadowed is not None:
            found = self._shadowed.member_over(found)
        record = self._followed(lambda: _record(path, found, style, self._lines, inherited))
        return None if record is None else replace(record, file=_relative(record.file, self._roots))

    def command(self, path: str) -> CliCommand | None:
        found = self._resolved(path)
        return None if found is None else read_command(found, self._final)

    def parser(self, path: str) -> CliCommand | None:
        found = self._resolved(path)
        return None if found is None else read_parser(found)

    def _resolved(self, path: str) -> Any:
        """The griffe object at dotted ``path``, aliases followed; None when there is none."""
        found = self._at(path)
        return None if found is None else self._final(found)

    def _final(self, obj: Any) -> Any:
        """``obj`` with its alias followed (loading the package it points into); None when it
        cannot be."""
        return self._followed(lambda: obj.final_target if obj.is_alias else obj)

    def _at(self, path: str) -> Any:
        """The griffe object at dotted ``path``, as found (an alias stays one); None when the
        package or the name is not there."""
        top, _, rest = path.partition(".")
        package = self._package(top)
        if package is None:
            return None
        return self._followed(lambda: _walked(package, rest.split(".")) if rest else package)

    def _followed(self, read: Callable[[], _T]) -> _T | None:
        """``read()``, tried again after loading the package an alias it met points into;
        None when that cannot be loaded or griffe cannot answer."""
        import griffe

        while True:
            try:
                return read()
            except griffe.AliasResolutionError as exc:
                # Each package is loaded once, so this ends.
                if not self._load_target_of(exc.alias):
                    return None
            except (KeyError, ValueError, AttributeError, griffe.GriffeError, RecursionError):
                return None

    def mapping(self, path: str) -> tuple[tuple[str, str], ...]:
        import griffe

        top, _, rest = path.partition(".")
        package = self._package(top)
        if package is None:
            return ()
        while True:
            try:
                found = package[rest] if rest else package
                value = (found.final_target if found.is_alias else found).value
            except griffe.AliasResolutionError as exc:
                if not self._load_target_of(exc.alias):
                    return ()
                continue
            except (KeyError, ValueError, AttributeError, griffe.GriffeError, RecursionError):
                return ()
            if not isinstance(value, griffe.ExprDict):
                return ()
            return tuple(
                (key.strip("'\""), str(getattr(item, "canonical_path", item)))
                for key, item in zip(value.keys, value.values, strict=False)
                if isinstance(key, str) and key[:1] in ("'", '"')
            )

    def _load_target_of(self, alias: Any) -> bool:
        """Load the not yet loaded package of this folder that ``alias`` points into; whether
        there was one."""
        top = str(getattr(alias, "target_path", "")).partition(".")[0]
        if not top or top in self._packages:
            return False
        return self._package(top) is not None

    def _package(self, name: str) -> Any:
        if name not in self._packages:
            self._packages[name] = None  # while it loads, an alias back into it is not followed
            self._packages[name] = self._load(name)
        return self._packages[name]

    def _load(self, name: str) -> Any:
        import griffe

        # griffe logs code it cannot follow (unresolvable aliases in annotations, at ERROR level)
        # to the terminal; the build reports the lookups that failed, so those lines are noise.
        logging.getLogger("griffe").setLevel(logging.CRITICAL)
        if self._loader is None:
            from builder.api.folder_modules import FolderModulesLoader
            from builder.api.shadowed import ShadowedMembers

            self._shadowed = ShadowedMembers()
            self._loader = FolderModulesLoader(
                extensions=griffe.load_extensions(self._shadowed),
                search_paths=list(self._roots),
                allow_inspection=False,
                store_source=True,
            )
        while True:
            try:
                # A name, never a path: griffe would read a folder of that name where the
                # build runs (a checkout's own copy, another project) instead of the code.
                return self._loader.load(name, try_relative_path=False)
            except griffe.AliasResolutionError as exc:
                # griffe follows some aliases while loading (to merge a package's .pyi stubs):
                # attrs re-exports attr's names, so attr must be loaded first. Each package
                # is loaded once, so this ends.
                if not self._load_target_of(exc.alias):
                    return None
            except (ImportError, OSError, SyntaxError, griffe.GriffeError):
                return None

    def _lines(self, found: Any) -> list[str]:
        """The source lines of the file that defines ``found`` (for ``#:`` comments)."""
        if self._loader is None:
            return []
        try:
            lines: list[str] = self._loader.lines_collection[found.filepath]
        except (KeyError, AttributeError, TypeError):
            return []
        return lines


def _record(path: str, found: Any, style: str, lines_of: LinesOf, inherited: bool) -> ApiObject:
    """The frozen documentation of a griffe object (aliases followed)."""
    target = found.final_target if found.is_alias else found
    named = _object_named(target)
    if named is not None and not _doc_comment(target, lines_of):
        return replace(
            _record(path, named, style, lines_of, inherited),
            signature=_renamed(
                signature_of(named, "function"), named.name, path.rpartition(".")[2]
            ),
            modifiers=modifiers_of(named, "function"),
        )
    kind = _kind(target)
    function = init_of(target) if kind == "class" else target
    doc = _typed(_with_annotated_docs(_docstring(target, style, lines_of), function), function)
    init_doc: tuple[DocPart, ...] = ()
    members: tuple[Member, ...] = ()
    bases: tuple[str, ...] = ()
    qualified_bases: tuple[str, ...] = ()
    submodules: tuple[Member, ...] = ()
    if kind == "class":
        init = init_of(target)
        if init is not None:
            init_doc = _typed(_docstring(init, style, lines_of), init)
        members = _members(target, lines_of, inherited)
        bases = tuple(str(base) for base in target.bases)
        qualified_bases = tuple(qualified_base(base) for base in target.bases)
    elif kind == "module":
        members = _members(target, lines_of, False)
        submodules = _submodules(target, lines_of)
    try:
        file = str(target.filepath)
    except (ValueError, AttributeError):  # a namespace package has several folders
        file = ""
    return ApiObject(
        path=path,
        kind=kind,
        # Under the name asked for, as autodoc writes it: an alias's ('from ._compat import
        # is_mutable_set as is_set' is documented as is_set), a private class a module's
        # __getattr__ answers for.
        signature=_renamed(signature_of(target, kind), target.name, path.rpartition(".")[2]),
        modifiers=modifiers_of(target, kind),
        doc=doc,
        init_doc=init_doc,
        members=members,
        bases=bases,
        qualified_bases=qualified_bases,
        submodules=submodules,
        file=file,
        line=target.lineno or 0,
    )


def _relative(file: str, roots: tuple[Path, ...]) -> str:
    """``file`` relative to the code folder it is in, as a reader of the package knows it."""
    for root in roots:
        try:
            return Path(file).relative_to(root).as_posix()
        except ValueError:
            continue
    return file


def _kind(target: Any) -> str:
    kind = _KINDS.get(target.kind.value, "attribute")
    if kind == "function" and reads_as_property(target):
        return "property"
    return kind


def _docstring(target: Any, style: str, lines_of: LinesOf) -> tuple[DocPart, ...]:
    docstring = target.docstring or _base_docstring(target)
    if docstring is not None:
        return parse_docstring(docstring, style)
    assigned = _assigned(target, lines_of)
    if assigned:
        import griffe

        return parse_docstring(griffe.Docstring(assigned, parent=target), style)
    comment = _doc_comment(target, lines_of)
    if comment:
        import griffe

        return parse_docstring(griffe.Docstring(comment, parent=target), style)
    annotated = doc_text(target.annotation) if target.kind.value == "attribute" else ""
    if annotated:
        return (DocPart("", annotated),)
    declared = declared_doc(target)
    if declared:
        return (DocPart("", declared),)
    instance_of = _class_of_instance(target)
    if instance_of is not None and instance_of.docstring is not None:
        return parse_docstring(instance_of.docstring, style)
    return ()


def _assigned(target: Any, lines_of: LinesOf) -> str:
    """A class's or function's docstring assigned to its ``__doc__`` in its module."""
    module = getattr(target, "module", None)
    if target.kind.value not in ("class", "function") or module is None:
        return ""
    qualified = target.path.removeprefix(f"{module.path}.")
    return assigned_docstring(lines_of(module), qualified)


def _with_annotated_docs(parts: tuple[DocPart, ...], function: Any) -> tuple[DocPart, ...]:
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


def _typed(parts: tuple[DocPart, ...], function: Any) -> tuple[DocPart, ...]:
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


def _base_docstring(target: Any) -> Any:
    """The docstring of the member a method overrides, which autodoc shows by default
    (``autodoc_inherit_docstrings``); None when no base class documents it."""
    parent = target.parent
    if parent is None or parent.kind.value != "class" or target.kind.value != "function":
        return None
    try:
        bases = parent.mro()
    except Exception:  # an unresolvable or cyclic base: griffe raises several kinds
        return None
    for base in bases:
        member = base.members.get(target.name)
        if member is not None and not is_alias_broken(member):
            found = member.final_target if member.is_alias else member
            if found.docstring is not None:
                return found.docstring
    return None


def _class_of_instance(target: Any) -> Any:
    """The class an attribute is made by calling (``fail = _Fail()``) when the package defines
    it: autodoc shows an object's ``__doc__``, which an instance takes from its class (pytest
    documents ``pytest.fail`` and ``pytest.skip`` so). None for anything else, a builtin's
    instance among them."""
    if target.kind.value != "attribute":
        return None
    function = getattr(target.value, "function", None)
    found = _loaded(target, getattr(function, "canonical_path", None))
    return found if found is not None and found.kind.value == "class" else None


def _object_named(target: Any) -> Any:
    """The function of the package an attribute without a docstring is another name for:
    ``batched = _batched`` (more-itertools' stubs), or a method of an instance the package
    makes, ``structure = global_converter.structure`` (cattrs). autodoc imports the name and
    finds the function, its signature and docstring. None for anything else; a class so named
    autodoc shows as "alias of" the class, which the attribute's value says."""
    if target.kind.value != "attribute" or target.docstring is not None:
        return None
    value = target.value
    found = None
    if type(value).__name__ == "ExprName":
        found = _loaded(target, value.canonical_path)
    elif type(value).__name__ == "ExprAttribute" and len(value.values) == 2:
        instance = _loaded(target, getattr(value.values[0], "canonical_path", None))
        klass = _class_of_instance(instance) if instance is not None else None
        if klass is not None:
            found = member_of(klass, str(value.values[1]))
    return found if found is not None and found.kind.value == "function" else None


def _walked(package: Any, names: list[str]) -> Any:
    """The member of ``package`` at the dotted ``names``, through the names a module binds to a
    class of the package by assignment: ``Copy = _copy.Copy`` (psycopg re-exports its classes
    so), which Python's attribute lookup and so autodoc go through, reads to griffe as an
    attribute without members. The last name stays the attribute unless it re-exports the
    class under the class's own name (``Alias = Base`` is documented as "alias of Base")."""
    found = package
    for index, name in enumerate(names):
        found = found[name] if name in found.all_members else lazily_imported(found, name)
        assigned = _assigned_class(found.final_target if found.is_alias else found)
        if assigned is not None and (index < len(names) - 1 or assigned.name == name):
            found = assigned
    return found


def _assigned_class(target: Any) -> Any:
    """The class of the package an attribute without a docstring names (``X = module.X``);
    None for anything else."""
    if target.kind.value != "attribute" or target.docstring is not None:
        return None
    if type(target.value).__name__ not in ("ExprName", "ExprAttribute"):
        return None
    found = _loaded(target, getattr(target.value, "canonical_path", None))
    return found if found is not None and found.kind.value == "class" else None


def _loaded(target: Any, path: object) -> Any:
    """The object the package defines at ``path`` (aliases followed), other than ``target``
    itself; None when it is not loaded or cannot be resolved."""
    if not isinstance(path, str) or path == target.path:
        return None
    try:
        found = target.modules_collection[path]
        return found.final_target if found.is_alias else found
    except Exception:  # not loaded, or a broken alias: griffe raises several kinds
        return None


def _renamed(signature: str, old: str, new: str) -> str:
    """``signature`` with its object's name, which leads it, replaced."""
    return new + signature[len(old) :] if signature.startswith(old) else signature


def _doc_comment(target: Any, lines_of: LinesOf) -> str:
    """The ``#:`` comment autodoc reads as an attribute's docstring."""
    if target.kind.value != "attribute" or not target.lineno:
        return ""
    return doc_comment(lines_of(target), target.lineno, target.endlineno or target.lineno)


def _members(target: Any, lines_of: LinesOf, with_inherited: bool) -> tuple[Member, ...]:
    """Own members in source order, then inherited ones (for a class, when asked: finding
    them costs more than the rest of the record). A module with ``__all__`` lists those names
    first, in that order, imported or not, then what it defines that ``__all__`` leaves out."""
    exports = getattr(target, "exports", None) if target.kind.value == "module" else None
    if exports is not None:
        names = dict.fromkeys(str(name) for name in exports if str(name) in target.members)
        return tuple(_member(name, target.members[name], lines_of) for name in names) + tuple(
            _member(name, member, lines_of, unlisted=True)
            for name, member in target.members.items()
            if name not in names
            and name != "__all__"
            and not member.is_alias
            and _listable(member, lines_of)
        )
    listed: list[Member] = []
    for name, member in target.members.items():
        imported = bool(member.is_alias)
        if imported and target.kind.value == "class":
            continue
        if not _listable(member, lines_of):
            continue
        listed.append(_member(name, member, lines_of, imported=imported))
    if with_inherited and target.kind.value == "class":
        try:
            inherited = target.inherited_members
        except Exception:  # an unresolvable base: griffe raises several kinds
            inherited = {}
        for name, member in inherited.items():
            if not _listable(member, lines_of):
                continue
            listed.append(_member(name, member, lines_of, inherited=True))
    return tuple(listed)


def _submodules(target: Any, lines_of: LinesOf) -> tuple[Member, ...]:
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
) -> Member:
    """The listing of one member: its kind, whether it is documented, and how it came."""
    documented = _documented(member, lines_of)
    return Member(
        name,
        _member_kind(member),
        documented,
        imported=imported,
        inherited=inherited,
        meta_private=_meta_private(member),
        documented_within=not documented and _documented_within(member, lines_of),
        unlisted=unlisted,
    )


def _documented_within(member: Any, lines_of: LinesOf) -> bool:
    """Whether a class has a member with a docstring, at any depth (its own members only)."""
    if is_alias_broken(member):
        return False
    target = member.final_target if member.is_alias else member
    if target.kind.value != "class":
        return False
    return any(
        not child.is_alias and (_documented(child, lines_of) or _documented_within(child, lines_of))
        for child in target.members.values()
    )


def _listable(member: Any, lines_of: LinesOf) -> bool:
    """What autodoc lists among all members: not submodules (they have pages of their own),
    and not ``self.x = ...`` attributes unless documented (autodoc finds those by their doc
    comment only)."""
    if member.is_alias:
        return True
    if member.kind.value == "module":
        return False
    labels = member.labels
    instance_only = "instance-attribute" in labels and "class-attribute" not in labels
    return not instance_only or _documented(member, lines_of)


def _member_kind(member: Any) -> str:
    if is_alias_broken(member):
        return "unresolved"
    return _kind(member.final_target if member.is_alias else member)


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
    if is_alias_broken(member):
        return False
    target = member.final_target if member.is_alias else member
    docstring = target.docstring or _base_docstring(target)
    if docstring is not None:
        return bool(docstring.value.strip())
    return bool(_doc_comment(target, lines_of)) or bool(declared_doc(target))
