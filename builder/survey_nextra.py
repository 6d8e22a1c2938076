"""Find a Nextra site's pages for ``docbuild init`` (builder.survey_docs).

Nextra is a Next.js site: its ``package.json`` depends on ``nextra``, and its pages are the
Markdown and MDX files of its ``pages/`` folder (Nextra 2 and 3) or ``content/`` (Nextra 4),
in the order of their folders' ``_meta`` files (builder.projects.nextra). The rest of the site
is no page: its README (how to run the site), its components and its app's code.
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from builder.projects.config_file import config_mentions
from builder.projects.nextra import read_nextra

PACKAGE_FILE = "package.json"
_DEPENDENCY = b'"nextra"'
# Where the pages are, newest Nextra last.
PAGE_FOLDERS = ("pages", "src/pages", "content", "src/content")


def nextra_docs(root: Path, folder: str) -> tuple[str, str] | None:
    """(the package file's path, the pages folder) of a Nextra site in ``folder`` of the
    project ``root``, both relative to ``root``; None when ``folder`` holds none."""
    site = root / folder
    if not config_mentions(site / PACKAGE_FILE, (_DEPENDENCY,)):
        return None
    for name in PAGE_FOLDERS:
        pages = site / name
        if pages.is_dir() and not pages.is_symlink() and read_nextra(pages) is not None:
            where = posixpath.normpath(f"{folder}/{PACKAGE_FILE}")
            return where, posixpath.normpath(f"{folder}/{name}")
    return None
