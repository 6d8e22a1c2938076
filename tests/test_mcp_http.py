"""docclient serve --transport http: a bearer token, Host and Origin checks, then the SDK client.

One server process for the module; raw httpx requests for the refusals (401 without the right
token, 403 for a foreign Host or Origin), the MCP SDK's streamable HTTP client for the rest.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import orjson
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from tests.mcp_support import DOCCLIENT, one_connection_per_request, serving_http

TOKEN = "a-test-token-0123456789abcdef"
ACCEPT = {"Accept": "application/json, text/event-stream"}
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"},
    },
}


def environment(cache: Path, token: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    env["DOCTROVE_CACHE_DIR"] = str(cache)
    if token is not None:
        env["DOCTROVE_TOKEN"] = token
    return env


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_http(environment(tmp_path_factory.mktemp("cache"), TOKEN)) as address:
        yield address


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    with one_connection_per_request() as client:
        yield client


def post(http: httpx.Client, url: str, headers: dict[str, str]) -> httpx.Response:
    return http.post(url, json=INITIALIZE, headers={**ACCEPT, **headers}, timeout=10)


def test_the_right_token_is_served(http: httpx.Client, url: str) -> None:
    response = post(http, url, {"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200
    assert response.json()["result"]["serverInfo"]["name"] == "doctrove"


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer wrong-token-0123456789"}, {"Authorization": TOKEN}],
    ids=["missing", "wrong", "not-bearer"],
)
def test_no_right_token_is_401(http: httpx.Client, url: str, headers: dict[str, str]) -> None:
    response = post(http, url, headers)
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize(
    "headers",
    [
        {"Host": "evil.example"},
        {"Host": "evil.example:80"},
        {"Origin": "http://evil.example"},
        {"Origin": "http://127.0.0.1.evil.example:8000"},
        {"Origin": "null"},
    ],
    ids=["host", "host-port", "origin", "origin-lookalike", "origin-null"],
)
def test_a_foreign_host_or_origin_is_403_even_with_the_token(
    http: httpx.Client, url: str, headers: dict[str, str]
) -> None:
    response = post(http, url, {"Authorization": f"Bearer {TOKEN}", **headers})
    assert response.status_code == 403


def test_a_local_origin_is_served(http: httpx.Client, url: str) -> None:
    headers = {"Authorization": f"Bearer {TOKEN}", "Origin": "http://localhost:6274"}
    assert post(http, url, headers).status_code == 200


def test_the_sdk_client_calls_tools_with_the_token(url: str) -> None:
    async def session() -> tuple[list[str], Any, Any]:
        headers = {"Authorization": f"Bearer {TOKEN}"}
        async with (
            httpx2.AsyncClient(headers=headers) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            tools = await client.list_tools()
            answer = await client.call_tool("catalog_releases", {"id": "werkzeug"})
            error = await client.call_tool("doc_extract", {"id": "werkzeug", "version": "7"})
            return [tool.name for tool in tools.tools], answer, error

    names, answer, error = anyio.run(session)
    assert names == ["catalog_lookup", "catalog_releases", "doc_extract", "doc_read"]
    assert answer.structured_content["versions"] == ["3.1.3", "2.3.8"]
    assert error.is_error and error.structured_content["error"]["code"] == "version"


def test_the_sdk_client_with_a_wrong_token_cannot_connect(url: str) -> None:
    async def connect() -> BaseException | None:
        headers = {"Authorization": "Bearer wrong-token-0123456789"}
        try:
            with anyio.fail_after(20):
                async with (
                    httpx2.AsyncClient(headers=headers) as http,
                    Client(streamable_http_client(url, http_client=http)) as client,
                ):
                    await client.list_tools()
        except BaseException as error:  # the SDK wraps its failure in task-group groups
            return error
        return None

    error = anyio.run(connect)
    while isinstance(error, BaseExceptionGroup):
        (error,) = error.exceptions
    assert isinstance(error, MCPError)


@pytest.mark.parametrize(
    ("token", "message"),
    [(None, "needs a bearer token: set DOCTROVE_TOKEN"), ("short", "DOCTROVE_TOKEN is too short")],
)
def test_refuses_to_start_without_a_usable_token(
    tmp_path: Path, token: str | None, message: str
) -> None:
    done = subprocess.run(
        [str(DOCCLIENT), "serve", "--transport", "http", "--port", "0"],
        capture_output=True,
        text=True,
        env=environment(tmp_path, token),
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("docclient: config: ")
    assert message in done.stderr


def test_the_socket_listens_before_the_address_is_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A client that connects as soon as it reads the address must not be refused: when the
    line is printed, the socket already accepts connections (they wait in its backlog)."""
    import socket

    import uvicorn

    from client.mcp_http import run_http
    from client.service import DocService

    seen: list[tuple[str, int]] = []

    def record(_server: object, sockets: list[socket.socket]) -> None:
        (listener,) = sockets
        printed = capsys.readouterr().err
        seen.append((printed, listener.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)))
        # What a client reading the line does at once: its connection must be accepted.
        with socket.create_connection(listener.getsockname()[:2], timeout=5):
            pass
        listener.close()

    monkeypatch.setattr(uvicorn.Server, "run", record)
    monkeypatch.setenv("DOCTROVE_TOKEN", TOKEN)
    run_http(DocService.__new__(DocService), host="127.0.0.1", port=0, token=TOKEN)
    ((printed, listening),) = seen
    assert "MCP over streamable HTTP at http://127.0.0.1:" in printed
    assert listening == 1


