"""The recall step of doc_extract's search: which sections of a shard may answer a focus, and
the evidence the ranker weighs about each (client.search.features).

Recall is any concept of the focus, ranked by bm25() with headings weighted above text, plus a
heading-only pass (so that a long section whose heading is exactly right is not lost) and a
plain bm25() ranking of the whole focus; then how rare each concept is, and which candidates
hold which concept in which form. Every piece of the focus reaches SQLite as a quoted FTS5
string (schemas.text), so no user text is ever read as query syntax.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from client.index_chunks import load_index_for
from client.search.features import Candidate, is_changelog_section
from client.search.query import (
    Focus,
    chinese_readings,
    cjk_pairs,
    read_into_chinese,
    read_through_glossary,
)
from schemas.changelogs import release_numbers, release_of, releases_asked
from schemas.shards import BM25_WEIGHTS, FTS_TABLE

# bm25() column weights, in the order heading, heading_path, body, code: the shared ones.
WEIGHTS = BM25_WEIGHTS
# One field at a time, for the ranker's per-field features: heading, heading path, body, code.
FIELD_WEIGHTS = tuple(
    tuple(1.0 if column == field else 0.0 for column in range(4)) for field in range(4)
)
RECALL_LIMIT = 40
PLAIN_LIMIT = 20
HEADING_RECALL_LIMIT = 20
# A concept found in more than this share of sections does not pick candidates.
COMMON_SHARE = 0.1
# Up to this many sections, a concept's matches are listed whole rather than looked up by id.
DIRECT_LIST_LIMIT = 1000

_BM25 = f"bm25({FTS_TABLE}, {', '.join(map(str, WEIGHTS))})"


def placeholders(count: int) -> str:
    return ", ".join("?" * count)


def heading_path_of(text: str) -> tuple[str, ...]:
    try:
        value = json.loads(text)
    except ValueError:
        return ()  # a shard is checked for its schema, not for every value in it
    return tuple(str(p) for p in value) if isinstance(value, list) else ()


def bm25_ranking(conn: sqlite3.Connection, expression: str, limit: int) -> list[tuple[int, float]]:
    """(section id, bm25()) of the best ``limit`` matches of an FTS5 expression, best first.

    bm25() is FTS5's: lower is better, columns weighted by WEIGHTS, ties by id."""
    load_index_for(conn, expression)
    sql = f"SELECT rowid, {_BM25} FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? ORDER BY 2, 1 LIMIT ?"
    return [(int(r), float(s)) for r, s in conn.execute(sql, (expression, limit))]


def _frequencies(conn: sqlite3.Connection, focus: Focus) -> dict[str, int]:
    """How many sections hold each concept (in any of its ways)."""
    sql = f"SELECT count(*) FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ?"
    return {c.label: int(conn.execute(sql, (c.expression,)).fetchone()[0]) for c in focus.concepts}


def _recall_expression(focus: Focus, frequencies: dict[str, int], total: int) -> str:
    """The concepts that pick candidates: all but the very common ones, which would make bm25()
    score most of the shard while telling little about which sections answer (they still count
    when the candidates are ranked). Only common concepts: the two rarest of them."""
    present = [c for c in focus.concepts if frequencies[c.label]]
    rare = [c for c in present if frequencies[c.label] <= COMMON_SHARE * total]
    chosen = rare or sorted(present, key=lambda c: frequencies[c.label])[:2]
    return " OR ".join(c.expression for c in chosen)


def _recall(
    conn: sqlite3.Connection, focus: Focus, expression: str
) -> tuple[dict[int, float], list[int]]:
    """Candidate section ids and their bm25() for ``expression``, and the best heading matches
    of the whole focus that it missed (a long section with the right heading loses on bm25's
    length norm)."""
    found = dict(bm25_ranking(conn, expression, RECALL_LIMIT))
    headings = f"{{heading heading_path}} : ({focus.expression})"
    extra = [i for i, _ in bm25_ranking(conn, headings, HEADING_RECALL_LIMIT) if i not in found]
    return found, extra


def _bm25_among(conn: sqlite3.Connection, expression: str, ids: Sequence[int]) -> dict[int, float]:
    """bm25() of ``expression`` for those of ``ids`` it matches."""
    if not ids:
        return {}
    # "+rowid": the ids filter the rows of one MATCH. Handed to FTS5 as a plain "rowid IN",
    # they made SQLite run the MATCH once per id, each run's bm25() counting anew the sections
    # that hold every phrase (costlier than the recall query itself on a big shard).
    sql = (
        f"SELECT rowid, {_BM25} FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? "
        f"AND +rowid IN ({placeholders(len(ids))})"
    )
    return {int(r): float(v) for r, v in conn.execute(sql, (expression, *ids))}


