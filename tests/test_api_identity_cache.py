"""builder.api.identity_cache: a value per object, computed once while kept, by identity."""

from __future__ import annotations

from builder.api.identity_cache import IdentityCache


def test_a_value_is_computed_once_per_object_and_equal_objects_are_apart() -> None:
    calls: list[list[str]] = []
    cache: IdentityCache[str] = IdentityCache(4)

    def joined(lines: list[str]) -> str:
        calls.append(lines)
        return "\n".join(lines)

    first, equal = ["a", "b"], ["a", "b"]
    assert cache.get(first, joined) == "a\nb"
    assert cache.get(first, joined) == "a\nb"
    assert cache.get(equal, joined) == "a\nb"
    assert [c is first for c in calls] == [True, False]


def test_the_least_recently_used_goes_and_clear_drops_all() -> None:
    cache: IdentityCache[int] = IdentityCache(2)
    a, b, c = [1], [2], [3]
    computed: list[int] = []

    def first(item: list[int]) -> int:
        computed.append(item[0])
        return item[0]

    cache.get(a, first)
    cache.get(b, first)
    cache.get(a, first)  # a used last: b goes when c comes
    cache.get(c, first)
    cache.get(a, first)
    cache.get(b, first)
    assert computed == [1, 2, 3, 2]
    cache.clear()
    cache.get(a, first)
    assert computed == [1, 2, 3, 2, 1]
