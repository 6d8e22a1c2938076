"""Start a real `docclient serve --transport http` for a test and hand it its MCP URL."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import httpx

DOCCLIENT = Path(sys.executable).with_name("docclient")
_ADDRESS = re.compile(r"at (http://127\.0\.0\.1:\d+/mcp)$")


@contextlib.contextmanager
def serving_http(env: Mapping[str, str], *serve: str) -> Iterator[str]:
    """`docclient serve --transport http --port 0` (with ``serve``'s extra options) under
    ``env``: its MCP URL, read from the line it prints once it listens; stopped on exit."""
    process = subprocess.Popen(
        [str(DOCCLIENT), "serve", *serve, "--transport", "http", "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(env),
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    found = _ADDRESS.search(line.strip())
    try:
        assert found, f"no address in {line!r}"
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stderr.close()


@contextlib.contextmanager
def one_connection_per_request() -> Iterator[httpx.Client]:
    """An httpx client that opens a new connection for every request, as ``httpx.post`` does,
    but sets up its TLS context once: ``httpx.post`` builds a client, and so a TLS context
    (about 50 ms of CPU), per call, which hundreds of scripted frames pay over and over."""
    with httpx.Client(limits=httpx.Limits(max_keepalive_connections=0), timeout=30) as client:
        yield client
