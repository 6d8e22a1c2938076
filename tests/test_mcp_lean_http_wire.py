"""The lean HTTP server's HTTP/1.1: request heads read from bytes, and a live server's
connections (keep-alive, pipelining, ``Expect: 100-continue``, refusals that close)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import orjson
import pytest

from client import mcp_lean_http_server
from client.mcp_lean_http_wire import Head, WireError, parse_head
from client.service import DocService
from tests.mcp_script import call, frame
from tests.mcp_support import serving_http

TOKEN = "a-wire-test-token-0123456789"


def head_of(raw: bytes) -> Head:
    parsed = parse_head(raw)
    assert isinstance(parsed, Head), parsed
    return parsed


def test_a_head_gives_method_target_lower_cased_headers_and_length() -> None:
    head = head_of(
        b"POST /mcp?x=1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 12\r\n"
        b"X-Odd:  spaced value \t\r\nx-odd: second"
    )
    assert (head.method, head.target, head.content_length) == ("POST", "/mcp?x=1", 12)
    assert head.header_lines == (
        (b"host", b"127.0.0.1:1"),
        (b"content-length", b"12"),
        (b"x-odd", b"spaced value"),
        (b"x-odd", b"second"),
    )
    assert head.keep_alive and not head.expects_continue


@pytest.mark.parametrize(
    ("raw", "keep_alive"),
    [
        (b"GET / HTTP/1.1\r\nConnection: close", False),
        (b"GET / HTTP/1.1\r\nConnection: Upgrade, Close", False),
        (b"GET / HTTP/1.0", False),
        (b"GET / HTTP/1.0\r\nConnection: keep-alive", True),
    ],
)
def test_keep_alive_follows_the_version_and_the_connection_header(
    raw: bytes, keep_alive: bool
) -> None:
    assert head_of(raw).keep_alive is keep_alive


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"POST /mcp HTTP/1.1\r\nTransfer-Encoding: chunked", 501),
        (b"POST /mcp HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6", 400),
        (b"POST /mcp HTTP/1.1\r\nContent-Length: -5", 400),
        (b"POST /mcp HTTP/1.1\r\nContent-Length: 5x", 400),
        (b"POST /mcp HTTP/2.0", 505),
        (b"POST  /mcp HTTP/1.1", 400),
        (b"P(ST /mcp HTTP/1.1", 400),
        (b"POST /mcp HTTP/1.1\r\n folded: line", 400),
        (b"POST /mcp HTTP/1.1\r\nno colon", 400),
        (b"POST /mcp HTTP/1.1\r\nbad name: x", 400),
    ],
)
def test_heads_that_cannot_be_read_are_refused_with_a_status(raw: bytes, status: int) -> None:
    parsed = parse_head(raw)
    assert isinstance(parsed, WireError)
    assert parsed.status == status


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    env.update(DOCTROVE_CACHE_DIR=str(tmp_path_factory.mktemp("cache")), DOCTROVE_TOKEN=TOKEN)
    with serving_http(env) as url:
        parts = urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        yield parts.hostname, parts.port


def request(address: tuple[str, int], body: bytes, *extra: str) -> bytes:
    host, port = address
    lines = [
        "POST /mcp HTTP/1.1",
        f"Host: {host}:{port}",
        f"Authorization: Bearer {TOKEN}",
        "Content-Type: application/json",
        "Accept: application/json",
        f"Content-Length: {len(body)}",
        *extra,
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_responses(sock: socket.socket, count: int = 1) -> list[tuple[int, bytes]]:
    """``count`` responses with a Content-Length from ``sock``: (status, body) each."""
    data = b""
    responses: list[tuple[int, bytes]] = []
    while len(responses) < count:
        if b"\r\n\r\n" not in data:
            data += sock.recv(65536)
            continue
        head, _, rest = data.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        while len(rest) < length:
            rest += sock.recv(65536)
        responses.append((int(head.split(b" ")[1]), rest[:length]))
        data = rest[length:]
    assert data == b"", "more bytes than the responses asked for"
    return responses


def test_pipelined_requests_on_one_connection_are_answered_in_order(
    address: tuple[str, int],
) -> None:
    bodies = [
        frame("tools/call", call("catalog_releases", {"id": "werkzeug"}), "first"),
        frame("ping", None, "second"),
        frame("tools/list", None, "third"),
    ]
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(b"".join(request(address, body) + body for body in bodies))
        responses = read_responses(sock, len(bodies))
    assert [status for status, _ in responses] == [200, 200, 200]
    assert [orjson.loads(body)["id"] for _, body in responses] == ["first", "second", "third"]


def test_a_client_that_expects_100_continue_gets_it_before_sending_the_body(
    address: tuple[str, int],
) -> None:
    body = frame("ping", None, "after-continue")
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(request(address, body, "Expect: 100-continue"))
        interim = b""
        while b"\r\n\r\n" not in interim:
            interim += sock.recv(65536)
        assert interim == b"HTTP/1.1 100 Continue\r\n\r\n"
        sock.sendall(body)
        ((status, answer),) = read_responses(sock)
    assert status == 200
    assert orjson.loads(answer)["id"] == "after-continue"


def test_a_chunked_body_is_refused_and_the_connection_closed(address: tuple[str, int]) -> None:
    host, port = address
    raw = (
        f"POST /mcp HTTP/1.1\r\nHost: {host}:{port}\r\nTransfer-Encoding: chunked\r\n\r\n"
        "5\r\nhello\r\n0\r\n\r\n"
    ).encode()
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(raw)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    assert received.startswith(b"HTTP/1.1 501 Not Implemented\r\n")
    assert b"Content-Length" in received


def test_a_body_over_the_limit_is_read_refused_413_and_the_connection_closed(
    address: tuple[str, int],
) -> None:
    body = b" " * (4 * 1024 * 1024 + 10)
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(request(address, body) + body)
        ((status, answer),) = read_responses(sock)
        assert sock.recv(65536) == b""  # closed after the answer
    assert status == 413
    assert orjson.loads(answer)["error"]["code"] == -32600


def test_the_lean_server_listens_before_it_prints_its_address(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A client that connects as soon as it reads the address must not be refused."""
    seen: list[tuple[str, int]] = []

    async def record(_app: object, listener: socket.socket) -> None:
        printed = capsys.readouterr().err
        seen.append((printed, listener.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)))
        with socket.create_connection(listener.getsockname()[:2], timeout=5):
            pass  # what a client reading the line does at once: accepted into the backlog
        listener.close()

    monkeypatch.setattr(mcp_lean_http_server, "serve_forever", record)
    service = DocService.__new__(DocService)
    mcp_lean_http_server.run_lean_http(service, host="127.0.0.1", port=0, token=TOKEN, workers=1)
    ((printed, listening),) = seen
    assert "MCP over streamable HTTP at http://127.0.0.1:" in printed
    assert listening == 1
