"""The packages a project declares it depends on, as installed where docbuild runs: the code
of the names its API pages document but another package defines.

FastAPI's reference pages document ``::: fastapi.Request``, and ``fastapi/__init__.py`` has
``from starlette.requests import Request as Request``: the class, its docstring and its
members are Starlette's. mkdocstrings (griffe) and autodoc follow the import into the installed
package; reading the project's folder alone, 21 of FastAPI 0.141.1's reference entries were
"not found in the code" and showed a bare name. Only the packages the project's pyproject.toml
lists in ``[project] dependencies`` (or Poetry's) are read so, each from its own folder where
docbuild runs (never the rest of that folder), so what a build reads stays what the project
says it is made of; and each one's file is in the code's fingerprint (its path, size and time),
so the build cache follows an upgrade. The packages of the docs' own dependency group (PEP 735's
``[dependency-groups] docs``, Poetry's ``docs`` group) are read so too: what the docs build
installs, which its pages may document directly (pydantic's ``::: pydantic_settings``).
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

# A requirement's distribution name (PEP 508): what comes before its extras, version or marker.
_REQUIREMENT_NAME = re.compile(r"\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)")
# A project declares a handful; this many at most are looked up where docbuild runs.
MAX_DEPENDENCIES = 100
# The dependency groups that hold what a project's docs build installs.
_DOCS_GROUPS = ("docs", "doc", "documentation")


@dataclass(frozen=True)
class InstalledPackage:
    """A declared dependency's top-level package or module as installed: its import name, the
    folder on ``sys.path`` it is in, and the file that identifies the installed release."""

    name: str
    folder: Path
    marker: Path

    @property
    def code(self) -> Path:
        """The package's folder (or the module's file) inside ``folder``."""
        return self.marker.parent if self.marker.name == "__init__.py" else self.marker

    def identity(self) -> bytes:
        """What the build cache's fingerprint covers: where it is, its size and time."""
        try:
            status = self.marker.stat()
        except OSError:
            return f"{self.name}\0{self.marker}\0gone".encode()
        return f"{self.name}\0{self.marker}\0{status.st_size}\0{status.st_mtime_ns}".encode()


def declared_dependencies(pyproject: Path) -> tuple[str, ...]:
    """The distribution names ``pyproject`` declares as the project's dependencies (PEP 621's
    ``[project] dependencies``, Poetry's ``[tool.poetry.dependencies]``), then those its docs
    build installs (PEP 735's ``[dependency-groups] docs``, Poetry's ``docs`` group), normalised;
    none when it is missing or cannot be read (the project's metadata reports that)."""
    try:
        document = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ()
    project = document.get("project")
    names = _requirement_names(project.get("dependencies") if isinstance(project, dict) else None)
    tool = document.get("tool")
    poetry = tool.get("poetry") if isinstance(tool, dict) else None
    poetry = poetry if isinstance(poetry, dict) else {}
    names += _poetry_names(poetry.get("dependencies"))
    # The packages the docs document beside the project's own, which mkdocstrings and autodoc
    # read where the docs are built: pydantic's ::: pydantic_settings and ::: pydantic_extra_types.
    groups = document.get("dependency-groups")
    groups = groups if isinstance(groups, dict) else {}
    poetry_groups = poetry.get("group")
    poetry_groups = poetry_groups if isinstance(poetry_groups, dict) else {}
    for group in _DOCS_GROUPS:
        names += _requirement_names(groups.get(group))
        poetry_group = poetry_groups.get(group)
        if isinstance(poetry_group, dict):
            names += _poetry_names(poetry_group.get("dependencies"))
    normalised = (re.sub(r"[-_.]+", "-", name).lower() for name in names)
    return tuple(dict.fromkeys(normalised))[:MAX_DEPENDENCIES]


def _requirement_names(listed: object) -> list[str]:
    """The distribution names of a list of PEP 508 requirements (other entries, such as PEP
    735's ``{include-group = ...}``, left out)."""
    if not isinstance(listed, list):
        return []
    requirements = (item for item in listed if isinstance(item, str))
    return [match.group(1) for match in map(_REQUIREMENT_NAME.match, requirements) if match]


def _poetry_names(listed: object) -> list[str]:
    """The distribution names of a Poetry dependencies table (not its ``python``)."""
    if not isinstance(listed, dict):
        return []
    return [name for name in listed if isinstance(name, str) and name.lower() != "python"]


@dataclass(frozen=True)
class DeclaredCode:
    """What a project's declared dependencies give its API pages: the packages installed where
    docbuild runs, and the distributions not installed there (named in its warnings)."""

    installed: tuple[InstalledPackage, ...] = ()
    missing: tuple[str, ...] = ()


def installed_dependencies(
    pyproject: Path, own_packages: tuple[str, ...], project: Path
) -> DeclaredCode:
    """The top-level packages of ``pyproject``'s declared dependencies that are installed where
    docbuild runs, outside ``project`` and not named like one of ``own_packages``; and the
    declared distributions with no package installed."""
    found: dict[str, InstalledPackage] = {}
    missing: list[str] = []
    inside = project.resolve()
    for distribution in declared_dependencies(pyproject):
        names = _import_names(distribution)
        if not names:
            missing.append(distribution)
        for name in names:
            if name in own_packages or name in found:
                continue
            package = _installed(name)
            if package is not None and not package.marker.resolve().is_relative_to(inside):
                found[name] = package
    return DeclaredCode(tuple(found.values()), tuple(missing))


def _import_names(distribution: str) -> tuple[str, ...]:
    """The names a distribution is imported by: its own name with ``_`` for ``-`` (starlette,
    typing_extensions), else those its installed metadata lists (``top_level.txt``), else the
    top-level modules of the files it installed (flit, hatchling and maturin write no
    ``top_level.txt``: markdown-it-py is markdown_it)."""
    name = distribution.replace("-", "_")
    if name.isidentifier() and _installed(name) is not None:
        return (name,)
    import importlib.metadata  # only for a distribution named unlike its package (PyYAML)

    try:
        found = importlib.metadata.distribution(distribution)
        listed = found.read_text("top_level.txt")
        files = found.files if listed is None else None
    except (importlib.metadata.PackageNotFoundError, OSError):
        return ()
    if files is not None:
        return _top_level_modules(file.parts for file in files)
    return tuple(
        line.strip() for line in (listed or "").splitlines() if line.strip().isidentifier()
    )


def _top_level_modules(paths: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    """The packages and modules at the top of installed files' relative paths (a wheel's
    RECORD), leaving out its metadata, scripts and editable installs' finders."""
    names = []
    for parts in paths:
        top = parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")
        if top.isidentifier() and not top.startswith("__editable__"):
            names.append(top)
    return tuple(sorted(set(names)))


def _installed(name: str) -> InstalledPackage | None:
    """Where the package or module ``name`` is installed, when it is Python source."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or not spec.has_location:
        return None  # built in, or a namespace package (no one file says which release)
    marker = Path(spec.origin)
    if marker.suffix not in (".py", ".pyi"):
        return None  # a compiled module: griffe reads source only
    folder = marker.parent.parent if marker.name == "__init__.py" else marker.parent
    return InstalledPackage(name, folder, marker)
