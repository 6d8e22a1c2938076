"""client.mcp_lean_http_pool: results and exceptions come back to their callers, and results
finished while the event loop was busy come back in one batch (one wake-up of the loop)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from client.mcp_lean_http_pool import WorkerPool


def test_each_caller_gets_its_own_result_or_exception() -> None:
    def square_or_fail(number: int) -> int:
        if number == 3:
            raise ValueError("three")
        return number * number

    async def main() -> list[int | BaseException]:
        pool = WorkerPool(4)
        try:
            calls = (pool.run(square_or_fail, number) for number in range(6))
            return list(await asyncio.gather(*calls, return_exceptions=True))
        finally:
            pool.shutdown()

    results = asyncio.run(main())
    assert results[:3] + results[4:] == [0, 1, 4, 16, 25]
    assert isinstance(results[3], ValueError)


def all_handed_back(pool: WorkerPool, count: int) -> bool:
    with pool._lock:
        return len(pool._finished) == count


def test_results_finished_while_the_loop_is_busy_come_back_in_one_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    done = threading.Semaphore(0)
    hand_outs: list[int] = []
    original = WorkerPool._hand_out

    def counted(pool: WorkerPool) -> None:
        hand_outs.append(1)
        original(pool)

    monkeypatch.setattr(WorkerPool, "_hand_out", counted)

    def work(number: int) -> int:
        done.release()
        return number

    async def main() -> list[int]:
        pool = WorkerPool(3)
        try:
            tasks = [asyncio.ensure_future(pool.run(work, number)) for number in range(5)]
            await asyncio.sleep(0)  # the five are submitted
            for _ in range(5):  # the loop is busy (blocked) until every one has finished
                assert done.acquire(timeout=30)
            while not all_handed_back(pool, 5):  # and put its result in the batch
                time.sleep(0.01)
            return list(await asyncio.gather(*tasks))
        finally:
            pool.shutdown()

    assert asyncio.run(main()) == [0, 1, 2, 3, 4]
    assert len(hand_outs) == 1
