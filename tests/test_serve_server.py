"""Server lifecycle: binding, stopping, responses in flight, and holding up against slow clients."""

from __future__ import annotations

import contextlib
import http.client
import select
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.serve import (
    ConnectionLimits,
    PortInUseError,
    StartupError,
    create_server,
    start_server,
)
from builder.serve.server import is_loopback_address

BIG_SIZE = 32 * 1024 * 1024


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    root.mkdir()
    (root / "index.html").write_bytes(b"home")
    return root


def test_started_server_answers_and_stop_releases_the_port(site: Path) -> None:
    running = start_server(site)
    port = running.port
    assert running.url == f"http://127.0.0.1:{port}/"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/")
    assert connection.getresponse().read() == b"home"
    connection.close()
    running.stop()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=10)
    again = create_server(site, "127.0.0.1", port)
    again.server_close()


def test_port_in_use(site: Path) -> None:
    with start_server(site) as running, pytest.raises(PortInUseError) as caught:
        create_server(site, "127.0.0.1", running.port)
    assert str(caught.value) == (
        f"cannot serve on 127.0.0.1:{running.port}: the port is already in use "
        "(choose another with --port, or --port 0 for any free port)"
    )
    assert caught.value.exit_code == 1


def test_unknown_host_is_a_startup_error(site: Path) -> None:
    with pytest.raises(StartupError, match=r"^cannot serve on 300\.1\.1\.1:0: "):
        create_server(site, "300.1.1.1", 0)


def test_root_must_exist(tmp_path: Path) -> None:
    with pytest.raises(StartupError, match="is not a directory"):
        create_server(tmp_path / "missing", "127.0.0.1", 0)


@pytest.mark.parametrize(
    ("address", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.10", False),
        ("fe80::1%eth0", False),
        ("localhost", False),
    ],
)
def test_is_loopback_address(address: str, loopback: bool) -> None:
    assert is_loopback_address(address) is loopback


def test_response_in_flight_completes_across_stop(site: Path) -> None:
    content = bytes(range(256)) * (BIG_SIZE // 256)
    (site / "big.bin").write_bytes(content)
    running = start_server(site)
    client = socket.create_connection(("127.0.0.1", running.port), timeout=30)
    client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
    received = bytearray(client.recv(4096))
    # The server is now blocked writing 32 MiB into a full socket: the response is in flight.
    stopper = threading.Thread(target=running.stop)
    stopper.start()
    while chunk := client.recv(1 << 20):
        received += chunk
    client.close()
    stopper.join(timeout=30)
    assert not stopper.is_alive()
    head, _, body = bytes(received).partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK\r\n")
    assert b"\r\nConnection: close\r\n" not in head
    assert body == content


def test_idle_keep_alive_connection_does_not_hold_up_stop(site: Path) -> None:
    running = start_server(site)
    client = socket.create_connection(("127.0.0.1", running.port), timeout=30)
    client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    reply = b""
    while not reply.endswith(b"\r\n\r\nhome"):
        reply += client.recv(65536)
    stopper = threading.Thread(target=running.stop)
    stopper.start()
    stopper.join(timeout=30)
    assert not stopper.is_alive()
    assert client.recv(100) == b""
    client.close()


# Generous bounds for "served" and "cut": far above what a loaded machine needs.
WITHIN_SECONDS = 15.0
SLOW_HEAD = b"GET / HTTP/1.1\r\nHost: x\r\n"


def get_home(port: int) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WITHIN_SECONDS)
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


@contextlib.contextmanager
def slow_clients(port: int, count: int, source: str) -> Iterator[list[socket.socket]]:
    """Connections from `source` that each sent part of a request head and then nothing."""
    with contextlib.ExitStack() as stack:
        opened = []
        for _ in range(count):
            connection = socket.create_connection(
                ("127.0.0.1", port), timeout=WITHIN_SECONDS, source_address=(source, 0)
            )
            opened.append(stack.enter_context(connection))
            connection.sendall(SLOW_HEAD)
        yield opened


