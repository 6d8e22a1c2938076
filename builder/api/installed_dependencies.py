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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from packaging.markers import Marker

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


@dataclass(frozen=True)
class Declared:
    """A dependency as the project declares it: its normalised distribution name, and the
    releases it asks for as a PEP 440 specifier ("" for any, or one not understood)."""

    distribution: str
    wanted: str = ""


@dataclass(frozen=True)
class OtherRelease:
    """A declared dependency installed where docbuild runs in a release the project does not
    ask for (an old tag built beside today's Starlette): what its API pages read from it may
    differ from what the release they were written for has."""

    distribution: str
    installed: str
    wanted: str

    def describe(self) -> str:
        return f"{self.distribution} {self.installed} (pyproject.toml asks for {self.wanted})"


def declared_dependencies(pyproject: Path) -> tuple[str, ...]:
    """The distribution names ``pyproject`` declares (``declared_requirements``)."""
    return tuple(declared.distribution for declared in declared_requirements(pyproject))


def declared_requirements(pyproject: Path) -> tuple[Declared, ...]:
    """What ``pyproject`` declares as the project's dependencies (PEP 621's ``[project]
    dependencies``, Poetry's ``[tool.poetry.dependencies]``), then what its docs build installs
    (PEP 735's ``[dependency-groups] docs``, a ``docs`` extra, Poetry's ``docs`` group), each
    distribution once. A requirement whose environment marker does not hold where docbuild runs
    (``tomli; python_version < "3.11"``) is left out, as installing the project here leaves it
    out. None when the file is missing or cannot be read (the project's metadata reports that)."""
    try:
        document = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ()
    project = _table(document, "project")
    found = _requirements(project.get("dependencies"))
    poetry = _table(_table(document, "tool"), "poetry")
    found += _poetry_requirements(poetry.get("dependencies"))
    # The packages the docs document beside the project's own, which mkdocstrings and autodoc
    # read where the docs are built: pydantic's ::: pydantic_settings and ::: pydantic_extra_types.
    groups = _table(document, "dependency-groups")
    extras = _table(project, "optional-dependencies")
    poetry_groups = _table(poetry, "group")
    for group in _DOCS_GROUPS:
        found += _requirements(groups.get(group)) + _requirements(extras.get(group))
        found += _poetry_requirements(_table(poetry_groups, group).get("dependencies"))
    first: dict[str, Declared] = {}
    for declared in found:
        first.setdefault(declared.distribution, declared)
    return tuple(first.values())[:MAX_DEPENDENCIES]


def _table(document: dict[str, object], key: str) -> dict[str, object]:
    """The TOML table at ``key``; empty when it is missing or not a table."""
    table = document.get(key)
    return table if isinstance(table, dict) else {}


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirements(listed: object) -> list[Declared]:
    """The requirements of a list of PEP 508 strings (other entries, such as PEP 735's
    ``{include-group = ...}``, left out)."""
    if not isinstance(listed, list):
        return []
    found = (_requirement(item) for item in listed if isinstance(item, str))
    return [declared for declared in found if declared is not None]


def _requirement(text: str) -> Declared | None:
    """One PEP 508 requirement; None when its marker does not hold here or it names nothing.
    One packaging cannot parse keeps the name it starts with, asking for any release."""
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        requirement = Requirement(text)
    except InvalidRequirement:
        match = _REQUIREMENT_NAME.match(text)
        return Declared(_normalised(match.group(1))) if match else None
    if requirement.marker is not None and not _marker_holds(requirement.marker):
        return None
    return Declared(_normalised(requirement.name), str(requirement.specifier))


def _marker_holds(marker: Marker) -> bool:
    """Whether an environment marker holds where docbuild runs; one it cannot evaluate
    (``python_version ~= "3"``: "~=" needs two parts, and packaging raises) is taken to hold,
    as what is not read is: it stopped the whole build with a traceback."""
    from packaging.markers import UndefinedComparison, UndefinedEnvironmentName
    from packaging.version import InvalidVersion

    try:
        return marker.evaluate({"extra": ""})
    # InvalidVersion: a packaging release without the fix of its issue 774 raises it for
    # platform_release >= "6" where the kernel's release is no version ("6.8.0-1016-azure").
    except (UndefinedComparison, UndefinedEnvironmentName, InvalidVersion):
        return True


def _poetry_requirements(listed: object) -> list[Declared]:
    """The dependencies of a Poetry table (not its ``python``), each with its constraint as a
    PEP 440 specifier when it reads as one (``^1.2``, ``~1.2``, ``1.2.*``, ``>=1,<2``)."""
    if not isinstance(listed, dict):
        return []
    found = []
    for name, value in listed.items():
        if not isinstance(name, str) or name.lower() == "python":
            continue
        if isinstance(value, dict) and not _holds_here(value):
            continue  # tomli = {version = "^2", python = "<3.11"}: not installed here
        constraint = value.get("version") if isinstance(value, dict) else value
        wanted = poetry_specifier(constraint) if isinstance(constraint, str) else ""
        found.append(Declared(_normalised(name), wanted))
    return found


