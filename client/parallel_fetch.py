"""Fetch several listed files at once and report the failure that caused the others.

Files a shard lists (index chunks, body packs) are fetched a few at a time. When one of them
fails, the remote starts cooling down, and fetches still to start fail at once with
:class:`CoolingDown`; which of them comes first in the list depends on thread timing. The
caller needs the cause (a chunk that is not the listed one, a refused connection), not its echo.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from client.errors import CoolingDown

Item = TypeVar("Item")
Result = TypeVar("Result")


def fetch_each(
    fetch: Callable[[Item], Result], items: Sequence[Item], workers: int
) -> list[Result]:
    """``fetch`` of every item, in the items' order, at most ``workers`` at a time. When any
    fails, all are waited for, and the first failure in order that is not a CoolingDown is
    raised (the first CoolingDown when all are)."""
    if len(items) < 2:
        return [fetch(item) for item in items]
    with ThreadPoolExecutor(min(len(items), workers)) as pool:
        futures = [pool.submit(fetch, item) for item in items]
    failures = [error for error in (f.exception() for f in futures) if error is not None]
    if failures:
        raise next((e for e in failures if not isinstance(e, CoolingDown)), failures[0])
    return [future.result() for future in futures]
