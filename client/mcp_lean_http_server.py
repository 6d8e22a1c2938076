"""The lean HTTP transport's wire: HTTP/1.1 on asyncio with h11, answers from client.mcp_lean_http.

One event loop reads and writes every connection (h11 parses and frames, keep-alive included);
tool calls and status reads run in a pool of ``workers`` threads, queued in arrival order.
Chosen by measurement over uvicorn (h11 too, plus its ASGI layer) and the standard library's
threading server (a thread per connection): see bench/mcp_http.py and the module's notes in
README.md. The socket listens before the address is printed, so a client that connects on
reading the line waits in the backlog instead of being refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus

import h11

from client.errors import ConfigError
from client.mcp_lean_http import MAX_BODY_BYTES, HttpReply, HttpRequest, LeanHttpApp
from client.mcp_lean_http_gate import LOOPBACK_NAMES, AccessCheck, host_names
from client.service import DocService

# A GET's event stream carries only these, as the SDK's does (sse-starlette's default period).
KEEP_ALIVE_SECONDS = 15.0
READ_CHUNK_BYTES = 65536
SERVER_HEADER = b"docclient"


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
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tool-call") as pool:
        app = LeanHttpApp(service, access, pool)
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve_forever(app, listener))


async def serve_forever(app: LeanHttpApp, listener: socket.socket) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await serve_connection(app, reader, writer)

    server = await asyncio.start_server(connection, sock=listener, limit=READ_CHUNK_BYTES)
    async with server:
        await stop.wait()


async def serve_connection(
    app: LeanHttpApp, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    """Answer the requests of one connection in order until either side closes it."""
    wire = h11.Connection(h11.SERVER)
    try:
        while True:
            request = await read_request(wire, reader)
            if request is None:
                return
            reply = await app.answer(request)
            await write_reply(wire, writer, reply, reader)
            if wire.our_state is not h11.DONE or wire.their_state is not h11.DONE:
                return
            wire.start_next_cycle()
    except (h11.RemoteProtocolError, ConnectionError):
        return
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


async def read_request(wire: h11.Connection, reader: asyncio.StreamReader) -> HttpRequest | None:
    """The next whole request, or None when the client closed the connection between requests.
    A body longer than MAX_BODY_BYTES is read to its end and dropped (``body`` None)."""
    head: h11.Request | None = None
    chunks: list[bytes] = []
    size = 0
    while True:
        event = wire.next_event()
        if event is h11.NEED_DATA:
            data = await reader.read(READ_CHUNK_BYTES)
            wire.receive_data(data)
            if not data and wire.their_state is h11.IDLE:
                return None
            continue
        if isinstance(event, h11.Request):
            head = event
        elif isinstance(event, h11.Data):
            size += len(event.data)
            if size <= MAX_BODY_BYTES:
                chunks.append(event.data)
        elif isinstance(event, h11.EndOfMessage):
            assert head is not None
            path = head.target.decode("latin-1").partition("?")[0]
            return HttpRequest(
                method=head.method.decode("latin-1"),
                path=path,
                header_lines=tuple((name, value) for name, value in head.headers),
                body=b"".join(chunks) if size <= MAX_BODY_BYTES else None,
            )
        elif isinstance(event, h11.ConnectionClosed):
            return None


async def write_reply(
    wire: h11.Connection,
    writer: asyncio.StreamWriter,
    reply: HttpReply,
    reader: asyncio.StreamReader,
) -> None:
    headers = [(b"server", SERVER_HEADER), *reply.headers]
    if not reply.stream:
        headers.append((b"content-length", str(len(reply.body)).encode()))
    reason = HTTPStatus(reply.status).phrase.encode()
    head = h11.Response(status_code=reply.status, headers=headers, reason=reason)
    writer.write(wire.send(head))
    if reply.stream:
        await keep_alive_stream(wire, writer, reader)
        return
    if reply.body:
        writer.write(wire.send(h11.Data(data=reply.body)))
    writer.write(wire.send(h11.EndOfMessage()))
    await writer.drain()


async def keep_alive_stream(
    wire: h11.Connection, writer: asyncio.StreamWriter, reader: asyncio.StreamReader
) -> None:
    """An event stream with nothing to say: a comment every KEEP_ALIVE_SECONDS until the client
    goes away."""
    await writer.drain()
    while True:
        try:
            data = await asyncio.wait_for(reader.read(READ_CHUNK_BYTES), KEEP_ALIVE_SECONDS)
        except TimeoutError:
            writer.write(wire.send(h11.Data(data=b": ping\r\n\r\n")))
            await writer.drain()
            continue
        if not data:
            return
