"""Files the build cache keeps by the sha256 of their bytes, linked into a site instead of
written again.

A rebuild after a one-page edit publishes the same body packs and index chunks as the build
before it, save a few. Creating a file costs far more than linking one (on the machine the
benchmark runs on, about 0.6 ms against 0.02 ms), so a shard whose 800 files were written
again cost half a second. Each such file is kept once under ``objects/<sha256[:2]>/<sha256>``
and a later build that publishes the same bytes links it. An object is linked only when its
bytes are the ones the build would have written (it reads them, about 30 µs for a pack), so a
damaged or planted object costs a write, never a wrong file. Objects a build did not use are
swept with the cache's other entries.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

OBJECTS_FOLDER = "objects"


class ObjectStore:
    """The cache's ``objects`` folder; ``ObjectStore(None)`` keeps nothing and writes every
    file."""

    def __init__(self, cache_root: Path | None) -> None:
        self.root = None if cache_root is None else f"{cache_root}/{OBJECTS_FOLDER}"
        self.used: set[str] = set()  # sha256 of the objects this build published or kept

    def _path(self, sha256: str) -> str:
        return f"{self.root}/{sha256[:2]}/{sha256}"

    def place(self, target: Path, sha256: str, data: bytes) -> None:
        """Put ``data``, whose sha256 is ``sha256``, at ``target`` (a path nothing holds yet):
        a link to the kept object when it holds these bytes, else a new file, then kept."""
        if self.root is None:
            target.write_bytes(data)
            return
        self.used.add(sha256)
        path = self._path(sha256)
        if _holds(path, data):
            try:
                os.link(path, target, follow_symlinks=False)
            except OSError:  # links not allowed here: written as usual
                pass
            else:
                return
        target.write_bytes(data)
        _keep(target, path)

    def mark_used(self, digests: Iterable[str]) -> None:
        """Keep the objects of files a build took from the cache another way (a kept folder)."""
        self.used.update(digests)

    def sweep(self) -> int:
        """Delete the objects this build did not use; return how many."""
        if self.root is None:
            return 0
        removed = 0
        for entry in _objects_in(self.root):
            if entry.name not in self.used:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed += 1
        return removed


def _holds(path: str, data: bytes) -> bool:
    """Whether ``path`` is a regular file (not a link to one) holding exactly ``data``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return handle.read(len(data) + 1) == data


def _keep(source: Path, path: str) -> None:
    """Link ``source`` in as the object ``path``, replacing a damaged one; keeping is tidying,
    so a cache that cannot be written only costs the next build a write."""
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.link(source, temp)
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _objects_in(root: str) -> Iterator[os.DirEntry[str]]:
    try:
        buckets = [entry.path for entry in os.scandir(root) if entry.is_dir()]
    except OSError:
        return
    for bucket in buckets:
        with contextlib.suppress(OSError), os.scandir(bucket) as found:
            yield from found
