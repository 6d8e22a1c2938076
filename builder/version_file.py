"""Read a Python project's version from the file its build backend takes it from.

A pyproject.toml that lists ``version`` as dynamic names that file to the backend: hatch's
``[tool.hatch.version] path``, PDM's ``[tool.pdm.version] path``, setuptools'
``version = {attr = "package.__version__"}``, or for flit the package's own ``__init__.py``.
The file is read, never imported: the version is the string assigned to ``__version__`` (or
``VERSION``), as hatch's default pattern reads it, or the one joined from a tuple the file
assigns (gunicorn's ``__version__ = ".".join([str(v) for v in version_info])``), formatted of
numbers it assigns (Kivy's ``"%d.%d.%d" % (MAJOR, MINOR, MICRO)``) or made by Django's
``get_version(VERSION)`` of its release tuple, which setuptools finds by importing the module.
setuptools' ``version = {file = "VERSION"}`` names a file that holds the version alone, which it
reads whole, stripped. A checkout without a source archive's PKG-INFO has no other record of it.
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
    # An annotation is any type's name (Sphinx 9.1.0's ``__version__: Final = '9.1.0'``).
    r"""^(?:__version__|VERSION)[ \t]*(?::[ \t]*[\w.]+(?:\[[\w. ,]*\])?[ \t]*)?="""
    r"""[ \t]*(['"])v?([^'"\n]+)\1"""
    # The whole value: not a string whose method makes the version (``".".join(...)``, which
    # _JOINED reads, or ``"%d.%d" % ...``) nor one added to (``"1" + SUFFIX``).
    r"[ \t]*(?:#.*|\r)?$",
    re.MULTILINE,
)
# ``__version__ = ".".join(...)`` or ``= get_version(VERSION)``: the other forms the file is
# parsed for.
_COMPUTED = re.compile(
    r"^(?:__version__|VERSION)[ \t]*=[ \t]*"
    r"(?:(['\"])[^'\"\n]*\1[ \t]*(?:\.join\(|%)|(?:[A-Za-z_][\w.]*\.)?get_version\()",
    re.M,
)
# A version's format: numbers and texts put in with %d, %i or %s, nothing wider.
_VERSION_FORMAT = re.compile(r"(?:[^%]|%[dis])*")
# Django's release levels (VERSION = (5, 2, 0, "final", 0)) and the PEP 440 suffix of each.
_RELEASE_LEVELS = {"alpha": "a", "beta": "b", "rc": "rc", "final": ""}
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


def string_in_module(root: Path, module: str, name: str) -> str:
    """The string the project's module ``module`` (dotted, in ``root`` or its src/) assigns to
    ``name`` at its top level, read, never imported; "" when it assigns none so."""
    relative = Path(*module.split("."))
    for folder in (root, root / "src"):
        for path in (folder / relative.with_suffix(".py"), folder / relative / "__init__.py"):
            if not _inside(path, root):
                continue
            assigned = _top_level_strings(_read_text(path))
            if name in assigned:
                return assigned[name].strip()
    return ""


def string_in_file(root: Path, path: str, name: str) -> str:
    """The string the project's file at ``path`` assigns to ``name`` at its top level, read,
    never run; "" when it assigns none so or the path leads out of the project."""
    return _top_level_strings(read_project_text(root, path)).get(name, "").strip()


def _top_level_strings(text: str) -> dict[str, str]:
    """The names ``text`` (a module) binds to a string at its top level, annotated or not."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    strings: dict[str, str] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        else:
            continue
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            strings.update((t.id, value.value) for t in targets if isinstance(t, ast.Name))
    return strings


# Files at a project's top that hold its version alone (LightGBM's VERSION.txt, esbuild's
# version.txt).
TOP_VERSION_FILES = ("VERSION", "VERSION.txt", "version.txt")


def top_version_file(root: Path) -> tuple[str, str]:
    """The first of ``TOP_VERSION_FILES`` in ``root`` that holds a version alone, and that
    version; ("", "") when none does."""
    for name in TOP_VERSION_FILES:
        version = _whole_file_version(root / name)
        if version:
            return name, version
    return "", ""


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
    assigns. A project of one module (bottle's ``bottle.py``) gives the version it assigns.
    Only files inside the project ``root`` (``folder`` when not given) are read, once links
    are followed."""
    root = folder if root is None else root
    import_name = name.replace("-", "_").lower()
    package = folder / import_name
    init = package / "__init__.py"
    if not _inside(init, root):
        return ""
    version = _assigned_in(init)
    if version:
        return version
    if not init.is_file():  # a module of one file (bottle.py)
        module = folder / f"{import_name}.py"
        return _assigned_in(module) if _inside(module, root) else ""
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
    return _computed_version(text) if _COMPUTED.search(text) else ""


def _computed_version(text: str) -> str:
    """The version ``__version__`` (or ``VERSION``) joins from a tuple of numbers and strings
    assigned in the same module (``version_info = (26, 1, 0)``), each part made a string with
    ``map(str, name)``, ``str(v) for v in name`` or ``[str(v) for v in name]``, formats of
    numbers it assigns (``"%d.%d.%d" % (MAJOR, MINOR, MICRO)``), or makes of Django's release
    tuple with ``get_version(VERSION)`` (Django, Wagtail); or ""."""
    try:
        module = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    tuples: dict[str, tuple[object, ...]] = {}
    constants: dict[str, object] = {}
    for node in module.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0]
        if not isinstance(target, ast.Name):
            continue
        if isinstance(node.value, ast.Constant):
            constants[target.id] = node.value.value
            continue
        constants.pop(target.id, None)  # bound to something else from here on
        if target.id == "__version__" and isinstance(node.value, ast.BinOp):
            return _formatted_version(node.value, constants, tuples)
        elif isinstance(node.value, ast.Tuple):
            try:
                tuples[target.id] = ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                continue
        elif target.id == "__version__" and (name := _released_name(node.value)):
            return _release_version(tuples.get(name, ()))
        elif target.id in ("__version__", "VERSION") and (joined := _joined_name(node.value)):
            separator, name = joined
            parts = tuples.get(name, ())
            if parts and all(isinstance(p, (int, str)) and not isinstance(p, bool) for p in parts):
                version = separator.join(str(p) for p in parts)
                return version if is_version(version) else ""
    return ""


