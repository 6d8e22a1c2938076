"""Connection tracking: the cap, busy/idle states, and waking idle readers on shutdown."""

from __future__ import annotations

import socket

from builder.serve.connections import ConnectionTracker


def test_cap_on_open_connections() -> None:
    tracker = ConnectionTracker(max_connections=2)
    a, b = socket.socketpair()
    c, d = socket.socketpair()
    with a, b, c, d:
        assert tracker.open(a) and tracker.open(b)
        assert not tracker.open(c)
        tracker.close(a)
        assert tracker.open(c)
        assert tracker.counts == (2, 0)


def test_busy_connection_finishes_then_closes_after_shutdown() -> None:
    tracker = ConnectionTracker()
    server_side, client_side = socket.socketpair()
    with server_side, client_side:
        tracker.open(server_side)
        assert tracker.begin(server_side)
        assert tracker.counts == (0, 1)
        tracker.close_idle()
        # The busy connection is not touched: its response can still be written.
        server_side.sendall(b"response")
        assert client_side.recv(100) == b"response"
        assert tracker.end(server_side) is True
        assert not tracker.begin(server_side)
        assert not tracker.open(server_side)


def test_close_idle_wakes_a_waiting_reader() -> None:
    tracker = ConnectionTracker()
    server_side, client_side = socket.socketpair()
    with server_side, client_side:
        tracker.open(server_side)
        assert tracker.end(server_side) is False
        tracker.close_idle()
        assert server_side.recv(100) == b""


def test_close_idle_ignores_sockets_already_closed() -> None:
    tracker = ConnectionTracker()
    server_side, client_side = socket.socketpair()
    tracker.open(server_side)
    server_side.close()
    client_side.close()
    tracker.close_idle()
    assert tracker.counts == (1, 0)
