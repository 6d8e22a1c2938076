"""Build an expensive fixture once per test run, however many pytest-xdist workers ask for it.

Each xdist worker is a process with its own session, so a session fixture alone would build
once per worker. The first worker to ask builds into the run's shared temporary folder under a
file lock and marks it finished; the others wait on the lock and then read that build.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

# The file marking a finished build (a build that died leaves none, and the next asker builds).
_FINISHED = "finished"


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        # One process, nobody to wait for; and the macOS/Windows client jobs run without xdist,
        # where fcntl does not exist.
        yield
        return
    import fcntl

    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def run_temp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole run: shared by every xdist worker, else the session's."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]
) -> Path:
    """``name``'s folder in the run's temporary folder, with ``build(folder / "site")`` done in
    it exactly once per run; returns that site."""
    folder = run_temp(tmp_path_factory) / name
    folder.mkdir(exist_ok=True)
    site = folder / "site"
    with _locked(folder / "lock"):
        if not (folder / _FINISHED).exists():
            build(site)
            (folder / _FINISHED).touch()
    return site
