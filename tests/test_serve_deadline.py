"""The deadline reader: a request that trickles in is cut at its deadline, a prompt one is read."""

from __future__ import annotations

import io
import socket
import threading
import time
from collections.abc import Iterator
from http import HTTPStatus

import pytest

from builder.serve.deadline import DeadlineReader
from builder.serve.errors import RequestRejected

IDLE_TIMEOUT = 30.0
# How long a trickling sender keeps going: far past any deadline the tests set.
TRICKLE_SECONDS = 10.0


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    server_side, client_side = socket.socketpair()
    server_side.settimeout(IDLE_TIMEOUT)
    with server_side, client_side:
        yield server_side, client_side


def trickle(connection: socket.socket, stop: threading.Event) -> None:
    """Send one byte of a never-ending header line every 50 ms until stopped or refused."""
    give_up = time.monotonic() + TRICKLE_SECONDS
    while not stop.wait(0.05) and time.monotonic() < give_up:
        try:
            connection.sendall(b"x")
        except OSError:
            return


def test_a_line_that_trickles_in_is_cut_at_the_deadline(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    server_side, client_side = pair
    reader = DeadlineReader(server_side, IDLE_TIMEOUT)
    stream = io.BufferedReader(reader)
    stop = threading.Event()
    sender = threading.Thread(target=trickle, args=(client_side, stop))
    sender.start()
    try:
        reader.start_deadline(0.5)
        with pytest.raises(RequestRejected) as caught:
            stream.readline(65536)
        # Cut by the deadline, not by the sender giving up (that would end the line instead).
        assert sender.is_alive()
    finally:
        stop.set()
        sender.join()
    assert caught.value.status == HTTPStatus.REQUEST_TIMEOUT


def test_a_deadline_already_past_refuses_to_read(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    server_side, client_side = pair
    client_side.sendall(b"GET / HTTP/1.1\r\n")
    reader = DeadlineReader(server_side, IDLE_TIMEOUT)
    reader.start_deadline(-1.0)
    with pytest.raises(RequestRejected):
        reader.read(100)


def test_a_prompt_request_is_read_and_the_ordinary_timeout_comes_back(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    server_side, client_side = pair
    reader = DeadlineReader(server_side, IDLE_TIMEOUT)
    stream = io.BufferedReader(reader)
    client_side.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    reader.start_deadline(10.0)
    assert stream.readline() == b"GET / HTTP/1.1\r\n"
    assert stream.readline() == b"Host: x\r\n"
    reader.clear_deadline()
    assert server_side.gettimeout() == IDLE_TIMEOUT


def test_without_a_deadline_reads_wait_as_the_socket_allows(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    server_side, client_side = pair
    server_side.settimeout(0.2)
    stream = io.BufferedReader(DeadlineReader(server_side, 0.2))
    with pytest.raises(TimeoutError):
        stream.peek(1)
    client_side.close()
    assert stream.peek(1) == b""
