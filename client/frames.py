"""Decide, before the MCP SDK sees a frame, whether it needs a JSON-RPC error reply instead.

The SDK's transports drop frames they cannot validate (stdio) or answer them with the wrong code
(HTTP), so a client that sends one waits for its timeout. ``reply_for_frame`` is the gate both
transports put in front of the SDK: it returns the error reply JSON-RPC 2.0 requires for a frame
that is not a well-formed request, notification or response, and None for every frame the SDK
can handle, which then answers it (or not, for a notification) itself.

    unparsable JSON (or not UTF-8)                          -32700, id null
    a batch array (MCP 2025-06-18 removed batching), an
    empty array, a scalar, jsonrpc other than "2.0", a
    missing or non-string method, an id that is neither a
    string nor an integer, non-object params, an id-only
    frame, a malformed response                             -32600, the id when it can be read
    a request with "id": null (MCP forbids null ids)       -32600, id null

The checks are the SDK's own message models (mcp_types.jsonrpc) written out, so every frame let
through validates there. Calls before initialize are valid frames: the SDK answers them -32602.
Pure: no I/O, no SDK import (the gate runs before the SDK is loaded).
"""

from __future__ import annotations

from typing import Any

import orjson

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
JSONRPC_VERSION = "2.0"

RequestId = int | str


def error_reply(code: int, message: str, request_id: RequestId | None) -> dict[str, Any]:
    """A JSON-RPC 2.0 error response; ``request_id`` None is ``"id": null`` (id unreadable)."""
    return {
        "jsonrpc": JSONRPC_VERSION,
        "id": request_id,
        "error": {"code": code, "message": message},
    }


def reply_for_frame(frame: bytes | str) -> dict[str, Any] | None:
    """The error reply ``frame`` needs, or None when it is a message the SDK should handle."""
    try:
        message = orjson.loads(frame)
    except orjson.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        return error_reply(PARSE_ERROR, f"Parse error: not valid JSON in UTF-8 (at {where})", None)
    if isinstance(message, list):
        why = (
            "an empty batch"
            if not message
            else "a batch: MCP (since 2025-06-18) takes one JSON-RPC message per frame; "
            "send the messages one by one"
        )
        return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", None)
    if not isinstance(message, dict):
        return error_reply(
            INVALID_REQUEST, "Invalid Request: a frame must be one JSON object", None
        )
    return _reply_for_object(message)


def _readable_id(message: dict[str, Any]) -> RequestId | None:
    value = message.get("id")
    return value if _is_request_id(value) else None


def _is_request_id(value: object) -> bool:
    # The SDK's RequestId: a strict int (no bool, no float) or a string.
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _reply_for_object(message: dict[str, Any]) -> dict[str, Any] | None:
    request_id = _readable_id(message)
    if message.get("jsonrpc") != JSONRPC_VERSION:
        found = orjson.dumps(message.get("jsonrpc")).decode()
        why = f'"jsonrpc" must be "2.0" (found {found})'
        return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", request_id)
    if "id" in message and message["id"] is not None and request_id is None:
        why = '"id" must be a string or an integer'
        return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", None)
    if "method" in message:
        return _reply_for_call(message, request_id)
    return _reply_for_response(message, request_id)


def _reply_for_call(message: dict[str, Any], request_id: RequestId | None) -> dict[str, Any] | None:
    if not isinstance(message["method"], str):
        return error_reply(
            INVALID_REQUEST, 'Invalid Request: "method" must be a string', request_id
        )
    params = message.get("params")
    if isinstance(params, list):
        why = '"params" must be an object of named parameters (MCP has no positional ones)'
        return error_reply(INVALID_PARAMS, f"Invalid params: {why}", request_id)
    if params is not None and not isinstance(params, dict):
        why = '"params" must be an object when present'
        return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", request_id)
    if "id" in message and message["id"] is None:
        # JSON-RPC 2.0: a request with a null id is still a request and gets a reply.
        why = '"id" must be a string or an integer (MCP forbids null); omit it for a notification'
        return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", None)
    return None


def _reply_for_response(
    message: dict[str, Any], request_id: RequestId | None
) -> dict[str, Any] | None:
    has_result, has_error = "result" in message, "error" in message
    if has_result == has_error:
        why = (
            'a response has "result" or "error", not both'
            if has_result
            else 'no "method": a request or notification needs one'
        )
        return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", request_id)
    if has_result:
        if request_id is None or not isinstance(message["result"], dict):
            why = 'a result response needs a string or integer "id" and an object "result"'
            return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", request_id)
        return None
    error = message["error"]
    well_formed = (
        isinstance(error, dict)
        and isinstance(error.get("code"), int)
        and not isinstance(error.get("code"), bool)
        and isinstance(error.get("message"), str)
        and "id" in message
    )
    if not well_formed:
        why = 'an error response needs an "id" and an "error" with an integer code and a message'
        return error_reply(INVALID_REQUEST, f"Invalid Request: {why}", request_id)
    return None
