"""Every frame gets an answer: malformed frames sent as raw bytes to `docclient serve`, over
stdio (a real subprocess on raw pipes) and over HTTP (a real server, raw httpx posts).

A notification still gets no reply. A call before initialize gets the SDK's -32602 "Invalid
request parameters": the SDK pins that code for the case, and -32002 is retired and reserved
never to be reused by the 2026-07-28 schema's error-code allocation (mcp_types.jsonrpc).
"""

from __future__ import annotations

import os
import select
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import httpx
import orjson
import pytest

from tests.mcp_support import DOCCLIENT, one_connection_per_request, serving_http

ANSWER_WAIT_SECONDS = 30
TOKEN = "a-test-token-0123456789abcdef"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": "init",
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"},
    },
}
PING = b'{"jsonrpc":"2.0","id":"after","method":"ping"}'


def refusal(code: int, request_id: Any, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


BAD_FRAMES: list[tuple[str, bytes, dict[str, Any]]] = [
    (
        "unparsable",
        b'{"jsonrpc": "2.0", "id": 1, "method"',
        refusal(-32700, None, "Parse error: not valid JSON in UTF-8 (at line 1, column 37)"),
    ),
    (
        "jsonrpc-1.0",
        b'{"jsonrpc":"1.0","id":7,"method":"ping"}',
        refusal(-32600, 7, 'Invalid Request: "jsonrpc" must be "2.0" (found "1.0")'),
    ),
    (
        "batch",
        b'[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]',
        refusal(
            -32600,
            None,
            "Invalid Request: a batch: MCP (since 2025-06-18) takes one JSON-RPC message per "
            "frame; send the messages one by one",
        ),
    ),
    (
        "id-only",
        b'{"jsonrpc":"2.0","id":8}',
        refusal(-32600, 8, 'Invalid Request: no "method": a request or notification needs one'),
    ),
    (
        "id-null",
        b'{"jsonrpc":"2.0","id":null,"method":"ping"}',
        refusal(
            -32600,
            None,
            'Invalid Request: "id" must be a string or an integer (MCP forbids null); '
            "omit it for a notification",
        ),
    ),
    (
        "method-not-a-string",
        b'{"jsonrpc":"2.0","id":9,"method":["tools/list"]}',
        refusal(-32600, 9, 'Invalid Request: "method" must be a string'),
    ),
    (
        "missing-method-and-id",
        b'{"jsonrpc":"2.0","params":{}}',
        refusal(-32600, None, 'Invalid Request: no "method": a request or notification needs one'),
    ),
]
FRAME_IDS = [name for name, _frame, _reply in BAD_FRAMES]


def environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    return {**env, "DOCTROVE_CACHE_DIR": str(cache), "DOCTROVE_TOKEN": TOKEN}


class Pipe:
    """A `docclient serve` child on raw pipes: bytes in, one JSON line out per answer."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process = process
        self.stdin: IO[bytes] = process.stdin
        self.stdout: IO[bytes] = process.stdout

    def send(self, frame: bytes) -> None:
        self.stdin.write(frame + b"\n")
        self.stdin.flush()

    def answer(self) -> dict[str, Any]:
        # The bug this guards against is silence: fail instead of waiting for ever.
        ready, _, _ = select.select([self.stdout], [], [], ANSWER_WAIT_SECONDS)
        assert ready, f"no answer within {ANSWER_WAIT_SECONDS} s"
        line = self.stdout.readline()
        assert line, "the server closed stdout"
        answer: dict[str, Any] = orjson.loads(line)
        return answer


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pipe]:
    process = subprocess.Popen(
        [str(DOCCLIENT), "serve"],
        bufsize=0,  # unbuffered: select() then sees every line not yet read
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment(tmp_path_factory.mktemp("cache")),
    )
    server = Pipe(process)
    try:
        yield server
    finally:
        server.stdin.close()
        process.wait(timeout=10)
        server.stdout.close()


def test_stdio_a_call_before_initialize_is_invalid_params_then_the_session_works(
    pipe: Pipe,
) -> None:
    pipe.send(b'{"jsonrpc":"2.0","id":"early","method":"tools/list"}')
    assert pipe.answer() == {
        "jsonrpc": "2.0",
        "id": "early",
        "error": {"code": -32602, "message": "Invalid request parameters", "data": ""},
    }
    pipe.send(orjson.dumps(INITIALIZE))
    assert pipe.answer()["result"]["serverInfo"]["name"] == "doctrove"
    pipe.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    pipe.send(b'{"jsonrpc":"2.0","id":"tools","method":"tools/list"}')
    assert pipe.answer()["id"] == "tools"


@pytest.mark.parametrize(("frame", "reply"), [b[1:] for b in BAD_FRAMES], ids=FRAME_IDS)
def test_stdio_every_bad_frame_gets_its_error_reply(
    pipe: Pipe, frame: bytes, reply: dict[str, Any]
) -> None:
    pipe.send(frame)
    assert pipe.answer() == reply
    pipe.send(PING)  # the session goes on, and nothing else was sent in between
    assert pipe.answer() == {"jsonrpc": "2.0", "id": "after", "result": {}}


def test_stdio_notifications_and_blank_lines_get_no_reply(pipe: Pipe) -> None:
    pipe.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    pipe.send(b'{"jsonrpc":"2.0","method":"notifications/no-such-thing","params":{}}')
    pipe.send(b"   ")
    pipe.send(PING)
    assert pipe.answer() == {"jsonrpc": "2.0", "id": "after", "result": {}}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_http(environment(tmp_path_factory.mktemp("cache"))) as address:
        yield address


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    with one_connection_per_request() as client:
        yield client


def post(http: httpx.Client, url: str, body: bytes) -> httpx.Response:
    headers = {
        "Authorization": f"Bearer {TOKEN}",
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
    }
    return http.post(url, content=body, headers=headers)


@pytest.mark.parametrize(("frame", "reply"), [b[1:] for b in BAD_FRAMES], ids=FRAME_IDS)
def test_http_every_bad_frame_gets_its_error_reply(
    http: httpx.Client, url: str, frame: bytes, reply: dict[str, Any]
) -> None:
    response = post(http, url, frame)
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/json"
    assert response.json() == reply


def test_http_good_frames_still_reach_the_sdk(http: httpx.Client, url: str) -> None:
    answered = post(http, url, orjson.dumps(INITIALIZE))
    assert answered.status_code == 200
    assert answered.json()["result"]["serverInfo"]["name"] == "doctrove"
    notified = post(http, url, b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    assert (notified.status_code, notified.content) == (202, b"")
