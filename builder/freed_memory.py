"""Give the memory a finished stage freed back to the system.

Parsing a large version allocates and frees lxml trees page after page, between the records it
keeps. glibc's malloc keeps the freed pages mapped for later use, so the process stays as large
as parsing made it while the next stages allocate more on top: on the Python 3.11 docs as Debian
installs them, 51 MiB of the 93 MiB resident when the shard stage starts are freed memory, and
the build's peak (157 MiB, in that stage) came from adding to them. ``malloc_trim`` returns them.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Callable

Trim = Callable[[int], int]


@functools.cache
def _malloc_trim() -> Trim | None:
    """glibc's ``malloc_trim``, or None where the C library has none (musl, macOS, Windows)."""
    try:
        libc = ctypes.CDLL(None)
    except (OSError, TypeError):  # no C library to open without a name (Windows)
        return None
    trim: Trim | None = getattr(libc, "malloc_trim", None)
    return trim


def release_freed_memory() -> None:
    """Return the heap's free pages to the system, where the C library can (a few milliseconds
    on a large version's heap); elsewhere nothing happens and the memory is reused as before."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)  # 0: keep no free space at the heap's top
