"""doc_extract's query rewrite end to end: the real MCP SDK client, in process, with a
deterministic sampling handler standing in for the host's model, on both protocol eras: the
initialize handshake (sampling is a server-to-client request) and the newest revision the SDK
speaks (sampling rides an input-required result the client fulfils and retries)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types.version import LATEST_PROTOCOL_VERSION
from msgspec import to_builtins

from client.assemble import make_service
from client.config import DEFAULT_REWRITE_BELOW, resolve_settings
from client.mcp_server import build_server
from client.mcp_tools import TOOLS_BY_NAME
from client.rewrite import MAX_REPLY_CHARS, REWRITE_MAX_TOKENS, RewritePolicy
from client.service import DocService
from tests.tool_answers_support import WEAK
from tests.validation_support import validate

Handler = Callable[[Any, types.CreateMessageRequestParams], Awaitable[Any]]
SCHEMA = TOOLS_BY_NAME["doc_extract"].output_schema
# No section of werkzeug's docs holds this word: the original answer is empty.
UNKNOWN = "frobnicate"
# The Client's mode: "legacy" forces the initialize handshake; the newest revision is what the
# SDK client picks by default ("auto") and carries sampling as input-required results.
PROTOCOLS = ("legacy", LATEST_PROTOCOL_VERSION)
MODERN = LATEST_PROTOCOL_VERSION


@pytest.fixture
def service(tmp_path_factory: pytest.TempPathFactory) -> DocService:
    cache = tmp_path_factory.getbasetemp() / "rewrite-cache"
    return make_service(resolve_settings({"cache_dir": str(cache)}, {}))


def reply(text: str, asked: list[types.CreateMessageRequestParams]) -> Handler:
    async def sample(_ctx: Any, params: types.CreateMessageRequestParams) -> Any:
        asked.append(params)
        return types.CreateMessageResult(
            role="assistant", content=types.TextContent(text=text), model="fake"
        )

    return sample


def extract(
    service: DocService,
    focus: str,
    handler: Handler | None,
    *,
    mode: str = "on",
    timeout_ms: int = 5000,
    calls: int = 1,
    protocol: str,
) -> list[dict[str, Any]]:
    """doc_extract on werkzeug ``calls`` times through one client session."""
    server = build_server(service, RewritePolicy(mode, timeout_ms))
    answers: list[dict[str, Any]] = []

    async def main() -> None:
        async with Client(server, mode=protocol, sampling_callback=handler) as client:
            for _ in range(calls):
                result = await client.call_tool("doc_extract", {"id": "werkzeug", "focus": focus})
                assert result.is_error is False
                answers.append(result.structured_content or {})

    anyio.run(main)
    for answer in answers:
        validate(answer, SCHEMA)
    return answers


def test_the_weak_question_is_answered_below_the_rewrite_threshold(service: DocService) -> None:
    # Every rewrite test below asks WEAK; a refitted ranker that answers it surer fails this
    # one test by name, not thirty that find no rewrite asked for.
    original = to_builtins(service.extract("werkzeug", None, WEAK))
    assert original["sections"] and original["confidence"] < DEFAULT_REWRITE_BELOW


@pytest.mark.parametrize("protocol", [*PROTOCOLS, "auto"])
def test_valid_rewrites_are_searched_and_fused_and_asked_for_once(
    service: DocService, protocol: str
) -> None:
    alone = to_builtins(service.extract("werkzeug", None, UNKNOWN))
    assert alone["sections"] == []
    assert alone["unmentioned"] == [UNKNOWN]
    asked: list[types.CreateMessageRequestParams] = []
    handler = reply('{"queries": ["set_cookie max_age", "cookie expires"]}', asked)
    first, again = extract(service, UNKNOWN, handler, calls=2, protocol=protocol)
    assert first["rewrite"] == {
        "status": "used",
        "queries": ["set_cookie max_age", "cookie expires"],
        "reason": f"{len(first['sections'])} section(s) found only by the rewrites",
    }
    headings = [s["heading"] for s in first["sections"]]
    assert "werkzeug.test.Cookie.max_age" in headings
    assert "rewrites of the focus" in first["hint"]
    # What the docs never mention stays said: the rewrites answer other words.
    assert first["unmentioned"] == [UNKNOWN]
    assert first["hint"].startswith(f"these docs never mention '{UNKNOWN}'; ")
    assert again == first
    assert len(asked) == 1  # the second call reused the cached rewrites
    request = asked[0]
    assert request.max_tokens == REWRITE_MAX_TOKENS
    assert request.tools is None and request.tool_choice is None
    assert '{"queries"' in (request.system_prompt or "")


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_fusion_keeps_every_section_of_a_weak_original(service: DocService, protocol: str) -> None:
    original = to_builtins(service.extract("werkzeug", None, WEAK))
    assert original["sections"] and original["confidence"] < DEFAULT_REWRITE_BELOW
    handler = reply('{"queries": ["set_cookie max_age"]}', [])
    answer = extract(service, WEAK, handler, protocol=protocol)[0]
    assert answer["rewrite"]["status"] == "used"
    addresses = {(s["source"], s["anchor"]) for s in answer["sections"]}
    assert {(s["source"], s["anchor"]) for s in original["sections"]} <= addresses


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Here you go: set_cookie, max_age", "the reply is not valid JSON"),
        ('{"query": "set_cookie"}', 'the reply is not an object with exactly the key "queries"'),
        ("x" * (MAX_REPLY_CHARS + 1), "the reply is oversized"),
    ],
)
def test_an_unusable_reply_leaves_the_original_answer(
    service: DocService, text: str, reason: str, protocol: str
) -> None:
    original = to_builtins(service.extract("werkzeug", None, WEAK))
    asked: list[types.CreateMessageRequestParams] = []
    answer = extract(service, WEAK, reply(text, asked), protocol=protocol)[0]
    assert answer["rewrite"]["status"] == "failed"
    assert answer["rewrite"]["reason"].startswith(reason)
    assert answer["sections"] == original["sections"]
    assert len(asked) == 1


async def refuse(_ctx: Any, _params: types.CreateMessageRequestParams) -> Any:
    return types.ErrorData(code=types.INVALID_REQUEST, message="the user declined")


def test_a_refusal_from_the_host_is_a_failed_rewrite(service: DocService) -> None:
    answer = extract(service, WEAK, refuse, protocol="legacy")[0]
    assert answer["rewrite"]["status"] == "failed"
    assert "the user declined" in answer["rewrite"]["reason"]


def test_a_refusal_on_the_newest_revision_ends_the_call_in_the_client(
    service: DocService,
) -> None:
    # The SDK client's driver raises the refusal to its caller instead of retrying
    # (mcp/client/_input_required.py: _dispatch_all), so the server never learns of it.
    server = build_server(service, RewritePolicy("on"))

    async def main() -> None:
        async with Client(server, mode=MODERN, sampling_callback=refuse) as client:
            with pytest.raises(MCPError, match="the user declined"):
                await client.call_tool("doc_extract", {"id": "werkzeug", "focus": WEAK})
            # The session goes on: the same call without a rewrite still answers.
            answer = await client.call_tool("doc_extract", {"id": "werkzeug", "focus": "routing"})
            assert answer.is_error is False

    anyio.run(main)


async def dawdle(_ctx: Any, params: types.CreateMessageRequestParams) -> Any:
    await anyio.sleep(1)  # five times the 200 ms budget of the test below
    return types.CreateMessageResult(
        role="assistant", content=types.TextContent(text='{"queries": ["x"]}'), model="slow"
    )


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_model_slower_than_the_budget_is_a_failed_rewrite(
    service: DocService, protocol: str
) -> None:
    # The handshake era stops waiting at the budget; the newest revision cannot (the client
    # waits for its model between rounds), so the server refuses the late reply on arrival.
    answer = extract(service, WEAK, dawdle, timeout_ms=200, protocol=protocol)[0]
    assert answer["rewrite"] == {
        "status": "failed",
        "queries": [],
        "reason": "the host's model did not answer within 200 ms",
    }
    assert answer["sections"] == to_builtins(service.extract("werkzeug", None, WEAK))["sections"]


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_host_without_sampling_fails_when_on_and_is_off_when_auto(
    service: DocService, protocol: str
) -> None:
    on = extract(service, WEAK, None, mode="on", protocol=protocol)[0]
    assert on["rewrite"]["status"] == "failed"
    assert on["rewrite"]["reason"] == "the host did not declare the sampling capability"
    auto = extract(service, WEAK, None, mode="auto", protocol=protocol)[0]
    assert auto["rewrite"]["status"] == "off"
    asked: list[types.CreateMessageRequestParams] = []
    off = extract(service, WEAK, reply('{"queries": ["x"]}', asked), mode="off", protocol=protocol)
    assert off[0]["rewrite"]["status"] == "off"
    assert asked == []


def test_a_reply_the_server_did_not_ask_for_is_never_used(service: DocService) -> None:
    server = build_server(service, RewritePolicy("on"))
    unasked = types.CreateMessageResult(
        role="assistant", content=types.TextContent(text='{"queries": ["x"]}'), model="forged"
    )
    arguments = {"id": "werkzeug", "focus": WEAK}

    async def main() -> tuple[Any, Any]:
        handler = reply("{}", [])
        async with Client(server, mode=MODERN, sampling_callback=handler) as client:
            # Drive the rounds by hand, as a client that sends replies nobody asked for would.
            forged = await client.session.call_tool(
                "doc_extract",
                arguments,
                input_responses={"rewrite": unasked},
                allow_input_required=True,
            )
            assert isinstance(forged, types.InputRequiredResult)
            assert forged.request_state is not None
            tampered = forged.request_state[:-4] + "AAAA"
            with pytest.raises(MCPError, match="Invalid or expired requestState"):
                await client.session.call_tool(
                    "doc_extract",
                    arguments,
                    input_responses={"rewrite": unasked},
                    request_state=tampered,
                    allow_input_required=True,
                )
            elsewhere = {"id": "werkzeug", "focus": UNKNOWN}
            with pytest.raises(MCPError, match="Invalid or expired requestState"):
                await client.session.call_tool(
                    "doc_extract",
                    elsewhere,
                    input_responses={"rewrite": unasked},
                    request_state=forged.request_state,
                    allow_input_required=True,
                )
            return forged, await client.session.call_tool(
                "doc_extract",
                arguments,
                input_responses={"rewrite": unasked},
                request_state=forged.request_state,
                allow_input_required=True,
            )

    forged, answered = anyio.run(main)
    assert list(forged.input_requests or {}) == ["rewrite"]
    assert isinstance(answered, types.CallToolResult)
    assert (answered.structured_content or {})["rewrite"]["queries"] == ["x"]


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize(
    ("focus", "reason"),
    [
        ("set_cookie max_age", "the focus names an identifier"),
        ("routing converters", "confidence "),
    ],
)
def test_an_exact_or_confident_answer_is_not_rewritten(
    service: DocService, focus: str, reason: str, protocol: str
) -> None:
    asked: list[types.CreateMessageRequestParams] = []
    answer = extract(service, focus, reply('{"queries": ["x"]}', asked), protocol=protocol)[0]
    assert answer["rewrite"]["status"] == "skipped"
    assert answer["rewrite"]["reason"].startswith(reason)
    assert asked == []
