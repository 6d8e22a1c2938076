"""Server lifecycle: binding errors, stopping, and responses in flight surviving a stop."""

from __future__ import annotations

import http.client
import socket
import threading
from pathlib import Path

import pytest

from builder.serve import PortInUseError, StartupError, create_server, start_server
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
