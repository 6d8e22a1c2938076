"""Run a whole build. This module alone knows the order of the stages; ``build_site`` reads as
the list of them:

    per version   read → parse → compile → volume → vectors → shard → pages
                  (builder.stages.*; vectors, builder.embeddings, only when asked to embed)
    at the end    index.json per library and whole, library pages, landing page, catalog.json
                  (site_files)
                  then Pagefind's index, when asked for

The stages at the end live in builder.finish. A partial build (``only``: some library ids)
stops before them and writes the part's manifest instead (builder.part); ``docbuild merge``
(builder.merge) runs them over every part.

Every stage takes and returns frozen records; the build cache wraps the stages from outside
(``builder.cached_stages``). The site is written into a staging folder that replaces the
output only when everything succeeded (``builder.staging``), under a lock that keeps two builds
from interleaving.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from builder import __version__
from builder.build_report import BuildReport, VersionSummary, refuse_warnings_when_strict
from builder.cache import BuildCache
from builder.cached_shard import write_shard_cached
from builder.cached_site_search import site_search_cached
from builder.cached_stages import (
    check_volume_cached,
    compile_version_cached,
    keep_volume,
    render_version_cached,
    site_pages_cached,
    templates_fingerprint,
    write_vectors_cached,
)
from builder.config import CatalogConfig, ImportConfig, LibraryConfig, SiteConfig, VersionConfig
from builder.embeddings import VectorsInfo, VectorsStage, load_vectors_stage
from builder.finish import SiteContext, VersionOutputs, check_entries, write_whole_site
from builder.freed_memory import release_freed_memory
from builder.index import entry_skeleton
from builder.lock import OutputLock
from builder.model import CompiledVersion, Warning_
from builder.pages import VersionPages, make_environment
from builder.progress import BuildProgress
from builder.site_indexes import INDEX_LIMIT
from builder.site_size import measure_site
from builder.stages.imported import compiled_import, imported_entries, imported_volume
from builder.stages.read import count_version_files, read_version
from builder.stages.site_files import NO_SITE_FILES, BuiltEntry
from builder.stages.volume import WrittenVolume, write_volume
from builder.staging import Staging
from schemas.digests import file_sha256
from schemas.text import TOKENIZER
from schemas.versions import sort_newest_first

if TYPE_CHECKING:
    from builder.part import PartOrigin

# A version with this many sections parsed leaves enough reference cycles to be worth a full
# collection before the next one is compiled.
LARGE_VERSION_SECTIONS = 2000
# During a build the collector's full pass waits for this many middle-generation passes
# (Python's default is 10): see _rarer_full_collections.
FULL_COLLECTION_EVERY = 100
VERSION_STAGES = ("parse", "shards", "pages")


@dataclass(frozen=True)
class BuildContext:
    """What every version's stages share: settings, templates, cache and folders."""

    site: SiteConfig
    env: jinja2.Environment
    templates: str  # the templates' fingerprint, part of the pages' cache key
    cache: BuildCache
    progress: BuildProgress
    site_dir: Path
    work_dir: Path
    vectors: VectorsStage | None  # the embedding stage, when the build embeds sections
    jobs: int  # processes that parse a version's files, tokenize and render its pages


@dataclass(frozen=True)
class BuiltVersion:
    """One version, through every per-version stage."""

    summary: VersionSummary
    warnings: tuple[Warning_, ...]
    volume: Path  # the volume's fragment of index.json
    pages: VersionPages
    vectors: VectorsInfo | None  # the sidecar of section vectors, when the build embeds


