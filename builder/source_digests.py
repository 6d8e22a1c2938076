"""Each source file's sha256 and size, hashed once and then taken from the build cache while the
file's ``stat`` says it has not changed since (what git's index does for a work tree).

A build keys each version on its files' bytes, so a rebuild read and hashed every source file
again: 47 MB on the Python docs, about 0.05 s of a one-page rebuild. A file whose size,
modification and change times, inode and device are still those it had when it was hashed
holds the same bytes, unless it was written again within the clock tick of those times. So a
file's digest is kept only when both its times were at least ``RACY_NANOSECONDS`` before the
hashing began (git's "racily clean" rule); a file changed since is hashed on every build until
it is that old.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

from builder.cache import BuildCache
from builder.sources import Candidate, open_regular

# How long ago a file must have last changed for its stat to vouch for its bytes.
RACY_NANOSECONDS = 2_000_000_000
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class FileDigest:
    """A source file's sha256 and the length of its bytes."""

    sha256: str
    bytes: int


def source_digests(
    cache: BuildCache, key: str, candidates: Sequence[Candidate]
) -> tuple[dict[str, FileDigest], bool]:
    """Each readable candidate's digest by its relpath, and whether every one was readable.
    ``key`` names the cache entry of these files' stats (one per version)."""
    started = time.time_ns()
    settled = started - RACY_NANOSECONDS
    loaded = cache.load(key)
    kept: dict[str, object] = loaded if isinstance(loaded, dict) else {}
    digests: dict[str, FileDigest] = {}
    stats: dict[str, list[object]] = {}
    readable = True
    for candidate in candidates:
        if candidate.text is not None:  # a page the builder writes: nothing on disk to stat
            utf8 = candidate.text.encode("utf-8")
            digests[candidate.relpath] = FileDigest(hashlib.sha256(utf8).hexdigest(), len(utf8))
            continue
        try:
            found = os.stat(candidate.path)
        except OSError:
            readable = False
            continue
        stamp: list[object] = [
            found.st_size,
            found.st_mtime_ns,
            found.st_ctime_ns,
            found.st_ino,
            found.st_dev,
        ]
        digest = _kept_digest(kept.get(candidate.relpath), stamp)
        if digest is None:
            # Opened as read_source opens it: a FIFO swapped in since the listing is not
            # waited on, and a link pointed elsewhere is not hashed.
            opened = open_regular(candidate.path, candidate.identity)
            if isinstance(opened, str):
                readable = False
                continue
            try:
                with opened as handle:
                    data = handle.read()
            except OSError:
                readable = False
                continue
            digest = hashlib.sha256(data).hexdigest()
            if len(data) != found.st_size:  # written while it was being read: not kept
                digests[candidate.relpath] = FileDigest(digest, len(data))
                continue
        digests[candidate.relpath] = FileDigest(digest, found.st_size)
        if max(found.st_mtime_ns, found.st_ctime_ns) < settled:
            stats[candidate.relpath] = [*stamp, digest]
    if loaded is None or stats != kept:
        cache.store(key, stats)
    return digests, readable


def _kept_digest(kept: object, stamp: list[object]) -> str | None:
    """The sha256 a kept stat gives, when it is the file's current stat."""
    if not (isinstance(kept, list) and len(kept) == len(stamp) + 1 and kept[:-1] == stamp):
        return None
    digest = kept[-1]
    return digest if isinstance(digest, str) and _SHA256.fullmatch(digest) else None
