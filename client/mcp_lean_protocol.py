"""The MCP protocol as the official SDK's server speaks it, for the lean stdio server: no I/O.

``LeanSession.receive`` takes one JSON-RPC message the frame gate let through and says what to
do: send a reply now, run a tool call or a status read in the worker (then shape its answer
with ``tool_result`` / ``status_result``), stop answering a cancelled request, or nothing. It
answers what ``mcp.server.lowlevel.Server.run`` answers for the same server (client.mcp_server),
in both protocol eras, checked frame by frame by tests/test_mcp_lean.py against the SDK:

- The first request decides the era, as the SDK's ``serve_dual_era_loop``: one carrying the
  2026-07-28 per-request envelope (``params._meta`` with the protocol-version key), unless it is
  ``initialize``, opens a modern connection; anything else a handshake (legacy) one.
  Notifications before it (up to 8) are replayed into the chosen era.
- Legacy: ``initialize`` negotiates the version (the client's if the SDK knows it, else
  2025-11-25); until it or ``notifications/initialized`` arrives only ``ping`` is served, other
  served methods are -32602 "Invalid request parameters" (the SDK's pinned answer). A request
  with the modern envelope is -32600.
- Modern: each request's envelope is checked (the SDK's classify_inbound_request ladder);
  ``initialize`` is -32022; results carry ``resultType`` and the ``serverInfo`` stamp.
- Both: a method the era does not define is -32601 (data: the method); malformed params of a
  method it defines are -32602 "Invalid request parameters" with data "" (the SDK never puts
  pydantic's text on the wire), checked before whether this server serves the method; an
  unknown tool or resource is -32602 naming it. A ``requestState`` on tools/call, resources/read
  or prompts/get is -32602 "Invalid or expired requestState": this server never issues one
  (sampling runs on the SDK path only).

The params checks are the SDK's surface models (mcp_types, lax mode) written out for the fields
a client sends; nested values of objects this server ignores (client capabilities, ``task``,
completion references) are checked to be objects, not field by field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from client import __version__
from client.frames import INVALID_PARAMS, INVALID_REQUEST, JSONRPC_VERSION, RequestId
from client.mcp_tools import (
    SERVER_INSTRUCTIONS,
    SERVER_NAME,
    SERVER_TITLE,
    STATUS_MIME_TYPE,
    STATUS_RESOURCE,
    STATUS_URI,
    TOOLS_BY_NAME,
    ToolOutcome,
    ToolSpec,
    tool_definitions,
)

METHOD_NOT_FOUND = -32601
UNSUPPORTED_PROTOCOL_VERSION = -32022

HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
LATEST_HANDSHAKE_VERSION = HANDSHAKE_VERSIONS[-1]
MODERN_VERSIONS = ("2026-07-28",)
PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities"
CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo"
SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo"
# The SDK keeps this many notifications that arrive before the first request, for its era.
PRE_REQUEST_REPLAY_LIMIT = 8

INVALID_PARAMS_MESSAGE = "Invalid request parameters"
LEGACY_ENVELOPE_MESSAGE = (
    "this connection serves the handshake protocol era; "
    "requests carrying the 2026-07-28 envelope are not accepted on it"
)
MODERN_INITIALIZE_MESSAGE = (
    "connection is serving the 2026-07-28 protocol; the initialize handshake is not accepted"
)
# Methods whose results may carry requestState (the SDK's RequestStateBoundary guards them).
STATE_METHODS = frozenset({"tools/call", "resources/read", "prompts/get"})
# Methods whose modern results get the SDK's default cache hint.
CACHEABLE_METHODS = frozenset({"tools/list", "resources/list", "resources/read", "server/discover"})
SERVED = frozenset(
    {"ping", "server/discover", "tools/list", "tools/call", "resources/list", "resources/read"}
)
CAPABILITIES = {
    "resources": {"listChanged": False, "subscribe": False},
    "tools": {"listChanged": False},
}
SERVER_INFO = {"name": SERVER_NAME, "title": SERVER_TITLE, "version": __version__}
LOG_LEVELS = frozenset(
    {"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}
)

Check = Callable[[Any], bool]


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def _is_progress_token(value: Any) -> bool:
    # pydantic's lax str | int: booleans and integral floats pass, 1.5 does not.
    if isinstance(value, float):
        return value.is_integer()
    return value is None or isinstance(value, str | int)


def _is_implementation(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("name"), str)
        and isinstance(value.get("version"), str)
    )


def _is_capabilities(value: Any) -> bool:
    return isinstance(value, dict) and all(v is None or _is_object(v) for v in value.values())


def _is_string_map(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _is_legacy_meta(value: Any) -> bool:
    return value is None or (
        isinstance(value, dict) and _is_progress_token(value.get("progressToken"))
    )


def _is_modern_meta(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and _is_capabilities(value.get(CLIENT_CAPABILITIES_KEY))
        and (value.get(CLIENT_INFO_KEY) is None or _is_implementation(value[CLIENT_INFO_KEY]))
        and _is_progress_token(value.get("progressToken"))
    )


def _is_reference(value: Any) -> bool:
    return isinstance(value, dict) and (
        (value.get("type") == "ref/prompt" and _is_str(value.get("name")))
        or (value.get("type") == "ref/resource" and _is_str(value.get("uri")))
    )


def _is_argument(value: Any) -> bool:
    return isinstance(value, dict) and _is_str(value.get("name")) and _is_str(value.get("value"))


# (required fields, optional fields) of each method's params, besides _meta. An optional field
# may be null. The modern era adds requestState and inputResponses to the state methods.
Fields = tuple[dict[str, Check], dict[str, Check]]
_PAGINATED: Fields = ({}, {"cursor": _is_str})
_URI: Fields = ({"uri": _is_str}, {})
_COMMON_PARAMS: dict[str, Fields] = {
    "tools/list": _PAGINATED,
    "prompts/list": _PAGINATED,
    "resources/list": _PAGINATED,
    "resources/templates/list": _PAGINATED,
    "resources/read": _URI,
    "tools/call": ({"name": _is_str}, {"arguments": _is_object}),
    "prompts/get": ({"name": _is_str}, {"arguments": _is_string_map}),
    "completion/complete": (
        {"ref": _is_reference, "argument": _is_argument},
        {"context": _is_object},
    ),
}
LEGACY_PARAMS: dict[str, Fields] = {
    **_COMMON_PARAMS,
    "ping": ({}, {}),
    "initialize": (
        {
            "protocolVersion": _is_str,
            "capabilities": _is_capabilities,
            "clientInfo": _is_implementation,
        },
        {},
    ),
    "tools/call": ({"name": _is_str}, {"arguments": _is_object, "task": _is_object}),
    "resources/subscribe": _URI,
    "resources/unsubscribe": _URI,
    "logging/setLevel": ({"level": lambda level: level in LOG_LEVELS}, {}),
}
MODERN_PARAMS: dict[str, Fields] = {
    **_COMMON_PARAMS,
    "server/discover": ({}, {}),
    "subscriptions/listen": ({"notifications": _is_object}, {}),
}
_MODERN_STATE_FIELDS: dict[str, Check] = {"requestState": _is_str, "inputResponses": _is_object}
# Checked by the SDK's version-free tools/call model after the modern surface has passed.
_MODERN_CALL_FIELDS: dict[str, Check] = {"task": _is_object}
SPEC_METHODS = frozenset(LEGACY_PARAMS) | frozenset(MODERN_PARAMS)


def params_valid(method: str, params: Mapping[str, Any] | None, *, modern: bool) -> bool:
    """Whether ``params`` pass the SDK's surface model of ``method`` (which the era defines)."""
    given = params or {}
    required, optional = (MODERN_PARAMS if modern else LEGACY_PARAMS)[method]
    if modern and method in STATE_METHODS:
        optional = {**optional, **_MODERN_STATE_FIELDS}
    if modern and method == "tools/call":
        optional = {**optional, **_MODERN_CALL_FIELDS}
    meta_ok = _is_modern_meta(given.get("_meta")) if modern else _is_legacy_meta(given.get("_meta"))
    return (
        meta_ok
        and all(name in given and check(given[name]) for name, check in required.items())
        and all(given.get(name) is None or check(given[name]) for name, check in optional.items())
    )


