"""One build at a time per output directory: an advisory file lock beside it."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType

from builder.errors import BuildError


class BuildLocked(BuildError):
    """Another docbuild holds the lock on this output directory."""

    code = "locked"


class OutputLock:
    """Holds ``.<out>.lock`` next to the output for the whole build.

    flock is released by the kernel when the process dies, so a killed build never leaves a
    stale lock behind; the pid written inside is only for the message.
    """

    def __init__(self, out: Path) -> None:
        self.path = out.parent / f".{out.name}.lock"
        self._fd: int | None = None

    def __enter__(self) -> OutputLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise BuildLocked(
                f"another docbuild (pid {holder}) is building into {self.path.parent}; "
                "wait for it to finish or choose another --out"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._fd = fd
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            # Removed while still held, so no other build can be inside the lock meanwhile.
            self.path.unlink(missing_ok=True)
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