def build_site(
    config: CatalogConfig,
    out: Path,
    *,
    strict: bool = False,
    updated_at: str | None = None,
    cache_dir: Path | None = None,
    budget_bytes: int | None = None,
    index_limit: int = INDEX_LIMIT,
    progress: BuildProgress | None = None,
    site_search: Path | None = None,
    embed: str | None = None,
    only: frozenset[str] | None = None,
    jobs: int = 1,
) -> BuildReport:
    """Build the site for ``config`` into ``out``; return the report of what was done.

    ``site_search`` is the Pagefind binary that gives every page a search box (None: none).
    ``embed`` (else the catalog's ``[site] embed``) names an embedding model: each version then
    also gets a .vec sidecar of section vectors. Each doctrove-index@1 file (the whole site's
    index.json, each library's own) is written only while it is at most ``index_limit``
    bytes. ``only`` (library ids) builds a part: those libraries' per-version files and the
    part's manifest, for ``docbuild merge``. ``jobs`` processes parse a version's files,
    tokenize and render its pages (the site is the same for any number)."""
    started = time.perf_counter()
    imports = [(spec, entry) for spec in config.imports for entry in imported_entries(spec)]
    catalog_ids = tuple(sorted({lib.id for lib in config.libraries} | _imported_ids(imports)))
    libraries = config.libraries
    if only is not None:
        # A part's module is read by partial builds only: a whole build does without it.
        from builder.part import refuse_unknown_ids

        refuse_unknown_ids(only, catalog_ids)
        libraries = tuple(library for library in libraries if library.id in only)
        imports = [(spec, entry) for spec, entry in imports if str(entry["id"]) in only]
    cache = BuildCache(cache_dir)
    progress = progress or BuildProgress()
    vectors = None
    if embed or config.site.embed:
        on_batch = functools.partial(progress.advance, "embeddings")
        vectors = load_vectors_stage(embed or config.site.embed, cache, on_batch)
    out.parent.mkdir(parents=True, exist_ok=True)
    with (
        OutputLock(out),
        Staging(out) as staging,
        contextlib.closing(vectors) if vectors else contextlib.nullcontext(),
        _rarer_full_collections(),
    ):
        # Compiled templates are not kept: jinja2 runs its bytecode cache's files unchecked as
        # code, and keeping them saved about 0.05 s a build (README, "Rebuilds are incremental").
        env = make_environment(site_search=site_search is not None)
        context = BuildContext(
            config.site,
            env,
            templates_fingerprint(env),
            cache,
            progress,
            staging.path,
            staging.work,
            vectors,
            jobs,
        )
        # Per version: read → parse → compile → volume → vectors → shard → pages.
        _begin_version_stages(context, libraries)
        compiled = tuple(_build_library(context, library) for library in _by_id(libraries))
        imported = tuple(_take_imported(context, spec, entry) for spec, entry in imports)
        for stage in _version_stages(context):
            progress.end(stage)
        versions = tuple(version for _, built in (*compiled, *imported) for version in built)
        # Then the whole site: checked, refused under --strict, written, searched.
        entries = check_entries(_built_entry(*item) for item in (*compiled, *imported))
        warnings = (*config.warnings, *(w for v in versions for w in v.warnings))
        refuse_warnings_when_strict(strict, [v.summary for v in versions], warnings)
        if only is None:
            site_files, searched = write_whole_site(
                SiteContext(
                    config.site,
                    env,
                    progress,
                    staging.path,
                    index_limit,
                    site_pages_cached(cache, env, context.templates, config.site),
                    site_search_cached(cache, staging.work / "site-search"),
                ),
                entries,
                _version_outputs(versions),
                updated_at,
                site_search,
            )
        else:
            from builder.part import PartOrigin

            site_files, searched = NO_SITE_FILES, None
            origin = PartOrigin(
                __version__,
                file_sha256(config.path),
                config.site,
                context.templates,
                TOKENIZER,
                site_search is not None,
                updated_at,
                catalog_ids,
                index_limit,
            )
            _write_part(staging.path, origin, (*compiled, *imported))
        size = measure_site(staging.path)
        size.enforce(budget_bytes)
        staging.publish()
    if only is None:
        # A part keeps the cache entries of the libraries it left out.
        cache.sweep()
    cache.close()
    return BuildReport(
        out,
        versions=[v.summary for v in versions],
        imported_entries=[str(entry["id"]) for entry, _ in imported],
        warnings=list(warnings),
        seconds=time.perf_counter() - started,
        index_bytes=site_files.index_bytes,
        whole_index_bytes=site_files.indexes.whole_bytes,
        library_indexes_left_out=tuple(
            (library_id, size)
            for library_id, size in site_files.indexes.library_bytes
            if library_id in site_files.indexes.left_out
        ),
        base_url=config.site.base_url,
        catalog_bytes=site_files.catalog_bytes,
        size=size,
        cache_hits=cache.hits,
        cache_misses=cache.misses,
        cache_unwritable=cache.unwritable,
        site_search=searched,
        vectors=[v.vectors for v in versions if v.vectors is not None],
        part=only is not None,
    )


