"""client.sampling's pure parts: the request it sends, the state it seals, the reply it takes.
The rounds themselves run through the SDK client in test_mcp_rewrite*.py."""

from __future__ import annotations

import mcp_types as types
import pytest

from client.errors import RewriteFailed
from client.rewrite import build_prompt
from client.sampling import (
    AskedState,
    RewritePolicy,
    decode_state,
    encode_state,
    question_digest,
    reply_text,
    sampling_request,
)

PROMPT = build_prompt("cookie lifetime", "Werkzeug", "English")
ASKED = AskedState(question=question_digest(PROMPT), asked_at=100.0)
POLICY = RewritePolicy("on", timeout_ms=500)


def answer(content: types.TextContent | types.ImageContent) -> types.CreateMessageResult:
    return types.CreateMessageResult(role="assistant", content=content, model="fake")


def test_the_request_offers_no_tools_and_bounds_the_reply() -> None:
    params = sampling_request(PROMPT).params
    assert params.system_prompt == PROMPT.system
    assert params.max_tokens == PROMPT.max_tokens
    assert params.tools is None and params.tool_choice is None
    assert [m.content for m in params.messages] == [types.TextContent(text=PROMPT.user)]


def test_the_state_round_trips_and_names_the_question() -> None:
    assert decode_state(encode_state(ASKED)) == ASKED
    assert decode_state(None) is None
    other = build_prompt("cookie expiry", "Werkzeug", "English")
    assert question_digest(other) != ASKED.question


def test_a_reply_in_time_gives_its_text() -> None:
    reply = answer(types.TextContent(text='{"queries": ["x"]}'))
    assert reply_text(reply, ASKED, POLICY, now=100.5) == '{"queries": ["x"]}'


@pytest.mark.parametrize(
    ("reply", "now", "reason"),
    [
        (None, 100.1, "the client retried without the host model's reply"),
        (answer(types.TextContent(text="{}")), 100.6, "did not answer within 500 ms"),
        (
            answer(types.ImageContent(data="AA==", mime_type="image/png")),
            100.1,
            "the host's model replied without text",
        ),
        (types.ElicitResult(action="decline"), 100.1, "the host's model replied without text"),
    ],
)
def test_a_missing_late_or_textless_reply_fails(reply: object, now: float, reason: str) -> None:
    with pytest.raises(RewriteFailed, match=reason):
        reply_text(reply, ASKED, POLICY, now=now)
