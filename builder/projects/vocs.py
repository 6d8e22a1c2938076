"""Read a Vocs site's page order from the ``sidebar`` of its ``vocs.config.*``.

Vocs shows the pages of its ``pages/`` folder in the order its ``sidebar`` lists their
links, written as VitePress writes them (``{ text: 'Public Client', link:
'/docs/clients/public' }``, one sidebar per part of the site keyed by its path), so it is read
as VitePress' is (builder.projects.vitepress: the literal links, never the config run). A link
names the page of that path, ``.md`` or ``.mdx``, or its folder's ``index``. Pages the sidebar
does not name come after, in path order. Read in path order, viem's docs began with its
account abstraction pages.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from builder.projects.config_file import read_config_bytes
from builder.projects.gen_files import inside_folder
from builder.projects.layout import ProjectLayout
from builder.projects.vitepress import sidebar_links
from builder.survey_vocs import PAGES_FOLDER, vocs_config

PAGE_SUFFIXES = (".md", ".mdx")
_EXTERNAL = re.compile(r"[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def read_vocs(directory: Path, top: Path | None) -> ProjectLayout | None:
    """The layout of ``directory`` when it is a Vocs site's ``pages/`` folder, its config in
    the folder above (or above that, for ``docs/pages`` and ``src/pages``) inside ``top``;
    else None."""
    if directory.name != PAGES_FOLDER:
        return None
    site = directory.parent
    config = vocs_config(site)
    if config is None and site.name in ("docs", "src"):
        site = site.parent
        config = vocs_config(site)
    if config is None or (top is not None and not inside_folder(site, top)):
        return None
    notes: list[str] = []
    raw = read_config_bytes(config, notes, "pages in path order")
    links = sidebar_links(raw.decode("utf-8", "replace")) if raw is not None else []
    order = tuple(dict.fromkeys(page for link in links if (page := _page(link, directory))))
    if raw is not None and not order:
        notes.append(f"{config.name} names no page in a literal sidebar link; path order")
    return ProjectLayout(
        kind="vocs",
        config_file=posixpath.relpath(config, directory),
        order=order,
        notes=tuple(notes),
    )


def _page(link: str, directory: Path) -> str | None:
    """The page of ``directory`` a sidebar link names, or None (another site, no such page)."""
    if _EXTERNAL.match(link) or link.startswith("//"):
        return None
    path = link.split("#", 1)[0].split("?", 1)[0].strip().strip("/")
    if ".." in path.split("/"):
        return None
    stems = [f"{path}/index" if path else "index"] + ([path] if path else [])
    for stem in reversed(stems):
        for suffix in PAGE_SUFFIXES:
            if (directory / f"{stem}{suffix}").is_file():
                return f"{stem}{suffix}"
    return None
