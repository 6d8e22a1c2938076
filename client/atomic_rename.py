"""Put a finished temporary file in place of its target, on every system the client runs on.

POSIX renames over a file that other processes have open. Windows refuses, with
PermissionError, while any process holds the target open without delete sharing (another
docclient reading the same blob, SQLite holding a shard, a virus scanner looking at a new
file); such a refusal lasts as long as the other handle, so it is retried briefly. When it
persists and the target already holds the same bytes, as every content-addressed file of the
cache does under its name, the write has nothing left to do. On POSIX a PermissionError is a
real permission problem and is raised at once.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

from schemas.digests import file_sha256

# Whether a refused rename is a file in use (Windows) rather than a permission (POSIX).
REFUSAL_MEANS_IN_USE = os.name == "nt"
RENAME_ATTEMPTS = 6
FIRST_RETRY_SECONDS = 0.01  # doubled each time: at most about 0.3 s in all


def replace_file(
    source: Path, target: Path, *, sleep: Callable[[float], None] = time.sleep
) -> None:
    """Rename ``source`` over ``target`` in one step (readers see the old file or the new)."""
    attempts = RENAME_ATTEMPTS if REFUSAL_MEANS_IN_USE else 1
    for attempt in range(attempts):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt + 1 < attempts:
                sleep(FIRST_RETRY_SECONDS * 2**attempt)
                continue
            if not (REFUSAL_MEANS_IN_USE and _same_bytes(source, target)):
                raise
    with contextlib.suppress(OSError):
        source.unlink()  # the target already holds these bytes


def _same_bytes(first: Path, second: Path) -> bool:
    try:
        return first.stat().st_size == second.stat().st_size and file_sha256(first) == file_sha256(
            second
        )
    except OSError:
        return False
