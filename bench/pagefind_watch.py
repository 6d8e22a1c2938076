"""Time ``docbuild build --watch`` as an author runs it while editing, for bench/pagefind.py
``--watch``: the first build and each rebuild after a one-word edit, as the running process
reports them (no interpreter start nor imports: what an edit costs)."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

# The watched build's edits, one rebuild each: the first in the process warms up what later
# ones find ready, as in an author's session of edits, so the median is of several.
WATCH_EDITS = 5
# How long a watched build may take to report a build or a rebuild before the bench gives up.
WATCH_TIMEOUT_S = 600
# docbuild prints "Watching" just before its file watcher starts: an edit made at once could
# come before the watcher looks.
WATCHER_START_S = 2.0
_BUILT_LINE = re.compile(r"^Built .* in ([\d.]+) s")
_WATCHING_LINE = re.compile(r"^Watching ")
_REBUILT_LINE = re.compile(r"^Rebuild after .*: (done|failed.*) in ([\d.]+) s$")


def watched_times(
    command: list[str],
    checkout: Path,
    edited: Path,
    cores: frozenset[int],
    edit: Callable[[Path], object],
) -> tuple[float, list[float]]:
    """Run ``command --watch`` from ``checkout`` on ``cores`` (its cache empty) and return the
    time its first build reports, then those of WATCH_EDITS rebuilds: ``edited`` changed by
    ``edit`` and put back, in turn, each waited for until the process reports its rebuild."""
    process = subprocess.Popen(
        [*command, "--watch"],
        cwd=checkout,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=lambda: os.sched_setaffinity(0, cores),
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout or ()]).start()

    def wait_for(pattern: re.Pattern[str]) -> re.Match[str]:
        deadline = time.monotonic() + WATCH_TIMEOUT_S
        while True:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                message = f"docbuild build --watch did not report {pattern.pattern}"
                raise SystemExit(message) from None
            if (found := pattern.match(line.rstrip("\n"))) is not None:
                return found

    original = edited.read_bytes()
    try:
        built = float(wait_for(_BUILT_LINE).group(1))
        wait_for(_WATCHING_LINE)
        time.sleep(WATCHER_START_S)
        rebuilds = []
        for number in range(WATCH_EDITS):
            if number % 2 == 0:
                edit(edited)
            else:
                edited.write_bytes(original)
            outcome, seconds = wait_for(_REBUILT_LINE).groups()
            if outcome != "done":
                raise SystemExit(f"docbuild build --watch: the rebuild {outcome}")
            rebuilds.append(float(seconds))
    finally:
        edited.write_bytes(original)
        process.terminate()
        process.wait(timeout=60)
    return built, rebuilds
