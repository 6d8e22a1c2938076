"""A scripted MCP stdio session, every method with good and bad frames, in both protocol eras.

``run_script`` sends each frame of a script to a server on raw pipes and returns, per frame,
every reply it caused (sorted, so concurrency cannot reorder them). After each frame it sends a
sentinel ping in the script's era and reads until the sentinel is answered, and, for a request
with a readable id, until that request is answered too: a frame that must get no reply is
checked as such, not timed out on. The equivalence test runs the same script against the SDK
stdio server and the lean one and compares the replies exactly.
"""

from __future__ import annotations

import select
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

import orjson

ANSWER_WAIT_SECONDS = 30
MODERN_VERSION = "2026-07-28"
PROTOCOL_KEY = "io.modelcontextprotocol/protocolVersion"
CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities"
CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo"
ENVELOPE = {
    PROTOCOL_KEY: MODERN_VERSION,
    CAPABILITIES_KEY: {},
    CLIENT_INFO_KEY: {"name": "script", "version": "0"},
}


@dataclass(frozen=True)
class Script:
    """The frames of one session and the era its sentinel pings speak."""

    name: str
    frames: tuple[bytes, ...]
    modern: bool = False


def frame(method: str | None = None, params: Any = None, request_id: Any = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0"}
    if request_id is not None:
        message["id"] = request_id
    if method is not None:
        message["method"] = method
    if params is not None:
        message["params"] = params
    return orjson.dumps(message)


def enveloped(params: dict[str, Any] | None = None, **meta: Any) -> dict[str, Any]:
    """``params`` with the 2026-07-28 per-request envelope in ``_meta`` (``meta`` overrides)."""
    return {**(params or {}), "_meta": {**ENVELOPE, **meta}}


def call(name: Any, arguments: Any = None, **extra: Any) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name, **extra}
    if arguments is not None:
        params["arguments"] = arguments
    return params


