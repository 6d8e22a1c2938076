"""The TTL + LRU result cache, driven by a fake clock."""

import pytest

from client.result_cache import CacheStats, ResultCache


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_hit_miss_and_stats() -> None:
    cache: ResultCache[str] = ResultCache(4, 60, clock=Clock())
    assert cache.get("a") is None
    cache.put("a", "A")
    assert cache.get("a") == "A"
    assert cache.get("b") is None
    assert cache.stats() == CacheStats(
        hits=1, misses=2, evictions=0, expirations=0, size=1, max_entries=4, ttl_seconds=60
    )


def test_entries_expire_after_the_ttl() -> None:
    clock = Clock()
    cache: ResultCache[int] = ResultCache(4, 60, clock=clock)
    cache.put("a", 1)
    clock.now += 59.9
    assert cache.get("a") == 1
    clock.now += 0.1  # exactly the TTL after storing: too old
    assert cache.get("a") is None
    stats = cache.stats()
    assert (stats.hits, stats.misses, stats.expirations, stats.size) == (1, 1, 1, 0)


def test_a_put_refreshes_the_age() -> None:
    clock = Clock()
    cache: ResultCache[int] = ResultCache(4, 60, clock=clock)
    cache.put("a", 1)
    clock.now += 50
    cache.put("a", 2)
    clock.now += 50
    assert cache.get("a") == 2


def test_least_recently_used_goes_first() -> None:
    cache: ResultCache[int] = ResultCache(3, 60, clock=Clock())
    for key in "abc":
        cache.put(key, ord(key))
    assert cache.get("a") == ord("a")  # a is now the most recently used
    cache.put("d", 4)  # evicts b, the least recently used
    assert cache.get("b") is None
    assert [cache.get(k) for k in "acd"] == [ord("a"), ord("c"), 4]
    assert cache.stats().evictions == 1
    assert cache.stats().size == 3


@pytest.mark.parametrize(("size", "ttl"), [(0, 60), (4, 0), (0, 0)])
def test_zero_turns_the_cache_off(size: int, ttl: float) -> None:
    cache: ResultCache[int] = ResultCache(size, ttl, clock=Clock())
    assert not cache.enabled
    cache.put("a", 1)
    assert cache.get("a") is None
    assert cache.stats().size == 0
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert [cache.get_or_compute("a", compute) for _ in range(2)] == [1, 2]


def test_get_or_compute_computes_once() -> None:
    cache: ResultCache[list[int]] = ResultCache(4, 60, clock=Clock())
    calls: list[int] = []

    def compute() -> list[int]:
        calls.append(1)
        return [42]

    assert cache.get_or_compute(("lookup", "express", 5), compute) == [42]
    assert cache.get_or_compute(("lookup", "express", 5), compute) == [42]
    assert calls == [1]


def test_errors_are_not_cached() -> None:
    cache: ResultCache[int] = ResultCache(4, 60, clock=Clock())

    def fail() -> int:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        cache.get_or_compute("a", fail)
    assert cache.get_or_compute("a", lambda: 7) == 7


def test_clear_keeps_the_statistics() -> None:
    cache: ResultCache[int] = ResultCache(4, 60, clock=Clock())
    cache.put("a", 1)
    cache.get("a")
    cache.clear()
    assert cache.get("a") is None
    assert (cache.stats().hits, cache.stats().misses, cache.stats().size) == (1, 1, 0)


def test_negative_bounds_are_refused() -> None:
    with pytest.raises(ValueError):
        ResultCache(-1, 60)
    with pytest.raises(ValueError):
        ResultCache(1, -5)
