"""The sha256 of a file, read in bounded chunks: what catalogs record and caches check; and the
names of files published under their content's sha256 (body packs, index chunks).

The builder hashes the shards it writes and the release archives it reads; the client hashes
the shards it installs and re-checks. One definition, so both spell the digest the same way.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

# Bytes read at a time: a shard or an archive may be far larger than memory should hold.
READ_CHUNK_BYTES = 1 << 20


def file_sha256(path: Path) -> str:
    """The hex sha256 of the file's bytes; OSError passes through for the caller to translate."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(READ_CHUNK_BYTES):
            digest.update(chunk)
    return digest.hexdigest()


# A body pack or index chunk is named by its sha256 in hex: all 64 digits, or in a
# doctrove-shard@6 head its first 32 (schemas.shards.content_name). 128 bits still tell a
# site's files apart and catch a damaged or stale download, which is what a name is checked
# for: the catalog that vouches for the head, and through it for the names, comes from the
# same host as the files. (Across sites they are not enough, about 2**64 work making two files
# share them: a client keeps such files per site, client.disk_cache.listed_file_name.) On the
# Python 3.11 docs the 790 full names took 34 KB of the 257 KB head a cold client downloads
# first.
FULL_NAME_DIGITS = 64
SHORT_NAME_DIGITS = 32
# fullmatch: "$" would also take a name followed by a newline.
CONTENT_NAME = re.compile(
    f"[0-9a-f]{{{SHORT_NAME_DIGITS}}}(?:[0-9a-f]{{{FULL_NAME_DIGITS - SHORT_NAME_DIGITS}}})?"
)


def is_content_name(value: object, digits: int) -> bool:
    """Whether ``value`` is a content name of exactly ``digits`` digits (what a shard's packs
    and chunks tables must hold: schemas.shards.name_digits of its format)."""
    return isinstance(value, str) and len(value) == digits and bool(CONTENT_NAME.fullmatch(value))


def checked_name(name: str) -> str:
    """``name`` if it is a content name of either length (a file's path is made from it);
    ValueError for anything else."""
    if not CONTENT_NAME.fullmatch(name):
        raise ValueError(f"{name!r} is not a sha256 or its first {SHORT_NAME_DIGITS} hex digits")
    return name


def names_content(name: str, data: bytes) -> bool:
    """Whether ``name`` (a content name: a sha256 in lowercase hex, whole or its first
    SHORT_NAME_DIGITS digits) is the name of ``data``."""
    return bool(CONTENT_NAME.fullmatch(name)) and hashlib.sha256(data).hexdigest().startswith(name)
