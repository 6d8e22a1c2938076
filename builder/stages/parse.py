"""The parse stage: one source file → its sections → its index records.

Pure: the same file, layout and code give the same ``FileRecords``, which is what lets the build
cache keep them (``builder.cached_stages``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import orjson

from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.errors import IndexInvalid, UnreadableDocument
from builder.includes import IncludeReader, IncludeRoot
from builder.index import section_record
from builder.model import FileRecords, ParsedFile, Section, SourceFile, Warning_, source_runs
from builder.parsers import detect_format, parse_file
from builder.parsers.office import parse_document
from builder.parsers.reference_titles import ReferenceTitles, reading_references
from builder.permalinks import site_permalink, upstream_link
from builder.projects import (
    ProjectLayout,
    substitute_references,
    titled_by_navigation,
)
from builder.sections import finalize_sections
from schemas.index_rules import section_problems

if TYPE_CHECKING:  # the API modules are imported by the parsers that document code
    from builder.api.model import ApiSource

ParseStep = Callable[[SourceFile], FileRecords]
"""The parse stage with its settings bound: what the compile stage calls for each file."""


def parse_to_records(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    layout: ProjectLayout,
    api: ApiSource | None,
    includes: IncludeRoot | None,
    references: ReferenceTitles,
    source: SourceFile,
) -> FileRecords:
    """Parse one file into index records, checked against the index's typed model (the one
    its JSON Schema is generated from). ``includes`` is where the files it includes are;
    ``references`` what the version's :ref: and :doc: references read as."""
    where = f"{library.id} {version.version}: {source.relpath}"
    reader = IncludeReader(includes) if includes is not None else None
    with reading_references(references, source.relpath) as resolved:
        parsed = _parse(source, layout, api, reader, where, version.version)
    if isinstance(parsed, FileRecords):
        return parsed
    if parsed is None:
        return FileRecords((), "unsupported format")
    title = layout.title_of(source.relpath)
    if title is not None:
        parsed = titled_by_navigation(parsed, title)
    final = finalize_sections(parsed)
    records = tuple(
        encode_record(section_to_record(site, library.id, version, s)) for s in final.sections
    )
    # Checked here, once per parsed file, so a rebuild re-checks only the files that changed.
    problems = section_problems(records, where)
    if problems:
        raise IndexInvalid(f"the sections of {where}", [str(p) for p in problems])
    prefix = f"{library.id} {version.version}: "
    return FileRecords(
        records=records,
        skipped=None,
        warnings=tuple(
            Warning_(prefix + w.where, w.message) for w in (*parsed.warnings, *final.warnings)
        ),
        empty=final.empty,
        near_empty=final.near_empty,
        api=parsed.api,
        included=reader.digests() if reader is not None else (),
        references=tuple(sorted(resolved.items())),
        sources=source_runs(section.source for section in final.sections),
    )


def _parse(
    source: SourceFile,
    layout: ProjectLayout,
    api: ApiSource | None,
    includes: IncludeReader | None,
    where: str,
    release: str,
) -> ParsedFile | FileRecords | None:
    """The file's parsed form; the record of a skipped file when it cannot be parsed."""
    text, utf8 = source.text, source.utf8
    substitutions = layout.substitutions_for(release)
    kind = detect_format(source.relpath, text)
    if kind == "markdown" and (replaced := substitute_references(text, substitutions)) != text:
        text, utf8 = replaced, None
    try:
        if source.data is not None:
            return parse_document(source.relpath, source.data)
        if kind == "html":  # built HTML follows none of the project's reader settings
            return parse_file(source.relpath, text, api, utf8, includes)
        # Imported here: a version of built HTML never loads the reST and Markdown readers.
        from builder.stages.reader_settings import reader_settings

        with reader_settings(layout, substitutions if kind == "rst" else ()):
            return parse_file(source.relpath, text, api, utf8, includes)
    except UnreadableDocument as exc:
        return FileRecords((), str(exc))
    except Exception as exc:
        # The one boundary for parser failures: a bug on one odd file must not sink the whole
        # build, and it is reported, not hidden (--strict fails the build on it).
        message = f"could not be parsed ({type(exc).__name__}: {exc}); file skipped"
        return FileRecords((), "parser error", (Warning_(where, message),))


def encode_record(record: object) -> bytes:
    """A record as compact JSON with sorted keys: a copy of exact size, since the bytes orjson
    returns keep its whole output buffer (8 KiB)."""
    return bytes(memoryview(orjson.dumps(record, option=orjson.OPT_SORT_KEYS)))


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


def section_to_record(
    site: SiteConfig, library_id: str, version: VersionConfig, section: Section
) -> dict[str, object]:
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
