"""Answer doc_extract from one library version's shard: ranked sections for a focus, or its outline.

Search runs in three steps over the shard's FTS5 index: recall and its evidence
(client.search.recall: the candidates, how rare each concept is, which candidates hold which
concept in which form), then the pure ranking of client.search.model, then the size budget of
client.search.trim.

The connection must be a shard that passed schemas.shards' checks; SQLite errors from a broken
file propagate as sqlite3.Error, which ``SiteData.reading_shard`` (the caller's boundary)
translates into the shard source's ClientError.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from client.errors import InvalidRequest
from client.limits import (
    DEFAULT_MAX_SECTIONS,
    DEFAULT_MAX_TOKENS,
    MAX_FOCUS_CHARS,
    MAX_SECTIONS,
    MAX_TOKENS,
    MIN_SECTIONS,
    MIN_TOKENS,
)
from client.render import section_frame, subsection_parts
from client.search.dense import DenseScores, with_dense
from client.search.features import FIELDS, Candidate, Described, describe
from client.search.model import (
    RankerModel,
    Scored,
    answer_chance,
    confidence,
    default_model,
    order,
    semantic_model,
)
from client.search.query import (
    Focus,
    parse_focus,
)
from client.search.recall import (
    collect_candidates,
    heading_path_of,
    in_docs_language,
    library_of,
    placeholders,
    section_count,
)
from client.search.trim import Budgeted, fit_budget
from client.search.unheard import unheard_hint, unheard_words
from client.section_bodies import bodies_at_hand, prefetch_bodies
from schemas.answers import MAX_SUBSECTIONS

DEFAULT_TOC_LIMIT, MAX_TOC_LIMIT = 200, 2000
# A candidate that covers less of the focus (and names none of its identifiers) is not listed.
MIN_COVERAGE = 0.1


@dataclass(frozen=True)
class Subsection:
    """A direct subsection of an answered section (same page) that matches the focus too."""

    heading: str
    anchor: str


@dataclass(frozen=True)
class FoundSection:
    """One section of the answer. ``link`` is its page URL; ``anchor`` (with ``source``) names it
    for a caller that wants it whole after ``truncated`` cut it. ``subsections``: its direct
    subsections that match the focus too, best first: a section answered for several matching
    children names them, so the caller can read the one it needs."""

    heading: str
    heading_path: tuple[str, ...]
    body: str
    anchor: str
    source: str | None
    lines: tuple[int, int] | None
    sha256: str
    link: str
    score: float
    matches: tuple[str, ...]
    truncated: bool
    subsections: tuple[Subsection, ...] = ()


@dataclass(frozen=True)
class SearchResult:
    """Sections best first. ``truncated``: some body was cut to fit; ``omitted``: that many
    relevant sections were left out to fit. ``hint`` says what to do next, when anything."""

    sections: tuple[FoundSection, ...]
    truncated: bool
    omitted: int
    hint: str | None
    confidence: float | None = None  # how likely the first section is right (dev-calibrated)
    unheard: tuple[str, ...] = ()  # focus words the docs never use and English does not know
    answered_in: str | None = None  # another version whose docs answer it (search.elsewhere)


@dataclass(frozen=True)
class TocEntry:
    """One heading of a version's table of contents."""

    heading: str
    heading_path: tuple[str, ...]
    anchor: str
    source: str | None
    link: str
    level: int


def check_limits(max_sections: int, max_tokens: int) -> None:
    """Raise InvalidRequest when maxSections or maxTokens is out of bounds."""
    if not MIN_SECTIONS <= max_sections <= MAX_SECTIONS:
        raise InvalidRequest(
            f"maxSections must be between {MIN_SECTIONS} and {MAX_SECTIONS}, not {max_sections}"
        )
    if not MIN_TOKENS <= max_tokens <= MAX_TOKENS:
        raise InvalidRequest(
            f"maxTokens must be between {MIN_TOKENS} and {MAX_TOKENS}, not {max_tokens}"
        )


@dataclass(frozen=True)
class Listed:
    """A section chosen for the answer: its id, its 0..1 score as shown, and why it matched."""

    section_id: int
    score: float
    matches: tuple[str, ...]
    subsections: tuple[Subsection, ...]


def _listed(chosen: Sequence[Scored], sure: float, ranked: Sequence[Scored]) -> list[Listed]:
    """The ``chosen`` sections as listed, each with its subsections among ``ranked`` (every
    candidate that may answer, best first)."""
    shown = _shown_scores([r.score for r in chosen], sure)
    return [
        Listed(r.described.candidate.section_id, score, r.described.matches, subsections(r, ranked))
        for r, score in zip(chosen, shown, strict=True)
    ]


