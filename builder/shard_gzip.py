"""Gzip a search shard in pieces that a rebuild can take from the build cache.

Compressing a 10 MB shard is about a second and a half at level 6, more than anything else a
one-page edit costs, yet such an edit changes only a few dozen of the database's pages. So a
large database is cut into pieces at page boundaries and each piece is deflated on its own,
ending in a sync flush (the last one in the final block): the gzip file is one ordinary member
whose deflate stream is the pieces laid end to end. Each piece after the first is deflated with
the 32 KB before it as its dictionary (``primer``): a gzip reader keeps that much of what it
has inflated, so the piece may refer back into it as if the stream were deflated whole, and its
bytes depend on its own bytes and that primer only. A rebuild compresses the pieces whose bytes
or primer it has not seen and takes the others as they were.

Where a piece ends is decided by the content (a page whose CRC-32 is a multiple of the rule's
average), not by the offset, so a page added or removed in the middle shifts no later
boundary. A whole search shard (``SHARD_PIECES``) of at most 1 MiB is one piece: its gzip is then
what ``gzip.GzipFile`` writes. Measured on the Python 3.11 docs' whole shard (10.3 MB, level 6):
4,257,767 bytes in 66 primed pieces against 4,257,308 whole (+0.01%; +0.3% unprimed).

A head (``HEAD_PIECES``) is cut much finer. It is what a cold client downloads first, deflated at
level 9, and a one-word edit changed 6 of the Python docs' 239 head pages: whole, the edit
deflated all 979 KB again (0.13 s, the largest single cost of that rebuild). In pieces of about
20 KB it deflates about 140 KB, and the head is 2,643 bytes smaller (225,353 against 227,996):
a sync flush also starts new Huffman codes, which suit the head's differing tables better.
"""

from __future__ import annotations

import hashlib
import mmap
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from schemas.gzip_member import OS_UNKNOWN, gzip_header, gzip_trailer
from schemas.shard_build import PAGE_SIZE

# Level 6 is within 1% of level 9's size on real shards, at two and a half times the speed.
GZIP_LEVEL = 6
# An index chunk (schemas.term_chunks) is FTS5 doclists, varints that deflate gains little on
# past level 4: the Python 3.11 docs' 250 chunks are 3,617,853 bytes at level 4, 3,586,307 at
# level 5 and 3,565,055 at level 6 (+0.9% and +1.5%: under 0.1% of the site, about 130 bytes
# of a query's chunks), deflated in 0.14 s against 0.20 s and 0.33 s, and a one-word edit
# deflates about a hundred of them again (FTS5 packs its pages end to end).
CHUNK_GZIP_LEVEL = 4
# A head (schemas.term_chunks) is what a cold client downloads before its first answer, so it
# is deflated at the slowest level: on the Python 3.11 docs' doctrove-shard@6 head (979 KB
# raw, deflated whole) level 9 takes 3,130 bytes (1.4%) more off than level 6 (8: 2,438), for
# 0.13 s instead of 0.04 s (8: 0.09 s); in HEAD_PIECES a rebuild deflates only the few
# pieces an edit changed.
HEAD_GZIP_LEVEL = 9
# How much before a piece its deflate may refer to: deflate's whole window.
PRIMER_BYTES = 1 << 15


@dataclass(frozen=True)
class PieceRule:
    """Where a database's pieces end: a database of at most ``whole_limit`` bytes is one piece;
    else a piece ends after a page whose CRC-32 is a multiple of ``average_pages``, once it has
    ``min_pages``, and always at ``max_pages``: ``min_pages + average_pages - 1`` pages on
    average (39 for a shard, 5 for a head)."""

    whole_limit: int
    average_pages: int
    min_pages: int
    max_pages: int


SHARD_PIECES = PieceRule(whole_limit=1 << 20, average_pages=32, min_pages=8, max_pages=128)
# Measured on the Python 3.11 docs' head, as (average_pages, min_pages, max_pages): (8, 2, 32)
# made it 1,599 bytes smaller than one piece, (6, 2, 24) 2,078, (4, 2, 16) 2,643, (2, 1, 8) 2,015.
HEAD_PIECES = PieceRule(whole_limit=0, average_pages=4, min_pages=2, max_pages=16)
# The gzip header with no file name and mtime 0 (what GzipFile writes at level 6), so the same
# database always gives the same bytes.
_HEADER = gzip_header(0, OS_UNKNOWN)

