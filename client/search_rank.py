"""Score candidate sections against a parsed focus: a 0..1 relevance and the signals behind it.

The shard's bm25() finds candidates; this decides their order and whether they answer at all.
A section's score mixes, with concepts weighted by how rare they are in the shard (bm25's idf):

- coverage: the share of the focus the section mentions anywhere (synonyms and compound parts
  count for less than the caller's own word),
- heading coverage: the share its heading names, and a little for its heading path,
- bm25 relative to the best candidate, which brings in term frequency and length,

and a section whose heading is an identifier of the focus (``Session.mount`` for
``requests.Session.mount``) ranks above all others. A section that covers too little of the focus
is not an answer: the relevance floor keeps confident junk out of empty-handed searches.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from client.search_query import Concept, Focus
from schemas.text import index_text

COVERAGE, HEADING, PATH, BM25 = 0.50, 0.30, 0.05, 0.15
# A second opinion: the section's place in a plain bm25() ranking of the whole focus adds up
# to PLAIN, decaying with the place (tuned on the eval's dev split: 0.846 -> 0.872 paraphrase
# recall@5 there; held-out test 0.692 -> 0.846).
PLAIN, PLAIN_DECAY = 0.2, 3.0
IDF_POWER = 0.5
PREFIX, MIN_PREFIX = 0.5, 4
# A heading that is an identifier of the focus scores in [0.9, 1]; one that mentions it in
# [0.6, 0.9): tiers that the other signals cannot cross.
NAMED, MENTIONED = (0.9, 1.0), (0.6, 0.9)
# Calibrated on the eval's dev split (python -m eval): a section that covers less of the focus
# is not an answer. There, the best section of all answerable queries but one (a Chinese
# question, 0.21) covered 0.28 or more, that of unanswerable ones 0.23 or less, bar two
# queries that the docs half answer after all.
MIN_COVERAGE = 0.25

_ARGUMENTS = re.compile(r"\([^)]*\)")


@dataclass(frozen=True)
class Candidate:
    """What the search knows about one section before ranking it."""

    section_id: int
    heading: str
    heading_path: tuple[str, ...]
    bm25: float  # FTS5 bm25() of the recall query: lower is better, 0.0 when unknown
    hits: Mapping[str, float]  # concept label -> weight of the best way found in the section
    plain_rank: int | None = None  # place in a plain bm25() ranking of the whole focus


@dataclass(frozen=True)
class Ranked:
    section_id: int
    score: float
    matches: tuple[str, ...]
    coverage: float
    named: bool  # the heading is an identifier of the focus


def idf(document_frequency: int, total: int) -> float:
    """bm25's inverse document frequency, never negative."""
    return math.log(1 + (total - document_frequency + 0.5) / (document_frequency + 0.5))


def concept_weights(
    concepts: Sequence[Concept], frequencies: Mapping[str, int], total: int
) -> dict[str, float]:
    """Each concept's share of the focus (summing to 1): rarer concepts weigh more, but only
    as the IDF_POWER root of their idf, because in a small shard a generic word the docs happen
    not to use ("fails") is rare without being what the question is about."""
    raw = {c.label: idf(frequencies.get(c.label, 0), total) ** IDF_POWER for c in concepts}
    scale = sum(raw.values())
    return {label: weight / scale for label, weight in raw.items()} if scale else {}


@functools.lru_cache(maxsize=8192)
def _tokens(text: str) -> frozenset[str]:
    """The search tokens of a heading; headings recur across queries, so they are remembered."""
    return frozenset(index_text(text).split())


def _field_hits(concepts: Sequence[Concept], text: str) -> dict[str, float]:
    """Concepts that ``text`` (a heading) holds, with the weight of the best way it holds them.

    A heading word that merely starts with the concept's word (``counter`` for ``count``)
    counts for PREFIX: headings are short, so the stemmer's misses matter there most."""
    tokens = _tokens(text)
    hits = {}
    for concept in concepts:
        best = max(
            (way.weight for way in concept.ways if all(t in tokens for t in way.tokens)),
            default=0.0,
        )
        prefixable = not concept.cjk and len(concept.label) >= MIN_PREFIX
        if not best and prefixable and any(t.startswith(concept.label) for t in tokens):
            best = PREFIX
        if best:
            hits[concept.label] = best
    return hits