def subsections(parent: Scored, ranked: Sequence[Scored]) -> tuple[Subsection, ...]:
    """The candidates among ``ranked`` that are direct subsections of ``parent`` and match the
    focus themselves, best first."""
    c = parent.described.candidate
    if c.source is None:
        # The page is known here by its source alone: without one (an index that did not
        # record it), a section of another page under the same headings would pass for a child.
        return ()
    path = (*c.heading_path, c.heading)
    children = (
        r.described.candidate
        for r in ranked
        if r.described.candidate.source == c.source and r.described.candidate.heading_path == path
    )
    return tuple(
        Subsection(child.heading, child.anchor) for child in children if _matches_itself(child)
    )[:MAX_SUBSECTIONS]


def _matches_itself(candidate: Candidate) -> bool:
    """Whether the focus is in the section's own heading, text or code, not only in the heading
    path it shares with its parent and siblings."""
    fields = zip(FIELDS, candidate.field_bm25, strict=True)
    return any(score != 0.0 for field, score in fields if field != "heading_path")


def _found(
    conn: sqlite3.Connection,
    listed: Sequence[Listed],
    max_tokens: int,
    sure: float,
    reserved: int,
) -> SearchResult:
    ids = [r.section_id for r in listed]
    prefetch_bodies(conn, ids)
    try:
        rows = _rows(conn, ids)
    except sqlite3.Error:
        # A search shard's pack that could not be had (its site fails): the sections whose text
        # the cache holds still answer and the others are named, where the whole answer was
        # lost. With none of them at hand, or all of them (then the file itself is at fault),
        # the error is the caller's, as before.
        held = bodies_at_hand(conn, ids)
        if not held or held == set(ids):
            raise
        rows = _rows(conn, [i for i in ids if i in held])
    missing = [item for item in listed if item.section_id not in rows]
    listed = [item for item in listed if item.section_id in rows]
    ordered = [rows[item.section_id] for item in listed]
    # The subsections a section names are spent from the budget with its heading.
    named = [
        subsection_parts(_source(row), [(sub.heading, sub.anchor) for sub in item.subsections])
        for item, row in zip(listed, ordered, strict=True)
    ]
    frames = [_frame(row, scored=True) for row in ordered]
    budget = fit_budget(frames, [str(r[3]) for r in ordered], max_tokens, named, reserved)
    sections = []
    for item, row, trimmed, count in zip(listed, ordered, budget.bodies, budget.named, strict=True):
        if trimmed is None:
            continue
        found = _section(row, trimmed.body, trimmed.truncated, item.score, item.matches)
        sections.append(replace(found, subsections=item.subsections[:count]))
    hint = "; ".join(
        filter(None, (_unfetched_hint(conn, missing), _budget_hint(budget, max_tokens)))
    )
    # The confidence is the first section's: when the best one is not at hand, the first shown.
    best_missing = bool(missing) and missing[0].section_id == ids[0]
    confidence = listed[0].score if best_missing and listed else sure
    return SearchResult(
        tuple(sections), bool(budget.truncated), budget.omitted, hint or None, round(confidence, 4)
    )


def _rows(conn: sqlite3.Connection, ids: Sequence[int]) -> dict[int, Sequence[Any]]:
    sql = (
        "SELECT id, heading, heading_path, body, path, anchor, source, line_start, line_end, "
        f"sha256 FROM sections WHERE id IN ({placeholders(len(ids))})"
    )
    return {int(row[0]): row for row in conn.execute(sql, ids)}


def _unfetched_hint(conn: sqlite3.Connection, missing: Sequence[Listed]) -> str | None:
    """What an answer left out because their text could not be fetched, by page#anchor."""
    if not missing:
        return None
    ids = [item.section_id for item in missing]
    sql = f"SELECT id, heading, anchor, source FROM sections WHERE id IN ({placeholders(len(ids))})"
    named = {int(i): (str(h), str(a), s) for i, h, a, s in conn.execute(sql, ids)}
    addresses = [
        f"{heading} ({anchor if source is None else f'{source}#{anchor}'})"
        for heading, anchor, source in (named[i] for i in ids)
    ]
    return (
        f"{len(ids)} section(s) that match left out, their text not cached and the site "
        f"failing: {'; '.join(addresses)}; ask again once the site answers"
    )


def _source(row: Sequence[Any]) -> str | None:
    return None if row[6] is None else str(row[6])


def _frame(row: Sequence[Any], *, scored: bool) -> str:
    """The text the answer shows around the body of the ``sections`` row (see _section)."""
    _, heading, path, _, link, anchor, _, start, end, sha256 = row
    lines = (int(start), int(end)) if start is not None and end is not None else None
    return section_frame(
        heading_path_of(path),
        str(heading),
        _source(row),
        str(anchor),
        lines,
        str(sha256),
        str(link),
        scored=scored,
    )


