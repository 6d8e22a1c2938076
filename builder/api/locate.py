"""Find the code a version's API pages document, and fingerprint it for the build cache.

The folder comes from the catalog's ``source_dir`` when given, then from the folders the
docs' ``conf.py`` puts on ``sys.path`` (``builder.api.conf_paths``) that are outside the docs
and inside the project, or those an MkDocs config's mkdocstrings Python handler searches
(its ``paths``, where a namespace package counts too), otherwise from the usual places beside
the docs: ``<docs>/src``, ``<docs>/../src``, ``<docs>/..`` and, for versions read from git or
an archive, ``<tree>/src`` and ``<tree>``; last the project's root (the folder includes are
read within) and its ``src``, for docs further down (``doc/source``); never a folder outside
that project (the folder above docs that are the project's top). A folder counts when it
holds a package (a folder with ``__init__.py``, or a compiled extension's ``__init__.pyi``);
when none does, the members of the project's uv workspace do (``pydantic_ai_slim/pydantic_ai``),
and are searched beside the code anyway; then a ``src`` folder (or the ``source_dir``) of
namespace packages (PyScaffold's layout); when none of those does, one of the project's folders
that holds modules does (a distribution of one module: ``tabulate.py``); when nothing does and
the project declares no workspace, the distributions one or two levels below its root are its
members (a monorepo's ``python/ipywidgets``: builder.api.distribution_folders). The fingerprint
covers every ``.py``/``.pyi`` file of those packages and modules and the settings: the docs'
``conf.py``, or an MkDocs project's config file (its mkdocstrings options); the files griffe
can read from there, and how they are shown.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from builder.api.code_report import code_place
from builder.api.distribution_folders import distribution_folders
from builder.api.search_paths import (
    conf_folders,
    docs_conf_folders,
    mkdocstrings_folders,
    read_regular,
    resolves_inside,
    workspace_folders,
)

if TYPE_CHECKING:
    from builder.api.code import GriffeSource
    from builder.api.installed_dependencies import DeclaredCode, InstalledPackage, OtherRelease
    from builder.api.model import ApiSettings

CODE_SUFFIXES = (".py", ".pyi")
# A package's C and Cython files hold the docstrings of its compiled code (compiled_docstrings).
_FINGERPRINTED = (*CODE_SUFFIXES, ".c", ".pyx")
# Packages beside the code in a folder conf.py puts on sys.path for them, not what the API
# pages document (SQLAlchemy adds its root for examples/ and lib/ for the package itself).
_NOT_DOCUMENTED = frozenset({"tests", "test", "testing", "examples", "docs", "doc"})
# Modules at a project's top that its tools run, never what its API pages document: setuptools',
# pytest's, nox's, Sphinx's, invoke's, Fabric's, Django's, doit's, Paver's, a test runner.
_TOOL_SCRIPTS = frozenset(
    {"setup", "conftest", "noxfile", "versioneer", "conf", "tasks", "fabfile", "manage", "dodo"}
    | {"pavement", "runtests", "run_tests", "ez_setup", "distribute_setup"}
)
# A code tree larger than this is not fingerprinted file by file (a whole monorepo beside
# the docs): such a version needs an explicit source_dir.
MAX_CODE_FILES = 20_000


@dataclass(frozen=True)
class CodeTree:
    """Where a version's code is, and a hash of everything API pages read from it."""

    folder: Path
    packages: tuple[str, ...]
    fingerprint: str
    files: int
    mkdocs_config: Path | None = None  # an MkDocs project's config, read for its API settings
    # The other folders the mkdocstrings handler searches (its paths beside ``folder``): a
    # block may name a package or a module there (griffe's docs: scripts/make.py).
    more_folders: tuple[Path, ...] = ()
    # The packages setuptools' package_dir maps to a folder of another name in ``folder``
    # (psycopg2's lib/), each with that folder.
    renamed: tuple[tuple[str, Path], ...] = ()
    # The packages of the project's declared dependencies as installed where docbuild runs:
    # the code of names it re-exports (builder.api.installed_dependencies).
    installed: tuple[InstalledPackage, ...] = ()
    # The declared dependencies not installed there, for the warnings that name them.
    missing_dependencies: tuple[str, ...] = ()
    # Those installed in a release the project does not ask for, for the build report.
    other_releases: tuple[OtherRelease, ...] = ()
    # The project locks or pins an mkdocstrings before 0.23, which reads selection: and
    # rendering: as options (builder.api.mkdocstrings_release).
    mkdocstrings_older_keys: bool = False


