"""Start ``docclient serve`` on one transport, importing only what that transport needs.

Importing the MCP SDK (its pydantic protocol models above all) was most of a server's
start-up, and its per-request machinery most of an HTTP server's CPU, so this module imports
none of it. stdio is served by client.mcp_lean and HTTP by client.mcp_lean_http_server, neither
of which imports the SDK, unless doc_extract may ask the host's model (sampling needs the SDK's
server-to-client requests). The SDK paths check what can be refused without the SDK first (the
transport's name, the HTTP token, the worker count), then import the SDK's server half
(client.sdk_import) and the chosen transport's module: stdio never imports uvicorn or
client.mcp_http, and neither imports the SDK's client half or its MCPServer.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading

from client.errors import ClientError, ConfigError
from client.rewrite import RewritePolicy
from client.sdk_import import block_http_stack, defer_sdk_package_inits
from client.service import DocService

MIN_TOKEN_CHARS = 16
# Tool calls over HTTP run in this many threads at once; more wait for a free one. The service
# is thread-safe; calls answered from the result cache take well under a millisecond, the
# others mostly wait on SQLite or the network, so a few dozen keep a loopback client busy.
DEFAULT_HTTP_WORKERS = 32
MAX_HTTP_WORKERS = 1024
TOKEN_HELP = (
    "set DOCTROVE_TOKEN to a random secret of at least 16 characters, e.g. "
    "export DOCTROVE_TOKEN=\"$(python3 -c 'import secrets; print(secrets.token_hex(32))')\", "
    "and have the client send the header 'Authorization: Bearer <that token>'"
)


def check_token(token: str | None) -> str:
    """The HTTP transport's bearer token, or a ConfigError saying how to set one."""
    if not token:
        raise ConfigError(f"the HTTP transport needs a bearer token: {TOKEN_HELP}")
    if len(token) < MIN_TOKEN_CHARS:
        raise ConfigError(f"DOCTROVE_TOKEN is too short ({len(token)} characters): {TOKEN_HELP}")
    return token


def check_workers(workers: int) -> int:
    if not 1 <= workers <= MAX_HTTP_WORKERS:
        raise ConfigError(f"--workers must be 1 to {MAX_HTTP_WORKERS} (got {workers})")
    return workers


def run_server(
    service: DocService,
    *,
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8731,
    token: str | None = None,
    rewrite: RewritePolicy | None = None,
    workers: int = DEFAULT_HTTP_WORKERS,
    use_sdk: bool = False,
) -> None:
    """Serve until the client goes away (stdio) or a signal stops the process (HTTP).

    Both transports are served by the lean servers (client.mcp_lean, client.mcp_lean_http; no
    SDK import) unless doc_extract may ask the host's model (``rewrite`` on or auto: sampling
    needs the SDK's server-to-client requests) or ``use_sdk`` says so (the equivalence tests
    and bench/mcp_http.py compare the two)."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="docclient: %(message)s")
    if transport == "http":
        checked = check_token(token)
        if not use_sdk and (rewrite is None or rewrite.mode == "off"):
            from client.mcp_lean_http_server import run_lean_http

            run_lean_http(
                service, host=host, port=port, token=checked, workers=check_workers(workers)
            )
            return
        defer_sdk_package_inits()
        from client.mcp_http import run_http

        run_http(
            service,
            host=host,
            port=port,
            token=checked,
            rewrite=rewrite,
            workers=check_workers(workers),
        )
        return
    if transport != "stdio":
        raise ConfigError(f"unknown transport {transport!r}; use stdio or http")
    # Load the catalog and build the lookup structures while the SDK is imported and the host
    # shakes hands, so the agent's first catalog_lookup does not wait for them.
    threading.Thread(target=_warm_up, args=(service,), name="warm-up", daemon=True).start()
    if not use_sdk and (rewrite is None or rewrite.mode == "off"):
        from client.mcp_lean import serve_lean_stdio

        with contextlib.suppress(KeyboardInterrupt):
            serve_lean_stdio(service)
        return
    block_http_stack()
    defer_sdk_package_inits()
    import anyio

    from client.mcp_server import build_server
    from client.mcp_stdio import serve_stdio

    # stdio serves one agent: its calls run one at a time, in the order they came.
    server = build_server(service, rewrite, workers=1)
    # Ctrl-C in a terminal ends the session quietly; an agent host closes stdin instead.
    with contextlib.suppress(KeyboardInterrupt):
        anyio.run(serve_stdio, server)


def _warm_up(service: DocService) -> None:
    service.start_lane()  # the model loads in its own thread; answers are lexical till then
    try:
        service.warm_up()
    except ClientError as error:  # the first real call reports it properly
        logging.getLogger(__name__).warning("could not load the catalog yet: %s", error.message)
