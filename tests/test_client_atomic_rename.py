"""client.atomic_rename: a rename over a file in use, as Windows refuses it (PermissionError),
is retried, and a target already holding the same bytes counts as written; on POSIX the same
refusal is a permission problem, raised at once. The Windows branch runs here by setting
REFUSAL_MEANS_IN_USE and making os.replace refuse the way Windows does."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from client import atomic_rename
from client.atomic_rename import replace_file
from client.disk_cache import DiskCache
from client.errors import ClientError


def refuse_renames(monkeypatch: pytest.MonkeyPatch, times: int) -> list[int]:
    """os.replace fails ``times`` times as Windows fails over an open file, then works."""
    real: Callable[..., None] = os.replace
    calls: list[int] = []

    def replace(source: object, target: object) -> None:
        calls.append(1)
        if len(calls) <= times:
            raise PermissionError(13, "The process cannot access the file", str(target))
        real(source, target)

    monkeypatch.setattr(atomic_rename.os, "replace", replace)
    return calls


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic_rename, "REFUSAL_MEANS_IN_USE", True)


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.usefixtures("windows")
def test_a_file_in_use_is_replaced_once_it_is_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = refuse_renames(monkeypatch, 3)
    slept: list[float] = []
    source, target = write(tmp_path / "new", b"new"), write(tmp_path / "old", b"old")
    replace_file(source, target, sleep=slept.append)
    assert target.read_bytes() == b"new" and not source.exists()
    assert len(calls) == 4
    assert slept == [0.01, 0.02, 0.04]


@pytest.mark.usefixtures("windows")
def test_a_target_in_use_with_the_same_bytes_counts_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = refuse_renames(monkeypatch, 100)
    source, target = write(tmp_path / "new", b"blob"), write(tmp_path / "old", b"blob")
    replace_file(source, target, sleep=lambda _: None)
    assert len(calls) == atomic_rename.RENAME_ATTEMPTS
    assert target.read_bytes() == b"blob" and not source.exists()


@pytest.mark.usefixtures("windows")
def test_a_target_in_use_with_other_bytes_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_renames(monkeypatch, 100)
    source, target = write(tmp_path / "new", b"new"), write(tmp_path / "old", b"old")
    with pytest.raises(PermissionError):
        replace_file(source, target, sleep=lambda _: None)
    assert target.read_bytes() == b"old"


def test_on_posix_a_refusal_is_raised_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic_rename, "REFUSAL_MEANS_IN_USE", False)
    calls = refuse_renames(monkeypatch, 1)
    source, target = write(tmp_path / "new", b"blob"), write(tmp_path / "old", b"blob")
    with pytest.raises(PermissionError):
        replace_file(source, target, sleep=lambda _: pytest.fail("no retry on POSIX"))
    assert len(calls) == 1


@pytest.mark.usefixtures("windows")
def test_the_cache_keeps_a_blob_in_use_and_reports_a_record_it_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic_rename, "FIRST_RETRY_SECONDS", 0.0)
    cache = DiskCache(tmp_path)
    first = cache.write_atomic("blobs", "b" * 64, b"same bytes")
    refuse_renames(monkeypatch, 100)
    assert cache.write_atomic("blobs", "b" * 64, b"same bytes") == first
    assert first.read_bytes() == b"same bytes"
    with pytest.raises(ClientError, match="cannot write to the cache directory"):
        cache.write_atomic("blobs", "b" * 64, b"other bytes")
    assert sorted(p.name for p in first.parent.iterdir()) == ["b" * 64]  # no temporary left
