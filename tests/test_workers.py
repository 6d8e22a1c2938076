"""builder.workers: work done by forked workers comes back in order, as this process does it."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from builder.workers import DONE_HERE_FIRST, MIN_ITEMS_FOR_WORKERS, Workers, can_fork, in_order

pytestmark = pytest.mark.skipif(not can_fork(), reason="workers are forked")

BUILD_PROCESS = os.getpid()
ITEMS = list(range(MIN_ITEMS_FOR_WORKERS * 3))


def square_where(n: int) -> tuple[int, bool]:
    return n * n, os.getpid() == BUILD_PROCESS


def test_results_come_back_in_order_and_from_the_workers() -> None:
    results = list(in_order(ITEMS, square_where, 3))
    assert [square for square, _ in results] == [n * n for n in ITEMS]
    # The first few are done here, before the workers are forked.
    assert [here for _, here in results] == [n < DONE_HERE_FIRST for n in ITEMS]


def test_a_few_items_to_work_out_among_known_ones_fork_no_worker() -> None:
    # A rebuild: every page kept but a few, which this process makes.
    few = set(ITEMS[10 : 10 + DONE_HERE_FIRST])
    results = list(in_order(ITEMS, square_where, 2, known=lambda n: None if n in few else (n, 0)))
    assert [here for n, (_, here) in zip(ITEMS, results, strict=True) if n in few] == [True] * 4


def test_known_results_skip_the_work_and_done_hears_of_the_others() -> None:
    heard: list[tuple[int, tuple[int, bool]]] = []
    known = {n: (-n, True) for n in ITEMS if n % 5 == 0}
    results = list(
        in_order(ITEMS, square_where, 2, known=known.get, done=lambda n, r: heard.append((n, r)))
    )
    assert [r[0] for r in results] == [-n if n % 5 == 0 else n * n for n in ITEMS]
    assert [n for n, _ in heard] == [n for n in ITEMS if n % 5]


def test_few_items_are_done_in_this_process() -> None:
    few = ITEMS[: MIN_ITEMS_FOR_WORKERS - 1]
    assert all(here for _, here in in_order(few, square_where, 4))
    assert all(here for _, here in in_order(ITEMS, square_where, 1))


class Unpicklable(Exception):
    def __init__(self, n: int, why: str) -> None:
        super().__init__(f"{n}: {why}")


def fail_on_seven(n: int) -> int:
    if n == 7:
        raise Unpicklable(n, "seven")
    return n


def test_a_failure_is_raised_again_by_this_process() -> None:
    with pytest.raises(Unpicklable, match="7: seven"):
        list(in_order(ITEMS, fail_on_seven, 2))


def die_on_seven(n: int) -> int:
    if n == 7 and os.getpid() != BUILD_PROCESS:
        os._exit(1)
    return n


def test_work_of_a_dead_worker_is_done_by_this_process() -> None:
    assert list(in_order(ITEMS, die_on_seven, 2)) == ITEMS


def test_one_set_of_workers_at_a_time() -> None:
    workers = Workers(square_where, 2)
    try:
        with pytest.raises(RuntimeError, match="already running"):
            Workers(square_where, 2)
    finally:
        workers.close()
    Workers(square_where, 2).close()  # and again once closed


def is_running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


KILLED_BUILD = """
import os, sys, time
from builder.workers import in_order

def pid_of_worker(n):
    time.sleep(0.01)
    return os.getpid()

workers = set()
for pid in in_order(range(100_000), pid_of_worker, 2):
    workers.add(pid)
    if len(workers) == 2:
        print(*workers, flush=True)
        time.sleep(3600)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_end_when_the_build_process_is_killed() -> None:
    # Killed (SIGKILL, the OOM killer, a SIGTERM outside --watch), the build cannot stop its
    # workers: they must not wait for work forever.
    with subprocess.Popen(
        [sys.executable, "-c", KILLED_BUILD], stdout=subprocess.PIPE, text=True
    ) as build:
        assert build.stdout is not None
        workers = [int(pid) for pid in build.stdout.readline().split()]
        build.kill()
    try:
        for _ in range(300):
            if not any(is_running(pid) for pid in workers):
                break
            time.sleep(0.1)
        assert not any(is_running(pid) for pid in workers)
    finally:
        for pid in workers:
            if is_running(pid):
                os.kill(pid, signal.SIGKILL)


INTERRUPTED_BUILD = """
import signal, time
from builder.workers import in_order

signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
for n in in_order(range(100_000), abs, 2):
    if n == 50:
        print("working", flush=True)
    time.sleep(0.01)  # the workers wait for items, as when the build's process writes
"""


def test_ctrl_c_is_the_build_process_s_to_handle() -> None:
    # Ctrl-C signals the terminal's whole process group. A worker interrupted inside the
    # pool's queues printed its own traceback, and could leave a queue's lock held, hanging
    # the build as it stopped its workers; the build's process alone stops, and stops them.
    with subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_BUILD],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as build:
        assert build.stdout is not None
        assert build.stdout.readline() == "working\n"
        os.killpg(build.pid, signal.SIGINT)
        try:
            _, errors = build.communicate(timeout=60)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(build.pid, signal.SIGKILL)
    assert errors.count("Traceback") == 1 and errors.endswith("KeyboardInterrupt\n")
