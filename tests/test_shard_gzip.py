"""builder.shard_gzip: a shard gzipped in pieces that depend only on their own bytes."""

from __future__ import annotations

import gzip
import io
import random
from pathlib import Path

from builder.cache import BuildCache
from builder.cached_rows import ShardParts
from builder.shard_gzip import (
    CHUNK_GZIP_LEVEL,
    GZIP_LEVEL,
    MAX_PAGES,
    WHOLE_LIMIT,
    compress_piece,
    gzip_bytes,
    gzip_file,
    piece_ends,
)
from schemas.digests import file_sha256
from schemas.shard_build import PAGE_SIZE


def pages(count: int, seed: int = 7) -> list[bytes]:
    """Database-like pages: random words, so pages differ and compress a little."""
    rng = random.Random(seed)
    words = [bytes(rng.choices(b"abcdefghij", k=5)) for _ in range(400)]
    return [b" ".join(rng.choices(words, k=700))[:PAGE_SIZE].ljust(PAGE_SIZE) for _ in range(count)]


def gzipped(tmp_path: Path, data: bytes, parts: ShardParts | None = None) -> bytes:
    source, target = tmp_path / "raw.sqlite", tmp_path / "raw.sqlite.gz"
    source.write_bytes(data)
    digest = gzip_file(source, target, parts.compress if parts else compress_piece)
    assert digest == file_sha256(target)
    return target.read_bytes()


def gzipfile_bytes(data: bytes, level: int = 6) -> bytes:
    """What the builder wrote before pieces: GzipFile, level 6, no name, mtime 0."""
    expected = io.BytesIO()
    with gzip.GzipFile(
        filename="", mode="wb", fileobj=expected, compresslevel=level, mtime=0
    ) as gz:
        gz.write(data)
    return expected.getvalue()


def test_a_small_database_is_one_piece_gzipped_as_gzipfile_does(tmp_path: Path) -> None:
    # So the shards of small versions (the bundled site's) keep their bytes and hashes.
    for data in (b"".join(pages(10)), b""):
        assert gzipped(tmp_path, data) == gzipfile_bytes(data)


def test_a_large_database_in_pieces_is_one_valid_gzip_member(tmp_path: Path) -> None:
    data = b"".join(pages(2 * WHOLE_LIMIT // PAGE_SIZE))
    ends = piece_ends(data)
    assert len(ends) > 2 and ends[-1] == len(data)
    sizes = [end - start for start, end in zip([0, *ends], ends, strict=False)]
    assert all(size % PAGE_SIZE == 0 and size <= MAX_PAGES * PAGE_SIZE for size in sizes)
    packed = gzipped(tmp_path, data)
    assert gzip.decompress(packed) == data  # checks the CRC and the length too
    assert packed != gzipfile_bytes(data)


def test_a_page_added_in_the_middle_moves_no_later_boundary() -> None:
    before = pages(2 * WHOLE_LIMIT // PAGE_SIZE)
    after = [*before[:100], *pages(1, seed=99), *before[100:]]
    ends_before, ends_after = piece_ends(b"".join(before)), piece_ends(b"".join(after))
    later = [
        end + PAGE_SIZE for end in ends_before if end > 101 * PAGE_SIZE + MAX_PAGES * PAGE_SIZE
    ]
    assert later and set(later) <= set(ends_after)


def test_a_rebuild_compresses_only_the_pieces_that_changed(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    before = pages(2 * WHOLE_LIMIT // PAGE_SIZE)
    cold = gzipped(tmp_path, b"".join(before), ShardParts(cache))
    pieces = len(piece_ends(b"".join(before)))
    assert cache.misses == pieces
    edited = list(before)
    edited[200] = pages(1, seed=5)[0]
    cache.hits = cache.misses = 0
    warm = gzipped(tmp_path, b"".join(edited), ShardParts(cache))
    assert cache.misses == 1 and cache.hits == pieces - 1
    assert warm == gzipped(tmp_path, b"".join(edited))  # a cold build's bytes
    assert gzip.decompress(warm) == b"".join(edited) and warm != cold


def test_bytes_are_gzipped_as_gzipfile_does_and_a_rebuild_takes_them_from_the_cache(
    tmp_path: Path,
) -> None:
    # An index chunk: the same bytes give the same member, at the chunks' level (not the
    # database's), and the cache's deflate is reused.
    cache = BuildCache(tmp_path / "cache")
    assert CHUNK_GZIP_LEVEL != GZIP_LEVEL
    for data in (b"".join(pages(3)), b""):
        assert gzip_bytes(data) == gzipfile_bytes(data, CHUNK_GZIP_LEVEL)
        assert gzip_bytes(data, ShardParts(cache).compress) == gzipfile_bytes(
            data, CHUNK_GZIP_LEVEL
        )
    cache.hits = cache.misses = 0
    assert gzip_bytes(b"".join(pages(3)), ShardParts(cache).compress) == gzip_bytes(
        b"".join(pages(3))
    )
    assert (cache.hits, cache.misses) == (1, 0)


def test_the_cache_keeps_a_piece_deflated_at_each_level_apart(tmp_path: Path) -> None:
    # A database piece and an index chunk of the same bytes are deflated at their own levels:
    # the one kept for a chunk is never handed to the database, whose bytes would change.
    cache = BuildCache(tmp_path / "cache")
    piece = b"".join(pages(3))
    parts = ShardParts(cache)
    assert parts.compress(piece, True, CHUNK_GZIP_LEVEL) == compress_piece(
        piece, True, CHUNK_GZIP_LEVEL
    )
    assert parts.compress(piece, True, GZIP_LEVEL) == compress_piece(piece, True)
    assert compress_piece(piece, True) != compress_piece(piece, True, CHUNK_GZIP_LEVEL)
    assert (cache.hits, cache.misses) == (0, 2)
