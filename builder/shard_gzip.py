"""Gzip a search shard in pieces that a rebuild can take from the build cache.

Compressing a 10 MB shard is about a second and a half at level 6, more than anything else a
one-page edit costs, yet such an edit changes only a few dozen of the database's pages. So a
large database is cut into pieces at page boundaries and each piece is deflated on its own,
ending in a sync flush (the last one in the final block): the gzip file is one ordinary member
whose deflate stream is the pieces laid end to end, and a piece's bytes depend on its own bytes
only. A rebuild compresses the pieces it has not seen and takes the others as they were.

Where a piece ends is decided by the content (a page whose CRC-32 is a multiple of
``AVERAGE_PAGES``, within ``MIN_PAGES`` and ``MAX_PAGES``), not by the offset, so a page added or
removed in the middle shifts no later boundary. A database of at most ``WHOLE_LIMIT`` bytes is
one piece: its gzip is then what ``gzip.GzipFile`` writes, and the pieces would only cost size.
Measured on the Python 3.11 docs shard (10.3 MB): 4,273,590 bytes in 54 pieces against
4,261,630 whole (+0.3%); a one-word edit changed 3 to 7 of the 54.
"""

from __future__ import annotations

import hashlib
import mmap
import zlib
from collections.abc import Callable, Iterator
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
# raw) level 9 takes 3,130 bytes (1.4%) more off than level 6 (8: 2,438), for 0.13 s instead
# of 0.04 s (8: 0.09 s) once per build of the version.
HEAD_GZIP_LEVEL = 9
WHOLE_LIMIT = 1 << 20
AVERAGE_PAGES = 32
MIN_PAGES = 8
MAX_PAGES = 128
# The gzip header with no file name and mtime 0 (what GzipFile writes at level 6), so the same
# database always gives the same bytes.
_HEADER = gzip_header(0, OS_UNKNOWN)

# Deflates one piece: its bytes, whether it is the last piece of the stream, the zlib level.
CompressPiece = Callable[[bytes, bool, int], bytes]


def compress_piece(piece: bytes, last: bool, level: int = GZIP_LEVEL) -> bytes:
    """Raw deflate of ``piece`` alone at ``level``: ends in a sync flush, or the final block
    when ``last``."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(piece) + compressor.flush(
        zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH
    )


def piece_ends(data: bytes | mmap.mmap) -> list[int]:
    """The offsets where the pieces of ``data`` end, the last being ``len(data)``."""
    size = len(data)
    if size <= WHOLE_LIMIT:
        return [size]
    ends: list[int] = []
    start = 0
    for end in range(PAGE_SIZE, size, PAGE_SIZE):
        pages = (end - start) // PAGE_SIZE
        if pages >= MAX_PAGES or (
            pages >= MIN_PAGES and zlib.crc32(data[end - PAGE_SIZE : end]) % AVERAGE_PAGES == 0
        ):
            ends.append(end)
            start = end
    ends.append(size)
    return ends


def gzip_bytes(data: bytes, compress: CompressPiece = compress_piece) -> bytes:
    """``data`` as one gzip member deflated as a single piece at ``CHUNK_GZIP_LEVEL``, with the
    header and trailer ``gzip_file`` writes (a chunk of a shard's index: a rebuild takes it
    from ``compress``). The header is the same at both levels: gzip marks only levels 1 and 9."""
    body = compress(data, True, CHUNK_GZIP_LEVEL)
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
    data: bytes, compress: CompressPiece = compress_piece, level: int = GZIP_LEVEL
) -> bytes:
    """``data`` gzip-compressed piece by piece at zlib ``level``: the bytes ``gzip_file``
    writes for it at level 6."""
    return b"".join(gzip_parts(data, compress, level))


def gzip_parts(
    data: bytes | mmap.mmap, compress: CompressPiece, level: int = GZIP_LEVEL
) -> Iterator[bytes]:
    """The gzip member of ``data`` in parts: the header, each piece's deflate, the trailer."""
    yield _HEADER
    size = len(data)
    if size == 0:
        yield compress(b"", True, level)
    crc = start = 0
    for end in piece_ends(data) if size else ():
        piece = data[start:end]
        crc = zlib.crc32(piece, crc)
        yield compress(piece, end == size, level)
        start = end
    yield gzip_trailer(crc, size)
