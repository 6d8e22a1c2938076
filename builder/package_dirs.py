"""The folders a Python project's setuptools configuration puts its packages in, read without
running it: ``package_dir = {"": "lib"}`` and ``packages.find``'s ``where``, from
pyproject.toml (``[tool.setuptools]``), setup.cfg (``[options]``) or setup.py (the literal
keywords of its ``setup(...)`` call, and ``find_packages("lib")``); and those maturin and
scikit-build-core take them from.

``docbuild init`` looks for the package beside the docs, in ``src/`` and in the project
folder; a project that keeps it elsewhere says where here (PyLD 3.2.0's ``lib/pyld``, whose
mkdocstrings pages then named objects 'not found in the code').

A package mapped to a folder of another name (psycopg2 2.9's ``package_dir={'psycopg2':
'lib'}``) is read from that folder under its own name: ``renamed_packages``.
"""

from __future__ import annotations

import ast
import configparser
import posixpath
import tomllib
from pathlib import Path
from typing import Any

from builder.toml_errors import UNREADABLE_TOML

# Where scikit-build-core looks for a project's package when its config names none (after
# src/, which is looked in anyway).
_SCIKIT_BUILD_FOLDER = "python"
# setup.py and setup.cfg are a few kilobytes; a larger file is not read.
MAX_CONFIG_BYTES = 1_000_000


def declared_package_dirs(root: Path) -> tuple[str, ...]:
    """The folders (relative, inside ``root``) the project's configuration names for its
    packages, in the order found; none when it names none."""
    found = [*_pyproject_dirs(root), *_setup_cfg_dirs(root), *_setup_py_dirs(root)]
    kept = [folder for given in found if (folder := _inside(given)) is not None]
    return tuple(dict.fromkeys(kept))


def renamed_packages(root: Path) -> tuple[tuple[str, str], ...]:
    """The top-level packages the configuration maps to a folder of another name, as
    (package, relative folder inside ``root``) pairs, the first mapping of a name kept."""
    found: dict[str, str] = {}
    for mapping in _package_dir_maps(root):
        for name, given in mapping.items():
            if not isinstance(name, str) or not name.isidentifier() or not isinstance(given, str):
                continue  # the root package (""), a subpackage ("a.b") or no literal folder
            folder = _inside(given)
            if folder is not None and folder != name:
                found.setdefault(name, folder)
    return tuple(found.items())


def _package_dir_maps(root: Path) -> list[dict[Any, Any]]:
    """Each ``package_dir`` table the project's pyproject.toml, setup.cfg and setup.py give."""
    maps: list[dict[Any, Any]] = []
    _, tool = _pyproject(root)
    setuptools = tool.get("setuptools", {})
    if isinstance(setuptools, dict) and isinstance(setuptools.get("package-dir"), dict):
        maps.append(setuptools["package-dir"])
    parser = _setup_cfg(root)
    if parser is not None:
        maps.append(dict(_setup_cfg_package_dir(parser)))
    for name, keywords, _ in _setup_py_calls(root):
        mapping = (
            _literal(keywords["package_dir"])
            if name == "setup" and "package_dir" in keywords
            else None
        )
        if isinstance(mapping, dict):
            maps.append(mapping)
    return maps


def _inside(folder: str) -> str | None:
    """``folder`` as a relative path of the project; None for "." or one outside it."""
    normal = posixpath.normpath(folder.strip().replace("\\", "/"))
    if not normal or normal == "." or normal.startswith(("../", "/")) or normal == "..":
        return None
    return normal


