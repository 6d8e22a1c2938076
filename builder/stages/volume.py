"""The volume stage: a version's records written as its volume of index.json, and checked.

The volume is written to a fragment file that ``write_index`` later stitches into index.json;
from then on the version's records are read back from that file one at a time rather than kept
in memory (``VolumeRecords``).
"""

from __future__ import annotations

import hashlib
import json
import mmap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

import msgspec
import orjson

from builder.errors import IndexInvalid
from builder.model import CompiledVersion, records_json
from schemas.index_rules import volume_problems

# How many bytes of a volume are joined for one write.
WRITE_BYTES = 1 << 20


class VolumeRecords(Sequence[dict[str, Any]]):
    """A written volume's section records, decoded one at a time on access.

    ``spans`` say where each record lies in the file; without them (a volume the cache had
    whole) the file is decoded once, when a record is first asked for.
    """

    def __init__(
        self,
        path: Path,
        spans: tuple[tuple[int, int], ...] | None,
        digests: Sequence[tuple[int, int, str]] = (),
        sources: Sequence[tuple[str, int]] | None = None,
    ) -> None:
        self._path = path
        self._spans = spans
        self._file: mmap.mmap | None = None
        self._decoded: list[bytes] | None = None
        # Each record's ``source``, from runs the compile stage knew (``record_sources``).
        self._sources: list[object] | None = None
        if sources is not None and spans is not None:
            known: list[object] = [source for source, count in sources for _ in range(count)]
            self._sources = known if len(known) == len(spans) else None
        # ``records_digest`` of runs of records known already, (first, count, digest) each
        # (``CompiledVersion.file_digests``): a file's records are most often one page's.
        self._digests: dict[tuple[int, ...], str] = {
            tuple(range(first, first + count)): digest for first, count, digest in digests
        }

    def _record_bytes(self, index: int) -> bytes:
        if self._spans is None:
            return self._decoded_records()[index]
        if self._file is None:
            with self._path.open("rb") as handle:
                self._file = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        start, end = self._spans[index]
        return self._file[start:end]

    def _decoded_records(self) -> list[bytes]:
        if self._decoded is None:
            # json, not orjson: orjson.loads briefly takes over ten times the input's size.
            sections = json.loads(self._path.read_bytes())["sections"]
            self._decoded = [orjson.dumps(s, option=orjson.OPT_SORT_KEYS) for s in sections]
        return self._decoded

    def record_json(self, index: int) -> bytes:
        """The JSON of record ``index`` as the volume holds it (keys sorted), not decoded."""
        return self._record_bytes(index)

    def records_digest(self, positions: Sequence[int]) -> str:
        """The sha256 of the records at ``positions`` (``builder.model.records_digest``),
        hashed once for the version's stages."""
        key = tuple(positions)
        digest = self._digests.get(key)
        if digest is None:
            digest = hashlib.sha256(records_json(self, key)).hexdigest()
            self._digests[key] = digest
        return digest

    def sources(self) -> list[object]:
        """Each record's ``source``, had once for the version (the shard and the pages both
        group records by it): as the compile stage knew them, else read from the file, where
        msgspec reads the sources alone, skipping every other field without making an object
        of it, at a fifth of the cost of decoding records."""
        if self._sources is None:
            with (
                self._path.open("rb") as handle,
                mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as whole,
                memoryview(whole) as view,
            ):
                self._sources = [record.source for record in _SOURCES.decode(view).sections]
        return self._sources

    def __len__(self) -> int:
        return len(self._spans) if self._spans is not None else len(self._decoded_records())

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [orjson.loads(self._record_bytes(i)) for i in range(len(self))[index]]
        if not -len(self) <= index < len(self):
            raise IndexError("record index out of range")
        record: dict[str, Any] = orjson.loads(self._record_bytes(index % len(self)))
        return record


class _Source(msgspec.Struct):
    source: Any = None


class _VolumeSources(msgspec.Struct):
    sections: list[_Source]


_SOURCES = msgspec.json.Decoder(_VolumeSources)


@dataclass(frozen=True)
class WrittenVolume:
    """A version's volume on disk: the fragment index.json is stitched from, its sha256, and
    its records read back from it."""

    library_id: str
    version: str
    summary: str | None
    path: Path
    sha256: str
    records: VolumeRecords
    validated: bool  # every record was checked against the schema already


def volume_parts(compiled: CompiledVersion) -> Iterator[tuple[bytes, bytes]]:
    """(separator, content) pairs that make up the volume: the JSON with sorted keys that
    orjson would write for the whole dict. Contents that are records are those between the
    opening and the closing piece."""
    if compiled.cached_volume is not None:
        yield b"", compiled.cached_volume
        return
    yield b"", b'{"sections":['
    for n, record in enumerate(compiled.records):
        yield (b"," if n else b""), record
    yield b"", b"]"
    if compiled.summary:
        yield b"", b',"summary":' + orjson.dumps(compiled.summary)
    yield b"", b"}"


def volume_bytes(compiled: CompiledVersion) -> bytes:
    return b"".join(separator + content for separator, content in volume_parts(compiled))


def write_volume(compiled: CompiledVersion, path: Path) -> WrittenVolume:
    """Write the version's volume to ``path``, hashing it on the way, in pieces of about
    ``WRITE_BYTES`` (a write and a hash update per record cost a 15,000-section version
    0.05 s more)."""
    digest = hashlib.sha256()
    spans: list[tuple[int, int]] = []
    position = 0
    batch: list[bytes] = []
    batched = 0

    def flush() -> None:
        data = b"".join(batch)
        digest.update(data)
        handle.write(data)
        batch.clear()

    with path.open("wb") as handle:
        for n, (separator, content) in enumerate(volume_parts(compiled)):
            position += len(separator)
            if compiled.cached_volume is None and 1 <= n <= len(compiled.records):
                spans.append((position, position + len(content)))
            position += len(content)
            batch += (separator, content)
            if position - batched >= WRITE_BYTES:
                flush()
                batched = position
        flush()
    cached = compiled.cached_volume is not None
    records = VolumeRecords(
        path, None if cached else tuple(spans), compiled.file_digests, compiled.record_sources
    )
    return WrittenVolume(
        compiled.library_id,
        compiled.version,
        compiled.summary,
        path,
        digest.hexdigest(),
        records,
        compiled.validated,
    )


def check_volume(volume: WrittenVolume) -> None:
    """Raise ``IndexInvalid`` when the volume breaks a rule of doctrove-index@1."""
    where = f"/entries/{volume.library_id}/volumes/{volume.version}"
    # The records themselves, not a re-parse of the bytes: orjson.loads would briefly
    # allocate over ten times the volume's size.
    document: dict[str, Any] = {"sections": list(volume.records)}
    if volume.summary:
        document["summary"] = volume.summary
    problems = volume_problems(document, where)
    if problems:
        raise IndexInvalid(
            f"the volume of {volume.library_id} {volume.version}", [str(p) for p in problems]
        )