def wait_until_closed_by_server(connections: list[socket.socket], count: int) -> None:
    """Wait (boundedly) until `count` of the connections have seen the server's end of file."""
    closed: set[socket.socket] = set()
    give_up = time.monotonic() + WITHIN_SECONDS
    while len(closed) < count and time.monotonic() < give_up:
        readable, _, _ = select.select([c for c in connections if c not in closed], [], [], 0.1)
        for connection in readable:
            if connection.recv(4096) == b"":
                closed.add(connection)
    assert len(closed) == count


def is_open(connection: socket.socket) -> bool:
    readable, _, _ = select.select([connection], [], [], 0)
    return not readable


def test_listen_backlog_holds_as_many_connections_as_the_server_admits(site: Path) -> None:
    # Nothing accepts here, as when CPU load stalls the accept loop: every connection must still
    # complete its handshake in the backlog instead of having its SYN dropped.
    server = create_server(site, "127.0.0.1", 0, limits=ConnectionLimits(max_connections=300))
    port = int(server.server_address[1])
    try:
        with contextlib.ExitStack() as stack:
            for _ in range(260):
                address = ("127.0.0.1", port)
                stack.enter_context(socket.create_connection(address, timeout=5))
    finally:
        server.server_close()


def test_a_request_head_that_trickles_in_is_cut_at_the_deadline(site: Path) -> None:
    with start_server(site, limits=ConnectionLimits(request_deadline_seconds=1.0)) as running:
        client = socket.create_connection(("127.0.0.1", running.port), timeout=WITHIN_SECONDS)
        with client:
            client.sendall(b"GET / HTTP/1.1\r\n")
            give_up = time.monotonic() + WITHIN_SECONDS
            # One header line every 0.2 s: each read is prompt, the head never ends.
            while is_open(client) and time.monotonic() < give_up:
                client.sendall(b"X-Slow: a\r\n")
                time.sleep(0.2)
            reply = b""
            with contextlib.suppress(OSError):
                while chunk := client.recv(4096):
                    reply += chunk
        assert reply.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
        assert b"\r\nConnection: close\r\n" in reply


def test_slow_clients_from_this_address_do_not_lock_out_a_prompt_request(site: Path) -> None:
    limits = ConnectionLimits(max_connections=4, max_per_client=4, request_deadline_seconds=60)
    with (
        start_server(site, limits=limits) as running,
        slow_clients(running.port, 8, "127.0.0.1") as slow,
    ):
        # The later four took the places of the first four, which the server closed.
        wait_until_closed_by_server(slow, 4)
        assert get_home(running.port) == 200
        # The prompt request took the place of the oldest slow one still held; three remain.
        assert sum(is_open(connection) for connection in slow) == 3


def test_slow_clients_from_another_address_keep_to_their_share(site: Path) -> None:
    try:
        socket.create_server(("127.0.0.2", 0)).close()
    except OSError as error:
        pytest.skip(f"no second loopback address on this system: {error}")
    limits = ConnectionLimits(max_connections=4, max_per_client=2, request_deadline_seconds=60)
    with (
        start_server(site, limits=limits) as running,
        slow_clients(running.port, 6, "127.0.0.2") as slow,
    ):
        wait_until_closed_by_server(slow, 4)
        assert get_home(running.port) == 200
        assert get_home(running.port) == 200
        # The other client's two connections were left alone.
        assert sum(is_open(connection) for connection in slow) == 2


def test_a_client_that_trickles_after_a_refusal_is_let_go(site: Path) -> None:
    with start_server(site) as running:
        client = socket.create_connection(("127.0.0.1", running.port), timeout=WITHIN_SECONDS)
        with client:
            client.sendall(b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n")
            assert client.recv(4096).startswith(b"HTTP/1.1 414 ")
            # The server drains what follows an error before closing; a byte every 0.1 s
            # must not keep that drain (and its thread) going.
            give_up = time.monotonic() + WITHIN_SECONDS
            with pytest.raises(OSError):
                while time.monotonic() < give_up:
                    client.sendall(b"x")
                    time.sleep(0.1)
