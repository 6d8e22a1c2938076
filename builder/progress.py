"""Report a build's progress stage by stage: a line redrawn in place on a terminal, one line
per finished stage in a log.

Stages interleave (each version is parsed, then gets its shard and its pages, then the next
version), so each stage counts its own steps and the time spent inside it; a stage ends when
the build has no more of its work.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO

# Every stage the builder reports, in the order they first start, with what they count.
STAGE_UNITS = {
    "parse": "file",  # reading, parsing, and the API pages generated from code
    "shards": "version",
    "pages": "version",
    "embeddings": "section",  # section vectors made (not those taken from the cache)
    "site files": "step",  # index.json, catalog.json, library and landing pages
    "site search": "page",  # Pagefind's index, when it runs
}
# A terminal line is redrawn at most this often; more costs time and shows nothing new.
REDRAW_SECONDS = 0.1


@dataclass
class _Stage:
    total: int
    done: int = 0
    seconds: float = 0.0
    ended: bool = False


class BuildProgress:
    """Counts and times each stage and shows nothing: the base of the two displays, and what a
    build run from code (or with --quiet) uses."""

    live = False  # whether totals are shown while the stages run (they cost a listing)

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.stages: dict[str, _Stage] = {}

    def begin(self, stage: str, total: int) -> None:
        """``stage`` has ``total`` steps (0 when not known yet)."""
        self.stages[stage] = _Stage(total)
        self._show(force=True)  # a stage that starts is shown, however soon after a redraw

    def advance(self, stage: str, amount: int = 1) -> None:
        state = self.stages.setdefault(stage, _Stage(0))
        state.done += amount
        state.total = max(state.total, state.done)  # git and archive files are counted late
        self._show()

    @contextmanager
    def working(self, stage: str) -> Iterator[None]:
        """Time spent in the block counts as the stage's."""
        state = self.stages.setdefault(stage, _Stage(0))
        started = self.clock()
        try:
            yield
        finally:
            state.seconds += self.clock() - started

    def end(self, stage: str) -> None:
        state = self.stages.setdefault(stage, _Stage(0))
        state.ended = True
        self._ended(stage, state)

    def close(self) -> None:
        """The build is over (or failed): leave the output tidy."""

    def _show(self, force: bool = False) -> None:
        pass

    def _ended(self, stage: str, state: _Stage) -> None:
        pass


def stage_line(stage: str, state: _Stage) -> str:
    """``parse: 312 files in 2.41 s``."""
    return f"{stage}: {state.done} {_unit(stage, state.done)} in {state.seconds:.2f} s"


def _unit(stage: str, count: int) -> str:
    unit = STAGE_UNITS.get(stage, "step")
    return unit if count == 1 else unit + "s"


class LineProgress(BuildProgress):
    """Off a terminal: one line per stage when it ends, for logs."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(clock)
        self.stream = stream

    def _ended(self, stage: str, state: _Stage) -> None:
        self.stream.write(stage_line(stage, state) + "\n")
        self.stream.flush()


class TerminalProgress(BuildProgress):
    """On a terminal: one line, redrawn in place, with every started stage's count and the
    time so far; a finished stage stays as a line of its own above it."""

    live = True

    def __init__(
        self,
        stream: TextIO,
        clock: Callable[[], float] = time.perf_counter,
        width: int = 100,
    ) -> None:
        super().__init__(clock)
        self.stream = stream
        self.width = width
        self.started = clock()
        self._drawn = -REDRAW_SECONDS
        self._dirty = False

    def _line(self) -> str:
        # A stage shows once it has done something (before that, the first stage waiting),
        # so the line does not list stages that are only waiting.
        waiting = [(stage, state) for stage, state in self.stages.items() if not state.ended]
        shown = [(stage, state) for stage, state in waiting if state.done] or waiting[:1]
        parts = [
            f"{stage} {state.done}/{state.total or '?'} {_unit(stage, state.total)}"
            for stage, state in shown
        ]
        return f"{' · '.join(parts)}  {self.clock() - self.started:.1f} s"[: self.width - 1]

    def _show(self, force: bool = False) -> None:
        now = self.clock()
        if not force and now - self._drawn < REDRAW_SECONDS:
            return
        self._drawn = now
        self.stream.write("\r\x1b[2K" + self._line())
        self.stream.flush()
        self._dirty = True

    def _ended(self, stage: str, state: _Stage) -> None:
        self.stream.write("\r\x1b[2K" + stage_line(stage, state) + "\n")
        self._dirty = False
        if any(not s.ended for s in self.stages.values()):
            self._show(force=True)
        self.stream.flush()

    def close(self) -> None:
        if self._dirty:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self._dirty = False
