"""Read the page order of a plain folder of Markdown pages from the JSON or YAML file beside
them that lists them, as a custom docs site's navigation does.

A site built by its own code (Next.js, Gatsby) keeps its menu as data beside the pages:
Formik's ``docs/manifest.json`` (``routes`` of ``{"title", "path": "/docs/overview.md"}``),
emotion's ``docs/docs.yaml`` (groups of ``items``, each a page's name, ``css-prop``). No tool
says how to read them, so the file's strings are read in order, and a string that names a
page of the folder (its path, with or without its suffix or its ``index``; from the folder,
or from the project when it starts with the folder's name) places that page. The file counts
only when it names at least MIN_LISTED pages and at least half of the folder's, so a
``package.json`` or a ``tsconfig.json`` never orders anything. Pages it does not name come
after, in path order. Read in path order, Formik 2.4's pages began with its API reference.

Read from a JavaScript workspace's root, a string that is the name of one of its packages
names that package's README (emotion's ``docs/docs.yaml`` lists ``'@emotion/react'``, and its
site shows ``packages/react/README.md`` there): 4,216 words of its packages' pages were not
read.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from builder.projects.config_file import MAX_CONFIG_BYTES, read_config_bytes, read_yaml_document
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

PAGE_SUFFIXES = (".md", ".mdx")
LIST_SUFFIXES = (".json", ".yaml", ".yml")
# Fewer named pages than this is no list of the docs (a config naming its home page).
MIN_LISTED = 3
# Where the list is, from the folder read: beside the pages, or in the project's docs folder.
LIST_FOLDERS = (".", "docs", "doc", "documentation", "website/docs")
# Files a folder holds beside a list that are never one, however many pages they name.
_NOT_LISTS = frozenset({"package.json", "package-lock.json", "tsconfig.json", "jsconfig.json"})
# Installed packages: no page of the docs there.
_NOT_PAGES = frozenset({"node_modules"})
_EXTERNAL = re.compile(r"[a-z][a-z0-9+.-]*:", re.IGNORECASE)
# How many files of the folder are looked at, and how deep, when its pages are counted.
MAX_PAGES_COUNTED = 5_000
MAX_DEPTH = 8


def read_page_list(directory: Path) -> ProjectLayout | None:
    """The layout the page list found for ``directory`` gives it; None without one."""
    found = find_page_list(directory)
    if found is None:
        return None
    listing, order = found
    return ProjectLayout(kind="markdown-listed", config_file=listing, order=order)


def find_page_list(directory: Path) -> tuple[str, tuple[str, ...]] | None:
    """(the list's path from ``directory``, the pages it names in order, from ``directory``)
    for the JSON or YAML file in ``directory`` or its docs folder that names the most of that
    folder's pages, at least MIN_LISTED and half of them; None when no file does."""
    best: tuple[str, tuple[str, ...]] | None = None
    readmes = member_readmes(directory)
    for folder in LIST_FOLDERS:
        pages_folder = directory / folder
        if not pages_folder.is_dir() or pages_folder.is_symlink():
            continue
        pages = markdown_pages(pages_folder)
        prefix = "" if folder == "." else f"{folder}/"
        for listing in _list_files(pages_folder):
            order = _named_pages(listing, pages_folder.name, pages, readmes)
            own = [page for page in order if page in pages]
            if len(own) < max(MIN_LISTED, (len(pages) + 1) // 2):
                continue
            if best is None or len(order) > len(best[1]):
                named = (page if page in pages else readmes[page] for page in order)
                shown = (f"{prefix}{page}" if page in pages else page for page in named)
                best = (f"{prefix}{listing.name}", tuple(shown))
        if best is not None:
            return best
    return None


def _list_files(folder: Path) -> list[Path]:
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [
        child
        for child in children
        if child.suffix in LIST_SUFFIXES
        and child.name not in _NOT_LISTS
        and child.is_file()
        and not child.is_symlink()
    ]


def markdown_pages(folder: Path) -> frozenset[str]:
    """The Markdown pages below ``folder``, as paths from it, within MAX_PAGES_COUNTED."""
    found: list[str] = []
    pending: list[tuple[Path, str, int]] = [(folder, "", 0)]
    while pending and len(found) < MAX_PAGES_COUNTED:
        current, prefix, depth = pending.pop()
        try:
            children = sorted(current.iterdir())
        except OSError:
            continue
        for child in children:
            if child.is_symlink() or child.name.startswith((".", "_")):
                continue
            if child.is_dir() and depth < MAX_DEPTH and child.name not in _NOT_PAGES:
                pending.append((child, f"{prefix}{child.name}/", depth + 1))
            elif child.suffix in PAGE_SUFFIXES and child.is_file():
                found.append(f"{prefix}{child.name}")
    return frozenset(found)


def member_readmes(root: Path) -> dict[str, str]:
    """The README of each package of the workspace whose root is ``root``, by the package's
    name: its path from ``root``."""
    # Imported here: builder.workspace_docs reads its configs with builder.projects' helpers,
    # whose package imports this module.
    from builder.workspace_docs import workspace_members

    readmes: dict[str, str] = {}
    for folder in workspace_members(root):
        readme = posixpath.join(folder, "README.md")
        try:
            with (root / folder / "package.json").open("rb") as file:
                package = json.loads(file.read(MAX_CONFIG_BYTES))
        except (ValueError, OSError, RecursionError):
            continue
        name = package.get("name") if isinstance(package, dict) else None
        if isinstance(name, str) and (root / readme).is_file():
            readmes.setdefault(name, readme)
    return readmes


def _named_pages(
    listing: Path, folder_name: str, pages: frozenset[str], readmes: dict[str, str]
) -> list[str]:
    """The pages of ``pages`` the file's strings name, and the package names among them of
    ``readmes``, in the order it first names them."""
    notes: list[str] = []
    if listing.suffix == ".json":
        raw = read_config_bytes(listing, notes, "")
        try:
            data: Any = json.loads(raw) if raw is not None else None
        except (ValueError, RecursionError):
            return []
    else:
        data = read_yaml_document(listing, notes, "")
    named = (
        _page(text, folder_name, pages) or (text.strip() if text.strip() in readmes else None)
        for text in _strings(data)
    )
    return list(dict.fromkeys(page for page in named if page is not None))


def _strings(data: Any) -> Iterator[str]:
    """The strings among the values of ``data`` (not its keys), in order, at most MAX_ENTRIES
    of its items visited."""
    pending: list[Any] = [data]
    visited = 0
    while pending and visited < MAX_ENTRIES:
        item = pending.pop()
        visited += 1
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            pending.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            pending.extend(reversed(item))


def _page(text: str, folder_name: str, pages: frozenset[str]) -> str | None:
    """The page of ``pages`` a list's string names, or None (a title, another site)."""
    text = text.strip()
    if not text or len(text) > 300 or any(c.isspace() for c in text):
        return None
    if _EXTERNAL.match(text) or text.startswith("//"):
        return None
    path = posixpath.normpath(text.split("#", 1)[0].split("?", 1)[0] or ".").lstrip("/")
    if path.startswith("..") or path == ".":
        return None
    candidates = [path]
    first, _, rest = path.partition("/")
    if first == folder_name and rest:
        candidates.append(rest)  # a path from the project ("/docs/overview.md")
    for candidate in candidates:
        for name in (candidate, *(f"{candidate}{s}" for s in PAGE_SUFFIXES)):
            if name in pages:
                return name
        for suffix in PAGE_SUFFIXES:
            if f"{candidate}/index{suffix}" in pages:
                return f"{candidate}/index{suffix}"
    return None
