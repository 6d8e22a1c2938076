"""A version's files parsed on several cores, their results taken back in the files' order.

Parsing is most of a cold build, and each file parses on its own. With more than one core the
compile stage reads each file itself (the version's byte budget depends on the files before
it), hands its text to a worker process and takes the results back in the listing's order:
the volume is byte for byte the one a build on one core writes.

Workers are forked, so they inherit the bound parse step (the project layout, the API source,
the version's references) instead of being sent it; where the platform cannot fork, or a
version has too few files to repay the workers' start, files are parsed in the build's own
process. A file whose worker failed (an exception, or a worker that died) is parsed again in
the build's process: the build then fails, or warns, exactly as a one-core build would.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Protocol

from builder.model import FileRecords, SkippedFile, SourceFile
from builder.sources import MAX_FILE_BYTES, MAX_VERSION_BYTES, Candidate
from builder.stages.parse import ParseStep

# A version of fewer files is parsed in the build's process: forking the workers and sending
# texts back and forth costs more than a few files' parsing saves.
MIN_FILES_FOR_WORKERS = 24
# Files read ahead of the one whose result is awaited, per worker: enough to keep every worker
# busy while the build's process reads and takes results back, few enough that the texts in
# flight stay a few megabytes.
READ_AHEAD_PER_WORKER = 4
# More workers than this gain little: the build's own process (reading, taking results back,
# the later stages) becomes the bottleneck.
MAX_JOBS = 8

# The parse step the workers run. Set just before the workers fork, so each inherits it.
_worker_parse: ParseStep | None = None


def usable_cores() -> int:
    """How many cores this process may run on (its affinity, where the platform tells)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def default_jobs() -> int:
    """The workers a build uses when not told: one per usable core, at most ``MAX_JOBS``."""
    return min(usable_cores(), MAX_JOBS)


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


@dataclass(frozen=True)
class FileOutcome:
    """A file's records and the size of its text."""

    parsed: FileRecords
    size: int
    read: bool  # the file was read by this build (False: the cache had it unread)


# What a file came to: its records, or why it could not be read.
Outcome = FileOutcome | SkippedFile


class FileCache(Protocol):
    """What the build cache does around each file's parse (``builder.cached_stages``)."""

    def before_read(self, candidate: Candidate, budget: int) -> tuple[FileRecords, int] | None:
        """The file's records and size when they are known without reading it."""

    def after_read(self, source: SourceFile) -> FileRecords | None:
        """The records of the bytes just read, when an earlier build parsed the same."""

    def after_parse(self, source: SourceFile, parsed: FileRecords) -> FileRecords:
        """The records to use for a file just parsed (kept for the next build)."""


class NoFileCache:
    """A build without a cache: every file is read and parsed."""

    def before_read(self, candidate: Candidate, budget: int) -> tuple[FileRecords, int] | None:
        return None

    def after_read(self, source: SourceFile) -> FileRecords | None:
        return None

    def after_parse(self, source: SourceFile, parsed: FileRecords) -> FileRecords:
        return parsed


@dataclass(frozen=True)
class Reading:
    """How the compile stage comes to each file's outcome."""

    read: Callable[[Candidate, int], SourceFile | SkippedFile]  # given the budget left
    parse: ParseStep  # pure: it may run in a worker process
    cache: FileCache = field(default_factory=NoFileCache)


def budget_spent(outcome: FileOutcome) -> int:
    """The bytes of the version's budget a file takes: a file left out takes none."""
    return 0 if outcome.parsed.skipped else outcome.size


def outcomes(candidates: Iterable[Candidate], reading: Reading, jobs: int) -> Iterator[Outcome]:
    """Each candidate's outcome, in order, parsed by ``jobs`` workers when that pays."""
    listed = list(candidates)
    if jobs <= 1 or len(listed) < MIN_FILES_FOR_WORKERS or not can_fork():
        yield from _in_order(listed, reading, None, 0)
        return
    global _worker_parse
    _worker_parse = reading.parse
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
    try:
        yield from _in_order(listed, reading, pool, jobs * READ_AHEAD_PER_WORKER)
    finally:
        # Files read ahead are not waited for when the build stops early (an error).
        pool.shutdown(wait=True, cancel_futures=True)
        _worker_parse = None


