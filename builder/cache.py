"""The build cache: what parsing one file produced, kept by the hash of everything it depends on.

An entry is trusted only if its own checksum holds; a corrupt or truncated entry is a miss and
gets rewritten. Writes are atomic (temp file, rename), so a killed build leaves no half entry.
Entries not used by a build are swept at its end, so the cache tracks the catalog's size.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import orjson

from builder import __version__

CACHE_FORMAT = "docbuild-cache@1"


def cache_key(*parts: object) -> str:
    """A stable key over ``parts`` (strings, numbers, lists and dicts of them)."""
    payload = orjson.dumps([CACHE_FORMAT, __version__, *parts], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(payload).hexdigest()


class BuildCache:
    """A folder of checksummed JSON entries; ``BuildCache(None)`` is a cache that never hits."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.used: set[str] = set()
        self.hits = 0
        self.misses = 0
        self.corrupt = 0

    def _path(self, key: str) -> Path:
        if self.root is None:
            raise RuntimeError("cache is disabled")
        return self.root / "entries" / key[:2] / f"{key}.json"

    def load_bytes(self, key: str) -> bytes | None:
        """The payload stored under ``key``, or None when absent or corrupt."""
        if self.root is None:
            return None
        path = self._path(key)
        try:
            raw = path.read_bytes()
        except OSError:
            self.misses += 1
            return None
        digest, _, payload = raw.partition(b"\n")
        if hashlib.sha256(payload).hexdigest().encode() != digest:
            self.corrupt += 1
            self.misses += 1
            path.unlink(missing_ok=True)
            return None
        self.used.add(key)
        self.hits += 1
        return payload

    def store_bytes(self, key: str, payload: bytes) -> None:
        if self.root is None:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        self.used.add(key)

    def load(self, key: str) -> Any | None:
        payload = self.load_bytes(key)
        return None if payload is None else orjson.loads(payload)

    def store(self, key: str, value: Any) -> None:
        self.store_bytes(key, orjson.dumps(value, option=orjson.OPT_SORT_KEYS))

    def sweep(self) -> int:
        """Delete entries this build did not use; return how many."""
        if self.root is None or not (self.root / "entries").is_dir():
            return 0
        removed = 0
        for path in (self.root / "entries").glob("*/*"):
            if path.stem not in self.used:
                path.unlink(missing_ok=True)
                removed += 1
        return removed
