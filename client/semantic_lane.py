"""doc_extract's semantic lane: the embedding model, loaded in the background, and the dense
answer for one focus on one version.

The lane is optional twice over: it is off unless ``--semantic`` asks for it, and it needs the
``doctrove[semantic]`` extra. Nothing here imports numpy or a model until :meth:`start` runs,
so a lexical-only client never loads them. Until the model is ready, or where a version has no
vectors for it, answers are lexical and ``semantic.status`` says why.

    status      meaning
    used        the dense lane's nearest sections and cosines were ranked with the lexical ones
    loading     the model is still loading; this answer is lexical
    unavailable the extra is not installed or the model failed to load (reason says which)
    no-vectors  the site has no vectors for this version (built without --embed)
    other-model the version's vectors were made by another model than the one loaded
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from msgspec import UNSET

from client.errors import ClientError
from client.model import VectorsRef
from client.search.dense import DENSE_LIMIT, DenseScores
from schemas.answers import Lane, Semantic, SemanticStatus

if TYPE_CHECKING:
    from semantic.dense import VectorIndex
    from semantic.embedders import Embedder

log = logging.getLogger("doctrove.semantic")

LEXICAL: Lane = "lexical"
SEMANTIC: Lane = "semantic"
# Versions whose vectors stay decoded in memory (about 1.5 kB a section as float32).
KEPT_INDEXES = 8


class VectorSource(Protocol):
    def vectors(self, entry_id: str, version: str) -> tuple[VectorsRef, bytes] | None: ...


@dataclass(frozen=True)
class DenseAnswer:
    """The dense lane's scores for the focus (None when it could not take part), its status."""

    scores: DenseScores | None
    status: SemanticStatus
    reason: str = ""

    def lanes(self) -> list[Lane]:
        """The answer's ``lanes``: the lanes whose candidates it ranked."""
        return [LEXICAL, SEMANTIC] if self.scores is not None else [LEXICAL]

    def semantic(self) -> Semantic:
        """The answer's ``semantic``: the lane's status, and why when it did not take part."""
        return Semantic(status=self.status, reason=self.reason or UNSET)


class SemanticLane:
    """One embedding model for the whole process, loaded once by :meth:`start`."""

    def __init__(self, model: str) -> None:
        self.model = model
        self._embedder: Embedder | None = None
        self._failure: str | None = None
        self._ready = threading.Event()
        self._started = False
        self._lock = threading.Lock()
        self._indexes: OrderedDict[str, VectorIndex] = OrderedDict()

    def start(self) -> None:
        """Load the model in a background thread (once); answers stay lexical meanwhile."""
        with self._lock:
            if self._started:
                return
            self._started = True
        threading.Thread(target=self._load, name="semantic-model", daemon=True).start()

    def _load(self) -> None:
        try:
            from semantic.embedders import load_embedder

            self._embedder = load_embedder(self.model)
        except Exception as error:  # an import error, a missing model: the lane stays off
            self._failure = f"{type(error).__name__}: {error}"
            log.warning("semantic lane unavailable: %s", self._failure)
        finally:
            self._ready.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the model has loaded or failed (tests, benchmarks); True when done."""
        return self._ready.wait(timeout)

    def status(self) -> dict[str, Any]:
        if not self._ready.is_set():
            return {"model": self.model, "status": "loading"}
        if self._embedder is None:
            return {"model": self.model, "status": "unavailable", "reason": self._failure}
        return {"model": self._embedder.model_id, "status": "ready", "dims": self._embedder.dims}

    @property
    def ready(self) -> bool:
        return self._embedder is not None

    def nearest(self, source: VectorSource, entry_id: str, version: str, focus: str) -> DenseAnswer:
        """The sections of the version nearest ``focus``, or why the lane cannot say."""
        if not self._ready.is_set():
            return DenseAnswer(None, "loading", "the embedding model is loading; lexical only")
        embedder = self._embedder
        if embedder is None:
            return DenseAnswer(None, "unavailable", self._failure or "")
        try:
            found = source.vectors(entry_id, version)
        except ClientError as error:  # a bad sidecar costs the lane, never the answer
            return DenseAnswer(None, "unavailable", error.message)
        if found is None:
            return DenseAnswer(None, "no-vectors", f"the site has no vectors for {version}")
        ref, data = found
        if ref.model != embedder.model_id:
            return DenseAnswer(
                None,
                "other-model",
                f"the vectors were made by {ref.model}; this client runs {embedder.model_id}",
            )
        index = self._index(ref, data)
        if index is None:
            return DenseAnswer(None, "unavailable", f"{ref.path} is not a valid vectors file")
        query = embedder.embed_query(focus)
        nearest = tuple(section_id for section_id, _ in index.nearest(query, DENSE_LIMIT))
        return DenseAnswer(DenseScores(index.similarity(query).tolist(), nearest), "used")

    def _index(self, ref: VectorsRef, data: bytes) -> VectorIndex | None:
        from schemas.vectors import VectorsInvalid
        from semantic.dense import VectorIndex

        with self._lock:
            index = self._indexes.get(ref.sha256)
            if index is not None:
                self._indexes.move_to_end(ref.sha256)
                return index
        try:
            index = VectorIndex.from_bytes(data)
        except VectorsInvalid:
            return None
        if index.model != ref.model or len(index.matrix) != ref.sections:
            return None
        with self._lock:
            self._indexes[ref.sha256] = index
            while len(self._indexes) > KEPT_INDEXES:
                self._indexes.popitem(last=False)
        return index