LibraryBuilt = tuple[dict[str, Any], tuple[BuiltVersion, ...]]


def _imported_ids(imports: Iterable[tuple[ImportConfig, Mapping[str, Any]]]) -> set[str]:
    return {str(entry["id"]) for _, entry in imports}


def _write_part(site_dir: Path, origin: PartOrigin, built: tuple[LibraryBuilt, ...]) -> None:
    """The part's manifest: each entry with, per version, what the whole-site stages need."""
    from builder.part import PartEntry, PartVersion, volume_name, write_part

    written = []
    for skeleton, versions in sorted(built, key=lambda item: str(item[0]["id"])):
        part_versions = tuple(
            PartVersion(
                v.summary.version,
                volume_name(str(skeleton["id"]), v.summary.version),
                v.summary.shard,
                v.pages,
                v.vectors,
            )
            for v in versions
        )
        written.append((PartEntry(skeleton, part_versions), [v.volume for v in versions]))
    write_part(site_dir, origin, written)


def _build_library(context: BuildContext, library: LibraryConfig) -> LibraryBuilt:
    skeleton = entry_skeleton(
        library_id=library.id,
        name=library.name,
        summary=library.summary,
        aliases=library.aliases,
        homepage=library.homepage,
        popularity=library.popularity,
        packages=library.packages,
        versions=sort_newest_first([v.version for v in library.versions]),
    )
    return skeleton, tuple(
        _build_configured_version(context, library, skeleton, v) for v in library.versions
    )


def _build_configured_version(
    context: BuildContext, library: LibraryConfig, skeleton: dict[str, Any], version: VersionConfig
) -> BuiltVersion:
    """Read, parse and compile one version of the catalog, then run the version stages."""
    progress = context.progress

    def on_file(_relpath: str) -> None:
        progress.advance("parse")

    if version.index is not None:
        imported = imported_volume(version.index, version.entry or library.id, version.version)
        compiled = compiled_import(library.id, version.version, version.summary, imported)
        volume = _write_volume(context, compiled)
        return _build_version(context, skeleton, volume, compiled, version.index.name, "")
    with progress.working("parse"), read_version(library.id, version, context.work_dir) as files:
        compiled = compile_version_cached(
            context.cache, context.site, library, files, on_file, context.jobs
        )
    volume = _write_volume(context, compiled)
    large = compiled.sections_parsed >= LARGE_VERSION_SECTIONS
    # From here on the records are read back from the volume's file, not kept in memory.
    compiled = replace(
        compiled, records=(), cached_volume=None, warnings=compiled.warnings + files.warnings
    )
    if large:
        release_freed_memory()  # what parsing freed, before the shard stage allocates more
    built = _build_version(context, skeleton, volume, compiled, files.origin, files.description)
    # Let this version's records go before the next version is compiled. Parsing and
    # rendering a large version leave megabytes of reference cycles that would otherwise
    # wait for the collector's next full pass; for a small one, or a rebuild that parsed and
    # rendered a few pages, a full pass costs more time than the memory is worth.
    del volume, compiled
    if large:
        gc.collect()
    return built


@contextlib.contextmanager
def _rarer_full_collections() -> Iterator[None]:
    """Let the cycle collector run its full pass once every ``FULL_COLLECTION_EVERY`` passes
    over the middle generation, not every tenth, while the build runs. A version's records
    outlive many young collections, and each such batch set a full pass off: four on the
    Python 3.11 docs, each traversing everything alive (0.09 to 0.11 s apiece on a busy
    machine, measured with gc.callbacks) to free at most 1,216 objects. A large version is
    collected after its stages anyway (``_build_configured_version``)."""
    young, middle, full = gc.get_threshold()
    gc.set_threshold(young, middle, max(full, FULL_COLLECTION_EVERY))
    try:
        yield
    finally:
        gc.set_threshold(young, middle, full)


def _write_volume(context: BuildContext, compiled: CompiledVersion) -> WrittenVolume:
    """The volume stage: the version's fragment of index.json, written and checked."""
    name = _scratch_name(compiled.library_id, compiled.version)
    with context.progress.working("parse"):
        volume = write_volume(compiled, context.work_dir / f"{name}.json")
        check_volume_cached(context.cache, volume)
        keep_volume(context.cache, volume, compiled.volume_key)
    return volume


