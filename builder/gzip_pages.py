"""A gzipped page (``changelog.html.gz``) read as the page it holds (``changelog.html``).

Debian compresses a ``*-doc`` package's larger files: python-babel-doc ships its built
changelog as ``html/changelog.html.gz``, while the other pages link to ``changelog.html``. So
the page keeps the name without ``.gz``: its path, its URL and what globs match. Only text
pages are read this way (a ``_static/logo.pdf.gz`` stays a static file), and the text is
decompressed to at most the limit a plain page has, so a gzip bomb is refused, not expanded.
"""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import PurePosixPath

GZIP_SUFFIX = ".gz"
# The page kinds read from a gzipped file: those Debian compresses in its *-doc packages.
GZIP_PAGE_SUFFIXES = frozenset({".html", ".htm", ".txt", ".md", ".rst"})


def gzipped_page_name(relpath: str) -> str | None:
    """The page a gzipped file holds (``a/changelog.html`` for ``a/changelog.html.gz``), or
    None when ``relpath`` is not a gzipped page."""
    if not relpath.lower().endswith(GZIP_SUFFIX):
        return None
    page = relpath[: -len(GZIP_SUFFIX)]
    suffix = PurePosixPath(page).suffix.lower()
    return page if suffix in GZIP_PAGE_SUFFIXES and PurePosixPath(page).stem else None


def gunzip_page(data: bytes, limit: int) -> tuple[bytes | None, str | None]:
    """(the page's bytes, None), or (None, why not): a corrupt or truncated gzip, or more than
    ``limit`` bytes once decompressed (only ``limit`` + 1 bytes are ever held)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            page = stream.read(limit + 1)
    except (OSError, EOFError, zlib.error) as exc:
        return None, f"not a readable gzip file ({exc or type(exc).__name__})"
    if len(page) > limit:
        return None, f"too big once decompressed (over {limit / 1e6:.0f} MB)"
    return page, None
