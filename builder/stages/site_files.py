"""The site files stage: each library's index.json and the whole one (while they fit the limit),
the library pages, the landing page, catalog.json (while the site is small), and the lookup
files (builder.lookup_site), once every version is built.

Everything here is written from the stage's inputs alone, so the same built entries give the
same bytes, however the site's parts were built."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from builder import __version__
from builder.catalog import CATALOG_FILE, catalog_bytes, catalog_document, file_description
from builder.config import SiteConfig
from builder.embeddings import VectorsInfo
from builder.lookup_site import LookupFiles, write_lookup_files
from builder.pages import PageCache, VersionPages, render_each, render_index, render_library
from builder.shards import ShardInfo
from builder.site_indexes import (
    INDEX_FILE,
    INDEX_LIMIT,
    LIBRARY_INDEX,
    NO_INDEX_FILES,
    IndexFiles,
    library_index_path,
    write_indexes,
)

# catalog.json, which a client fetches and indexes whole, is written only up to this size (about
# 8,000 libraries); a larger site is looked up through lookup.json (builder.lookup_site).
SMALL_CATALOG_BYTES = 8 * 1000 * 1000


@dataclass(frozen=True)
class BuiltEntry:
    """A library as built: its index entry without volumes, and per version (newest first)
    the file holding its volume and what its pages hold."""

    skeleton: dict[str, Any]
    volumes: tuple[tuple[str, Path], ...]
    pages: tuple[VersionPages, ...]


@dataclass(frozen=True)
class SiteFiles:
    indexes: IndexFiles
    catalog_bytes: int  # 0 when the site is too large for a catalog.json
    lookup: LookupFiles

    @property
    def index_bytes(self) -> int:
        """The whole-site index.json's size (0 when it was left out for its size)."""
        return self.indexes.whole_bytes if self.indexes.whole_written else 0


NO_SITE_FILES = SiteFiles(NO_INDEX_FILES, 0, LookupFiles("", 0, 0))
"""What a partial build writes of the whole-site files: none (docbuild merge writes them)."""


def write_site_files(
    env: jinja2.Environment,
    site: SiteConfig,
    entries: Sequence[BuiltEntry],
    shards: Sequence[ShardInfo],
    vectors: Mapping[tuple[str, str], VectorsInfo],
    site_dir: Path,
    updated_at: str | None,
    index_limit: int = INDEX_LIMIT,
    page_cache: PageCache = render_each,
) -> SiteFiles:
    """Write the files that span the whole site; ``entries`` are sorted by id, ``vectors`` are
    the embedding sidecars by (library id, version), when the build embedded sections. Each
    doctrove-index@1 file is written only while it is at most ``index_limit`` bytes."""
    indexes = write_indexes(
        site_dir, [(e.skeleton, dict(e.volumes)) for e in entries], updated_at, index_limit
    )
    library_indexes = _library_index_files(site_dir, indexes)
    for entry in entries:
        render_library(env, site, entry.skeleton, entry.pages, site_dir, page_cache)
    skeletons = [entry.skeleton for entry in entries]
    render_index(env, site, skeletons, updated_at, site_dir, page_cache, _full_text(indexes))
    document = catalog_document(
        site=site,
        entries=skeletons,
        shards=shards,
        vectors=vectors,
        builder_version=__version__,
        updated_at=updated_at,
        index=_whole_index_file(site_dir, indexes, library_indexes),
    )
    whole: dict[str, dict[str, Any]] = {}
    catalog = catalog_bytes(document)
    if len(catalog) <= SMALL_CATALOG_BYTES:
        (site_dir / CATALOG_FILE).write_bytes(catalog)
        whole["catalog"] = file_description(site_dir / CATALOG_FILE, CATALOG_FILE)
    if indexes.whole_written:
        whole["index"] = document["index"]
    lookup = write_lookup_files(
        site_dir, site, document["entries"], __version__, updated_at, whole, library_indexes
    )
    return SiteFiles(indexes, len(catalog) if "catalog" in whole else 0, lookup)


def _full_text(indexes: IndexFiles) -> str | None:
    """The doctrove-index@1 file(s) holding every section's text, as the root llms.txt says."""
    if indexes.whole_written:
        return INDEX_FILE
    return None if indexes.left_out else LIBRARY_INDEX


def _library_index_files(site_dir: Path, indexes: IndexFiles) -> dict[str, dict[str, Any]]:
    """{path, sha256, bytes} of each library's index.json that was written, by library id: its
    record lists it, so that docbuild check tells one left out past the limit from one lost."""
    return {
        library_id: file_description(
            site_dir / library_index_path(library_id), library_index_path(library_id)
        )
        for library_id, _ in indexes.library_bytes
        if library_id not in indexes.left_out
    }


def _whole_index_file(
    site_dir: Path, indexes: IndexFiles, library_indexes: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any] | None:
    """What catalog.json says of the whole-site index.json: None when it was left out; a
    one-library site's is that library's file under another name, so it is not hashed twice."""
    if not indexes.whole_written:
        return None
    if len(library_indexes) == 1:
        return {**next(iter(library_indexes.values())), "path": INDEX_FILE}
    return file_description(site_dir / INDEX_FILE, INDEX_FILE)
