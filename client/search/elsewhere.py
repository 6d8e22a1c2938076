"""When another version's docs answer what the asked version's docs do not: answer with nothing
and name that version.

Two signs that a question is about something the asked version lacks, both read in the docs of
the version just before it and of the latest one (``versions_to_ask``):

- **A name it never mentions.** A focus word the asked version's docs never use and English does
  not know (client.search.unheard) that the other version's docs do use: a function removed
  since (make_line_iter in werkzeug 3) or added later (a parameter of the next release). English
  words never count, since the docs of two versions phrase the same things differently.
- **A section it lacks.** The asked version answers only weakly (confidence below
  ``WEAK_BELOW``) while the other version answers surely (at least ``SURE_FROM``) with a section
  whose heading the asked version's docs have nowhere: a chapter added later ("defaultdicts" in
  cattrs 25), or a changelog entry of a later release that brought the feature.

Sections found through the focus' other words would answer a question that was not asked, so
the answer is empty and its hint says which version answers: what the caller needs to choose the
version or tell the user. A question costs at most two more rankings (and, for a cold client,
those versions' index pages), and only when one of the signs may hold.

Decided on the evaluation's dev split: the first sign left 2 more of 41 questions without an
answer empty, losing none of the 320 answerable ones; the second 5 more (19 to 24 of 41) and
2 more version pairs right on both sides (4 to 6 of 10), for 2 answerable questions emptied
(recall@5 0.897 to 0.891). Both thresholds were chosen from 0.3, 0.4, 0.5, 0.6.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from client.index_chunks import load_index_for
from client.search.model import default_model
from client.search.query import parse_focus
from client.search.recall import has_heading
from client.search.sections import SearchResult, rank_sections
from schemas.shards import FTS_TABLE
from schemas.versions import sort_newest_first

# An answer less sure than this is compared with the other versions' answers...
WEAK_BELOW = 0.5
# ...and gives way to one at least this sure, from a section the asked version lacks.
SURE_FROM = 0.5

_Read = TypeVar("_Read")


class ReadVersion(Protocol):
    """Runs ``read`` on the shard of another version of the same library; None when that
    version cannot be opened (its site failing is no reason to fail this answer)."""

    def __call__(
        self, version: str, read: Callable[[sqlite3.Connection], _Read], /
    ) -> _Read | None: ...


@dataclass(frozen=True)
class SureAnswer:
    """Another version's first section for the focus, and how sure that answer is."""

    heading: str
    confidence: float


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


def sure_answer(conn: sqlite3.Connection, focus: str) -> SureAnswer | None:
    """The shard's first section for ``focus`` when the lexical ranking is at least SURE_FROM
    sure of it (no body is read)."""
    ranking = rank_sections(conn, parse_focus(focus), default_model())
    if not ranking.ranked or ranking.confidence < SURE_FROM:
        return None
    return SureAnswer(ranking.ranked[0].described.candidate.heading, ranking.confidence)


def answered_elsewhere(
    result: SearchResult, focus: str, versions: Sequence[str], asked: str, read: ReadVersion
) -> SearchResult:
    """``result`` (the asked version's answer to ``focus``), or an empty one naming the version
    whose docs answer what those of ``asked`` do not (see the module docstring)."""
    sure_of = result.confidence
    # The confidence of a weak answer, else None: one withheld for its low chance of answering
    # (client.search.model.answer_chance) too, which the other version may answer all the same.
    weak = sure_of if sure_of is not None and sure_of < WEAK_BELOW else None
    if not result.unheard and weak is None:
        return result  # most answers: no other version is opened
    for version in versions_to_ask(versions, asked):
        why = _unheard_there(result.unheard, asked, version, read)
        if why is None and weak is not None:
            why = _lacked_section(focus, weak, asked, version, read)
        if why is not None:
            return _empty(result, why, version)
    return result


def _unheard_there(
    unheard: Sequence[str], asked: str, version: str, read: ReadVersion
) -> str | None:
    """Why ``version`` answers, when its docs use a word of ``unheard``; else None."""
    if not unheard:
        return None
    found = read(version, functools.partial(words_mentioned, words=unheard))
    if not found:
        return None
    named = ", ".join(f"'{word}'" for word in found)
    return f"the docs of {asked} never mention {named}, and those of {version} do"


def _lacked_section(
    focus: str, sure_of: float, asked: str, version: str, read: ReadVersion
) -> str | None:
    """Why ``version`` answers, when it answers ``focus`` surely with a section whose heading
    the docs of ``asked`` have nowhere; else None."""
    sure = read(version, functools.partial(sure_answer, focus=focus))
    if sure is None:
        return None
    if read(asked, functools.partial(has_heading, heading=sure.heading)) is not False:
        return None  # the asked version has that section too, or cannot be read
    return (
        f"the docs of {asked} answer this only weakly (confidence {sure_of:.2f}), and those of "
        f"{version} answer it (confidence {sure.confidence:.2f}) with a section {asked} does "
        f"not have: '{sure.heading}'"
    )


def _empty(result: SearchResult, why: str, version: str) -> SearchResult:
    hint = f"{why}: ask about version {version}, or check which version the project uses"
    return replace(result, sections=(), truncated=False, omitted=0, hint=hint, answered_in=version)
