"""client.sdk_import: the SDK's server half without its package __init__ files, and everything
else still importable afterwards (in a fresh interpreter, as `docclient serve` runs it)."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from client.sdk_import import defer_sdk_package_inits
defer_sdk_package_inits()
import mcp.server.lowlevel.server
from mcp import types
print("lean", "mcp.client" in sys.modules, "mcp.server.mcpserver" in sys.modules)
from mcp import Client
from mcp.server import MCPServer
print("complete", Client.__module__, MCPServer.__name__)
"""
SCRIPT_STDIO = """
import sys
from client.sdk_import import block_http_stack, defer_sdk_package_inits
block_http_stack()
defer_sdk_package_inits()
import mcp.server.lowlevel.server
import mcp.server.stdio
print(sys.modules["uvicorn"], "sse_starlette" in sys.modules)
"""
SCRIPT_AFTER_IMPORT = """
import mcp
from client.sdk_import import defer_sdk_package_inits
defer_sdk_package_inits()
from mcp import Client
print(Client.__module__)
"""


def run(script: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_server_half_loads_alone_and_the_rest_on_first_use() -> None:
    assert run(SCRIPT) == [
        "lean False False",
        "complete mcp.client.client MCPServer",
    ]


def test_the_server_half_loads_with_uvicorn_blocked() -> None:
    # sse_starlette (under the SDK's server module) imports uvicorn only if it can.
    assert run(SCRIPT_STDIO) == ["None True"]


def test_an_sdk_already_imported_is_left_as_it_is() -> None:
    assert run(SCRIPT_AFTER_IMPORT) == ["mcp.client.client"]
