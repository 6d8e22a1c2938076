"""The semantic lane's contract: what text a section is embedded from, and the .vec sidecar.

The builder embeds every section of a version into one sidecar file beside the shard; a client
with the ``doctrove[semantic]`` extra reads it. Both must agree on the passage text (so cached
vectors match what a client's model would make) and on the bytes, which are:

    magic        8 bytes   b"DTVEC1\\n\\0"
    count        uint32    sections, in shard order (row i is the section with id i + 1)
    dims         uint32    vector dimensions
    model        uint16 length, then that many UTF-8 bytes: the embedding model's id
    scales       count float32, little-endian: row i's int8 values times scales[i]
    vectors      count * dims int8

Vectors are L2-normalised before quantisation, so a dot product of a unit query vector with a
dequantised row is the cosine similarity to within about 1%. Nothing here needs numpy.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass

VECTORS_FORMAT = "doctrove-vectors@1"
VECTORS_SUFFIX = ".vec"
MAGIC = b"DTVEC1\n\0"
# The opening of a section is what the model sees: embedding cost grows faster than linearly
# with length, and the heading and first paragraph carry what a section is about.
PASSAGE_MAX_CHARS = 480
_HEADING_SEPARATOR = " > "
_HEADER = struct.Struct("<8sII")
_MODEL_LENGTH = struct.Struct("<H")


class VectorsInvalid(ValueError):
    """A sidecar's bytes do not follow the format above."""


@dataclass(frozen=True)
class SectionVectors:
    """A decoded sidecar: ``values`` holds count * dims int8 values, row after row."""

    model: str
    dims: int
    scales: tuple[float, ...]
    values: bytes

    @property
    def count(self) -> int:
        return len(self.scales)


def passage_text(heading_path: Sequence[str], heading: str, body: str) -> str:
    """What a section is embedded from: its heading path, heading and the opening of its body,
    at most PASSAGE_MAX_CHARS characters."""
    title = _HEADING_SEPARATOR.join([*heading_path, heading])
    text = f"{title}\n{' '.join(body.split())}" if body.strip() else title
    return text[:PASSAGE_MAX_CHARS]


def encode_vectors(vectors: SectionVectors) -> bytes:
    """The sidecar's bytes."""
    if len(vectors.values) != vectors.count * vectors.dims:
        raise VectorsInvalid(
            f"{len(vectors.values)} values for {vectors.count} rows of {vectors.dims}"
        )
    model = vectors.model.encode()
    return b"".join(
        [
            _HEADER.pack(MAGIC, vectors.count, vectors.dims),
            _MODEL_LENGTH.pack(len(model)),
            model,
            struct.pack(f"<{vectors.count}f", *vectors.scales),
            vectors.values,
        ]
    )


def decode_vectors(data: bytes) -> SectionVectors:
    """Read a sidecar; raise VectorsInvalid when its bytes do not add up."""
    if len(data) < _HEADER.size + _MODEL_LENGTH.size:
        raise VectorsInvalid("the file is shorter than its header")
    magic, count, dims = _HEADER.unpack_from(data)
    if magic != MAGIC:
        raise VectorsInvalid(f"not a {VECTORS_FORMAT} file (its first bytes are {magic!r})")
    offset = _HEADER.size
    (model_length,) = _MODEL_LENGTH.unpack_from(data, offset)
    offset += _MODEL_LENGTH.size
    model = data[offset : offset + model_length].decode("utf-8", "replace")
    offset += model_length
    expected = offset + 4 * count + count * dims
    if len(data) != expected:
        raise VectorsInvalid(f"{len(data)} bytes where {count} rows of {dims} take {expected}")
    scales = struct.unpack_from(f"<{count}f", data, offset)
    offset += 4 * count
    return SectionVectors(model, dims, tuple(scales), data[offset:])
