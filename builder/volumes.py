"""Compile one library version into its volume: read, parse and finalize file by file.

Only one source file's text and sections are alive at a time; the serialized section records
accumulate as bytes. That keeps peak memory near the size of the version's output rather than
a multiple of the whole corpus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.globs import compile_globs
from builder.index import section_record
from builder.model import Section, SkippedFile, SourceFile, Warning_
from builder.parsers import parse_file
from builder.permalinks import site_permalink, upstream_link
from builder.sections import finalize_sections
from builder.sources import MAX_VERSION_BYTES, list_version_files, read_source

FileDone = Callable[[str], None]


@dataclass
class VersionResult:
    """A compiled version: its volume's section records (serialized), and what happened."""

    library_id: str
    version: str
    summary: str | None
    section_json: list[bytes] = field(default_factory=list)
    files_read: int = 0
    source_bytes: int = 0
    skipped: list[SkippedFile] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)

    @property
    def section_count(self) -> int:
        return len(self.section_json)

    def volume_bytes(self) -> bytes:
        """The volume as JSON with sorted keys, assembled from the section records."""
        summary = b',"summary":' + orjson.dumps(self.summary) if self.summary else b""
        return b'{"sections":[' + b",".join(self.section_json) + b"]" + summary + b"}"


def count_version_files(version: VersionConfig) -> int:
    """How many files a version will read (for a progress bar); 0 for imported volumes."""
    if version.directory is None:
        return 0
    listing = list_version_files(
        version.directory, compile_globs(version.include), compile_globs(version.exclude)
    )
    return len(listing.candidates)


def section_link(
    site: SiteConfig, library_id: str, version: VersionConfig, section: Section
) -> str:
    if version.url_template:
        return upstream_link(version.url_template, library_id, version.version, section.source,
                             section.anchor, section.line_start)
    return site_permalink(site.base_url, library_id, version.version, section.source,
                          section.anchor)


def record_for(site: SiteConfig, library_id: str, version: VersionConfig,
               section: Section) -> dict[str, Any]:
    return section_record(
        section.heading, section.heading_path, section.body,
        link=section_link(site, library_id, version, section),
        anchor=section.anchor, source=section.source,
        lines=(section.line_start, section.line_end), sha256=section.sha256,
    )


def compile_directory_version(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    on_file: FileDone | None = None,
) -> VersionResult:
    """Parse every admitted file of a directory-sourced version, in path order."""
    if version.directory is None:
        raise ValueError("compile_directory_version needs a version with a directory")
    result = VersionResult(library.id, version.version, version.summary)
    listing = list_version_files(
        version.directory, compile_globs(version.include), compile_globs(version.exclude)
    )
    result.skipped.extend(listing.skipped)
    for candidate in listing.candidates:
        source = read_source(candidate, MAX_VERSION_BYTES - result.source_bytes)
        if on_file is not None:
            on_file(candidate.relpath)
        if isinstance(source, SkippedFile):
            result.skipped.append(source)
            continue
        _compile_file(site, library, version, source, result)
    if result.files_read and not result.section_json:
        result.warnings.append(Warning_(f"{library.id} {version.version}",
                                        "no sections were found in any file"))
    if not result.files_read:
        result.warnings.append(Warning_(f"{library.id} {version.version}",
                                        f"no readable documentation files in {version.directory}"))
    return result


def _compile_file(site: SiteConfig, library: LibraryConfig, version: VersionConfig,
                  source: SourceFile, result: VersionResult) -> None:
    where = f"{library.id} {version.version}: {source.relpath}"
    try:
        parsed = parse_file(source.relpath, source.text)
    except Exception as exc:
        # The one boundary for parser failures: a bug on one odd file must not sink the whole
        # build, and it is reported, not hidden (--strict fails the build on it).
        result.warnings.append(Warning_(where, f"could not be parsed ({type(exc).__name__}: "
                                        f"{exc}); file skipped"))
        result.skipped.append(SkippedFile(source.relpath, "parser error"))
        return
    if parsed is None:
        result.skipped.append(SkippedFile(source.relpath, "unsupported format"))
        return
    result.files_read += 1
    result.source_bytes += len(source.text.encode("utf-8"))
    sections, warnings = finalize_sections(parsed)
    result.warnings.extend(Warning_(f"{library.id} {version.version}: {w.where}", w.message)
                           for w in (*parsed.warnings, *warnings))
    for section in sections:
        record = record_for(site, library.id, version, section)
        result.section_json.append(orjson.dumps(record, option=orjson.OPT_SORT_KEYS))
