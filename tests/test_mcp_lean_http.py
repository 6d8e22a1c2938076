"""The lean HTTP server (client.mcp_lean_http) answers as the SDK's streamable HTTP server does.

Equivalence: every frame of the scripted sessions (tests/mcp_script.py, both protocol eras) is
POSTed to `docclient serve --transport http` (lean) and to the SDK server of the same service
(`run_server(transport="http", use_sdk=True)`), then HTTP-level cases (headers, methods, paths,
sizes); status, the headers agents read and the JSON bodies must be equal. The differences
allowed, and why:

- the status resource's disk-cache figures (each server has its own cache directory);
- headers no agent reads (``date``, ``server``) are not compared;
- a redirect's ``location`` is compared without the server's own origin (its port differs);
- a GET event stream is compared by its head only: it never ends.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from tests.mcp_script import MODERN_VERSION, SCRIPTS, Script, call, enveloped, frame, initialize
from tests.mcp_support import DOCCLIENT, one_connection_per_request

TOKEN = "an-equivalence-token-0123456789"
SDK_SERVER = """
import os
from client.assemble import make_service
from client.config import resolve_settings
from client.mcp_serve import run_server
service = make_service(resolve_settings({}, dict(os.environ)))
run_server(service, transport="http", port=0, token=os.environ["DOCTROVE_TOKEN"], use_sdk=True)
"""
# The command's own entry point, then every module it imported, on stderr's last line.
RUN_AND_LIST_MODULES = """
import sys
from client.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    loaded = sorted(name for name, module in sys.modules.items() if module is not None)
    print(" ".join(loaded), file=sys.stderr, flush=True)
"""
SDK_PACKAGES = ("mcp", "mcp_types", "pydantic", "pydantic_core", "anyio", "starlette", "uvicorn")
ADDRESS = re.compile(r"at (http://127\.0\.0\.1:\d+/mcp)")
# What an agent reads besides the body.
COMPARED_HEADERS = ("content-type", "mcp-session-id", "mcp-protocol-version", "allow", "location",
                    "www-authenticate")  # fmt: skip
BASE_HEADERS = {
    "Authorization": f"Bearer {TOKEN}",
    "Content-Type": "application/json",
    "Accept": "application/json, text/event-stream",
}


def environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    return {**env, "DOCTROVE_CACHE_DIR": str(cache), "DOCTROVE_TOKEN": TOKEN}


def start(command: list[str], cache: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(cache),
    )
    assert process.stderr is not None
    found = ADDRESS.search(process.stderr.readline())
    if found is None:
        process.kill()
        pytest.fail("the server printed no address")
    return process, found.group(1)


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    with one_connection_per_request() as client:
        yield client


@pytest.fixture(scope="module")
def urls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    lean = start([str(DOCCLIENT), "serve", "--transport", "http", "--port", "0"],
                 tmp_path_factory.mktemp("lean"))  # fmt: skip
    sdk = start([sys.executable, "-c", SDK_SERVER], tmp_path_factory.mktemp("sdk"))
    try:
        yield {"lean": lean[1], "sdk": sdk[1]}
    finally:
        for process, _ in (lean, sdk):
            process.terminate()
            process.wait(timeout=10)
            assert process.stderr is not None
            process.stderr.close()


def without_cache_figures(body: Any) -> Any:
    if isinstance(body, dict):
        for content in body.get("result", {}).get("contents", []):
            status = orjson.loads(content["text"])
            status["data"]["cache"] = "<cache>"
            content["text"] = status
    return body


def seen(response: httpx.Response) -> dict[str, Any]:
    """What an agent reads of a response."""
    try:
        body: Any = without_cache_figures(orjson.loads(response.content))
    except orjson.JSONDecodeError:
        body = response.content
    headers = {name: response.headers.get(name) for name in COMPARED_HEADERS}
    return {"status": response.status_code, "headers": headers, "body": body}


def routing_headers(raw: bytes, modern: bool) -> dict[str, str]:
    """The headers a client sends with ``raw``: the era's version, and for the 2026-07-28 era
    the method and name the SDK's client mirrors."""
    if not modern:
        return {}
    headers = {"MCP-Protocol-Version": MODERN_VERSION}
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return headers
    if isinstance(message, dict) and isinstance(message.get("method"), str):
        headers["Mcp-Method"] = message["method"]
        params = message.get("params")
        named = params.get("uri", params.get("name")) if isinstance(params, dict) else None
        if isinstance(named, str):
            headers["Mcp-Name"] = named
    return headers


