"""The cache directory: atomic writes, content addressing, distrust of what it finds, status."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import orjson
import pytest

from client.disk_cache import CopyRecord, DiskCache, hash_key, listed_file_name
from client.errors import ConfigError

BODY = b'{"format": "doctrove-catalog@1"}'
SHA = hashlib.sha256(BODY).hexdigest()


def record(sha256: str = SHA, url: str = "https://a.example/catalog.json") -> CopyRecord:
    return CopyRecord(url, "catalog", sha256, len(BODY), '"e1"', None, 100.0, 160.0)


def store_blob(cache: DiskCache, body: bytes) -> str:
    sha256 = hashlib.sha256(body).hexdigest()
    with cache.temporary("blobs") as (path, handle):
        handle.write(body)
        cache.store_blob(path, handle, sha256)
    return sha256


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_blobs_are_stored_by_hash_without_leftovers(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    assert store_blob(cache, BODY) == SHA
    assert cache.read_blob(SHA) == BODY
    assert files(tmp_path / "v1" / "blobs") == [SHA]


def test_a_blob_that_does_not_match_its_name_is_removed(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    store_blob(cache, BODY)
    cache.blob_path(SHA).write_bytes(b'{"format": "tampered"}')
    assert cache.read_blob(SHA) is None
    assert not cache.blob_path(SHA).exists()
    assert cache.read_blob("0" * 64) is None


def test_copy_records_round_trip(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    cache.write_copy("https://a.example/", record())
    assert cache.read_copy("https://a.example/") == record()
    assert cache.read_copy("https://b.example/") is None
    name = f"{hash_key('https://a.example/')}.json"
    assert files(tmp_path / "v1" / "copies") == [name]


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"[1, 2]",
        b'{"url": "x"}',
        orjson.dumps({**record().__dict__, "sha256": "../../etc/passwd"}),
        orjson.dumps({**record().__dict__, "document": "html"}),
        orjson.dumps({**record().__dict__, "bytes": "12"}),
        orjson.dumps({**record().__dict__, "extra": 1}),
        # A time no ISO 8601 date can say failed every status and provenance that rendered it.
        orjson.dumps({**record().__dict__, "fetched_at": 1e20}),
        orjson.dumps({**record().__dict__, "checked_at": -5.0}),
    ],
)
def test_a_corrupt_or_foreign_copy_record_is_dropped(tmp_path: Path, content: bytes) -> None:
    cache = DiskCache(tmp_path)
    cache.write_copy("https://a.example/", record())
    path = tmp_path / "v1" / "copies" / f"{hash_key('https://a.example/')}.json"
    path.write_bytes(content)
    assert cache.read_copy("https://a.example/") is None
    assert not path.exists()


def test_replacing_a_copy_forgets_its_old_blob_unless_another_copy_uses_it(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    old = store_blob(cache, BODY)
    new = store_blob(cache, BODY + b" ")
    cache.write_copy("https://a.example/", record(old))
    cache.write_copy("https://b.example/", record(old))
    cache.write_copy("https://a.example/", record(new))
    assert cache.read_blob(old) == BODY  # b still names it
    cache.write_copy("https://b.example/", record(new))
    assert cache.read_blob(old) is None
    assert files(tmp_path / "v1" / "blobs") == [new]


def test_verdicts_are_json_or_nothing(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    cache.write_verdict(SHA, "catalog", {"checker": "c@1"})
    assert cache.read_verdict(SHA, "catalog") == {"checker": "c@1"}
    assert cache.read_verdict(SHA, "index") is None
    (tmp_path / "v1" / "verdicts" / f"{SHA}.catalog.json").write_bytes(b"\x00garbage")
    assert cache.read_verdict(SHA, "catalog") is None


def install(cache: DiskCache, key: str, data: bytes) -> Path:
    with cache.temporary("shards") as (path, handle):
        handle.write(data)
        return cache.install_shard(key, path, handle)


def test_a_shard_is_checked_against_its_sidecar(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    installed = install(cache, "k1", b"database bytes")
    assert cache.shard_path("k1") == installed
    assert files(tmp_path / "v1" / "shards") == ["k1.json", "k1.sqlite"]
    assert orjson.loads((tmp_path / "v1" / "shards" / "k1.json").read_bytes()) == {
        "rawBytes": 14,
        "rawSha256": hashlib.sha256(b"database bytes").hexdigest(),
    }
    # Same size, other bytes, a new mtime: found out and removed.
    installed.write_bytes(b"DATABASE BYTES")
    os.utime(installed, ns=(1, 1))
    assert cache.shard_path("k1") is None
    assert files(tmp_path / "v1" / "shards") == []


def test_a_shard_without_its_sidecar_yet_is_absent_but_kept(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    install(cache, "k2", b"db")
    (tmp_path / "v1" / "shards" / "k2.json").unlink()
    assert cache.shard_path("k2") is None
    assert files(tmp_path / "v1" / "shards") == ["k2.sqlite"]  # its writer may finish it


def test_a_failed_write_leaves_nothing(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    with pytest.raises(RuntimeError), cache.temporary("blobs") as (_path, handle):
        handle.write(b"half a body")
        raise RuntimeError("the download broke")
    assert files(tmp_path / "v1" / "blobs") == []


def test_temporary_files_of_dead_processes_are_not_read_and_are_cleared(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    store_blob(cache, BODY)
    shards = tmp_path / "v1" / "shards"
    shards.mkdir(parents=True)
    leftover = shards / ".tmp-killed"
    leftover.write_bytes(b"partial download")
    os.utime(leftover, (1000.0, 1000.0))
    fresh = tmp_path / "v1" / "blobs" / ".tmp-busy"
    fresh.write_bytes(b"someone is writing")
    os.utime(fresh, (4000.0, 4000.0))
    assert cache.status()["shards"] == {"files": 0, "bytes": 16, "temporary": 1}
    assert cache.remove_temporary(older_than=3600, now=4700.0) == 1
    assert files(shards) == []
    assert fresh.exists()


def test_status_counts_files_and_bytes_by_kind(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    assert cache.status()["bytes"] == 0
    store_blob(cache, BODY)
    cache.write_copy("https://a.example/", record())
    install(cache, "k3", b"12345")
    status = cache.status()
    assert status["path"] == str(tmp_path)
    assert status["blobs"] == {"files": 1, "bytes": len(BODY), "temporary": 0}
    assert status["copies"]["files"] == 1
    assert status["shards"]["files"] == 1  # the sidecar is not counted as a shard
    assert status["bytes"] == sum(status[k]["bytes"] for k in ("blobs", "copies", "shards"))


def test_an_unusable_cache_directory_is_a_config_error(tmp_path: Path) -> None:
    occupied = tmp_path / "a-file"
    occupied.write_bytes(b"not a folder")
    cache = DiskCache(occupied)
    assert cache.read_copy("https://a.example/") is None  # reading creates nothing
    with pytest.raises(ConfigError, match=r"cannot use the cache directory .*a-file"):
        cache.write_verdict(SHA, "catalog", {})


def test_derived_data_round_trips_and_damage_is_discarded(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    assert cache.read_derived("lookup-x") is None
    cache.write_derived("lookup-x", b'{"a": 1}')
    assert cache.read_derived("lookup-x") == b'{"a": 1}'
    path = next(tmp_path.rglob("lookup-x"))
    path.write_bytes(path.read_bytes().replace(b'"a"', b'"b"'))
    assert cache.read_derived("lookup-x") is None
    assert not path.exists()


def test_built_shards_are_trimmed_least_recently_used_first(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    for n, key in enumerate(("old", "mid", "new")):
        with cache.temporary("built") as (path, handle):
            handle.write(b"x" * 100)
            cache.install_shard(key, path, handle, "built")
        os.utime(tmp_path / "v1" / "built" / f"{key}.json", (1000 + n, 1000 + n))
    cache.mark_used("old", "built")  # now the most recently used
    assert [key for _used, _size, key in cache.shards_in("built")] == ["mid", "new", "old"]
    assert cache.trim_shards("built", max_bytes=250, max_count=10, keep="mid") == 1
    assert [key for _used, _size, key in cache.shards_in("built")] == ["mid", "old"]
    assert cache.trim_shards("built", max_bytes=10**6, max_count=1, keep="old") == 1
    assert [key for _used, _size, key in cache.shards_in("built")] == ["old"]
    assert cache.shard_path("old", "built") is not None
    sidecar = (tmp_path / "v1" / "built" / "old.json").stat().st_size
    assert cache.status()["built"] == {"files": 1, "bytes": 100 + sidecar, "temporary": 0}


def test_downloaded_shards_and_derived_files_share_one_budget_least_recently_used_first(
    tmp_path: Path,
) -> None:
    cache = DiskCache(tmp_path)
    v1 = tmp_path / "v1"
    for n, key in enumerate(("shard-old", "shard-new")):
        with cache.temporary("shards") as (path, handle):
            handle.write(b"s" * 1000)
            cache.install_shard(key, path, handle)
        os.utime(v1 / "shards" / f"{key}.json", (1000 + 10 * n, 1000 + 10 * n))
    for n, name in enumerate(("chunk-a", "chunk-b", "bodies-c")):
        cache.write_derived(name, b"d" * 935)  # 1000 bytes with the sha256 line
        os.utime(v1 / "derived" / name, (1001 + n, 1001 + n))
    # Oldest first: shard-old (1000), chunk-a (1001), chunk-b (1002), bodies-c (1003),
    # shard-new (1010). Reading a file makes it the most recently used.
    assert cache.read_derived("chunk-a") is not None
    assert cache.trim(3000, keep={"shard-old"}) == 2  # 5000 bytes: chunk-b, bodies-c go
    assert files(v1 / "derived") == ["chunk-a"]
    assert cache.shard_path("shard-old") is not None and cache.shard_path("shard-new") is not None
    assert cache.trim(3000) == 0  # 3000 bytes fit
    assert cache.trim(1500) == 2  # shard-old, then shard-new (chunk-a was read last)
    assert files(v1 / "shards") == [] and files(v1 / "derived") == ["chunk-a"]
    assert cache.read_derived("chunk-a") == b"d" * 935


def test_a_last_good_record_is_kept_per_source_version_and_distrusted_when_odd(
    tmp_path: Path,
) -> None:
    cache = DiskCache(tmp_path)
    assert cache.read_last_good("https://a.example/", "flask", "3.1.0") is None
    cache.write_last_good("https://a.example/", "flask", "3.1.0", SHA, 4)
    assert cache.read_last_good("https://a.example/", "flask", "3.1.0") == (SHA, 4)
    assert cache.read_last_good("https://b.example/", "flask", "3.1.0") is None
    (record_file,) = (tmp_path / "v1" / "last-good").iterdir()
    record_file.write_bytes(orjson.dumps({"sha256": "not a hash", "sections": 4}))
    assert cache.read_last_good("https://a.example/", "flask", "3.1.0") is None


def test_a_listed_file_is_kept_by_its_whole_sha256_or_per_site_by_a_short_name() -> None:
    whole, short = "ab" * 32, "ab" * 16
    assert listed_file_name("chunk", whole, "https://a.example/") == f"chunk-{whole}"
    assert listed_file_name("chunk", whole, "https://b.example/") == f"chunk-{whole}"
    first = listed_file_name("chunk", short, "https://a.example/")
    second = listed_file_name("chunk", short, "https://b.example/")
    assert first != second and first.startswith("chunk-") and first.endswith(short)
    assert listed_file_name("bodies", short, "https://a.example/") == "bodies" + first[5:]