# Deflates one piece: its bytes, whether it is the last piece of the stream, the zlib level,
# and its primer (the bytes before it, at most PRIMER_BYTES of them: b"" for the first piece).
CompressPiece = Callable[[bytes, bool, int, bytes], bytes]


def compress_piece(piece: bytes, last: bool, level: int = GZIP_LEVEL, primer: bytes = b"") -> bytes:
    """Raw deflate of ``piece`` at ``level``, referring back into ``primer`` (what the stream
    holds before it) where that pays: ends in a sync flush, or the final block when ``last``."""
    # An empty dictionary (the first piece's) deflates as none does.
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS, zdict=primer)
    return compressor.compress(piece) + compressor.flush(
        zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH
    )


def piece_ends(data: bytes | mmap.mmap, rule: PieceRule = SHARD_PIECES) -> list[int]:
    """The offsets where the pieces of ``data`` end under ``rule``, the last being
    ``len(data)``."""
    size = len(data)
    if size <= rule.whole_limit:
        return [size]
    ends: list[int] = []
    start = 0
    for end in range(PAGE_SIZE, size, PAGE_SIZE):
        pages = (end - start) // PAGE_SIZE
        if pages >= rule.max_pages or (
            pages >= rule.min_pages
            and zlib.crc32(data[end - PAGE_SIZE : end]) % rule.average_pages == 0
        ):
            ends.append(end)
            start = end
    ends.append(size)
    return ends


def gzip_bytes(data: bytes, compress: CompressPiece = compress_piece) -> bytes:
    """``data`` as one gzip member deflated as a single piece at ``CHUNK_GZIP_LEVEL``, with the
    header and trailer ``gzip_file`` writes (a chunk of a shard's index: a rebuild takes it
    from ``compress``). The header is the same at both levels: gzip marks only levels 1 and 9."""
    body = compress(data, True, CHUNK_GZIP_LEVEL, b"")
    return _HEADER + body + gzip_trailer(zlib.crc32(data), len(data))


def gzip_file(source: Path, target: Path, compress: CompressPiece = compress_piece) -> str:
    """Write ``source`` gzip-compressed to ``target`` piece by piece; the sha256 of what was
    written. ``compress`` deflates a piece (a build passes one that remembers pieces)."""
    digest = hashlib.sha256()
    with source.open("rb") as raw, target.open("wb") as out:
        if raw.seek(0, 2) == 0:
            parts = list(gzip_parts(b"", compress))
        else:
            with mmap.mmap(raw.fileno(), 0, access=mmap.ACCESS_READ) as data:
                parts = list(gzip_parts(data, compress))
        for part in parts:
            digest.update(part)
            out.write(part)
    return digest.hexdigest()


def gzip_data(
    data: bytes,
    compress: CompressPiece = compress_piece,
    level: int = GZIP_LEVEL,
    rule: PieceRule = SHARD_PIECES,
) -> bytes:
    """``data`` gzip-compressed piece by piece (pieces cut by ``rule``) at zlib ``level``: the
    bytes ``gzip_file`` writes for it at level 6 with the shard's rule."""
    return b"".join(gzip_parts(data, compress, level, rule))


def gzip_parts(
    data: bytes | mmap.mmap,
    compress: CompressPiece,
    level: int = GZIP_LEVEL,
    rule: PieceRule = SHARD_PIECES,
) -> Iterator[bytes]:
    """The gzip member of ``data`` in parts: the header, each piece's deflate, the trailer."""
    yield _HEADER
    size = len(data)
    if size == 0:
        yield compress(b"", True, level, b"")
    crc = start = 0
    for end in piece_ends(data, rule) if size else ():
        piece = data[start:end]
        crc = zlib.crc32(piece, crc)
        yield compress(piece, end == size, level, data[max(0, start - PRIMER_BYTES) : start])
        start = end
    yield gzip_trailer(crc, size)
