"""Cooldown after a failure: timing by an injected clock, independence per remote, zero seconds."""

from __future__ import annotations

import threading
from collections.abc import Callable

from client.cooldown import Cooldown, Failure


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_failed_remote_is_blocked_for_the_cooldown_then_tried_again() -> None:
    clock = Clock()
    cooldown = Cooldown(30, clock)
    assert not cooldown.blocked("https://a.example/")
    first = Failure("HTTP 503", 1000.0, 1030.0, 1000.0)
    assert cooldown.fail("https://a.example/", "HTTP 503") == first
    clock.now = 1029.9
    assert cooldown.blocked("https://a.example/")
    assert round(cooldown.remaining("https://a.example/"), 6) == 0.1
    assert not cooldown.blocked("https://b.example/")
    clock.now = 1030.0
    assert not cooldown.blocked("https://a.example/")
    assert cooldown.remaining("https://a.example/") == 0.0
    # The failure is remembered for status output until the remote answers again.
    assert cooldown.last_failure("https://a.example/") == first
    cooldown.succeed("https://a.example/")
    assert cooldown.last_failure("https://a.example/") is None


def test_a_new_failure_restarts_the_cooldown_and_keeps_since_when_it_fails() -> None:
    clock = Clock()
    cooldown = Cooldown(30, clock)
    cooldown.fail("r", "timeout")
    clock.now = 1031.0
    cooldown.fail("r", "refused")
    clock.now = 1060.0
    assert cooldown.blocked("r")
    assert cooldown.last_failure("r") == Failure("refused", 1031.0, 1061.0, 1000.0)
    cooldown.succeed("r")
    clock.now = 1100.0
    assert cooldown.fail("r", "refused") == Failure("refused", 1100.0, 1130.0, 1100.0)


def test_zero_seconds_never_blocks() -> None:
    cooldown = Cooldown(0, Clock())
    cooldown.fail("r", "refused")
    assert not cooldown.blocked("r")
    assert cooldown.remaining("r") == 0.0


class PausingFailures(dict[str, Failure]):
    """Cooldown's table, letting a second thread run while the first has just read a failure."""

    def __init__(self, during_read: Callable[[], None]) -> None:
        super().__init__()
        self.during_read: Callable[[], None] | None = during_read

    def get(self, key: str, default: Failure | None = None) -> Failure | None:  # type: ignore[override]
        found = super().get(key, default)
        if self.during_read is not None:
            run, self.during_read = self.during_read, None
            run()
        return found


def test_a_success_in_another_thread_is_not_mixed_into_a_failure_being_recorded() -> None:
    # Body packs are fetched in worker threads that record failures while another thread may
    # record the site's success. The success comes while "fail" has read the previous failure
    # and not yet stored the new one; unlocked, the new failure kept the old one's start
    # although the site answered in between.
    key = "https://a.example/"
    cooldown = Cooldown(30, lambda: 2000.0)
    succeeding = threading.Thread(target=cooldown.succeed, args=(key,))

    def succeed_meanwhile() -> None:
        succeeding.start()
        succeeding.join(0.5)  # unlocked it is done by then; locked it waits for ``fail``

    cooldown._failures = PausingFailures(succeed_meanwhile)
    cooldown._failures[key] = Failure("HTTP 503", 1000.0, 1030.0, 900.0)
    cooldown.fail(key, "HTTP 502")
    succeeding.join()
    failure = cooldown.last_failure(key)
    # Either order of the two is sound: no failure (success last) or one that starts now.
    assert failure is None or failure.since == failure.failed_at
