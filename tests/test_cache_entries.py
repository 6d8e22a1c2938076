"""The build cache keeps its entries in one SQLite file: damaged files are thrown away, unused
entries are swept, the folder of one file per entry that earlier versions kept is retired, two
caches on one folder (two builds) see each other's entries, and a file the build may not write
is still read."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from builder import cache_entries
from builder.cache import BuildCache
from builder.cache_entries import ENTRIES_FILE, EntryStore
from tests.cache_entries_support import kept_payloads


def _kept(root: Path, entries: dict[str, Any]) -> None:
    """A cache in ``root`` that kept ``entries`` and was closed: an earlier build's."""
    cache = BuildCache(root)
    for key, value in entries.items():
        cache.store(key, value)
    cache.close()


def _refusing(message: str) -> Callable[[Path], sqlite3.Connection]:
    """An opener of the entries file that SQLite refuses with ``message``."""

    def refused(path: Path) -> sqlite3.Connection:
        raise sqlite3.OperationalError(message)

    return refused


@contextlib.contextmanager
def _another_build_writing(root: Path) -> Iterator[sqlite3.Connection]:
    """Another build holding its write on ``root``'s entries file (mid-sweep) until the block
    ends."""
    with contextlib.closing(sqlite3.connect(root / ENTRIES_FILE, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        try:
            yield other
        finally:
            other.execute("ROLLBACK")


def test_an_entry_is_kept_across_caches_on_one_folder(tmp_path: Path) -> None:
    first, second = BuildCache(tmp_path), BuildCache(tmp_path)
    first.store("k1", {"kept": 1})
    assert second.load("k1") == {"kept": 1}
    second.store("k2", [2])
    assert first.load("k2") == [2]
    first.close()
    second.close()
    assert BuildCache(tmp_path).load("k1") == {"kept": 1}


def test_a_file_that_is_not_a_database_is_started_again(tmp_path: Path) -> None:
    (tmp_path / ENTRIES_FILE).write_bytes(b"not a database, " * 512)
    cache = BuildCache(tmp_path)
    cache.store("k1", {"kept": 1})  # the first use: the file is started again, not refused
    assert cache.load("k1") == {"kept": 1} and cache.unwritable is None
    assert BuildCache(tmp_path).load("k2") is None


def test_damaged_pages_are_misses_then_the_file_is_started_again(tmp_path: Path) -> None:
    payloads = {f"k{i}": {"body": f"entry {i} " * 400} for i in range(40)}
    _kept(tmp_path, payloads)
    data = bytearray((tmp_path / ENTRIES_FILE).read_bytes())
    for at in range(4096, len(data), 4096):  # every page but the first: trees and payloads
        data[at : at + 64] = b"\xff" * 64
    (tmp_path / ENTRIES_FILE).write_bytes(bytes(data))
    damaged = BuildCache(tmp_path)
    for key, value in payloads.items():
        assert damaged.load(key) in (None, value)  # a miss, never other bytes
    assert damaged.hits < len(payloads)
    damaged.store("k0", payloads["k0"])
    assert damaged.load("k0") == payloads["k0"]


def test_a_payload_that_does_not_match_its_checksum_is_a_miss_and_dropped(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    cache.store("k1", {"kept": 1})
    store = EntryStore(tmp_path)
    store.put("k1", store.get("k1")[0], b'{"kept":2}')  # type: ignore[index]
    store.close()
    assert cache.load("k1") is None and cache.corrupt == 1
    assert "k1" not in kept_payloads(tmp_path)


def test_the_sweep_keeps_what_the_build_used_and_retires_the_old_folder(tmp_path: Path) -> None:
    old = tmp_path / "entries" / "ab"
    old.mkdir(parents=True)
    (old / "ab12.json").write_bytes(b"an entry as docbuild-cache@4 kept it")
    _kept(tmp_path, {"used": ["used"], "unused": ["unused"]})
    build = BuildCache(tmp_path)
    assert build.load("used") == ["used"]
    build.store("new", ["new"])
    assert build.sweep() >= 2  # the old folder and the entry nobody used
    assert set(kept_payloads(tmp_path)) == {"used", "new"}
    assert not (tmp_path / "entries").exists()


def test_the_file_gives_back_what_the_sweep_deleted(tmp_path: Path) -> None:
    _kept(tmp_path, {f"k{i}": {"body": f"{i} " * 2000} for i in range(200)})
    full = (tmp_path / ENTRIES_FILE).stat().st_size
    build = BuildCache(tmp_path)
    assert build.load("k0") is not None
    build.sweep()
    build.close()
    assert (tmp_path / ENTRIES_FILE).stat().st_size < full / 10


def test_a_cache_the_build_may_not_write_is_still_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests run as root, whom no permission stops: the refusal is SQLite's own message for a
    # read-only folder (checked by hand as an unprivileged user, README "Rebuilds").
    _kept(tmp_path, {"k1": {"kept": 1}})
    monkeypatch.setattr(cache_entries, "_open", _refusing("attempt to write a readonly database"))
    monkeypatch.setattr(cache_entries, "_writable", lambda path: False)
    read_only = BuildCache(tmp_path)
    assert read_only.load("k1") == {"kept": 1}
    read_only.store("k2", [2])
    assert read_only.unwritable is not None and "readonly" in read_only.unwritable
    assert read_only.sweep() == 0 and read_only.load("k1") == {"kept": 1}


def test_a_refusal_of_a_cache_it_may_write_is_not_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _kept(tmp_path, {"k1": {"kept": 1}})
    monkeypatch.setattr(cache_entries, "_open", _refusing("disk I/O error"))
    cache = BuildCache(tmp_path)
    assert cache.load("k1") is None
    cache.store("k2", [2])
    assert cache.unwritable is not None and "disk I/O error" in cache.unwritable


def test_a_row_that_holds_another_keys_entry_is_a_miss(tmp_path: Path) -> None:
    # One damaged byte of the key index (a row number) makes a key's lookup reach another
    # row: its payload and checksum agree, and must not be served under the key asked for.
    _kept(tmp_path, {"k1": {"page": "one"}, "k2": {"page": "two"}})
    with contextlib.closing(sqlite3.connect(tmp_path / ENTRIES_FILE)) as conn, conn:
        conn.execute(
            "UPDATE entries SET (sha256, payload) = "
            "(SELECT sha256, payload FROM entries WHERE key = 'k2') WHERE key = 'k1'"
        )
    reread = BuildCache(tmp_path)
    assert reread.load("k1") is None and reread.corrupt == 1
    assert reread.load("k2") == {"page": "two"}


def test_a_cache_the_build_may_not_write_gets_nothing_beside_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another user's entries file in a folder both may write: SQLite would open it read-only
    # but make its log and shared-memory file, owned by this user, which the file's owner may
    # not write: the owner's next builds could then neither read the cache nor keep anything.
    _kept(tmp_path, {"k1": {"kept": 1}})
    monkeypatch.setattr(cache_entries, "_file_writable", lambda path: False)
    reader = BuildCache(tmp_path)
    assert reader.load("k1") == {"kept": 1}
    reader.sweep()
    assert sorted(path.name for path in tmp_path.glob(f"{ENTRIES_FILE}*")) == [ENTRIES_FILE]
    reader.close()


def test_a_cache_the_build_may_not_write_is_never_thrown_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another user's file, read as immutable while that user's build writes it, reads as
    # damaged now and then: it is that build's, not to be deleted and replaced by this one's.
    foreign = b"not a database to this build, " * 512
    (tmp_path / ENTRIES_FILE).write_bytes(foreign)
    monkeypatch.setattr(cache_entries, "_file_writable", lambda path: False)
    reader = BuildCache(tmp_path)
    assert reader.load("k1") is None
    reader.store("k1", [1])
    assert reader.load("k1") is None and reader.unwritable is not None
    reader.close()
    assert (tmp_path / ENTRIES_FILE).read_bytes() == foreign


def test_a_build_reads_while_another_build_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Opening the file wrote its header (the auto_vacuum setting) every time, so a build's
    # first read waited out the busy timeout behind another build's write, then missed; and
    # every read after it opened again and waited again.
    monkeypatch.setattr(cache_entries, "BUSY_TIMEOUT_MS", 50)
    _kept(tmp_path, {"k1": {"kept": 1}})
    with _another_build_writing(tmp_path) as other:
        other.execute("DELETE FROM entries WHERE key = 'k0'")
        reader = BuildCache(tmp_path)
        assert reader.load("k1") == {"kept": 1}
        reader.close()


def test_a_payload_kept_as_another_type_is_a_miss(tmp_path: Path) -> None:
    # One flipped bit of a record's header turns its blob into text of the same length: the
    # build failed with a TypeError on reading it, and on every build after.
    _kept(tmp_path, {"k1": {"kept": 1}})
    with contextlib.closing(sqlite3.connect(tmp_path / ENTRIES_FILE)) as conn, conn:
        conn.execute("UPDATE entries SET payload = CAST(payload AS TEXT)")
    reread = BuildCache(tmp_path)
    assert reread.load("k1") is None
    reread.store("k1", {"kept": 1})
    assert reread.load("k1") == {"kept": 1}


def test_a_refused_write_refuses_the_rest_of_the_build_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another build holding its write for longer than the busy timeout: without this, every
    # later store of the build waited the whole timeout again.
    monkeypatch.setattr(cache_entries, "BUSY_TIMEOUT_MS", 50)
    _kept(tmp_path, {"k0": [0]})
    cache = BuildCache(tmp_path)
    with _another_build_writing(tmp_path):
        cache.store("k1", [1])
    assert cache.unwritable is not None and "locked" in cache.unwritable
    cache.store("k2", [2])  # refused without another try, though the lock is gone
    assert cache.load("k2") is None and cache.load("k0") == [0]
    assert BuildCache(tmp_path).load("k2") is None


def test_the_file_is_never_synced_so_closing_it_does_not_wait_for_the_disk(
    tmp_path: Path,
) -> None:
    # The checkpoint that closing the file makes would wait for the disk to take the log and
    # the file (a sixth of a one-page rebuild); the entries are checked when read instead.
    with contextlib.closing(cache_entries._open(tmp_path / ENTRIES_FILE)) as conn:
        assert conn.execute("PRAGMA synchronous").fetchone() == (0,)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
