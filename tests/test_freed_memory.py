"""Memory a stage freed goes back to the system (builder/freed_memory.py)."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pytest

from builder import freed_memory
from builder.freed_memory import release_freed_memory

BLOCK = 16 * 1024  # under glibc's mmap threshold: these come from the heap, as lxml's do
BLOCKS = 4096  # 64 MiB in all


def _resident_mib() -> float:
    """The resident size /proc/self/status gives in kB: statm counts pages, which are 16 or
    64 KiB, not 4, on some arm64 kernels (read as 4 KiB, 64 MiB freed looked like 4 to 16)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("/proc/self/status gives no VmRSS")


@pytest.mark.skipif(
    freed_memory._malloc_trim() is None or not Path("/proc/self/status").exists(),
    reason="needs glibc's malloc_trim and /proc to see the resident size",
)
def test_freed_heap_pages_leave_the_process() -> None:
    libc = ctypes.CDLL(None)
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    blocks = [libc.malloc(BLOCK) for _ in range(BLOCKS)]
    for block in blocks:
        ctypes.memset(block, 1, BLOCK)  # touched, so resident
    # The last block stays allocated, as a kept record does: the heap's top cannot shrink
    # past it, so only trimming the pages inside the heap gives the freed ones back.
    for block in blocks[:-1]:
        libc.free(block)
    freed_but_kept = _resident_mib()
    release_freed_memory()
    released = _resident_mib()
    libc.free(blocks[-1])
    assert freed_but_kept - released > 32


def test_without_malloc_trim_nothing_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(freed_memory, "_malloc_trim", lambda: None)
    release_freed_memory()  # no C library call and no error


def test_trims_with_no_space_kept_at_the_top(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(freed_memory, "_malloc_trim", lambda: lambda pad: calls.append(pad) or 1)
    release_freed_memory()
    assert calls == [0]