def candidate_folders(
    docs: Path,
    source_dir: Path | None,
    code_root: Path | None,
    project_root: Path | None = None,
) -> tuple[Path, ...]:
    if source_dir is not None:
        return (source_dir,)
    folders = [docs / "src", docs.parent / "src", docs.parent]
    if code_root is not None:
        folders = [code_root / "src", code_root, *folders]
    # sphinx-quickstart's separate source folder puts conf.py in doc/source, two levels below
    # the package (tenacity): the project's root is where its code is then.
    if project_root is not None:
        # Spelled as the docs are (the report names the folder), when it is above them.
        root = next((up for up in docs.parents if up.resolve() == project_root), project_root)
        folders += [root / "src", root] if root not in folders else []
        # The folder above docs that are the project's top (a README read with path = ".")
        # is someone else's: a package in /tmp beside the project is not its code.
        inside = project_root.resolve()
        folders = [folder for folder in folders if resolves_inside(folder, inside)]
    return tuple(folders)


def find_code(
    docs: Path,
    source_dir: Path | None = None,
    code_root: Path | None = None,
    mkdocs_config: Path | None = None,
    project_root: Path | None = None,
) -> CodeTree | None:
    """The first candidate folder that holds a package, fingerprinted; None when none does."""
    searched = mkdocstrings_folders(mkdocs_config, docs, project_root) if project_root else ()
    # A source_dir that is the project's root (docbuild init's "." for pydantic) leaves its
    # workspace's members the project's too.
    at_root = project_root is not None and (
        source_dir is None or _resolves_to(source_dir, project_root)
    )
    members = workspace_folders(project_root) if project_root and at_root else ()
    found = _code_folder(docs, source_dir, code_root, project_root, searched, members)
    if found is None and project_root is not None and at_root and not members:
        # No package where a project's code usually is: a monorepo's distributions below
        # its root, undeclared, are its members (ipywidgets' python/ipywidgets).
        members = distribution_folders(project_root)
        found = _code_folder(docs, source_dir, code_root, project_root, searched, members)
    if found is None:
        return None
    folder, packages = found
    # A folder of the docs that conf.py puts on sys.path holds modules autodoc imports too
    # (numpydoc's doc/example.py, which its example.rst documents): searched after the code.
    # So are the workspace's other members: a page may document any of its packages. So are
    # conf.py's other folders in the project: SQLAlchemy's puts lib/ (the package) and the
    # project's root (its examples package, which orm/examples.rst documents) on sys.path.
    # A source_dir names the package's folder, not all autodoc imports from (docbuild init
    # writes one: sphinx-click's conf.py adds examples/, which its example pages document).
    others = conf_folders(docs, project_root) if project_root else ()
    more = tuple(
        dict.fromkeys(
            other
            for other in (*searched, *members, *docs_conf_folders(docs), *others)
            if other.is_dir() and other.resolve() != folder.resolve()
        )
    )
    renamed = renamed_folders(folder)
    fingerprinted = (*packages, *(path.relative_to(folder).as_posix() for _, path in renamed))
    from builder.api.mkdocstrings_release import reads_older_keys

    declared = _installed_dependencies(folder, packages, project_root)
    older_keys = mkdocs_config is not None and reads_older_keys(
        (mkdocs_config.parent, *([project_root] if project_root else []))
    )
    tree = _fingerprint(
        folder,
        tuple(dict.fromkeys(fingerprinted)),
        docs,
        mkdocs_config,
        more,
        declared,
        older_keys,
    )
    return replace(
        tree,
        packages=packages,
        renamed=renamed,
        missing_dependencies=declared.missing,
        other_releases=declared.other_releases,
    )


def renamed_folders(folder: Path) -> tuple[tuple[str, Path], ...]:
    """The packages ``folder``'s setuptools configuration maps to a folder of another name,
    with that folder, when it is a package inside ``folder``."""
    from builder.package_dirs import renamed_packages

    inside = folder.resolve()
    return tuple(
        (name, folder / relative)
        for name, relative in renamed_packages(folder)
        if resolves_inside(folder / relative, inside) and _is_package(folder / relative)
    )


def _documented_packages(folder: Path) -> tuple[str, ...]:
    """The packages in ``folder``, namespace packages (no ``__init__.py``) among them, but for
    those never documented."""
    return tuple(
        name
        for name in (*packages_in(folder), *namespace_packages_in(folder))
        if name not in _NOT_DOCUMENTED
    )


