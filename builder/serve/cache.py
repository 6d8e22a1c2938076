"""Remembers per-file work (the content hash behind an ETag, the gzip bytes of a text file),
keyed by file identity, so an unchanged file is not re-read on every request and a changed one
is never served with a stale validator.

Each entry is stored under the file's resolved path together with its FileKey (size, mtime_ns,
inode, device); a lookup with a different key is a miss and the new value replaces the old one,
so the number of entries never exceeds the number of files. Both caches are bounded (entries,
and bytes for gzip) and evict the least recently used entry. Work on a cold file is done once
even when many threads ask at the same time: they wait on a lock striped by path.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from builder.serve.files import FileKey

ETAG_HEX_DIGITS = 32
GZIP_SUFFIX = "-gzip"
DEFAULT_MAX_ENTRIES = 65_536
DEFAULT_GZIP_BUDGET = 64 * 1024 * 1024
# Larger text files go out uncompressed: compressing them would hold their whole content in memory.
DEFAULT_GZIP_MAX_FILE = 16 * 1024 * 1024
_GZIP_LEVEL = 6
_STRIPES = 64
_MAX_PARALLEL_COMPRESSIONS = 2

V = TypeVar("V")


class KeyedLru(Generic[V]):
    """A thread-safe LRU map of path → (FileKey, value), bounded in entries and in total cost."""

    def __init__(self, max_entries: int, max_cost: int, cost: Callable[[V], int]) -> None:
        self._entries: OrderedDict[str, tuple[FileKey, V]] = OrderedDict()
        self._max_entries = max_entries
        self._max_cost = max_cost
        self._cost = cost
        self._total = 0
        self._lock = threading.Lock()

    def get(self, path: str, key: FileKey) -> V | None:
        """The value stored for this version of the file, or None."""
        with self._lock:
            entry = self._entries.get(path)
            if entry is None or entry[0] != key:
                return None
            self._entries.move_to_end(path)
            return entry[1]

    def put(self, path: str, key: FileKey, value: V) -> None:
        """Store a value for this version of the file, evicting least recently used entries."""
        cost = self._cost(value)
        if cost > self._max_cost:
            return
        with self._lock:
            old = self._entries.pop(path, None)
            if old is not None:
                self._total -= self._cost(old[1])
            self._entries[path] = (key, value)
            self._total += cost
            while self._total > self._max_cost or len(self._entries) > self._max_entries:
                _, (_, evicted) = self._entries.popitem(last=False)
                self._total -= self._cost(evicted)

    @property
    def total_cost(self) -> int:
        """The summed cost of the stored values."""
        return self._total

    def __len__(self) -> int:
        return len(self._entries)


class RepresentationCache:
    """Computes and remembers content hashes and gzip bodies of served files."""

    def __init__(
        self,
        *,
        max_entries: int = DEFAULT_MAX_ENTRIES,
        gzip_budget: int = DEFAULT_GZIP_BUDGET,
        gzip_max_file: int = DEFAULT_GZIP_MAX_FILE,
    ) -> None:
        self.hashes: KeyedLru[str] = KeyedLru(max_entries, max_entries * 64, len)
        self.gzipped: KeyedLru[bytes] = KeyedLru(max_entries, gzip_budget, len)
        self.gzip_max_file = gzip_max_file
        self._stripes = [threading.Lock() for _ in range(_STRIPES)]
        self._compressions = threading.BoundedSemaphore(_MAX_PARALLEL_COMPRESSIONS)
        self.hash_computations = 0
        self.gzip_computations = 0

    def content_hash(self, path: str, key: FileKey, file: io.FileIO) -> str:
        """A hex digest of the file's content (the first ETAG_HEX_DIGITS of its sha256)."""
        cached = self.hashes.get(path, key)
        if cached is not None:
            return cached
        with self._stripe(path):
            cached = self.hashes.get(path, key)
            if cached is not None:
                return cached
            file.seek(0)
            digest = hashlib.file_digest(file, "sha256").hexdigest()[:ETAG_HEX_DIGITS]
            self.hash_computations += 1
            self._store_if_unchanged(self.hashes, path, key, file, digest)
            return digest

    def gzip_body(self, path: str, key: FileKey, file: io.FileIO) -> bytes | None:
        """The file's content gzip-compressed, or None when the file is too large to compress."""
        if key.size > self.gzip_max_file:
            return None
        cached = self.gzipped.get(path, key)
        if cached is not None:
            return cached
        with self._stripe(path):
            cached = self.gzipped.get(path, key)
            if cached is not None:
                return cached
            # Each compression holds a whole file in memory: a few at a time bounds the total.
            with self._compressions:
                file.seek(0)
                content = file.read(key.size + 1)
                # mtime=0 makes the bytes a function of the content alone, as a strong ETag needs.
                body = gzip.compress(content, compresslevel=_GZIP_LEVEL, mtime=0)
            self.gzip_computations += 1
            self._store_if_unchanged(self.gzipped, path, key, file, body)
            return body

    def _stripe(self, path: str) -> threading.Lock:
        return self._stripes[hash(path) % _STRIPES]

    @staticmethod
    def _store_if_unchanged(
        cache: KeyedLru[V], path: str, key: FileKey, file: io.FileIO, value: V
    ) -> None:
        # A file rewritten in place while it was read gives a mixed result: use it, never keep it.
        if FileKey.of(os.fstat(file.fileno())) == key:
            cache.put(path, key, value)
