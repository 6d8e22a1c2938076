"""The cache directory: content-addressed files that several processes share without locks.

Layout under the cache dir (``v1/`` so a later layout never reads this one)::

    v1/blobs/<sha256>                  a catalog.json or index.json body, named by its hash
    v1/copies/<key>.json               the last good copy of one source: which blob, its
                                       validators (ETag, Last-Modified), fetchedAt, checkedAt
    v1/verdicts/<sha256>.<kind>.json   "this blob passed validation" (plus, for an index, its
                                       entries without volumes), so a warm start skips the check
    v1/shards/<key>.sqlite             a shard database, uncompressed, ready to open read-only
    v1/shards/<key>.json               its sidecar: the database's own sha256 and size
    v1/last-good/<key>.json            per source, library and version: the published shard
                                       that last opened, the fallback when a newer one is bad
    v1/failing/<key>.json              per site that is failing: since when (its first failure
                                       with no success after it), removed when it answers
    v1/built/<key>.sqlite, <key>.json  the same for shards the client built from a plain host's
                                       index.json; the sidecar's mtime is when it was last used,
                                       so the least recently used go first when over budget
    v1/derived/<name>                  body packs, index chunks, vectors and structures computed
                                       from a catalog, each after the sha256 of the rest; its
                                       mtime is when it was last read (a pack's or chunk's
                                       name: listed_file_name)

Downloaded shards and derived files share one budget (:meth:`DiskCache.trim`): a site published
every day would otherwise fill the disk with the shards, packs and chunks of every build.

Every write goes to a temporary file in the target's folder, is fsynced, then renamed over the
target, so a reader sees the old file or the new one, never half of one. Blobs and shards are
named by content, so two processes writing the same name write the same bytes and either rename
wins (on Windows, where a file in use cannot be renamed over, the one already in place stays:
client.atomic_rename). A copy record is small and written last, after the blob it names is in
place.

Nothing read from here is trusted: a blob whose hash differs from its name, a record or verdict
that is not the JSON expected, a shard whose sidecar disagrees with it, is removed and counts as
absent, and the caller fetches or builds it again. A process killed mid-write leaves only a
``.tmp-*`` file, which no reader ever opens; :meth:`DiskCache.remove_temporary` clears old ones.

A cache directory that cannot be created or written is a ConfigError (choose another one); a
write that fails on the way (a full disk) is a ClientError. No OSError leaves this module.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from collections.abc import Collection, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO, TypeGuard, cast

import orjson

from client.atomic_rename import replace_file
from client.errors import ClientError, ConfigError
from schemas.digests import FULL_NAME_DIGITS, file_sha256

LAYOUT = "v1"
_CACHE_OPTIONS = ["--cache-dir", "DOCTROVE_CACHE_DIR"]
TEMP_PREFIX = ".tmp-"
_SHA256_HEX = frozenset("0123456789abcdef")
_LATEST_TIME = 253_402_300_799  # 9999-12-31T23:59:59Z, the last second ISO 8601 writes


@dataclass(frozen=True)
class CopyRecord:
    """The last good copy of a source's catalog.json or index.json."""

    url: str  # the document's URL (after redirects)
    document: str  # "catalog", "index" or "lookup"
    sha256: str  # of the body, which is the blob of that name
    bytes: int
    etag: str | None
    last_modified: str | None
    fetched_at: float  # seconds since the epoch: when this body was downloaded
    checked_at: float  # when the remote last confirmed it (200 or 304)


def hash_key(*parts: str) -> str:
    """A file-name-safe key for a tuple of strings (a URL; an index hash, id and version)."""
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def _is_sha256(text: str) -> bool:
    return len(text) == 64 and set(text) <= _SHA256_HEX