@dataclass(frozen=True)
class _InFlight:
    source: SourceFile
    result: Future[FileRecords]


def _in_order(
    candidates: list[Candidate],
    reading: Reading,
    pool: ProcessPoolExecutor | None,
    read_ahead: int,
) -> Iterator[Outcome]:
    """The outcomes, in order, with ``read_ahead`` files read before their turn. Each file is
    read with the budget a one-core build would give it (``_Budget``)."""
    pending: deque[Outcome | _InFlight] = deque()
    budget = _Budget()

    def take() -> Outcome:
        head = pending.popleft()
        outcome = _finished(head, reading) if isinstance(head, _InFlight) else head
        budget.settle(head, outcome)
        return outcome

    for candidate in candidates:
        while pending and (len(pending) > read_ahead or budget.tight()):
            yield take()
        found = reading.cache.before_read(candidate, budget.left())
        if found is not None:
            item: Outcome | _InFlight = FileOutcome(*found, read=False)
        else:
            source = reading.read(candidate, budget.left())
            if isinstance(source, SkippedFile):
                item = source
            elif (recalled := reading.cache.after_read(source)) is not None:
                item = FileOutcome(recalled, source.size, read=True)
            elif pool is None or (flight := _submitted(pool, source)) is None:
                item = _parsed(source, reading.parse(source), reading)
            else:
                item = flight
        pending.append(item)
        budget.add(item)
        if pool is None:
            yield take()
    while pending:
        yield take()


class _Budget:
    """The version's byte budget as files are read ahead of their turn.

    What a file takes is known once it is parsed (a file its parser leaves out takes none), so
    a file still in a worker is counted as taking its whole size. That can only make the budget
    left look smaller than it is; and while it leaves room for the largest file a reader
    accepts (``MAX_FILE_BYTES``), it makes no difference to any reading. Past that point the
    files in flight are waited for first (``tight``)."""

    def __init__(self) -> None:
        self.taken = 0  # by the files read so far, those in flight counted whole
        self.unsure = 0  # of which, by files in flight

    def left(self) -> int:
        return MAX_VERSION_BYTES - self.taken

    def tight(self) -> bool:
        return self.unsure > 0 and self.left() < MAX_FILE_BYTES

    def add(self, item: Outcome | _InFlight) -> None:
        if isinstance(item, _InFlight):
            self.taken += item.source.size
            self.unsure += item.source.size
        elif isinstance(item, FileOutcome):
            self.taken += budget_spent(item)

    def settle(self, item: Outcome | _InFlight, outcome: Outcome) -> None:
        """``item``, added before, came to ``outcome``."""
        if isinstance(item, _InFlight) and isinstance(outcome, FileOutcome):
            self.taken -= item.source.size - budget_spent(outcome)
            self.unsure -= item.source.size


def _submitted(pool: ProcessPoolExecutor, source: SourceFile) -> _InFlight | None:
    """``source`` handed to a worker; None when the workers are gone (one died)."""
    try:
        return _InFlight(source, pool.submit(_parse_in_worker, source))
    except BrokenProcessPool:
        return None


def _finished(flight: _InFlight, reading: Reading) -> FileOutcome:
    try:
        parsed = flight.result.result()
    except Exception:
        # The worker raised or died: parse here, to fail (or not) as a one-core build does.
        parsed = reading.parse(flight.source)
    return _parsed(flight.source, parsed, reading)


def _parsed(source: SourceFile, parsed: FileRecords, reading: Reading) -> FileOutcome:
    return FileOutcome(reading.cache.after_parse(source, parsed), source.size, read=True)


def _parse_in_worker(source: SourceFile) -> FileRecords:
    if _worker_parse is None:  # not forked from outcomes(): nothing to run
        raise RuntimeError("parse worker started without a parse step")
    return _worker_parse(source)
