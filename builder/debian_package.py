"""Find the docs in the folder ``dpkg-deb -x`` unpacked one Debian ``*-doc`` package to.

Such a folder holds ``usr/share/doc/<package>/`` with the package's changelog.Debian.gz (its
release) and, most often, the Sphinx build in ``html/``; some packages build into their
library's folder instead (``usr/share/doc/python3-<name>/html``), and a GTK-Doc book is in
``usr/share/gtk-doc/html/<module>``.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

from builder.built_sphinx import DEBIAN_CHANGELOG

# Where a Debian package keeps its docs, and what else its unpacked tree may hold at its top.
DEBIAN_DOC_FOLDER = "usr/share/doc"
# Where Debian installs a GTK-Doc book (a folder per module), outside its package's folder.
GTK_DOC_FOLDER = "usr/share/gtk-doc/html"
_UNPACKED_TOP = frozenset({"usr", "etc", "lib", "opt", "var"})
# A documentation package's name: "*-doc", or that with a major version or a language after it
# (postgresql-doc-15, aptitude-doc-en).
_DOC_PACKAGE = re.compile(r".+-doc(?:-[a-z0-9.+]+)?")
# How the name of a file a docs reader reads as a page ends, gzipped or not.
_PAGE_ENDINGS = (".html", ".htm", ".md", ".rst", ".html.gz", ".md.gz", ".rst.gz")


def unpacked_doc_package(root: Path, ignored: Collection[str]) -> str | None:
    """``usr/share/doc/<package>`` when ``root`` holds nothing but what ``dpkg-deb -x`` unpacks
    of one ``*-doc`` package (its changelog.Debian.gz there, or the one such folder when none
    has one), besides the ``ignored`` names
    (a catalog init wrote, a VCS folder); None otherwise. Surveyed from its top, the
    package's version was 0.0.0 and every folder's HTML a page."""
    shared = root / DEBIAN_DOC_FOLDER
    top = {p.name for p in root.iterdir() if not p.name.startswith(".")} - set(ignored)
    if not shared.is_dir() or not top <= _UNPACKED_TOP:
        return None
    named = [folder for folder in sorted(shared.iterdir()) if _DOC_PACKAGE.fullmatch(folder.name)]
    packages = [folder.name for folder in named if (folder / DEBIAN_CHANGELOG).is_file()]
    # A package may ship no changelog of its own when it depends on the one whose folder holds
    # its docs (cmake-doc 3.25.1, its html/ a link into cmake-data's): the one such folder.
    packages = packages or [folder.name for folder in named]
    return f"{DEBIAN_DOC_FOLDER}/{packages[0]}" if len(packages) == 1 else None


def packaged_docs(root: Path, package: str) -> str:
    """Where the unpacked ``*-doc`` package ``package`` (``usr/share/doc/<package>``) keeps
    its docs: its own folder, or when that holds only Debian's files, the one GTK-Doc book it
    installs (``usr/share/gtk-doc/html/<module>``, where Debian puts them: appstream-glib-doc
    0.8.2's and libgeocode-glib-doc 3.26.3's held no docs for init, libnotify-doc 0.8.1's
    were the notification spec beside its API reference, libdbus-glib-1-doc 0.112's a link to
    its book), else the one other folder beside it
    (python-testfixtures-doc 7.0.4 and python-sybil-doc 3.0.1 build into
    ``usr/share/doc/python3-<name>/html``; init said the package held no docs)."""
    own = root / package
    # A link there to a book (libcairo2-doc's html/, libdbus-glib-1-doc's dbus-glib/) is the
    # book, which the survey of a folder does not follow. A folder of no pages is not the docs:
    # python-qtconsole-doc 5.4.0 keeps its examples/*.py there, its pages in python3-qtconsole.
    held = (
        p.suffix == ".html" or (p.is_dir() and not p.is_symlink() and _holds_pages(p))
        for p in own.iterdir()
    )
    if any(held):
        return package
    shelf = root / GTK_DOC_FOLDER
    books = [p for p in shelf.iterdir() if p.is_dir()] if shelf.is_dir() else []
    if len(books) == 1:
        return f"{GTK_DOC_FOLDER}/{books[0].name}"
    others = [p for p in (root / DEBIAN_DOC_FOLDER).iterdir() if p.is_dir() and p != own]
    return f"{DEBIAN_DOC_FOLDER}/{others[0].name}" if len(others) == 1 else package


def _holds_pages(folder: Path) -> bool:
    """Whether any file below ``folder`` is a page: HTML, Markdown or reST."""
    return any(path.name.endswith(_PAGE_ENDINGS) for path in folder.rglob("*"))
