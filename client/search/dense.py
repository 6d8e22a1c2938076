"""The semantic lane's evidence for the ranker: two more features per candidate.

When the lane is on, the version's nearest sections to the focus (by cosine of their vectors)
join the lexical candidates, and every candidate gets its cosine, relative to the best
candidate's, and its reciprocal place in the dense ranking (0 outside the first DENSE_LIMIT).
The dense-aware ranker (schemas/ranker-semantic.json, trained on the evaluation's dev split by
``python -m eval.semantic --write``) weighs them with the lexical features. On dev this beat
reciprocal rank fusion of the two lists (README, "The semantic lane"). Pure: it sees numbers,
never vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from client.search.features import FEATURES, Described

DENSE_FEATURES = (
    "cosine",  # cosine of the section's vector with the focus's, relative to the best candidate
    "dense_rank",  # 1 / place among the sections nearest the focus; 0 past DENSE_LIMIT
)
SEMANTIC_FEATURES = (*FEATURES, *DENSE_FEATURES)
# Nearest sections the dense lane adds to the candidates.
DENSE_LIMIT = 20
# A section the dense lane offers counts as covering this much of the focus, so the listing
# rule (client.search.may_answer) does not drop it for sharing no word with the focus.
DENSE_COVERAGE = 0.1


@dataclass(frozen=True)
class DenseScores:
    """The dense lane's view of one version for one focus: the cosine of every section
    (index i is the section with id i + 1) and the nearest sections' ids, nearest first."""

    similarity: Sequence[float]
    nearest: tuple[int, ...]

    def cosine(self, section_id: int) -> float:
        return float(self.similarity[section_id - 1])


def with_dense(described: Sequence[Described], dense: DenseScores) -> list[Described]:
    """``described`` with DENSE_FEATURES appended to each candidate's features."""
    places = {section_id: place for place, section_id in enumerate(dense.nearest, start=1)}
    cosines = {d.candidate.section_id: dense.cosine(d.candidate.section_id) for d in described}
    best = max(cosines.values(), default=0.0)
    extended = []
    for d in described:
        section_id = d.candidate.section_id
        place = places.get(section_id)
        relative = cosines[section_id] / best if best > 0 else 0.0
        extended.append(
            replace(
                d,
                features=(*d.features, relative, 1.0 / place if place else 0.0),
                coverage=max(d.coverage, DENSE_COVERAGE) if place else d.coverage,
                matches=(*d.matches, f"meaning: cosine {cosines[section_id]:.2f}")
                if place
                else d.matches,
            )
        )
    return extended