def heading_name(heading: str) -> str:
    """A heading as an identifier: lowercase, no argument lists, no leading dot or colon."""
    return _ARGUMENTS.sub("", heading).strip().strip(":").lstrip(".").casefold()


def _bare(name: str) -> str:
    """A dotted name with the underscores around its last part dropped: ``__slots__`` → slots."""
    head, dot, last = name.rpartition(".")
    return head + dot + last.strip("_")


def identifier_match(identifiers: Sequence[str], heading: str) -> tuple[str, bool] | None:
    """The identifier the heading names (exactly or as the tail of a dotted path), and whether
    that match is whole (True) or only a mention in the heading (False). ``__slots__`` names a
    heading "Slots": dunder names are how code spells a concept that prose calls plainly."""
    name = _bare(heading_name(heading))
    tokens = _tokens(heading)
    for identifier in identifiers:
        bare = _bare(identifier)
        if bare and (name == bare or name.endswith("." + bare)):
            return identifier, True
    for identifier in identifiers:
        if identifier in tokens:
            return identifier, False
    return None


def _words(count: int) -> str:
    return f"{count} word" if count == 1 else f"{count} words"


def score_candidate(
    focus: Focus, weights: Mapping[str, float], candidate: Candidate, best_bm25: float
) -> Ranked:
    """The candidate's 0..1 score and its hit signals."""
    heading_hits = _field_hits(focus.concepts, candidate.heading)
    path_hits = _field_hits(focus.concepts, " ".join(candidate.heading_path))
    coverage = sum(weights.get(label, 0.0) * w for label, w in candidate.hits.items())
    heading = sum(weights.get(label, 0.0) * w for label, w in heading_hits.items())
    path = sum(weights.get(label, 0.0) * w for label, w in path_hits.items())
    relative = candidate.bm25 / best_bm25 if best_bm25 < 0 else 0.0
    score = COVERAGE * coverage + HEADING * heading + PATH * path + BM25 * min(relative, 1.0)
    if candidate.plain_rank is not None:
        score += PLAIN * PLAIN_DECAY / (PLAIN_DECAY + candidate.plain_rank)
    matches = []
    named = False
    found = identifier_match(focus.identifiers, candidate.heading)
    if found is not None:
        identifier, whole = found
        named = whole
        low, high = NAMED if whole else MENTIONED
        score = low + (high - low) * score
        matches.append(f"{'identifier' if whole else 'identifier in heading'}: {identifier}")
    if heading_hits:
        matches.append(f"heading hit: {_words(len(heading_hits))}")
    if path_hits:
        matches.append(f"heading path hit: {_words(len(path_hits))}")
    total = len(weights) or len(focus.concepts)
    matched = sum(1 for label in candidate.hits if label in weights)
    if matched:
        matches.append(f"text hit: {matched} of {_words(total)}")
    return Ranked(candidate.section_id, round(min(score, 1.0), 4), tuple(matches), coverage, named)


def rank_candidates(
    focus: Focus,
    candidates: Sequence[Candidate],
    frequencies: Mapping[str, int],
    total: int,
) -> list[Ranked]:
    """Candidates that answer the focus, best first (ties by document order)."""
    weights = concept_weights(focus.concepts, frequencies, total)
    if not weights:
        return []
    best_bm25 = min((c.bm25 for c in candidates), default=0.0)
    ranked = [score_candidate(focus, weights, c, best_bm25) for c in candidates]
    kept = [r for r in ranked if r.named or r.coverage >= MIN_COVERAGE]
    kept.sort(key=lambda r: (-r.score, r.section_id))
    return kept