def _formatted_version(
    value: ast.BinOp, constants: dict[str, object], tuples: dict[str, tuple[object, ...]]
) -> str:
    """The version ``"%d.%d.%d" % (MAJOR, MINOR, MICRO)`` makes of numbers the module assigns
    before it (Kivy's ``kivy/_version.py``), or of a tuple it assigns; "" for anything else."""
    form = value.left.value if isinstance(value.left, ast.Constant) else None
    if not isinstance(value.op, ast.Mod) or not isinstance(form, str):
        return ""
    if not _VERSION_FORMAT.fullmatch(form):
        return ""
    right = value.right
    if isinstance(right, ast.Name) and right.id in tuples:
        parts: list[object] = list(tuples[right.id])
    elif isinstance(right, ast.Tuple):
        parts = []
        for item in right.elts:
            if isinstance(item, ast.Constant):
                parts.append(item.value)
            elif isinstance(item, ast.Name) and item.id in constants:
                parts.append(constants[item.id])
            else:
                return ""
    else:
        return ""
    if not all(type(p) in (int, str) for p in parts):
        return ""
    try:
        version = form % tuple(parts)
    except (TypeError, ValueError):
        return ""
    return version if is_version(version) else ""


def _released_name(value: ast.expr) -> str:
    """The name of the tuple ``get_version(name)`` is called with, or ""."""
    if not isinstance(value, ast.Call) or len(value.args) != 1 or value.keywords:
        return ""
    func = value.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    argument = value.args[0]
    return argument.id if called == "get_version" and isinstance(argument, ast.Name) else ""


def _release_version(parts: tuple[object, ...]) -> str:
    """The version Django's ``get_version`` makes of ``(major, minor, micro, level, serial)``:
    ``5.2`` for ``(5, 2, 0, "final", 0)``, ``7.4.3`` for ``(7, 4, 3, "final", 1)``,
    ``6.0rc1`` for ``(6, 0, 0, "rc", 1)``; "" for anything else, a development release
    (``"alpha", 0``, whose version it reads from git) among them."""
    if len(parts) != 5 or not all(type(p) is int for p in (*parts[:3], parts[4])):
        return ""
    level, serial = parts[3], parts[4]
    if (
        not isinstance(level, str)
        or level not in _RELEASE_LEVELS
        or (level, serial) == ("alpha", 0)
    ):
        return ""
    numbers = parts[:2] if parts[2] == 0 else parts[:3]
    version = ".".join(map(str, numbers)) + (
        f"{_RELEASE_LEVELS[level]}{serial}" if level != "final" else ""
    )
    return version if is_version(version) else ""


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
