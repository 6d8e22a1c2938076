"""Two builds at once on one output directory: the second is refused with a clear message, with
flock on POSIX and msvcrt on Windows (its branch run here with a stand-in for msvcrt)."""

import os
import sys
from pathlib import Path

import pytest

from builder import lock
from builder.lock import BuildLocked, OutputLock


def test_second_holder_is_refused_and_lock_is_released(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    with OutputLock(out), pytest.raises(BuildLocked, match=r"another docbuild .* building into"):
        OutputLock(out).__enter__()
    with OutputLock(out):  # released: taking it again works
        pass
    assert not (tmp_path / "._site.lock").exists()


def test_refusal_names_the_output_not_its_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `docbuild build` run twice in a project: the output is the relative `_site`, whose
    # parent is `.`; "building into ." sent the user looking at the wrong folder.
    monkeypatch.chdir(tmp_path)
    with OutputLock(Path("_site")), pytest.raises(BuildLocked) as refused:
        OutputLock(Path("_site")).__enter__()
    assert "is building into _site;" in str(refused.value)


def test_different_outputs_do_not_conflict(tmp_path: Path) -> None:
    with OutputLock(tmp_path / "a"), OutputLock(tmp_path / "b"):
        pass


class FakeMsvcrt:
    """msvcrt.locking as Windows does it: a byte range per file, refused to other handles with
    PermissionError, taken at the descriptor's current position."""

    LK_NBLCK, LK_UNLCK = 2, 0

    def __init__(self) -> None:
        self.held: dict[tuple[int, int], int] = {}  # (inode, offset) -> fd

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        assert nbytes == 1
        key = (os.fstat(fd).st_ino, os.lseek(fd, 0, os.SEEK_CUR))
        if mode == self.LK_UNLCK:
            del self.held[key]
        elif self.held.setdefault(key, fd) != fd:
            raise PermissionError(13, "Permission denied")


def test_on_windows_msvcrt_locks_and_the_pid_is_written_without_pwrite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeMsvcrt()
    monkeypatch.setattr(lock, "LOCKS_WITH_MSVCRT", True)
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.delattr(os, "pread", raising=False)  # Windows has neither
    monkeypatch.delattr(os, "pwrite", raising=False)
    out = tmp_path / "_site"
    with OutputLock(out):
        assert [offset for _, offset in fake.held] == [32]  # after the pid, which stays readable
        with pytest.raises(BuildLocked, match=rf"another docbuild \(pid {os.getpid()}\) is"):
            OutputLock(out).__enter__()
    assert fake.held == {}
    assert not (tmp_path / "._site.lock").exists()
    with OutputLock(out):  # released: taking it again works
        pass
