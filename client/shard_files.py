"""A version's shard file as one source serves it, opened: the one its catalog lists now, or
the last good one the cache still has.

SiteData decides which source serves a version (merging, refreshing, falling back from one
source to the next); this module has the shard of one (entry, source, version) on disk and opens
it, checked (client.shard_store):

- a published shard (a whole shard, a search shard with body packs, a head with index chunks)
  from the cache, from a local site's folder, or downloaded from its site, each checked against
  the sha256 its catalog lists; a file the site lacks marks its catalog stale (ListedFileGone);
- a plain host's doctrove-index@1 built into a shard here (client.plain_shards);
- a cached shard that fails its checks is removed and had once more, then is its source's error;
- the last good shard of a version: the one that last answered a query, while the cache still
  has it (its packs and chunks answer as far as the cache has them).
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
from collections.abc import Mapping
from pathlib import Path

from client.catalog_loader import Layer
from client.cooldown import Cooldown
from client.disk_cache import DiskCache
from client.errors import ClientError, FetchTimeout, ListedFileGone, NetworkError
from client.fetch import RemoteSite
from client.index_chunks import IndexChunks
from client.listed_files import Fail, ListedFiles, SourceError
from client.model import CatalogEntry, OpenedShard
from client.plain_shards import PlainShards
from client.section_bodies import SectionBodies
from client.shard_store import (
    BUILT_FOLDER,
    BodiesFactory,
    ChunksFactory,
    built_key,
    install_published,
    open_shard_file,
)


class ShardFiles:
    """Shards of the sources of one SiteData, had and opened."""

    def __init__(
        self,
        cache: DiskCache,
        remotes: Mapping[str, RemoteSite],
        cooldown: Cooldown,
        listed: ListedFiles,
        plain: PlainShards,
        fail: Fail,
        source_error: SourceError,
    ) -> None:
        self._cache, self._remotes, self._cooldown = cache, remotes, cooldown
        self._listed, self._plain = listed, plain
        self._fail, self._source_error = fail, source_error

    def open_current(self, entry: CatalogEntry, layer: Layer, version: str) -> OpenedShard:
        """The version's shard as ``layer``'s catalog lists it now, checked and opened; a
        cached copy that fails the checks is had once more before it is the source's error."""
        problems: list[str] = []
        ref = entry.shards.get(version)
        made: list[SectionBodies] = []
        chunked: list[IndexChunks] = []
        factory = self._bodies_factory(entry, layer, made) if ref and ref.split else None
        chunks = self._chunks_factory(entry, layer, chunked) if ref and ref.chunked else None
        for _attempt in range(2):  # a bad cached file is removed, then had once more
            path, key, sections, _how = self.shard_file(entry, layer, version)
            opened = open_shard_file(path, entry.id, version, sections, factory, chunks)
            if not isinstance(opened, list):
                confirm = None
                if not is_plain(layer) and ref is not None:
                    confirm = functools.partial(
                        self._remember_good, layer, entry.id, version, ref.sha256, ref.sections
                    )
                return OpenedShard(
                    opened,
                    bodies=made[-1] if made else None,
                    chunks=chunked[-1] if chunked else None,
                    confirm=confirm,
                    cache_key=key,
                )
            problems = opened
            self._cache.remove_shard(key, folder_of(layer))
        message = f"the shard of {entry.id} {version} is invalid: {problems[0]}"
        raise self._source_error(layer, message)

    def _remember_good(
        self, layer: Layer, entry_id: str, version: str, sha256: str, sections: int
    ) -> None:
        # Losing this record only loses a fallback; it never fails an answer.
        with contextlib.suppress(ClientError):
            self._cache.write_last_good(layer.label, entry_id, version, sha256, sections)

    def _bodies_factory(
        self, entry: CatalogEntry, layer: Layer, made: list[SectionBodies]
    ) -> BodiesFactory:
        """Makes the body packs of the layer's search shard of ``entry``; each one made is
        appended to ``made``, so the caller can hand it out with the connection."""

        def fetch(path: str, size: int, sha256: str, kept_as: str) -> bytes:
            return self._listed.fetch(layer, path, size, sha256, "body pack", kept_as)

        def factory(conn: sqlite3.Connection) -> SectionBodies:
            made.append(SectionBodies(conn, entry.id, self._cache, fetch, layer.label))
            return made[-1]

        return factory

    def _chunks_factory(
        self, entry: CatalogEntry, layer: Layer, made: list[IndexChunks]
    ) -> ChunksFactory:
        """Makes the index chunks of the layer's head of ``entry``, as _bodies_factory does."""

        def fetch(path: str, size: int, sha256: str, kept_as: str) -> bytes:
            return self._listed.fetch(layer, path, size, sha256, "index chunk", kept_as)

        def factory(conn: sqlite3.Connection, segment: int) -> IndexChunks:
            made.append(IndexChunks(conn, entry.id, segment, self._cache, fetch, layer.label))
            return made[-1]

        return factory

    def open_last_good(self, entry: CatalogEntry, layer: Layer, version: str) -> OpenedShard | None:
        """The version's last good published shard, if it is still in the cache and sound."""
        if is_plain(layer):
            return None
        remembered = self._cache.read_last_good(layer.label, entry.id, version)
        if remembered is None:
            return None
        sha256, sections = remembered
        path = self._cache.shard_path(sha256)
        if path is None:
            return None
        self._cache.mark_used(sha256, "shards")
        opened = open_shard_file(path, entry.id, version, sections)
        if not isinstance(opened, list):
            return OpenedShard(opened, cache_key=sha256)
        # A search shard (doctrove-shard@2) or a head (@3): its packs and chunks answer only as
        # far as the cache has them.
        made: list[SectionBodies] = []
        bodies = self._bodies_factory(entry, layer, made)
        opened = open_shard_file(path, entry.id, version, sections, bodies)
        if not isinstance(opened, list):
            return OpenedShard(opened, bodies=made[-1], cache_key=sha256)
        chunked: list[IndexChunks] = []
        chunks = self._chunks_factory(entry, layer, chunked)
        opened = open_shard_file(path, entry.id, version, sections, bodies, chunks)
        if isinstance(opened, list):
            return None
        return OpenedShard(opened, bodies=made[-1], chunks=chunked[-1], cache_key=sha256)

    def shard_file(
        self, entry: CatalogEntry, layer: Layer, version: str
    ) -> tuple[Path, str, int | None, str]:
        """(path, cache key, expected section count, how it was had) of a version's shard."""
        if layer.document == "index":
            key = built_key(layer.sha256, entry.id, version)
            path = self._plain.cached(layer, entry.id, version)
            if path is not None:
                return path, key, None, "cached"
            path, sections = self._plain.build(layer, entry.id, version, self._source_error)
            return path, key, sections, "built"
        ref = entry.shards.get(version)
        if ref is None:
            raise NetworkError(
                f"the shard of {entry.id} {version} is in a format this docclient cannot read "
                "(a newer doctrove-shard format or tokenizer); upgrade docclient"
            )
        path = self._cache.shard_path(ref.sha256)
        if path is not None:
            self._cache.mark_used(ref.sha256, "shards")
            return path, ref.sha256, ref.sections, "cached"
        if layer.folder is not None:
            source = (layer.folder / ref.path).resolve()
            if not source.is_relative_to(layer.folder.resolve()) or not source.is_file():
                raise self._source_error(layer, f"{layer.folder} has no shard file {ref.path}")
            installed = install_published(self._cache, source, ref)
            if isinstance(installed, list):
                raise self._source_error(layer, f"{source} is invalid: {installed[0]}")
            return installed, ref.sha256, ref.sections, "copied"
        if layer.record is None:
            raise ClientError(f"{layer.label} lists shards but has no place to fetch them from")
        if self._cooldown.blocked(layer.label):
            failure = self._cooldown.last_failure(layer.label)
            raise self._not_cached(entry, version, layer, failure.reason if failure else None)
        try:
            path = self._remotes[layer.label].download_shard(layer.record, ref)
        except ListedFileGone as gone:
            self._listed.site_lacked(layer, gone)
            raise
        except NetworkError as exc:
            self._fail(layer.label, exc.message)
            # Said as the calls in the cooldown after it say it: which version cannot be had,
            # from which site, and when it is tried again, not just a shard file's URL.
            raise self._not_cached(entry, version, layer, exc.message, exc) from exc
        self._listed.count(ref.raw_bytes)  # what it takes on disk
        return path, ref.sha256, ref.sections, "downloaded"

    def _not_cached(
        self,
        entry: CatalogEntry,
        version: str,
        layer: Layer,
        reason: str | None,
        failure: NetworkError | None = None,
    ) -> NetworkError:
        """The error of a version whose shard is not cached while its site fails; a timeout
        keeps its code."""
        kind = FetchTimeout if isinstance(failure, FetchTimeout) else NetworkError
        remaining = self._cooldown.remaining(layer.label)
        retry = (
            f"it is tried again in {remaining:.0f} s"
            if remaining
            else "it is tried again at the next call"
        )
        return kind(
            f"the shard of {entry.id} {version} is not cached and {layer.label} failed "
            f"({reason or 'unknown'}); {self._cached_instead(entry, layer, version)}; {retry}",
            hints=[layer.label],
        )

    def _cached_instead(self, entry: CatalogEntry, layer: Layer, version: str) -> str:
        """Which other versions of ``entry`` the cache answers while ``layer`` fails: an agent
        told only that its version cannot be had cannot tell whether any other one can."""
        cached = [
            other for other in entry.versions if other != version and self._has(entry, layer, other)
        ]
        if not cached:
            return f"no version of {entry.id} is cached"
        return f"cached, answering now: {entry.id} {', '.join(cached)}"

    def _has(self, entry: CatalogEntry, layer: Layer, version: str) -> bool:
        """Whether the cache holds the version's shard: the one the catalog lists, or its last
        good one (what open_last_good opens)."""
        ref = entry.shards.get(version)
        if ref is not None and self._cache.shard_path(ref.sha256) is not None:
            return True
        remembered = self._cache.read_last_good(layer.label, entry.id, version)
        return remembered is not None and self._cache.shard_path(remembered[0]) is not None


def is_plain(layer: Layer) -> bool:
    """Whether a layer is a plain host's index.json (its shards are built here)."""
    return layer.document == "index"


def folder_of(layer: Layer) -> str:
    """The cache folder of a layer's shards: built by the client, or published."""
    return BUILT_FOLDER if is_plain(layer) else "shards"
