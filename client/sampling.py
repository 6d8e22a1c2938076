"""Ask the host's model for doc_extract's rewrites through MCP sampling, in either protocol era.

Up to 2025-11-25 (the initialize handshake) sampling is a server-to-client request sent while
the tool call waits (mcp.server.session.ServerSession.send_request), bounded by the time budget.

From 2026-07-28 on the SDK refuses server-to-client requests (a connection of that revision masks
``can_send_request`` off, mcp/shared/transport_context.py) and carries sampling as a
multi-round-trip result instead: the tool call answers an InputRequiredResult holding the
sampling request; the SDK client's driver (mcp.client.client.Client._drive_input_required, then
mcp/client/_input_required.py:run_input_required_driver) runs its sampling callback and retries
the same tools/call with ``inputResponses`` and the echoed ``requestState``. So on that revision a
doc_extract that wants a rewrite runs twice: the first round learns that the service wants the
host's model (its answer is set aside), the retry hands the service the model's reply.

``requestState`` says which question was asked and when. The SDK's RequestStateBoundary seals it
(AES-GCM under a key of this process, bound to the tool and its arguments), so a reply is
accepted only for the question this server asked. The server cannot cut a 2026-07-28 host's
model short (the client waits for it between rounds), so there the budget is checked when the
reply arrives: a late reply fails the rewrite like a timeout does on the older revisions.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
import anyio.from_thread
import mcp_types as types
import orjson
from mcp.server.request_state import RequestStateBoundary, RequestStateSecurity
from mcp.shared.exceptions import MCPError
from mcp.shared.message import ServerMessageMetadata
from mcp_types.version import is_version_at_least

from client.errors import RewriteFailed
from client.rewrite import RewritePolicy, RewritePrompt, build_prompt, parse_queries
from client.rewritten_answers import Rewriter

# The first revision that carries sampling as an input-required result (SEP-2322).
INPUT_REQUIRED_VERSION = "2026-07-28"
# The key of the sampling request in InputRequiredResult.input_requests and of its reply.
REWRITE_INPUT_KEY = "rewrite"
# How long a sealed requestState stays valid: longer than any time budget (at most 600 s), so a
# late reply is reported as late instead of being refused as expired state.
STATE_TTL_SECONDS = 3600.0

_SAMPLING = types.ClientCapabilities(sampling=types.SamplingCapability())
_NO_SAMPLING = "the host did not declare the sampling capability"
_NOT_YET = "the host's model has not answered yet"  # never shown: that round's answer is set aside

Outcome = TypeVar("Outcome")


@dataclass(frozen=True)
class AskedState:
    """What a 2026-07-28 round asked the client for: the question's digest, and when (this
    process's monotonic clock: the sealing key is this process's too)."""

    question: str
    asked_at: float


def state_boundary(server_name: str) -> RequestStateBoundary:
    """The SDK middleware that seals outgoing ``requestState`` and verifies the echoes."""
    security = RequestStateSecurity.ephemeral(ttl=STATE_TTL_SECONDS)
    return RequestStateBoundary(security, default_audience=server_name)


async def call_with_rewriter(
    ctx: Any,
    params: types.CallToolRequestParams,
    policy: RewritePolicy,
    run: Callable[[Rewriter | None], Awaitable[Outcome]],
) -> Outcome | types.InputRequiredResult:
    """``run`` (one tool call) with the Rewriter this request's connection allows, or None
    (rewrite off). On 2026-07-28 and later, when the call wanted the host's model and its reply
    has not come yet, the InputRequiredResult that asks the client for it instead."""
    if policy.mode == "off":
        return await run(None)
    version = ctx.session.protocol_version
    in_rounds = is_version_at_least(version, INPUT_REQUIRED_VERSION)
    why_not = None
    if not in_rounds and not ctx.session.can_send_request:
        # An older revision over stateless HTTP: no stream for a server-to-client request, and
        # no memory of the capabilities the handshake declared.
        why_not = f"protocol {version} on this transport has no back-channel for sampling requests"
    elif not ctx.session.check_client_capability(_SAMPLING):
        why_not = _NO_SAMPLING
    if why_not is not None:
        return await run(None if policy.mode == "auto" else _refusing(why_not))
    if in_rounds:
        return await _call_in_rounds(params, policy, run)

    def rewrite(focus: str, library: str, language: str) -> tuple[str, ...]:
        # Called from the service's worker thread: the request goes out on the event loop.
        reply: str = anyio.from_thread.run(ask_host_model, ctx, policy, focus, library, language)
        return parse_queries(reply, focus)

    return await run(rewrite)


async def _call_in_rounds(
    params: types.CallToolRequestParams,
    policy: RewritePolicy,
    run: Callable[[Rewriter | None], Awaitable[Outcome]],
) -> Outcome | types.InputRequiredResult:
    asked = decode_state(params.request_state)
    reply = (params.input_responses or {}).get(REWRITE_INPUT_KEY)
    wanted: list[RewritePrompt] = []

    def rewrite(focus: str, library: str, language: str) -> tuple[str, ...]:
        prompt = build_prompt(focus, library, language)
        if asked is None or asked.question != question_digest(prompt):
            wanted.append(prompt)  # an unasked reply (no sealed state) is never used
            raise RewriteFailed(_NOT_YET)
        return parse_queries(reply_text(reply, asked, policy, time.monotonic()), focus)

    outcome = await run(rewrite)
    if not wanted:
        return outcome
    prompt = wanted[0]
    state = AskedState(question=question_digest(prompt), asked_at=time.monotonic())
    return types.InputRequiredResult(
        input_requests={REWRITE_INPUT_KEY: sampling_request(prompt)},
        request_state=encode_state(state),
    )


def reply_text(reply: object, asked: AskedState, policy: RewritePolicy, now: float) -> str:
    """The text of the client's reply to the question ``asked``; RewriteFailed when there is
    none, it has no text, or it came after the time budget."""
    if reply is None:
        raise RewriteFailed("the client retried without the host model's reply")
    if (now - asked.asked_at) * 1000 > policy.timeout_ms:
        raise RewriteFailed(f"the host's model did not answer within {policy.timeout_ms} ms")
    content = getattr(reply, "content", None)
    if not isinstance(reply, types.CreateMessageResult) or not isinstance(
        content, types.TextContent
    ):
        raise RewriteFailed("the host's model replied without text")
    return content.text


def sampling_request(prompt: RewritePrompt) -> types.CreateMessageRequest:
    """The sampling request for ``prompt``: no tools offered, deterministic if the host allows."""
    return types.CreateMessageRequest(
        params=types.CreateMessageRequestParams(
            messages=[
                types.SamplingMessage(role="user", content=types.TextContent(text=prompt.user))
            ],
            system_prompt=prompt.system,
            max_tokens=prompt.max_tokens,
            temperature=0.0,
        )
    )


def question_digest(prompt: RewritePrompt) -> str:
    text = orjson.dumps([prompt.system, prompt.user, prompt.max_tokens])
    return hashlib.sha256(text).hexdigest()


def encode_state(state: AskedState) -> str:
    return orjson.dumps({"question": state.question, "askedAt": state.asked_at}).decode()


def decode_state(text: str | None) -> AskedState | None:
    """The state this server sealed, or None (first round). The boundary has already refused
    any state it did not mint, so a malformed one is a bug, not the client's doing."""
    if text is None:
        return None
    document = orjson.loads(text)
    return AskedState(question=str(document["question"]), asked_at=float(document["askedAt"]))


