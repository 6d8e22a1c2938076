"""doc_extract's query rewrite through `docclient serve` over real stdio and HTTP, on both
protocol eras, with one fake host model whose behaviour each test sets: a valid reply, invalid
JSON, an oversized reply, a refusal, a reply slower than the time budget, no sampling at all.

On the handshake era sampling is a server-to-client request; on the newest revision the SDK
speaks (what its client picks by default) it rides an input-required result that the client
fulfils and retries. Over stateless HTTP the handshake era has no back-channel, and says so.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import mcp_types as types
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types.version import LATEST_HANDSHAKE_VERSION, LATEST_PROTOCOL_VERSION

from client.mcp_tools import TOOLS_BY_NAME
from client.rewrite import MAX_REPLY_CHARS
from tests.mcp_support import DOCCLIENT, serving_http
from tests.tool_answers_support import WEAK
from tests.validation_support import validate

TOKEN = "a-test-token-0123456789abcdef"
SCHEMA = TOOLS_BY_NAME["doc_extract"].output_schema
PROTOCOLS = ("legacy", LATEST_PROTOCOL_VERSION)
BUDGET_MS = 1000
DAWDLE_SECONDS = 2.0  # twice the budget: late on any machine
UNKNOWN = "frobnicate"  # no section has it: only a rewrite finds anything
VALID = '{"queries": ["set_cookie max_age", "cookie expires"]}'
# What each behaviour's rewrite report says, whichever era carried the sampling request.
EXPECTED = {
    "invalid-json": "the reply is not valid JSON",
    "oversized": "the reply is oversized",
    "late": f"the host's model did not answer within {BUDGET_MS} ms",
}


class FakeHost:
    """The host's model as a sampling callback; ``behaviour`` says how it answers next."""

    def __init__(self) -> None:
        self.behaviour = "valid"
        self.asked = 0

    async def sample(self, _ctx: Any, _params: types.CreateMessageRequestParams) -> Any:
        self.asked += 1
        if self.behaviour == "refusal":
            return types.ErrorData(code=types.INVALID_REQUEST, message="the user declined")
        if self.behaviour == "late":
            await anyio.sleep(DAWDLE_SECONDS)
        text = {"invalid-json": "set_cookie, max_age", "oversized": "x" * (MAX_REPLY_CHARS + 1)}
        reply = text.get(self.behaviour, VALID)
        return types.CreateMessageResult(
            role="assistant", content=types.TextContent(text=reply), model="fake"
        )


class Session:
    """One SDK client session held open in a portal, with its fake host."""

    def __init__(self, portal: BlockingPortal, client: Client, host: FakeHost) -> None:
        self.portal = portal
        self.client = client
        self.host = host

    def extract(self, focus: str) -> dict[str, Any]:
        arguments = {"id": "werkzeug", "focus": focus}
        result = self.portal.call(self.client.call_tool, "doc_extract", arguments)
        assert result.is_error is False
        answer: dict[str, Any] = result.structured_content or {}
        validate(answer, SCHEMA)
        return answer


def environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    env["DOCTROVE_CACHE_DIR"] = str(cache)
    env["DOCTROVE_TOKEN"] = TOKEN
    return env


SERVE = ["serve", "--rewrite", "on", "--rewrite-timeout-ms", str(BUDGET_MS)]


def stdio_session(cache: Path, protocol: str, host: FakeHost | None) -> Iterator[Session]:
    params = StdioServerParameters(command=str(DOCCLIENT), args=SERVE, env=environment(cache))
    sample = host.sample if host is not None else None
    client = Client(params, mode=protocol, sampling_callback=sample)
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(client):
        yield Session(portal, client, host or FakeHost())


