"""client.mcp_lean_protocol with literal messages (the SDK comparison is tests/test_mcp_lean.py)."""

from __future__ import annotations

from typing import Any

import pytest

from client.mcp_lean_protocol import (
    CLIENT_CAPABILITIES_KEY,
    PROTOCOL_VERSION_KEY,
    Cancel,
    LeanSession,
    RunTool,
    Send,
    params_valid,
)

ENVELOPE = {PROTOCOL_VERSION_KEY: "2026-07-28", CLIENT_CAPABILITIES_KEY: {}}


def request(method: str, params: Any = None, request_id: Any = 1) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def sent(action: object) -> dict[str, Any]:
    assert isinstance(action, Send)
    return action.message


def test_an_initialized_notification_before_the_first_request_opens_the_legacy_gate() -> None:
    session = LeanSession()
    assert session.receive({"jsonrpc": "2.0", "method": "notifications/initialized"}) is None
    assert sent(session.receive(request("tools/list")))["result"]["tools"]


def test_the_first_enveloped_request_opens_a_modern_connection_for_good() -> None:
    session = LeanSession()
    listed = sent(session.receive(request("tools/list", {"_meta": ENVELOPE})))
    assert listed["result"]["resultType"] == "complete"
    refused = sent(session.receive(request("tools/list", None, 2)))["error"]
    assert refused["code"] == -32602 and "envelope" in refused["message"]
    initialize = {"protocolVersion": "2025-06-18", "capabilities": {}}
    assert sent(session.receive(request("initialize", initialize, 3)))["error"]["code"] == -32022


def test_initialize_keeps_a_known_version_and_answers_the_latest_for_an_unknown_one() -> None:
    params = {"capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}
    for asked, answered in (("2025-03-26", "2025-03-26"), ("2099-01-01", "2025-11-25")):
        reply = sent(
            LeanSession().receive(request("initialize", {**params, "protocolVersion": asked}))
        )
        assert reply["result"]["protocolVersion"] == answered


def test_a_tool_call_goes_to_the_worker_with_its_arguments_as_sent_and_can_be_cancelled() -> None:
    session = LeanSession()
    session.receive({"jsonrpc": "2.0", "method": "notifications/initialized"})
    action = session.receive(request("tools/call", {"name": "catalog_lookup", "arguments": [1]}))
    assert isinstance(action, RunTool) and action.arguments == [1]
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}
    assert session.receive(cancel) == Cancel(1)


@pytest.mark.parametrize(
    ("token", "valid"),
    [("p", True), (3, True), (True, True), (2.0, True), (2.5, False), ([1], False)],
)
def test_a_progress_token_is_checked_as_pydantic_does_in_lax_mode(
    token: object, valid: bool
) -> None:
    params = {"_meta": {"progressToken": token}}
    assert params_valid("ping", params, modern=False) is valid
