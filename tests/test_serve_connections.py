"""Connection tracking: the caps overall and per client, busy/waiting states, shutdown."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from builder.serve.connections import DEFAULT_MAX_CONNECTIONS, ConnectionLimits, ConnectionTracker
from builder.serve.errors import StartupError


@pytest.fixture
def sockets() -> Iterator[Callable[[], socket.socket]]:
    """Server-side ends of socket pairs, all closed after the test."""
    with contextlib.ExitStack() as stack:

        def make() -> socket.socket:
            server_side, client_side = socket.socketpair()
            stack.enter_context(client_side)
            return stack.enter_context(server_side)

        yield make


def displaced(connection: socket.socket) -> bool:
    """Whether the tracker closed this connection's input (its reader sees end of file)."""
    connection.settimeout(5)
    return connection.recv(1) == b""


def test_a_client_at_its_cap_displaces_its_own_oldest_waiting_connection(
    sockets: Callable[[], socket.socket],
) -> None:
    tracker = ConnectionTracker(ConnectionLimits(max_connections=4, max_per_client=2))
    other, first, second, third = sockets(), sockets(), sockets(), sockets()
    assert tracker.open(other, "10.0.0.2")
    assert tracker.open(first, "10.0.0.1") and tracker.open(second, "10.0.0.1")
    assert tracker.open(third, "10.0.0.1")
    assert displaced(first)
    assert not tracker.begin(first)
    assert tracker.begin(second) and tracker.begin(third) and tracker.begin(other)
    assert tracker.counts == (0, 3)


def test_a_client_whose_connections_are_all_busy_is_refused_at_its_cap(
    sockets: Callable[[], socket.socket],
) -> None:
    tracker = ConnectionTracker(ConnectionLimits(max_connections=4, max_per_client=2))
    first, second = sockets(), sockets()
    assert tracker.open(first, "10.0.0.1") and tracker.open(second, "10.0.0.1")
    assert tracker.begin(first) and tracker.begin(second)
    assert not tracker.open(sockets(), "10.0.0.1")
    assert tracker.open(sockets(), "10.0.0.2")
    tracker.end(first)
    assert tracker.open(sockets(), "10.0.0.1")
    assert displaced(first)


def test_at_the_overall_cap_the_oldest_waiting_connection_is_displaced(
    sockets: Callable[[], socket.socket],
) -> None:
    tracker = ConnectionTracker(ConnectionLimits(max_connections=2))
    first, second = sockets(), sockets()
    assert tracker.open(first, "10.0.0.1") and tracker.open(second, "10.0.0.2")
    assert tracker.open(sockets(), "10.0.0.3")
    assert displaced(first)
    assert tracker.counts == (2, 0)


def test_at_the_overall_cap_with_every_connection_busy_a_new_one_is_refused(
    sockets: Callable[[], socket.socket],
) -> None:
    tracker = ConnectionTracker(ConnectionLimits(max_connections=2))
    a, b, c = sockets(), sockets(), sockets()
    assert tracker.open(a, "10.0.0.1") and tracker.open(b, "10.0.0.2")
    assert tracker.begin(a) and tracker.begin(b)
    assert not tracker.open(c, "10.0.0.3")
    tracker.close(a)
    assert tracker.open(c, "10.0.0.3")
    assert tracker.counts == (1, 1)


def test_a_connection_that_served_a_request_waits_as_the_newest(
    sockets: Callable[[], socket.socket],
) -> None:
    tracker = ConnectionTracker(ConnectionLimits(max_connections=2, max_per_client=2))
    first, second = sockets(), sockets()
    assert tracker.open(first, "10.0.0.1") and tracker.open(second, "10.0.0.1")
    assert tracker.begin(first)
    assert tracker.end(first) is False
    assert tracker.open(sockets(), "10.0.0.1")
    assert displaced(second)
    assert tracker.begin(first)


def test_default_per_client_cap_is_half_the_connections() -> None:
    assert ConnectionLimits().per_client == DEFAULT_MAX_CONNECTIONS // 2
    assert ConnectionLimits(max_connections=1).per_client == 1
    assert ConnectionLimits(max_connections=8, max_per_client=8).per_client == 8


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ({"max_connections": 0}, "max_connections must be at least 1, got 0"),
        (
            {"max_connections": 4, "max_per_client": 5},
            r"max_per_client must be between 1 and max_connections \(4\), got 5",
        ),
        ({"request_deadline_seconds": 0.0}, "request_deadline_seconds must be positive, got 0.0"),
    ],
)
def test_impossible_limits_are_a_startup_error(limits: dict[str, Any], message: str) -> None:
    with pytest.raises(StartupError, match=f"^{message}$"):
        ConnectionLimits(**limits)


def test_busy_connection_finishes_then_closes_after_shutdown() -> None:
    tracker = ConnectionTracker()
    server_side, client_side = socket.socketpair()
    with server_side, client_side:
        tracker.open(server_side, "127.0.0.1")
        assert tracker.begin(server_side)
        assert tracker.counts == (0, 1)
        tracker.close_idle()
        # The busy connection is not touched: its response can still be written.
        server_side.sendall(b"response")
        assert client_side.recv(100) == b"response"
        assert tracker.end(server_side) is True
        assert not tracker.begin(server_side)
        assert not tracker.open(server_side, "127.0.0.1")


def test_close_idle_wakes_a_waiting_reader() -> None:
    tracker = ConnectionTracker()
    server_side, client_side = socket.socketpair()
    with server_side, client_side:
        tracker.open(server_side, "127.0.0.1")
        assert tracker.begin(server_side)
        assert tracker.end(server_side) is False
        tracker.close_idle()
        assert server_side.recv(100) == b""


def test_close_idle_ignores_sockets_already_closed() -> None:
    tracker = ConnectionTracker()
    server_side, client_side = socket.socketpair()
    tracker.open(server_side, "127.0.0.1")
    server_side.close()
    client_side.close()
    tracker.close_idle()
    assert tracker.counts == (1, 0)