def post(http: httpx.Client, url: str, raw: bytes, headers: dict[str, str]) -> dict[str, Any]:
    return seen(http.post(url, content=raw, headers={**BASE_HEADERS, **headers}))


def legacy_version(script: Script) -> dict[str, str]:
    version = script.name.removeprefix("legacy-")
    return {"MCP-Protocol-Version": version} if version != script.name else {}


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.name for script in SCRIPTS])
def test_every_scripted_frame_is_answered_as_the_sdk_http_server_does(
    http: httpx.Client, urls: dict[str, str], script: Script
) -> None:
    for number, raw in enumerate(script.frames):
        headers = routing_headers(raw, script.modern) or legacy_version(script)
        lean, by_sdk = (post(http, urls[name], raw, headers) for name in ("lean", "sdk"))
        assert lean == by_sdk, f"frame {number}: {raw!r}"


LIST = frame("tools/list", None, 1)
MODERN_LIST = frame("tools/list", enveloped(), 2)
MODERN_HEADERS = {"MCP-Protocol-Version": MODERN_VERSION, "Mcp-Method": "tools/list"}
LOOKUP = frame("tools/call", call("catalog_lookup", {"query": "werkzeug"}), 3)
# (HTTP method, path, extra headers, body): each answered the same by both servers.
HTTP_CASES: dict[str, tuple[str, str, dict[str, str], bytes]] = {
    "no-token": ("POST", "/mcp", {"Authorization": ""}, LIST),
    "wrong-token": ("POST", "/mcp", {"Authorization": "Bearer wrong-0123456789abcdef"}, LIST),
    "foreign-host": ("POST", "/mcp", {"Host": "evil.example"}, LIST),
    "foreign-origin": ("POST", "/mcp", {"Origin": "http://evil.example"}, LIST),
    "local-origin": ("POST", "/mcp", {"Origin": "http://localhost:6274"}, LIST),
    "other-path": ("POST", "/other", {}, LIST),
    "query-string": ("POST", "/mcp?session=1", {}, LIST),
    "trailing-slash": ("POST", "/mcp/", {}, LIST),
    "trailing-slash-query": ("POST", "/mcp/?a=1", {}, LIST),
    "options": ("OPTIONS", "/mcp", {}, b""),
    "head": ("HEAD", "/mcp", {}, b""),
    "no-version-header": ("POST", "/mcp", {}, LOOKUP),
    "initialize": ("POST", "/mcp", {}, initialize("2025-06-18", 4)),
    "notification": ("POST", "/mcp", {}, frame("notifications/initialized")),
    "response": ("POST", "/mcp", {}, b'{"jsonrpc":"2.0","id":5,"result":{}}'),
    "accept-sse-only": ("POST", "/mcp", {"Accept": "text/event-stream"}, LIST),
    "accept-wildcard": ("POST", "/mcp", {"Accept": "*/*"}, LIST),
    "accept-missing": ("POST", "/mcp", {"Accept": ""}, LIST),
    "content-type-text": ("POST", "/mcp", {"Content-Type": "text/plain"}, LIST),
    "content-type-json-seq": ("POST", "/mcp", {"Content-Type": "application/json-seq"}, LIST),
    "content-type-charset": (
        "POST",
        "/mcp",
        {"Content-Type": "application/json; charset=utf-8"},
        LIST,
    ),
    "unparsable": ("POST", "/mcp", {}, b"{"),
    "too-large": ("POST", "/mcp", {}, b" " * (4 * 1024 * 1024 + 1)),
    "get-json-only": ("GET", "/mcp", {"Accept": "application/json"}, b""),
    "delete": ("DELETE", "/mcp", {}, b""),
    "put": ("PUT", "/mcp", {}, LIST),
    "modern-list": ("POST", "/mcp", MODERN_HEADERS, MODERN_LIST),
    "modern-no-method-header": (
        "POST",
        "/mcp",
        {"MCP-Protocol-Version": MODERN_VERSION},
        MODERN_LIST,
    ),
    "modern-version-mismatch": (
        "POST",
        "/mcp",
        {**MODERN_HEADERS, "MCP-Protocol-Version": "2099-01-01"},
        MODERN_LIST,
    ),
    "modern-unknown-version": ("POST", "/mcp", {"MCP-Protocol-Version": "1999-01-01"}, LIST),
    "modern-name-base64": (
        "POST",
        "/mcp",
        {
            "MCP-Protocol-Version": MODERN_VERSION,
            "Mcp-Method": "tools/call",
            "Mcp-Name": "=?base64?Y2F0YWxvZ19sb29rdXA=?=",
        },
        frame("tools/call", enveloped(call("catalog_lookup", {"query": "x"})), 6),
    ),
    "modern-name-wrong": (
        "POST",
        "/mcp",
        {"MCP-Protocol-Version": MODERN_VERSION, "Mcp-Method": "tools/call", "Mcp-Name": "other"},
        frame("tools/call", enveloped(call("catalog_lookup", {"query": "x"})), 7),
    ),
    "modern-notification": (
        "POST",
        "/mcp",
        {"MCP-Protocol-Version": MODERN_VERSION},
        frame("notifications/initialized"),
    ),
    "modern-notification-old": (
        "POST",
        "/mcp",
        {"MCP-Protocol-Version": "1999-01-01"},
        frame("notifications/initialized"),
    ),
    "modern-response": (
        "POST",
        "/mcp",
        {"MCP-Protocol-Version": MODERN_VERSION},
        b'{"jsonrpc":"2.0","id":5,"result":{}}',
    ),
    "modern-get": ("GET", "/mcp", {"MCP-Protocol-Version": MODERN_VERSION}, b""),
    "modern-accept-sse-only": (
        "POST",
        "/mcp",
        {**MODERN_HEADERS, "Accept": "text/event-stream"},
        MODERN_LIST,
    ),
    "modern-content-type-text": (
        "POST",
        "/mcp",
        {**MODERN_HEADERS, "Content-Type": "text/plain"},
        MODERN_LIST,
    ),
}


