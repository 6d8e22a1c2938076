"""One build at a time per output directory: an advisory file lock beside it.

POSIX takes it with flock, Windows with msvcrt.locking on one byte of the file; both are
released by the system when the process dies, so a killed build never leaves a stale lock.
Windows also lacks os.pread and os.pwrite and cannot remove a file that is open, so the pid is
written and read at offset 0 by seeking, and the file is removed after it is closed there.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from pathlib import Path
from types import ModuleType, TracebackType

from builder.errors import BuildError

# Whether this system locks with msvcrt (Windows) rather than flock; tests switch it.
LOCKS_WITH_MSVCRT = sys.platform == "win32"
_PID_BYTES = 32
# msvcrt locks a byte range that others can then neither read nor write: the lock is taken on
# the byte after the pid, so a refused build can still read who holds it.
_LOCKED_BYTE = _PID_BYTES


class BuildLocked(BuildError):
    """Another docbuild holds the lock on this output directory."""

    code = "locked"


def _msvcrt() -> ModuleType:
    # Imported by name: the module exists on Windows only (and type stubs say so).
    return importlib.import_module("msvcrt")


def _try_lock(fd: int) -> bool:
    """Take the lock without waiting; False when another process holds it."""
    if LOCKS_WITH_MSVCRT:
        msvcrt = _msvcrt()
        os.lseek(fd, _LOCKED_BYTE, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:  # held elsewhere: Windows says "permission denied", not "would block"
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if LOCKS_WITH_MSVCRT:
        msvcrt = _msvcrt()
        os.lseek(fd, _LOCKED_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


def _read_holder(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, _PID_BYTES).decode(errors="replace").strip() or "unknown"


def _write_holder(fd: int) -> None:
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, str(os.getpid()).encode().ljust(_PID_BYTES))


class OutputLock:
    """Holds ``.<out>.lock`` next to the output for the whole build; the pid written inside is
    only for the message another build prints."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.path = out.parent / f".{out.name}.lock"
        self._fd: int | None = None

    def __enter__(self) -> OutputLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        if not _try_lock(fd):
            holder = _read_holder(fd)
            os.close(fd)
            raise BuildLocked(
                f"another docbuild (pid {holder}) is building into {self.out}; "
                "wait for it to finish or choose another --out"
            )
        _write_holder(fd)
        self._fd = fd
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        if LOCKS_WITH_MSVCRT:
            # Windows removes no open file: unlock and close first. A build that takes the
            # lock in between keeps the file; the next one to finish removes it.
            _unlock(fd)
            os.close(fd)
            with contextlib.suppress(OSError):
                self.path.unlink()
            return
        # Removed while still held, so no other build can be inside the lock meanwhile.
        self.path.unlink(missing_ok=True)
        _unlock(fd)
        os.close(fd)
