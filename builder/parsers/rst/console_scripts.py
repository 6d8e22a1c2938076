"""The commands a Python project declares, each name's ``module:function``, read without
running anything: ``[project.scripts]``, Poetry's ``[tool.poetry.scripts]``, setup.cfg's
``console_scripts`` and the literal ``"console_scripts"`` list of its setup.py (Streamlink
8.6's ``entry_points = {"console_scripts": ["streamlink=streamlink_cli.main:main"]}``).
"""

from __future__ import annotations

import ast
import configparser
import tomllib

from builder.includes import IncludeReader, IncludeRefused
from builder.toml_errors import UNREADABLE_TOML

_CONSOLE_SCRIPTS = "console_scripts"


def console_scripts(reader: IncludeReader) -> dict[str, str]:
    """The project's console scripts: each name's ``module:function``."""
    scripts: dict[str, str] = {}
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(_text(reader, "setup.cfg"))
        listed = parser.get("options.entry_points", _CONSOLE_SCRIPTS, fallback="")
    except configparser.Error:
        listed = ""
    for entry in (*listed.splitlines(), *_setup_py_entries(_text(reader, "setup.py"))):
        name, _, target = entry.partition("=")
        if name.strip() and target.strip():
            scripts[name.strip()] = target.strip()
    try:
        pyproject = tomllib.loads(_text(reader, "pyproject.toml"))
    except UNREADABLE_TOML:
        return scripts
    tool = pyproject.get("tool")
    tables = (pyproject.get("project"), tool.get("poetry") if isinstance(tool, dict) else None)
    for table in (t.get("scripts") for t in tables if isinstance(t, dict)):
        if isinstance(table, dict):
            scripts.update({k: v for k, v in table.items() if isinstance(v, str)})
    return scripts


def _text(reader: IncludeReader, relpath: str) -> str:
    try:
        return reader.read_in_project(relpath).text
    except IncludeRefused:
        return ""


def _setup_py_entries(source: str) -> list[str]:
    """The ``"name = module:function"`` strings of each literal ``"console_scripts"`` list in
    a dict display of setup.py."""
    if _CONSOLE_SCRIPTS not in source:
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    entries: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and key.value == _CONSOLE_SCRIPTS:
                listed = value.elts if isinstance(value, ast.List | ast.Tuple) else []
                entries += [
                    item.value
                    for item in listed
                    if isinstance(item, ast.Constant) and isinstance(item.value, str)
                ]
    return entries