def ask(
    http: httpx.Client, url: str, case: tuple[str, str, dict[str, str], bytes]
) -> dict[str, Any]:
    method, path, extra, body = case
    headers = {**BASE_HEADERS, **extra}
    headers = {name: value for name, value in headers.items() if value}
    origin = url.removesuffix("/mcp")
    answer = seen(http.request(method, origin + path, content=body, headers=headers))
    location = answer["headers"]["location"]
    if location is not None:  # each server has its own port
        answer["headers"]["location"] = location.replace(origin, "<origin>")
    return answer


@pytest.mark.parametrize("case", list(HTTP_CASES), ids=list(HTTP_CASES))
def test_http_requests_are_answered_as_the_sdk_http_server_does(
    http: httpx.Client, urls: dict[str, str], case: str
) -> None:
    lean, by_sdk = (ask(http, urls[name], HTTP_CASES[case]) for name in ("lean", "sdk"))
    assert lean == by_sdk


def test_a_get_opens_the_same_event_stream(urls: dict[str, str]) -> None:
    heads = []
    for name in ("lean", "sdk"):
        with httpx.stream("GET", urls[name], headers=BASE_HEADERS, timeout=30) as response:
            heads.append((response.status_code, response.headers["content-type"]))
    assert heads[0] == heads[1]
    assert heads[0][0] == 200


def test_the_lean_http_server_imports_neither_the_sdk_nor_pydantic(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", RUN_AND_LIST_MODULES, "serve", "--transport", "http", "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment(tmp_path),
    )
    assert process.stderr is not None
    try:
        found = ADDRESS.search(process.stderr.readline().decode())
        assert found, "no address printed"
        answer = httpx.post(found.group(1), content=LOOKUP, headers=BASE_HEADERS, timeout=30)
        assert answer.json()["result"]["isError"] is False
    finally:
        process.terminate()  # SIGTERM: the server stops and the module list is printed
        _, stderr = process.communicate(timeout=30)
    modules = set(stderr.decode().strip().splitlines()[-1].split())
    assert "client.mcp_lean_http" in modules
    assert sorted(name for name in modules if name.split(".")[0] in SDK_PACKAGES) == []
