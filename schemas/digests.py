"""The sha256 of a file, read in bounded chunks: what catalogs record and caches check.

The builder hashes the shards it writes and the release archives it reads; the client hashes
the shards it installs and re-checks. One definition, so both spell the digest the same way.
"""

from __future__ import annotations

import hashlib
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
