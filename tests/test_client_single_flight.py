"""Concurrent calls for one key share one call: its bytes, or a copy of its error each; a call
ended by a BaseException leaves its waiters to run the call themselves."""

from __future__ import annotations

import threading
import time
import traceback

import pytest

from client.errors import NetworkError
from client.single_flight import SingleFlight


def together(flight: SingleFlight[bytes], leader: object, waiters: int) -> list[object]:
    """``leader`` runs first under key "k"; ``waiters`` threads ask for "k" while it runs."""
    started, outcomes = threading.Event(), []

    def lead() -> bytes:
        started.set()
        time.sleep(0.1)  # the waiters arrive meanwhile
        assert callable(leader)
        return leader()  # type: ignore[no-any-return]

    def wait() -> None:
        started.wait()
        try:
            outcomes.append(flight.run("k", lambda: b"by the waiter"))
        except NetworkError as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=wait) for _ in range(waiters)]
    for thread in threads:
        thread.start()
    try:
        outcomes.append(("leader", flight.run("k", lead)))
    except BaseException as exc:
        outcomes.append(("leader", exc))
    for thread in threads:
        thread.join()
    return outcomes


def test_waiters_share_the_running_calls_bytes() -> None:
    calls = []

    def fetch() -> bytes:
        calls.append(1)
        return b"data"

    outcomes = together(SingleFlight(), fetch, 4)
    assert outcomes.count(b"data") == 4 and ("leader", b"data") in outcomes
    assert len(calls) == 1
    assert SingleFlight().run("k", lambda: b"again") == b"again"  # a finished call runs anew


def test_each_waiter_raises_a_copy_of_the_error_with_its_own_traceback() -> None:
    def fail() -> bytes:
        raise NetworkError("https://a.example/x answered HTTP 503", hints=["https://a.example/"])

    outcomes = together(SingleFlight(), fail, 6)
    errors = [o for o in outcomes if isinstance(o, NetworkError)]
    assert len(errors) == 6 and len({id(e) for e in errors}) == 6
    assert all(e.message.endswith("HTTP 503") and e.hints == ["https://a.example/"] for e in errors)
    assert max(len(traceback.extract_tb(e.__traceback__)) for e in errors) < 10


def test_an_interrupted_call_leaves_its_waiters_to_run_it_themselves() -> None:
    def interrupted() -> bytes:
        raise KeyboardInterrupt

    outcomes = together(SingleFlight(), interrupted, 3)
    assert outcomes.count(b"by the waiter") == 3
    leader = next(o for o in outcomes if isinstance(o, tuple))
    assert isinstance(leader[1], KeyboardInterrupt)


def test_a_key_is_free_again_after_an_error() -> None:
    flight: SingleFlight[bytes] = SingleFlight()
    with pytest.raises(ValueError):
        flight.run("k", lambda: (_ for _ in ()).throw(ValueError("no")))
    assert flight.run("k", lambda: b"ok") == b"ok"
