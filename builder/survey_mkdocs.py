"""Where a project's MkDocs (or Zensical) config is, and what it says, for the survey."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from builder.projects.mkdocs_config import CONFIG_NAMES as MKDOCS_CONFIG_NAMES
from builder.projects.mkdocs_config import load_config as load_mkdocs_config

# Folders whose MkDocs config builds a site the project shows or tests, not its own docs (a
# plugin's examples/, a template's fixtures).
_NOT_ITS_SITE = frozenset({"examples", "example", "fixtures", "samples", "templates", "template"})


def mkdocs_configs(root: Path, docs_folders: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """(folder, name) of each MkDocs config, likeliest first: the project's, then one in a
    docs folder, one of ``docs_folders`` (django-ninja's docs/mkdocs.yml over docs/docs), then
    one in a docs folder's subfolder, a language each: the one whose site_url is the site's
    root first (CTF Wiki's docs/zh, its docs/en a few pages under /en/), then the English one
    (FastAPI's docs/en, at the root, its translations under /de/ and so on, or naming no
    site_url)."""
    for folder in (".", *docs_folders):
        yield from (
            (folder, name) for name in MKDOCS_CONFIG_NAMES if (root / folder / name).is_file()
        )
    for folder in docs_folders:
        configs = sorted((root / folder).glob(f"*/{MKDOCS_CONFIG_NAMES[0]}"))
        configs.sort(key=lambda config: (_site_depth(config), config.parent.name != "en"))
        yield from ((f"{folder}/{config.parent.name}", config.name) for config in configs)


def _site_depth(config: Path) -> float:
    """How many folders deep the site of an MkDocs ``config`` is served, by its site_url
    (``https://ctf-wiki.org/en/`` is 1 deep, under the root's); unknown without one."""
    site_url = mkdocs_settings(config).get("site_url")
    if not isinstance(site_url, str) or not site_url.strip():
        return math.inf
    return len([part for part in urlsplit(site_url.strip()).path.split("/") if part])


def lone_mkdocs_config(root: Path, skipped: Collection[str]) -> tuple[str, str] | None:
    """(folder, name) of the one MkDocs config in a folder just below ``root`` (not one of
    ``skipped``, nor hidden) whose docs folder is there, when no other such folder holds one:
    formulaic's docsite/mkdocs.yml over docsite/docs, whose pages were read as plain Markdown
    files of the project, in no order, the site's own settings unread."""
    found: list[tuple[str, str]] = []
    top = root.resolve()
    for config in sorted(path for name in MKDOCS_CONFIG_NAMES for path in root.glob(f"*/{name}")):
        folder = config.parent
        name = folder.name
        if name in skipped or name in _NOT_ITS_SITE or name.startswith(".") or not config.is_file():
            continue
        # Not through a link to elsewhere, nor a docs_dir that leads out ("../../other"): the
        # site is the project's own.
        if folder.is_symlink() or not config.resolve().is_relative_to(top):
            continue
        docs = folder / mkdocs_docs_folder(config)
        if (
            docs.is_dir()  # before resolving it: a link in a loop is none
            and docs.resolve().is_relative_to(top)
            and all(seen != name for seen, _ in found)
        ):
            found.append((name, config.name))
    return found[0] if len(found) == 1 else None


def mkdocs_docs_folder(config: Path) -> str:
    """The docs_dir of an MkDocs ``config``, relative to its folder (``docs`` when unset)."""
    return str(mkdocs_settings(config).get("docs_dir") or "docs").strip("/") or "docs"


def mkdocs_settings(config: Path) -> dict[str, Any]:
    try:
        data = load_mkdocs_config(config.name, config.read_text(encoding="utf-8"))
    except Exception:  # a broken mkdocs.yml still means MkDocs; the build reports it
        return {}
    return data if isinstance(data, dict) else {}
