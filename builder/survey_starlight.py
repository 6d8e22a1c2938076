"""Find an Astro Starlight site's pages for ``docbuild init`` (builder.survey_docs).

Starlight is an Astro integration: ``astro.config.*`` imports ``@astrojs/starlight``, and the
pages are the Markdown and MDX files of the site's ``src/content/docs/``. The rest of the
site is no page: its components' Markdown (``src/components/*.md``, which pages import as
partials), its README and the grammars and templates its build reads. Read from the site's
folder, biome's website was 5,957 sections, its components and eight languages' translations
among them. The config is scanned as text for the import, never run.
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from builder.projects.config_file import config_mentions

CONFIG_NAMES = ("astro.config.mjs", "astro.config.ts", "astro.config.mts", "astro.config.js")
_INTEGRATION = b"@astrojs/starlight"
# Where Starlight's default docs loader reads the pages, from the site's folder.
CONTENT_FOLDER = "src/content/docs"


def starlight_docs(root: Path, folder: str) -> tuple[str, str] | None:
    """(the config's path, the docs folder) of a Starlight site in ``folder`` of the project
    ``root``, both relative to ``root``; None when ``folder`` holds none."""
    site = root / folder
    for name in CONFIG_NAMES:
        config = site / name
        if config.is_file() and config_mentions(config, (_INTEGRATION,)):
            docs = site / CONTENT_FOLDER
            if docs.is_dir() and not docs.is_symlink():
                where = posixpath.normpath(f"{folder}/{name}")
                return where, posixpath.normpath(f"{folder}/{CONTENT_FOLDER}")
    return None
