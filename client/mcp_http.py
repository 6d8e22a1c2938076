"""MCP over streamable HTTP through the SDK (stateless, JSON responses), behind three gates.

What `docclient serve --transport http` runs when doc_extract may ask the host's model
(sampling needs the SDK); otherwise client.mcp_lean_http answers the same requests without it.

Every request must come to a loopback Host without a foreign Origin (else 403, against DNS
rebinding) and carry ``Authorization: Bearer $DOCTROVE_TOKEN`` (else 401); then a POST body
must be a frame client.frames lets through (else 400 with its JSON-RPC error), and only then
does the SDK's transport see it. Tool calls run in up to ``workers`` threads at once. The
socket listens before the address is printed, so a client that connects on reading the line
waits in the backlog instead of being refused.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio
import orjson
import uvicorn
from mcp.server.transport_security import DEFAULT_MAX_REQUEST_BODY_SIZE, TransportSecuritySettings

from client.frames import INVALID_REQUEST, error_reply, reply_for_frame
from client.mcp_lean_http_gate import LOOPBACK_NAMES, AccessCheck, host_names
from client.mcp_lean_http_server import open_listener
from client.mcp_serve import DEFAULT_HTTP_WORKERS, check_token
from client.mcp_server import build_server
from client.rewrite import RewritePolicy
from client.service import DocService

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def run_http(
    service: DocService,
    *,
    host: str,
    port: int,
    token: str | None,
    rewrite: RewritePolicy | None = None,
    workers: int = DEFAULT_HTTP_WORKERS,
) -> None:
    """Streamable HTTP at http://HOST:PORT/mcp behind the Host/Origin, token and frame gates."""
    token = check_token(token)
    # Listening now, before the address is printed: a client that connects as soon as it
    # reads the line waits in the backlog until uvicorn accepts, instead of being refused.
    listener = open_listener(host, port)
    bound = int(listener.getsockname()[1])
    name = f"[{host}]" if ":" in host else host
    names = host_names(host)
    if name not in LOOPBACK_NAMES:
        print(
            f"docclient: WARNING: listening on {name}:{bound}, which other machines can reach",
            file=sys.stderr,
        )
    # The SDK's own Host/Origin check stays on behind ours (which answers 403 instead of 421).
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[f"{n}:{bound}" for n in names],
        allowed_origins=[f"http://{n}:*" for n in names] + [f"http://{n}" for n in names],
    )
    app = build_server(service, rewrite, workers=workers).streamable_http_app(
        stateless_http=True, json_response=True, transport_security=security, host=host
    )
    admitted = InFlightLimit(app, limit=workers)
    guarded = RequestGuard(FrameGate(admitted), token=token, hosts=names, port=bound)
    print(f"docclient: MCP over streamable HTTP at http://{name}:{bound}/mcp", file=sys.stderr)
    sys.stderr.flush()
    config = uvicorn.Config(guarded, log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[listener])


class RequestGuard:
    """ASGI middleware: client.mcp_lean_http_gate's Host, Origin and token checks (403, 401)."""

    def __init__(self, app: ASGIApp, *, token: str, hosts: tuple[str, ...], port: int) -> None:
        self.app = app
        self.access = AccessCheck(token=token, hosts=hosts, port=port)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.lower(): value for key, value in scope.get("headers", [])}
        refusal = self.access.refusal(headers)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        challenge = refusal.challenge
        extra = [(b"www-authenticate", challenge.encode())] if challenge else []
        await send(
            {
                "type": "http.response.start",
                "status": refusal.status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), *extra],
            }
        )
        await send({"type": "http.response.body", "body": refusal.message.encode()})


class FrameGate:
    """ASGI middleware: a POST whose body the frame gate refuses is answered 400 with that
    JSON-RPC error; every other request reaches the SDK, its body replayed unchanged."""

    def __init__(self, app: ASGIApp, *, max_body: int = DEFAULT_MAX_REQUEST_BODY_SIZE) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        body = await self.read_body(receive)
        if body is None:
            why = f"Invalid Request: the body is over {self.max_body} bytes"
            await respond(send, 413, error_reply(INVALID_REQUEST, why, None))
            return
        reply = reply_for_frame(body)
        if reply is not None:
            await respond(send, 400, reply)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:  # later reads wait for the disconnect, as they would have
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def read_body(self, receive: Receive) -> bytes | None:
        """The whole body, or None once it is longer than ``max_body``."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return b"".join(chunks)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


async def respond(send: Send, status: int, reply: dict[str, Any]) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": orjson.dumps(reply)})


class InFlightLimit:
    """ASGI middleware: at most ``limit`` requests inside the SDK at once, the others queued in
    arrival order. The SDK's per-request work shares one event loop, so a thousand requests
    admitted together would each get a thousandth of it and all finish near the end; queued,
    the first ones finish first (bench/mcp_http.py: median at 0.5-0.7 of the burst's wall
    time with the queue, 0.8 without)."""

    def __init__(self, app: ASGIApp, *, limit: int) -> None:
        self.app = app
        self.limit = limit
        self.semaphore: anyio.Semaphore | None = None  # made in the server's event loop

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":  # only POSTs carry calls
            await self.app(scope, receive, send)
            return
        if self.semaphore is None:
            self.semaphore = anyio.Semaphore(self.limit)
        async with self.semaphore:
            await self.app(scope, receive, send)
