"""Read a Python project's version from the file its build backend takes it from.

A pyproject.toml that lists ``version`` as dynamic names that file to the backend: hatch's
``[tool.hatch.version] path``, PDM's ``[tool.pdm.version] path``, setuptools'
``version = {attr = "package.__version__"}``, or for flit the package's own ``__init__.py``.
The file is read, never imported: the version is the string assigned to ``__version__`` (or
``VERSION``), as hatch's default pattern reads it, or the one joined from a tuple the file assigns
(gunicorn's ``__version__ = ".".join([str(v) for v in version_info])``), which setuptools finds by
importing the module. setuptools' ``version = {file = "VERSION"}``
names a file that holds the version alone, which it reads whole, stripped. A checkout without
a source archive's PKG-INFO has no other record of it.
"""

from __future__ import annotations

import ast
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from schemas.versions import is_version

_ASSIGNED = re.compile(
    r"""^(?:__version__|VERSION)[ \t]*(?::[ \t]*str[ \t]*)?=[ \t]*(['"])v?([^'"\n]+)\1"""
    # The whole value: not a string whose method makes the version (``".".join(...)``, which
    # _JOINED reads) nor one added to (``"1" + SUFFIX``).
    r"[ \t]*(?:#.*|\r)?$",
    re.MULTILINE,
)
# ``__version__ = ".".join(...)``: the one other form the file is parsed for.
_JOINED = re.compile(r"^(?:__version__|VERSION)[ \t]*=[ \t]*(['\"])[^'\"\n]*\1\.join\(", re.M)
# ``from .__version__ import __version__`` (or ``from pkg.__version__ import ...``), alone or
# among other names: the module of the package that assigns it, and how the import names the
# package ("." or "pkg."). Each name before it (``name`` or ``name as other``) starts with a
# letter, so the spaces around a comma are read one way only: ``[\w \t]+,[ \t]*`` read them
# both ways, 2**n tries on a line importing n names and not __version__ (30 names, minutes).
_IMPORTED_VERSION = re.compile(
    r"^from[ \t]+(\.|[A-Za-z_]\w*\.)([A-Za-z_]\w*)[ \t]+import[ \t]+\(?[ \t]*"
    r"(?:\w+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*__version__\b",
    re.MULTILINE,
)
# A version file is a few lines; a bigger one is not read whole.
MAX_VERSION_FILE_BYTES = 256 * 1024


def version_from_file(root: Path, pyproject: Mapping[str, Any]) -> str:
    """The version the build backend of ``pyproject`` (read from ``root``) would find, or ""."""
    for path in _candidate_files(pyproject):
        if _inside(root / path, root) and (version := _assigned_in(root / path)):
            return version
    path = _setuptools_version_file(pyproject)
    if path and _inside(root / path, root):
        return _whole_file_version(root / path)
    return ""


def _setuptools_version_file(pyproject: Mapping[str, Any]) -> str:
    """The file setuptools' ``version = {file = ...}`` reads the version from (the first of a
    list, which setuptools joins with the others), or ""; only a path inside the project."""
    setuptools = _table(_table(pyproject, "tool"), "setuptools")
    named = _table(_table(setuptools, "dynamic"), "version").get("file")
    path = named[0] if isinstance(named, list) and named else named
    if not isinstance(path, str) or ".." in path or Path(path).is_absolute():
        return ""
    return path.strip()


