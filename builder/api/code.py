"""Read a version's Python code with griffe, statically, and answer lookups by dotted path.

Nothing is imported or executed: griffe parses the modules' syntax trees. A package is loaded
the first time one of its objects is asked for, once per version, so a build whose API pages
all come from the cache never imports griffe (about 0.13 s) nor reads the code.
A package that re-exports names from another package in the same folder (``griffe`` from
``_griffe``, ``attrs`` from ``attr``) has that package loaded when a lookup first reaches one of
those names, or when it is loaded for a wildcard import (builder.api.sibling_wildcards).
Lookups that fail (a missing name, an alias griffe cannot follow, a syntax error in the code)
answer None, which the parsers turn into a warning and a signature-only section.
How each object found is read into a record is builder.api.object_records; where its
documentation comes from when it has no docstring, builder.api.object_docs; which of its members
a class or module lists, builder.api.members.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from builder.api.argparse_parsers import read_parser
from builder.api.builtin_members import builtin_member
from builder.api.class_order import forget_class_orders
from builder.api.cli_commands import CliCommand, read_command
from builder.api.click_objects import read_command_object
from builder.api.compiled_docstrings import fill_compiled_docstrings
from builder.api.cython_modules import add_cython_modules
from builder.api.member_walk import MemberWalk
from builder.api.model import ApiObject, ApiSettings
from builder.api.module_doc_names import fill_module_doc_names
from builder.api.object_records import api_record, docstring_signed
from builder.api.sibling_wildcards import wildcard_packages
from builder.api.static_lists import module_lists
from builder.api.submodule_exports import expand_submodule_exports

if TYPE_CHECKING:
    import griffe

    from builder.api.installed_dependencies import InstalledPackage
    from builder.api.shadowed import ShadowedMembers

_T = TypeVar("_T")


class GriffeSource:
    """An :class:`~builder.api.model.ApiSource` over the packages in one folder."""

    def __init__(
        self,
        code_dir: Path,
        settings: ApiSettings,
        described: str,
        more_dirs: tuple[Path, ...] = (),
        renamed: tuple[tuple[str, Path], ...] = (),
        packages: tuple[str, ...] = (),
        installed: tuple[InstalledPackage, ...] = (),
        missing_dependencies: tuple[str, ...] = (),
    ) -> None:
        self.code_dir = code_dir
        self._package_names = packages
        self._root = code_dir.resolve()  # griffe names files by their resolved search path
        # Further search paths (an MkDocs handler's other paths), searched after code_dir.
        self._roots = (self._root, *(folder.resolve() for folder in more_dirs))
        # The declared dependencies' folders where docbuild runs, searched last; of each, only
        # the dependency's own package is read (builder.api.installed_dependencies).
        self._installed = tuple(package.code.resolve() for package in installed)
        self._installed_folders = tuple(
            dict.fromkeys(package.folder.resolve() for package in installed)
        )
        self._missing = missing_dependencies
        self._renamed = tuple((name, folder.resolve()) for name, folder in renamed)
        self._settings = settings
        self._described = described
        self._loader: griffe.GriffeLoader | None = None
        self._packages: dict[str, Any] = {}
        self._found: dict[tuple[str, str, bool, bool], ApiObject | None] = {}
        # The classes and modules whose bases _load_bases has loaded, with how many packages
        # were loaded then: one more package can make a base resolve that did not.
        self._bases_loaded: dict[str, int] = {}
        self._shadowed: ShadowedMembers | None = None
        self._walk = MemberWalk(self._lines)

    @property
    def settings(self) -> ApiSettings:
        return self._settings

    @property
    def described(self) -> str:
        return self._described

    @property
    def packages(self) -> tuple[str, ...]:
        return self._package_names

    def find(
        self, path: str, style: str = "auto", inherited: bool = False, module: bool = False
    ) -> ApiObject | None:
        key = (path, style, inherited, module)
        if key not in self._found:
            self._found[key] = self._find(path, style, inherited, module)
        return self._found[key]

    def _find(self, path: str, style: str, inherited: bool, module: bool) -> ApiObject | None:
        found = self._at(path)
        if found is None and "." in path:
            # A name a class inherits from a base whose package is not loaded yet: griffe
            # sees it only once that package is, whichever pages were read before.
            owner = self._target_at(path.rpartition(".")[0])
            if owner is not None and owner.kind.value == "class":
                self._followed(partial(self._load_bases, owner))
                found = self._at(path)
        if found is None:
            return self._inherited_from_builtin(path)
        self._followed(lambda: self._load_bases(found.final_target if found.is_alias else found))
        if not module and (shadowed := self._shadowed) is not None:
            found = self._followed(partial(shadowed.member_over, found)) or found
        runtime_defaults = self._settings.runtime_defaults
        record = self._followed(
            lambda: api_record(path, found, style, self._lines, inherited, runtime_defaults)
        )
        if record is None or not self._inside(record.file):
            return None  # a module linked in from outside the project: not this code's
        if self._settings.docstring_signature:
            record = docstring_signed(record, found, style, self._lines)
        return replace(record, file=_relative(record.file, self._searched))

    def _inherited_from_builtin(self, path: str) -> ApiObject | None:
        """A method of the class at ``path``'s parent that a built-in base gives it
        (builder.api.builtin_members), or None."""
        parent, _, name = path.rpartition(".")
        owner = self._target_at(parent) if parent else None
        if owner is None or owner.kind.value != "class":
            return None
        filepath = self._followed(lambda: owner.filepath)
        if filepath is None or not self._inside(filepath):
            return None  # a class of a module linked in from outside: not this code's, as above
        return self._followed(lambda: builtin_member(owner, name, path, self._target_at))

    def defined_elsewhere(self, path: str) -> str:
        member = self._member_at(path)
        if member is None or not member.is_alias or self._final(member) is not None:
            return ""  # not there at all, or defined (or readable) here
        # Through the package's own re-exports (fastapi.Request is fastapi.requests.Request)
        # to the name it cannot read (starlette.requests.Request).
        seen = {path}
        target = str(member.target_path)
        while target not in seen:
            seen.add(target)
            member = self._member_at(target)
            if member is None or not member.is_alias:
                break
            target = str(member.target_path)
        if self._package(target.partition(".")[0]) is not None:
            return ""  # the code's own (a chain that loops, a module it lacks): none to install
        return target

    def uninstalled_dependency(self, path: str) -> str:
        top = path.partition(".")[0]
        if top in self._package_names:
            return ""
        return next((name for name in self._missing if name.replace("-", "_") == top), "")

    def _member_at(self, path: str) -> Any:
        """The member at dotted ``path`` as its module binds it, an alias not followed."""
        owner_path, _, name = path.rpartition(".")
        owner = self._target_at(owner_path) if owner_path else None
        return None if owner is None else owner.members.get(name)

    def command(self, path: str) -> CliCommand | None:
        found = self._resolved(path)
        if found is None:
            return None
        return read_command(found, self._final) or read_command_object(found, self._final)

    def parser(self, path: str) -> CliCommand | None:
        found = self._resolved(path)
        return None if found is None else read_parser(found, self._function_named)

    def _function_named(self, scope: Any, name: str) -> Any:
        """What ``name`` means in the module of the griffe object ``scope`` (defined there
        or imported into it), aliases followed; None when the module has no such name."""
        module = scope if scope.kind.value == "module" else scope.module
        member = module.members.get(name)
        return None if member is None else self._final(member)

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
        package or the name is not there. ``pkg.__init__`` is the package, as Python imports
        that name (xdoctest's index documents its overview so), and so is ``pkg.sub.__init__``
        the subpackage (Mesa 3.3.1's ``mesa.discrete_space.__init__``)."""
        top, _, rest = path.partition(".")
        package = self._package(top)
        if package is None:
            return None
        found = self._followed(
            lambda: self._walk.walked(package, rest.split(".")) if rest else package
        )
        if found is None and path.endswith(".__init__"):  # not a class's __init__ method
            above = self._at(path.removesuffix(".__init__"))
            return above if getattr(above, "is_init_module", False) else None
        if found is None and ".__init__." in path:  # a member of such a module
            head, _, tail = path.partition(".__init__.")
            above = self._at(head)
            return self._at(f"{head}.{tail}") if getattr(above, "is_init_module", False) else None
        if found is None and "." in rest and self._shadowed is not None:
            return self._shadowed_member(path, self._shadowed)
        return found

    def _shadowed_member(self, path: str, shadowed: ShadowedMembers) -> Any:
        """The member at ``path`` of the object a package binds over its submodule's name
        (kindred's 'from kindred.Corpus import Corpus': kindred.Corpus.addDocument, a method
        of the class, where griffe walks into the submodule kindred.Corpus); None for none.
        Asked of the package's own record of its members, not walked: a path not found is
        common, and walking each owner above it made the build half as slow again."""
        owner_path, _, name = path.rpartition(".")
        owner = shadowed.members.get(owner_path)
        if owner is None and owner_path.rpartition(".")[2] in shadowed.names:
            # Bound by a wildcard import, or re-exported from the package that binds it
            # (pyqtgraph.ImageView): walked, as only a name that can be shadowed is.
            owner = self._at(owner_path)
        over = None if owner is None else self._followed(partial(shadowed.member_over, owner))
        if over is None:
            return None
        target = self._followed(lambda: over.final_target if over.is_alias else over)
        return None if target is None else target.members.get(name)

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

    def names_list(self, path: str) -> tuple[str, ...] | None:
        module_path, _, name = path.rpartition(".")
        module = self._resolved(module_path) if module_path else None
        if module is None or getattr(module, "kind", None) is None:
            return None
        if module.kind.value != "module":
            return None
        return module_lists("\n".join(self._lines(module))).get(name)

    def _load_bases(self, obj: Any) -> None:
        """Load the packages of this folder that the bases of ``obj``'s classes (``obj``, the
        classes in it, and their bases in turn) are defined in. griffe's ``mro()`` leaves out
        a base whose package is not loaded, without a word: a class's inherited ``__init__``
        and members depended on which pages the parsing process had read before."""
        seen: set[str] = set()
        if obj.kind.value not in ("class", "module"):
            # A method or attribute: its class's bases hold what it inherits (its docstring).
            obj = obj.parent
            if obj is None:
                return
        # Asked once per member of a class: walking its members each time made documenting a
        # class of 4,000 methods take minutes.
        loaded = len(self._packages)
        if self._bases_loaded.get(obj.path) == loaded:
            return
        pending = [obj] if obj.kind.value == "class" else []
        # A module's own classes, not its submodules: those are looked up on their own.
        pending += [m for m in obj.members.values() if not m.is_alias and m.kind.value == "class"]
        while pending:
            item = pending.pop()
            if item.path in seen:
                continue
            seen.add(item.path)
            pending.extend(
                member
                for member in item.members.values()
                if not member.is_alias and member.kind.value == "class"
            )
            for base in item.bases:
                path = str(base if isinstance(base, str) else getattr(base, "canonical_path", ""))
                top = path.partition(".")[0]
                if top and top not in self._packages:
                    self._package(top)
                # A base another package re-exports (machine's "from core import Chart"):
                # following it loads the package it is defined in.
                target = self._followed(partial(self._target_at, path))
                if target is not None and target.kind.value == "class":
                    pending.append(target)
            pending.extend(item.resolved_bases)
        # A package this walk loaded can resolve a base it met before: the next asks again.
        self._bases_loaded[obj.path] = loaded

    def _target_at(self, path: str) -> Any:
        """What the object at ``path`` names, through its aliases (None when not there)."""
        found = self._at(path)
        return None if found is None else (found.final_target if found.is_alias else found)

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
            # Its classes can be bases that did not resolve before.
            self._walk.forget()
            forget_class_orders()
        return self._packages[name]

    def _load(self, name: str) -> Any:
        import griffe

        # griffe logs code it cannot follow (unresolvable aliases in annotations, at ERROR level)
        # to the terminal; the build reports the lookups that failed, so those lines are noise.
        logging.getLogger("griffe").setLevel(logging.CRITICAL)
        if self._loader is None:
            from builder.api.attached_methods import AttachedMethods
            from builder.api.class_level_attributes import ClassLevelAttributes
            from builder.api.folder_modules import FolderModulesLoader
            from builder.api.globals_reexports import GlobalsReexports
            from builder.api.import_fallbacks import ImportFallbacks
            from builder.api.main_guard import MainGuard
            from builder.api.named_all import NamedAll
            from builder.api.named_tuple_calls import NamedTupleCalls
            from builder.api.platform_branches import PosixBranches
            from builder.api.property_accessors import PropertyAccessors
            from builder.api.shadowed import ShadowedMembers
            from builder.api.slot_attributes import SlotAttributes
            from builder.api.unpacked_names import UnpackedNames

            self._shadowed = ShadowedMembers()
            # MainGuard first, so that no other extension reads the block it drops;
            # ImportFallbacks before ShadowedMembers, which records the members it leaves.
            extensions = (
                *(MainGuard(), ImportFallbacks(), self._shadowed, UnpackedNames()),
                *(PosixBranches(), PropertyAccessors(), GlobalsReexports(), NamedAll()),
                *(AttachedMethods(), ClassLevelAttributes(), NamedTupleCalls()),
                SlotAttributes(),
            )
            self._loader = FolderModulesLoader(
                extensions=griffe.load_extensions(*extensions),
                search_paths=list(self._searched),
                allow_inspection=False,
                store_source=True,
            )
            if self._renamed:
                from builder.api.renamed_packages import RenamedPackagesFinder

                self._loader.finder = RenamedPackagesFinder(list(self._searched), self._renamed)
        if not self._findable(name):
            return None
        while True:
            try:
                # A name, never a path: griffe would read a folder of that name where the
                # build runs (a checkout's own copy, another project) instead of the code.
                package = self._loader.load(name, try_relative_path=False)
            except griffe.AliasResolutionError as exc:
                # griffe follows some aliases while loading (to merge a package's .pyi stubs):
                # attrs re-exports attr's names, so attr must be loaded first. Each package
                # is loaded once, so this ends.
                if not self._load_target_of(exc.alias):
                    return None
            # RecursionError: code nested past the parser's depth (an expression of thousands
            # of terms), which ast.parse cannot build; the page keeps its text without it.
            except (ImportError, OSError, SyntaxError, RecursionError, griffe.GriffeError):
                return None
            else:
                if not self._inside(package.filepath):
                    return None  # a link in the code folder to a package outside the project
                add_cython_modules(self._loader, package)
                fill_compiled_docstrings(package)
                expand_submodule_exports(self._loader, package)
                fill_module_doc_names(package)
                self._expand_wildcards(package)
                return package

    def _expand_wildcards(self, package: Any) -> None:
        """Load the packages of the code's folders that ``package``'s wildcard imports name
        and were not loaded yet, then expand those imports (builder.api.sibling_wildcards).
        A declared dependency's package is left to be loaded when a lookup reaches it."""
        loaded = [
            name
            for name in wildcard_packages(package)
            if name not in self._packages
            and any(_holds_module(root, name) for root in self._roots)
            and self._package(name) is not None
        ]
        if loaded and self._loader is not None:
            self._loader.expand_wildcards(package, external=False)

    def _findable(self, name: str) -> bool:
        """Whether griffe finds the package ``name`` where its code is this version's to read.
        Another package in a declared dependency's folder is not parsed only to be left out:
        once parsed, its classes lent their members to the code's subclasses, and its names
        no longer said where they come from."""
        if not self._installed_folders or self._loader is None:
            return True
        try:
            _, found = self._loader.finder.find_spec(name, try_relative_path=False)
        except (ImportError, OSError):
            return True  # load() meets it too, and says so
        return self._inside(found.path)

    def _inside(self, filepath: Any) -> bool:
        """Whether a loaded module's file (a namespace package's folders: each) is under one
        of the code folders once links are followed."""
        paths = filepath if isinstance(filepath, list) else [filepath]
        return all(
            any(Path(path).resolve().is_relative_to(root) for root in self._readable)
            for path in paths
        )

    @property
    def _searched(self) -> tuple[Path, ...]:
        """The folders griffe searches for a package, the project's first."""
        return (*self._roots, *self._installed_folders)

    @property
    def _readable(self) -> tuple[Path, ...]:
        """The folders and files whose code is this version's to read."""
        return (*self._roots, *self._installed)

    def _lines(self, found: Any) -> list[str]:
        """The source lines of the file that defines ``found`` (for ``#:`` comments)."""
        if self._loader is None:
            return []
        try:
            lines: list[str] = self._loader.lines_collection[found.filepath]
        except (KeyError, AttributeError, TypeError):
            return []
        return lines


def _holds_module(folder: Path, name: str) -> bool:
    """Whether ``folder`` holds a package or module of that name."""
    return (folder / name).is_dir() or (folder / f"{name}.py").is_file()


def _relative(file: str, roots: tuple[Path, ...]) -> str:
    """``file`` relative to the code folder it is in, as a reader of the package knows it."""
    for root in roots:
        try:
            return Path(file).relative_to(root).as_posix()
        except ValueError:
            continue
    return file
