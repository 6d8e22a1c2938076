"""Find an Rspress site's pages for ``docbuild init`` (builder.survey_docs).

Rspress builds the site whose ``package.json`` depends on it (``@rspress/core``, or
``rspress`` before version 2) from the Markdown and MDX files of its ``docs/`` folder (its
default ``root``), in the order of their folders' ``_meta.json`` files
(builder.projects.rspress); a site in several languages keeps each in a folder of ``docs/``,
English's ``en/`` the one read. The rest of the site is no page: its README, its theme's
components. Read as a folder of Markdown, rsbuild's docs were in path order, the site's README
among them.
"""

from __future__ import annotations

from pathlib import Path

from builder.projects.rspress import read_rspress
from builder.survey_package_site import package_site_docs

_DEPENDENCIES = (b'"@rspress/core"', b'"rspress"')
# Where the pages are, from the site's folder: Rspress' default root, or English's folder in it.
PAGE_FOLDERS = ("docs", "docs/en")
# Folders of a project an Rspress site is kept in, besides the docs folders.
SITE_FOLDERS = ("website", "site")


def rspress_docs(root: Path, folder: str) -> tuple[str, str] | None:
    """(the package file's path, the pages folder) of an Rspress site in ``folder`` of the
    project ``root``, both relative to ``root``; None when ``folder`` holds none."""
    return package_site_docs(root, folder, _DEPENDENCIES, PAGE_FOLDERS, read_rspress)