def _refusing(reason: str) -> Rewriter:
    def refuse(_focus: str, _library: str, _language: str) -> tuple[str, ...]:
        raise RewriteFailed(reason)

    return refuse


async def ask_host_model(
    ctx: Any, policy: RewritePolicy, focus: str, library: str, language: str
) -> str:
    """The text the host's model sends back for the rewrite prompt, within the time budget;
    RewriteFailed when it refuses, errs, is late or sends no text. No tools are offered."""
    request = sampling_request(build_prompt(focus, library, language))
    metadata = ServerMessageMetadata(related_request_id=ctx.request_id)
    try:
        with anyio.fail_after(policy.timeout_ms / 1000):
            result = await ctx.session.send_request(
                request, types.CreateMessageResult, metadata=metadata
            )
    except TimeoutError:
        late = f"the host's model did not answer within {policy.timeout_ms} ms"
        raise RewriteFailed(late) from None
    except MCPError as error:
        raise RewriteFailed(f"the host refused to sample: {error.message}") from None
    except Exception as error:  # a transport without a back channel, a malformed result
        raise RewriteFailed(f"sampling failed: {type(error).__name__}: {error}") from None
    if not isinstance(result.content, types.TextContent):
        raise RewriteFailed("the host's model replied without text")
    return result.content.text