@pytest.fixture(scope="module", params=PROTOCOLS)
def stdio(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    cache = tmp_path_factory.mktemp("stdio-cache")
    yield from stdio_session(cache, request.param, FakeHost())


def test_stdio_a_valid_reply_is_used(stdio: Session) -> None:
    before = stdio.host.asked
    stdio.host.behaviour = "valid"
    answer = stdio.extract(UNKNOWN)
    assert answer["rewrite"]["status"] == "used"
    assert answer["rewrite"]["queries"] == ["set_cookie max_age", "cookie expires"]
    assert "werkzeug.test.Cookie.max_age" in [s["heading"] for s in answer["sections"]]
    assert stdio.extract(UNKNOWN) == answer  # cached: the model is asked once
    assert stdio.host.asked == before + 1


@pytest.mark.parametrize("behaviour", EXPECTED)
def test_stdio_an_unusable_reply_is_a_failed_rewrite(stdio: Session, behaviour: str) -> None:
    stdio.host.behaviour = behaviour
    answer = stdio.extract(WEAK)
    assert answer["rewrite"]["status"] == "failed"
    assert answer["rewrite"]["reason"].startswith(EXPECTED[behaviour])
    assert answer["sections"]  # the original answer stands


def test_stdio_a_refusal_fails_the_rewrite_or_ends_the_call_in_the_client(stdio: Session) -> None:
    stdio.host.behaviour = "refusal"
    if stdio.client.protocol_version == LATEST_PROTOCOL_VERSION:
        # The SDK client's input-required driver raises the refusal to its caller instead of
        # retrying (mcp/client/_input_required.py: _dispatch_all); the server never hears of it.
        with pytest.raises(MCPError, match="the user declined"):
            stdio.extract(WEAK)
        return
    answer = stdio.extract(WEAK)
    assert answer["rewrite"]["status"] == "failed"
    assert "the user declined" in answer["rewrite"]["reason"]


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_stdio_a_host_without_sampling_is_told_so(tmp_path: Path, protocol: str) -> None:
    for session in stdio_session(tmp_path, protocol, None):
        answer = session.extract(WEAK)
        assert answer["rewrite"]["status"] == "failed"
        assert answer["rewrite"]["reason"] == "the host did not declare the sampling capability"


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    cache = tmp_path_factory.mktemp("http-cache")
    with serving_http(environment(cache), *SERVE[1:]) as address:
        yield address


def extract_over_http(url: str, protocol: str, host: FakeHost | None, focus: str) -> Any:
    """doc_extract over HTTP: the answer, or the MCPError the client raised."""

    async def call() -> Any:
        sample = host.sample if host is not None else None
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            transport = streamable_http_client(url, http_client=http)
            async with Client(transport, mode=protocol, sampling_callback=sample) as client:
                try:
                    result = await client.call_tool(
                        "doc_extract", {"id": "werkzeug", "focus": focus}
                    )
                except MCPError as error:
                    return error
                validate(result.structured_content, SCHEMA)
                return result.structured_content

    return anyio.run(call)


@pytest.mark.parametrize("behaviour", ["valid", *EXPECTED, "refusal", "no-sampling"])
def test_http_the_newest_revision_carries_sampling(url: str, behaviour: str) -> None:
    host = FakeHost()
    host.behaviour = behaviour
    focus = UNKNOWN if behaviour == "valid" else WEAK
    sampling = None if behaviour == "no-sampling" else host
    answer = extract_over_http(url, LATEST_PROTOCOL_VERSION, sampling, focus)
    if behaviour == "no-sampling":
        assert answer["rewrite"]["reason"] == "the host did not declare the sampling capability"
    elif behaviour == "refusal":
        assert isinstance(answer, MCPError) and "the user declined" in answer.message
    elif behaviour == "valid":
        assert answer["rewrite"]["status"] == "used"
        assert answer["rewrite"]["queries"] == ["set_cookie max_age", "cookie expires"]
    else:
        assert answer["rewrite"]["status"] == "failed"
        assert answer["rewrite"]["reason"].startswith(EXPECTED[behaviour])


def test_http_the_handshake_era_has_no_back_channel_and_says_so(url: str) -> None:
    host = FakeHost()
    answer = extract_over_http(url, "legacy", host, WEAK)
    assert answer["rewrite"] == {
        "status": "failed",
        "queries": [],
        "reason": f"protocol {LATEST_HANDSHAKE_VERSION} on this transport has no back-channel "
        "for sampling requests",
    }
    assert host.asked == 0
