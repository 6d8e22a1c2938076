"""The lean HTTP transport's sockets: one asyncio event loop, answers from client.mcp_lean_http.

The loop accepts, reads (client.mcp_lean_http_wire) and writes every connection, keep-alive and
pipelining included, one request at a time per connection; tool calls and status reads run in a
pool of ``workers`` threads (client.mcp_lean_http_pool), queued in arrival order (what the SDK
path's InFlightLimit did).

Chosen by measurement (bench/mcp_http.py, 1,000 concurrent calls, same machine): asyncio streams
with h11 spent about 1.2 ms of server CPU per call, h11 about a quarter of it; this reader
on asyncio.Protocol 0.7-0.8 ms, of which the tool call itself is about 0.3 ms. uvicorn runs the
same h11 plus its ASGI layer, so it can only cost more; the standard library's threading server
would run a thread per connection, a thousand threads contending for one GIL.

The socket listens before the address is printed, so a client that connects on reading the line
waits in the backlog instead of being refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys

from client.errors import ConfigError
from client.mcp_lean_http import MAX_BODY_BYTES, LeanHttpApp
from client.mcp_lean_http_gate import LOOPBACK_NAMES, AccessCheck, host_names
from client.mcp_lean_http_pool import WorkerPool
from client.mcp_lean_http_wire import (
    HEAD_END,
    MAX_HEAD_BYTES,
    Head,
    WireError,
    chunk,
    parse_head,
    reply_head,
    request_of,
)
from client.mcp_lean_http_wire import error_reply as wire_error_reply
from client.service import DocService

# A GET's event stream carries only these, as the SDK's does (sse-starlette's default period).
KEEP_ALIVE_SECONDS = 15.0
# A request's head and body arrive within this long of the connection's start or the previous
# answer, or the connection is closed (408 when part of a request came): connections that idle
# or trickle (slowloris), or declare a body they never send, cannot pile up and hold the
# server's file descriptors and buffers. A tool call or an event stream is not bounded by it.
REQUEST_SECONDS = 30.0


def open_listener(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening, or a ConfigError saying why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(socket.SOMAXCONN)
    except OSError as error:
        listener.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    return listener


def announce(host: str, listener: socket.socket) -> tuple[tuple[str, ...], int]:
    """Print the MCP address (the socket already listens); the Host names it answers, its port."""
    bound = int(listener.getsockname()[1])
    names = host_names(host)
    name = f"[{host}]" if ":" in host else host
    if name not in LOOPBACK_NAMES:
        print(
            f"docclient: WARNING: listening on {name}:{bound}, which other machines can reach",
            file=sys.stderr,
        )
    print(f"docclient: MCP over streamable HTTP at http://{name}:{bound}/mcp", file=sys.stderr)
    sys.stderr.flush()
    return names, bound


def run_lean_http(service: DocService, *, host: str, port: int, token: str, workers: int) -> None:
    """Serve until SIGINT or SIGTERM."""
    listener = open_listener(host, port)
    names, bound = announce(host, listener)
    access = AccessCheck(token=token, hosts=names, port=bound)
    pool = WorkerPool(workers)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve_forever(LeanHttpApp(service, access, pool), listener))
    finally:
        pool.shutdown()


async def serve_forever(app: LeanHttpApp, listener: socket.socket) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    server = await loop.create_server(lambda: HttpConnection(app), sock=listener)
    async with server:
        await stop.wait()


class HttpConnection(asyncio.Protocol):
    """One client connection: its requests answered one after the other, in order."""

    def __init__(self, app: LeanHttpApp) -> None:
        self._app = app
        self._transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._head: Head | None = None
        self._busy = False  # a request is being answered: later bytes wait in the buffer
        self._closed = False
        self._dropped = 0  # bytes of a body over the limit read so far
        self._stream: asyncio.Task[None] | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        self._await_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._stop_waiting()
        if self._stream is not None:
            self._stream.cancel()

    def _await_request(self) -> None:
        """The next request must have arrived in REQUEST_SECONDS."""
        self._stop_waiting()
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self._closed or self._busy or self._transport is None:
            return
        if self._head is None and not self._buffer:
            self._transport.close()  # an idle keep-alive connection: nothing to answer
            return
        self._fail(WireError(408, f"the request did not arrive within {REQUEST_SECONDS:g} s"))

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        if not self._busy:
            self._next()

    def _next(self) -> None:
        """Start answering the next request if the buffer holds all of it."""
        transport = self._transport
        assert transport is not None
        if self._head is None:
            end = self._buffer.find(HEAD_END)
            if end < 0:
                if len(self._buffer) > MAX_HEAD_BYTES:
                    self._fail(WireError(431, "the request head is too large"))
                return
            parsed = parse_head(bytes(self._buffer[:end]))
            del self._buffer[: end + len(HEAD_END)]
            if isinstance(parsed, WireError):
                self._fail(parsed)
                return
            self._head = parsed
            if parsed.expects_continue and parsed.content_length <= MAX_BODY_BYTES:
                transport.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        head = self._head
        if head.content_length > MAX_BODY_BYTES:  # read to its end, keep none of it
            taken = min(len(self._buffer), head.content_length - self._dropped)
            self._dropped += taken
            del self._buffer[:taken]
            if self._dropped < head.content_length:
                return
            body = b""
        elif len(self._buffer) < head.content_length:
            return
        else:
            body = bytes(self._buffer[: head.content_length])
            del self._buffer[: head.content_length]
        self._dropped = 0
        self._head = None
        self._busy = True
        self._stop_waiting()
        asyncio.get_running_loop().create_task(self._answer(head, body))

    async def _answer(self, head: Head, body: bytes) -> None:
        reply = await self._app.answer(request_of(head, body))
        if self._closed:
            return
        transport = self._transport
        assert transport is not None
        keep_alive = head.keep_alive and reply.status != 413
        transport.write(reply_head(reply, keep_alive=keep_alive) + reply.body)
        if reply.stream:
            self._stream = asyncio.current_task()
            await self._keep_alive(transport)
            return
        if not keep_alive:
            transport.close()
            return
        self._busy = False
        self._await_request()
        if self._buffer:
            self._next()

    async def _keep_alive(self, transport: asyncio.Transport) -> None:
        """An event stream with nothing to say: a comment every KEEP_ALIVE_SECONDS until the
        client goes away."""
        while not self._closed:
            await asyncio.sleep(KEEP_ALIVE_SECONDS)
            transport.write(chunk(b": ping\r\n\r\n"))

    def _fail(self, error: WireError) -> None:
        assert self._transport is not None
        self._transport.write(wire_error_reply(error))
        self._transport.close()
        self._busy = True