def _discard(path: Path) -> None:
    # Removing a bad file is a courtesy to the next reader; failing to is not an error.
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable; some filesystems cannot open a folder, which is harmless.
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class DiskCache:
    """The cache directory at ``root``; every method is safe against other processes using it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.base = root / LAYOUT
        self._verified: dict[Path, tuple[int, int]] = {}

    def _folder(self, name: str) -> Path:
        folder = self.base / name
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"cannot use the cache directory {self.root}: {exc.strerror or exc}",
                hints=_CACHE_OPTIONS,
            ) from None
        return folder

    @contextlib.contextmanager
    def temporary(self, folder: str) -> Iterator[tuple[Path, BinaryIO]]:
        """A new temporary file in ``folder``, removed on exit unless it was renamed away.

        OSError while the file is written or renamed (a full disk) becomes ClientError: the
        cache's one boundary for write failures.
        """
        where = self._folder(folder)
        try:
            handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - renamed, not closed, on success
                dir=where, prefix=TEMP_PREFIX, delete=False
            )
        except OSError as exc:
            raise ConfigError(_unwritable(where, exc), hints=_CACHE_OPTIONS) from None
        path = Path(handle.name)
        try:
            yield path, cast(BinaryIO, handle)
        except OSError as exc:
            raise ClientError(_unwritable(where, exc), hints=_CACHE_OPTIONS) from exc
        finally:
            handle.close()
            path.unlink(missing_ok=True)

    def commit(self, temporary: Path, handle: BinaryIO, target: Path) -> None:
        """Make the temporary file durable and rename it to ``target`` in one step."""
        handle.flush()
        os.fsync(handle.fileno())
        handle.close()
        replace_file(temporary, target)
        _fsync_folder(target.parent)

    def write_atomic(self, folder: str, name: str, data: bytes) -> Path:
        target = self._folder(folder) / name
        with self.temporary(folder) as (path, handle):
            handle.write(data)
            self.commit(path, handle, target)
        return target

    def _read_json(self, path: Path) -> dict[str, Any] | None:
        try:
            document = orjson.loads(path.read_bytes())
        except FileNotFoundError:
            return None
        except (OSError, orjson.JSONDecodeError):
            _discard(path)
            return None
        if not isinstance(document, dict):
            _discard(path)
            return None
        return document

    # Derived data: structures computed from a catalog, kept so a new process need not
    # compute them again. Each file starts with the sha256 of the rest, so a damaged one is
    # detected, discarded and recomputed, never trusted.

    def read_derived(self, name: str) -> bytes | None:
        path = self.base / "derived" / name
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        digest, _, payload = raw.partition(b"\n")
        if hashlib.sha256(payload).hexdigest().encode() != digest:
            _discard(path)
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # last used, for trim
        return payload

    def write_derived(self, name: str, payload: bytes) -> None:
        digest = hashlib.sha256(payload).hexdigest().encode()
        self.write_atomic("derived", name, digest + b"\n" + payload)

    # Blobs: catalog.json and index.json bodies.

    def blob_path(self, sha256: str) -> Path:
        return self.base / "blobs" / sha256

    def store_blob(self, temporary: Path, handle: BinaryIO, sha256: str) -> Path:
        """Rename a downloaded body into place under its hash (the caller computed it)."""
        target = self.blob_path(sha256)
        self.commit(temporary, handle, target)
        return target

    def read_blob(self, sha256: str) -> bytes | None:
        """The body with this hash, or None when absent or not what its name says."""
        path = self.blob_path(sha256)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if hashlib.sha256(data).hexdigest() != sha256:
            _discard(path)
            return None
        return data

    # Copy records: one per source.

    def read_copy(self, source: str) -> CopyRecord | None:
        """The record of ``source``'s last good copy, if one is stored and its blob is sound."""
        path = self.base / "copies" / f"{hash_key(source)}.json"
        document = self._read_json(path)
        if document is None:
            return None
        try:
            record = CopyRecord(**document)
        except TypeError:
            record = None
        if record is None or not _copy_is_sound(record):
            _discard(path)
            return None
        return record

    def write_copy(self, source: str, record: CopyRecord) -> None:
        previous = self.read_copy(source)
        self.write_atomic("copies", f"{hash_key(source)}.json", orjson.dumps(asdict(record)))
        if previous and previous.sha256 != record.sha256:
            self._forget_blob(previous.sha256)

    def _forget_blob(self, sha256: str) -> None:
        """Remove a blob no copy record names any more (another source may share it)."""
        for path in (self.base / "copies").glob("*.json"):
            document = self._read_json(path)
            if document and document.get("sha256") == sha256:
                return
        _discard(self.blob_path(sha256))

    # Verdicts: validation results by body hash.

    def read_verdict(self, sha256: str, kind: str) -> dict[str, Any] | None:
        return self._read_json(self.base / "verdicts" / f"{sha256}.{kind}.json")

    def write_verdict(self, sha256: str, kind: str, verdict: dict[str, Any]) -> None:
        self.write_atomic("verdicts", f"{sha256}.{kind}.json", orjson.dumps(verdict))

    # Shards: uncompressed databases with a sidecar, in "shards" (published) or "built".

    def shard_path(self, key: str, folder: str = "shards") -> Path | None:
        """The database stored under ``key``, checked against its sidecar (hashed once per
        process while the file is unchanged); None when absent or unsound (then removed)."""
        where = self.base / folder
        database, sidecar = where / f"{key}.sqlite", where / f"{key}.json"
        try:
            stat = database.stat()
        except OSError:
            return None
        signature = (stat.st_size, stat.st_mtime_ns)
        if self._verified.get(database) == signature:
            return database
        facts = self._read_json(sidecar)
        if facts is None:
            return None  # the writer renames the sidecar last; it may be on its way
        if facts.get("rawBytes") != stat.st_size or facts.get("rawSha256") != file_sha256(database):
            self.remove_shard(key, folder)
            return None
        self._verified[database] = signature
        return database

    def install_shard(
        self, key: str, temporary: Path, handle: BinaryIO, folder: str = "shards"
    ) -> Path:
        """Rename a finished database into place under ``key``, then write its sidecar."""
        handle.flush()
        size = os.fstat(handle.fileno()).st_size
        raw_sha256 = file_sha256(temporary)
        where = self._folder(folder)
        self.commit(temporary, handle, where / f"{key}.sqlite")
        facts = {"rawBytes": size, "rawSha256": raw_sha256}
        self.write_atomic(folder, f"{key}.json", orjson.dumps(facts))
        return where / f"{key}.sqlite"

    def remove_shard(self, key: str, folder: str = "shards") -> None:
        where = self.base / folder
        for name in (f"{key}.sqlite", f"{key}.json"):
            _discard(where / name)
        self._verified.pop(where / f"{key}.sqlite", None)

    def mark_used(self, key: str, folder: str) -> None:
        """Record that a shard was just used (its sidecar's mtime), for :meth:`trim_shards`."""
        with contextlib.suppress(OSError):
            os.utime(self.base / folder / f"{key}.json")

    def shards_in(self, folder: str) -> list[tuple[float, int, str]]:
        """(last used, bytes, key) of each database in ``folder``, least recently used first."""
        found = []
        for database in (self.base / folder).glob("*.sqlite"):
            with contextlib.suppress(OSError):
                size = database.stat().st_size
                try:
                    used = database.with_suffix(".json").stat().st_mtime
                except OSError:
                    used = 0.0  # no sidecar: unusable anyway, so the first to go
                found.append((used, size, database.stem))
        return sorted(found)

    def trim_shards(self, folder: str, max_bytes: int, max_count: int, keep: str) -> int:
        """Remove the least recently used databases of ``folder`` (never ``keep``) until the
        rest fit in ``max_bytes`` and ``max_count``; return how many went."""
        shards = self.shards_in(folder)
        total, count, removed = sum(size for _, size, _ in shards), len(shards), 0
        for _used, size, key in shards:
            if total <= max_bytes and count <= max_count:
                break
            if key == keep:
                continue
            self.remove_shard(key, folder)
            total, count, removed = total - size, count - 1, removed + 1
        return removed

    def trim(self, max_bytes: int, keep: Collection[str] = ()) -> int:
        """Remove the least recently used downloaded shards and derived files until the rest
        fit in ``max_bytes``, never the shards named in ``keep`` (in use); how many went. A file
        another process was about to read is fetched or computed again by it, never misread:
        every file here is checked when read."""
        shards = self.shards_in("shards")
        total = sum(size for _, size, _ in shards)
        used: list[tuple[float, int, Path | str]] = [s for s in shards if s[2] not in keep]
        with contextlib.suppress(OSError), os.scandir(self.base / "derived") as files:
            for file in files:
                if not file.name.startswith(TEMP_PREFIX):
                    with contextlib.suppress(OSError):
                        stat = file.stat()
                        used.append((stat.st_mtime, stat.st_size, Path(file.path)))
                        total += stat.st_size
        used.sort(key=lambda item: item[0])
        removed = 0
        for _last_used, size, what in used:
            if total <= max_bytes:
                break
            if isinstance(what, Path):
                _discard(what)
            else:
                self.remove_shard(what)
            total, removed = total - size, removed + 1
        return removed

    # Last good shards: which published shard of a source's version last opened.

    def read_last_good(self, source: str, entry_id: str, version: str) -> tuple[str, int] | None:
        """(sha256, sections) of the published shard that last opened for this version."""
        document = self._read_json(
            self.base / "last-good" / f"{hash_key(source, entry_id, version)}.json"
        )
        if document is None:
            return None
        sha256, sections = document.get("sha256"), document.get("sections")
        if not (isinstance(sha256, str) and _is_sha256(sha256) and type(sections) is int):
            return None
        return sha256, sections

    def write_last_good(
        self, source: str, entry_id: str, version: str, sha256: str, sections: int
    ) -> None:
        if self.read_last_good(source, entry_id, version) != (sha256, sections):
            name = f"{hash_key(source, entry_id, version)}.json"
            self.write_atomic(
                "last-good", name, orjson.dumps({"sha256": sha256, "sections": sections})
            )

    # Failing sites: since when, so that a new process can say how long a site has been down.

    def read_failing_since(self, source: str) -> float | None:
        document = self._read_json(self.base / "failing" / f"{hash_key(source)}.json")
        since = document.get("since") if document else None
        # A damaged or forged time (1e20) would fail whoever renders it: it is no record.
        return float(since) if _renderable_time(since) else None

    def write_failing_since(self, source: str, since: float) -> None:
        self.write_atomic("failing", f"{hash_key(source)}.json", orjson.dumps({"since": since}))

    def clear_failing(self, source: str) -> None:
        _discard(self.base / "failing" / f"{hash_key(source)}.json")

    # Housekeeping.

    def remove_temporary(self, older_than: float, now: float | None = None) -> int:
        """Remove temporary files left by processes that died; return how many went."""
        now = time.time() if now is None else now
        removed = 0
        for path in self.base.glob(f"*/{TEMP_PREFIX}*"):
            with contextlib.suppress(OSError):
                if now - path.stat().st_mtime >= older_than:
                    path.unlink()
                    removed += 1
        return removed

    def status(self) -> dict[str, Any]:
        """What the cache holds: its folder, total size, and file counts and sizes by kind."""
        kinds: dict[str, dict[str, int]] = {}
        for name in ("blobs", "copies", "verdicts", "shards", "built", "derived"):
            files = sizes = temporary = 0
            folder = self.base / name
            for path in folder.iterdir() if folder.is_dir() else ():
                with contextlib.suppress(OSError):
                    size = path.stat().st_size
                    if path.name.startswith(TEMP_PREFIX):
                        temporary += 1
                    elif name not in ("shards", "built") or path.suffix == ".sqlite":
                        files += 1
                    sizes += size
            kinds[name] = {"files": files, "bytes": sizes, "temporary": temporary}
        return {
            "path": str(self.root),
            "bytes": sum(k["bytes"] for k in kinds.values()),
            **kinds,
        }


