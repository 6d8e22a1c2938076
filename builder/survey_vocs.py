"""Find a Vocs site's pages for ``docbuild init`` (builder.survey_docs).

Vocs (viem's, wagmi's and ox's docs) builds the site whose ``vocs.config.*`` is in its folder
from the Markdown and MDX files of its ``pages/`` folder: in the site's folder (viem's
``site/pages``), or in its ``docs/`` (Vocs 1's default root) or ``src/`` (Vocs 2's default
source folder). The rest of the site is no page: the snippets the pages include, its
components. Read from the project's root, viem 2.55's docs were its whole repository, every
package's README and test fixture among them. The config is never run.
"""

from __future__ import annotations

import posixpath
from pathlib import Path

CONFIG_NAMES = ("vocs.config.ts", "vocs.config.tsx", "vocs.config.mts", "vocs.config.js",
                "vocs.config.jsx", "vocs.config.mjs")  # fmt: skip
PAGES_FOLDER = "pages"
# Where the pages folder is, from the config's folder.
PAGES_FOLDERS = (PAGES_FOLDER, f"docs/{PAGES_FOLDER}", f"src/{PAGES_FOLDER}")
# Folders of a project a Vocs site is kept in, besides the docs folders.
SITE_FOLDERS = ("site", "docs", "website", "src")


def vocs_config(site: Path) -> Path | None:
    """The ``vocs.config.*`` in the folder ``site``, if any."""
    return next((site / name for name in CONFIG_NAMES if (site / name).is_file()), None)


def vocs_docs(root: Path, folder: str) -> tuple[str, str] | None:
    """(the config's path, the pages folder) of a Vocs site in ``folder`` of the project
    ``root``, both relative to ``root``; None when ``folder`` holds none."""
    config = vocs_config(root / folder)
    if config is None:
        return None
    for pages in PAGES_FOLDERS:
        docs = root / folder / pages
        if docs.is_dir() and not docs.is_symlink():
            where = posixpath.normpath(f"{folder}/{config.name}")
            return where, posixpath.normpath(f"{folder}/{pages}")
    return None
