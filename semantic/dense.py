"""The dense lane's search: a version's section vectors, and the sections nearest a focus."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from schemas.vectors import SectionVectors, decode_vectors
from semantic.quantize import dequantise


@dataclass(frozen=True)
class VectorIndex:
    """One version's vectors as a float32 matrix; row i is the section with id i + 1."""

    model: str
    matrix: npt.NDArray[np.float32]

    @classmethod
    def from_bytes(cls, data: bytes) -> VectorIndex:
        vectors: SectionVectors = decode_vectors(data)
        return cls(vectors.model, dequantise(vectors))

    def similarity(self, query: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The cosine of every section with ``query`` (a unit vector, 1 × dims or dims)."""
        result: npt.NDArray[np.float32] = self.matrix @ query.reshape(-1)
        return result

    def nearest(self, query: npt.NDArray[np.float32], limit: int) -> list[tuple[int, float]]:
        """(section id, cosine similarity) of the ``limit`` nearest sections, nearest first,
        ties by id. ``query`` is one unit vector (1 × dims or dims)."""
        if not len(self.matrix):
            return []
        similarity = self.similarity(query)
        count = min(limit, len(similarity))
        chosen = np.argpartition(-similarity, count - 1)[:count]
        ordered = sorted(chosen.tolist(), key=lambda row: (-float(similarity[row]), row))
        return [(row + 1, round(float(similarity[row]), 4)) for row in ordered]
