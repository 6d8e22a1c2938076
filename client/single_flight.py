"""One download for concurrent callers that want the same file.

Questions asked at the same time on one version need many of the same index chunks and body
packs. Without this, each thread fetched each of them (a review counted 130 requests for 31
chunks). A call for a key that is already running waits for that call and shares its outcome,
bytes or exception; a call after it has finished runs again (by then the file is in the disk
cache, which callers read first).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

T = TypeVar("T")


class SingleFlight(Generic[T]):
    """Concurrent calls by key: the first runs, the others wait for its outcome."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: dict[Hashable, Future[T]] = {}

    def run(self, key: Hashable, call: Callable[[], T]) -> T:
        with self._lock:
            running = self._running.get(key)
            if running is None:
                mine: Future[T] = Future()
                self._running[key] = mine
        if running is not None:
            return running.result()
        try:
            result = call()
        except BaseException as exc:
            mine.set_exception(exc)
            raise
        else:
            mine.set_result(result)
            return result
        finally:
            with self._lock:
                del self._running[key]
