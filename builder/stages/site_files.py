"""The site files stage: each library's index.json and the whole one (while it fits its limit),
the library pages, the landing page and catalog.json, once every version is built."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from builder import __version__
from builder.catalog import catalog_document, file_description, write_catalog
from builder.config import SiteConfig
from builder.embeddings import VectorsInfo
from builder.pages import VersionPages, render_index, render_library
from builder.shards import ShardInfo
from builder.site_indexes import INDEX_FILE, WHOLE_INDEX_LIMIT, IndexFiles, write_indexes


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
    catalog_bytes: int

    @property
    def index_bytes(self) -> int:
        """The whole-site index.json's size (0 when it was left out for its size)."""
        return self.indexes.whole_bytes if self.indexes.whole_written else 0


def write_site_files(
    env: jinja2.Environment,
    site: SiteConfig,
    entries: Sequence[BuiltEntry],
    shards: Sequence[ShardInfo],
    vectors: Mapping[tuple[str, str], VectorsInfo],
    site_dir: Path,
    updated_at: str | None,
    whole_index_limit: int = WHOLE_INDEX_LIMIT,
) -> SiteFiles:
    """Write the files that span the whole site; ``entries`` are sorted by id, ``vectors`` are
    the embedding sidecars by (library id, version), when the build embedded sections. The
    whole-site index.json is written only while it is at most ``whole_index_limit`` bytes."""
    indexes = write_indexes(
        site_dir, [(e.skeleton, dict(e.volumes)) for e in entries], updated_at, whole_index_limit
    )
    index_path = site_dir / INDEX_FILE
    for entry in entries:
        render_library(env, site, entry.skeleton, entry.pages, site_dir)
    skeletons = [entry.skeleton for entry in entries]
    render_index(env, site, skeletons, updated_at, site_dir)
    document = catalog_document(
        site=site,
        entries=skeletons,
        shards=shards,
        vectors=vectors,
        builder_version=__version__,
        updated_at=updated_at,
        index=file_description(index_path, INDEX_FILE) if indexes.whole_written else None,
    )
    return SiteFiles(indexes, write_catalog(site_dir, document))
