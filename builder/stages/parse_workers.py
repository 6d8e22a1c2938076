"""A version's files parsed on several cores (``builder.workers``), in the files' order.

The compile stage reads each file itself (the version's byte budget depends on the files
before it), hands its text to a worker and takes the results back in the listing's order: the
volume is byte for byte the one a build on one core writes. Only a few files' texts are in
flight at a time.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from builder.model import FileRecords, SkippedFile, SourceFile
from builder.sources import MAX_FILE_BYTES, MAX_VERSION_BYTES, Candidate
from builder.stages.parse import ParseStep
from builder.workers import READ_AHEAD_PER_WORKER, Handed, Workers, workers_for

_Handed = Handed[SourceFile, FileRecords]


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
    workers = workers_for(reading.parse, jobs, len(listed))
    # Without workers each file is taken before the next is read: parsed in turn.
    read_ahead = jobs * READ_AHEAD_PER_WORKER if workers else 0
    try:
        yield from _in_order(listed, reading, workers, read_ahead)
    finally:
        if workers is not None:
            workers.close()


def _in_order(
    candidates: list[Candidate],
    reading: Reading,
    workers: Workers[SourceFile, FileRecords] | None,
    read_ahead: int,
) -> Iterator[Outcome]:
    """The outcomes, in order, with ``read_ahead`` files read before their turn. Each file is
    read with the budget a one-core build would give it (``_Budget``)."""
    pending: deque[Outcome | _Handed] = deque()
    budget = _Budget()

    def take() -> Outcome:
        head = pending.popleft()
        if isinstance(head, Handed):
            assert workers is not None  # only workers hand items out
            outcome: Outcome = _parsed(head.item, workers.result(head), reading)
        else:
            outcome = head
        budget.settle(head, outcome)
        return outcome

    for candidate in candidates:
        while pending and (len(pending) > read_ahead or budget.tight()):
            yield take()
        found = reading.cache.before_read(candidate, budget.left())
        if found is not None:
            item: Outcome | _Handed = FileOutcome(*found, read=False)
        else:
            source = reading.read(candidate, budget.left())
            if isinstance(source, SkippedFile):
                item = source
            elif (recalled := reading.cache.after_read(source)) is not None:
                item = FileOutcome(recalled, source.size, read=True)
            elif workers is None or (handed := workers.hand(source)) is None:
                item = _parsed(source, reading.parse(source), reading)
            else:
                item = handed
        pending.append(item)
        budget.add(item)
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

    def add(self, item: Outcome | _Handed) -> None:
        if isinstance(item, Handed):
            self.taken += item.item.size
            self.unsure += item.item.size
        elif isinstance(item, FileOutcome):
            self.taken += budget_spent(item)

    def settle(self, item: Outcome | _Handed, outcome: Outcome) -> None:
        """``item``, added before, came to ``outcome``."""
        if isinstance(item, Handed) and isinstance(outcome, FileOutcome):
            self.taken -= item.item.size - budget_spent(outcome)
            self.unsure -= item.item.size


def _parsed(source: SourceFile, parsed: FileRecords, reading: Reading) -> FileOutcome:
    return FileOutcome(reading.cache.after_parse(source, parsed), source.size, read=True)
