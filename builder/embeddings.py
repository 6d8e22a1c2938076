"""Embed one version's sections into its .vec sidecar, reusing every vector embedded before.

Vectors are kept in ``embeddings.sqlite`` in the build cache, keyed by the model id and the
sha256 of the passage text (schemas/vectors.py: heading path, heading and the body's opening),
so a rebuild embeds only sections whose passage changed and an unchanged rebuild embeds none.
The key is the passage's hash rather than the body's: a renamed heading changes the passage.
The embedding backend is imported only here and only when a build asks for embeddings.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.cache import BuildCache
from builder.errors import BuildError
from builder.shards import shard_folder
from schemas.vectors import VECTORS_FORMAT, VECTORS_SUFFIX, encode_vectors, passage_text

if TYPE_CHECKING:
    from builder.stages.volume import WrittenVolume
    from semantic.embedders import Embedder

EMBEDDINGS_FILE = "embeddings.sqlite"
# Passages handed to the model at once: big enough to amortise a call, small enough that the
# progress report moves and a killed build loses little (the cache is written per batch).
EMBED_BATCH = 32
_SCHEMA = "CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vector BLOB NOT NULL)"


@dataclass(frozen=True)
class VectorsInfo:
    """A written sidecar, as catalog.json describes it, and what making it cost."""

    path: str
    sha256: str
    bytes: int
    model: str
    dims: int
    sections: int
    embedded: int  # passages the model had to embed (the rest came from the cache)
    seconds: float


class EmbeddingStore:
    """Float32 vectors by (model, passage sha256) in one SQLite file; ``None`` keeps nothing."""

    def __init__(self, root: Path | None) -> None:
        self._conn: sqlite3.Connection | None = None
        if root is not None:
            root.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(root / EMBEDDINGS_FILE)
            try:
                conn.execute(_SCHEMA)
            except BaseException:
                conn.close()  # not left for the collector: the file stays unlocked
                raise
            self._conn = conn

    def load(self, keys: Sequence[str]) -> dict[str, bytes]:
        if self._conn is None or not keys:
            return {}
        found: dict[str, bytes] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._conn.execute(
                f"SELECT key, vector FROM vectors WHERE key IN ({marks})", chunk
            )
            found.update((str(key), bytes(vector)) for key, vector in rows)
        return found

    def store(self, items: Iterable[tuple[str, bytes]]) -> None:
        if self._conn is None:
            return
        with self._conn:
            self._conn.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", items)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()


def passage_key(model: str, passage: str) -> str:
    return hashlib.sha256(f"{model}\0{passage}".encode()).hexdigest()


def record_passage(record: Mapping[str, Any]) -> str:
    heading_path = record.get("headingPath")
    return passage_text(
        [str(h) for h in heading_path] if isinstance(heading_path, list) else [],
        str(record.get("heading", "")),
        str(record.get("body", "")),
    )


def embed_passages(
    embedder: Embedder,
    passages: Sequence[str],
    store: EmbeddingStore,
    on_batch: Callable[[int], None] | None = None,
) -> tuple[list[bytes], int]:
    """Each passage's float32 vector bytes, embedding only those the store lacks; and how many
    the model embedded."""
    import numpy as np

    keys = [passage_key(embedder.model_id, p) for p in passages]
    known = store.load(keys)
    missing = sorted({k: p for k, p in zip(keys, passages, strict=True) if k not in known}.items())
    for start in range(0, len(missing), EMBED_BATCH):
        batch = missing[start : start + EMBED_BATCH]
        matrix = embedder.embed_passages([p for _, p in batch]).astype(np.float32)
        made = [(key, row.tobytes()) for (key, _), row in zip(batch, matrix, strict=True)]
        store.store(made)
        known.update(made)
        if on_batch is not None:
            on_batch(len(batch))
    return [known[k] for k in keys], len(missing)


def write_vectors(
    staging: Path,
    library_id: str,
    version: str,
    records: Sequence[Mapping[str, Any]],
    embedder: Embedder,
    store: EmbeddingStore,
    on_batch: Callable[[int], None] | None = None,
) -> VectorsInfo:
    """Write the version's sidecar (one row per record, in shard order) under ``staging``."""
    import numpy as np

    from semantic.quantize import quantise

    started = time.perf_counter()
    rows, embedded = embed_passages(embedder, [record_passage(r) for r in records], store, on_batch)
    matrix = np.frombuffer(b"".join(rows), dtype=np.float32).reshape(len(rows), embedder.dims)
    data = encode_vectors(quantise(embedder.model_id, matrix))
    sha256 = hashlib.sha256(data).hexdigest()
    path = f"{shard_folder(library_id, version)}.{sha256[:16]}{VECTORS_SUFFIX}"
    target = staging / path
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, target)
    except OSError as error:
        where = f"{library_id} {version}"
        raise BuildError(f"could not write the vectors of {where}: {error}") from error
    seconds = time.perf_counter() - started
    return VectorsInfo(
        path, sha256, len(data), embedder.model_id, embedder.dims, len(rows), embedded, seconds
    )


def vectors_description(info: VectorsInfo) -> dict[str, Any]:
    """The ``vectors`` field of a shard in catalog.json."""
    return {
        "path": info.path,
        "sha256": info.sha256,
        "bytes": info.bytes,
        "model": info.model,
        "dims": info.dims,
        "sections": info.sections,
        "format": VECTORS_FORMAT,
    }


class VectorsStage:
    """The build's embedding stage: one version's volume → its sidecar. The passage store
    spares re-embedding unchanged sections; the whole sidecar of an unchanged volume is kept
    by the build cache around this stage (``builder.cached_stages.write_vectors_cached``)."""

    def __init__(
        self,
        embedder: Embedder,
        store: EmbeddingStore,
        on_batch: Callable[[int], None] | None = None,
    ) -> None:
        self.embedder = embedder
        self.store = store
        self.on_batch = on_batch

    def write(self, volume: WrittenVolume, folder: Path) -> VectorsInfo:
        """Write the volume's sidecar under ``folder``, one row per record in shard order."""
        return write_vectors(
            folder,
            volume.library_id,
            volume.version,
            volume.records,
            self.embedder,
            self.store,
            self.on_batch,
        )

    def close(self) -> None:
        self.store.close()


def load_vectors_stage(
    model: str, cache: BuildCache, on_batch: Callable[[int], None] | None = None
) -> VectorsStage:
    """The embedding stage for ``model``; a BuildError says how to get a model that is missing."""
    from semantic.embedders import SemanticError, load_embedder

    try:
        embedder = load_embedder(model)
    except SemanticError as error:
        raise BuildError(f"cannot embed with {model!r}: {error}") from error
    return VectorsStage(embedder, EmbeddingStore(cache.root), on_batch)
