"""A focus word these docs never use that another version's docs do: answer with nothing.

A name the asked version's docs never mention (client.search.unheard) that the docs of the
version before it, or of the latest one, do mention is the clearest sign there is that the
question is about something that version lacks: a function removed since (make_line_iter in
werkzeug 3) or added later (a parameter of the next release). Sections found through the
focus' other words would answer a question that was not asked, so the answer is empty and says
which version's docs mention the word: what the caller needs to choose the version or tell the
user. Only those two versions are asked, so a question costs at most two more shards, and only
when a focus word is unheard; English words never count (client.search.unheard), since the
docs of two versions phrase the same things differently.

Decided on the evaluation's dev split: 2 more of 41 questions without an answer left empty
(a function removed in a later version, a type only a later version handles), none of the 320
answerable questions lost.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace

from client.index_chunks import load_index_for
from client.search.query import parse_focus
from client.search.sections import SearchResult
from schemas.shards import FTS_TABLE
from schemas.versions import sort_newest_first

# (version, words) -> those of ``words`` that version's docs use ((): none, or not known).
Mentions = Callable[[str, Sequence[str]], Sequence[str]]


def versions_to_ask(versions: Sequence[str], asked: str) -> tuple[str, ...]:
    """The version just before ``asked`` and the latest one, when they are other versions."""
    ordered = sort_newest_first(list(versions))
    if asked not in ordered:
        return ()
    place = ordered.index(asked)
    chosen = []
    if place + 1 < len(ordered):
        chosen.append(ordered[place + 1])
    if place > 0:
        chosen.append(ordered[0])
    return tuple(chosen)


def words_mentioned(conn: sqlite3.Connection, words: Sequence[str]) -> tuple[str, ...]:
    """Those of ``words`` (as a focus writes them) that some section of the shard holds."""
    mentioned = []
    for word in words:
        focus = parse_focus(word)
        if not focus.concepts:
            continue
        expression = " AND ".join(c.expression for c in focus.concepts)
        load_index_for(conn, expression)
        sql = f"SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? LIMIT 1"
        if conn.execute(sql, (expression,)).fetchone() is not None:
            mentioned.append(word)
    return tuple(mentioned)


def answered_elsewhere(
    result: SearchResult, versions: Sequence[str], asked: str, mentions: Mentions
) -> SearchResult:
    """``result``, or an empty one naming the version whose docs mention a focus word the asked
    version's docs never use."""
    if not result.unheard:
        return result
    for version in versions_to_ask(versions, asked):
        found = mentions(version, result.unheard)
        if found:
            named = ", ".join(f"'{word}'" for word in found)
            hint = (
                f"the docs of {asked} never mention {named}, and those of {version} do: "
                f"ask about version {version}, or check which version the project uses"
            )
            return replace(result, sections=(), truncated=False, omitted=0, hint=hint)
    return result