def _build_version(
    context: BuildContext,
    skeleton: dict[str, Any],
    volume: WrittenVolume,
    compiled: CompiledVersion,
    origin: str,
    source: str,
) -> BuiltVersion:
    """The per-version stages after the volume: vectors (when embedding), shard and pages
    (``compiled`` is read only for the report)."""
    progress, cache = context.progress, context.cache
    scratch = volume.path.with_suffix("")
    vectors = None
    if context.vectors is not None:
        with progress.working("embeddings"):
            vectors = write_vectors_cached(
                cache,
                context.vectors,
                volume,
                context.site_dir,
                scratch.with_name(f"{scratch.name}-vectors"),
            )
    with progress.working("shards"):
        shard = write_shard_cached(
            cache,
            volume,
            context.site_dir,
            scratch.with_name(f"{scratch.name}-shard"),
            context.site.split_index_bytes,
            context.jobs,
        )
    progress.advance("shards")
    with progress.working("pages"):
        pages = render_version_cached(
            cache,
            context.env,
            context.templates,
            context.site,
            skeleton,
            volume,
            context.site_dir,
            scratch.with_name(f"{scratch.name}-pages"),
            context.jobs,
        )
    progress.advance("pages")
    summary = VersionSummary(
        compiled.library_id,
        compiled.version,
        origin,
        compiled.files_read,
        compiled.skipped,
        compiled.section_count,
        compiled.source_bytes,
        shard,
        source,
        compiled.project,
        compiled.project_notes,
        compiled.empty_sections,
        compiled.near_empty_pages,
        compiled.api_note,
    )
    return BuiltVersion(summary, compiled.warnings, volume.path, pages, vectors)


def _scratch_name(library_id: str, version: str) -> str:
    """A file name for a version's scratch files that any id and version string can take."""
    return hashlib.sha256(f"{library_id}\0{version}".encode()).hexdigest()[:16]


def _take_imported(
    context: BuildContext, spec: ImportConfig, entry: Mapping[str, Any]
) -> LibraryBuilt:
    """An entry of another index, taken whole: its volumes go through the version stages."""
    skeleton = {k: v for k, v in entry.items() if k != "volumes"}
    built = []
    for version, imported in sorted(entry["volumes"].items()):
        compiled = compiled_import(str(entry["id"]), version, imported.get("summary"), imported)
        volume = _write_volume(context, compiled)
        built.append(_build_version(context, skeleton, volume, compiled, spec.index.name, ""))
    return skeleton, tuple(built)


def _built_entry(skeleton: dict[str, Any], versions: tuple[BuiltVersion, ...]) -> BuiltEntry:
    by_version = {v.summary.version: v for v in versions}
    return BuiltEntry(
        skeleton,
        tuple((version, built.volume) for version, built in by_version.items()),
        tuple(by_version[v].pages for v in skeleton["versions"]),
    )


def _by_id(libraries: tuple[LibraryConfig, ...]) -> list[LibraryConfig]:
    return sorted(libraries, key=lambda library: library.id)


def _version_stages(context: BuildContext) -> tuple[str, ...]:
    """The per-version stages the progress display shows."""
    return (*VERSION_STAGES, *(("embeddings",) if context.vectors else ()))


def _begin_version_stages(context: BuildContext, libraries: tuple[LibraryConfig, ...]) -> None:
    progress = context.progress
    versions = sum(len(library.versions) for library in libraries)
    files = 0
    if progress.live:  # counting lists every version's files a second time
        files = sum(count_version_files(v) for lib in libraries for v in lib.versions)
    progress.begin("parse", files)
    progress.begin("shards", versions)
    progress.begin("pages", versions)
    if context.vectors is not None:
        progress.begin("embeddings", 0)  # sections to embed are known only as they come


def _version_outputs(versions: tuple[BuiltVersion, ...]) -> VersionOutputs:
    return {
        (v.summary.library_id, v.summary.version): (v.summary.shard, v.vectors) for v in versions
    }


def count_files(config: CatalogConfig) -> int:
    return sum(count_version_files(v) for lib in config.libraries for v in lib.versions)


__all__ = ["BuildReport", "VersionSummary", "build_site", "count_files"]
