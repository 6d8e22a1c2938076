"""doc_extract's query rewrite end to end: the real MCP SDK client, in process, with a
deterministic sampling handler standing in for the host's model."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import jsonschema
import mcp_types as types
import pytest
from mcp import Client

from client.app import make_service
from client.config import resolve_settings
from client.mcp_serve import RewritePolicy
from client.mcp_server import build_server
from client.mcp_tools import TOOLS_BY_NAME
from client.rewrite import MAX_REPLY_CHARS, REWRITE_MAX_TOKENS
from client.service import DocService

Handler = Callable[[Any, types.CreateMessageRequestParams], Awaitable[Any]]
SCHEMA = TOOLS_BY_NAME["doc_extract"].output_schema
# No section of werkzeug's docs holds this word: the original answer is empty.
UNKNOWN = "frobnicate"
WEAK = "cookie lifetime"  # confidence about 0.39 on the bundled werkzeug docs


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
    protocol: str = "legacy",
) -> list[dict[str, Any]]:
    """doc_extract on werkzeug ``calls`` times through one client session."""
    server = build_server(service, RewritePolicy(mode, timeout_ms))
    answers: list[dict[str, Any]] = []

    async def main() -> None:
        # The initialize handshake: sampling is a server-to-client request there (2026-07-28
        # carries it as input-required results, which docclient does not speak yet).
        async with Client(server, mode=protocol, sampling_callback=handler) as client:
            for _ in range(calls):
                result = await client.call_tool("doc_extract", {"id": "werkzeug", "focus": focus})
                assert result.is_error is False
                answers.append(result.structured_content or {})

    anyio.run(main)
    for answer in answers:
        jsonschema.validate(answer, SCHEMA)
    return answers


def test_valid_rewrites_are_searched_and_fused_and_asked_for_once(service: DocService) -> None:
    alone = service.extract("werkzeug", None, UNKNOWN)
    assert alone["sections"] == []
    asked: list[types.CreateMessageRequestParams] = []
    handler = reply('{"queries": ["set_cookie max_age", "cookie expires"]}', asked)
    first, again = extract(service, UNKNOWN, handler, calls=2)
    assert first["rewrite"] == {
        "status": "used",
        "queries": ["set_cookie max_age", "cookie expires"],
        "reason": f"{len(first['sections'])} section(s) found only by the rewrites",
    }
    headings = [s["heading"] for s in first["sections"]]
    assert "werkzeug.test.Cookie.max_age" in headings
    assert "rewrites of the focus" in first["hint"]
    assert again == first
    assert len(asked) == 1  # the second call reused the cached rewrites
    request = asked[0]
    assert request.max_tokens == REWRITE_MAX_TOKENS
    assert request.tools is None and request.tool_choice is None
    assert '{"queries"' in (request.system_prompt or "")


def test_fusion_keeps_every_section_of_a_weak_original(service: DocService) -> None:
    original = service.extract("werkzeug", None, WEAK)
    assert original["sections"] and original["confidence"] < 0.5
    answer = extract(service, WEAK, reply('{"queries": ["set_cookie max_age"]}', []))[0]
    assert answer["rewrite"]["status"] == "used"
    addresses = {(s["source"], s["anchor"]) for s in answer["sections"]}
    assert {(s["source"], s["anchor"]) for s in original["sections"]} <= addresses


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Here you go: set_cookie, max_age", "the reply is not valid JSON"),
        ('{"query": "set_cookie"}', 'the reply is not an object with exactly the key "queries"'),
        ("x" * (MAX_REPLY_CHARS + 1), "the reply is oversized"),
    ],
)
def test_an_unusable_reply_leaves_the_original_answer(
    service: DocService, text: str, reason: str
) -> None:
    original = service.extract("werkzeug", None, WEAK)
    answer = extract(service, WEAK, reply(text, []))[0]
    assert answer["rewrite"]["status"] == "failed"
    assert answer["rewrite"]["reason"].startswith(reason)
    assert answer["sections"] == original["sections"]


def test_a_refusal_from_the_host_is_a_failed_rewrite(service: DocService) -> None:
    async def refuse(_ctx: Any, _params: types.CreateMessageRequestParams) -> Any:
        return types.ErrorData(code=types.INVALID_REQUEST, message="the user declined")

    answer = extract(service, WEAK, refuse)[0]
    assert answer["rewrite"]["status"] == "failed"
    assert "the user declined" in answer["rewrite"]["reason"]


def test_a_model_slower_than_the_budget_is_a_failed_rewrite(service: DocService) -> None:
    async def dawdle(_ctx: Any, _params: types.CreateMessageRequestParams) -> Any:
        await anyio.sleep(60)
        raise AssertionError("the server should have given up first")

    answer = extract(service, WEAK, dawdle, timeout_ms=200)[0]
    assert answer["rewrite"] == {
        "status": "failed",
        "queries": [],
        "reason": "the host's model did not answer within 200 ms",
    }
    assert answer["sections"] == service.extract("werkzeug", None, WEAK)["sections"]


def test_a_host_without_sampling_fails_when_on_and_is_off_when_auto(service: DocService) -> None:
    on = extract(service, WEAK, None, mode="on")[0]
    assert on["rewrite"]["status"] == "failed"
    assert on["rewrite"]["reason"] == "the host did not declare the sampling capability"
    auto = extract(service, WEAK, None, mode="auto")[0]
    assert auto["rewrite"]["status"] == "off"
    off = extract(service, WEAK, reply('{"queries": ["x"]}', []), mode="off")[0]
    assert off["rewrite"]["status"] == "off"


def test_a_protocol_without_a_back_channel_says_so(service: DocService) -> None:
    asked: list[types.CreateMessageRequestParams] = []
    handler = reply('{"queries": ["x"]}', asked)
    on = extract(service, WEAK, handler, protocol="auto")[0]
    assert on["rewrite"]["status"] == "failed"
    assert "has no back-channel for sampling requests" in on["rewrite"]["reason"]
    auto = extract(service, WEAK, handler, mode="auto", protocol="auto")[0]
    assert auto["rewrite"]["status"] == "off"
    assert asked == []


@pytest.mark.parametrize(
    ("focus", "reason"),
    [
        ("set_cookie max_age", "the focus names an identifier"),
        ("routing converters", "confidence "),
    ],
)
def test_an_exact_or_confident_answer_is_not_rewritten(
    service: DocService, focus: str, reason: str
) -> None:
    asked: list[types.CreateMessageRequestParams] = []
    answer = extract(service, focus, reply('{"queries": ["x"]}', asked))[0]
    assert answer["rewrite"]["status"] == "skipped"
    assert answer["rewrite"]["reason"].startswith(reason)
    assert asked == []
