"""Query rewriting for doc_extract, as pure functions: the prompt, the check of what came back, the
fusion of the alternatives' rankings with the original's.

Nothing here talks to a model. The MCP layer (client.sampling) sends the prompt to the host's
model through sampling and hands the reply text to :func:`parse_queries`; the service searches
each alternative and merges the rankings with :func:`fuse`. A reply that is not exactly the JSON
asked for is refused with RewriteFailed and the original answer stands.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import orjson

from client.config import DEFAULT_REWRITE_TIMEOUT_MS
from client.errors import RewriteFailed
from client.limits import MAX_FOCUS_CHARS

MAX_REWRITES = 3
# What the sampling request may cost the host: enough for three short queries in JSON.
REWRITE_MAX_TOKENS = 400
# A reply longer than this is not three bounded queries, whatever it says.
MAX_REPLY_CHARS = MAX_REWRITES * (MAX_FOCUS_CHARS + 8) + 32
# Weighted reciprocal rank fusion: the original query counts twice as much as each rewrite.
RRF_K = 60
ORIGINAL_WEIGHT = 1.0
REWRITE_WEIGHT = 0.5


@dataclass(frozen=True)
class RewritePolicy:
    """Whether doc_extract may ask the host's model for other queries (``mode`` on, off or
    auto: on when the host declared sampling), and how long it waits for the reply."""

    mode: str = "off"
    timeout_ms: int = DEFAULT_REWRITE_TIMEOUT_MS


K = TypeVar("K", bound=Hashable)

# Unicode blocks whose presence says which language the docs are searched in.
_SCRIPTS = (
    ("Japanese", ((0x3040, 0x30FF),)),
    ("Korean", ((0xAC00, 0xD7AF),)),
    ("Chinese", ((0x4E00, 0x9FFF), (0x3400, 0x4DBF))),
    ("Russian", ((0x0400, 0x04FF),)),
)


@dataclass(frozen=True)
class RewritePrompt:
    """One sampling request: the system prompt, the user message and its token bound."""

    system: str
    user: str
    max_tokens: int = REWRITE_MAX_TOKENS


def language_hint(focus: str) -> str:
    """The language the alternatives should be in: the script of the focus (the focus is in the
    docs' words), else whatever language the focus is written in."""
    for language, blocks in _SCRIPTS:
        if any(low <= ord(char) <= high for char in focus for low, high in blocks):
            return language
    return "the same language as the query"


def build_prompt(focus: str, library: str, language: str) -> RewritePrompt:
    """Ask for up to MAX_REWRITES alternative searches for ``focus`` in ``library``'s docs."""
    system = (
        "You rewrite search queries for a documentation search engine that matches words "
        "(BM25 over headings, text and code). Reply with strict JSON only, no prose and no "
        'code fence: {"queries": ["...", ...]} with 1 to '
        f"{MAX_REWRITES} alternative queries, each a few words in {language}, using the terms "
        "the library's documentation would use (API names, section titles, synonyms). Do not "
        "repeat the original query."
    )
    user = f"Library: {library}\nOriginal query: {focus}"
    return RewritePrompt(system=system, user=user)


def parse_queries(reply: str, focus: str) -> tuple[str, ...]:
    """The alternatives in a model's reply, or RewriteFailed saying what was wrong with it.

    The reply must be exactly ``{"queries": [...]}``: 1 to MAX_REWRITES non-empty strings of at
    most MAX_FOCUS_CHARS each. Duplicates and repeats of ``focus`` are dropped; none left is a
    failure too (nothing new to search)."""
    if len(reply) > MAX_REPLY_CHARS:
        raise RewriteFailed(f"the reply is oversized ({len(reply)} > {MAX_REPLY_CHARS} chars)")
    try:
        document = orjson.loads(reply.strip())
    except orjson.JSONDecodeError:
        raise RewriteFailed("the reply is not valid JSON") from None
    if not isinstance(document, dict) or set(document) != {"queries"}:
        raise RewriteFailed('the reply is not an object with exactly the key "queries"')
    queries = document["queries"]
    if not isinstance(queries, list) or not all(isinstance(q, str) for q in queries):
        raise RewriteFailed('"queries" is not a list of strings')
    return check_queries(queries, focus)


def check_queries(queries: Sequence[str], focus: str) -> tuple[str, ...]:
    """``queries`` stripped, without duplicates or repeats of ``focus``; RewriteFailed unless
    there are 1 to MAX_REWRITES of at most MAX_FOCUS_CHARS each and at least one is new."""
    if not 1 <= len(queries) <= MAX_REWRITES:
        raise RewriteFailed(f"{len(queries)} queries came back, not 1 to {MAX_REWRITES}")
    if any(len(q) > MAX_FOCUS_CHARS for q in queries):
        raise RewriteFailed(f"a query is oversized (more than {MAX_FOCUS_CHARS} chars)")
    seen = {focus.strip().casefold()}
    fresh: list[str] = []
    for query in (q.strip() for q in queries):
        if query and query.casefold() not in seen:
            seen.add(query.casefold())
            fresh.append(query)
    if not fresh:
        raise RewriteFailed("no query came back other than the original")
    return tuple(fresh)


def fuse(original: Sequence[K], rewrites: Sequence[Sequence[K]], limit: int) -> list[K]:
    """Weighted reciprocal rank fusion of rankings (best first), at most ``limit`` keys.

    Every key of ``original`` stays (when it has at least ``limit`` keys, fusion only reorders
    them); rewrites add keys only in the room left. Ties keep the original's order first."""
    scores: dict[K, float] = {}
    for weight, ranking in [(ORIGINAL_WEIGHT, original)] + [(REWRITE_WEIGHT, r) for r in rewrites]:
        for rank, key in enumerate(ranking, start=1):
            scores[key] = scores.get(key, 0.0) + weight / (RRF_K + rank)
    ordered = sorted(scores, key=lambda key: -scores[key])  # stable: first seen wins a tie
    kept = set(original)
    room = max(limit - len(kept), 0)
    added = [key for key in ordered if key not in kept][:room]
    chosen = kept | set(added)
    return [key for key in ordered if key in chosen]
