"""Pagefind's index of the site, kept in the build cache by everything Pagefind reads: its
binary (and the version it reports) and every HTML file of the site folder.

Pagefind cannot update an index, so a site whose pages changed is indexed again, whole; but a
rebuild that changed no page (a catalog setting, an unchanged rebuild, a release that only
adds a shard format) links the kept bundle in instead of running Pagefind over every page
again, which was most of such a rebuild's time (on the Python 3.11 docs, 5 to 6 s before and
0.6 s after: ``bench/pagefind.py --site-search``).
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from builder.cache import BuildCache, cache_key
from builder.cached_trees import tree_cached
from builder.site_search import (
    PAGEFIND_ARGUMENTS,
    SEARCH_FOLDER,
    SearchIndexInfo,
    SiteSearchRun,
    index_site,
    pagefind_version,
)
from schemas.digests import file_sha256

# The files Pagefind reads from a site folder: its default glob is "**/*.{html}".
_PAGE_SUFFIX = ".html"
# The attribute that marks a page's content for Pagefind (attribute names ignore case; a page
# that only says it in its text counts as marked, which costs a run, never a stale bundle).
_BODY_MARK = re.compile(rb"data-pagefind-body", re.IGNORECASE)


def site_search_cached(cache: BuildCache, scratch: Path) -> SiteSearchRun:
    """How the build indexes its site: the kept bundle linked in when the cache has one for
    the same binary and pages, else Pagefind run into ``scratch`` (a folder that does not
    exist yet, on the site's file system), the bundle kept and moved into the site."""
    if cache.root is None:
        return index_site

    def indexed(site_dir: Path, binary: Path) -> SearchIndexInfo:
        key = cache_key(
            "site-search",
            file_sha256(binary),
            pagefind_version(binary),
            PAGEFIND_ARGUMENTS,
            pages_digest(site_dir),
        )
        return tree_cached(
            cache,
            cache_key("site-search-info", key),
            cache_key("site-search-files", key),
            site_dir,
            scratch,
            lambda folder: index_site(site_dir, binary, folder / SEARCH_FOLDER),
            lambda kept: SearchIndexInfo(**kept),
        )

    return indexed


def pages_digest(site_dir: Path) -> str:
    """A sha256 over every HTML file under ``site_dir`` Pagefind indexes: each one's path and
    bytes' sha256, in path order (the pages of a 500-page version: about 20 MB, hashed in a
    few hundredths of a second, against seconds for Pagefind). Once any page marks its content
    with ``data-pagefind-body``, Pagefind leaves the pages that do not out, so those count by
    their path alone: the landing page, which says when the site was built, changes with
    every build stamped with the time, and would otherwise make each one run Pagefind."""
    pages = []
    for folder, _, names in os.walk(site_dir):
        for name in names:
            if name.endswith(_PAGE_SUFFIX):
                path = Path(folder, name)
                relative = path.relative_to(site_dir).as_posix()
                data = path.read_bytes()
                marked = _BODY_MARK.search(data) is not None
                pages.append((relative, marked, hashlib.sha256(data).hexdigest()))
    any_marked = any(marked for _, marked, _ in pages)
    digest = hashlib.sha256()
    for relative, marked, page_sha256 in sorted(pages):
        counted = page_sha256 if marked or not any_marked else "left out"
        digest.update(f"{relative}\0{counted}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()
