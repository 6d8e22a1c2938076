"""Negative caching: after a remote fails, leave it alone for a while instead of waiting again.

While a remote is cooling down, callers answer from the next source without a network request, so
a dead host costs one timeout per cooldown rather than one per call. The cooldown is independent of
the cache TTL: a TTL shorter than the cooldown does not cut it short. When it has passed the remote
is tried again, so a host that came back is used again. A cooldown of 0 seconds never blocks (the
client uses that when the result cache is off: every call then really retries).

The clock is injected, so tests move time by hand instead of sleeping. A Cooldown is shared by
threads that do not hold SiteData's lock (body packs are fetched in worker threads while a query
or ``docclient sync`` holds it), so it takes a lock of its own: a failure recorded while another
thread records a success is never mixed with it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Failure:
    """The last failure of one remote: what went wrong, when, since when it has been failing
    (the first failure with no success after it), and until when it is left alone."""

    reason: str
    failed_at: float
    until: float
    since: float


class Cooldown:
    """Failures by remote key, each blocking that key for ``seconds`` after it happened."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.time) -> None:
        self.seconds = seconds
        self._clock = clock
        self._failures: dict[str, Failure] = {}
        self._lock = threading.Lock()

    def fail(self, key: str, reason: str, since: float | None = None) -> Failure:
        """Record a failure of ``key`` now; the cooldown starts again from this moment.
        ``since`` is when it started failing, if known from elsewhere (another process)."""
        with self._lock:
            now = self._clock()
            previous = self._failures.get(key)
            if previous is not None:
                since = previous.since
            elif since is None:
                since = now
            failure = Failure(reason, now, now + self.seconds, since)
            self._failures[key] = failure
            return failure

    def succeed(self, key: str) -> None:
        """Forget the failures of ``key``: it answered."""
        with self._lock:
            self._failures.pop(key, None)

    def blocked(self, key: str) -> bool:
        """True while ``key`` failed less than ``seconds`` ago."""
        with self._lock:
            failure = self._failures.get(key)
            return failure is not None and self._clock() < failure.until

    def remaining(self, key: str) -> float:
        """Seconds until ``key`` may be tried again; 0 when it may be tried now."""
        with self._lock:
            failure = self._failures.get(key)
            return max(0.0, failure.until - self._clock()) if failure else 0.0

    def last_failure(self, key: str) -> Failure | None:
        """The last recorded failure of ``key`` (kept after the cooldown ends, until a success)."""
        with self._lock:
            return self._failures.get(key)