def _hits(
    conn: sqlite3.Connection, focus: Focus, frequencies: dict[str, int], ids: Sequence[int]
) -> dict[int, dict[str, float]]:
    """For each candidate, the concepts it holds and the weight of the best way it holds them."""
    hits: dict[int, dict[str, float]] = {i: {} for i in ids}
    among = (
        f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? "
        f"AND rowid IN ({placeholders(len(ids))})"
    )
    anywhere = f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ?"
    for concept in focus.concepts:
        frequency = frequencies[concept.label]
        for way in concept.ways if frequency else ():
            # A rare way is cheaper to list whole than to look up candidate by candidate.
            if frequency <= DIRECT_LIST_LIMIT:
                rows = conn.execute(anywhere, (way.expression,))
            else:
                rows = conn.execute(among, (way.expression, *ids))
            for (rowid,) in rows:
                held = hits.get(int(rowid))
                if held is not None:
                    held[concept.label] = max(held.get(concept.label, 0.0), way.weight)
    return hits


def in_docs_language(conn: sqlite3.Connection, focus: Focus) -> Focus:
    """``focus`` as these docs can hold it: read through the glossary when the focus has
    Chinese words and the docs none of them; and, in docs that hold Chinese readings of its
    English words, those words the docs never use also read in Chinese (English asked of
    Chinese docs)."""
    sql = f"SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? LIMIT 1"
    readable = [c for c in focus.concepts if chinese_readings(c)]
    readings = " OR ".join(w.expression for c in readable for w in chinese_readings(c))
    if readings:
        # One look tells English docs (most) from Chinese ones, which get one per word.
        load_index_for(conn, readings)
        if conn.execute(sql, (readings,)).fetchone() is not None:
            load_index_for(conn, " OR ".join(c.expression for c in readable))
            absent = {
                c.label for c in readable if not conn.execute(sql, (c.expression,)).fetchone()
            }
            focus = read_into_chinese(focus, absent)
    pairs = cjk_pairs(focus)
    if not pairs:
        return focus
    load_index_for(conn, pairs)
    if conn.execute(sql, (pairs,)).fetchone() is not None:
        return focus
    return read_through_glossary(focus)


def collect_candidates(
    conn: sqlite3.Connection,
    focus: Focus,
    total: int,
    extra: Sequence[int] = (),
    library: str | None = None,
) -> tuple[list[Candidate], dict[str, int]]:
    """The lexical candidates of ``focus``, plus the sections ``extra`` names (another lane's),
    each with its evidence; and how many sections hold each concept. A focus without concepts
    (Chinese words without a translation, asked of English docs) has nothing to weigh a
    candidate by: none. ``library`` (the shard's library id, ``library_of``) tells the releases
    the focus names from another name's versions ("Python 2.7")."""
    if not focus.concepts:
        return [], {}
    # Every query below matches a part of the focus' expression: its index pages, once.
    load_index_for(conn, focus.expression)
    frequencies = _frequencies(conn, focus)
    expression = _recall_expression(focus, frequencies, total)
    released = _release_entries(conn, focus, library)
    if not expression and not extra and not released:
        return [], frequencies
    whole = _focus_scores(conn, focus)
    scores, headed = _recall(conn, focus, expression) if expression else ({}, [])
    plain = whole.plain_places()
    # The sections other lanes add get the bm25() of the recall query too, as the recall's own
    # (0.0 where it does not match them): one scale for every candidate, or the best of them
    # would be measured on another query than the rest.
    others = sorted({*headed, *plain, *extra, *released} - set(scores))
    among = _bm25_among(conn, expression, others) if expression else {}
    scores.update({i: among.get(i, 0.0) for i in others})
    ids = sorted(scores)
    hits = _hits(conn, focus, frequencies, ids)
    _hold_release_numbers(focus, released, frequencies, hits)
    rows = conn.execute(
        "SELECT id, heading, heading_path, anchor, source, body_length FROM sections "
        f"WHERE id IN ({placeholders(len(ids))})",
        ids,
    )
    candidates = [
        Candidate(
            section_id=int(i),
            heading=str(heading),
            heading_path=heading_path_of(path),
            anchor=str(anchor),
            source=None if source is None else str(source),
            body_length=int(length or 0),
            bm25=scores[int(i)],
            hits=hits[int(i)],
            plain_rank=plain.get(int(i)),
            field_bm25=whole.fields.get(int(i), (0.0,) * len(FIELD_WEIGHTS)),
        )
        for i, heading, path, anchor, source, length in rows
    ]
    return candidates, frequencies


