"""Compile one library version into its volume: read, parse and finalize file by file.

Only one source file's text is alive at a time, and only one version's section records: peak
memory follows the largest version, not the whole corpus.
"""

from __future__ import annotations

import hashlib
import json
import mmap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, overload

import orjson

from builder.api.locate import ApiUsage, find_code, open_source
from builder.api.model import ApiSource
from builder.cache import BuildCache, cache_key
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.errors import IndexInvalid, UnreadableDocument
from builder.index import section_record
from builder.model import ParsedFile, Section, SkippedFile, SourceFile, Warning_
from builder.parsers import detect_format, parse_file
from builder.parsers.office import OFFICE_SUFFIXES, parse_document, reader_version
from builder.parsers.rst.inline import default_role
from builder.permalinks import site_permalink, upstream_link
from builder.projects import ProjectLayout, project_listing, substitute, titled_by_navigation
from builder.sections import finalize_sections
from builder.sources import MAX_VERSION_BYTES, Candidate, read_source
from schemas.index_rules import volume_problems

FileDone = Callable[[str], None]


class EncodedRecords(Sequence[dict[str, Any]]):
    """Section records kept as their compact JSON, decoded one at a time on access.

    A version's records are read by several stages (volume, shard, pages); as dicts they cost
    about three times their text, as JSON about their text. Once the volume is on disk,
    :meth:`spill` drops them from memory and reads each back from the file when asked.
    """

    def __init__(self) -> None:
        self._encoded: list[bytes] = []
        self._file: mmap.mmap | None = None
        self._spans: list[tuple[int, int]] = []

    def extend(self, records: Iterable[Mapping[str, Any]]) -> None:
        if self._spans:
            raise ValueError("records cannot be added once spilled to disk")
        # A copy of exact size: the bytes orjson returns keep its whole output buffer (8 KiB).
        self._encoded.extend(
            bytes(memoryview(orjson.dumps(r, option=orjson.OPT_SORT_KEYS))) for r in records
        )

    def encoded(self) -> Iterator[bytes]:
        return (self._item(i) for i in range(len(self)))

    def spill(self, path: Path, spans: list[tuple[int, int]]) -> None:
        """Read records from ``path`` (where ``spans`` say each one lies) from now on."""
        if not spans:
            return
        with path.open("rb") as handle:
            self._file = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        self._spans, self._encoded = spans, []

    def _item(self, index: int) -> bytes:
        if self._file is None:
            return self._encoded[index]
        start, end = self._spans[index]
        return self._file[start:end]

    def __len__(self) -> int:
        return len(self._spans) if self._file is not None else len(self._encoded)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [orjson.loads(self._item(i)) for i in range(len(self))[index]]
        if not -len(self) <= index < len(self):
            raise IndexError("record index out of range")
        record: dict[str, Any] = orjson.loads(self._item(index % len(self)))
        return record


@dataclass
class VersionResult:
    """A compiled version: its volume's section records (index-shaped), and what happened."""

    library_id: str
    version: str
    summary: str | None
    records: EncodedRecords = field(default_factory=EncodedRecords)
    files_read: int = 0
    source_bytes: int = 0
    skipped: list[SkippedFile] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)
    project: str = ""  # the documentation tool detected, for the report
    project_notes: list[str] = field(default_factory=list)
    # Sections dropped for having nothing to say, and per page those kept with next to nothing.
    empty_sections: int = 0
    near_empty_pages: dict[str, int] = field(default_factory=dict)
    api_note: str = ""  # what API pages took from code, for the build report

    cached_volume: bytes | None = None
    section_total: int | None = None
    # True when every record was checked against the schema as its file was parsed (and so
    # when it came from the cache, which only holds checked records).
    validated: bool = False

    @property
    def section_count(self) -> int:
        return self.section_total if self.section_total is not None else len(self.records)

    def _volume_parts(self) -> Iterator[tuple[bytes, bytes]]:
        """(separator, content) pairs that make up the volume; contents that are records are
        those between the opening and the closing bracket."""
        if self.cached_volume is not None:
            yield b"", self.cached_volume
            return
        yield b"", b'{"sections":['
        for n, record in enumerate(self.records.encoded()):
            yield (b"," if n else b""), record
        yield b"", b"]"
        if self.summary:
            yield b"", b',"summary":' + orjson.dumps(self.summary)
        yield b"", b"}"

    def volume_pieces(self) -> Iterator[bytes]:
        """The volume as JSON with sorted keys (what orjson would write for the whole dict),
        piece by piece, so it can be written and hashed without being held whole."""
        for separator, content in self._volume_parts():
            yield separator + content if separator else content

    def volume_bytes(self) -> bytes:
        return b"".join(self.volume_pieces())

    def write_volume(self, path: Path) -> str:
        """Write the volume to ``path`` and return its sha256; the records are then read
        back from that file rather than kept in memory."""
        digest = hashlib.sha256()
        spans: list[tuple[int, int]] = []
        position = 0
        with path.open("wb") as handle:
            for n, (separator, content) in enumerate(self._volume_parts()):
                for piece in (separator, content):
                    digest.update(piece)
                    handle.write(piece)
                    position += len(piece)
                if self.cached_volume is None and 1 <= n <= len(self.records):
                    spans.append((position - len(content), position))
        if self.cached_volume is None:
            self.records.spill(path, spans)
        return digest.hexdigest()

    def ensure_records(self) -> EncodedRecords:
        """The section records, read back from a cached volume when that is all there is."""
        if self.cached_volume is not None and not self.records:
            # json, not orjson: orjson.loads briefly takes over ten times the input's size.
            self.records.extend(json.loads(self.cached_volume)["sections"])
        return self.records


