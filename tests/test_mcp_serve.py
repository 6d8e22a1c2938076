"""`docclient serve` imports only what its transport needs (modules, never timings).

Each test runs the real command's code in a fresh interpreter (``python -c``), drives it, and
reads the interpreter's ``sys.modules`` when it ends.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson

# The command's own entry point, then every imported module's name on stderr. stdout is the
# protocol's while serving; stderr's last line is the list.
RUN_AND_LIST_MODULES = """
import sys
from client.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    loaded = sorted(name for name, module in sys.modules.items() if module is not None)
    print(" ".join(loaded), file=sys.stderr)
"""
NOT_FOR_STDIO = (
    "uvicorn",  # the HTTP server
    "client.mcp_http",
    "mcp.client",  # the SDK's client half
    "httpx2",  # its HTTP client
    "mcp.server.mcpserver",  # the high-level MCPServer
    "mcp.cli",
)
FRAMES = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    {
        "jsonrpc": "2.0",
        "id": 3,
        "method": "tools/call",
        "params": {"name": "catalog_releases", "arguments": {"id": "werkzeug"}},
    },
]


def environment(cache: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    return {**env, "DOCTROVE_CACHE_DIR": str(cache), **extra}


def loaded_modules(stderr: bytes) -> set[str]:
    return set(stderr.decode().strip().splitlines()[-1].split())


def test_stdio_with_sampling_serves_through_the_sdk_without_its_http_stack_or_client(
    tmp_path: Path,
) -> None:
    # --rewrite on needs server-to-client requests, so the SDK serves (without it: mcp_lean).
    process = subprocess.Popen(
        [sys.executable, "-c", RUN_AND_LIST_MODULES, "serve", "--rewrite", "on"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(tmp_path),
    )
    assert process.stdin is not None and process.stdout is not None
    answers = []
    for frame in FRAMES:
        process.stdin.write(orjson.dumps(frame) + b"\n")
        process.stdin.flush()
        if "id" in frame:
            answers.append(orjson.loads(process.stdout.readline()))
    _out, err = process.communicate(timeout=60)  # closes stdin: the session ends
    assert process.returncode == 0, err.decode()
    assert [answer["id"] for answer in answers] == [1, 2, 3]
    assert answers[2]["result"]["structuredContent"]["versions"] == ["3.1.3", "2.3.8"]
    modules = loaded_modules(err)
    assert {"mcp.server.lowlevel.server", "mcp.server.stdio", "client.mcp_stdio"} <= modules
    assert sorted(modules & set(NOT_FOR_STDIO)) == []


def test_http_without_a_token_is_refused_before_the_sdk_is_imported(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST_MODULES, "serve", "--transport", "http"],
        capture_output=True,
        env=environment(tmp_path),
        timeout=60,
    )
    assert b"needs a bearer token" in done.stderr
    modules = loaded_modules(done.stderr)
    assert "client.mcp_serve" in modules
    assert sorted(name for name in modules if name.split(".")[0] in ("mcp", "mcp_types")) == []
