"""The output folder's swap: a build writes into a sibling staging folder, which replaces the
output only when everything succeeded, so an interrupted or failed build leaves the previous
site untouched. Leftovers of a killed build are cleaned up by the next one.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import sys
from pathlib import Path

from builder.catalog import CATALOG_FILE
from builder.errors import BuildError
from builder.site_indexes import INDEX_FILE
from schemas.lookup_table import LOOKUP_FILE


class Staging:
    """A sibling directory that becomes the output only on success."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.path = out.parent / f".{out.name}.staging-{os.getpid()}"
        self.work = self.path.parent / f".{out.name}.work-{os.getpid()}"

    def __enter__(self) -> Staging:
        self._recover_from_killed_build()
        _refuse_foreign_output(self.out)
        for leftover in (self.path, self.work):
            shutil.rmtree(leftover, ignore_errors=True)
        self.path.mkdir(parents=True)
        self.work.mkdir()
        return self

    def _recover_from_killed_build(self) -> None:
        """Called under the output lock, so any other build's scratch folders are leftovers of
        a build that was killed: remove them, and put back a site that was swapped out when
        the kill came between the two renames of ``publish``."""
        parent, name = self.out.parent, self.out.name
        previous = sorted(parent.glob(f".{name}.old-*"))
        if previous and not self.out.exists():
            os.replace(previous.pop(), self.out)
        for leftover in [
            *previous,
            *parent.glob(f".{name}.staging-*"),
            *parent.glob(f".{name}.work-*"),
        ]:
            shutil.rmtree(leftover, ignore_errors=True)

    def __exit__(self, *exc_info: object) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        shutil.rmtree(self.work, ignore_errors=True)

    def publish(self) -> None:
        """Put the staged site in place: in one atomic exchange where the system has one, so
        a server of the output folder (docbuild serve --watch) never finds it missing."""
        if self.out.is_dir() and exchange_directories(self.path, self.out):
            shutil.rmtree(self.path, ignore_errors=True)  # now the previous site
            return
        old = self.out.parent / f".{self.out.name}.old-{os.getpid()}"
        if self.out.exists():
            os.replace(self.out, old)
        os.replace(self.path, self.out)
        shutil.rmtree(old, ignore_errors=True)


# renameat2's flag that swaps two paths in one step (Linux 3.15 and later).
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def exchange_directories(first: Path, second: Path) -> bool:
    """Swap two directories atomically; False where the system cannot (then nothing moved)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    return bool(result == 0)


def _is_part(out: Path) -> bool:
    from builder.part import is_part  # imported by the builds that need it only

    return is_part(out)


def _refuse_foreign_output(out: Path) -> None:
    """Only an empty directory, an earlier doctrove site or part may be replaced."""
    if not out.exists():
        return
    if not out.is_dir():
        raise BuildError(f"{out} exists and is not a directory; choose another --out")
    # A large site has no whole index.json or catalog.json, but always a lookup.json.
    markers = (INDEX_FILE, CATALOG_FILE, LOOKUP_FILE)
    earlier = any((out / marker).is_file() for marker in markers) or _is_part(out)
    if any(out.iterdir()) and not earlier:
        raise BuildError(
            f"{out} is not empty and holds no {INDEX_FILE} or part from an earlier build; "
            "refusing to replace it (choose an empty or new --out directory)"
        )
