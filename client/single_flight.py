"""One download for concurrent callers that want the same file.

Questions asked at the same time on one version need many of the same index chunks and body
packs. Without this, each thread fetched each of them (a review counted 130 requests for 31
chunks). A call for a key that is already running waits for that call and shares its outcome,
bytes or error; a call after it has finished runs again, so a call that must not repeat a
finished one's work checks for its result first (client.listed_files reads the disk cache,
where a download is kept before its flight ends).

Only an Exception is shared, and each waiter raises a copy of its own (one exception object
raised in several threads would collect all their tracebacks). A call ended by anything else
(KeyboardInterrupt in the thread running it) tells its waiters nothing: they run the call
themselves.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Generic, TypeVar

T = TypeVar("T")


class _Interrupted(Exception):
    """The running call was ended by a BaseException that is not the waiters' business."""


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
            return self._wait(running, call)
        try:
            result = call()
        except Exception as exc:
            mine.set_exception(exc)
            raise
        except BaseException:
            mine.set_exception(_Interrupted())
            raise
        else:
            mine.set_result(result)
            return result
        finally:
            with self._lock:
                del self._running[key]

    @staticmethod
    def _wait(running: Future[T], call: Callable[[], T]) -> T:
        error = running.exception()
        if error is None:
            return running.result()
        if isinstance(error, _Interrupted):
            return call()
        raise _copied(error) from None


def _copied(error: BaseException) -> BaseException:
    """A copy of ``error`` without its traceback, or ``error`` when it cannot be copied."""
    try:
        duplicate = copy.copy(error)
    except Exception:  # an exception type that refuses copying: share the original
        return error
    return duplicate.with_traceback(None)
