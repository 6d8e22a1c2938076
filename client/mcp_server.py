"""Build the MCP server of the doc tools with the official SDK's low-level Server.

With client.mcp_stdio and client.mcp_http (the transports) the only modules that import the MCP
SDK (``mcp``); what the tools are lives in client.mcp_tools, and client.mcp_serve chooses the
transport. The service is synchronous and may wait on the network, so tool calls run in worker
threads (as many at once as ``workers``) while the event loop keeps answering pings and
cancellations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
import orjson
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import ServerMessageMetadata

from client import __version__
from client.errors import RewriteFailed
from client.mcp_serve import RewritePolicy
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


def build_server(
    service: DocService, rewrite: RewritePolicy | None = None, *, workers: int = 1
) -> Server[Any]:
    """An SDK server whose tools, and whose doctrove://status resource, ask ``service`` in up
    to ``workers`` threads at once; doc_extract rewrites weak queries through the host's model
    as ``rewrite`` allows."""
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
    # Made on first use: a CapacityLimiter belongs to the event loop that runs the server.
    limiter: list[anyio.CapacityLimiter] = []

    async def in_worker(function: Callable[[], Any]) -> Any:
        if not limiter:
            limiter.append(anyio.CapacityLimiter(workers))
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
