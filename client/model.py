"""What the client knows about a site, independent of where it came from."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import sqlite3

    from client.index_chunks import IndexChunks
    from client.lookup_table import LookupTable
    from client.section_bodies import SectionBodies


@dataclass(frozen=True)
class Fallback:
    """Why data comes from a fallback: a configured site that outranks its source (or whose
    last good copy it is) failed; which one, with what error, failing since when (ISO 8601)."""

    site: str
    error: str
    since: str


@dataclass(frozen=True)
class Provenance:
    """Where an answer's data came from and how fresh it is.

    ``kind`` is "remote", "disk" (the last good copy of a remote), "local" (--local-index) or
    "bundled". ``source`` is a label a person can follow: the URL (never with credentials), or
    the file path. ``fallback`` is set when a site that would have outranked it failed.
    """

    kind: str
    source: str
    fetched_at: str | None  # ISO 8601 UTC, when this copy was fetched (None: not fetched)
    stale: bool  # True when a fresher copy was wanted but could not be had
    build_time: str | None  # the site's updatedAt, when it recorded one
    build_id: str | None
    fallback: Fallback | None = None


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
    # A doctrove-shard@2 search shard, whose bodies are in packs beside it (else @1, whole).
    split: bool = False
    # A head (doctrove-shard@3 to @6): a search shard whose index pages are in chunks beside it.
    chunked: bool = False


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
    provenance: Provenance  # of the entry's names and summary: the first source listing the id
    # version -> the index volume's summary; a catalog (catalog.json) carries none.
    volume_summaries: dict[str, str] = field(default_factory=dict)
    # version -> where that version comes from, when sources were merged (see client.merge)
    served: Mapping[str, Provenance] = field(default_factory=dict)

    def provenance_of(self, version: str) -> Provenance:
        """The provenance of one version: the first source (in configured order) that has it."""
        return self.served.get(version, self.provenance)


@dataclass(frozen=True)
class OpenedShard:
    """A verified shard connection; ``stale_reason`` says why it is not the shard the catalog
    lists now (that one failed, this is the last good one of the version), else None."""

    connection: sqlite3.Connection
    stale_reason: str | None = None
    # A search shard's body packs: their fetch failure, if any, is the error to report.
    bodies: SectionBodies | None = None
    # A head's index chunks (client.index_chunks), fetched as queries need them.
    chunks: IndexChunks | None = None
    # Records the shard as its version's last good one: called once a block of queries on it
    # succeeded, since a shard whose packs or chunks fail is no good to fall back on.
    confirm: Callable[[], None] | None = None
    # The name the cache keeps its database under (a published shard's sha256), if it has one.
    cache_key: str | None = None


class SiteSource(Protocol):
    """What the service needs from the data layer (client.site_data.SiteData provides it)."""

    def refresh_if_due(self) -> bool: ...
    def refresh_for_unknown(self) -> bool: ...
    @property
    def generation(self) -> int: ...
    def entries(self) -> Sequence[CatalogEntry]: ...
    def entry(self, entry_id: str) -> CatalogEntry | None: ...
    def lookup_tables(self) -> Sequence[LookupTable]: ...
    def reading_shard(self, entry_id: str, version: str) -> AbstractContextManager[OpenedShard]: ...
    def status(self) -> dict[str, Any]: ...
    def sync(
        self,
        progress: Callable[[int, int, str], None] | None = None,
        notice: Callable[[str], None] | None = None,
    ) -> dict[str, Any]: ...
    def load_derived(self, name: str) -> bytes | None: ...
    def vectors(self, entry_id: str, version: str) -> tuple[VectorsRef, bytes] | None: ...
    def store_derived(self, name: str, payload: bytes) -> None: ...
    def close(self) -> None: ...