def _holds_here(dependency: dict[str, object]) -> bool:
    """Whether a Poetry dependency's ``python`` constraint and ``markers`` hold where docbuild
    runs (what they do not read is taken to hold)."""
    import platform

    from packaging.markers import InvalidMarker, Marker
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    python, markers = dependency.get("python"), dependency.get("markers")
    pythons = poetry_specifier(python) if isinstance(python, str) else ""
    # A Python built from a checkout says "3.13.0+", no PEP 440 version, which no specifier
    # contains; a release candidate ("3.14.0rc1") is one, as a marker's comparison takes it.
    here = platform.python_version().removesuffix("+")
    try:
        if pythons and not SpecifierSet(pythons).contains(here, prereleases=True):
            return False
        return not isinstance(markers, str) or _marker_holds(Marker(markers))
    except (InvalidSpecifier, InvalidMarker):
        return True


# One part of a Poetry constraint: an operator (^, ~ or PEP 440's) and a version.
_POETRY_PART = re.compile(r"(\^|~=|~|==|!=|>=|<=|>|<|=)?([0-9][0-9A-Za-z.*+-]*)")


def poetry_specifier(constraint: str) -> str:
    """Poetry's ``constraint`` as a PEP 440 specifier: ``^1.2.3`` is ``>=1.2.3,<2.0.0`` (the
    first number that is not zero may not rise), ``~1.2`` is ``>=1.2,<1.3``, a bare version is
    that release; "" for any release (``*``) and for what it cannot read (``||``)."""
    if "||" in constraint:
        return ""
    # Parts are split at commas and spaces, once an operator is joined to its version.
    joined = re.sub(r"([<>=!~^])\s+", r"\1", constraint)
    specifiers = []
    for part in re.split(r"[,\s]+", joined.strip()):
        if part in ("", "*"):
            continue
        match = _POETRY_PART.fullmatch(part)
        if match is None:
            return ""
        operator, version = match.group(1) or "==", match.group(2)
        if operator not in ("^", "~"):
            specifiers.append(f"{'==' if operator == '=' else operator}{version}")
            continue
        numbers = [int(number) for number in re.findall(r"\d+", version)[:3]]
        if "*" in version or not re.fullmatch(r"[0-9.]+", version):
            return ""
        if operator == "^":
            rising = next((i for i, number in enumerate(numbers) if number), len(numbers) - 1)
        else:
            rising = min(1, len(numbers) - 1)
        upper = [*numbers[:rising], numbers[rising] + 1]
        upper += [0] * (len(numbers) - len(upper))
        specifiers += [f">={version}", "<" + ".".join(map(str, upper))]
    return ",".join(specifiers)


@dataclass(frozen=True)
class DeclaredCode:
    """What a project's declared dependencies give its API pages: the packages installed where
    docbuild runs, the distributions not installed there (named in its warnings), and those
    installed in a release the project does not ask for (named in the build report)."""

    installed: tuple[InstalledPackage, ...] = ()
    missing: tuple[str, ...] = ()
    other_releases: tuple[OtherRelease, ...] = ()


def installed_dependencies(
    pyproject: Path, own_packages: tuple[str, ...], project: Path
) -> DeclaredCode:
    """The top-level packages of ``pyproject``'s declared dependencies that are installed where
    docbuild runs, outside ``project`` and not named like one of ``own_packages``; the
    declared distributions with no package installed; and those read in a release other than
    the ones the project asks for."""
    found: dict[str, InstalledPackage] = {}
    missing: list[str] = []
    other_releases: list[OtherRelease] = []
    inside = project.resolve()
    for declared in declared_requirements(pyproject):
        names = _import_names(declared.distribution)
        if not names:
            missing.append(declared.distribution)
        read = False
        for name in names:
            if name in own_packages or name in found:
                continue
            package = _installed(name)
            if package is not None and not package.marker.resolve().is_relative_to(inside):
                found[name] = package
                read = True
        other = _other_release(declared) if read else None
        if other is not None:
            other_releases.append(other)
    return DeclaredCode(tuple(found.values()), tuple(missing), tuple(other_releases))


def _other_release(declared: Declared) -> OtherRelease | None:
    """The installed release of ``declared`` when it is not one the project asks for; None
    when it is, or when the installed metadata or the specifier cannot say."""
    if not declared.wanted:
        return None
    import importlib.metadata

    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    try:
        installed = importlib.metadata.version(declared.distribution)
        if SpecifierSet(declared.wanted).contains(Version(installed), prereleases=True):
            return None
    # TypeError: metadata without a Version, which some broken installs leave.
    except (importlib.metadata.PackageNotFoundError, InvalidSpecifier, InvalidVersion, TypeError):
        return None
    return OtherRelease(declared.distribution, installed, declared.wanted)


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
