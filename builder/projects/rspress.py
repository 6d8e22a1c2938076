"""Read an Rspress site's page order: its ``_nav.json`` and each folder's ``_meta.json``.

Rspress (rsbuild's, Rspack's and Rspress' own docs) builds its sidebars from the files, as its
auto-nav-sidebar does: a folder's ``_meta.json`` lists its pages and subfolders in the
sidebar's order, a string naming a page (``"quick-start"``, ``"index.mdx"``), an object a page
(``{"type": "file", "name": ..., "label": ...}``), a subfolder (``"dir"``: its own page first,
the file of its name beside it or else its ``index``, then its entries; ``"dir-section-header"``:
its entries under a header) or no page (``"section-header"``, ``"divider"``,
``"custom-link"``); a folder without one lists its ``index`` first, then its files and
subfolders by name. The docs folder's ``_nav.json`` (Rspress 1's ``_meta.json`` of nav items
there) is the navigation bar, each subfolder a sidebar of its own: after the home page, they
come in the order its links name them (a folder it names none of comes after, in path order).
The files its config's ``route.exclude`` globs match (from the docs folder: rsbuild's
``'**/en/shared/**'``, Rspress' ``'**/fragments/**'``, the fragments pages import, which read as
pages of their own a second time) are no pages. Read in path order, rsbuild's
guide began with its advanced topics and its configuration pages with the build's cache. The
files are read as JSON, within MAX_CONFIG_BYTES, and the config as text, never run.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.globs import readable_globs_pattern
from builder.projects.config_file import read_config_bytes, without_comments
from builder.projects.content_pages import MAX_FOLDER_DEPTH
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

NAV_NAME = "_nav.json"
META_NAME = "_meta.json"
PAGE_SUFFIXES = (".md", ".mdx")
INDEX_STEM = "index"
# The entries of a _meta.json that name no page of the folder.
_NO_PAGE_TYPES = ("section-header", "divider", "custom-link")
_FALLBACK = "its folder's pages in path order"
# The site's config, beside its docs folder (rsbuild's website/ wraps Rspress in rstack).
CONFIG_STEMS = ("rspress.config", "rstack.config")
CONFIG_SUFFIXES = (".ts", ".mts", ".js", ".mjs", ".cjs")
# Rspress' default root, the docs folder, from the config's folder.
DOCS_FOLDER = "docs"
_ROUTE = re.compile(r"\broute\s*:\s*\{")
# The opening of the ``exclude`` list; its end is the next "]" (a pattern reading to it from
# each "exclude: [" of a list left open read to the config's end from each: quadratic).
_EXCLUDE = re.compile(r"\bexclude\s*:\s*\[")
_STRING = re.compile(r"""'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\$\n]*)`""")


def read_rspress(directory: Path, top: Path | None = None) -> ProjectLayout | None:
    """The layout of the Rspress docs folder ``directory`` (one holding ``_nav.json``, or a
    ``_meta.json`` list in it or a folder of it), or None when it is none; its config is looked
    for no higher than ``top``."""
    notes: list[str] = []
    nav = _read_list(directory / NAV_NAME, notes)
    meta = _read_list(directory / META_NAME, notes)
    if meta is not None and _is_nav(meta):
        nav, meta = nav if nav is not None else meta, None  # Rspress 1's navigation bar
    config = NAV_NAME if (directory / NAV_NAME).is_file() else META_NAME
    if nav is None and meta is None and not _has_sidebar_meta(directory):
        return None
    walk = _Walk(notes=notes)
    if meta is not None or nav is None:
        walk.folder(directory, "", 0)
    else:
        # A sidebar per subfolder the navigation bar opens, in its order: the home page first.
        walk.pages.extend(walk.named(directory, "", INDEX_STEM))
        subfolders = _subfolders(directory)
        for name in dict.fromkeys(_nav_folders(nav)):
            if name in subfolders:
                walk.folder(subfolders[name], f"{name}/", 1)
    excluded = _route_exclude(directory, top, notes)
    return ProjectLayout(
        kind="rspress",
        config_file=config,
        exclude_patterns=excluded,
        exclude=readable_globs_pattern(excluded, notes, "route.exclude"),
        suffixes=PAGE_SUFFIXES,
        order=tuple(dict.fromkeys(walk.pages))[:MAX_ENTRIES],
        titles=tuple(dict.fromkeys(walk.titles)),
        notes=tuple(dict.fromkeys(notes)),
    )


