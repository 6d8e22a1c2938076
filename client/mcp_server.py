"""Serve the doc tools over MCP with the official SDK: stdio for one agent, or guarded local HTTP.

The only module that imports the MCP SDK (``mcp``); what the tools are lives in client.mcp_tools.
Over stdio, stdout carries protocol messages only: logs go to stderr, and the SDK points file
descriptor 1 at stderr while it serves, so nothing a library prints can corrupt the stream. Over
HTTP (streamable HTTP, stateless, JSON responses) every request must come to a loopback Host
without a foreign Origin (else 403, against DNS rebinding) and carry ``Authorization: Bearer
$DOCTROVE_TOKEN`` (else 401). uvicorn and starlette are imported only for HTTP.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
import orjson
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import ServerMessageMetadata

from client import __version__
from client.config import DEFAULT_REWRITE_TIMEOUT_MS
from client.errors import ClientError, ConfigError, RewriteFailed
from client.mcp_tools import (
    SERVER_INSTRUCTIONS,
    STATUS_URI,
    TOOLS,
    TOOLS_BY_NAME,
    ToolOutcome,
    call_tool,
)
from client.rewrite import build_prompt, parse_queries
from client.service import DocService, Rewriter

log = logging.getLogger(__name__)

MIN_TOKEN_CHARS = 16
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
_TOKEN_HELP = (
    "set DOCTROVE_TOKEN to a random secret of at least 16 characters, e.g. "
    "export DOCTROVE_TOKEN=\"$(python3 -c 'import secrets; print(secrets.token_hex(32))')\", "
    "and have the client send the header 'Authorization: Bearer <that token>'"
)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class RewritePolicy:
    """Whether doc_extract may ask the host's model for other queries (``mode`` on, off or
    auto: on when the host declared sampling), and how long it waits for the reply."""

    mode: str = "off"
    timeout_ms: int = DEFAULT_REWRITE_TIMEOUT_MS


_SAMPLING = types.ClientCapabilities(sampling=types.SamplingCapability())
_NO_SAMPLING = "the host did not declare the sampling capability"


def rewriter_for(ctx: Any, policy: RewritePolicy) -> Rewriter | None:
    """The Rewriter one tool call may use: sampling through this request's session, or None
    (rewrite off). ``on`` with a host that cannot sample fails each rewrite, saying so."""
    if policy.mode == "off":
        return None
    if not ctx.session.check_client_capability(_SAMPLING):
        return None if policy.mode == "auto" else _refusing(_NO_SAMPLING)
    if not ctx.session.can_send_request:
        # 2026-07-28 carries sampling as input-required results, not server-to-client requests.
        why = f"protocol {ctx.session.protocol_version} has no back-channel for sampling requests"
        return None if policy.mode == "auto" else _refusing(why)

    def rewrite(focus: str, library: str, language: str) -> tuple[str, ...]:
        # Called from the service's worker thread: the request goes out on the event loop.
        reply: str = anyio.from_thread.run(ask_host_model, ctx, policy, focus, library, language)
        return parse_queries(reply, focus)

    return rewrite


def _refusing(reason: str) -> Rewriter:
    def refuse(_focus: str, _library: str, _language: str) -> tuple[str, ...]:
        raise RewriteFailed(reason)

    return refuse


async def ask_host_model(
    ctx: Any, policy: RewritePolicy, focus: str, library: str, language: str
) -> str:
    """The text the host's model sends back for the rewrite prompt, within the time budget;
    RewriteFailed when it refuses, errs, is late or sends no text. No tools are offered."""
    prompt = build_prompt(focus, library, language)
    request = types.CreateMessageRequest(
        params=types.CreateMessageRequestParams(
            messages=[
                types.SamplingMessage(role="user", content=types.TextContent(text=prompt.user))
            ],
            system_prompt=prompt.system,
            max_tokens=prompt.max_tokens,
            temperature=0.0,
        )
    )
    metadata = ServerMessageMetadata(related_request_id=ctx.request_id)
    try:
        with anyio.fail_after(policy.timeout_ms / 1000):
            result = await ctx.session.send_request(
                request, types.CreateMessageResult, metadata=metadata
            )
    except TimeoutError:
        late = f"the host's model did not answer within {policy.timeout_ms} ms"
        raise RewriteFailed(late) from None
    except MCPError as error:
        raise RewriteFailed(f"the host refused to sample: {error.message}") from None
    except Exception as error:  # a transport without a back channel, a malformed result
        raise RewriteFailed(f"sampling failed: {type(error).__name__}: {error}") from None
    if not isinstance(result.content, types.TextContent):
        raise RewriteFailed("the host's model replied without text")
    return result.content.text


def build_server(service: DocService, rewrite: RewritePolicy | None = None) -> Server[Any]:
    """An SDK server whose tools, and whose doctrove://status resource, ask ``service``;
    doc_extract rewrites weak queries through the host's model as ``rewrite`` allows."""
    policy = rewrite or RewritePolicy()
    listed = types.ListToolsResult(
        tools=[
            types.Tool(
                name=tool.name,
                title=tool.title,
                description=tool.description,
                input_schema=tool.input_schema,
                output_schema=tool.output_schema,
                annotations=types.ToolAnnotations(
                    title=tool.title,
                    read_only_hint=True,
                    destructive_hint=False,
                    idempotent_hint=True,
                    open_world_hint=False,
                ),
            )
            for tool in TOOLS
        ]
    )
    resources = types.ListResourcesResult(
        resources=[
            types.Resource(
                uri=STATUS_URI,
                name="status",
                title="Doctrove sources, freshness and cache",
                description="Which sites answer, how fresh each copy is, and cache figures.",
                mime_type="application/json",
            )
        ]
    )
    # The service is synchronous and may wait on the network; it runs in a worker thread, one
    # call at a time, so the event loop keeps answering pings and cancellations meanwhile.
    limiter: list[anyio.CapacityLimiter] = []

    async def in_worker(function: Callable[[], Any]) -> Any:
        if not limiter:
            limiter.append(anyio.CapacityLimiter(1))
        return await anyio.to_thread.run_sync(function, limiter=limiter[0])

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return listed

    async def call(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = TOOLS_BY_NAME.get(params.name)
        if tool is None:
            # Not a tool error: the caller asked for something this server does not have.
            names = ", ".join(TOOLS_BY_NAME)
            raise MCPError(
                code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name} (tools: {names})"
            )
        rewriter = rewriter_for(ctx, policy)
        outcome: ToolOutcome = await in_worker(
            lambda: call_tool(service, tool, params.arguments, rewriter)
        )
        return types.CallToolResult(
            content=[types.TextContent(text=outcome.text)],
            structured_content=outcome.structured,
            is_error=outcome.is_error,
        )

    async def list_resources(_ctx: Any, _params: Any) -> types.ListResourcesResult:
        return resources

    async def read_resource(
        _ctx: Any, params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        if params.uri != STATUS_URI:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown resource: {params.uri}")
        status = await in_worker(service.status)
        text = orjson.dumps(status, option=orjson.OPT_INDENT_2).decode()
        return types.ReadResourceResult(
            contents=[
                types.TextResourceContents(uri=STATUS_URI, mime_type="application/json", text=text)
            ]
        )

    server: Server[Any] = Server(
        "doctrove",
        version=__version__,
        title="Doctrove: versioned library docs",
        instructions=SERVER_INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
    )
    return server


def run_server(
    service: DocService,
    *,
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8731,
    token: str | None = None,
    rewrite: RewritePolicy | None = None,
) -> None:
    """Serve until the client goes away (stdio) or a signal stops the process (HTTP)."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="docclient: %(message)s")
    if transport == "http":
        run_http(service, host=host, port=port, token=token, rewrite=rewrite)
        return
    if transport != "stdio":
        raise ConfigError(f"unknown transport {transport!r}; use stdio or http")
    server = build_server(service, rewrite)
    # Load the catalog and build the lookup structures while the host is still shaking hands,
    # so the agent's first catalog_lookup does not wait for them.
    threading.Thread(target=_warm_up, args=(service,), name="warm-up", daemon=True).start()

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    # Ctrl-C in a terminal ends the session quietly; an agent host closes stdin instead.
    with contextlib.suppress(KeyboardInterrupt):
        anyio.run(main)


def _warm_up(service: DocService) -> None:
    service.start_lane()  # the model loads in its own thread; answers are lexical till then
    try:
        service.warm_up()
    except ClientError as error:  # the first real call reports it properly
        logging.getLogger(__name__).warning("could not load the catalog yet: %s", error.message)


def run_http(
    service: DocService,
    *,
    host: str,
    port: int,
    token: str | None,
    rewrite: RewritePolicy | None = None,
) -> None:
    """Streamable HTTP at http://HOST:PORT/mcp behind the Host/Origin and bearer-token guard."""
    if not token:
        raise ConfigError(f"the HTTP transport needs a bearer token: {_TOKEN_HELP}")
    if len(token) < MIN_TOKEN_CHARS:
        raise ConfigError(f"DOCTROVE_TOKEN is too short ({len(token)} characters): {_TOKEN_HELP}")
    import uvicorn
    from mcp.server.transport_security import TransportSecuritySettings

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        # Listening now, before the address is printed: a client that connects as soon as it
        # reads the line waits in the backlog until uvicorn accepts, instead of being refused.
        listener.listen(socket.SOMAXCONN)
    except OSError as error:
        listener.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    bound = int(listener.getsockname()[1])
    name = f"[{host}]" if ":" in host else host
    names = tuple(dict.fromkeys((*LOOPBACK_NAMES, name)))
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
    app = build_server(service, rewrite).streamable_http_app(
        stateless_http=True, json_response=True, transport_security=security, host=host
    )
    guarded = RequestGuard(app, token=token, hosts=names, port=bound)
    print(f"docclient: MCP over streamable HTTP at http://{name}:{bound}/mcp", file=sys.stderr)
    sys.stderr.flush()
    config = uvicorn.Config(guarded, log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[listener])


class RequestGuard:
    """ASGI middleware: 403 unless Host is ours and Origin absent or local, then 401 unless the
    bearer token matches. Host and Origin come first: a rebinding page never has the token, and
    its request should not learn whether a token would have worked."""

    def __init__(self, app: ASGIApp, *, token: str, hosts: tuple[str, ...], port: int) -> None:
        self.app = app
        self.token = token.encode()
        self.hosts = frozenset(f"{name}:{port}" for name in hosts)
        self.origin_hosts = frozenset(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.lower(): value for key, value in scope.get("headers", [])}
        refusal = self.refusal(headers)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, message = refusal
        extra = [(b"www-authenticate", b'Bearer realm="doctrove"')] if status == 401 else []
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), *extra],
            }
        )
        await send({"type": "http.response.body", "body": message.encode()})

    def refusal(self, headers: dict[bytes, bytes]) -> tuple[int, str] | None:
        """(status, message) when the request must be refused, None when it may pass."""
        host = headers.get(b"host", b"").decode("latin-1")
        if host not in self.hosts:
            return 403, "Forbidden: unexpected Host header\n"
        origin = headers.get(b"origin")
        if origin is not None and not self.local_origin(origin.decode("latin-1")):
            return 403, "Forbidden: unexpected Origin header\n"
        scheme, _, credentials = headers.get(b"authorization", b"").partition(b" ")
        if scheme.lower() != b"bearer" or not hmac.compare_digest(credentials.strip(), self.token):
            return 401, "Unauthorized: send Authorization: Bearer $DOCTROVE_TOKEN\n"
        return None

    def local_origin(self, origin: str) -> bool:
        if not origin.startswith("http://"):
            return False
        authority = origin[len("http://") :]
        if authority.startswith("["):
            name, _, rest = authority.partition("]")
            name, port = name + "]", rest.removeprefix(":")
        else:
            name, _, port = authority.partition(":")
        return name in self.origin_hosts and (port == "" or port.isdigit())
