"""Merge the lexical answer with the semantic lane's nearest sections: reciprocal rank fusion.

Pure: it sees section ids in order, never vectors. The dense lane is a recall lane (cosine
similarity cannot tell an unanswerable question from an answerable one), so fusion never
creates an answer the lexical ranking abstained from; it reorders and widens one it gave.
"""

from __future__ import annotations

from collections.abc import Sequence

# The usual constant of reciprocal rank fusion: ranks far down either list still count a little.
RRF_K = 60
# Nearest sections the dense lane offers to the fusion.
DENSE_LIMIT = 20
# The lexical answer's first sections that keep their places (0: fusion reorders them all):
# chosen on the evaluation's dev split (python -m eval.semantic).
KEEP_LEXICAL = 0


def fuse_rankings(
    lexical: Sequence[int], dense: Sequence[int], k: int = RRF_K, keep: int = 0
) -> list[tuple[int, float]]:
    """(section id, fused score) best first: each list adds 1 / (k + rank) for the sections it
    holds; ties keep the lexical order, then the dense order. The first ``keep`` lexical
    sections stay first, in their order."""
    scores: dict[int, float] = {}
    for ranking in (lexical, dense):
        for rank, section_id in enumerate(ranking, start=1):
            scores[section_id] = scores.get(section_id, 0.0) + 1.0 / (k + rank)
    order: dict[int, int] = {}
    for section_id in [*lexical, *dense]:
        order.setdefault(section_id, len(order))
    kept = [(i, scores[i]) for i in lexical[:keep]]
    rest = sorted(
        ((i, score) for i, score in scores.items() if i not in lexical[:keep]),
        key=lambda item: (-item[1], order[item[0]]),
    )
    return kept + rest