def count_version_files(version: VersionConfig) -> int:
    """How many files a version will read (for a progress bar); 0 for imported volumes."""
    if version.directory is None:
        return 0
    return len(project_listing(version)[1].candidates)


def section_link(
    site: SiteConfig, library_id: str, version: VersionConfig, section: Section
) -> str:
    if version.url_template:
        return upstream_link(
            version.url_template,
            library_id,
            version.version,
            section.source,
            section.anchor,
            section.line_start,
        )
    return site_permalink(
        site.base_url, library_id, version.version, section.source, section.anchor
    )


def record_for(
    site: SiteConfig, library_id: str, version: VersionConfig, section: Section
) -> dict[str, Any]:
    return section_record(
        section.heading,
        section.heading_path,
        section.body,
        link=section_link(site, library_id, version, section),
        anchor=section.anchor,
        source=section.source,
        lines=(section.line_start, section.line_end),
        sha256=section.sha256,
    )


def compile_directory_version(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    on_file: FileDone | None = None,
    cache: BuildCache | None = None,
) -> VersionResult:
    """Parse every admitted file of a directory-sourced version, in path order.

    When nothing the version depends on changed (its files' bytes, its config, the site's
    base URL, the builder), the previous volume comes back from the cache without parsing.
    """
    if version.directory is None:
        raise ValueError("compile_directory_version needs a version with a directory")
    cache = cache or BuildCache(None)
    layout, listing = project_listing(version)
    directory = layout.directory or version.directory
    version = replace(version, directory=directory)
    code = find_code(directory, version.source_dir, version.code_root)
    code_hash = code.fingerprint if code else ""
    key, hashes = _version_key(site, library, version, listing.candidates, layout, code_hash)
    file_keys = {
        relpath: _file_key(site, library, version, relpath, digest, layout)
        for relpath, digest in hashes.items()
    }
    cached = cache.load(key) if key else None
    volume = cache.load_bytes(key + "-volume") if key and cached is not None else None
    if cached is not None and volume is not None:
        # The per-file entries stay wanted: the next edit to one file reuses the others.
        cache.used.update(file_keys.values())
        cache.used.update(cache_key(k, code_hash) for k in file_keys.values())
        result = VersionResult(
            library.id, version.version, version.summary, cached_volume=volume, validated=True
        )
        result.files_read, result.source_bytes = cached["files_read"], cached["source_bytes"]
        result.section_total = cached["sections"]
        result.skipped = [SkippedFile(*item) for item in cached["skipped"]]
        result.warnings = [Warning_(*item) for item in cached["warnings"]]
        result.project, result.project_notes = layout.describe(), list(layout.notes)
        result.empty_sections = cached["empty_sections"]
        result.near_empty_pages = dict(cached["near_empty_pages"])
        result.api_note = cached["api_note"]
        for candidate in listing.candidates:
            if on_file is not None:
                on_file(candidate.relpath)
        return result
    result = VersionResult(library.id, version.version, version.summary, validated=True)
    result.project, result.project_notes = layout.describe(), list(layout.notes)
    result.skipped.extend(listing.skipped)
    api = ApiUsage(code, open_source(code, directory) if code else None, code_hash)
    for candidate in listing.candidates:
        source = read_source(candidate, MAX_VERSION_BYTES - result.source_bytes)
        if isinstance(source, SkippedFile):
            result.skipped.append(source)
        else:
            _compile_file(site, library, version, source, result, cache, layout, api)
        if on_file is not None:  # after the file is parsed, so progress counts parsing
            on_file(candidate.relpath)
    result.api_note = api.note()
    where = f"{library.id} {version.version}"
    if result.files_read and not result.records:
        result.warnings.append(Warning_(where, "no sections were found in any file"))
    if not result.files_read:
        result.warnings.append(
            Warning_(where, f"no readable documentation files in {version.directory}")
        )
    if key and cache.root is not None:
        cache.store_bytes(key + "-volume", result.volume_bytes())
        cache.store(
            key,
            {
                "files_read": result.files_read,
                "source_bytes": result.source_bytes,
                "sections": result.section_count,
                "skipped": [[s.relpath, s.reason] for s in result.skipped],
                "warnings": [[w.where, w.message] for w in result.warnings],
                "empty_sections": result.empty_sections,
                "near_empty_pages": result.near_empty_pages,
                "api_note": result.api_note,
            },
        )
    return result