def library_of(conn: sqlite3.Connection) -> str | None:
    """The id of the library a shard holds the docs of."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'library_id'").fetchone()
    return None if row is None else str(row[0])


_PRE_RELEASE_TAG = re.compile(r"[a-z]+\d*$")


def _release_entries(conn: sqlite3.Connection, focus: Focus, library: str | None) -> dict[int, str]:
    """The changelog entries of the releases of ``library`` (the shard's library id) the focus
    names, whatever their words, and the release of each: "what changed in 8.0" asks about the
    entry headed "8.0.0", whose text need not say "8.0"."""
    releases = releases_asked(focus.text, library)
    if not releases:
        return {}
    # A release's heading writes its number whole ("8.0" in "8.0.0", "3.0" in "3.0.0-rc.4"):
    # the others are not read.
    ordered = sorted({_PRE_RELEASE_TAG.sub("", release) for release in releases})
    where = " OR ".join("instr(lower(heading), ?) > 0" for _ in ordered)
    rows = conn.execute(f"SELECT id, heading, source FROM sections WHERE {where}", ordered)
    # Entries as the ranker tells them: a numbered section ("3.2. The standard type hierarchy",
    # Sphinx's :numbered:) has a heading that reads as a release, and is none.
    named = {
        int(i): release_of(str(heading))
        for i, heading, source in rows
        if is_changelog_section(str(heading), source)
    }
    return {i: release for i, release in named.items() if release in releases}


def _hold_release_numbers(
    focus: Focus,
    released: dict[int, str],
    frequencies: dict[str, int],
    hits: dict[int, dict[str, float]],
) -> None:
    """A release number no section writes as the focus does ("1.19", "v1.19.0": the heading
    says "1.19.0 / 2022-02-16") is held by the entries of that release. Without them a focus
    that is only the number ("v1.19") weighed nothing and had no answer."""
    for concept in focus.concepts:
        numbers = release_numbers(concept.label)
        if frequencies[concept.label] or not numbers:
            continue
        holders = [i for i, release in released.items() if release in numbers]
        frequencies[concept.label] = len(holders)
        for i in holders:
            hits[i][concept.label] = 1.0


@dataclass(frozen=True)
class FocusScores:
    """What one match of the whole focus says about every section it matches: the plain
    (unweighted) bm25, the field-weighted one, and one per field alone (FIELD_WEIGHTS).
    One query instead of three: matching the whole focus is the costly part, not the scores."""

    plain: dict[int, float]
    weighted: dict[int, float]
    fields: dict[int, tuple[float, ...]]

    def plain_places(self) -> dict[int, int]:
        """Section id -> place in the plain bm25 ranking (best first, ties by id), for the
        best PLAIN_LIMIT: a second opinion that does well where the words of a question are
        spread over a section."""
        best = sorted(self.plain, key=lambda i: (self.plain[i], i))[:PLAIN_LIMIT]
        return {section_id: place for place, section_id in enumerate(best)}


def _focus_scores(conn: sqlite3.Connection, focus: Focus) -> FocusScores:
    columns = ", ".join(
        f"bm25({FTS_TABLE}, {', '.join(map(str, weights))})" for weights in FIELD_WEIGHTS
    )
    sql = (
        f"SELECT rowid, bm25({FTS_TABLE}), {_BM25}, {columns} FROM {FTS_TABLE} "
        f"WHERE {FTS_TABLE} MATCH ?"
    )
    plain, weighted, fields = {}, {}, {}
    for row in conn.execute(sql, (focus.expression,)):
        section_id = int(row[0])
        plain[section_id], weighted[section_id] = float(row[1]), float(row[2])
        fields[section_id] = tuple(float(value) for value in row[3:])
    return FocusScores(plain, weighted, fields)


def section_count(conn: sqlite3.Connection) -> int:
    # ids are positions 1..N, so the largest is the count, read from the end of the b-tree.
    return int(conn.execute("SELECT coalesce(max(id), 0) FROM sections").fetchone()[0])


def has_heading(conn: sqlite3.Connection, heading: str, *, any_case: bool = False) -> bool:
    """Whether some section of the shard has exactly this heading (``any_case``: ASCII case
    aside)."""
    where = "lower(heading) = lower(?)" if any_case else "heading = ?"
    sql = f"SELECT 1 FROM sections WHERE {where} LIMIT 1"
    return conn.execute(sql, (heading,)).fetchone() is not None