@dataclass
class _Walk:
    """The pages found so far, in sidebar order, and the titles _meta.json labels give them."""

    notes: list[str]
    pages: list[str] = field(default_factory=list)
    titles: list[tuple[str, str]] = field(default_factory=list)

    def folder(self, folder: Path, prefix: str, depth: int) -> None:
        """Append the pages of ``folder``'s sidebar (``prefix`` its path in the docs)."""
        meta = _read_list(folder / META_NAME, self.notes)
        for entry in meta if meta is not None else _listed_by_name(folder):
            if len(self.pages) >= MAX_ENTRIES:
                return
            kind = entry.get("type", "file") if isinstance(entry, dict) else "file"
            name = entry.get("name") if isinstance(entry, dict) else entry
            if kind in _NO_PAGE_TYPES or not isinstance(name, str) or not name:
                continue
            if kind == "file":
                page = self.named(folder, prefix, name)
                self.pages.extend(page)
                label = entry.get("label") if isinstance(entry, dict) else None
                if page and isinstance(label, str) and label.strip():
                    self.titles.append((page[0], label.strip()))
            elif kind in ("dir", "dir-section-header"):
                self.subfolder(folder, prefix, name, depth, shown=kind == "dir")

    def subfolder(self, folder: Path, prefix: str, name: str, depth: int, shown: bool) -> None:
        """Append a subfolder's pages: when ``shown`` (a "dir" entry, a group that links a
        page), its own page first (the file of its name beside it, else its index when its
        _meta.json does not list that), then its sidebar's."""
        inside = folder / name
        if depth >= MAX_FOLDER_DEPTH or not _below(inside, folder) or not inside.is_dir():
            return
        if shown:
            own = self.named(folder, prefix, name)
            if not own and not _lists_index(inside, self.notes):
                own = self.named(inside, f"{prefix}{name}/", INDEX_STEM)
            self.pages.extend(own)
        self.folder(inside, f"{prefix}{name}/", depth + 1)

    @staticmethod
    def named(folder: Path, prefix: str, name: str) -> list[str]:
        """The page ``name`` names in ``folder`` as Rspress finds it: the name itself when it
        ends with a page's suffix, else the name with the first suffix that is there."""
        if name.endswith(PAGE_SUFFIXES):
            candidates = [name]
        else:
            candidates = [f"{name}{suffix}" for suffix in PAGE_SUFFIXES]
        for candidate in candidates:
            if ".." not in candidate.split("/") and (folder / candidate).is_file():
                return [f"{prefix}{candidate}"]
        return []


def _route_exclude(directory: Path, top: Path | None, notes: list[str]) -> tuple[str, ...]:
    """The ``route.exclude`` globs of the site's config, as globs from ``directory``: the docs
    folder or a language's folder in it (a glob of another folder of the docs names none of
    its pages)."""
    directory = directory.resolve()
    top = top.resolve() if top is not None else None
    for docs, language in ((directory, ""), (directory.parent, directory.name)):
        site = docs.parent
        if docs.name != DOCS_FOLDER or (top is not None and not site.is_relative_to(top)):
            continue
        for stem in CONFIG_STEMS:
            for suffix in CONFIG_SUFFIXES:
                config = site / f"{stem}{suffix}"
                if config.is_file():
                    raw = read_config_bytes(config, notes, "every page a route")
                    text = without_comments(raw.decode("utf-8", "replace")) if raw else ""
                    return _from_folder(_exclude_globs(text), language)
    return ()


def _exclude_globs(text: str) -> list[str]:
    """The strings of the ``exclude`` list inside the config's ``route: {...}``."""
    route = _ROUTE.search(text)
    if route is None:
        return []
    depth, end = 1, route.end()
    while end < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        end += 1
    listed = _EXCLUDE.search(text, route.end(), end)
    closing = -1 if listed is None else text.find("]", listed.end(), end)
    if listed is None or closing < 0:
        return []
    items = text[listed.end() : closing]
    return [next(g for g in m.groups() if g is not None) for m in _STRING.finditer(items)]


