"""Build the MCP server of the doc tools with the official SDK's low-level Server.

With client.sampling (how doc_extract asks the host's model), client.mcp_stdio and
client.mcp_http (the transports), the only modules that import the MCP
SDK (``mcp``); what the tools are lives in client.mcp_tools, and client.mcp_serve chooses the
transport. The service is synchronous and may wait on the network, so tool calls run in worker
threads (as many at once as ``workers``) while the event loop keeps answering pings and
cancellations.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
import orjson
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from client import __version__
from client.mcp_tools import (
    SERVER_INSTRUCTIONS,
    SERVER_NAME,
    SERVER_TITLE,
    STATUS_MIME_TYPE,
    STATUS_RESOURCE,
    STATUS_URI,
    TOOLS_BY_NAME,
    ToolOutcome,
    call_tool,
    tool_definitions,
)
from client.rewrite import RewritePolicy
from client.sampling import call_with_rewriter, state_boundary
from client.service import DocService


@dataclass(frozen=True)
class _RawArguments:
    value: object


# tools/call arguments that are not a JSON object, held for the tool while the SDK checks a call
# whose arguments were set to null (task-local: concurrent calls never see each other's).
_NOT_AN_OBJECT: contextvars.ContextVar[_RawArguments | None] = contextvars.ContextVar(
    "doctrove_arguments_not_an_object", default=None
)


async def keep_non_object_arguments(ctx: Any, call_next: Any) -> Any:
    """Server middleware: the SDK would answer arguments that are not an object with -32602,
    which the model never sees; the call goes on with none, and the tool gets the original to
    refuse as a "validation" result the model can act on."""
    params = ctx.params
    if ctx.method == "tools/call" and isinstance(params, Mapping):
        arguments = params.get("arguments")
        if arguments is not None and not isinstance(arguments, Mapping):
            token = _NOT_AN_OBJECT.set(_RawArguments(arguments))
            try:
                return await call_next(replace(ctx, params={**params, "arguments": None}))
            finally:
                _NOT_AN_OBJECT.reset(token)
    return await call_next(ctx)


def build_server(
    service: DocService, rewrite: RewritePolicy | None = None, *, workers: int = 1
) -> Server[Any]:
    """An SDK server whose tools, and whose doctrove://status resource, ask ``service`` in up
    to ``workers`` threads at once; doc_extract rewrites weak queries through the host's model
    as ``rewrite`` allows."""
    policy = rewrite or RewritePolicy()
    listed = types.ListToolsResult.model_validate({"tools": tool_definitions()})
    resources = types.ListResourcesResult.model_validate({"resources": [STATUS_RESOURCE]})
    # Made on first use: a CapacityLimiter belongs to the event loop that runs the server.
    limiter: list[anyio.CapacityLimiter] = []

    async def in_worker(function: Callable[[], Any]) -> Any:
        if not limiter:
            limiter.append(anyio.CapacityLimiter(workers))
        return await anyio.to_thread.run_sync(function, limiter=limiter[0])

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return listed

    async def call(
        ctx: Any, params: types.CallToolRequestParams
    ) -> types.CallToolResult | types.InputRequiredResult:
        tool = TOOLS_BY_NAME.get(params.name)
        if tool is None:
            # Not a tool error: the caller asked for something this server does not have.
            names = ", ".join(TOOLS_BY_NAME)
            raise MCPError(
                code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name} (tools: {names})"
            )
        raw = _NOT_AN_OBJECT.get()
        arguments = params.arguments if raw is None else raw.value
        outcome = await call_with_rewriter(
            ctx,
            params,
            policy,
            lambda rewriter: in_worker(lambda: call_tool(service, tool, arguments, rewriter)),
        )
        if not isinstance(outcome, ToolOutcome):  # the host's model must answer first
            return outcome
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
                types.TextResourceContents(uri=STATUS_URI, mime_type=STATUS_MIME_TYPE, text=text)
            ]
        )

    server: Server[Any] = Server(
        SERVER_NAME,
        version=__version__,
        title=SERVER_TITLE,
        instructions=SERVER_INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
    )
    server.middleware.append(keep_non_object_arguments)
    server.middleware.append(state_boundary(server.name))
    return server