def _section(
    row: Sequence[Any], body: str, truncated: bool, score: float, matches: tuple[str, ...]
) -> FoundSection:
    """A section from its ``sections`` row (id, heading, heading_path, body, path, anchor,
    source, line_start, line_end, sha256) with the body that fit."""
    _, heading, path, _, link, anchor, source, start, end, sha256 = row
    lines = (int(start), int(end)) if start is not None and end is not None else None
    return FoundSection(
        heading=str(heading),
        heading_path=heading_path_of(path),
        body=body,
        anchor=str(anchor),
        source=None if source is None else str(source),
        lines=lines,
        sha256=str(sha256),
        link=str(link),
        score=score,
        matches=matches,
        truncated=truncated,
    )


def _budget_hint(budget: Budgeted, max_tokens: int, ranked: bool = True) -> str | None:
    """What was cut to fit; ``ranked``: the sections are a search's (else the version's first,
    in document order, of which none is more relevant than another)."""
    if not (budget.truncated or budget.omitted):
        return None
    parts = []
    if budget.truncated:
        parts.append(f"{budget.truncated} section(s) truncated (read one whole by its page#anchor)")
    if budget.omitted:
        more = "more relevant" if ranked else "more"
        parts.append(f"{budget.omitted} {more} section(s) omitted")
    return f"cut to fit maxTokens={max_tokens}: {'; '.join(parts)}; raise maxTokens for more"


def _shown_scores(scores: Sequence[float], sure: float) -> list[float]:
    """0..1 scores for display: the first is the answer's confidence, the others fall with their
    distance below it in model score (never rising, whatever reordering rules did)."""
    sure = min(max(sure, 1e-6), 1 - 1e-6)
    logit = math.log(sure / (1 - sure))
    shown, ceiling = [], 1.0
    for score in scores:
        value = 1.0 / (1.0 + math.exp(-max(logit + score - scores[0], -60.0)))
        ceiling = min(ceiling, value)
        shown.append(round(ceiling, 4))
    return shown


_NO_WORDS = (
    "the focus has no searchable words; omit it to get the first sections and the table of contents"
)
_NO_MATCH = (
    "no section of this version answers the focus well enough; try the API name or other "
    "words, check the version, or omit the focus to get the first sections and the table of "
    "contents"
)


@dataclass(frozen=True)
class Ranking:
    """Every candidate that may answer, best first; how likely the first is right; and the
    focus' words the docs never use that are not English words (client.search.unheard)."""

    ranked: tuple[Scored, ...]
    confidence: float
    unheard: tuple[str, ...]
    # How likely one of the first sections is right: whether to answer (model.answer_chance).
    answer_chance: float = 0.0


@dataclass(frozen=True)
class Candidates:
    """What a focus finds in a version before it is ranked: its candidates, described; its
    words the docs never use that are not English words; and how many concepts it asks about
    as these docs read it (a Chinese question about English docs: its glossary terms, not its
    characters, which a Chinese focus otherwise holds one concept each)."""

    described: list[Described]
    unheard: tuple[str, ...]
    concepts: int


def find_candidates(
    conn: sqlite3.Connection, focus: Focus, extra: Sequence[int] = ()
) -> Candidates:
    """The candidates of ``focus`` (plus the sections ``extra`` names: another lane's): what
    the ranking orders, and what the ranker's training (eval.train, eval.semantic) replays, so
    that both see the same."""
    total = section_count(conn)
    focus = in_docs_language(conn, focus)
    library = library_of(conn)  # read once: recall and features both ask which releases
    candidates, frequencies = collect_candidates(conn, focus, total, extra, library)
    described = describe(focus, candidates, frequencies, total, library)
    return Candidates(described, unheard_words(focus, frequencies), len(focus.concepts))


def rank_sections(
    conn: sqlite3.Connection, focus: Focus, model: RankerModel, dense: DenseScores | None = None
) -> Ranking:
    """Every candidate of the shard for ``focus``, best first, and the answer's confidence;
    with ``dense``, the nearest sections join the candidates and ``model`` must be one trained
    with the dense features (client.search.dense)."""
    extra = dense.nearest if dense is not None else ()
    found = find_candidates(conn, focus, extra)
    described, unheard = found.described, found.unheard
    ranked, sure = answer_order(
        model, described if dense is None else with_dense(described, dense), bool(unheard)
    )
    chance = answer_chance(model, ranked, bool(unheard), found.concepts)
    return Ranking(tuple(ranked), sure, unheard, chance)


def answer_order(
    model: RankerModel, described: Sequence[Described], unheard: bool
) -> tuple[list[Scored], float]:
    """The described candidates that may answer, best first, and the answer's confidence
    (``unheard``: the focus has words the docs never use and English does not know): the
    pure part of the ranking, which the ranker's training replays on the same candidates."""
    answering = [d for d in described if d.named or may_answer(d)]
    ranked = order(model, answering)
    return ranked, confidence(model, ranked, unheard)


