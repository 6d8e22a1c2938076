"""Per-file hashes and gzip bodies: computed once per file version, bounded, never stale."""

from __future__ import annotations

import gzip
import hashlib
import io
import os
from pathlib import Path

from builder.serve.cache import KeyedLru, RepresentationCache
from builder.serve.files import FileKey


def key(size: int, mtime_ns: int = 1, inode: int = 1) -> FileKey:
    return FileKey(size=size, mtime_ns=mtime_ns, inode=inode, device=1)


def opened(path: Path) -> tuple[io.FileIO, FileKey]:
    file = io.FileIO(path, "rb")
    return file, FileKey.of(os.fstat(file.fileno()))


def test_lru_returns_a_value_only_for_the_same_file_version() -> None:
    cache: KeyedLru[str] = KeyedLru(max_entries=10, max_cost=100, cost=len)
    cache.put("/a", key(1), "one")
    assert cache.get("/a", key(1)) == "one"
    assert cache.get("/a", key(1, mtime_ns=2)) is None
    assert cache.get("/a", key(1, inode=2)) is None
    assert cache.get("/a", key(2)) is None
    assert cache.get("/b", key(1)) is None


def test_lru_replaces_the_old_version_of_a_path() -> None:
    cache: KeyedLru[str] = KeyedLru(max_entries=10, max_cost=100, cost=len)
    cache.put("/a", key(1), "one")
    cache.put("/a", key(2), "three")
    assert (len(cache), cache.total_cost) == (1, 5)
    assert cache.get("/a", key(2)) == "three"


def test_lru_evicts_least_recently_used_past_either_bound() -> None:
    cache: KeyedLru[str] = KeyedLru(max_entries=2, max_cost=10, cost=len)
    cache.put("/a", key(1), "aaaa")
    cache.put("/b", key(1), "bbbb")
    assert cache.get("/a", key(1)) == "aaaa"
    cache.put("/c", key(1), "cc")
    assert (cache.get("/a", key(1)), cache.get("/b", key(1))) == ("aaaa", None)
    cache.put("/d", key(1), "dddddddd")
    assert (len(cache), cache.total_cost) == (1, 8)
    cache.put("/huge", key(1), "x" * 11)
    assert cache.get("/huge", key(1)) is None
    assert cache.get("/d", key(1)) == "dddddddd"


def test_content_hash_is_the_sha256_prefix_and_is_computed_once(tmp_path: Path) -> None:
    path = tmp_path / "catalog.json"
    path.write_bytes(b'{"a": 1}')
    cache = RepresentationCache()
    expected = hashlib.sha256(b'{"a": 1}').hexdigest()[:32]
    for _ in range(3):
        file, file_key = opened(path)
        with file:
            assert cache.content_hash(str(path), file_key, file) == expected
    assert cache.hash_computations == 1


def test_replaced_file_gets_a_new_hash(tmp_path: Path) -> None:
    path = tmp_path / "catalog.json"
    path.write_bytes(b"first")
    cache = RepresentationCache()
    file, file_key = opened(path)
    with file:
        first = cache.content_hash(str(path), file_key, file)
    replacement = tmp_path / "new"
    replacement.write_bytes(b"other")
    os.replace(replacement, path)
    file, file_key = opened(path)
    with file:
        second = cache.content_hash(str(path), file_key, file)
    assert first == hashlib.sha256(b"first").hexdigest()[:32]
    assert second == hashlib.sha256(b"other").hexdigest()[:32]
    assert cache.hash_computations == 2


def test_gzip_body_is_deterministic_and_cached(tmp_path: Path) -> None:
    path = tmp_path / "index.html"
    content = b"<p>hello</p>" * 100
    path.write_bytes(content)
    cache = RepresentationCache()
    bodies = []
    for _ in range(2):
        file, file_key = opened(path)
        with file:
            bodies.append(cache.gzip_body(str(path), file_key, file))
    assert bodies[0] is not None and bodies[0] == bodies[1]
    assert gzip.decompress(bodies[0]) == content
    assert bodies[0] == gzip.compress(content, compresslevel=6, mtime=0)
    assert cache.gzip_computations == 1


def test_gzip_body_refuses_files_over_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 101)
    cache = RepresentationCache(gzip_max_file=100)
    file, file_key = opened(path)
    with file:
        assert cache.gzip_body(str(path), file_key, file) is None
    assert cache.gzip_computations == 0


def test_gzip_cache_stays_within_its_budget(tmp_path: Path) -> None:
    cache = RepresentationCache(gzip_budget=100)
    for n in range(10):
        path = tmp_path / f"{n}.txt"
        path.write_bytes(os.urandom(40))  # incompressible: each body is over 40 bytes
        file, file_key = opened(path)
        with file:
            assert cache.gzip_body(str(path), file_key, file) is not None
    assert 0 < cache.gzipped.total_cost <= 100
    assert len(cache.gzipped) < 10
