"""One kind of work on many items, done by forked worker processes, its results taken in order.

A big version's files parse, and its pages tokenize, each on their own: with more than one core
the build hands them to workers. Workers are forked, so they inherit the work to do with
everything it holds (a project's layout, a version's records) instead of being sent it; only
items and results cross between processes. Results are taken back in the items' order, so the
build writes the bytes a one-core build writes. Work that fails in a worker (an exception, which
may not survive pickling, or a worker that died) is done again in the build's process: it then
fails, or not, exactly as on one core. Ctrl-C is the build process's alone to handle, and
workers never outlive that process, even one killed before it could stop them.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

# multiprocessing and concurrent.futures (with the logging they import) are imported when
# workers are first needed: a rebuild that changed a few files never forks any, and its
# process starts sooner without them.
if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

Item = TypeVar("Item")
Result = TypeVar("Result")

# More workers than this gain little: the build's own process (reading, taking results back,
# the stages that stay serial) becomes the bottleneck.
MAX_JOBS = 8
# Fewer items are done in the build's process: forking workers and sending items and results
# back and forth would cost more than a few items' work saves.
MIN_ITEMS_FOR_WORKERS = 24
# The first items that need work are done in the build's process, the workers forked only for
# more: a rebuild that changed a few files or pages forks none (``Workers.hand``).
DONE_HERE_FIRST = 4
# Items handed out ahead of the one whose result is awaited, per worker: enough to keep every
# worker busy while the build's process takes results back, few enough to bound what is held.
READ_AHEAD_PER_WORKER = 4
# How often a worker looks whether the build's process is still there.
PARENT_CHECK_SECONDS = 0.5

# The work the workers do: set just before they fork, so that each inherits it.
_inherited_work: Callable[[Any], Any] | None = None


def usable_cores() -> int:
    """How many cores this process may run on (its affinity, where the platform tells)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def default_jobs() -> int:
    """The workers a build uses when not told: one per usable core, at most ``MAX_JOBS``."""
    return min(usable_cores(), MAX_JOBS)


def can_fork() -> bool:
    """Whether workers can be forked safely: not on Windows (no fork), nor on macOS, where a
    forked child of a process that loaded system frameworks may crash."""
    # os.fork is what multiprocessing's fork start method needs; asked here without importing
    # multiprocessing, which a build that never forks would load for this question alone.
    return hasattr(os, "fork") and sys.platform != "darwin"


@dataclass(frozen=True)
class Handed(Generic[Item, Result]):
    """An item a worker is doing."""

    item: Item
    result: Future[Result]


class Workers(Generic[Item, Result]):
    """``jobs`` forked processes doing ``work``; one set of workers at a time."""

    def __init__(self, work: Callable[[Item], Result], jobs: int) -> None:
        global _inherited_work
        if _inherited_work is not None:
            raise RuntimeError("workers are already running")
        self.work = work
        _inherited_work = work
        self._jobs = jobs
        # The pool is made when the first item is handed to a worker, and its processes are
        # forked then (a fork context's pool starts them all at its first task), not here.
        self._pool: ProcessPoolExecutor | None = None
        self._asked = 0

    def hand(self, item: Item) -> Handed[Item, Result] | None:
        """``item`` handed to a worker; None when this process is to do it: one of the first
        ``DONE_HERE_FIRST``, or the workers are gone (one died)."""
        self._asked += 1
        if self._asked <= DONE_HERE_FIRST:
            return None
        from concurrent.futures.process import BrokenProcessPool

        try:
            return Handed(item, self._started_pool().submit(_work_inherited, item))
        except BrokenProcessPool:
            return None

    def _started_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                self._jobs,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return self._pool

    def result(self, handed: Handed[Item, Result]) -> Result:
        """What the worker made of the item, or, when it failed, what this process makes."""
        try:
            return handed.result.result()
        except Exception:
            return self.work(handed.item)

    def close(self) -> None:
        """Stop the workers; items handed out and not started are dropped (a build stopped
        early by an error does not wait for them)."""
        global _inherited_work
        try:
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)
        finally:
            _inherited_work = None


def workers_for(
    work: Callable[[Item], Result], jobs: int, items: int
) -> Workers[Item, Result] | None:
    """Workers for ``items`` items of ``work``, or None when this process should do them: one
    job, fewer items than ``MIN_ITEMS_FOR_WORKERS`` (forking and sending would cost more than
    they save), or a platform that cannot fork."""
    if jobs <= 1 or items < MIN_ITEMS_FOR_WORKERS or not can_fork():
        return None
    return Workers(work, jobs)


def in_order(
    items: Iterable[Item],
    work: Callable[[Item], Result],
    jobs: int,
    *,
    known: Callable[[Item], Result | None] | None = None,
    done: Callable[[Item, Result], None] | None = None,
) -> Iterator[Result]:
    """``work(item)`` for each item, in order, by ``jobs`` workers when there are enough items
    (``workers_for``). ``known`` gives an item's result without the work when it has one (a
    cache); ``done`` hears of each result worked out (to keep it), in this process."""
    listed = list(items)
    workers = workers_for(work, jobs, len(listed))
    # Without workers each item is taken as soon as it is listed: the work is done in turn.
    read_ahead = jobs * READ_AHEAD_PER_WORKER if workers else 0
    pending: deque[tuple[Item, Result | Handed[Item, Result] | None]] = deque()

    def taken() -> Result:
        item, held = pending.popleft()
        if isinstance(held, Handed):
            assert workers is not None  # only workers hand items out
            result = workers.result(held)
        elif held is not None:
            return held  # known without the work
        else:
            result = work(item)
        if done:
            done(item, result)
        return result

    try:
        for item in listed:
            result = known(item) if known else None
            if result is None and workers is not None:
                pending.append((item, workers.hand(item)))
            else:
                pending.append((item, result))
            while len(pending) > read_ahead:
                yield taken()
        while pending:
            yield taken()
    finally:
        if workers is not None:
            workers.close()


def _start_worker(build_process: int) -> None:
    """A worker's start. Ctrl-C, which the terminal sends the whole process group, is the
    build process's to handle (it stops the workers): one interrupted inside the pool's
    queues prints its own traceback and may leave a queue's lock held, so that stopping the
    workers hangs. And a worker ends once the build's process is gone: killed (SIGKILL, the
    OOM killer), it cannot stop them, and each would wait for work forever (it holds its
    queue's pipe open itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def end_with_build() -> None:
        while os.getppid() == build_process:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=end_with_build, name="end-with-build", daemon=True).start()


def _work_inherited(item: Any) -> Any:
    if _inherited_work is None:  # a worker not forked by Workers: nothing to run
        raise RuntimeError("a worker started without its work")
    return _inherited_work(item)