def may_answer(described: Described) -> bool:
    """Whether a section may answer at all: it covers enough of the focus. A short body is no
    reason by itself (the ranker weighs it): "请求超时的秒数，超时后抛出异常。" says all it
    needs in 16 characters."""
    return described.coverage >= MIN_COVERAGE


def search_sections(
    conn: sqlite3.Connection,
    focus: str,
    *,
    max_sections: int = DEFAULT_MAX_SECTIONS,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    min_confidence: float | None = None,
    model: RankerModel | None = None,
    dense: DenseScores | None = None,
    reserved: int = 0,
) -> SearchResult:
    """The sections of the shard that best answer ``focus``, within the size budget (less the
    ``reserved`` characters the answer spends outside its sections); none when the answer's
    confidence is below ``min_confidence``, or by default when the chance that one of its
    first sections is right is below the model's threshold (model.answer_chance).

    ``dense`` is the semantic lane's view of the version (client.search.dense): its nearest
    sections join the candidates and the dense-aware ranker orders them (default model:
    schemas/ranker-semantic.json)."""
    check_limits(max_sections, max_tokens)
    if len(focus) > MAX_FOCUS_CHARS:
        raise InvalidRequest(f"focus is longer than {MAX_FOCUS_CHARS} characters")
    parsed = parse_focus(focus)
    if not parsed.concepts:
        return SearchResult((), False, 0, _NO_WORDS, None)
    model = model or (default_model() if dense is None else semantic_model())
    ranking = rank_sections(conn, parsed, model, dense)
    ranked, sure, unheard = ranking.ranked, ranking.confidence, ranking.unheard
    if min_confidence is None:
        withheld = ranking.answer_chance < model.abstain_below
    else:
        withheld = sure < min_confidence
    if not ranked or withheld:
        empty = "; ".join(filter(None, (unheard_hint(unheard), _NO_MATCH)))
        return SearchResult((), False, 0, empty, round(sure, 4) if ranked else None, unheard)
    listed = _listed(ranked[:max_sections], sure, ranked)
    found = _found(conn, listed, max_tokens, sure, reserved)
    hint = "; ".join(filter(None, (unheard_hint(unheard), found.hint))) or None
    return replace(found, hint=hint, unheard=unheard)


def first_sections(
    conn: sqlite3.Connection,
    *,
    max_sections: int = DEFAULT_MAX_SECTIONS,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    reserved: int = 0,
) -> SearchResult:
    """The version's first ``max_sections`` sections in document order, within the size budget
    less ``reserved`` characters (what doctrove answers without a focus); no score, no
    matches, no confidence."""
    check_limits(max_sections, max_tokens)
    rows = conn.execute(
        "SELECT id, heading, heading_path, body, path, anchor, source, line_start, line_end, "
        "sha256 FROM sections ORDER BY id LIMIT ?",
        (max_sections,),
    ).fetchall()
    frames = [_frame(row, scored=False) for row in rows]
    budget = fit_budget(frames, [str(r[3]) for r in rows], max_tokens, reserved=reserved)
    sections = tuple(
        _section(row, trimmed.body, trimmed.truncated, 0.0, ())
        for row, trimmed in zip(rows, budget.bodies, strict=True)
        if trimmed is not None
    )
    return SearchResult(
        sections,
        bool(budget.truncated),
        budget.omitted,
        _budget_hint(budget, max_tokens, ranked=False),
    )


def table_of_contents(conn: sqlite3.Connection, limit: int = DEFAULT_TOC_LIMIT) -> list[TocEntry]:
    """The version's headings in document order; past ``limit``, the shallowest ones."""
    if not 1 <= limit <= MAX_TOC_LIMIT:
        raise InvalidRequest(f"limit must be between 1 and {MAX_TOC_LIMIT}, not {limit}")
    depths = [
        (len(heading_path_of(p)), int(i))
        for i, p in conn.execute("SELECT id, heading_path FROM sections")
    ]
    chosen = sorted(i for _, i in sorted(depths)[:limit])
    if not chosen:
        return []
    rows = conn.execute(
        "SELECT id, heading, heading_path, anchor, source, path FROM sections "
        f"WHERE id IN ({placeholders(len(chosen))}) ORDER BY id",
        chosen,
    )
    return [
        TocEntry(
            heading=str(heading),
            heading_path=heading_path_of(path),
            anchor=str(anchor),
            source=None if source is None else str(source),
            link=str(link),
            level=len(heading_path_of(path)) + 1,
        )
        for _, heading, path, anchor, source, link in rows
    ]