def _copy_is_sound(record: CopyRecord) -> bool:
    return (
        isinstance(record.url, str)
        and record.document in ("catalog", "index", "lookup")
        and isinstance(record.sha256, str)
        and _is_sha256(record.sha256)
        and type(record.bytes) is int
        and all(v is None or isinstance(v, str) for v in (record.etag, record.last_modified))
        and all(_renderable_time(t) for t in (record.fetched_at, record.checked_at))
    )


def _renderable_time(value: object) -> TypeGuard[int | float]:
    """A time a record may hold: a number of seconds that ISO 8601 can write. A damaged or
    forged one (1e20) made every ``docclient status`` and answer's provenance fail."""
    return isinstance(value, int | float) and 0 <= value <= _LATEST_TIME


def _unwritable(where: Path, exc: OSError) -> str:
    return (
        f"cannot write to the cache directory {where}: {exc.strerror or exc}; free some space "
        "there or choose another directory (--cache-dir, DOCTROVE_CACHE_DIR)"
    )


def listed_file_name(kind: str, name: str, site: str) -> str:
    """The name a body pack or index chunk a shard lists (``kind`` "bodies" or "chunk", by its
    content ``name``) is kept under in the derived folder. A whole sha256 names its content
    alone, so every site shares the file. A doctrove-shard@6 name is 128 bits of it: enough
    within a site, whose catalog vouches for its files, but another site the client reads
    could list a file made to share those bits with one of this site's (a collision, about
    2**64 work), so such a file is kept per ``site`` (its URL or folder)."""
    if len(name) == FULL_NAME_DIGITS:
        return f"{kind}-{name}"
    return f"{kind}-{hashlib.sha256(site.encode()).hexdigest()[:16]}-{name}"
