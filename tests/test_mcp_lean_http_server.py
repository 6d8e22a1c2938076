"""The lean HTTP transport's connections: a request that does not arrive in time is dropped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from client import mcp_lean_http_server
from client.mcp_lean_http import HttpReply
from client.mcp_lean_http_server import HttpConnection

# Longer than any test waits for an answer that must come: an old server that never answers
# fails the test instead of hanging it.
ANSWER_WITHIN = 5.0


class Echo:
    """An app that answers every request 200 at once."""

    async def answer(self, request: Any) -> HttpReply:
        return HttpReply(200, ((b"content-type", b"text/plain"),), b"ok")


async def exchange(sent: bytes) -> bytes:
    """Connect to a server on port 0, send ``sent``, and read until the server closes."""
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: HttpConnection(Echo()), "127.0.0.1", 0)  # type: ignore[arg-type]
    port = server.sockets[0].getsockname()[1]
    async with server:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(sent)
        try:
            return await asyncio.wait_for(reader.read(), ANSWER_WITHIN)
        finally:
            writer.close()


@pytest.mark.parametrize(
    "sent",
    [
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # a head that trickles in (slowloris)
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999\r\n\r\n{}",
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{}",
    ],
    ids=["partial-head", "huge-declared-body", "short-body"],
)
def test_a_request_that_does_not_arrive_in_time_gets_408_and_the_connection_closes(
    monkeypatch: pytest.MonkeyPatch, sent: bytes
) -> None:
    # The connection was held for as long as the client kept it: each one a descriptor and a
    # buffer of up to 4 MB, from before the token was checked.
    monkeypatch.setattr(mcp_lean_http_server, "REQUEST_SECONDS", 0.2)
    answer = asyncio.run(exchange(sent))
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
    assert answer.endswith(b"the request did not arrive within 0.2 s")


def test_an_idle_connection_is_closed_and_a_prompt_one_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mcp_lean_http_server, "REQUEST_SECONDS", 0.2)
    assert asyncio.run(exchange(b"")) == b""
    prompt = b"GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    answer = asyncio.run(exchange(prompt))
    # Answered, then kept alive until the next request's time is up.
    assert answer.startswith(b"HTTP/1.1 200 OK\r\n") and answer.endswith(b"ok")
