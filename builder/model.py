"""The data that flows between build stages: small frozen dataclasses, no behaviour beyond views."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import orjson


@dataclass(frozen=True)
class Section:
    """One addressable piece of a document, as a parser produces it.

    ``heading_path`` holds the headings above this one, outermost first; it never includes
    ``heading`` itself. ``body`` is readable plain text with code kept as fenced blocks
    (three backticks, an optional language, the code, three backticks). Lines are 1-based and
    inclusive, counted in the source file. ``anchor`` is the id a reader of the rendered page
    links to; parsers propose one, and the pipeline makes it unique within its file.
    ``kind`` is "api" for the description of one API object (a function, a class...), whose
    body starts with its signatures as inline code, and "text" for everything else.
    """

    heading: str
    heading_path: tuple[str, ...]
    body: str
    source: str
    line_start: int
    line_end: int
    anchor: str
    level: int = 1
    kind: str = "text"

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SourceFile:
    """A file admitted into a version: its path relative to the version root, its text, and
    the sha256 of the bytes that text was decoded from (what the build cache keys on).
    A PDF or Office file has no text yet: its bytes are in ``data``, for its reader."""

    relpath: str
    text: str
    sha256: str = ""
    data: bytes | None = None
    # The UTF-8 of ``text`` when the reader has it (the file's own bytes): the HTML parser
    # reads it, and the size is its length, without encoding the text again.
    utf8: bytes | None = None

    @functools.cached_property
    def size(self) -> int:
        # Cached: the parse stage and the compile stage both ask, and encoding a page is not free.
        if self.data is not None:
            return len(self.data)
        if self.utf8 is not None:
            return len(self.utf8)
        return len(self.text.encode("utf-8"))


@dataclass(frozen=True)
class SkippedFile:
    """A file left out of a version, and the reason a user reads in the build report."""

    relpath: str
    reason: str


@dataclass(frozen=True)
class Warning_:
    """A problem that does not stop the build unless ``--strict`` is given."""

    where: str
    message: str


@dataclass(frozen=True)
class ApiUse:
    """What a file's API directives (autodoc, mkdocstrings) took from the version's code."""

    objects: int = 0  # objects documented from code
    without_code: str = ""  # the first API directive ("automodule at page:line") with no code


@dataclass(frozen=True)
class ParsedFile:
    """What one parser made of one file."""

    relpath: str
    title: str
    sections: tuple[Section, ...]
    warnings: tuple[Warning_, ...] = field(default=())
    api: ApiUse | None = None  # None when the file has no API directive


@dataclass(frozen=True)
class FileRecords:
    """What the parse stage made of one file: its index records, or why it was skipped.

    ``records`` are compact JSON with sorted keys, as the volume stores them: as dicts they
    would cost about three times their text.
    """

    records: tuple[bytes, ...]
    skipped: str | None  # the reason the file was left out, None when it was read
    warnings: tuple[Warning_, ...] = ()
    empty: int = 0  # sections dropped for having nothing to say
    near_empty: int = 0  # sections kept with next to nothing to say
    api: ApiUse | None = None  # None when the file has no API directive
    # Each file its includes looked for, relative to the include root, and its sha256
    # ("missing" when it was not there): the records depend on them.
    included: tuple[tuple[str, str], ...] = ()
    # Each :ref: or :doc: reference its parse resolved ("ref:label", "doc:docname") and the
    # title it read as (None: none): the records depend on them too.
    references: tuple[tuple[str, str | None], ...] = ()
    # ``encoded_records_digest(records)`` when known (the build cache keeps it with them).
    digest: str = ""
    # The records' ``source`` values as runs of (source, count), in order, when known.
    sources: tuple[tuple[str, int], ...] | None = None


@dataclass(frozen=True)
class CompiledVersion:
    """One version's section records and what happened while they were made.

    A version the cache had whole carries its volume's bytes in ``cached_volume`` and no
    ``records``; ``validated`` says every record was checked against the schema already.
    """

    library_id: str
    version: str
    summary: str | None
    records: tuple[bytes, ...] = ()
    cached_volume: bytes | None = None
    section_count: int = 0
    sections_parsed: int = 0  # of section_count, those parsed by this build (not kept)
    validated: bool = False
    files_read: int = 0
    source_bytes: int = 0
    skipped: tuple[SkippedFile, ...] = ()
    warnings: tuple[Warning_, ...] = ()
    project: str = ""  # the documentation tool detected, for the report
    project_notes: tuple[str, ...] = ()
    empty_sections: int = 0
    # Pages holding sections with next to nothing to say, and how many: most first.
    near_empty_pages: tuple[tuple[str, int], ...] = ()
    api_note: str = ""  # what API pages took from code, for the build report
    included: tuple[tuple[str, str], ...] = ()  # what its files included (FileRecords)
    # The cache key the volume's file is to be kept under once written, when it is to be.
    volume_key: str = ""
    # (first record's position, record count, digest) of each file whose ``FileRecords``
    # knew its records' digest: the written volume then need not hash those records again.
    file_digests: tuple[tuple[int, int, str], ...] = ()
    # Every record's ``source`` as runs of (source, count), when each file's were known: the
    # written volume then need not read them back from its file.
    record_sources: tuple[tuple[str, int], ...] | None = None


@runtime_checkable
class EncodedRecords(Protocol):
    """Section records that also give each record's JSON as written and every record's
    ``source`` without decoding the records again (a written volume's, ``VolumeRecords``):
    a rebuild keys and groups unchanged pages on these and decodes only the pages it makes."""

    def record_json(self, index: int) -> bytes: ...

    def sources(self) -> Sequence[object]: ...


def records_json(records: Sequence[Mapping[str, Any]], positions: Sequence[int]) -> bytes:
    """The JSON array of the records at ``positions``, keys sorted (as records are written):
    what a cache keys a page on. Encoded records are not decoded for it."""
    record_json = _method(records, "record_json")
    if record_json is not None:
        parts = [record_json(i) for i in positions]
    else:
        parts = [orjson.dumps(records[i], option=orjson.OPT_SORT_KEYS) for i in positions]
    return _json_array(parts)


def encoded_records_digest(encoded: Sequence[bytes]) -> str:
    """The sha256 (hex) of the JSON array of records already encoded as a volume holds them:
    ``records_digest`` of those records, wherever they lie in a version."""
    return hashlib.sha256(_json_array(encoded)).hexdigest()


def source_runs(sources: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """``sources`` as runs of one value: (source, how many in a row), in order."""
    runs: list[tuple[str, int]] = []
    for source in sources:
        if runs and runs[-1][0] == source:
            runs[-1] = (source, runs[-1][1] + 1)
        else:
            runs.append((source, 1))
    return tuple(runs)


def _json_array(encoded: Sequence[bytes]) -> bytes:
    return b"[" + b",".join(encoded) + b"]"


@runtime_checkable
class DigestedRecords(Protocol):
    """Section records that remember the sha256 of each page's records (a written volume's):
    the shard and page stages both key a page on it, and the second takes it as the first
    made it."""

    def records_digest(self, positions: Sequence[int]) -> str: ...


def records_digest(records: Sequence[Mapping[str, Any]], positions: Sequence[int]) -> str:
    """The sha256 (hex) of ``records_json(records, positions)``."""
    remembered = _method(records, "records_digest")
    if remembered is not None:
        return str(remembered(positions))
    return hashlib.sha256(records_json(records, positions)).hexdigest()


def record_sources(records: Sequence[Mapping[str, Any]]) -> Sequence[object]:
    """Each record's ``source`` value (anything, or None when absent), in order."""
    sources = _method(records, "sources")
    if sources is not None:
        found: Sequence[object] = sources()
        return found
    return [record.get("source") for record in records]


def _method(records: object, name: str) -> Any:
    """``records``' method ``name`` of ``EncodedRecords`` or ``DigestedRecords``, or None.
    Not isinstance: against a runtime-checkable Protocol it lists the Protocol's members on
    every call (9 µs, against 0.1 for getattr), and a version's pages ask over a thousand
    times."""
    return getattr(records, name, None)
