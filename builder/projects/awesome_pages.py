"""mkdocs-awesome-pages' ``.pages`` files: in an MkDocs config without a nav, a folder's
``.pages`` file orders the folder's pages and folders (``nav:``, by file or folder name,
``...`` standing for the rest in MkDocs' own order) and may title a page
(``- API reference: api.md``); an entry it does not name is left out of the nav unless a
``...`` takes it in. A ``- Section: [...]`` entry groups entries of the same folder.

Read in MkDocs' order, PyRenew's pages put its index and developer notes before the API
reference its root ``.pages`` lists first.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from builder.projects.config_file import MAX_CONFIG_BYTES, config_bytes
from builder.projects.mkdocs_plugins import has_plugin, plugin_options

PLUGIN = "awesome-pages"
DEFAULT_META_FILE = ".pages"
# Folders nested deeper than this keep MkDocs' order below; a virtual section deeper than
# this in one file is not read further.
MAX_DEPTH = 20
# "...", "... | flat", "... | glob=*.md", "... | regex=...": the pages no entry names (the
# filters are not applied here: every such entry takes the rest, the first one all of it).
_REST = re.compile(r"\.{3}(?:\s*\|.*)?")


def meta_file(config: dict[str, Any]) -> str | None:
    """The name of the file awesome-pages reads in each folder; None without the plugin."""
    if not has_plugin(config, PLUGIN):
        return None
    name = (plugin_options(config, PLUGIN) or {}).get("filename", DEFAULT_META_FILE)
    return name if isinstance(name, str) and name and "/" not in name else DEFAULT_META_FILE


def arranged(
    pages: Sequence[str], docs_root: Path, meta_name: str
) -> tuple[list[str], dict[str, str]]:
    """``pages`` (paths in docs_root, in MkDocs' order) as the folders' meta files order them,
    with the titles they give; a page no entry takes in is left out."""
    titles: dict[str, str] = {}
    return _arrange("", list(pages), docs_root, meta_name, titles, 0), titles


def _arrange(
    folder: str,
    pages: list[str],
    docs_root: Path,
    meta_name: str,
    titles: dict[str, str],
    depth: int,
) -> list[str]:
    children: dict[str, list[str]] = {}  # by name: a page of the folder, or a folder's pages
    for page in pages:
        inside = page[len(folder) + 1 :] if folder else page
        children.setdefault(inside.split("/", 1)[0], []).append(page)

    def expand(name: str) -> list[str]:
        members = children[name]
        if members == [posixpath.join(folder, name)]:
            return members
        if depth >= MAX_DEPTH:
            return members
        below = posixpath.join(folder, name)
        return _arrange(below, members, docs_root, meta_name, titles, depth + 1)

    nav = _meta_nav(docs_root / folder / meta_name) if depth < MAX_DEPTH else None
    if nav is None:
        return [page for name in children for page in expand(name)]
    named: list[str | None] = []  # a child's name, or None where the rest goes
    _read_entries(nav, folder, children, titles, named, 0)
    taken = {name for name in named if name is not None}
    order: list[str] = []
    for name in named:
        rest = [child for child in children if child not in taken] if name is None else [name]
        taken.update(rest)
        order += [page for child in rest for page in expand(child)]
    return order


def _read_entries(
    entries: list[Any],
    folder: str,
    children: dict[str, list[str]],
    titles: dict[str, str],
    named: list[str | None],
    depth: int,
) -> None:
    """Append to ``named`` the children ``entries`` name, in order (None for a rest entry),
    and record the titles they give pages."""
    for entry in entries:
        if isinstance(entry, str) and _REST.fullmatch(entry.strip()):
            named.append(None)
        elif isinstance(entry, str) and entry.strip().rstrip("/") in children:
            named.append(entry.strip().rstrip("/"))
        elif isinstance(entry, dict) and len(entry) == 1:
            ((title, value),) = entry.items()
            if isinstance(value, list) and depth < MAX_DEPTH:
                _read_entries(value, folder, children, titles, named, depth + 1)
            elif isinstance(value, str) and (name := value.strip().rstrip("/")) in children:
                named.append(name)
                page = posixpath.join(folder, name)
                if children[name] == [page] and title is not None:
                    titles[page] = str(title)


def _meta_nav(path: Path) -> list[Any] | None:
    """The ``nav`` list of the meta file at ``path``; None when there is none or it cannot be
    read."""
    from builder.projects import mkdocs_yaml  # PyYAML only when a project has an mkdocs.yml

    if not path.is_file():
        return None
    try:
        raw = config_bytes(path)
        meta = mkdocs_yaml.load(raw.decode("utf-8-sig")) if len(raw) <= MAX_CONFIG_BYTES else None
    except (OSError, UnicodeDecodeError, mkdocs_yaml.YAMLError, RecursionError):
        return None
    nav = meta.get("nav") if isinstance(meta, dict) else None
    return nav if isinstance(nav, list) else None
