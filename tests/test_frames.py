"""client.frames: which frames get a JSON-RPC error before the SDK sees them, and which pass.

Every frame let through must validate as one of the SDK's JSON-RPC message models, or the SDK
would drop it silently again; every frame refused is one the SDK alone would not answer: its
models reject it, or read it as a notification or a response (an ``"id": null`` request, a
float id, a response with both result and error).
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
import orjson
import pytest
from pydantic import ValidationError

from client.frames import reply_for_frame

PASSING = [
    {"jsonrpc": "2.0", "id": 1, "method": "ping"},
    {"jsonrpc": "2.0", "id": "a", "method": "tools/list", "params": {}},
    {"jsonrpc": "2.0", "id": 0, "method": "x", "params": None},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 3, "result": {}},
    {"jsonrpc": "2.0", "id": 4, "error": {"code": -1, "message": "no"}},
    {"jsonrpc": "2.0", "id": None, "error": {"code": -1, "message": "no"}},
]

# (frame, code, id, message) of the reply
REFUSED: list[tuple[bytes, int, Any, str]] = [
    (b"{bad", -32700, None, "Parse error: not valid JSON in UTF-8 (at line 1, column 2)"),
    (b'"\xff"', -32700, None, "Parse error: not valid JSON in UTF-8 (at line 1, column 1)"),
    (b"[]", -32600, None, "Invalid Request: an empty batch"),
    (
        b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        -32600,
        None,
        "Invalid Request: a batch: MCP (since 2025-06-18) takes one JSON-RPC message per frame; "
        "send the messages one by one",
    ),
    (b"5", -32600, None, "Invalid Request: a frame must be one JSON object"),
    (
        b'{"jsonrpc":"1.0","id":7,"method":"ping"}',
        -32600,
        7,
        'Invalid Request: "jsonrpc" must be "2.0" (found "1.0")',
    ),
    (
        b'{"id":7,"method":"ping"}',
        -32600,
        7,
        'Invalid Request: "jsonrpc" must be "2.0" (found null)',
    ),
    (
        b'{"jsonrpc":"2.0","id":8}',
        -32600,
        8,
        'Invalid Request: no "method": a request or notification needs one',
    ),
    (
        b'{"jsonrpc":"2.0","id":null,"method":"ping"}',
        -32600,
        None,
        'Invalid Request: "id" must be a string or an integer (MCP forbids null); '
        "omit it for a notification",
    ),
    (
        b'{"jsonrpc":"2.0","id":1,"method":7}',
        -32600,
        1,
        'Invalid Request: "method" must be a string',
    ),
    (b'{"jsonrpc":"2.0","method":7}', -32600, None, 'Invalid Request: "method" must be a string'),
    (
        b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
        -32600,
        None,
        'Invalid Request: "id" must be a string or an integer',
    ),
    (
        b'{"jsonrpc":"2.0","id":true,"method":"ping"}',
        -32600,
        None,
        'Invalid Request: "id" must be a string or an integer',
    ),
    (
        b'{"jsonrpc":"2.0","id":2,"method":"ping","params":[1]}',
        -32602,
        2,
        'Invalid params: "params" must be an object of named parameters (MCP has no positional '
        "ones)",
    ),
    (
        b'{"jsonrpc":"2.0","method":"notifications/initialized","params":"bar"}',
        -32600,
        None,
        'Invalid Request: "params" must be an object when present',
    ),
    (
        b'{"jsonrpc":"2.0","id":3,"result":{},"error":{"code":1,"message":"m"}}',
        -32600,
        3,
        'Invalid Request: a response has "result" or "error", not both',
    ),
    (
        b'{"jsonrpc":"2.0","id":3,"result":5}',
        -32600,
        3,
        'Invalid Request: a result response needs a string or integer "id" and an object "result"',
    ),
    (
        b'{"jsonrpc":"2.0","id":3,"error":{"code":"x","message":"m"}}',
        -32600,
        3,
        'Invalid Request: an error response needs an "id" and an "error" with an integer code '
        "and a message",
    ),
]


@pytest.mark.parametrize("message", PASSING, ids=lambda m: orjson.dumps(m).decode())
def test_well_formed_messages_pass_and_the_sdk_accepts_them(message: dict[str, Any]) -> None:
    frame = orjson.dumps(message)
    assert reply_for_frame(frame) is None
    assert reply_for_frame(frame.decode()) is None
    types.jsonrpc_message_adapter.validate_json(frame)


@pytest.mark.parametrize(("frame", "code", "request_id", "message"), REFUSED, ids=lambda v: repr(v))
def test_malformed_frames_get_the_json_rpc_error_the_sdk_would_not_send(
    frame: bytes, code: int, request_id: Any, message: str
) -> None:
    assert reply_for_frame(frame) == {
        "jsonrpc": "2.0",
        "id": request_id,
        "error": {"code": code, "message": message},
    }
    try:
        read = types.jsonrpc_message_adapter.validate_json(frame)
    except ValidationError:
        return
    assert not isinstance(read, types.JSONRPCRequest)
