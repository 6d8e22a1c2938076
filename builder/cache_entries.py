"""The build cache's entries, kept in one SQLite file: each a payload under its key, with the
checksum it was stored with.

One file rather than one file per entry: a first build of the Python 3.11 docs keeps 2,275
entries, and on this project's disk creating a file costs more than writing its 18 KB
(bench/cache_entries.py, two runs: 0.56-1.28 s for them all as files, 0.33-0.37 s as rows;
on a RAM disk, where a file is cheap, 0.13-0.16 s against 0.15-0.20 s). The file is in
WAL mode: a build's reads never wait for another build writing to the same cache, and a commit
appends to the log instead of creating a journal file. Nothing is ever synced
(synchronous=OFF): the checkpoint that closing the file makes waited for the disk to take the
log and the file, 0.12 s of a one-page rebuild of the Python 3.11 docs (a sixth of it) spent
waiting, with the processor idle, for a cache. The system writes them out when it will; a
crash of the machine before it has may lose the last entries or damage the file, which is then
thrown away as below, and every entry is checked against the sha256 of its key and payload
when read (builder.cache.entry_digest): a row that survives is one some build wrote under its
key, never another's payload.

A file that is not an SQLite database, or whose pages are damaged, is the cache's to throw away:
it is deleted and started again (its entries are misses). A file the build may not write is
read as it is. Errors the file system raises pass through as sqlite3.Error, for BuildCache to
count as a cache it cannot write.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Collection
from pathlib import Path

ENTRIES_FILE = "entries.sqlite"
# How long a build waits for another build sharing the cache to finish a write.
BUSY_TIMEOUT_MS = 10_000
# What ``PRAGMA auto_vacuum`` reads for FULL.
AUTO_VACUUM_FULL = 1
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS entries ("
    "key TEXT PRIMARY KEY NOT NULL, sha256 TEXT NOT NULL, payload BLOB NOT NULL)"
)


class EntryStore:
    """Payloads by key in ``root``'s entries file, opened on first use."""

    def __init__(self, root: Path) -> None:
        self.path = root / ENTRIES_FILE
        self._conn: sqlite3.Connection | None = None
        # Why a write was refused (read-only, full, locked by another build for longer than
        # the busy timeout): later writes are refused at once, not each after its own wait.
        self._refused: sqlite3.OperationalError | None = None

    def get(self, key: str) -> tuple[str, bytes] | None:
        """The sha256 and payload stored under ``key``, or None (also when the file cannot be
        read: then every entry is a miss)."""
        try:
            row = (
                self._connection()
                .execute("SELECT sha256, payload FROM entries WHERE key = ?", (key,))
                .fetchone()
            )
        except sqlite3.DatabaseError as error:
            self._discard_if_damaged(error)
            return None
        if row is None:
            return None
        sha256, payload = row
        # A damaged record can give a column another type (one bit makes a blob text).
        if not (isinstance(sha256, str) and isinstance(payload, bytes)):
            return None
        return sha256, payload

    def put(self, key: str, sha256: str, payload: bytes) -> None:
        """Keep ``payload`` under ``key``, replacing what was there."""
        if self._refused is not None:
            raise self._refused
        try:
            self._connection().execute(
                "INSERT OR REPLACE INTO entries VALUES (?, ?, ?)", (key, sha256, payload)
            )
        except sqlite3.OperationalError as error:
            self._refused = error
            raise
        except sqlite3.DatabaseError as error:
            self._discard_if_damaged(error)
            raise

    def delete(self, key: str) -> None:
        """Drop the entry under ``key``; one that cannot be dropped stays (a read-only cache)."""
        with contextlib.suppress(OSError, sqlite3.Error):
            self._connection().execute("DELETE FROM entries WHERE key = ?", (key,))

    def kept_keys(self) -> list[str]:
        """Every key kept, in order."""
        try:
            rows = self._connection().execute("SELECT key FROM entries ORDER BY key")
            return [str(key) for (key,) in rows]
        except (OSError, sqlite3.Error):
            return []

    def keep_only(self, used: Collection[str]) -> int:
        """Delete every entry whose key is not in ``used``; return how many were deleted. The
        pages they held are given back to the file system (auto_vacuum), so the file tracks
        what is kept."""
        if not self.path.exists():
            return 0
        try:
            conn = self._connection()
            conn.execute("BEGIN")
            try:
                conn.execute("CREATE TEMP TABLE IF NOT EXISTS used (key TEXT PRIMARY KEY)")
                conn.execute("DELETE FROM temp.used")
                conn.executemany("INSERT OR IGNORE INTO temp.used VALUES (?)", ((k,) for k in used))
                removed = conn.execute(
                    "DELETE FROM entries WHERE key NOT IN (SELECT key FROM temp.used)"
                ).rowcount
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return removed
        except (OSError, sqlite3.Error):
            return 0  # tidying: a cache that cannot be tidied keeps its entries

    def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            conn.close()

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.is_file() and not _file_writable(self.path):
                # Not opened for writing even where SQLite could: it would make a log and a
                # shared-memory file of this user's beside another's file, which its owner may
                # not write, and the owner's builds could then neither read nor keep anything.
                self._conn = _open_read_only(self.path)
                return self._conn
            try:
                self._conn = _open(self.path)
            except sqlite3.DatabaseError as error:
                if _is_damage(error):
                    self._delete_file()
                    self._conn = _open(self.path)
                elif self.path.is_file() and not _writable(self.path):
                    self._conn = _open_read_only(self.path)
                else:
                    raise
        return self._conn

    def _discard_if_damaged(self, error: sqlite3.DatabaseError) -> None:
        """Throw a damaged file away, so that the next use starts an empty one; a file the
        build may not write is left to its owner's builds (read as immutable while one of them
        writes it, it seems damaged, and this build would make its own empty file in its place,
        which the owner's builds could then not write)."""
        if _is_damage(error):
            self.close()
            if _writable(self.path):
                self._delete_file()

    def _delete_file(self) -> None:
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(f"{self.path}{suffix}")


def _open(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        # Pages a sweep frees are given back when it commits (chosen before the first table
        # is made: it is for a new file). Only asked of a file that has not chosen it yet:
        # setting it writes the file's header, which waits for any other build's write.
        if conn.execute("PRAGMA auto_vacuum").fetchone()[0] != AUTO_VACUUM_FULL:
            conn.execute("PRAGMA auto_vacuum = FULL")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute(_SCHEMA)
    except BaseException:
        conn.close()  # not left for the collector: the file stays unlocked
        raise
    return conn


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A cache the build may not write (a read-only folder or file) is still read. SQLite
    reads a WAL file only where it can make its shared-memory file, unless told the file
    cannot change (immutable): a build that closed it left everything in the file itself. A
    file that another user's build writes meanwhile may read as damaged, or a row as another's:
    misses, each payload being checked with its key (builder.cache.entry_digest)."""
    uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None)
    try:
        conn.execute("SELECT 1 FROM entries LIMIT 1").fetchall()
    except BaseException:
        conn.close()
        raise
    return conn


def _file_writable(path: Path) -> bool:
    return os.access(path, os.W_OK)


def _writable(path: Path) -> bool:
    """Whether the build may write the file and its folder (make its log files, delete it)."""
    return _file_writable(path) and os.access(path.parent, os.W_OK)


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    """Whether ``error`` says the file is not a database or its pages are damaged (not that
    it could not be opened or written, which is the file system's say)."""
    code = getattr(error, "sqlite_errorcode", None)
    # Extended codes (SQLITE_CORRUPT_INDEX...) keep the primary code in their low byte.
    return code is not None and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
