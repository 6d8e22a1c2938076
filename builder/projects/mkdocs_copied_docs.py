"""The folder an MkDocs config's pages are copied from when its ``docs_dir`` is made by a build
step: the folder below the config's that holds the pages its nav names.

asyncz, lilya and edgy (dymmond's projects) set ``docs_dir: docs/generated`` (edgy's
``docs-generated``), which their docs script fills from ``docs/en/docs`` (edgy's ``docs``)
before MkDocs runs, putting in the example files the pages name. Without that folder the
docs were read as plain Markdown: no nav order, and the mkdocstrings options of the config
(asyncz's reference page: 440 of the 471 API objects its site shows were missing). The nav is
the sign: the pages it names are in one folder, and that folder is read with the config.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

# How deep below the config's folder the copied pages are looked for (dymmond's docs/en/docs
# is three), how many folders at most, and how many of the nav's pages are checked.
MAX_DEPTH = 4
MAX_FOLDERS = 2000
MAX_NAV_PAGES = 200
# The share of the nav's pages the folder must hold: a few may be made by the step itself;
# and it holds one of the nav's first pages.
MIN_SHARE = 0.8
FIRST_PAGES = 5
_SKIPPED = frozenset({"node_modules", "site", "venv", "__pycache__", "build", "dist"})
_PAGE_SUFFIXES = (".md", ".markdown", ".ipynb")


def copied_docs_folder(config_path: Path, config: Mapping[str, Any]) -> Path | None:
    """The folder below ``config_path``'s that holds the pages the config's nav names, when its
    docs_dir is no folder; None when the docs_dir is there, the nav names no page, or no one
    folder holds most of them."""
    docs_dir = config.get("docs_dir", "docs")
    top = config_path.parent.resolve()
    if not isinstance(docs_dir, str) or (top / docs_dir).is_dir():
        return None
    pages = list(dict.fromkeys(nav_pages(config.get("nav"))))[:MAX_NAV_PAGES]
    if not pages:
        return None
    needed = max(1, int(len(pages) * MIN_SHARE + 0.999))
    best: tuple[int, int, str] | None = None
    found: Path | None = None
    for folder, depth in _folders(top):
        # A folder holding none of the first pages is passed by cheaply: of a large tree's
        # folders, few hold any page of the nav.
        if not any((folder / page).is_file() for page in pages[:FIRST_PAGES]):
            continue
        held = sum(1 for page in pages if (folder / page).is_file())
        if held < needed:
            continue
        rank = (-held, depth, folder.as_posix())
        if best is None or rank < best:
            best, found = rank, folder
    return found


def nav_pages(nav: object) -> Iterator[str]:
    """The page paths a nav names, in order: its strings and its entries' values that name a
    Markdown page (not a link elsewhere)."""
    if isinstance(nav, str):
        if nav.endswith(_PAGE_SUFFIXES) and "://" not in nav:
            yield nav.lstrip("/")
    elif isinstance(nav, list):
        for item in nav:
            yield from nav_pages(item)
    elif isinstance(nav, dict):
        for value in nav.values():
            yield from nav_pages(value)


def _folders(top: Path) -> Iterator[tuple[Path, int]]:
    """The folders below ``top`` (itself included), breadth first, to MAX_DEPTH and at most
    MAX_FOLDERS of them; hidden ones and those of tools' output left out."""
    queue = [(top, 0)]
    seen = 0
    while queue and seen < MAX_FOLDERS:
        folder, depth = queue.pop(0)
        seen += 1
        yield folder, depth
        if depth >= MAX_DEPTH:
            continue
        try:
            children = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:
            continue
        for child in children:
            if child.name.startswith(".") or child.name in _SKIPPED:
                continue
            if child.is_dir(follow_symlinks=False):
                queue.append((Path(child.path), depth + 1))
