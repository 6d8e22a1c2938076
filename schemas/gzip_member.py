"""Gzip bytes into the same member on every Python: what ``gzip.compress(data, mtime=0)`` wrote
on Linux before Python 3.13.

Python 3.11 and 3.12 hand ``gzip.compress(..., mtime=0)`` to zlib's own gzip wrapper, whose
header names the operating system zlib was built for (3, Unix, on Linux); Python 3.13 writes
the header itself with 255 (unknown) there. Published files are named by their sha256, so that
one byte renamed every body pack, and through the packs table every shard, of a site built on
3.13. Here the header is written out in full; the deflate stream and trailer are zlib's.
"""

from __future__ import annotations

import struct
import zlib

# gzip's header fields (RFC 1952): ID1 ID2, CM (deflate), FLG (no name, comment or extra),
# MTIME 0, then XFL and OS.
_HEAD = b"\x1f\x8b\x08\x00\x00\x00\x00\x00"
OS_UNIX, OS_UNKNOWN = 3, 255


def gzip_header(extra_flags: int, os: int) -> bytes:
    """A gzip member's header with mtime 0 and no file name: the same for the same data."""
    return _HEAD + bytes((extra_flags, os))


def gzip_trailer(crc: int, size: int) -> bytes:
    """A gzip member's trailer: the CRC-32 and the size modulo 2**32 of the uncompressed bytes."""
    return struct.pack("<II", crc, size & 0xFFFFFFFF)


def _extra_flags(level: int) -> int:
    """XFL as zlib sets it: 2 for the slowest level, 4 for the fastest two, else 0."""
    if level == 9:
        return 2
    return 4 if 0 <= level < 2 else 0


def gzip_member(data: bytes, level: int = 9) -> bytes:
    """``data`` as one gzip member at zlib ``level``, with mtime 0 and OS Unix."""
    deflated = zlib.compress(data, level, wbits=-zlib.MAX_WBITS)
    return (
        gzip_header(_extra_flags(level), OS_UNIX)
        + deflated
        + gzip_trailer(zlib.crc32(data), len(data))
    )
