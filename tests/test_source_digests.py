"""builder.source_digests: a source file is hashed again only when its stat changed."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import BinaryIO

import pytest

import builder.source_digests
from builder.cache import BuildCache
from builder.source_digests import FileDigest, source_digests
from builder.sources import Candidate


def candidates(folder: Path) -> list[Candidate]:
    return [Candidate(p.name, p) for p in sorted(folder.iterdir())]


def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    real = builder.source_digests.open_regular

    def open_regular(path: Path, identity: tuple[int, int] | None = None) -> BinaryIO | str:
        read.append(path.name)
        return real(path, identity)

    monkeypatch.setattr(builder.source_digests, "open_regular", open_regular)
    return read


def digest(data: bytes) -> FileDigest:
    return FileDigest(hashlib.sha256(data).hexdigest(), len(data))


def age(path: Path) -> None:
    """Make ``path`` look written long ago: its stat then vouches for its bytes."""
    os.utime(path, ns=(0, 0))


@pytest.fixture
def settled_now(monkeypatch: pytest.MonkeyPatch) -> None:
    # A file's change time cannot be set back: count every change as settled.
    monkeypatch.setattr(builder.source_digests, "RACY_NANOSECONDS", -(10**18))


def test_an_unchanged_file_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settled_now: None
) -> None:
    (tmp_path / "docs").mkdir()
    for name in ("a.md", "b.md"):
        (tmp_path / "docs" / name).write_bytes(f"# {name}\n".encode())
    files = candidates(tmp_path / "docs")
    first, readable = source_digests(BuildCache(tmp_path / "cache"), "k", files)
    assert readable and first == {"a.md": digest(b"# a.md\n"), "b.md": digest(b"# b.md\n")}
    read = reads(monkeypatch)
    (tmp_path / "docs" / "b.md").write_bytes(b"# b.md, longer\n")
    again, _ = source_digests(BuildCache(tmp_path / "cache"), "k", files)
    assert read == ["b.md"]
    assert again == {"a.md": digest(b"# a.md\n"), "b.md": digest(b"# b.md, longer\n")}


def test_a_same_size_edit_with_its_old_times_put_back_is_seen(
    tmp_path: Path, settled_now: None
) -> None:
    # cp -p and rsync -t put a modification time back; the change time still moves.
    page = tmp_path / "docs" / "a.md"
    page.parent.mkdir()
    page.write_bytes(b"# Alpha\n")
    age(page)
    files = candidates(tmp_path / "docs")
    source_digests(BuildCache(tmp_path / "cache"), "k", files)
    page.write_bytes(b"# Omega\n")
    age(page)
    again, _ = source_digests(BuildCache(tmp_path / "cache"), "k", files)
    assert again == {"a.md": digest(b"# Omega\n")}


def test_a_file_changed_just_now_is_hashed_every_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Written within the racy window, its stat could still be the same after another write
    # in the same clock tick: it is read on every build until it is older.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_bytes(b"# Alpha\n")
    files = candidates(tmp_path / "docs")
    source_digests(BuildCache(tmp_path / "cache"), "k", files)
    read = reads(monkeypatch)
    again, _ = source_digests(BuildCache(tmp_path / "cache"), "k", files)
    assert read == ["a.md"] and again == {"a.md": digest(b"# Alpha\n")}


def test_a_damaged_entry_and_an_unreadable_file(tmp_path: Path, settled_now: None) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_bytes(b"# Alpha\n")
    files = candidates(tmp_path / "docs")
    cache = BuildCache(tmp_path / "cache")
    source_digests(cache, "k", files)
    kept = cache.load("k")
    assert isinstance(kept, dict)
    cache.store("k", {"a.md": [*kept["a.md"][:-1], "../not-a-digest"]})
    again, readable = source_digests(BuildCache(tmp_path / "cache"), "k", files)
    assert readable and again == {"a.md": digest(b"# Alpha\n")}
    (tmp_path / "docs" / "a.md").unlink()
    gone, readable = source_digests(BuildCache(tmp_path / "cache"), "k", files)
    assert gone == {} and not readable


def test_a_file_replaced_by_a_fifo_after_listing_is_not_waited_on(tmp_path: Path) -> None:
    """Hashing opens the file a second time, after the listing: a FIFO swapped in since then
    leaves the version unkeyed (rebuilt), and the build never waits for a writer."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_bytes(b"# A\n")
    os.mkfifo(tmp_path / "docs" / "b.md")
    digests, readable = source_digests(
        BuildCache(tmp_path / "cache"), "k", candidates(tmp_path / "docs")
    )
    assert not readable
    assert digests == {"a.md": digest(b"# A\n")}


def test_a_link_pointed_elsewhere_after_listing_is_not_hashed(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "first.md").write_bytes(b"# First\n")
    (tmp_path / "docs" / "other.md").write_bytes(b"# Other\n")
    link = tmp_path / "docs" / "link.md"
    link.symlink_to("first.md")
    listed = os.stat(tmp_path / "docs" / "first.md")
    link.unlink()
    link.symlink_to("other.md")
    files = [Candidate("link.md", link, identity=(listed.st_dev, listed.st_ino))]
    digests, readable = source_digests(BuildCache(tmp_path / "cache"), "k", files)
    assert (digests, readable) == ({}, False)
