"""A project's name, version and summary from setuptools' declarative ``[metadata]`` in
setup.cfg, read, never run.

A project whose setup.py is a bare ``setup()`` writes its metadata there (cairocffi 1.4.0:
``name = cairocffi``, ``version = file: cairocffi/VERSION``); with no pyproject.toml
``[project]`` and no PKG-INFO (a checkout, a ``git archive`` of a tag), init named it by its
folder and gave it version 0.0.0. The version is a string, or read where setuptools reads it:
``file: PATH`` (the file's text, stripped) or ``attr: package.__version__`` (the string the
module assigns), through the same readers as pyproject.toml's ``[tool.setuptools.dynamic]``,
the package found in ``[options] package_dir``'s root first.
"""

from __future__ import annotations

import configparser
from pathlib import Path
from typing import Any

from builder.version_file import read_project_text, version_from_file

# setuptools' directives for a value read from elsewhere ("file: VERSION", "attr: pkg.VERSION").
_DIRECTIVES = ("file", "attr")


def setup_cfg_metadata(root: Path) -> dict[str, str]:
    """``name``, ``version`` and ``summary`` from ``root``'s setup.cfg ``[metadata]``, each
    that it gives; empty when it has none."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(read_project_text(root, "setup.cfg"))
    except configparser.Error:
        return {}
    if not parser.has_section("metadata"):
        return {}
    metadata = parser["metadata"]
    found = {
        "name": metadata.get("name", "").strip(),
        "version": _version(root, metadata.get("version", "").strip(), parser),
        "summary": metadata.get("description", "").strip(),
    }
    return {key: value for key, value in found.items() if value}


def _version(root: Path, written: str, parser: configparser.ConfigParser) -> str:
    """The version ``[metadata] version`` gives: itself, or what its directive reads."""
    directive, colon, value = written.partition(":")
    if not colon or directive.strip() not in _DIRECTIVES:
        return written
    # The same lookup as pyproject.toml's {file = ...} or {attr = ...} table, read alike.
    dynamic: dict[str, Any] = {"version": {directive.strip(): value.strip()}}
    setuptools: dict[str, Any] = {"dynamic": dynamic}
    package_dir = _package_dir_root(parser)
    if package_dir:
        setuptools["package-dir"] = {"": package_dir}
    return version_from_file(root, {"tool": {"setuptools": setuptools}})


def _package_dir_root(parser: configparser.ConfigParser) -> str:
    """The folder ``[options] package_dir`` maps the root package to (``= src`` or
    ``=src``), or ""."""
    if not parser.has_section("options"):
        return ""
    written = parser["options"].get("package_dir", "")
    for line in written.splitlines():
        name, equals, folder = line.partition("=")
        if equals and not name.strip():
            return folder.strip()
    return ""
