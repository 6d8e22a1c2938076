"""Read the page order of Apollo's docs (Apollo Client's, Apollo Server's, the Router's) from
the ``_sidebar.yaml`` beside their pages.

Apollo's docs site lists a repository's pages in the order of ``items``, each a ``label`` with
an ``href`` (``./data/queries``, ``.`` for the folder's index) or ``children`` of its own; an
``href`` to another site or to another version's docs (the ``switcher``) names no page here.
A link names the ``.mdx`` or ``.md`` page of that path, or its folder's ``index``. Pages the
sidebar does not name come after, in path order. Read in path order, Apollo Client 4.2's docs
began with its API reference. The sidebar is found beside the pages (``docs/source``), or
there below the folder read, as when a package's README and release notes are read with them.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from builder.projects.config_file import read_yaml_config
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

SIDEBAR_NAMES = ("_sidebar.yaml", "_sidebar.yml")
# Where the sidebar is, from the folder read: beside it, or in the repository's docs.
SIDEBAR_FOLDERS = (".", "docs/source", "docs")
PAGE_SUFFIXES = (".mdx", ".md")
_EXTERNAL = re.compile(r"[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def find_apollo_sidebar(directory: Path) -> Path | None:
    """The ``_sidebar.yaml`` of Apollo's docs in ``directory`` or its docs folder, if any: one
    whose ``items`` is a list."""
    for folder in SIDEBAR_FOLDERS:
        for name in SIDEBAR_NAMES:
            path = directory / folder / name
            if path.is_file() and not path.is_symlink():
                return path
    return None


def read_apollo_sidebar(directory: Path) -> ProjectLayout | None:
    """The layout the ``_sidebar.yaml`` found for ``directory`` gives it; None without one,
    or when the file holds no ``items`` list (a sidebar of another tool)."""
    sidebar = find_apollo_sidebar(directory)
    if sidebar is None:
        return None
    notes: list[str] = []
    config = read_yaml_config(sidebar, notes, "pages in path order")
    items = config.get("items")
    if not isinstance(items, list):
        return None
    pages = sidebar.parent
    prefix = posixpath.relpath(pages, directory)
    prefix = "" if prefix == "." else f"{prefix}/"
    hrefs: list[str] = []
    _collect(items, hrefs)
    order = tuple(
        dict.fromkeys(f"{prefix}{page}" for href in hrefs if (page := _page(href, pages)))
    )
    if not order:
        notes.append(f"{sidebar.name} names no page; path order")
    return ProjectLayout(
        kind="apollo",
        config_file=f"{prefix}{sidebar.name}",
        order=order,
        notes=tuple(notes),
    )


def _collect(items: list[Any], hrefs: list[str]) -> None:
    """The ``href`` of each item and of the items below it, in order, within MAX_ENTRIES."""
    pending: list[Any] = list(reversed(items))
    while pending and len(hrefs) < MAX_ENTRIES:
        item = pending.pop()
        if not isinstance(item, dict):
            continue
        href = item.get("href")
        if isinstance(href, str):
            hrefs.append(href)
        children = item.get("children")
        if isinstance(children, list):
            pending.extend(reversed(children))


def _page(href: str, pages: Path) -> str | None:
    """The page of the folder ``pages`` an ``href`` names, or None (another site, no page)."""
    if _EXTERNAL.match(href) or href.startswith("//"):
        return None
    path = posixpath.normpath(href.split("#", 1)[0].split("?", 1)[0].strip() or ".")
    if path.startswith(("/", "..")):
        return None
    stems = ["index"] if path == "." else [path, f"{path}/index"]
    for stem in stems:
        for suffix in PAGE_SUFFIXES:
            if (pages / f"{stem}{suffix}").is_file():
                return f"{stem}{suffix}"
    return None
