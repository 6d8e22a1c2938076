"""The compile stage: every admitted file of a version, read and parsed in path order, into one
``CompiledVersion``.

Only one source file's text is alive at a time, and only one version's records: peak memory
follows the largest version, not the whole corpus.
"""

from __future__ import annotations

from collections.abc import Callable

from builder.api.locate import api_note
from builder.config import LibraryConfig
from builder.model import ApiUse, CompiledVersion, FileRecords, SkippedFile, SourceFile, Warning_
from builder.sources import MAX_VERSION_BYTES, Candidate, read_source
from builder.stages.parse import ParseStep
from builder.stages.read import VersionFiles

FileDone = Callable[[str], None]
# A file's records and the size of its text without reading it (the build cache has them), or
# None; given the bytes left in the version's budget.
KeptFile = Callable[[Candidate, int], tuple[FileRecords, int] | None]
# How a file is read, given the bytes left in the version's budget (``read_source``).
ReadFile = Callable[[Candidate, int], SourceFile | SkippedFile]


def compile_version(
    library: LibraryConfig,
    files: VersionFiles,
    parse: ParseStep,
    on_file: FileDone | None = None,
    kept: KeptFile | None = None,
    read: ReadFile | None = None,
) -> CompiledVersion:
    """Read (``read``, else ``read_source``) and parse each of ``files``; ``on_file`` hears of
    each one once it is parsed, and ``kept`` gives a file's records when they are known without
    reading it."""
    version = files.version
    records: list[bytes] = []
    skipped = list(files.listing.skipped)
    warnings: list[Warning_] = []
    api_uses: list[ApiUse] = []
    included: set[tuple[str, str]] = set()
    near_empty_pages: list[tuple[str, int]] = []
    file_digests: list[tuple[int, int, str]] = []
    sources: list[tuple[str, int]] | None = []  # None once a file's are not known
    files_read = source_bytes = empty_sections = parsed_sections = 0
    for candidate in files.listing.candidates:
        found = kept(candidate, MAX_VERSION_BYTES - source_bytes) if kept else None
        if found is None:
            source = (read or read_source)(candidate, MAX_VERSION_BYTES - source_bytes)
            if isinstance(source, SkippedFile):
                skipped.append(source)
            else:
                found = parse(source), source.size
                parsed_sections += len(found[0].records)
        if found is not None:
            parsed, size = found
            if parsed.api is not None:
                api_uses.append(parsed.api)
            included.update(parsed.included)
            if parsed.skipped:
                skipped.append(SkippedFile(candidate.relpath, parsed.skipped))
            else:
                files_read += 1
                source_bytes += size
            warnings.extend(parsed.warnings)
            if parsed.digest and parsed.records:
                file_digests.append((len(records), len(parsed.records), parsed.digest))
            if parsed.records and sources is not None:
                if parsed.sources is None:
                    sources = None
                else:
                    sources.extend(parsed.sources)
            records.extend(parsed.records)
            empty_sections += parsed.empty
            if parsed.near_empty:
                near_empty_pages.append((candidate.relpath, parsed.near_empty))
        if on_file is not None:  # after the file is parsed, so progress counts parsing
            on_file(candidate.relpath)
    where = f"{library.id} {version.version}"
    if files_read and not records:
        warnings.append(Warning_(where, "no sections were found in any file"))
    if not files_read:
        warnings.append(Warning_(where, f"no readable documentation files in {version.directory}"))
    return CompiledVersion(
        library_id=library.id,
        version=version.version,
        summary=version.summary,
        records=tuple(records),
        section_count=len(records),
        sections_parsed=parsed_sections,
        validated=True,  # each file's records were checked as it was parsed
        files_read=files_read,
        source_bytes=source_bytes,
        skipped=tuple(skipped),
        warnings=tuple(warnings),
        project=files.layout.describe(),
        project_notes=tuple(files.layout.notes),
        empty_sections=empty_sections,
        near_empty_pages=most_first(near_empty_pages),
        api_note=api_note(files.code, api_uses),
        included=tuple(sorted(included)),
        file_digests=tuple(file_digests),
        record_sources=None if sources is None else tuple(sources),
    )


def most_first(pages: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Pages by how many near-empty sections they hold, most first, then by path."""
    return tuple(sorted(pages, key=lambda item: (-item[1], item[0])))
