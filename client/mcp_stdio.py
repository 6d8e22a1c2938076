"""MCP over stdin and stdout: the SDK's stdio transport, reading through the frame gate.

The SDK's transport drops a line it cannot validate without a word, so the client waits for
its timeout. Here the SDK reads from ``GatedLines`` instead of stdin: every line that
client.frames lets through reaches the SDK unchanged, every other one is answered with its
JSON-RPC error on the SDK's own write stream (one writer, so replies never tear), and blank
lines are skipped. stdout stays the SDK's: it serves the wire from a private descriptor and
points fd 1 at stderr. Because the SDK claims fd 0 only when it reads stdin itself, this module
does the same for stdin: the wire is read from a private descriptor and fd 0 reads /dev/null,
so a library or child process that reads stdin cannot swallow protocol frames.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, BinaryIO, cast

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from client.frames import reply_for_frame
from client.stdio_claim import claimed_stdin


class GatedLines:
    """The lines the SDK's stdio transport reads: the frames the gate lets through, decoded;
    the others are answered on the write stream handed to :meth:`answer_on`."""

    def __init__(self, wire: BinaryIO) -> None:
        self._wire = anyio.wrap_file(wire)
        self._replies: Any = None
        self._ready = anyio.Event()

    def answer_on(self, write_stream: Any) -> None:
        """Send refusals on the SDK's write stream (it exists only once the transport runs)."""
        self._replies = write_stream
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async for line in self._wire:
            if not line.strip():
                continue
            reply = reply_for_frame(line.rstrip(b"\r\n"))
            if reply is None:
                yield line.decode("utf-8")  # the gate parsed it, so it is UTF-8
                continue
            await self._ready.wait()
            message = types.jsonrpc_message_adapter.validate_python(reply)
            await self._replies.send(SessionMessage(message))


async def serve_stdio(server: Server[Any]) -> None:
    """Serve ``server`` on this process's stdin and stdout until stdin closes."""
    with claimed_stdin() as wire:
        lines = GatedLines(wire)
        stdin = cast("anyio.AsyncFile[str]", lines)  # the SDK only iterates it
        async with stdio_server(stdin=stdin) as (read_stream, write_stream):
            lines.answer_on(write_stream)
            await server.run(read_stream, write_stream, server.create_initialization_options())
