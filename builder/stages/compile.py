"""The compile stage: every admitted file of a version, read and parsed in path order, into one
``CompiledVersion``.

Only a few source files' texts are alive at a time (one, on one core: builder.stages.
parse_workers), and only one version's records: peak memory follows the largest version, not
the whole corpus.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.api.code_report import api_note, code_place
from builder.config import LibraryConfig
from builder.globs import compile_globs
from builder.model import ApiUse, CompiledVersion, SkippedFile, Warning_
from builder.projects.api_pages import unfound_name_message
from builder.sources import list_version_files
from builder.stages.parse_workers import Reading, budget_spent, outcomes
from builder.stages.read import VersionFiles

FileDone = Callable[[str], None]


def compile_version(
    library: LibraryConfig,
    files: VersionFiles,
    reading: Reading,
    on_file: FileDone | None = None,
    jobs: int = 1,
) -> CompiledVersion:
    """Each of ``files`` read and parsed as ``reading`` says (by ``jobs`` processes), or taken
    from the build cache; ``on_file`` hears of each one once it is parsed."""
    version = files.version
    records: list[bytes] = []
    skipped = list(files.listing.skipped)
    warnings: list[Warning_] = []
    api_uses: list[ApiUse] = []
    asked = dict(files.layout.asked)
    unfound: list[
        str
    ] = []  # the api key's pages that documented nothing: the name is not in the code
    included: set[tuple[str, str]] = set()
    near_empty_pages: list[tuple[str, int]] = []
    file_digests: list[tuple[int, int, str]] = []
    sources: list[tuple[str, int]] | None = []  # None once a file's are not known
    files_read = source_bytes = empty_sections = parsed_sections = 0
    candidates = files.listing.candidates
    for candidate, outcome in zip(candidates, outcomes(candidates, reading, jobs), strict=True):
        if isinstance(outcome, SkippedFile):
            skipped.append(outcome)
        else:
            parsed = outcome.parsed
            if outcome.read:
                parsed_sections += len(parsed.records)
            if parsed.api is not None:
                api_uses.append(parsed.api)
            if candidate.relpath in asked and (parsed.api is None or not parsed.api.objects):
                unfound.append(candidate.relpath)
            included.update(parsed.included)
            if parsed.skipped:
                skipped.append(SkippedFile(candidate.relpath, parsed.skipped))
            else:
                files_read += 1
                source_bytes += budget_spent(outcome)
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
    if unfound:
        warnings = _unfound_names(warnings, unfound, asked, files, where)
    if files_read and not records:
        warnings.append(Warning_(where, "no sections were found in any file"))
    if not files_read:
        warnings.append(
            Warning_(
                where,
                f"no readable documentation files in {version.directory}"
                + _left_out_by_globs(version.directory, version.include, version.exclude),
            )
        )
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
        api_note=api_note(files.code, api_uses, files.extracted),
        included=tuple(sorted(included)),
        file_digests=tuple(file_digests),
        record_sources=None if sources is None else tuple(sources),
    )


def _unfound_names(
    warnings: list[Warning_],
    pages: list[str],
    asked: dict[str, str],
    files: VersionFiles,
    where: str,
) -> list[Warning_]:
    """``warnings`` with one per page of an ``api`` name the code lacks, naming the catalog
    key and where the code was looked for, in place of what its directive said at a line of
    a page the user never wrote ("mkdocstrings tabulat: not found in the code in src"), or
    did not say when no code was found at all."""
    version, code = files.version, files.code
    if code is not None:
        looked_in = code_place(code.folder, files.extracted)
    elif version.source_dir is not None:
        looked_in = str(version.source_dir)
    else:
        root = files.includes.root if files.includes is not None else version.directory
        looked_in = code_place(root, files.extracted) if root is not None else "the project"
    kept = [w for w in warnings if not any(w.where.startswith(f"{where}: {p}:") for p in pages)]
    for page in pages:
        message = unfound_name_message(
            asked[page],
            version.catalog_place,
            looked_in,
            holds_code=code is not None,
            source_dir=version.source_dir is not None,
            from_tree=files.extracted is not None,
        )
        kept.append(Warning_(f"{where}: {page}", message))
    return kept


def most_first(pages: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Pages by how many near-empty sections they hold, most first, then by path."""
    return tuple(sorted(pages, key=lambda item: (-item[1], item[0])))


def _left_out_by_globs(
    directory: Path | None, include: tuple[str, ...], exclude: tuple[str, ...]
) -> str:
    """What the version's own globs left out of a folder they left empty, and what to do: an
    ``include = ["**/*.rst"]`` over Markdown pages read as "no readable documentation files
    in docs", as if the folder had none."""
    if directory is None or not (include or exclude):
        return ""
    pages = list_version_files(directory, compile_globs(()), compile_globs(())).candidates
    if not pages:
        return ""
    named = ", ".join(page.relpath for page in pages[:3]) + (", …" if len(pages) > 3 else "")
    globs = " and ".join(
        f"{key} = [{', '.join(repr(glob) for glob in value)}]"
        for key, value in (("include", include), ("exclude", exclude))
        if value
    )
    return f": {globs} left out its {len(pages)} page(s) ({named}); check those globs"
