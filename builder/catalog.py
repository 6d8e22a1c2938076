"""Build catalog.json (doctrove-catalog@1): the small manifest a client fetches first.

It lists every library with its catalog fields and, per version, the shard that holds that
version's sections; no section text. ``buildId`` is the sha256 of the document's other content
(``updatedAt`` left out), so two builds of the same inputs share a build id and the same bytes.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import orjson

from builder.config import SiteConfig
from builder.embeddings import VectorsInfo, vectors_description
from builder.shards import ShardInfo
from schemas import CATALOG_FORMAT
from schemas.text import TOKENIZER

CATALOG_FILE = "catalog.json"
ENTRY_FIELDS = (
    "id",
    "name",
    "summary",
    "aliases",
    "packages",
    "popularity",
    "homepage",
    "versions",
)
_CHUNK = 1 << 20


def shard_description(shard: ShardInfo) -> dict[str, Any]:
    """One version's shard as the catalog lists it. How it is compressed shows in the path's
    suffix (``.sqlite.gz`` or ``.sqlite``), so it is not repeated in a field of its own."""
    return {
        "path": shard.path,
        "sha256": shard.sha256,
        "bytes": shard.bytes,
        "rawBytes": shard.raw_bytes,
        "sections": shard.sections,
        "format": shard.format,
        "tokenizer": TOKENIZER,
    }


def catalog_entry(
    skeleton: Mapping[str, Any],
    shards: Mapping[str, ShardInfo],
    vectors: Mapping[str, VectorsInfo] | None = None,
) -> dict[str, Any]:
    """An index entry skeleton's catalog fields, plus ``shards``: {version: shard}, each with
    its ``vectors`` sidecar when the build embedded that version.

    Every listed version must have a shard: a version without one is a bug in the build.
    """
    entry = {key: skeleton[key] for key in ENTRY_FIELDS if key in skeleton}
    missing = [v for v in entry.get("versions", []) if v not in shards]
    if missing:
        raise ValueError(f"entry {entry.get('id')!r} has no shard for version(s) {missing}")
    entry["shards"] = {v: shard_description(shards[v]) for v in entry.get("versions", [])}
    for version, info in (vectors or {}).items():
        if version in entry["shards"]:
            entry["shards"][version]["vectors"] = vectors_description(info)
    return entry


def file_description(path: Path, relpath: str) -> dict[str, Any]:
    """{path, sha256, bytes} of a file of the site, such as index.json."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return {"path": relpath, "sha256": digest.hexdigest(), "bytes": path.stat().st_size}


def _serialize(document: Mapping[str, Any]) -> bytes:
    return orjson.dumps(document, option=orjson.OPT_SORT_KEYS)


def catalog_document(
    *,
    site: SiteConfig,
    entries: Iterable[Mapping[str, Any]],
    shards: Iterable[ShardInfo],
    builder_version: str,
    updated_at: str | None,
    index: Mapping[str, Any] | None = None,
    vectors: Mapping[tuple[str, str], VectorsInfo] | None = None,
) -> dict[str, Any]:
    """The whole catalog. ``entries`` are index entry skeletons (volumes are ignored);
    ``vectors`` the sidecars by (library id, version), when the build embedded sections."""
    by_library: dict[str, dict[str, ShardInfo]] = {}
    for shard in shards:
        by_library.setdefault(shard.library_id, {})[shard.version] = shard
    vectors_by_library: dict[str, dict[str, VectorsInfo]] = {}
    for (library_id, version), info in (vectors or {}).items():
        vectors_by_library.setdefault(library_id, {})[version] = info
    catalog_entries = [
        catalog_entry(e, by_library.get(str(e["id"]), {}), vectors_by_library.get(str(e["id"])))
        for e in sorted(entries, key=lambda e: str(e["id"]))
    ]
    return catalog_of(site, catalog_entries, builder_version, updated_at, index)


def catalog_of(
    site: SiteConfig,
    entries: list[dict[str, Any]],
    builder_version: str,
    updated_at: str | None,
    index: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A catalog document of ``entries`` (catalog entries, in id order): the whole site's, or
    one library's record."""
    document: dict[str, Any] = {
        "format": CATALOG_FORMAT,
        "builderVersion": builder_version,
        "site": {"title": site.title, "baseUrl": site.base_url},
        "entries": entries,
    }
    if index is not None:
        document["index"] = dict(index)
    return with_build_id(document, updated_at)


def with_build_id(document: dict[str, Any], updated_at: str | None) -> dict[str, Any]:
    """``document`` with its buildId (the sha256 of the rest) and then its updatedAt."""
    document["buildId"] = hashlib.sha256(_serialize(document)).hexdigest()
    if updated_at is not None:
        document["updatedAt"] = updated_at
    return document


def catalog_bytes(document: Mapping[str, Any]) -> bytes:
    """catalog.json's bytes: compact JSON with sorted keys."""
    return _serialize(document)


def write_catalog(staging: Path, document: Mapping[str, Any], name: str = CATALOG_FILE) -> int:
    """Write catalog.json (or ``name``) under ``staging`` through a temporary file; its size."""
    data = catalog_bytes(document)
    target = staging / name
    temporary = target.parent / f".{target.name}.{os.getpid()}.tmp"
    temporary.write_bytes(data)
    os.replace(temporary, target)
    return len(data)
