"""builder.shard_gzip: a shard gzipped in pieces that depend only on their own bytes and the 32 KB
before them."""

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
    HEAD_GZIP_LEVEL,
    HEAD_PIECES,
    PRIMER_BYTES,
    SHARD_PIECES,
    compress_piece,
    gzip_bytes,
    gzip_data,
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
    data = b"".join(pages(2 * SHARD_PIECES.whole_limit // PAGE_SIZE))
    ends = piece_ends(data)
    assert len(ends) > 2 and ends[-1] == len(data)
    sizes = [end - start for start, end in zip([0, *ends], ends, strict=False)]
    assert all(
        size % PAGE_SIZE == 0 and size <= SHARD_PIECES.max_pages * PAGE_SIZE for size in sizes
    )
    packed = gzipped(tmp_path, data)
    assert gzip.decompress(packed) == data  # checks the CRC and the length too
    assert packed != gzipfile_bytes(data)


def test_a_page_added_in_the_middle_moves_no_later_boundary() -> None:
    before = pages(2 * SHARD_PIECES.whole_limit // PAGE_SIZE)
    after = [*before[:100], *pages(1, seed=99), *before[100:]]
    ends_before, ends_after = piece_ends(b"".join(before)), piece_ends(b"".join(after))
    later = [
        end + PAGE_SIZE
        for end in ends_before
        if end > 101 * PAGE_SIZE + SHARD_PIECES.max_pages * PAGE_SIZE
    ]
    assert later and set(later) <= set(ends_after)


def test_a_rebuild_compresses_only_the_pieces_that_changed(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    before = pages(2 * SHARD_PIECES.whole_limit // PAGE_SIZE)
    cold = gzipped(tmp_path, b"".join(before), ShardParts(cache))
    ends = piece_ends(b"".join(before))
    assert cache.misses == len(ends)
    # A page at the start of a piece: the piece after it is primed with other pages.
    edited_page = ends[len(ends) // 2] // PAGE_SIZE
    edited = list(before)
    edited[edited_page] = pages(1, seed=5)[0]
    cache.hits = cache.misses = 0
    warm = gzipped(tmp_path, b"".join(edited), ShardParts(cache))
    assert cache.misses == 1 and cache.hits == len(ends) - 1
    assert warm == gzipped(tmp_path, b"".join(edited))  # a cold build's bytes
    assert gzip.decompress(warm) == b"".join(edited) and warm != cold


def test_a_page_at_the_end_of_a_piece_is_deflated_again_with_the_piece_after_it(
    tmp_path: Path,
) -> None:
    # The next piece refers back into the last 32 KB before it: changed, it is deflated again.
    # Not the piece's last page, whose CRC-32 ends the piece: changed, it would move the end.
    cache = BuildCache(tmp_path / "cache")
    before = pages(2 * SHARD_PIECES.whole_limit // PAGE_SIZE)
    gzipped(tmp_path, b"".join(before), ShardParts(cache))
    ends = piece_ends(b"".join(before))
    edited = list(before)
    edited[ends[len(ends) // 2] // PAGE_SIZE - 2] = pages(1, seed=5)[0]
    assert piece_ends(b"".join(edited)) == ends  # the same pieces, one with other bytes
    cache.hits = cache.misses = 0
    warm = gzipped(tmp_path, b"".join(edited), ShardParts(cache))
    assert cache.misses == 2 and cache.hits == len(ends) - 2
    assert warm == gzipped(tmp_path, b"".join(edited))
    assert gzip.decompress(warm) == b"".join(edited)


def test_each_piece_is_primed_with_the_bytes_just_before_it() -> None:
    # Head pieces are shorter than a primer: the first ones' primers are all the bytes before
    # them, later ones' the last PRIMER_BYTES, spanning several pieces.
    data = b"".join(pages(40, seed=4))
    ends = piece_ends(data, HEAD_PIECES)
    seen: list[tuple[bytes, bytes]] = []

    def recording(piece: bytes, last: bool, level: int, primer: bytes) -> bytes:
        seen.append((piece, primer))
        return compress_piece(piece, last, level, primer)

    head = gzip_data(data, recording, HEAD_GZIP_LEVEL, HEAD_PIECES)
    starts = [0, *ends[:-1]]
    assert [piece for piece, _ in seen] == [data[s:e] for s, e in zip(starts, ends, strict=True)]
    assert [primer for _, primer in seen] == [data[max(0, s - 32768) : s] for s in starts]
    assert 0 < starts[2] < 32768  # its primer is the first two pieces
    assert gzip.decompress(head) == data


def test_each_piece_refers_back_into_the_one_before_it() -> None:
    # Pages that repeat an earlier piece's are deflated as references to it, as in a stream
    # deflated whole: less than half the pieces deflated alone.
    block = b"".join(pages(4, seed=3))
    assert len(block) < PRIMER_BYTES  # so each piece starts within reach of its copy before
    data = block * (3 * SHARD_PIECES.whole_limit // len(block))
    ends = piece_ends(data)
    assert len(ends) > 2
    primed = gzip_data(data)
    alone = b"".join(
        compress_piece(data[start:end], end == len(data))
        for start, end in zip([0, *ends], ends, strict=False)
    )
    assert gzip.decompress(primed) == data
    assert len(primed) < len(alone) / 2


def test_a_head_is_cut_in_small_pieces_and_deflated_at_its_level(tmp_path: Path) -> None:
    data = b"".join(pages(60))
    assert len(data) < SHARD_PIECES.whole_limit  # a whole shard this size would be one piece
    ends = piece_ends(data, HEAD_PIECES)
    sizes = [end - start for start, end in zip([0, *ends], ends, strict=False)]
    assert len(ends) > 3 and max(sizes) <= HEAD_PIECES.max_pages * PAGE_SIZE
    head = gzip_data(data, level=HEAD_GZIP_LEVEL, rule=HEAD_PIECES)
    assert gzip.decompress(head) == data
    cache = BuildCache(tmp_path / "cache")
    assert gzip_data(data, ShardParts(cache).compress, HEAD_GZIP_LEVEL, HEAD_PIECES) == head
    assert cache.misses == len(ends)
    assert head != gzip_data(data, level=GZIP_LEVEL, rule=HEAD_PIECES)


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


def test_the_cache_keeps_a_piece_deflated_at_each_level_or_primer_apart(tmp_path: Path) -> None:
    # A database piece and an index chunk of the same bytes are deflated at their own levels:
    # the one kept for a chunk is never handed to the database, whose bytes would change. Nor
    # is a piece deflated after other bytes.
    cache = BuildCache(tmp_path / "cache")
    piece = b"".join(pages(3))
    primer = b"".join(pages(8, seed=4))
    parts = ShardParts(cache)
    assert parts.compress(piece, True, CHUNK_GZIP_LEVEL, b"") == compress_piece(
        piece, True, CHUNK_GZIP_LEVEL
    )
    assert parts.compress(piece, True, GZIP_LEVEL, b"") == compress_piece(piece, True)
    assert parts.compress(piece, True, GZIP_LEVEL, primer) == compress_piece(
        piece, True, GZIP_LEVEL, primer
    )
    assert compress_piece(piece, True) != compress_piece(piece, True, CHUNK_GZIP_LEVEL)
    # Nor the database's last piece to one that is followed by others (a page was added).
    assert parts.compress(piece, False, GZIP_LEVEL, b"") == compress_piece(piece, False)
    assert compress_piece(piece, True) != compress_piece(piece, True, GZIP_LEVEL, primer)
    assert compress_piece(piece, True) != compress_piece(piece, False)
    assert (cache.hits, cache.misses) == (0, 4)
