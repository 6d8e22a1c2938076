"""An in-memory result cache bounded by entry count (LRU) and by age (TTL), with statistics.

Answers to the same question within one process repeat (an agent retries, asks again after a
related call); this keeps the last ``max_entries`` answers for ``ttl_seconds``. Either bound set
to 0 turns the cache off: every lookup is then a miss and nothing is stored. The clock is
injectable so tests can move time instead of sleeping. Safe to share between threads (the HTTP
transport answers calls in several): each read or write of the entries holds a lock, a
computation does not, so two threads may compute the same missing answer once each.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

V = TypeVar("V")

DEFAULT_MAX_ENTRIES = 256
DEFAULT_TTL_SECONDS = 600.0


@dataclass(frozen=True)
class CacheStats:
    """Counters since the cache was made. ``evictions`` counts entries pushed out by the size
    bound; ``expirations`` those found too old."""

    hits: int
    misses: int
    evictions: int
    expirations: int
    size: int
    max_entries: int
    ttl_seconds: float


class ResultCache(Generic[V]):
    """Least-recently-used entries go first when full; entries older than the TTL never answer.

    Values are never None: ``get`` returns None for a miss.
    """

    def __init__(
        self,
        max_entries: int = DEFAULT_MAX_ENTRIES,
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_entries < 0 or ttl_seconds < 0:
            raise ValueError("cache size and TTL must not be negative")
        self.max_entries = max_entries
        self.ttl_seconds = ttl_seconds
        self._clock = clock
        self._entries: OrderedDict[Hashable, tuple[float, V]] = OrderedDict()
        self._hits = self._misses = self._evictions = self._expirations = 0
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.max_entries > 0 and self.ttl_seconds > 0

    def get(self, key: Hashable) -> V | None:
        """The fresh value stored under ``key``, or None (a miss)."""
        with self._lock:
            return self._get(key)

    def _get(self, key: Hashable) -> V | None:
        found = self._entries.get(key)
        if found is None:
            self._misses += 1
            return None
        stored_at, value = found
        if self._clock() - stored_at >= self.ttl_seconds:
            del self._entries[key]
            self._expirations += 1
            self._misses += 1
            return None
        self._entries.move_to_end(key)
        self._hits += 1
        return value

    def put(self, key: Hashable, value: V) -> None:
        """Store ``value``; the least recently used entry makes room when the cache is full."""
        if not self.enabled:
            return
        with self._lock:
            self._entries[key] = (self._clock(), value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
                self._evictions += 1

    def get_or_compute(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The cached value, or ``compute()``'s result stored for next time. Exceptions from
        ``compute`` propagate and are not cached."""
        value = self.get(key)
        if value is None:
            value = compute()
            self.put(key, value)
        return value

    def clear(self) -> None:
        """Forget every entry (the statistics stay)."""
        with self._lock:
            self._entries.clear()

    def stats(self) -> CacheStats:
        with self._lock:
            return self._stats()

    def _stats(self) -> CacheStats:
        return CacheStats(
            hits=self._hits,
            misses=self._misses,
            evictions=self._evictions,
            expirations=self._expirations,
            size=len(self._entries),
            max_entries=self.max_entries,
            ttl_seconds=self.ttl_seconds,
        )
