"""Tell a Jekyll site's pages for ``docbuild init`` (builder.survey).

Jekyll renders every file of its site that opens with front matter, HTML as well as Markdown:
Leaflet's API reference is docs/reference.html, 863 KB of it, which a folder read as Markdown
left out. Its templates (``_layouts/``, ``_includes/``), styles (``_sass/``) and data
(``_data/``) are no pages, nor the files its ``_config.yml`` excludes. A folder is a Jekyll
site when it holds ``_config.yml`` and a sign of Jekyll: a Gemfile naming it (or GitHub
Pages), a ``_layouts/`` or ``_includes/`` folder, or a theme the config names.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from builder.projects.config_file import config_mentions, read_yaml_config

CONFIG_NAMES = ("_config.yml", "_config.yaml")
_GEMFILE = "Gemfile"
_GEMS = (b"jekyll", b"github-pages")
_TEMPLATE_FOLDERS = ("_layouts", "_includes")
# What the site holds that Jekyll renders into no page.
NO_PAGES = ("_layouts/", "_includes/", "_sass/", "_data/", "_site/", ".jekyll-cache/")
_THEME_KEYS = ("theme", "remote_theme")
# What it renders into pages, written in either.
PAGES = ("**/*.md", "**/*.html")
# The most entries of the config's exclude list taken: each is a pattern of the catalog.
MAX_EXCLUDED = 100


@dataclass(frozen=True)
class JekyllSite:
    """The config's name, and the patterns of what in the site is no page."""

    config: str
    exclude: tuple[str, ...]


def jekyll_site(folder: Path) -> JekyllSite | None:
    """The Jekyll site ``folder`` is, or None when it is none."""
    config = next((folder / n for n in CONFIG_NAMES if (folder / n).is_file()), None)
    if config is None:
        return None
    notes: list[str] = []
    settings = read_yaml_config(config, notes, "")
    signs = any((folder / name).is_dir() for name in _TEMPLATE_FOLDERS) or any(
        isinstance(settings.get(key), str) for key in _THEME_KEYS
    )
    if not signs and not config_mentions(folder / _GEMFILE, _GEMS):
        return None
    excluded = settings.get("exclude")
    entries = excluded[:MAX_EXCLUDED] if isinstance(excluded, list) else []
    patterns = tuple(
        pattern for entry in entries if (pattern := _pattern(folder, entry)) is not None
    )
    return JekyllSite(config.name, tuple(dict.fromkeys((*NO_PAGES, *patterns))))


def _pattern(folder: Path, entry: object) -> str | None:
    """The catalog's pattern for an entry of the config's exclude list, a path in the site
    (a folder's with a slash after it) or a glob; None for one that is neither."""
    if not isinstance(entry, str) or not entry.strip() or "\0" in entry or len(entry) > 200:
        return None
    normal = posixpath.normpath(entry.strip())
    if normal.startswith(("..", "/")) or normal == ".":
        return None
    if any(sign in normal for sign in "*?["):
        return normal
    try:
        path = folder / normal
        is_folder, there = path.is_dir(), path.exists()
    except (OSError, ValueError):
        return None
    # What the site does not hold needs no pattern (Leaflet's excludes the repository's src/).
    return (f"{normal}/" if is_folder else normal) if there else None
