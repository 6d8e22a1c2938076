"""What the client knows about a site, independent of where it came from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3


@dataclass(frozen=True)
class Provenance:
    """Where an answer's data came from and how fresh it is.

    ``kind`` is "remote", "disk" (the last good copy of a remote), "local" (--local-index) or
    "bundled". ``source`` is a label a person can follow: the URL, or the file path.
    """

    kind: str
    source: str
    fetched_at: str | None  # ISO 8601 UTC, when this copy was fetched (None: not fetched)
    stale: bool  # True when a fresher copy was wanted but could not be had
    build_time: str | None  # the site's updatedAt, when it recorded one
    build_id: str | None


@dataclass(frozen=True)
class VectorsRef:
    """A version's section vectors (schemas/vectors.py) as the catalog describes them."""

    path: str
    sha256: str
    bytes: int
    model: str
    dims: int
    sections: int


@dataclass(frozen=True)
class ShardRef:
    """A version's shard as the catalog describes it, with its vectors when the site has them."""

    path: str
    sha256: str
    bytes: int
    raw_bytes: int
    sections: int
    vectors: VectorsRef | None = None


@dataclass(frozen=True)
class CatalogEntry:
    """One library as catalog_lookup and catalog_releases see it."""

    id: str
    name: str
    summary: str
    aliases: tuple[str, ...]
    packages: tuple[str, ...]
    popularity: float
    homepage: str | None
    versions: tuple[str, ...]  # newest first
    shards: dict[str, ShardRef]  # version -> shard; empty for a plain index.json host
    provenance: Provenance


@dataclass(frozen=True)
class OpenedShard:
    """A verified shard connection; ``stale_reason`` says why it is not the shard the catalog
    lists now (that one failed, this is the last good one of the version), else None."""

    connection: sqlite3.Connection
    stale_reason: str | None = None
