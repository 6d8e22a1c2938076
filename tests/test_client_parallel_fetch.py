"""client.parallel_fetch: results in order, and the failure that caused the others."""

from __future__ import annotations

import threading

import pytest

from client.errors import CoolingDown, NetworkError
from client.parallel_fetch import fetch_each


def test_results_come_in_the_items_order() -> None:
    assert fetch_each(lambda n: n * n, [3, 1, 2], workers=2) == [9, 1, 4]
    assert fetch_each(lambda n: n, [], workers=4) == []


def test_the_cause_is_raised_not_the_cool_down_it_started_whatever_finishes_first() -> None:
    # The first item waits until the second has failed, then meets the remote cooling down:
    # in the items' order the echo comes first, yet the cause is what the caller hears.
    failed = threading.Event()

    def fetch(item: str) -> str:
        if item == "echo":
            assert failed.wait(5)
            raise CoolingDown("the remote is cooling down after a failure")
        failed.set()
        raise NetworkError(f"{item} is not the index chunk the search shard lists")

    with pytest.raises(NetworkError, match="cause is not the index chunk") as raised:
        fetch_each(fetch, ["echo", "cause"], workers=2)
    assert not isinstance(raised.value, CoolingDown)


def test_when_every_fetch_met_the_cool_down_that_is_what_is_raised() -> None:
    def fetch(item: int) -> int:
        raise CoolingDown(f"{item}: cooling down")

    with pytest.raises(CoolingDown, match="1: cooling down"):
        fetch_each(fetch, [1, 2, 3], workers=3)