def _from_folder(globs: list[str], language: str) -> tuple[str, ...]:
    """The globs (from the docs folder) that can match pages of its ``language`` folder ("":
    the docs folder itself), as globs from that folder."""
    if not language:
        return tuple(g.removeprefix("./") for g in globs if g)
    kept: list[str] = []
    for glob in (g.removeprefix("./") for g in globs):
        if glob.startswith(f"{language}/"):
            kept.append(glob.removeprefix(f"{language}/"))
        elif glob.startswith(f"**/{language}/"):
            kept.extend((glob.removeprefix(f"**/{language}/"), glob))
        elif glob.startswith("**/"):
            kept.append(glob)
    return tuple(g for g in dict.fromkeys(kept) if g)


def _read_list(path: Path, notes: list[str]) -> list[Any] | None:
    """The list a JSON file holds; None when it is not there or holds no list."""
    if not path.is_file():
        return None
    raw = read_config_bytes(path, notes, _FALLBACK)
    try:
        value = json.loads(raw) if raw is not None else None
    except (ValueError, RecursionError):
        notes.append(f"{path.name}: not JSON; {_FALLBACK}")
        return None
    return value if isinstance(value, list) else None


def _is_nav(entries: list[Any]) -> bool:
    """Whether a list is navigation bar items (``{"text": ..., "link": ...}``), not a sidebar."""
    return bool(entries) and all(
        isinstance(entry, dict) and "text" in entry and "type" not in entry for entry in entries
    )


def _nav_folders(nav: list[Any]) -> list[str]:
    """The first folder of each link of the navigation bar and its menus, in order."""
    folders: list[str] = []
    pending = list(reversed(nav))
    while pending and len(folders) < MAX_ENTRIES:
        item = pending.pop()
        if not isinstance(item, dict):
            continue
        link = item.get("link")
        if isinstance(link, str) and link.startswith("/") and not link.startswith("//"):
            folders.append(link.strip("/").split("/", 1)[0])
        items = item.get("items")
        if isinstance(items, list):
            pending.extend(reversed(items))
    return folders


def _below(inside: Path, folder: Path) -> bool:
    """Whether ``inside`` is a folder below ``folder`` once its links are followed: a "dir"
    entry named "." read its own folder again (each visit another fan-out of its entries, to
    MAX_FOLDER_DEPTH), and "../.." or a link walked folders outside the docs."""
    try:
        resolved, base = inside.resolve(), folder.resolve()
    except (OSError, RuntimeError):
        return False
    return resolved != base and resolved.is_relative_to(base) and not inside.is_symlink()


def _subfolders(folder: Path) -> dict[str, Path]:
    try:
        children = list(folder.iterdir())
    except OSError:
        return {}
    return {p.name: p for p in children if p.is_dir() and not p.is_symlink()}


def _has_sidebar_meta(directory: Path) -> bool:
    """Whether a folder of ``directory`` holds a ``_meta.json`` list (Nextra's is an object)."""
    for folder in _subfolders(directory).values():
        meta = _read_list(folder / META_NAME, [])
        if meta is not None and not _is_nav(meta):  # a language folder's navigation bar
            return True
    return False


def _lists_index(folder: Path, notes: list[str]) -> bool:
    """Whether the folder's _meta.json names its index as a string (then it is a page of the
    folder's sidebar, not the group's link)."""
    meta = _read_list(folder / META_NAME, notes) or []
    return any(
        isinstance(entry, str) and entry.removesuffix(Path(entry).suffix) == INDEX_STEM
        for entry in meta
    )


def _listed_by_name(folder: Path) -> list[dict[str, str]]:
    """A folder's entries without a _meta.json, as Rspress lists them: its index first, then
    its pages and subfolders by name, a page of a subfolder's name left to the subfolder."""
    try:
        children = list(folder.iterdir())
    except OSError:
        return []
    folders = {p.name for p in children if p.is_dir() and not p.is_symlink()}
    pages = {
        p.name
        for p in children
        if p.is_file() and p.suffix in PAGE_SUFFIXES and p.name[: -len(p.suffix)] not in folders
    }
    names = sorted(pages | folders, key=lambda n: (Path(n).stem != INDEX_STEM, n.lower(), n))
    return [{"type": "dir" if n in folders else "file", "name": n} for n in names]