def _read(path: Path) -> str | None:
    try:
        if not path.is_file() or path.stat().st_size > MAX_CONFIG_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _pyproject(root: Path) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The project's pyproject.toml (None when it cannot be read as TOML) and its ``tool``
    table."""
    text = _read(root / "pyproject.toml")
    try:
        document = tomllib.loads(text) if text else {}
    except UNREADABLE_TOML:
        return None, {}
    tool = document.get("tool", {})
    return document, tool if isinstance(tool, dict) else {}


def _pyproject_dirs(root: Path) -> list[str]:
    document, tool = _pyproject(root)
    if document is None:
        return []
    dirs: list[str] = []
    setuptools = tool.get("setuptools", {})
    if isinstance(setuptools, dict):
        dirs += _root_dir(setuptools.get("package-dir"))
        packages = setuptools.get("packages")
        if isinstance(packages, dict) and isinstance(packages.get("find"), dict):
            dirs += _strings(packages["find"].get("where"))
    return dirs + _extension_dirs(document, tool)


def _extension_dirs(document: dict[str, Any], tool: dict[str, Any]) -> list[str]:
    """The folders the build backends of compiled projects take their Python packages from:
    maturin's ``python-source``, scikit-build-core's ``wheel.packages`` (their folders), else
    its default ``python/`` beside ``src/`` (celerite2 0.3.3's python/celerite2, whose
    autodoc pages found no code)."""
    maturin = tool.get("maturin", {})
    dirs = _strings(maturin.get("python-source")) if isinstance(maturin, dict) else []
    scikit = tool.get("scikit-build", {})
    wheel = scikit.get("wheel", {}) if isinstance(scikit, dict) else {}
    packages = wheel.get("packages") if isinstance(wheel, dict) else None
    if isinstance(packages, dict):
        packages = list(packages.values())
    if packages:
        return dirs + [posixpath.dirname(path) or "." for path in _strings(packages)]
    system = document.get("build-system", {})
    backend = system.get("build-backend", "") if isinstance(system, dict) else ""
    if isinstance(backend, str) and backend.startswith("scikit_build_core"):
        dirs.append(_SCIKIT_BUILD_FOLDER)
    return dirs


def _setup_cfg(root: Path) -> configparser.ConfigParser | None:
    """The project's setup.cfg (empty when there is none); None when it cannot be read."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(_read(root / "setup.cfg") or "")
    except configparser.Error:
        return None
    return parser


def _setup_cfg_package_dir(parser: configparser.ConfigParser) -> list[tuple[str, str]]:
    """setup.cfg's ``package_dir`` lines as (package, folder) pairs ("" for the root)."""
    lines = parser.get("options", "package_dir", fallback="").splitlines()
    pairs = (line.partition("=") for line in lines)
    return [(name.strip(), folder.strip()) for name, equals, folder in pairs if equals]


def _setup_cfg_dirs(root: Path) -> list[str]:
    parser = _setup_cfg(root)
    if parser is None:
        return []
    dirs = [folder for name, folder in _setup_cfg_package_dir(parser) if not name]
    return dirs + _strings(parser.get("options.packages.find", "where", fallback="").split())


def _setup_py_calls(root: Path) -> list[tuple[str, dict[str, ast.expr], list[ast.expr]]]:
    """Each call in the project's setup.py: the name called, its keywords and its arguments."""
    try:
        tree = ast.parse(_read(root / "setup.py") or "")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    return [
        (
            getattr(node.func, "id", getattr(node.func, "attr", "")),
            {k.arg: k.value for k in node.keywords if k.arg},
            node.args,
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
    ]


def _setup_py_dirs(root: Path) -> list[str]:
    dirs: list[str] = []
    for name, keywords, args in _setup_py_calls(root):
        if name == "setup" and "package_dir" in keywords:
            dirs += _root_dir(_literal(keywords["package_dir"]))
        elif name in ("find_packages", "find_namespace_packages"):
            where = args[0] if args else keywords.get("where")
            dirs += _strings(_literal(where) if where is not None else None)
    return dirs


def _root_dir(package_dir: Any) -> list[str]:
    """The folder ``package_dir`` maps the root package ("") to."""
    if isinstance(package_dir, dict) and isinstance(package_dir.get(""), str):
        return [package_dir[""]]
    return []


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return []


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