def _code_folder(
    docs: Path,
    source_dir: Path | None,
    code_root: Path | None,
    project_root: Path | None,
    searched: tuple[Path, ...],
    members: tuple[Path, ...] = (),
) -> tuple[Path, tuple[str, ...]] | None:
    """The folder the packages are in, and their names."""
    if source_dir is None and project_root is not None:
        for folder in conf_folders(docs, project_root):
            packages = tuple(name for name in packages_in(folder) if name not in _NOT_DOCUMENTED)
            if packages:
                return folder, packages
        for folder in searched:
            if packages := _documented_packages(folder):
                return folder, packages
    candidates = candidate_folders(docs, source_dir, code_root, project_root)
    for folder in candidates:
        packages = packages_in(folder)
        if packages and not set(packages) <= _NOT_DOCUMENTED:
            return folder, packages
    for folder in members:
        # A member's package may be a namespace's part (titiler's src/titiler/core holds
        # titiler/core/, titiler/ without __init__.py, as each of its members does).
        if packages := _documented_packages(folder):
            return folder, packages
    # When none does, a src/ of namespace packages (PyScaffold's layout of a package in a
    # namespace: src/pyscaffoldext/markdown/__init__.py, beside a tests package), then a
    # folder of tests alone.
    for folder in candidates:
        if folder == source_dir or folder.name == "src":
            packages = namespace_packages_in(folder)
            if packages:
                return folder, packages
    for folder in candidates:
        packages = packages_in(folder)
        if packages:
            return folder, packages
    # A distribution of one module has no package folder: tabulate.py, docopt.py and
    # retrying.py lie at the top of their release archives. Only the project's own folders
    # count (the folder above a project's docs is not its code, nor a docs or tests folder
    # inside it), and only when none holds a package.
    within = project_root or code_root
    for folder in candidates:
        if source_dir is None and (within is None or not resolves_inside(folder, within)):
            continue
        if source_dir is None and folder.name in _NOT_DOCUMENTED and folder != within:
            continue  # doc/ above doc/source: the scripts that build the docs
        modules = modules_in(folder)
        if modules:
            return folder, modules
    return None


def _resolves_to(folder: Path, other: Path) -> bool:
    """Whether ``folder`` and ``other`` are one folder once links are followed."""
    try:
        return folder.resolve() == other.resolve()
    except (OSError, RuntimeError, ValueError):
        return False


def namespace_packages_in(folder: Path) -> tuple[str, ...]:
    """The namespace packages directly in ``folder``: folders without ``__init__.py`` that hold
    a package (``src/mkdocstrings_handlers/python``), which griffe loads from a search path."""
    return tuple(
        child.name
        for child in _named_children(folder)
        if child.is_dir() and not _is_package(child) and packages_in(child)
    )


def packages_in(folder: Path) -> tuple[str, ...]:
    """The names of the packages (folders with ``__init__.py``) directly in ``folder``."""
    return tuple(child.name for child in _named_children(folder) if _is_package(child))


def _is_package(folder: Path) -> bool:
    """A folder with ``__init__.py``, or only ``__init__.pyi``: the stubs beside a compiled
    extension's sources (mmh3's ``src/mmh3/`` holds its C code and ``__init__.pyi``)."""
    return any((folder / f"__init__{suffix}").is_file() for suffix in CODE_SUFFIXES)


def modules_in(folder: Path) -> tuple[str, ...]:
    """The names of the modules (``.py`` and ``.pyi`` files) directly in ``folder``, less the
    scripts a project's top holds for its tools (``setup.py``, ``conftest.py``, ...)."""
    names = (
        child.name.rpartition(".")[0]
        for child in _named_files(folder)
        if child.suffix in CODE_SUFFIXES and child.is_file()
    )
    return tuple(dict.fromkeys(name for name in names if name not in _TOOL_SCRIPTS))


def _named_files(folder: Path) -> list[Path]:
    """The files of ``folder`` whose stems an import could spell, sorted."""
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [child for child in children if child.stem.isidentifier()]


def _named_children(folder: Path) -> list[Path]:
    """The entries of ``folder`` whose names an import could spell, sorted (none when it
    cannot be listed)."""
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [child for child in children if child.name.isidentifier()]


def _fingerprint(
    folder: Path,
    packages: tuple[str, ...],
    docs: Path,
    mkdocs_config: Path | None,
    more_folders: tuple[Path, ...] = (),
    declared: DeclaredCode | None = None,
    older_keys: bool = False,
) -> CodeTree:
    installed = declared.installed if declared is not None else ()
    digest = hashlib.sha256()
    count = 0
    for index, (base, paths) in enumerate(
        [(folder, _package_files(folder, packages))]
        + [(other, _searched_files(other, folder)) for other in more_folders]
    ):
        for path in paths:
            if count >= MAX_CODE_FILES:
                break
            data = read_regular(path) if _is_regular(path) else b"\0unreadable"
            relpath = path.relative_to(base).as_posix()
            name = relpath if index == 0 else f"{index}:{relpath}"  # the first folder's as before
            digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
            count += 1
    digest.update(b"conf.py\0" + read_regular(docs / "conf.py"))
    digest.update(b"\0pyproject\0" + (_conf_pyproject(docs) or "").encode())
    if mkdocs_config is not None:
        from builder.projects.mkdocs_config import inherit_chain

        for config, _ in inherit_chain(mkdocs_config, []):
            digest.update(b"\0mkdocs\0" + _config(config))
    for package in installed:
        digest.update(b"\0installed\0" + package.identity())
    if older_keys:  # the pages' selection: and rendering: are read (a lock file changes it)
        digest.update(b"\0mkdocstrings before 0.23\0")
    # What the build report says of them changes with the project's pins too.
    for other in declared.other_releases if declared is not None else ():
        digest.update(b"\0other release\0" + other.describe().encode())
    return CodeTree(
        folder,
        packages,
        digest.hexdigest(),
        count,
        mkdocs_config,
        more_folders,
        (),
        installed,
        mkdocstrings_older_keys=older_keys,
    )