def post_scope() -> dict[str, Any]:
    return {"type": "http", "method": "POST", "path": "/mcp", "headers": []}


async def no_body() -> dict[str, Any]:
    return {"type": "http.request", "body": b"", "more_body": False}


async def discard(_message: Any) -> None:
    return None


@pytest.mark.parametrize(("limit", "order"), [(1, ["a", "b"]), (2, ["b", "a"])])
def test_the_in_flight_limit_admits_requests_in_arrival_order(limit: int, order: list[str]) -> None:
    """Request a waits for b to start, at most 5 s, or until b is queued at the limit (then b
    cannot start before a leaves, so waiting longer proves nothing more). With room for one, b
    cannot start while a is inside, so a finishes first; with room for two, b starts and a
    finishes after it."""
    from client.mcp_http import InFlightLimit

    finished: list[str] = []

    async def main() -> None:
        b_started = anyio.Event()

        def b_queued() -> bool:
            semaphore = limited.semaphore
            return semaphore is not None and semaphore.statistics().tasks_waiting > 0

        async def app(scope: Any, _receive: Any, _send: Any) -> None:
            if scope["name"] == "a":
                with anyio.move_on_after(5):
                    while not (b_started.is_set() or b_queued()):
                        await anyio.sleep(0.01)
            else:
                b_started.set()
            finished.append(scope["name"])

        limited = InFlightLimit(app, limit=limit)
        async with anyio.create_task_group() as group:
            group.start_soon(limited, {**post_scope(), "name": "a"}, no_body, discard)
            await anyio.sleep(0)  # a arrives first
            group.start_soon(limited, {**post_scope(), "name": "b"}, no_body, discard)

    anyio.run(main)
    assert finished == order


def test_the_frame_gate_replays_a_body_sent_in_parts_and_refuses_one_too_large() -> None:
    from client.mcp_http import FrameGate

    seen: list[bytes] = []
    sent: list[Any] = []

    async def app(_scope: Any, receive: Any, _send: Any) -> None:
        seen.append((await receive())["body"])

    def parts(*chunks: bytes) -> Any:
        queue = [
            {"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1}
            for i, chunk in enumerate(chunks)
        ]

        async def receive() -> dict[str, Any]:
            return queue.pop(0)

        return receive

    async def record(message: Any) -> None:
        sent.append(message)

    async def main() -> None:
        gate = FrameGate(app, max_body=64)
        await gate(post_scope(), parts(b'{"jsonrpc":"2.0",', b'"method":"ping","id":1}'), record)
        await gate(post_scope(), parts(b"[" + b" " * 60, b"]" + b" " * 10), record)

    anyio.run(main)
    assert seen == [b'{"jsonrpc":"2.0","method":"ping","id":1}']
    assert sent[0]["status"] == 413
    assert orjson.loads(sent[1]["body"])["error"]["code"] == -32600
