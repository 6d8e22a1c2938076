"""Read a Mintlify site's pages: those its navigation (``docs.json``, or the older
``mint.json``) lists, in its order.

Mintlify's navigation nests tabs, anchors, versions and groups, each group's ``pages`` a list
of page paths without their suffix (``platform/quickstart``) or of groups; a page it does not
list is hidden, out of the site's search. Read as a folder, mem0 2.0.18's docs/ held its
authoring templates (``templates/*.mdx``, "❌ DO NOT COPY" guidance) and its snippets as pages,
in path order. The file is read as data, within MAX_CONFIG_BYTES.
"""

from __future__ import annotations

import json
import posixpath
from pathlib import Path, PurePath
from typing import Any

from builder.projects.config_file import names_a_file, read_config_bytes
from builder.projects.layout import ProjectLayout

CONFIG_NAMES = ("docs.json", "mint.json")
PAGE_SUFFIXES = (".mdx", ".md")
_SCHEMA_SIGN = "mintlify"
# How deep the navigation is walked, and how many pages it lists at most.
MAX_DEPTH = 64
MAX_PAGES = 20_000


def find_mintlify_config(directory: Path) -> Path | None:
    """The Mintlify config in ``directory``: ``mint.json``, or a ``docs.json`` whose schema
    names Mintlify or that has a navigation and a name, as Mintlify's does."""
    for name in CONFIG_NAMES:
        config = directory / name
        if config.is_file():
            settings = _settings(config, [])
            if settings is not None and (name == "mint.json" or _is_mintlify(settings)):
                return config
    return None


def read_mintlify(directory: Path) -> ProjectLayout | None:
    """The layout of the Mintlify site in ``directory``, or None when it is none."""
    config = find_mintlify_config(directory)
    if config is None:
        return None
    notes: list[str] = []
    settings = _settings(config, notes) or {}
    listed: list[str] = []
    _collect(settings.get("navigation"), 0, listed)
    order = [page for ref in dict.fromkeys(listed) if (page := _page(directory, ref)) is not None]
    return ProjectLayout(
        kind="mintlify",
        config_file=config.name,
        suffixes=PAGE_SUFFIXES,
        order=tuple(order),
        only_listed=bool(order),
        notes=tuple(notes),
    )


def _settings(config: Path, notes: list[str]) -> dict[str, Any] | None:
    raw = read_config_bytes(config, notes, "pages in path order")
    try:
        data = json.loads(raw) if raw is not None else None
    except (ValueError, RecursionError):
        notes.append(f"{config.name}: not JSON; pages in path order")
        return None
    return data if isinstance(data, dict) else None


def _is_mintlify(settings: dict[str, Any]) -> bool:
    schema = settings.get("$schema")
    if isinstance(schema, str) and _SCHEMA_SIGN in schema:
        return True
    return "navigation" in settings and isinstance(settings.get("name"), str)


def _collect(node: Any, depth: int, listed: list[str]) -> None:
    """Append the page paths of every ``pages`` list below ``node``, in order."""
    if depth > MAX_DEPTH or len(listed) >= MAX_PAGES:
        return
    if isinstance(node, list):
        for item in node:
            _collect(item, depth + 1, listed)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == "pages" and isinstance(value, list):
                for item in value:
                    if isinstance(item, str):
                        listed.append(item)
                    else:
                        _collect(item, depth + 1, listed)
            else:
                _collect(value, depth + 1, listed)


def _page(directory: Path, ref: str) -> str | None:
    """The file a navigation entry names, relative to ``directory``; None for a link or a
    path outside the site, or one no file is."""
    if "://" in ref or "\0" in ref:
        return None
    normal = posixpath.normpath(ref.strip().lstrip("/"))
    if normal.startswith("..") or normal == ".":
        return None
    for suffix in ("", *PAGE_SUFFIXES):
        candidate = f"{normal}{suffix}"
        if PurePath(candidate).suffix in PAGE_SUFFIXES and names_a_file(directory / candidate):
            return candidate
    return None
