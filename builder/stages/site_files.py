"""The site files stage: index.json stitched from the volumes, the library pages, the landing
page and catalog.json, once every version is built."""

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
from builder.index import write_index
from builder.pages import VersionPages, render_index, render_library
from builder.shards import ShardInfo

INDEX_FILE = "index.json"


@dataclass(frozen=True)
class BuiltEntry:
    """A library as built: its index entry without volumes, and per version (newest first)
    the file holding its volume and what its pages hold."""

    skeleton: dict[str, Any]
    volumes: tuple[tuple[str, Path], ...]
    pages: tuple[VersionPages, ...]


@dataclass(frozen=True)
class SiteFiles:
    index_bytes: int
    catalog_bytes: int


def write_site_files(
    env: jinja2.Environment,
    site: SiteConfig,
    entries: Sequence[BuiltEntry],
    shards: Sequence[ShardInfo],
    vectors: Mapping[tuple[str, str], VectorsInfo],
    site_dir: Path,
    updated_at: str | None,
) -> SiteFiles:
    """Write the files that span the whole site; ``entries`` are sorted by id, ``vectors`` are
    the embedding sidecars by (library id, version), when the build embedded sections."""
    index_path = site_dir / INDEX_FILE
    with index_path.open("wb") as handle:
        write_index(handle, [(e.skeleton, dict(e.volumes)) for e in entries], updated_at)
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
        index=file_description(index_path, INDEX_FILE),
    )
    return SiteFiles(index_path.stat().st_size, write_catalog(site_dir, document))
