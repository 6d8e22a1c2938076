"""mkdocs-literate-nav's folder entries: a nav entry naming a folder (``"tutorials/"``) stands
for the pages that folder's nav file lists (``nav_file``, default ``SUMMARY.md``), in its order,
or else for every page in the folder.

Read as a page's path, such an entry named no page: bump-my-version's four nav sections were
reported as "pages that are not there", and their pages came after the nav in path order.
A nav file lists its pages as Markdown links (``- [Getting Started](getting-started.md)``),
folders the same way (``- [API](api/)``), and globs on a line of their own (``- *.md``).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from builder.projects.mkdocs_plugins import has_plugin, plugin_options

PLUGIN = "literate-nav"
DEFAULT_NAV_FILE = "SUMMARY.md"
# A folder nested deeper than this in nav files is not read further.
MAX_DEPTH = 8
# A list item's link target, or a list item that is only a path or a glob.
_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_BARE_ITEM = re.compile(r"^[ \t]*[-*+][ \t]+([^\s\[\]()]+)[ \t]*$")


def literate_nav_file(config: dict[str, Any]) -> str | None:
    """The name of the nav file literate-nav reads in each folder; None without the plugin."""
    if not has_plugin(config, PLUGIN):
        return None
    name = (plugin_options(config, PLUGIN) or {}).get("nav_file", DEFAULT_NAV_FILE)
    return name if isinstance(name, str) and name and "/" not in name else DEFAULT_NAV_FILE


def expand_folders(
    order: list[str], docs_root: Path, nav_file: str, suffixes: tuple[str, ...]
) -> list[str]:
    """``order`` with each entry that names a folder of ``docs_root`` replaced by its pages."""
    expanded: list[str] = []
    for path in order:
        if (docs_root / path).is_dir():
            expanded.extend(_folder_pages(docs_root, path, nav_file, suffixes, 0))
        else:
            expanded.append(path)
    return list(dict.fromkeys(expanded))


def _folder_pages(
    docs_root: Path, folder: str, nav_file: str, suffixes: tuple[str, ...], depth: int
) -> list[str]:
    """The pages of ``folder``: those its nav file lists, in order, else all, in path order."""
    listing = docs_root / folder / nav_file
    if depth > MAX_DEPTH:
        return []
    if not listing.is_file():
        return _pages_below(docs_root, folder, suffixes)
    pages: list[str] = []
    for line in listing.read_text(encoding="utf-8", errors="replace").splitlines():
        targets = _LINK.findall(line) or _BARE_ITEM.findall(line)
        for target in targets:
            if "://" in target or target.startswith(("#", "/", "mailto:")):
                continue
            path = posixpath.normpath(posixpath.join(folder, target.split("#", 1)[0]))
            if path.startswith(".."):
                continue
            if any(mark in target for mark in "*?["):
                pages.extend(
                    p.relative_to(docs_root).as_posix()
                    for p in sorted((docs_root / folder).glob(target))
                    if p.is_file() and p.suffix in suffixes and p.name != nav_file
                )
            elif (docs_root / path).is_dir():
                pages.extend(_folder_pages(docs_root, path, nav_file, suffixes, depth + 1))
            else:
                pages.append(path)
    return pages


def _pages_below(docs_root: Path, folder: str, suffixes: tuple[str, ...]) -> list[str]:
    """Every page in ``folder`` and below in path order, each folder's index page first."""
    found = (
        p.relative_to(docs_root).as_posix()
        for p in (docs_root / folder).rglob("*")
        if p.is_file() and p.suffix in suffixes
    )
    return sorted(found, key=_index_first)


def _index_first(path: str) -> tuple[str, ...]:
    """A page's place in its folder: the folder's index page before the others."""
    *folders, name = path.split("/")
    return (*folders, "" if name in ("index.md", "README.md") else name)
