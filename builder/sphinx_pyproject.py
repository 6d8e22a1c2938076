"""What a ``conf.py`` reads from ``pyproject.toml`` through sphinx-pyproject's ``SphinxConfig``.

``config = SphinxConfig("../pyproject.toml", globalns=globals())`` puts the project's
metadata (``name``, ``version``, ``description``, ``author``) and every key of the
``[tool.sphinx-pyproject]`` table into the namespace of conf.py, where Sphinx reads them as
settings: repo_helper's projects and many others keep their ``extensions`` there and write no
list in conf.py at all. The object it returns gives the same values as attributes
(``config.description``) and the table's keys by subscript (``config["extensions"]``).
Nothing is run: the call is found with ``ast`` and the file is read with ``tomllib``.
"""

from __future__ import annotations

import ast
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.toml_errors import UNREADABLE_TOML

CLASS_NAME = "SphinxConfig"
# sphinx-pyproject's default pyproject_file, relative to the folder conf.py runs in.
DEFAULT_FILE = "../pyproject.toml"
# Where a call whose path is computed (``root / "pyproject.toml"``) most likely points,
# nearest the conf.py's docs folder first.
COMPUTED_FILE_PLACES = (DEFAULT_FILE, "../../pyproject.toml", "pyproject.toml")
METADATA_KEYS = ("name", "version", "description", "author")
MAX_PYPROJECT_BYTES = 1024 * 1024
# What ast.literal_eval raises on a node that is no literal (or one too deep or too large).
LITERAL_ERRORS = (ValueError, TypeError, SyntaxError, RecursionError, MemoryError)


@dataclass(frozen=True)
class PyprojectConfig:
    """What one ``SphinxConfig`` call reads: the project's metadata by the attribute names
    the object gives them, and the ``[tool.sphinx-pyproject]`` table."""

    metadata: Mapping[str, Any] = field(default_factory=dict)
    table: Mapping[str, Any] = field(default_factory=dict)

    def namespace(self) -> dict[str, Any]:
        """What ``globalns=globals()`` adds to conf.py: the metadata, then the table's keys."""
        return {**self.metadata, **self.table}


def config_call(statement: ast.stmt) -> tuple[str | None, ast.Call] | None:
    """(the name it is assigned to, or None; the call) when ``statement`` calls SphinxConfig."""
    target: str | None = None
    if isinstance(statement, ast.Assign):
        value: ast.expr = statement.value
        names = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        target = names[0] if names else None
    elif isinstance(statement, ast.Expr):
        value = statement.value
    else:
        return None
    if not isinstance(value, ast.Call):
        return None
    func = value.func
    called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return (target, value) if called == CLASS_NAME else None


def pyproject_files(source: str) -> tuple[str, ...]:
    """The paths, relative to conf.py's folder, where the pyproject.toml the conf.py
    ``source`` reads with SphinxConfig may be, likeliest first; none when it makes no call."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return ()
    for statement in tree.body:
        found = config_call(statement)
        if found is None:
            continue
        call = found[1]
        given = [k.value for k in call.keywords if k.arg == "pyproject_file"] + call.args[:1]
        if not given:
            return (DEFAULT_FILE,)
        path = given[0]
        if isinstance(path, ast.Constant) and isinstance(path.value, str):
            return (path.value,)
        return COMPUTED_FILE_PLACES
    return ()


def pyproject_text(conf: Path, source: str, bound: Path) -> str | None:
    """The text of the pyproject.toml the conf.py at ``conf`` (its text ``source``) reads
    with SphinxConfig, when that is a file inside ``bound``; None when there is none."""
    limit = Path(os.path.normpath(bound.resolve()))
    for relpath in pyproject_files(source):
        path = Path(os.path.normpath(conf.parent.resolve() / relpath))
        if not path.is_relative_to(limit) or not path.is_file():
            continue
        try:
            with path.open("rb") as file:
                data = file.read(MAX_PYPROJECT_BYTES + 1)
        except OSError:
            continue
        if len(data) <= MAX_PYPROJECT_BYTES:
            return data.decode("utf-8", errors="replace")
    return None


def read_pyproject_config(text: str, call: ast.Call) -> PyprojectConfig | None:
    """What ``call`` reads from the pyproject.toml ``text``: its ``style`` of metadata
    (``[project]``, or ``[tool.poetry]`` with ``style="poetry"``) with its literal
    ``config_overrides``; None when the file cannot be read or the metadata is incomplete
    (sphinx-pyproject raises an error then)."""
    try:
        data = tomllib.loads(text)
    except UNREADABLE_TOML:
        return None
    options = {k.arg: k.value for k in call.keywords if k.arg}
    style = _literal(options.get("style")) or "pep621"
    found = data.get("tool")
    tool: dict[str, Any] = found if isinstance(found, dict) else {}
    project = tool.get("poetry") if style == "poetry" else data.get("project")
    if not isinstance(project, dict):
        return None
    metadata: dict[str, Any] = {
        key: str(project[key]) for key in ("name", "version", "description") if key in project
    }
    if "name" in metadata and style != "poetry":
        metadata["name"] = metadata["name"].replace("_", "-")
    people = project.get("authors") or project.get("maintainers")
    if isinstance(people, list) and (author := _author(people)):
        metadata["author"] = author
    overrides = _literal(options.get("config_overrides"))
    if isinstance(overrides, dict):
        metadata.update(overrides)
    if any(key not in metadata for key in METADATA_KEYS):
        return None
    table = tool.get("sphinx-pyproject")
    return PyprojectConfig(metadata, table if isinstance(table, dict) else {})


def _author(people: list[Any]) -> str:
    """The names joined as sphinx-pyproject joins them: "A, B and C"."""
    names = [p.get("name") if isinstance(p, dict) else _poetry_name(p) for p in people]
    named = [str(name) for name in names if name]
    if len(named) < 2:
        return "".join(named)
    return ", ".join(named[:-1]) + " and " + named[-1]


def _poetry_name(person: Any) -> str:
    """A Poetry author, "Name <email>", by name."""
    return str(person).split("<", 1)[0].strip() if isinstance(person, str) else ""


def _literal(node: ast.expr | None) -> Any:
    if node is None:
        return None
    try:
        return ast.literal_eval(node)
    except LITERAL_ERRORS:
        return None


def config_value(node: ast.expr, configs: Mapping[str, PyprojectConfig]) -> tuple[bool, Any]:
    """(True, value) when ``node`` reads a SphinxConfig object assigned to a name in
    ``configs``: ``config.description``, ``config["extensions"]``,
    ``config.get("key", default)``; (False, None) otherwise."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        config = configs.get(node.value.id)
        if config is not None and node.attr in config.metadata:
            return True, config.metadata[node.attr]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        config = configs.get(node.value.id)
        key = _literal(node.slice)
        if config is not None and isinstance(key, str) and key in config.table:
            return True, config.table[key]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in configs
        and 1 <= len(node.args) <= 2
        and not node.keywords
    ):
        key = _literal(node.args[0])
        table = configs[node.func.value.id].table
        if isinstance(key, str) and key in table:
            return True, table[key]
        if len(node.args) == 2:
            try:
                return True, ast.literal_eval(node.args[1])
            except LITERAL_ERRORS:
                return False, None
        return True, None
    return False, None
