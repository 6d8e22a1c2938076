"""Files a site's catalog lists beside its shards: body packs, index chunks and vectors.

They are had from the layer that serves the version: read from its folder, or fetched from its
site with the site's credentials. Each fetched file is checked against the size and sha256 its
shard or catalog lists; callers check again what they decode (client.section_bodies,
client.index_chunks). What happens on the way is decided here, once for every kind of file:

- Threads that want the same file at the same time share one download (SingleFlight), which
  keeps the checked file in the cache's derived folder before the waiting threads go on; a
  thread that missed the cache a moment before finds it kept there and fetches nothing.
- Bytes that are not the listed ones start the site's cooldown, as a bad shard does, so the
  next questions do not fetch them again and again.
- A file the site lacks (404; 403 or 410 from object stores and CDNs) means the site was most
  likely published again (a publish replaces the previous build's files): its catalog is marked
  stale, so the next refresh checks it at once, TTL or not (ListedFileGone).
- Every sixteenth of the cache budget fetched (shards included), the cache is trimmed to it
  (DiskCache.trim), never taking a shard a question has open; the trim runs in the thread that
  fetched, outside SiteData's lock, one at a time, and not while ``docclient sync`` runs (sync
  trims once at its end and reports it).

Nothing here takes SiteData's lock: packs and chunks are fetched in worker threads while a query
or ``docclient sync`` holds it. The cooldown, the fetcher and this object have locks of their own.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from urllib.parse import urljoin

from client.catalog_loader import Layer
from client.cooldown import Cooldown
from client.disk_cache import DiskCache
from client.errors import (
    ClientError,
    ConfigError,
    CoolingDown,
    FetchTimeout,
    ListedFileGone,
    NetworkError,
)
from client.fetch import RemoteSite
from client.model import VectorsRef
from client.single_flight import SingleFlight
from schemas.digests import names_content

# (site, reason): record a site's failure (its cooldown starts).
Fail = Callable[[str, str], None]
# (layer, message) -> the error of that source (a site's failure is recorded too).
SourceError = Callable[[Layer, str], ClientError]
# The downloaded shards questions have open now: a trim leaves them.
InUse = Callable[[], Collection[str]]
# The cache is trimmed each time this share of its budget was fetched.
TRIM_EVERY_SHARE = 16


class ListedFiles:
    """The listed files of every layer of one SiteData, and which sites' catalogs are stale."""

    def __init__(
        self,
        cache: DiskCache,
        remotes: Mapping[str, RemoteSite],
        cooldown: Cooldown,
        fail: Fail,
        source_error: SourceError,
        budget_bytes: int,
        in_use: InUse,
    ) -> None:
        self._cache, self._remotes, self._cooldown = cache, remotes, cooldown
        self._fail, self._source_error, self._in_use = fail, source_error, in_use
        self.budget_bytes = budget_bytes
        self._downloads: SingleFlight[bytes] = SingleFlight()
        self._lock = threading.Lock()
        self._stale: set[str] = set()  # sites whose catalog is to be checked again now
        # Of those, sites that lacked a file a catalog lists: that catalog's sha256 -> the status
        # they answered. Only a catalog that still lists it after the check is the site's fault.
        self._lacking: dict[str, dict[str, int]] = {}
        self._fetched_since_trim = 0
        self._trimming = False
        self.paused = False  # docclient sync trims once, at its end

    def stale_sites(self) -> set[str]:
        """Sites whose catalog is to be checked again at the next refresh, TTL or not."""
        with self._lock:
            return set(self._stale)

    def site_lacked(self, layer: Layer, gone: ListedFileGone) -> None:
        """The layer's site lacks a file the layer's catalog lists: the catalog is stale."""
        with self._lock:
            self._stale.add(layer.label)
            self._lacking.setdefault(layer.label, {})[layer.sha256] = gone.status

    def catalog_checked(self, url: str, catalog_sha256: str) -> int | None:
        """``url``'s catalog was just fetched or confirmed (``catalog_sha256``): it is no longer
        stale. The status the site answered for a file this very catalog lists, if it lacked
        one: then the site was not published again, it really lacks the file. A file that an
        older catalog listed (a question still reading it when another one refreshed) is not
        the site's fault."""
        with self._lock:
            self._stale.discard(url)
            return self._lacking.pop(url, {}).get(catalog_sha256)

    def fetch(
        self, layer: Layer, path: str, size: int, sha256: str, what: str, kept_as: str
    ) -> bytes:
        """The bytes of a file a shard lists (a body pack, an index chunk), of the ``size``
        and ``sha256`` it lists, ``what`` naming it in errors. A sound file is kept in the
        cache's derived folder as ``kept_as``; a downloaded one before the threads waiting for
        it go on, so a thread that missed the cache just before it was kept does not fetch it
        again."""
        if layer.folder is not None:
            data = _in_folder(layer.folder, path)
            if data is None:
                raise self._source_error(layer, f"{layer.folder} has no {what} {path}")
            if _matches_listing(data, size, sha256):  # else the caller's check reports it
                self._keep(kept_as, data)  # so that sync, like a shard, copies it once
            return data
        if layer.record is None:
            raise ClientError(f"{layer.label} lists {what}s but has no place to fetch them from")

        def fetch_and_keep() -> bytes:
            kept = self._cache.read_derived(kept_as)
            if kept is not None and _matches_listing(kept, size, sha256):
                return kept  # kept by a download that ended as this thread asked
            if self._cooldown.blocked(layer.label):
                raise CoolingDown(
                    f"the {what} {path} is not cached and {layer.label} is cooling down after "
                    f"a failure; {self._retry(layer)}",
                    hints=[layer.label],
                )
            data = self._checked_download(layer, path, size, sha256, what)
            self._keep(kept_as, data)
            return data

        data = self._downloads.run((layer.label, path), fetch_and_keep)
        self.trim_if_due()
        return data

    def _retry(self, layer: Layer) -> str:
        remaining = self._cooldown.remaining(layer.label)
        if remaining:
            return f"it is tried again in {remaining:.0f} s"
        return "it is tried again at the next call"

    def _keep(self, name: str, data: bytes) -> None:
        """Keep a checked file in the cache's derived folder. A cache that cannot be written
        only costs the next question reading it again."""
        with contextlib.suppress(ClientError):
            self._cache.write_derived(name, data)

    def _checked_download(
        self, layer: Layer, path: str, size: int, sha256: str, what: str
    ) -> bytes:
        """A listed file downloaded and checked against its ``size`` and ``sha256``; a site
        that sent other bytes, or failed, starts its cooldown."""
        try:
            data = self._download(layer, path, size)
        except ListedFileGone:
            raise  # not the site's failure: its catalog is checked again (site_lacked)
        except NetworkError as exc:
            self._fail(layer.label, exc.message)
            # Said as the calls in the cooldown after it say it (which file, which site, when
            # it is tried again), not as the file's URL alone, as client.shard_files says a shard.
            kind = FetchTimeout if isinstance(exc, FetchTimeout) else NetworkError
            raise kind(
                f"the {what} {path} is not cached and {layer.label} failed ({exc.message}); "
                f"{self._retry(layer)}",
                hints=[layer.label],
            ) from exc
        if not _matches_listing(data, size, sha256):
            assert layer.record is not None  # the callers fetch only from a layer with a site
            url = urljoin(layer.record.url, path)
            message = f"{url} is not the {what} the search shard lists (size or sha256)"
            self._fail(layer.label, message)
            with self._lock:  # once the cooldown ends, check the catalog again
                self._stale.add(layer.label)
            raise NetworkError(message, hints=[layer.label])
        return data

    def vectors(self, layer: Layer, ref: VectorsRef) -> bytes:
        """A version's vectors file. A bad one costs the semantic lane only: unlike a bad
        shard, it does not put the site into its cooldown, which would cost the lexical answers
        too."""
        if layer.folder is not None:
            found = _in_folder(layer.folder, ref.path)
            if found is None:
                raise ConfigError(f"{layer.folder} has no vectors file {ref.path}")
            data = found
        elif layer.record is not None:
            data = self._downloads.run(
                (layer.label, ref.path), lambda: self._download(layer, ref.path, ref.bytes)
            )
        else:
            raise ClientError(f"{layer.label} lists vectors but has no place to fetch them from")
        if len(data) != ref.bytes or hashlib.sha256(data).hexdigest() != ref.sha256:
            raise NetworkError(
                f"{ref.path} of {layer.label} is not the vectors file the catalog lists "
                "(size or sha256)",
                hints=[layer.label],
            )
        return data

    def _download(self, layer: Layer, path: str, size: int) -> bytes:
        """A listed file from the layer's site, counted toward the next trim; a 404 marks the
        catalog stale."""
        assert layer.record is not None  # the callers fetch only from a layer with a site
        try:
            data = self._remotes[layer.label].download_listed(layer.record, path, size)
        except ListedFileGone as gone:
            self.site_lacked(layer, gone)
            raise
        self.count(len(data))
        return data

    def count(self, size: int) -> None:
        """``size`` bytes were just fetched: the cache is due for a trim each time a
        TRIM_EVERY_SHARE-th of its budget was, often enough to stay near the budget, rarely
        enough to cost nothing."""
        with self._lock:
            self._fetched_since_trim += size

    def trim_if_due(self, keep: Collection[str] = ()) -> int:
        """Trim the cache to its budget when due, keeping ``keep`` and the shards in use; how
        many files went. Call it holding no lock a question needs: it reads the cache folders."""
        with self._lock:
            due = self._fetched_since_trim * TRIM_EVERY_SHARE >= self.budget_bytes
            if not due or self._trimming or self.paused:
                return 0
            self._fetched_since_trim, self._trimming = 0, True
        try:
            return self._cache.trim(self.budget_bytes, keep={*keep, *self._in_use()})
        finally:
            with self._lock:
                self._trimming = False


def _matches_listing(data: bytes, size: int, sha256: str) -> bool:
    """Whether ``data`` has the ``size`` and ``sha256`` a listing gives."""
    return len(data) == size and names_content(sha256, data)


def _in_folder(folder: Path, path: str) -> bytes | None:
    """The bytes of ``path`` inside a local site's ``folder``; None when it is not there (or
    would lie outside it)."""
    source = (folder / path).resolve()
    if not source.is_relative_to(folder.resolve()) or not source.is_file():
        return None
    try:
        return source.read_bytes()
    except OSError as exc:  # unreadable (permissions, a failing disk): the folder's fault
        raise ConfigError(f"cannot read {source}: {exc.strerror or exc}") from exc
