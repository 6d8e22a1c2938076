"""Retrieval metrics over ranked result keys: recall@k and reciprocal rank, and their averages.

A query is answered by any one of its expected sections, so recall@k is 1 when any expected key
is among the first k results, and the reciprocal rank is that of the first expected key found.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


def recall_at(ranking: Sequence[str], expected: Collection[str], k: int) -> float:
    """1.0 when one of ``expected`` is among the first ``k`` of ``ranking``, else 0.0."""
    return 1.0 if any(key in expected for key in ranking[:k]) else 0.0


def reciprocal_rank(ranking: Sequence[str], expected: Collection[str], k: int = 10) -> float:
    """1 / the position of the first expected key within the first ``k``; 0.0 if none."""
    for position, key in enumerate(ranking[:k], start=1):
        if key in expected:
            return 1.0 / position
    return 0.0


@dataclass(frozen=True)
class Scores:
    """Averages over a group of answerable queries."""

    count: int
    recall_1: float
    recall_5: float
    mrr_10: float


def average(rankings: Sequence[Sequence[str]], expected: Sequence[Collection[str]]) -> Scores:
    """recall@1, recall@5 and MRR@10 averaged over queries (zeros for no queries)."""
    count = len(rankings)
    if count == 0:
        return Scores(0, 0.0, 0.0, 0.0)
    pairs = list(zip(rankings, expected, strict=True))
    return Scores(
        count,
        sum(recall_at(r, e, 1) for r, e in pairs) / count,
        sum(recall_at(r, e, 5) for r, e in pairs) / count,
        sum(reciprocal_rank(r, e, 10) for r, e in pairs) / count,
    )


def right_at_one(ranking: Sequence[str], expected: Collection[str]) -> bool:
    """Rank 1 is right: an expected section, or no section at all when none answers."""
    if not expected:
        return not ranking
    return bool(ranking) and ranking[0] in expected


Answer = tuple[Sequence[str], Collection[str]]  # a ranking and the keys that answer


def pairs_right(pairs: Sequence[tuple[Answer, Answer]]) -> tuple[int, int]:
    """(pairs whose two versions are both right at rank 1, pairs)."""
    return sum(1 for a, b in pairs if right_at_one(*a) and right_at_one(*b)), len(pairs)
