"""Find the pages of a docs site kept as a JavaScript package (``docbuild init``'s Nextra and
Rspress sites): a ``package.json`` depending on the docs tool, beside the folder of pages the
tool builds the site from."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence
from pathlib import Path

from builder.projects.config_file import config_mentions

PACKAGE_FILE = "package.json"


def package_site_docs(
    root: Path,
    folder: str,
    dependencies: Sequence[bytes],
    page_folders: Sequence[str],
    read_pages: Callable[[Path], object | None],
) -> tuple[str, str] | None:
    """(the package file's path, the pages folder) of a site in ``folder`` of the project
    ``root``, both relative to ``root``: a package file naming one of ``dependencies`` and the
    first of ``page_folders`` that ``read_pages`` reads (not None); None when there is none."""
    site = root / folder
    if not config_mentions(site / PACKAGE_FILE, tuple(dependencies)):
        return None
    for name in page_folders:
        pages = site / name
        if pages.is_dir() and not pages.is_symlink() and read_pages(pages) is not None:
            where = posixpath.normpath(f"{folder}/{PACKAGE_FILE}")
            return where, posixpath.normpath(f"{folder}/{name}")
    return None
