"""Find a Nextra site's pages for ``docbuild init`` (builder.survey_docs).

Nextra is a Next.js site: its ``package.json`` depends on ``nextra``, and its pages are the
Markdown and MDX files of its ``pages/`` folder (Nextra 2 and 3) or ``content/`` (Nextra 4),
in the order of their folders' ``_meta`` files (builder.projects.nextra). The rest of the site
is no page: its README (how to run the site), its components and its app's code.
"""

from __future__ import annotations

from pathlib import Path

from builder.projects.nextra import read_nextra
from builder.survey_package_site import package_site_docs

_DEPENDENCIES = (b'"nextra"',)
# Where the pages are, newest Nextra last.
PAGE_FOLDERS = ("pages", "src/pages", "content", "src/content")


def nextra_docs(root: Path, folder: str) -> tuple[str, str] | None:
    """(the package file's path, the pages folder) of a Nextra site in ``folder`` of the
    project ``root``, both relative to ``root``; None when ``folder`` holds none."""
    return package_site_docs(root, folder, _DEPENDENCIES, PAGE_FOLDERS, read_nextra)