def _whole_file_version(path: Path) -> str:
    """The version a file holding it alone gives (dynaconf's ``dynaconf/VERSION``), stripped
    as setuptools reads it; "" when the file holds more than one line or no version."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return ""
        with path.open("rb") as file:
            text = file.read(MAX_VERSION_FILE_BYTES).decode("utf-8", "replace").strip()
    except OSError:
        return ""
    return text if text and "\n" not in text and is_version(text) else ""


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path`` is in ``root`` once its links are followed: a checkout's package
    folder linked elsewhere (``src -> /``) must not give the catalog another project's
    version."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def version_in_package(folder: Path, name: str, root: Path | None = None) -> str:
    """The version the package ``name`` in ``folder`` assigns in its ``__init__.py``, or "":
    where a setup.py reads it from (dramatiq), which is run, never read, so the pyproject.toml
    beside it names none. An ``__init__.py`` that imports it from a module of the package
    (respx's ``from .__version__ import __version__``, sanic's ``from sanic.__version__
    import __version__``, the file each setup.py reads) gives the version that module
    assigns. Only files inside the project ``root`` (``folder`` when not given) are read,
    once links are followed."""
    root = folder if root is None else root
    import_name = name.replace("-", "_").lower()
    package = folder / import_name
    init = package / "__init__.py"
    if not _inside(init, root):
        return ""
    version = _assigned_in(init)
    if version:
        return version
    for imported in _IMPORTED_VERSION.finditer(_read_text(init)):
        if imported.group(1) in (".", f"{import_name}."):
            module = package / f"{imported.group(2)}.py"
            return _assigned_in(module) if _inside(module, root) else ""
    return ""


def _assigned_in(path: Path) -> str:
    text = _read_text(path)
    match = _ASSIGNED.search(text)
    if match:
        return match.group(2).strip()
    return _joined_version(text) if _JOINED.search(text) else ""


def _joined_version(text: str) -> str:
    """The version ``__version__`` (or ``VERSION``) joins from a tuple of numbers and strings
    assigned in the same module (``version_info = (26, 1, 0)``), each part made a string with
    ``map(str, name)``, ``str(v) for v in name`` or ``[str(v) for v in name]``; or ""."""
    try:
        module = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    tuples: dict[str, tuple[object, ...]] = {}
    for node in module.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0]
        if not isinstance(target, ast.Name):
            continue
        if isinstance(node.value, ast.Tuple):
            try:
                tuples[target.id] = ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                continue
        elif target.id in ("__version__", "VERSION") and (joined := _joined_name(node.value)):
            separator, name = joined
            parts = tuples.get(name, ())
            if parts and all(isinstance(p, (int, str)) and not isinstance(p, bool) for p in parts):
                version = separator.join(str(p) for p in parts)
                return version if is_version(version) else ""
    return ""


def _joined_name(value: ast.expr) -> tuple[str, str] | None:
    """The separator ``value`` joins with and the name of the tuple it joins, or None."""
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "join"
        and isinstance(value.func.value, ast.Constant)
        and isinstance(value.func.value.value, str)
        and len(value.args) == 1
        and not value.keywords
    ):
        return None
    separator, parts = value.func.value.value, value.args[0]
    if (
        isinstance(parts, ast.Call)
        and isinstance(parts.func, ast.Name)
        and parts.func.id == "map"
        and len(parts.args) == 2
        and isinstance(parts.args[0], ast.Name)
        and parts.args[0].id == "str"
        and isinstance(parts.args[1], ast.Name)
    ):
        return separator, parts.args[1].id
    if isinstance(parts, (ast.GeneratorExp, ast.ListComp)) and len(parts.generators) == 1:
        loop = parts.generators[0]
        element = parts.elt
        if (
            isinstance(loop.target, ast.Name)
            and isinstance(loop.iter, ast.Name)
            and not loop.ifs
            and isinstance(element, ast.Call)
            and isinstance(element.func, ast.Name)
            and element.func.id == "str"
            and len(element.args) == 1
            and isinstance(element.args[0], ast.Name)
            and element.args[0].id == loop.target.id
        ):
            return separator, loop.iter.id
    return None


def read_project_text(root: Path, path: str) -> str:
    """The start of the regular file at ``path`` in the project ``root``, or "" when there is
    none there or the path leads out of the project."""
    if not path or ".." in Path(path).parts or Path(path).is_absolute():
        return ""
    return _read_text(root / path) if _inside(root / path, root) else ""


def _read_text(path: Path) -> str:
    """The start of the regular file ``path``, or "" when it is none."""
    try:
        # A regular file only: a named pipe called __init__.py never ends, and reading it hung.
        if not stat.S_ISREG(path.stat().st_mode):
            return ""
        with path.open("rb") as file:
            return file.read(MAX_VERSION_FILE_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


def _candidate_files(pyproject: Mapping[str, Any]) -> list[str]:
    tool = _table(pyproject, "tool")
    files = [
        _table(_table(tool, "hatch"), "version").get("path"),
        _table(_table(tool, "pdm"), "version").get("path"),
    ]
    setuptools = _table(tool, "setuptools")
    attr = _table(_table(setuptools, "dynamic"), "version").get("attr")
    if isinstance(attr, str) and "." in attr:
        module = attr.rpartition(".")[0].replace(".", "/")
        for root in _package_roots(setuptools):
            files.extend([f"{root}{module}/__init__.py", f"{root}{module}.py"])
    if "flit" in str(_table(pyproject, "build-system").get("build-backend", "")):
        name = str(_table(_table(tool, "flit"), "module").get("name") or "")
        name = name or str(_table(pyproject, "project").get("name", "")).replace("-", "_")
        files.extend([f"{name}/__init__.py", f"src/{name}/__init__.py", f"{name}.py"])
    # Only files inside the project: a path from the file never leads out of it.
    return [
        path
        for path in files
        if isinstance(path, str) and path and ".." not in path and not Path(path).is_absolute()
    ]


def _package_roots(setuptools: Mapping[str, Any]) -> list[str]:
    """The folders setuptools finds packages in, each "" or ending in "/": its ``package-dir``
    root (python-dotenv 1.2.2's ``{"" = "src"}`` holds ``dotenv/version.py``), its
    ``packages.find`` ``where`` folders, then the project and ``src/``."""
    named = [_table(setuptools, "package-dir").get("")]
    where = _table(_table(setuptools, "packages"), "find").get("where")
    named.extend(where if isinstance(where, list) else [])
    roots = [f"{r.strip('/')}/" for r in named if isinstance(r, str) and r.strip("/ .")]
    return list(dict.fromkeys([*roots, "", "src/"]))


def _table(table: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = table.get(key)
    return value if isinstance(value, dict) else {}
