"""mkdocs-awesome-nav's ``.nav.yml`` files (what mkdocs-awesome-pages became in its version 3):
in an MkDocs config without a nav, a folder's ``.nav.yml`` lists its part of the nav in order
(``nav:``). An entry is a path from the folder, to a page or to a folder, which its own
``.nav.yml`` orders (earthaccess' root file lists ``api/collections/collections.md``, two
folders down); a glob pattern (``"*.md"``, ``"*"``), standing for the names in the folder it
matches that no entry took, in MkDocs' order; a titled page (``- Quick start: start.md``) or a
section (``- Guides: [a.md, b.md]``); a link, which is no page. ``append_unmatched: true`` adds
what no entry names. What the files leave out is not in the nav: MkDocs builds it all the
same, and the caller lists it after.
"""

from __future__ import annotations

import fnmatch
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.projects.config_file import MAX_CONFIG_BYTES, config_bytes
from builder.projects.mkdocs_plugins import has_plugin

PLUGIN = "awesome-nav"
NAV_FILES = (".nav.yml", ".nav.yaml")
# Folders nested deeper than this, or sections deeper in one file, are not read further.
MAX_DEPTH = 20
_GLOB = frozenset("*?[")


def uses_awesome_nav(config: dict[str, Any]) -> bool:
    return has_plugin(config, PLUGIN)


@dataclass
class _Arrangement:
    pages: Sequence[str]  # every page, in MkDocs' order
    docs_root: Path
    order: list[str] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)
    arranged: set[str] = field(default_factory=set)  # folders arranged, or being arranged
    known: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.known = frozenset(self.pages)

    def take(self, page: str) -> None:
        if page not in self.taken:
            self.taken.add(page)
            self.order.append(page)


def arranged_by_nav_files(
    pages: Sequence[str], docs_root: Path
) -> tuple[list[str], dict[str, str]]:
    """``pages`` (paths in docs_root, in MkDocs' order) in the order the ``.nav.yml`` files
    give, with the titles they give; a page no entry takes in is left out."""
    arrangement = _Arrangement(pages, docs_root)
    _arrange_folder("", arrangement, 0)
    return arrangement.order, arrangement.titles


def _arrange_folder(folder: str, arrangement: _Arrangement, depth: int) -> None:
    """Take the pages below ``folder`` in the order its ``.nav.yml`` gives, or in MkDocs'
    order without one (each subfolder as its own file orders it); once only. A second time
    takes nothing the first did not, and a ``.nav.yml`` naming its own folder (``- .`` in
    a subfolder's, ``- ../b`` in b's) would otherwise recurse, as often as it names it at
    each of MAX_DEPTH levels."""
    if folder in arrangement.arranged:
        return
    arrangement.arranged.add(folder)
    nav_file = _read_nav_file(arrangement.docs_root / folder) if depth < MAX_DEPTH else None
    entries = nav_file.get("nav") if nav_file is not None else None
    if not isinstance(entries, list):
        for child in _children(folder, arrangement):
            _take_child(folder, child, arrangement, depth)
        return
    _take_entries(entries, folder, arrangement, depth)
    if nav_file is not None and nav_file.get("append_unmatched") is True:
        for child in _children(folder, arrangement):
            _take_child(folder, child, arrangement, depth)


def _take_entries(entries: list[Any], folder: str, arrangement: _Arrangement, depth: int) -> None:
    for entry in entries:
        title = None
        if isinstance(entry, dict) and len(entry) == 1:
            ((title, entry),) = entry.items()
            if isinstance(entry, list):  # a section of the same folder's entries
                if depth < MAX_DEPTH:
                    _take_entries(entry, folder, arrangement, depth + 1)
                continue
        if not isinstance(entry, str) or "://" in entry or entry.startswith("mailto:"):
            continue
        target = entry.strip().strip("/")
        if _GLOB.intersection(target):
            for child in _children(folder, arrangement):
                if fnmatch.fnmatchcase(child, target):
                    _take_child(folder, child, arrangement, depth)
            continue
        path = posixpath.normpath(posixpath.join(folder, target)) if target else folder
        if path.startswith("../") or path == "..":
            continue
        if path in arrangement.known:
            arrangement.take(path)
            if title is not None:
                arrangement.titles[path] = str(title)
        elif any(page.startswith(f"{path}/") for page in arrangement.pages):
            _arrange_folder("" if path == "." else path, arrangement, depth + 1)


def _take_child(folder: str, child: str, arrangement: _Arrangement, depth: int) -> None:
    path = posixpath.join(folder, child) if folder else child
    if path in arrangement.known:
        arrangement.take(path)
    else:
        _arrange_folder(path, arrangement, depth + 1)


def _children(folder: str, arrangement: _Arrangement) -> list[str]:
    """The names of ``folder``'s pages and of its folders holding pages not yet taken, in
    MkDocs' order (where each first comes)."""
    prefix = f"{folder}/" if folder else ""
    names: dict[str, None] = {}
    for page in arrangement.pages:
        if page.startswith(prefix) and page not in arrangement.taken:
            names.setdefault(page[len(prefix) :].split("/", 1)[0], None)
    return list(names)


def _read_nav_file(folder: Path) -> dict[str, Any] | None:
    """The mapping of the folder's ``.nav.yml``; None when there is none or it cannot be read."""
    from builder.projects import mkdocs_yaml  # PyYAML only when a project has an mkdocs.yml

    for name in NAV_FILES:
        path = folder / name
        if not path.is_file():
            continue
        try:
            raw = config_bytes(path)
            if len(raw) > MAX_CONFIG_BYTES:
                return None
            data = mkdocs_yaml.load(raw.decode("utf-8-sig"))
        except (OSError, UnicodeDecodeError, mkdocs_yaml.YAMLError, RecursionError):
            return None
        return data if isinstance(data, dict) else None
    return None
