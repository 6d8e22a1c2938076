"""The backend for models a user can download: any model fastembed runs, by its name (for
example ``fastembed:BAAI/bge-small-en-v1.5``, or the static ``fastembed:minishlab/potion-base-8M``,
which embeds a thousand sections in well under a second).

fastembed downloads a model on first use into its cache (FASTEMBED_CACHE_PATH); ``model_dir``
loads one from a local folder instead, which is how machines without a network use it.
Its query_embed and passage_embed add whatever prefixes the model was trained with.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from semantic.embedders import EXTRA_HINT, ModelUnavailable

if TYPE_CHECKING:
    from semantic.embedders import Matrix

BACKEND = "fastembed"


class FastEmbedEmbedder:
    def __init__(self, name: str, model_dir: Path | None = None) -> None:
        try:
            import numpy as np
            from fastembed import TextEmbedding
        except ImportError as error:
            raise ModelUnavailable(f"fastembed is not installed; {EXTRA_HINT}") from error
        from semantic.quantize import normalise

        self._np = np
        self._normalise = normalise
        try:
            self._model = TextEmbedding(
                model_name=name,
                specific_model_path=None if model_dir is None else str(model_dir),
                lazy_load=False,
            )
        except (ValueError, OSError) as error:
            where = f" from {model_dir}" if model_dir else ""
            raise ModelUnavailable(f"fastembed cannot load {name!r}{where}: {error}") from error
        self.model_id = f"{BACKEND}:{name}"
        # What the loaded model makes, not what fastembed's registry says: a local folder may
        # hold another size of the named model.
        self.dims = len(next(iter(self._model.query_embed("dimensions"))))

    def _matrix(self, rows: Iterable[object]) -> Matrix:
        listed = list(rows)
        matrix = self._np.asarray(listed, dtype=self._np.float32).reshape(len(listed), -1)
        return self._normalise(matrix)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return self._matrix(self._model.passage_embed(list(texts)))

    def embed_query(self, text: str) -> Matrix:
        return self._matrix(self._model.query_embed(text))


def load(name: str, model_dir: Path | None = None) -> FastEmbedEmbedder:
    return FastEmbedEmbedder(name, model_dir)