def _installed_dependencies(
    folder: Path, packages: tuple[str, ...], project_root: Path | None
) -> DeclaredCode:
    """The installed packages (and the missing ones) of the dependencies the pyproject.toml
    beside the code (in its folder, the one above, or the project's root) declares."""
    from builder.api.installed_dependencies import DeclaredCode, installed_dependencies

    places = [folder, folder.parent, *([project_root] if project_root is not None else [])]
    within = project_root.resolve() if project_root is not None else folder.parent.resolve()
    for place in places:
        pyproject = place / "pyproject.toml"
        if pyproject.is_file() and resolves_inside(place, within):
            return installed_dependencies(pyproject, packages, within)
    return DeclaredCode()


def _package_files(folder: Path, packages: Iterable[str]) -> Iterator[Path]:
    """The ``.py``/``.pyi`` files of ``packages`` (or modules) in ``folder``, in a stable
    order."""
    for package in packages:
        for suffix in CODE_SUFFIXES:
            if (folder / f"{package}{suffix}").is_file():
                yield folder / f"{package}{suffix}"
        for root, dirs, names in os.walk(folder / package):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(names):
                if name.endswith(_FINGERPRINTED):
                    yield Path(root) / name


def _searched_files(folder: Path, code_folder: Path) -> Iterator[Path]:
    """What griffe can load from a search path: its modules and its packages' files (not
    the code folder's again, when it is one of them: ``src`` seen from the project's root)."""
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return
    yield from (child for child in children if child.suffix in CODE_SUFFIXES and child.is_file())
    packages = (*packages_in(folder), *namespace_packages_in(folder))
    yield from _package_files(
        folder,
        (
            package
            for package in packages
            if package not in _NOT_DOCUMENTED
            and (folder / package).resolve() != code_folder.resolve()
        ),
    )


def _conf_pyproject(docs: Path, conf: str | None = None) -> str | None:
    """The pyproject.toml the docs' conf.py reads settings from with sphinx-pyproject (at
    most two folders above it, where its path names it)."""
    from builder.sphinx_pyproject import pyproject_text

    if conf is None:
        conf = read_regular(docs / "conf.py").decode("utf-8", "replace")
    return pyproject_text(docs / "conf.py", conf, docs.parent.parent)


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def _config(path: Path) -> bytes:
    """An MkDocs config's bytes as the layout reads them: one past its limit at most, so a
    config too big for the layout is too big here too."""
    from builder.projects.config_file import config_bytes

    try:
        return config_bytes(path)
    except OSError:
        return b""


def open_source(
    tree: CodeTree, docs: Path, extracted: tuple[str, Path] | None = None
) -> GriffeSource:
    """The API source a version's parsers read; code is loaded on the first lookup.
    ``extracted``: as ``code_place`` takes it, for the warnings that name the code."""
    # Imported by the versions with code only: a build of HTML pages (or a rebuild of a few
    # pages) has no use for griffe's modules, whose import cost every build about 10 ms.
    from builder.api.code import GriffeSource
    from builder.api.options import read_conf_settings

    if tree.mkdocs_config is not None:
        settings = _mkdocs_settings(tree.mkdocs_config, tree.mkdocstrings_older_keys)
    else:
        conf = read_regular(docs / "conf.py").decode("utf-8", "replace")
        settings = read_conf_settings(conf, _conf_pyproject(docs, conf))
    described = code_place(tree.folder, extracted)
    return GriffeSource(
        tree.folder,
        settings,
        described,
        tree.more_folders,
        tree.renamed,
        tree.packages,
        tree.installed,
        tree.missing_dependencies,
    )


def _mkdocs_settings(config: Path, older_keys: bool) -> ApiSettings:
    """The API settings of an MkDocs config (``older_keys``: as an mkdocstrings before 0.23
    reads them); the defaults when it cannot be read (the project's layout reports that)."""
    from builder.api.options import read_mkdocs_settings
    from builder.projects.mkdocs_config import read_config

    # What cannot be read leaves the defaults; the project's layout has the note.
    return read_mkdocs_settings(read_config(config, []), older_keys)
