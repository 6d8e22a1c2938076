"""Find the docs site of a JavaScript monorepo among its workspace members, for ``docbuild
init`` (builder.survey_docs).

A monorepo keeps each package in a folder its workspaces name (package.json's
``"workspaces": ["packages/*"]``, or pnpm-workspace.yaml's ``packages:`` list), its docs site
among them: knip's Astro Starlight site is ``packages/docs``, which init, looking in the
project's usual docs folders and its top, never found (it read the project folder, its
packages' READMEs and changelogs, as plain Markdown). The members whose folder is named like
a docs site (or as its address: docsy's Hugo site is docsy.dev/) are offered to each docs
tool's search, after the usual folders. The members themselves are listed too, for the
package a private workspace root stands for (builder.project_metadata). Nothing is run;
a member's path leaving the project, or a glob other than a folder's ``*``, is passed over.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from builder.projects.config_file import MAX_CONFIG_BYTES

# The names a workspace member holding the docs site goes by.
DOCS_MEMBER_NAMES = frozenset({"docs", "doc", "documentation", "website", "site", "docs-site"})
# A member named as the site's address is one too (docsy's Hugo site is docsy.dev/).
_SITE_ADDRESS = re.compile(r"(?:www\.)?[a-z0-9][a-z0-9-]{0,62}\.[a-z]{2,12}")
# Members read from a workspace list at most: a list longer is no monorepo's by hand.
MAX_MEMBERS = 200
# pnpm-workspace.yaml's "packages:" list, one entry a line: "  - packages/*" or "- 'apps/*'".
_PNPM_LIST = re.compile(r"^packages:[ \t]*\n((?:[ \t]*-[^\n]*\n?|[ \t]*(?:#[^\n]*)?\n)*)", re.M)
_PNPM_ENTRY = re.compile(r"""^[ \t]*-[ \t]*(['"]?)([^'"#\n]*?)\1[ \t]*(?:#[^\n]*)?$""", re.M)


def workspace_docs_folders(root: Path) -> tuple[str, ...]:
    """The workspace members of the project at ``root`` (relative paths) that are named like a
    docs site, in the order the workspaces list them."""

    def site_names(parent: str) -> list[str]:
        addresses = [n for n in _folder_names(root, parent) if _SITE_ADDRESS.fullmatch(n)]
        return sorted({*DOCS_MEMBER_NAMES, *addresses})

    found = [
        folder
        for folder in _candidates(root, site_names)
        if _named_like_a_site(posixpath.basename(folder)) and _is_member(root, folder)
    ]
    return tuple(dict.fromkeys(found))


def workspace_members(root: Path) -> tuple[str, ...]:
    """The workspace members of the project at ``root`` (relative paths of the folders holding
    a package.json), in the order the workspaces list them, a glob's folders by name."""
    found = [
        folder
        for folder in _candidates(root, lambda parent: _folder_names(root, parent))
        if _is_member(root, folder) and (root / folder / "package.json").is_file()
    ]
    return tuple(dict.fromkeys(found[:MAX_MEMBERS]))


def _candidates(root: Path, names_in: Callable[[str], list[str]]) -> Iterator[str]:
    """The folders the workspaces' patterns name, in their order: a pattern's own folder, or
    for a folder's ``*`` each of ``names_in(that folder)``; a negation, a path leaving the
    project and any other glob are passed over."""
    for pattern in _member_patterns(root)[:MAX_MEMBERS]:
        normal = posixpath.normpath(pattern.strip().removeprefix("./"))
        if pattern.startswith("!") or normal.startswith(("..", "/")) or normal == ".":
            continue
        parent, _, last = normal.rpartition("/")
        if last == "*" and not any(c in parent for c in "*?["):
            yield from (f"{parent}/{name}".lstrip("/") for name in names_in(parent))
        elif not any(c in normal for c in "*?["):
            yield normal


def _folder_names(root: Path, parent: str) -> list[str]:
    """The names of the entries of ``root/parent``, sorted (at most MAX_MEMBERS looked at)."""
    try:
        with os.scandir(root / parent if parent else root) as entries:
            return sorted(entry.name for _, entry in zip(range(MAX_MEMBERS), entries, strict=False))
    except (OSError, ValueError):  # ValueError: a NUL in the workspace's glob
        return []


def _named_like_a_site(name: str) -> bool:
    return name in DOCS_MEMBER_NAMES or _SITE_ADDRESS.fullmatch(name) is not None


def _is_member(root: Path, folder: str) -> bool:
    """Whether ``folder`` is a folder inside ``root`` (not through a link leading out)."""
    path = root / folder
    try:
        return path.is_dir() and path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def _member_patterns(root: Path) -> list[str]:
    patterns: list[str] = []
    try:
        package = json.loads(_read(root / "package.json") or "null")
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        package = None
    workspaces = package.get("workspaces") if isinstance(package, dict) else None
    if isinstance(workspaces, dict):  # Yarn's {"packages": [...], "nohoist": [...]}
        workspaces = workspaces.get("packages")
    if isinstance(workspaces, list):
        patterns += [item for item in workspaces if isinstance(item, str)]
    listing = _PNPM_LIST.search(_read(root / "pnpm-workspace.yaml"))
    if listing is not None:
        patterns += [entry.group(2) for entry in _PNPM_ENTRY.finditer(listing.group(1))]
    return patterns


def _read(path: Path) -> str:
    try:
        with path.open("rb") as file:
            return file.read(MAX_CONFIG_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""