def _version_key(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    candidates: Sequence[Candidate],
    layout: ProjectLayout,
    code_hash: str,
) -> tuple[str, dict[str, str]]:
    """A key over everything the version's volume depends on, and each file's sha256.

    The key is "" if a file could not be read: then there is nothing stable to key on, and
    the version is simply rebuilt.
    """
    hashes: dict[str, str] = {}
    readable = True
    for candidate in candidates:
        try:
            hashes[candidate.relpath] = _file_sha256(candidate.path)
        except OSError:
            readable = False
    settings = (version.version, version.url_template, version.include, version.exclude)
    readers = sorted({reader_version(c.relpath) for c in candidates if _is_document(c.relpath)})
    key = cache_key(
        "version",
        site.base_url,
        library.id,
        settings,
        layout.key(),
        list(hashes.items()),
        code_hash,
        *([readers] if readers else []),
    )
    return (key if readable else ""), hashes


def _file_key(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    relpath: str,
    digest: str,
    layout: ProjectLayout,
) -> str:
    # What the layout changes in one file's sections: its title and how its reST reads.
    project = (layout.title_of(relpath), layout.substitutions, layout.default_role)
    # A PDF or Office file also depends on its reader: installing the extra re-reads it.
    reader = reader_version(relpath) if _is_document(relpath) else ""
    return cache_key(
        "file",
        site.base_url,
        library.id,
        version.version,
        version.url_template,
        relpath,
        digest,
        project,
        *([reader] if reader else []),
    )


def _is_document(relpath: str) -> bool:
    return Path(relpath).suffix.lower() in OFFICE_SUFFIXES


def _file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _compile_file(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    source: SourceFile,
    result: VersionResult,
    cache: BuildCache,
    layout: ProjectLayout,
    api: ApiUsage,
) -> None:
    # Keyed on the bytes actually read, so a file edited during the build cannot poison it.
    # A file with API directives also depends on the code: its entry only says so, and its
    # records are kept under a second key that adds the code's fingerprint.
    key = _file_key(site, library, version, source.relpath, source.sha256, layout)
    cached = cache.load(key)
    if cached is not None and cached.get("api"):
        cached = cache.load(cache_key(key, api.code_hash))
    if cached is None:
        cached = _parse_to_records(site, library, version, source, layout, api.source)
        if cached.pop("api", False):
            cache.store(key, {"api": True})
            cache.store(cache_key(key, api.code_hash), cached)
        else:
            cache.store(key, cached)
    api.add(cached.get("api_use"))
    if cached["skipped"]:
        result.skipped.append(SkippedFile(source.relpath, cached["skipped"]))
    else:
        result.files_read += 1
        result.source_bytes += source.size
    result.warnings.extend(Warning_(where, message) for where, message in cached["warnings"])
    result.records.extend(cached["records"])
    result.empty_sections += cached["empty"]
    if cached["near_empty"]:
        result.near_empty_pages[source.relpath] = cached["near_empty"]


def _parse_to_records(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    source: SourceFile,
    layout: ProjectLayout,
    api: ApiSource | None,
) -> dict[str, Any]:
    """Parse one file into index records; the result is plain JSON so the cache can keep it."""
    where = f"{library.id} {version.version}: {source.relpath}"
    text = source.text
    if layout.substitutions and detect_format(source.relpath, text) == "rst":
        text = substitute(text, layout.substitutions)
    parsed: ParsedFile | None
    try:
        if source.data is not None:
            parsed = parse_document(source.relpath, source.data)
        else:
            with default_role(layout.default_role):
                parsed = parse_file(source.relpath, text, api)
    except UnreadableDocument as exc:
        return _no_records(str(exc), [])
    except Exception as exc:
        # The one boundary for parser failures: a bug on one odd file must not sink the whole
        # build, and it is reported, not hidden (--strict fails the build on it).
        message = f"could not be parsed ({type(exc).__name__}: {exc}); file skipped"
        return _no_records("parser error", [[where, message]])
    if parsed is None:
        return _no_records("unsupported format", [])
    title = layout.title_of(source.relpath)
    if title is not None:
        parsed = titled_by_navigation(parsed, title)
    final = finalize_sections(parsed)
    sections, warnings = final.sections, final.warnings
    prefix = f"{library.id} {version.version}: "
    records = [record_for(site, library.id, version, section) for section in sections]
    # Checked here, once per parsed file, so a rebuild re-checks only the files that changed.
    problems = volume_problems({"sections": records}, f"{prefix}{source.relpath}")
    if problems:
        raise IndexInvalid(f"the sections of {prefix}{source.relpath}", [str(p) for p in problems])
    return {
        "records": records,
        "skipped": None,
        "warnings": [[prefix + w.where, w.message] for w in (*parsed.warnings, *warnings)],
        "empty": final.empty,
        "near_empty": final.near_empty,
        "api": parsed.api is not None,
        "api_use": [parsed.api.objects, parsed.api.without_code] if parsed.api else None,
    }


def _no_records(reason: str, warnings: list[list[str]]) -> dict[str, Any]:
    return {"records": [], "skipped": reason, "warnings": warnings, "empty": 0, "near_empty": 0}
