"""The client's data merged from its sources: the one object the rest of the client asks.

Public face (everything else in the data layer is an implementation detail)::

    data = SiteData(settings, bundled=Path(...))  # checks --local-index now (ConfigError)
    data.refresh_if_due()      # cheap; call before each request. Re-checks a site whose copy
                               # is older than the cache TTL (a conditional GET, usually a 304)
    data.entries()             # Sequence[CatalogEntry], merged by version (client.merge)
    data.entry("flask")        # CatalogEntry | None; entry.provenance_of(version) says where
                               # that version comes from
    data.lookup_tables()       # the lookup tables of large sites (lookup.json, no catalog.json):
                               # their libraries join entries() once asked for by id
    with data.reading_shard("flask", "3.1.0") as shard:  # OpenedShard: a verified read-only
        ...              # connection (the shard downloaded or built when needed), closed after
                         # the block, and a stale_reason when it is the version's last good
                         # shard. A sqlite3 exception in the block becomes a ClientError
    data.sync(progress, notice)  # fetch every catalog and shard now, for offline use; a
                                 # plain host's shards only as far as its limits allow
    data.status()              # dict: sources, freshness, failures, cache figures
    data.close()

Sources, in order of precedence: each ``--index-url`` (a team's private site before a public
one), then ``--local-index``. A library's versions are the union over the sources, each version
served by the first source that has it (client.merge). A site that fails is replaced, at its own
place in that order, by its last good copy on disk (``Provenance.kind == "disk"``,
``stale=True``). The bundled index is the last resort: it answers only when no other source has
anything, and then only when no site is configured or ``--allow-bundled`` says so; otherwise a
configured site that failed with nothing cached is a NetworkError naming it. Each version's
provenance says where it came from, when that copy was fetched, whether it is stale, and, when a
site that outranks its source failed, which one, why and since when (``Provenance.fallback``).
Sites are named without the credentials of their URL; those only go into the requests. A
version whose shard, as the current catalog lists it, is bad (wrong sha256, corrupt) is answered
from the last shard of that version that opened, while the cache still has it
(``OpenedShard.stale_reason`` says why).

Freshness: a site's copy is re-checked once it is older than the cache TTL; a failure starts a
cooldown during which its copy on disk answers (client.site_copies has the rules).

Errors: NotFound and VersionNotFound (reading_shard), NetworkError / FetchTimeout (a site failed and
nothing cached can answer), ConfigError (the local index), ClientError (the bundled index).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from client.catalog_loader import Layer, file_layer, iso_time
from client.config import Settings, split_credentials
from client.cooldown import Cooldown
from client.disk_cache import DiskCache
from client.errors import (
    ClientError,
    ConfigError,
    ListedFileGone,
    NetworkError,
    NotFound,
    VersionNotFound,
)
from client.fetch import RemoteSite
from client.listed_files import ListedFiles
from client.lookup_site import LookupSource, LookupSources
from client.lookup_table import LookupTable
from client.merge import MergedEntry, fallback_for, merge_layers
from client.model import CatalogEntry, OpenedShard, VectorsRef
from client.plain_shards import PlainShards
from client.shard_files import ShardFiles, is_plain
from client.shard_store import translating_sqlite
from client.site_copies import SiteCopies
from client.site_status import layer_status, site_status
from client.site_sync import Progress, SyncParts, sync_versions

if TYPE_CHECKING:
    import httpx

    from client.http import Fetcher

log = logging.getLogger("doctrove.site_data")
T = TypeVar("T")


class SiteData:
    """The merged, provenance-tagged catalog and its shards; safe to share between threads."""

    def __init__(
        self,
        settings: Settings,
        bundled: Path | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self._cache = DiskCache(settings.cache_dir)
        self._clock = clock
        self._transport = transport
        self._fetcher_instance: Fetcher | None = None
        self._fetcher_lock = threading.Lock()
        self._lock = threading.RLock()
        cooldown = settings.cooldown_seconds if settings.result_cache_enabled else 0.0
        self._cooldown = Cooldown(cooldown, clock)
        self._remotes: dict[str, RemoteSite] = {}
        for configured in settings.index_urls:
            url, credentials = split_credentials(configured)
            if url not in self._remotes:
                self._remotes[url] = RemoteSite(url, self._fetcher, self._cache, clock, credentials)
        self._sites = SiteCopies(self._remotes, self._cache, self._cooldown, settings, clock)
        # Downloaded shards questions have open now (sha256 -> how many), which a trim leaves.
        self._open_shards: Counter[str] = Counter()
        self._open_lock = threading.Lock()
        self._listed = ListedFiles(
            self._cache,
            self._remotes,
            self._cooldown,
            self._sites.fail,
            self._source_error,
            settings.cache_budget_mb << 20,
            self._shards_in_use,
        )
        # Bumped each time the merged catalog is made again: a question that failed because the
        # site was published again is asked once more when this moved while it ran.
        self.generation = 0
        self._loaded = False
        self._local = self._file_layer(settings.local_index, "local", ConfigError)
        self._local_stamp = None if self._local is None else _file_stamp(self._local.body)
        self._bundled_path = bundled
        self._bundled: Layer | None = None
        self._merged: dict[str, MergedEntry] = {}
        self._ordered: tuple[CatalogEntry, ...] = ()
        self._merged_failures: tuple[tuple[str, str, float], ...] = ()
        self._plain = PlainShards(self._cache, settings.plain_budget_mb, settings.plain_max_entries)
        self._shards = ShardFiles(
            self._cache,
            self._remotes,
            self._cooldown,
            self._listed,
            self._plain,
            self._sites.fail,
            self._source_error,
        )
        self._sync_parts = SyncParts(
            self._cache,
            self._shards,
            self._plain,
            self._listed,
            clock,
            self._source_error,
            self._failed_query,
        )
        self._lookups = LookupSources(self._cache, self._remotes)
        self._merged_layers: tuple[Layer, ...] = ()

    def _fetcher(self) -> Fetcher:
        # Its own lock, not self._lock: pack fetches call this from worker threads while
        # ``sync`` holds self._lock; two threads must not each make (and leak) a Fetcher.
        with self._fetcher_lock:
            if self._fetcher_instance is None:
                from client.http import Fetcher  # httpx is imported only when a site is asked

                timeout = self.settings.timeout_ms / 1000
                self._fetcher_instance = Fetcher(timeout, transport=self._transport)
            return self._fetcher_instance

    def close(self) -> None:
        self._lookups.close()
        if self._fetcher_instance is not None:
            self._fetcher_instance.close()

    def _file_layer(self, path: Path | None, kind: str, error: type[ClientError]) -> Layer | None:
        if path is None:
            return None
        layer = file_layer(path, kind, self._cache)
        if isinstance(layer, list):
            raise error(f"the {kind} index {path} is invalid: {layer[0]}", hints=layer)
        return layer

    # Entries.

    def entries(self) -> Sequence[CatalogEntry]:
        """The merged entries; NetworkError when configured sites failed and nothing answers."""
        with self._lock:
            self._ensure_answerable()
            return self._ordered

    def entry(self, entry_id: str) -> CatalogEntry | None:
        with self._lock:
            self._ensure_answerable()
            self._fetch_records(entry_id)
            found = self._merged.get(entry_id)
            return found.entry if found else None

    # Large sites: the lookup table answers catalog_lookup, and a library's record is fetched
    # the first time the library is asked for, then merged like any other entry.

    def lookup_tables(self) -> list[LookupTable]:
        """The lookup tables of the large sites among the sources in use, in configured order
        (each downloaded once and kept); their libraries are not in ``entries()`` until asked
        for by id."""
        with self._lock:
            self._ensure_answerable()
            return [
                self._from_lookup(layer, lambda source: source.table())
                for layer in self._merged_layers
                if layer.lookup is not None
            ]

    def _from_lookup(self, layer: Layer, read: Callable[[LookupSource], T]) -> T:
        """``read`` from a lookup layer's source; a site that fails doing so starts its cooldown."""
        try:
            return read(self._lookups.source(layer))
        except ListedFileGone as gone:
            self._listed.site_lacked(layer, gone)  # published again, most likely: not a failure
            raise
        except NetworkError as exc:
            if layer.record is not None:
                self._sites.fail(layer.label, exc.message)
            raise

    def _fetch_records(self, entry_id: str) -> None:
        """Add ``entry_id``'s record to each lookup layer that has it and lacks it."""
        changed = False
        for url, layer in list(self._sites.layers.items()):
            if layer is not None and layer.lookup is not None:
                added = self._with_record(layer, entry_id)
                if added is not layer:
                    self._sites.layers[url], changed = added, True
        if self._local is not None and self._local.lookup is not None:
            added = self._with_record(self._local, entry_id)
            if added is not self._local:
                self._local, changed = added, True
        if changed:
            self._merge()

    def _with_record(self, layer: Layer, entry_id: str) -> Layer:
        if any(entry.id == entry_id for entry in layer.entries):
            return layer
        entry = self._from_lookup(layer, lambda source: source.entry(entry_id))
        return layer if entry is None else replace(layer, entries=(*layer.entries, entry))

    def _ensure_answerable(self) -> None:
        self._ensure_loaded()
        if self._ordered or any(layer.lookup for layer in self._merged_layers):
            return
        failed = self._sites.failures()
        if failed:
            url, failure = failed[0]
            others = f" ({len(failed) - 1} more site(s) failed too)" if len(failed) > 1 else ""
            raise NetworkError(
                f"{url} failed ({failure.reason}) since {iso_time(failure.since)} and nothing "
                f"is cached to answer from{others}; check the URL and the network, or pass "
                "--allow-bundled (DOCTROVE_ALLOW_BUNDLED) to answer from the bundled example "
                "meanwhile",
                hints=[url for url, _failure in failed],
            )

    def load_derived(self, name: str) -> bytes | None:
        """A structure computed from the catalog by an earlier process (see DiskCache)."""
        return self._cache.read_derived(name)

    def store_derived(self, name: str, payload: bytes) -> None:
        # A cache that cannot be written only costs the next process its start time.
        with contextlib.suppress(ClientError):
            self._cache.write_derived(name, payload)

    def refresh_if_due(self) -> bool:
        """Re-check each site whose copy has outlived the cache TTL, or lacked a file its
        catalog lists, and is not cooling down; whether the merged catalog changed."""
        with self._lock:
            if not self._loaded:
                self._ensure_loaded()
                return True
            changed = self._sites.update_due(self._listed)
            changed = self._reread_local() or changed
            if changed or self._sites.failure_marks() != self._merged_failures:
                self._merge(catalogs_changed=changed)
            return changed

    def refresh_for_unknown(self) -> bool:
        """Re-check the sites before their TTL, once more than RECHECK_UNKNOWN_SECONDS after
        their last check, for a library no source has: one published since a running agent
        read the catalog was "not found" until the TTL ran out. Whether the catalog changed."""
        with self._lock:
            if not self._loaded:
                return self.refresh_if_due()
            changed = self._sites.update_for_unknown(self._listed)
            if changed or self._sites.failure_marks() != self._merged_failures:
                self._merge(catalogs_changed=changed)
            return changed

    def _reread_local(self) -> bool:
        """Whether the local index changed since it was read, read again then: a docbuild
        build into the folder that docclient serve answers from. A stat per question; a file
        that cannot be read now (a build replacing it) leaves the copy read before."""
        if self._local is None or self.settings.local_index is None:
            return False
        stamp = _file_stamp(self._local.body)
        if stamp == self._local_stamp:
            return False
        layer = file_layer(self.settings.local_index, "local", self._cache)
        if isinstance(layer, list):
            return False
        # The stamp taken before reading: a build that lands after the read is read next time.
        self._local_stamp = stamp
        if layer.sha256 == self._local.sha256:
            return False
        self._local = layer
        return True

    def _ensure_loaded(self) -> None:
        if not self._loaded:
            for url in self._remotes:
                self._sites.update(url, self._listed, force=False)
            self._loaded = True
            self._merge()

    def _merge(self, *, catalogs_changed: bool = True) -> None:
        """Merge the layers again; ``catalogs_changed`` is False when only the sites' failures
        did (the generation then stays: no question needs asking anew)."""
        ranked = [(rank, layer) for rank, layer in enumerate(self._sites.layers.values())]
        if self._local is not None:
            ranked.append((len(self._remotes), self._local))
        layers = [(rank, layer) for rank, layer in ranked if layer is not None]
        answering = any(layer.entries or layer.lookup for _rank, layer in layers)
        if not answering and self._bundled_allowed():
            if self._bundled is None:
                self._bundled = self._file_layer(self._bundled_path, "bundled", ClientError)
            layers = [(len(self._remotes) + 1, self._bundled)] if self._bundled else []
        failures = self._sites.failures()
        fallbacks = [
            fallback_for(rank, layer, failures, list(self._remotes)) for rank, layer in layers
        ]
        self._merged = merge_layers([layer for _rank, layer in layers], fallbacks)
        self._ordered = tuple(merged.entry for merged in self._merged.values())
        self._merged_layers = tuple(layer for _rank, layer in layers)
        self._merged_failures = self._sites.failure_marks()
        if catalogs_changed:
            self.generation += 1

    def _bundled_allowed(self) -> bool:
        """The bundled example answers only for a client with no site, or when allowed."""
        if self._bundled_path is None:
            return False
        return not self._remotes or self.settings.allow_bundled

    # Shards.

    def _open(self, entry_id: str, version: str) -> OpenedShard:
        """The version's shard as the current catalog lists it, else its last good one. When the
        site lacks the shard file, its catalog is checked again first: when that changed it,
        ListedFileGone reaches the caller, which asks its question anew on the new catalog
        (DocService), rather than mixing the old entry with the new shard."""
        with self._lock:
            self._ensure_answerable()
            found = self._merged.get(entry_id)
            if found is None:
                raise NotFound(f"no library with id {entry_id!r}")
            server = found.server(version)
            if server is None:
                versions = found.entry.versions
                raise VersionNotFound(
                    f"{entry_id} has no version {version!r}; it has {', '.join(versions)}",
                    hints=versions,
                )
            entry, layer = server
            try:
                return self._shards.open_current(entry, layer, version)
            except (NetworkError, ConfigError) as exc:
                if isinstance(exc, ListedFileGone):
                    before = self.generation
                    self.refresh_if_due()
                    if self.generation != before:
                        raise
                fallback = self._shards.open_last_good(entry, layer, version)
                if fallback is None:
                    raise
                log.debug("%s %s: %s; answering from its last good shard", entry_id, version, exc)
                return replace(fallback, stale_reason=exc.message)

    @contextlib.contextmanager
    def reading_shard(self, entry_id: str, version: str) -> Iterator[OpenedShard]:
        """A verified read-only connection to a version's shard (downloaded or built when
        needed) for a block of queries, closed after it; with the reason when the shard is the
        version's last good one because the catalog's current one failed.

        The checks on opening read the schema, not every page, so a damaged page can still
        surface as a sqlite3 exception in a query. It becomes the error of the shard's source
        (translated by client.shard_store.translating_sqlite, the client's SQLite boundary), as a
        shard found invalid when opened does (NetworkError for a site, ConfigError for a local
        index), and the cached copy is removed so the next call fetches or builds it again.
        """
        shard = self._open(entry_id, version)
        key = shard.cache_key or ""
        with self._open_lock:
            self._open_shards[key] += 1
        self._listed.trim_if_due()  # a shard download counts against the budget too
        try:
            with translating_sqlite(
                functools.partial(self._failed_query, shard, entry_id, version)
            ):
                yield shard
            if shard.confirm is not None:
                shard.confirm()
        finally:
            shard.connection.close()
            with self._open_lock:
                self._open_shards[key] -= 1
                if not self._open_shards[key]:
                    del self._open_shards[key]
            self._listed.trim_if_due()  # what the queries fetched

    def _shards_in_use(self) -> set[str]:
        with self._open_lock:
            return set(self._open_shards)

    def _failed_query(
        self, shard: OpenedShard, entry_id: str, version: str, exc: Exception
    ) -> ClientError:
        """A body pack that could not be had is its own error; anything else is a damaged shard."""
        if shard.bodies is not None and shard.bodies.failure is not None:
            return shard.bodies.failure
        return self._damaged_shard(entry_id, version, exc)

    def _damaged_shard(self, entry_id: str, version: str, exc: Exception) -> ClientError:
        with self._lock:
            server = self._merged[entry_id].server(version)
            if server is None:  # the catalog changed under the query: nothing cached to drop
                return ClientError(f"the shard of {entry_id} {version} is damaged: {exc}")
            entry, layer = server
            if is_plain(layer):
                self._plain.remove(layer, entry.id, version)
            elif version in entry.shards:
                self._cache.remove_shard(entry.shards[version].sha256)
            message = f"the shard of {entry_id} {version} is damaged: {exc}"
            return self._source_error(layer, message)

    def _source_error(self, layer: Layer, message: str) -> ClientError:
        if layer.record is not None:
            self._sites.fail(layer.label, message)
            return NetworkError(message, hints=[layer.label])
        return (ConfigError if layer.kind == "local" else ClientError)(message)

    # Section vectors, for the semantic lane.

    def vectors(self, entry_id: str, version: str) -> tuple[VectorsRef, bytes] | None:
        """A version's section vectors as its catalog lists them, checked against the listed
        sha256 and kept on disk; None when the site has none for it (an index.json host, a
        site built without --embed)."""
        with self._lock:
            self._ensure_loaded()
            found = self._merged.get(entry_id)
            served = found.server(version) if found is not None else None
            if served is None:
                return None
            listed, layer = served  # the vectors of the source that serves this version's shard
            shard = listed.shards.get(version)
            ref = shard.vectors if shard is not None else None
        if ref is None:
            return None
        name = f"vectors-{ref.sha256}"
        data = self._cache.read_derived(name)
        if data is None:
            data = self._listed.vectors(layer, ref)
            self.store_derived(name, data)
        return ref, data

    # Offline use and reporting.

    def sync(
        self, progress: Progress | None = None, notice: Callable[[str], None] | None = None
    ) -> dict[str, Any]:
        """Re-check every site now (TTL and cooldown ignored), then have every version's files
        in the cache, verified (client.site_sync: ``progress`` follows each shard, ``notice``
        hears what building a plain host's shards would cost). Failures are collected, not
        raised; a plain host's shards beyond its limits are ``skipped``, built when asked for."""
        with self._lock:
            failures: list[dict[str, str]] = []
            for url in self._remotes:
                self._sites.update(url, self._listed, force=True)
                failure = self._cooldown.last_failure(url)  # cleared by a success
                if failure is not None:
                    failures.append({"source": url, "error": failure.reason})
            self._loaded = True
            self._merge()
            jobs = [
                (*served, version)
                for merged in self._merged.values()
                for version in merged.entry.versions
                if (served := merged.server(version)) is not None
            ]
            return sync_versions(self._sync_parts, jobs, failures, progress, notice)

    def status(self) -> dict[str, Any]:
        """Sources with their standing and freshness, the merged entry count, cache figures."""
        with self._lock:
            self._ensure_loaded()
            now = self._clock()
            sources = [self._site_status(url, now) for url in self._remotes]
            for layer in (self._local, self._bundled):
                if layer is not None:
                    sources.append(layer_status(layer, used=self._uses(layer)))
            return {
                "sources": sources,
                "entries": len(self._ordered),
                "cacheTtlSeconds": self.settings.cache_ttl,
                "cooldownSeconds": self._cooldown.seconds,
                "cache": self._cache.status(),
            }

    def _uses(self, layer: Layer) -> bool:
        """Whether some version is served from ``layer``."""
        for merged in self._merged.values():
            for version in merged.entry.versions:
                server = merged.server(version)
                if server is not None and server[1].label == layer.label:
                    return True
        return False

    def _site_status(self, url: str, now: float) -> dict[str, Any]:
        layer = self._sites.layers[url]
        used = layer is not None and self._uses(layer)
        failing_since = self._cache.read_failing_since(url)
        return site_status(url, layer, used, self._cooldown, now, failing_since)


def _file_stamp(path: Path) -> tuple[int, int, int] | None:
    """What changes when a file is written or replaced: its inode, size and modification time."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_ino, stat.st_size, stat.st_mtime_ns