GOOD_CALLS: list[dict[str, Any]] = [
    call("catalog_lookup", {"query": "werkzeug"}),
    call("catalog_lookup", {"query": "flask", "limit": 2}),
    call("catalog_releases", {"id": "werkzeug"}),
    call("doc_extract", {"id": "werkzeug", "version": "2", "focus": "routing converters"}),
    call("doc_extract", {"id": "werkzeug"}),
    call("doc_read", {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing"}),
    call("catalog_lookup", {"query": "werkzeug", "typo": 1}),  # ignored key, with a warning
]
BAD_CALLS: list[Any] = [
    call("catalog_lookup", {}),
    call("catalog_lookup", {"query": 5}),
    call("catalog_lookup", {"query": "x", "limit": 0}),
    call("catalog_lookup", {"query": "x", "limit": "many"}),
    call("catalog_releases", {"id": "no-such-library"}),
    call("doc_extract", {"id": "werkzeug", "version": "99"}),
    call("doc_extract", {"id": "werkzeug", "maxSections": 10**6}),
    call("doc_read", {"id": "werkzeug"}),
    call("catalog_lookup", ["werkzeug"]),  # arguments not an object: a tool error result
    call("catalog_lookup", "werkzeug"),
    call("catalog_lookup", 7),
    call("catalog_lookup"),  # no arguments at all
    call("no_such_tool", {}),
    call(5, {}),
    {"arguments": {}},
    {},
    call("catalog_lookup", {"query": "x"}, _meta={"progressToken": "p1"}),
    call("catalog_lookup", {"query": "x"}, _meta="not an object"),
    call("catalog_lookup", {"query": "x"}, _meta={"progressToken": 1.5}),
    call("catalog_lookup", {"query": "x"}, requestState="forged"),
    call("catalog_lookup", {"query": "x"}, requestState=None),
    call("catalog_lookup", {"query": "x"}, task=5),
]
UNSERVED = ["prompts/list", "prompts/get", "logging/setLevel", "completion/complete",
            "resources/templates/list", "resources/subscribe", "no/such/method"]  # fmt: skip
RESOURCE_CALLS: list[Any] = [
    {"uri": "doctrove://status"},
    {"uri": "doctrove://nothing"},
    {"uri": "doctrove://status", "requestState": "forged"},
    {},
    {"uri": 3},
]
BAD_FRAMES = [
    b'{"jsonrpc": "2.0", "id": 1, "method"',
    b'{"jsonrpc":"1.0","id":7,"method":"ping"}',
    b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
    b"[]",
    b"17",
    b'{"jsonrpc":"2.0","id":8}',
    b'{"jsonrpc":"2.0","id":null,"method":"ping"}',
    b'{"jsonrpc":"2.0","id":9,"method":["tools/list"]}',
    b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
    b'{"jsonrpc":"2.0","id":true,"method":"ping"}',
    b'{"jsonrpc":"2.0","id":10,"method":"ping","params":[1]}',
    b'{"jsonrpc":"2.0","id":11,"method":"ping","params":"x"}',
    b'{"jsonrpc":"2.0","params":{}}',
    b'{"jsonrpc":"2.0","id":12,"result":{}}',  # a response to nothing: dropped
    b'{"jsonrpc":"2.0","id":13,"error":{"code":1,"message":"m"}}',
    b"\xff\xfe",
    b"   ",
]
NOTIFICATIONS = [
    frame("notifications/cancelled", {"requestId": "never-sent"}),
    frame("notifications/cancelled", {}),
    frame("notifications/progress", {"progressToken": "x", "progress": 1}),
    frame("notifications/roots/list_changed"),
    frame("notifications/no-such-thing", {"a": 1}),
]


def initialize(version: Any, request_id: Any = "init", **extra: Any) -> bytes:
    params = {
        "protocolVersion": version,
        "capabilities": {},
        "clientInfo": {"name": "script", "version": "0"},
        **extra,
    }
    return frame("initialize", params, request_id)


def _numbered(frames: Sequence[tuple[str, Any]], prefix: str) -> list[bytes]:
    return [frame(method, params, f"{prefix}-{n}") for n, (method, params) in enumerate(frames)]


def legacy_script(version: str) -> Script:
    before = [
        frame("ping", None, "early-ping"),
        frame("tools/list", None, "early-list"),
        frame("tools/call", call("catalog_lookup", {"query": "x"}), "early-call"),
        frame("no/such/method", None, "early-unknown"),
        frame("notifications/initialized"),  # before initialize: dropped
    ]
    handshake = [
        initialize(version),
        frame("notifications/initialized"),
        frame("notifications/initialized", {"_meta": {}}),
    ]
    requests: list[tuple[str, Any]] = [
        ("ping", None),
        ("ping", {}),
        ("ping", {"_meta": {"progressToken": 3}}),
        ("ping", {"_meta": 4}),
        ("tools/list", None),
        ("tools/list", {"cursor": "abc"}),
        ("tools/list", {"cursor": 5}),
        ("resources/list", None),
        ("server/discover", None),
        *(("resources/read", params) for params in RESOURCE_CALLS),
        *(("tools/call", params) for params in GOOD_CALLS + BAD_CALLS),
        *((method, {}) for method in UNSERVED),
        ("tools/call", enveloped(call("catalog_lookup", {"query": "x"}))),  # other era
        ("tools/list", enveloped()),
        ("initialize", None),
    ]
    again = [initialize("1999-01-01", "again"), initialize(version, "again-2")]
    frames = before + handshake + _numbered(requests, "r") + BAD_FRAMES + NOTIFICATIONS + again
    return Script(f"legacy-{version}", tuple(frames))


def odd_initialize_script() -> Script:
    frames = [
        initialize("1999-01-01", "old"),
        frame("notifications/initialized"),
        frame("tools/list", None, "listed"),
    ]
    return Script("initialize-unknown-version", tuple(frames))


def initialized_without_initialize_script() -> Script:
    frames = [
        frame("notifications/initialized"),  # opens the gate on its own, as with the SDK
        frame("tools/list", None, "listed"),
        frame("tools/call", call("catalog_releases", {"id": "werkzeug"}), "called"),
    ]
    return Script("initialized-without-initialize", tuple(frames))


def bad_initialize_script() -> Script:
    frames = [
        frame("initialize", {"protocolVersion": 5}, "bad-1"),
        frame("initialize", {}, "bad-2"),
        frame("initialize", None, "bad-3"),
        frame("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}}, "bad-4"),
        initialize("2025-06-18", "bad-5", capabilities={"sampling": 5}),
        initialize("2025-06-18", "bad-6", clientInfo={"name": "x", "version": 1}),
        frame("tools/list", None, "still-uninitialized"),
    ]
    return Script("initialize-malformed", tuple(frames))


def modern_script() -> Script:
    requests: list[tuple[str, Any]] = [
        ("server/discover", enveloped()),
        ("ping", enveloped()),
        ("tools/list", enveloped()),
        ("tools/list", enveloped({"cursor": "abc"})),
        ("resources/list", enveloped()),
        *(("resources/read", enveloped(params)) for params in RESOURCE_CALLS),
        *(
            ("tools/call", enveloped(params))
            for params in GOOD_CALLS + BAD_CALLS
            if isinstance(params, dict) and "_meta" not in params
        ),
        *((method, enveloped()) for method in UNSERVED),
        ("tools/list", None),
        ("tools/list", {"_meta": {PROTOCOL_KEY: MODERN_VERSION}}),
        ("tools/list", {"_meta": {**ENVELOPE, PROTOCOL_KEY: "2025-06-18"}}),
        ("tools/list", {"_meta": {**ENVELOPE, PROTOCOL_KEY: 7}}),
        ("tools/list", {"_meta": 5}),
        ("tools/list", enveloped(**{CAPABILITIES_KEY: "none"})),
        ("tools/list", enveloped(**{CLIENT_INFO_KEY: {"name": "x"}})),
        ("tools/call", enveloped(call("catalog_lookup", {"query": "x"}, inputResponses=5))),
        ("ping", None),
    ]
    frames = [
        frame("notifications/initialized"),  # before the first request: replayed
        *_numbered(requests, "m"),
        initialize("2025-06-18", "late-init"),
        initialize(MODERN_VERSION, "late-init-2"),
        *BAD_FRAMES,
        *NOTIFICATIONS,
    ]
    return Script("modern", tuple(frames), modern=True)


SCRIPTS: list[Script] = [
    *(legacy_script(v) for v in ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")),
    odd_initialize_script(),
    initialized_without_initialize_script(),
    bad_initialize_script(),
    modern_script(),
]


def _request_id(raw: bytes) -> Any:
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if isinstance(message, dict) and "method" in message:
        value = message.get("id")
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
            return value
    return None


def run_script(process: subprocess.Popen[bytes], script: Script) -> list[list[dict[str, Any]]]:
    """Every reply each frame of ``script`` caused, frame by frame; closes the server's stdin."""
    stdin, stdout = process.stdin, process.stdout
    assert stdin is not None and stdout is not None
    replies: list[list[dict[str, Any]]] = []
    for number, raw in enumerate(script.frames):
        sentinel = f"sync-{number}"
        ping_params = enveloped() if script.modern else None
        stdin.write(raw + b"\n" + frame("ping", ping_params, sentinel) + b"\n")
        stdin.flush()
        waiting = {sentinel} | ({_request_id(raw)} - {None})
        caused: list[dict[str, Any]] = []
        while waiting:
            answer = _read(stdout)
            if answer.get("id") in waiting:
                waiting.discard(answer["id"])
            if answer.get("id") != sentinel:
                caused.append(answer)
        replies.append(sorted(caused, key=orjson.dumps))
    stdin.close()
    process.wait(timeout=ANSWER_WAIT_SECONDS)
    stdout.close()
    return replies


def _read(stdout: IO[bytes]) -> dict[str, Any]:
    ready, _, _ = select.select([stdout], [], [], ANSWER_WAIT_SECONDS)
    assert ready, f"no answer within {ANSWER_WAIT_SECONDS} s"
    line = stdout.readline()
    assert line, "the server closed stdout"
    answer: dict[str, Any] = orjson.loads(line)
    return answer
