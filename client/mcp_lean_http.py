"""MCP over streamable HTTP without the SDK: what each HTTP request is answered, no sockets.

The SDK's per-request machinery (anyio streams, pydantic models, starlette) was 85-90% of the
HTTP server's CPU per cached tool call; this answers the same requests through
client.mcp_lean_protocol instead. It answers what the SDK server behind client.mcp_http answers
(stateless, JSON responses; tests/test_mcp_lean_http.py compares the two request by request):

1. client.mcp_lean_http_gate: a foreign Host or Origin is 403, no bearer token 401 (plain text).
2. A POST body over the limit is 413, one the frame gate refuses 400 with its JSON-RPC error.
3. A path other than /mcp is 404.
4. The handshake era (no ``MCP-Protocol-Version`` header, or a handshake version): each request
   is a session of its own that needs no ``initialize``; POST needs a JSON Content-Type (400)
   and an Accept that takes JSON (406); a notification or response is 202 with no body; a
   request is 200 with its JSON-RPC reply. GET wants an event stream (406) and gets one that
   carries only keep-alive comments (a stateless server has nothing to push); DELETE is 405
   (no session to end); other methods 405.
5. Any other version header: the 2026-07-28 era, one self-contained POST per request: 405 for
   other methods, the envelope and routing-header ladder, JSON-RPC errors mapped to 400/404.

Imports neither ``mcp`` nor ``pydantic`` (tests/test_mcp_lean_http.py checks it).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from client.frames import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    JSONRPC_VERSION,
    RequestId,
    error_reply,
    reply_for_frame,
)
from client.mcp_lean import run_job
from client.mcp_lean_http_gate import AccessCheck
from client.mcp_lean_http_pool import WorkerPool
from client.mcp_lean_protocol import (
    HANDSHAKE_VERSIONS,
    METHOD_NOT_FOUND,
    PROTOCOL_VERSION_KEY,
    UNSUPPORTED_PROTOCOL_VERSION,
    LeanSession,
    ReadStatus,
    Refusal,
    RunTool,
    Send,
    envelope_shape_refusal,
    envelope_version_refusal,
    unsupported_version,
)
from client.service import DocService

MCP_PATH = "/mcp"
# The SDK's limit (mcp.server.transport_security.DEFAULT_MAX_REQUEST_BODY_SIZE).
MAX_BODY_BYTES = 4 * 1024 * 1024
HEADER_MISMATCH = -32020
# A JSON-RPC error code's HTTP status in the 2026-07-28 era (mcp.shared.inbound); others 200.
MODERN_ERROR_STATUS = {
    -32700: 400,
    INVALID_REQUEST: 400,
    INVALID_PARAMS: 400,
    HEADER_MISMATCH: 400,
    -32021: 400,
    UNSUPPORTED_PROTOCOL_VERSION: 400,
    METHOD_NOT_FOUND: 404,
}
# Methods whose name-bearing param the Mcp-Name header mirrors.
NAME_BEARING = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
ROUTING_HEADERS = frozenset({b"mcp-protocol-version", b"mcp-method", b"mcp-name"})
BASE64_SENTINEL = re.compile(r"^=\?base64\?(?P<payload>.*)\?=$")
INVALID_BODY = "Body must be a single JSON-RPC request or notification object"

JSON = b"application/json"
PLAIN = b"text/plain; charset=utf-8"
EVENT_STREAM = b"text/event-stream"

Headers = tuple[tuple[bytes, bytes], ...]


@dataclass(frozen=True)
class HttpRequest:
    """One request as read: header names lower-cased, in the order sent; ``body`` None when it
    was longer than MAX_BODY_BYTES."""

    method: str
    path: str
    header_lines: Headers
    body: bytes | None
    query: str = ""  # with its "?", when the target has one

    def header(self, name: bytes) -> bytes | None:
        """The first value of header ``name`` (lower-case), as starlette reads it."""
        return next((value for key, value in self.header_lines if key == name), None)

    def text_header(self, name: bytes) -> str | None:
        value = self.header(name)
        return None if value is None else value.decode("latin-1")


@dataclass(frozen=True)
class HttpReply:
    """What to send back. ``stream``: send the head, then keep-alive comments until the client
    goes away (the handshake era's GET)."""

    status: int
    headers: Headers = ()
    body: bytes = b""
    stream: bool = False


def json_reply(status: int, message: Mapping[str, Any], extra: Headers = ()) -> HttpReply:
    return HttpReply(status, ((b"content-type", JSON), *extra), orjson.dumps(message))


def transport_error(status: int, message: str, *, extra: Headers = ()) -> HttpReply:
    """The SDK transport's refusals: a JSON-RPC -32600 error with a null id."""
    return json_reply(status, error_reply(INVALID_REQUEST, message, None), extra)


def accepts(request: HttpRequest) -> tuple[bool, bool]:
    """(takes JSON, takes an event stream), with the SDK's wildcard handling."""
    given = (request.text_header(b"accept") or "").split(",")
    types = {part.strip().split(";")[0].strip().lower() for part in given}
    anything = "*/*" in types
    return (
        anything or bool(types & {"application/json", "application/*"}),
        anything or bool(types & {"text/event-stream", "text/*"}),
    )


def json_content_type(request: HttpRequest) -> bool:
    """The SDK's first check of a POST: Content-Type starts with application/json."""
    return (request.text_header(b"content-type") or "").lower().startswith("application/json")


def _header_value(value: str | None) -> str | None:
    """An Mcp-Name value, its ``=?base64?…?=`` form decoded; None when that form is corrupt."""
    found = None if value is None else BASE64_SENTINEL.fullmatch(value)
    if found is None:
        return value
    payload = found.group("payload")
    try:
        decoded = base64.b64decode(payload, validate=True)
        if base64.b64encode(decoded).decode("ascii") != payload:
            return None
        return decoded.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None


def modern_ladder(message: Mapping[str, Any], request: HttpRequest) -> Refusal | None:
    """The SDK's classify_inbound_request with headers: envelope shape, routing headers, then
    the version."""
    params = message.get("params")
    refusal = envelope_shape_refusal(params)
    if refusal is not None:
        return refusal
    assert isinstance(params, dict)  # the shape check found its _meta
    version = params["_meta"][PROTOCOL_VERSION_KEY]
    if request.text_header(b"mcp-protocol-version") != version:
        return Refusal(
            HEADER_MISMATCH,
            "mcp-protocol-version header does not match the request envelope's protocol version",
        )
    method = message["method"]
    if request.text_header(b"mcp-method") != method:
        return Refusal(
            HEADER_MISMATCH, "mcp-method header does not match the request body's method"
        )
    name_key = NAME_BEARING.get(method)
    named = params.get(name_key) if name_key is not None else None
    if named is not None and _header_value(request.text_header(b"mcp-name")) != named:
        return Refusal(
            HEADER_MISMATCH,
            f"mcp-name header does not match the request body's {name_key!r} parameter",
        )
    return envelope_version_refusal(version)


def without_envelope(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` without the 2026-07-28 version key in its ``_meta``: a stateless handshake-era
    request is a connection of its own, which the SDK serves whatever envelope it carries."""
    params = message.get("params")
    if not isinstance(params, dict):
        return message
    meta = params.get("_meta")
    if not isinstance(meta, dict) or PROTOCOL_VERSION_KEY not in meta:
        return message
    kept = {key: value for key, value in meta.items() if key != PROTOCOL_VERSION_KEY}
    return {**message, "params": {**params, "_meta": kept}}


def refusal_reply(refusal: Refusal, request_id: RequestId | None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": refusal.code, "message": refusal.message}
    if refusal.data is not None:
        error["data"] = refusal.data
    return {"jsonrpc": JSONRPC_VERSION, "id": request_id, "error": error}


def without_nulls(reply: dict[str, Any]) -> dict[str, Any]:
    """``reply`` as the SDK's modern writer dumps it: null members of the JSON-RPC message and of
    its error dropped (those are models), a result's own nulls kept (that is a plain dict)."""
    dumped = {key: value for key, value in reply.items() if value is not None}
    error = dumped.get("error")
    if isinstance(error, dict):
        dumped["error"] = {key: value for key, value in error.items() if value is not None}
    return dumped


class LeanHttpApp:
    """Answers HTTP requests for ``service``; tool calls and status reads run in ``pool``."""

    def __init__(self, service: DocService, access: AccessCheck, pool: WorkerPool) -> None:
        self._service = service
        self._access = access
        self._pool = pool

    async def answer(self, request: HttpRequest) -> HttpReply:
        refusal = self._access.refusal(dict(reversed(request.header_lines)))
        if refusal is not None:
            challenge = refusal.challenge
            extra = ((b"www-authenticate", challenge.encode()),) if challenge else ()
            return HttpReply(
                refusal.status, ((b"content-type", PLAIN), *extra), refusal.message.encode()
            )
        if request.method == "POST":
            if request.body is None:
                why = f"Invalid Request: the body is over {MAX_BODY_BYTES} bytes"
                return json_reply(413, error_reply(INVALID_REQUEST, why, None))
            gate_reply = reply_for_frame(request.body)
            if gate_reply is not None:
                return json_reply(400, gate_reply)
        if request.path == MCP_PATH + "/":  # starlette's answer: the path without the slash
            host = request.header(b"host") or b""
            location = b"http://" + host + MCP_PATH.encode() + request.query.encode()
            return HttpReply(307, ((b"location", location),))
        if request.path != MCP_PATH:
            return HttpReply(404, ((b"content-type", PLAIN),), b"Not Found")
        version = request.text_header(b"mcp-protocol-version")
        if version is not None and version not in HANDSHAKE_VERSIONS:
            return await self._modern(request)
        return await self._handshake_era(request)

    async def _handshake_era(self, request: HttpRequest) -> HttpReply:
        if request.method == "POST" and not json_content_type(request):
            return HttpReply(400, (), b"Invalid Content-Type header")
        takes_json, takes_stream = accepts(request)
        if request.method == "GET":
            if not takes_stream:
                return transport_error(406, "Not Acceptable: Client must accept text/event-stream")
            headers = (
                (b"cache-control", b"no-cache, no-transform"),
                (b"connection", b"keep-alive"),
                (b"content-type", EVENT_STREAM),
                (b"x-accel-buffering", b"no"),
            )
            return HttpReply(200, headers, stream=True)
        if request.method == "DELETE":
            return transport_error(405, "Method Not Allowed: Session termination not supported")
        if request.method != "POST":
            allow = ((b"allow", b"GET, POST, DELETE"),)
            return transport_error(405, "Method Not Allowed", extra=allow)
        if not takes_json:
            return transport_error(406, "Not Acceptable: Client must accept application/json")
        media_types = (request.text_header(b"content-type") or "").split(";")[0].split(",")
        if not any(part.strip() == "application/json" for part in media_types):
            why = "Unsupported Media Type: Content-Type must be application/json"
            return transport_error(415, why)
        assert request.body is not None  # a POST's body passed the frame gate
        message = orjson.loads(request.body)
        if "method" not in message or "id" not in message:
            return HttpReply(202, ((b"content-type", JSON),))
        session = LeanSession()
        session.modern = False  # each request is a connection of its own, born ready
        session.initialize_accepted = True
        reply = await self._reply(session.receive(without_envelope(message)))
        return json_reply(200, reply)

    async def _modern(self, request: HttpRequest) -> HttpReply:
        if request.method == "POST" and not json_content_type(request):
            return HttpReply(400, (), b"Invalid Content-Type header")
        if request.method != "POST":
            return HttpReply(405, ((b"allow", b"POST"),))
        takes_json, takes_stream = accepts(request)
        if not takes_json:
            return HttpReply(406)
        assert request.body is not None  # a POST's body passed the frame gate
        message = orjson.loads(request.body)
        if "id" not in message:  # a notification: acknowledged and dropped
            refusal = unsupported_version(request.text_header(b"mcp-protocol-version") or "")
            if refusal is not None:
                return self._modern_reply(refusal_reply(refusal, None))
            return HttpReply(202)
        if "method" not in message:  # a response: nothing here asked for one
            return self._modern_reply(error_reply(INVALID_REQUEST, INVALID_BODY, None))
        if message["method"] == "subscriptions/listen" and not takes_stream:
            return HttpReply(406)
        request_id = message["id"]
        seen: set[bytes] = set()
        for name, _ in request.header_lines:
            if name in ROUTING_HEADERS:
                if name in seen:
                    why = f"{name.decode()} header appears more than once"
                    return self._modern_reply(
                        refusal_reply(Refusal(HEADER_MISMATCH, why), request_id)
                    )
                seen.add(name)
        refusal = modern_ladder(message, request)
        if refusal is not None:
            return self._modern_reply(refusal_reply(refusal, request_id))
        session = LeanSession()
        session.modern = True
        return self._modern_reply(await self._reply(session.receive(message)))

    @staticmethod
    def _modern_reply(reply: dict[str, Any]) -> HttpReply:
        error = reply.get("error")
        status = MODERN_ERROR_STATUS.get(error["code"], 200) if error else 200
        body = without_nulls(reply)
        if error and reply.get("id") is None:
            body["id"] = None
        return json_reply(status, body)

    async def _reply(self, action: object) -> dict[str, Any]:
        if isinstance(action, Send):
            return action.message
        if isinstance(action, RunTool | ReadStatus):
            return await self._pool.run(run_job, self._service, action)
        raise AssertionError(f"a request got {action!r} instead of an answer")