@dataclass(frozen=True)
class Send:
    """Write this message now."""

    message: dict[str, Any]


@dataclass(frozen=True)
class RunTool:
    """Call ``tool`` with ``arguments`` (as the client sent them) in the worker; answer with
    ``tool_result``."""

    request_id: RequestId
    tool: ToolSpec[Any]
    arguments: object
    modern: bool


@dataclass(frozen=True)
class ReadStatus:
    """Read the service's status in the worker; answer with ``status_result``."""

    request_id: RequestId
    modern: bool


@dataclass(frozen=True)
class Cancel:
    """Drop the answer of ``request_id`` (never answered, as the SDK does)."""

    request_id: RequestId


Action = Send | RunTool | ReadStatus | Cancel | None


@dataclass(frozen=True)
class Refusal:
    """A JSON-RPC error the request gets instead of a result."""

    code: int
    message: str
    data: Any = None

    def reply(self, request_id: RequestId) -> Send:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return Send({"jsonrpc": JSONRPC_VERSION, "id": request_id, "error": error})


INVALID_PARAMS_REFUSAL = Refusal(INVALID_PARAMS, INVALID_PARAMS_MESSAGE, "")


def result_reply(request_id: RequestId, result: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": JSONRPC_VERSION, "id": request_id, "result": result}


def shaped(method: str, result: dict[str, Any], *, modern: bool) -> dict[str, Any]:
    """A result as the SDK puts it on the wire in the era (modern: resultType, cache hint,
    and the serverInfo stamp)."""
    if not modern:
        return result
    hint = {"ttlMs": 0, "cacheScope": "private"} if method in CACHEABLE_METHODS else {}
    return {
        **hint,
        **result,
        "resultType": "complete",
        "_meta": {SERVER_INFO_KEY: dict(SERVER_INFO)},
    }


def tool_result(outcome: ToolOutcome, *, modern: bool) -> dict[str, Any]:
    result = {
        "content": [{"type": "text", "text": outcome.text}],
        "structuredContent": outcome.structured,
        "isError": outcome.is_error,
    }
    return shaped("tools/call", result, modern=modern)


def status_result(text: str, *, modern: bool) -> dict[str, Any]:
    contents = {"uri": STATUS_URI, "mimeType": STATUS_MIME_TYPE, "text": text}
    return shaped("resources/read", {"contents": [contents]}, modern=modern)


def _has_envelope(params: Mapping[str, Any] | None) -> bool:
    meta = (params or {}).get("_meta")
    return isinstance(meta, dict) and PROTOCOL_VERSION_KEY in meta


def envelope_shape_refusal(params: object) -> Refusal | None:
    """The first rungs of the SDK's modern ladder: ``_meta`` is an object with both envelope
    keys (shared by the stdio and HTTP servers; HTTP checks its routing headers after these)."""
    meta = params.get("_meta") if isinstance(params, Mapping) else None
    if not isinstance(meta, dict):
        return Refusal(
            INVALID_PARAMS,
            "params._meta must be an object carrying the required "
            f"{PROTOCOL_VERSION_KEY!r} and {CLIENT_CAPABILITIES_KEY!r} envelope keys",
        )
    missing = [key for key in (PROTOCOL_VERSION_KEY, CLIENT_CAPABILITIES_KEY) if key not in meta]
    if missing:
        return Refusal(
            INVALID_PARAMS,
            f"params._meta is missing the required envelope key(s): {', '.join(missing)}",
        )
    return None


def envelope_version_refusal(version: object) -> Refusal | None:
    """The last rungs: the envelope's protocol version is a string this server speaks."""
    if not isinstance(version, str):
        return Refusal(INVALID_PARAMS, "the protocol-version envelope value must be a string")
    return unsupported_version(version)


def unsupported_version(version: str) -> Refusal | None:
    if version in MODERN_VERSIONS:
        return None
    data = {"supported": list(MODERN_VERSIONS), "requested": version}
    return Refusal(UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version", data)


def _envelope_refusal(params: Mapping[str, Any] | None) -> Refusal | None:
    """The SDK's modern ladder (mcp.shared.inbound.classify_inbound_request, no headers)."""
    refusal = envelope_shape_refusal(params)
    if refusal is not None or params is None:
        return refusal
    return envelope_version_refusal(params["_meta"][PROTOCOL_VERSION_KEY])


class LeanSession:
    """One stdio connection's protocol state (see the module doc)."""

    def __init__(self) -> None:
        self.modern: bool | None = None  # None until the first request decides the era
        self.protocol_version = LATEST_HANDSHAKE_VERSION
        self.initialize_accepted = False
        self._early: list[dict[str, Any]] = []

    def receive(self, message: dict[str, Any]) -> Action:
        """What to do about one message the frame gate let through."""
        method = message.get("method")
        if method is None:
            return None  # a response: this server sends no requests, so it answers nothing
        params = message.get("params")
        if "id" not in message:
            return self._notification(method, params)
        request_id: RequestId = message["id"]
        if self.modern is None:
            self.modern = method != "initialize" and _has_envelope(params)
            if not self.modern:
                self.protocol_version = LATEST_HANDSHAKE_VERSION
            for early in self._early:
                self._notification(early["method"], early.get("params"))
            self._early.clear()
        answer = self._request(request_id, method, params)
        return answer.reply(request_id) if isinstance(answer, Refusal) else answer

    def _notification(self, method: str, params: Mapping[str, Any] | None) -> Action:
        if method == "notifications/cancelled":
            cancelled = (params or {}).get("requestId")
            if isinstance(cancelled, str) or (
                isinstance(cancelled, int) and not isinstance(cancelled, bool)
            ):
                return Cancel(cancelled)
        if self.modern is None:
            if len(self._early) < PRE_REQUEST_REPLAY_LIMIT:
                self._early.append({"method": method, "params": params})
            return None
        opens_gate = not self.modern and method == "notifications/initialized"
        if opens_gate and _is_legacy_meta((params or {}).get("_meta")):
            self.initialize_accepted = True
        return None

    def _request(self, request_id: RequestId, method: str, params: Any) -> Action | Refusal:
        modern = bool(self.modern)
        if modern:
            if method == "initialize":
                requested = (params or {}).get("protocolVersion")
                data: dict[str, Any] = {"supported": list(MODERN_VERSIONS)}
                if isinstance(requested, str):
                    data["requested"] = requested
                return Refusal(UNSUPPORTED_PROTOCOL_VERSION, MODERN_INITIALIZE_MESSAGE, data)
            refusal = _envelope_refusal(params)
            if refusal is not None:
                return refusal
        elif method != "initialize" and _has_envelope(params):
            return Refusal(INVALID_REQUEST, LEGACY_ENVELOPE_MESSAGE)
        if method in STATE_METHODS and (params or {}).get("requestState") is not None:
            return Refusal(
                INVALID_PARAMS,
                "Invalid or expired requestState",
                {"reason": "invalid_request_state"},
            )
        raw_arguments = (params or {}).get("arguments") if method == "tools/call" else None
        checked = params
        if method == "tools/call" and raw_arguments is not None:
            # client.mcp_server.keep_non_object_arguments: the tool refuses them, not the SDK.
            checked = {**params, "arguments": None}
        surface = MODERN_PARAMS if modern else LEGACY_PARAMS
        if method in surface and not params_valid(method, checked, modern=modern):
            return INVALID_PARAMS_REFUSAL
        if method in SPEC_METHODS and method not in surface:
            return Refusal(METHOD_NOT_FOUND, "Method not found", method)
        if method == "initialize":
            return self._initialize(request_id, params)
        if method not in SERVED or (method == "server/discover" and not modern):
            return Refusal(METHOD_NOT_FOUND, "Method not found", method)
        if not modern and not self.initialize_accepted and method != "ping":
            return INVALID_PARAMS_REFUSAL
        return self._served(request_id, method, params, raw_arguments, modern)

    def _initialize(self, request_id: RequestId, params: Mapping[str, Any]) -> Action:
        requested = params["protocolVersion"]
        version = requested if requested in HANDSHAKE_VERSIONS else LATEST_HANDSHAKE_VERSION
        self.protocol_version = version
        self.initialize_accepted = True
        result = {
            "protocolVersion": version,
            "capabilities": CAPABILITIES,
            "serverInfo": dict(SERVER_INFO),
            "instructions": SERVER_INSTRUCTIONS,
        }
        return Send(result_reply(request_id, result))

    def _served(
        self,
        request_id: RequestId,
        method: str,
        params: Mapping[str, Any] | None,
        raw_arguments: object,
        modern: bool,
    ) -> Action | Refusal:
        given = params or {}
        if method == "tools/call":
            tool = TOOLS_BY_NAME.get(given["name"])
            if tool is None:
                names = ", ".join(TOOLS_BY_NAME)
                return Refusal(INVALID_PARAMS, f"Unknown tool: {given['name']} (tools: {names})")
            return RunTool(request_id, tool, raw_arguments, modern)
        if method == "resources/read":
            if given["uri"] != STATUS_URI:
                return Refusal(INVALID_PARAMS, f"Unknown resource: {given['uri']}")
            return ReadStatus(request_id, modern)
        results: dict[str, dict[str, Any]] = {
            "ping": {},
            "tools/list": {"tools": tool_definitions()},
            "resources/list": {"resources": [dict(STATUS_RESOURCE)]},
            "server/discover": {
                "supportedVersions": list(MODERN_VERSIONS),
                "capabilities": CAPABILITIES,
                "instructions": SERVER_INSTRUCTIONS,
            },
        }
        return Send(result_reply(request_id, shaped(method, results[method], modern=modern)))
