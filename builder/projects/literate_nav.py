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
    order: list[str],
    docs_root: Path,
    nav_file: str,
    suffixes: tuple[str, ...],
    generated: tuple[str, ...] = (),
) -> list[str]:
    """``order`` with each entry that names a folder of ``docs_root`` replaced by its pages,
    the ``generated`` ones (paths under ``docs_root`` a gen-files script writes) among them."""
    folders = _Folders(docs_root, nav_file, suffixes, generated)
    expanded: list[str] = []
    for path in order:
        if folders.holds(path):
            expanded.extend(folders.pages(path, 0))
        else:
            expanded.append(path)
    return list(dict.fromkeys(expanded))


class _Folders:
    """The pages of the docs' folders: on disk, and those a gen-files script writes."""

    def __init__(
        self, docs_root: Path, nav_file: str, suffixes: tuple[str, ...], generated: tuple[str, ...]
    ) -> None:
        self.docs_root, self.nav_file, self.suffixes = docs_root, nav_file, suffixes
        self.generated = generated

    def holds(self, path: str) -> bool:
        """Whether ``path`` names a folder of pages."""
        prefix = path.rstrip("/") + "/"
        return (self.docs_root / path).is_dir() or any(
            page.startswith(prefix) for page in self.generated
        )

    def pages(self, folder: str, depth: int) -> list[str]:
        """The pages of ``folder``: those its nav file lists, in order, else all of them."""
        listing = self.docs_root / folder / self.nav_file
        if depth > MAX_DEPTH:
            return []
        if not listing.is_file():
            return self._pages_below(folder)
        pages: list[str] = []
        for line in listing.read_text(encoding="utf-8", errors="replace").splitlines():
            for target in _LINK.findall(line) or _BARE_ITEM.findall(line):
                pages.extend(self._target_pages(folder, target, depth))
        return pages

    def _target_pages(self, folder: str, target: str, depth: int) -> list[str]:
        """The pages one entry of ``folder``'s nav file stands for."""
        if "://" in target or target.startswith(("#", "/", "mailto:")):
            return []
        path = posixpath.normpath(posixpath.join(folder, target.split("#", 1)[0]))
        if path.startswith(".."):
            return []
        if any(mark in target for mark in "*?["):
            return [
                p.relative_to(self.docs_root).as_posix()
                for p in sorted((self.docs_root / folder).glob(target))
                if p.is_file() and p.suffix in self.suffixes and p.name != self.nav_file
            ]
        if self.holds(path):
            return self.pages(path, depth + 1)
        return [path]

    def _pages_below(self, folder: str) -> list[str]:
        """Every page in ``folder`` and below in path order, each folder's index page first."""
        prefix = folder.rstrip("/") + "/"
        found = {
            p.relative_to(self.docs_root).as_posix()
            for p in (self.docs_root / folder).rglob("*")
            if p.is_file() and p.suffix in self.suffixes
        }
        found.update(page for page in self.generated if page.startswith(prefix))
        return sorted(found, key=_index_first)


def _index_first(path: str) -> tuple[str, ...]:
    """A page's place in its folder: the folder's index page before the others."""
    *folders, name = path.split("/")
    return (*folders, "" if name in ("index.md", "README.md") else name)
