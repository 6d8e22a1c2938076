"""Run a whole build: compile every version, write the site into staging, then swap it in.

This module alone knows the order of the stages:

    per version   sources → sections → volume fragment, search shard, HTML pages
    at the end    index.json (streamed from the fragments), catalog.json, library pages,
                  landing page, llms.txt, 404.html

The output directory is replaced only when everything succeeded, so an interrupted or failed
build leaves the previous site untouched, and a lock keeps two builds from interleaving.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import os
import shutil
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from builder import __version__
from builder.cache import BuildCache
from builder.catalog import catalog_document, file_description, write_catalog
from builder.config import CatalogConfig, ImportConfig, LibraryConfig, VersionConfig
from builder.embeddings import VectorsInfo, VectorsStage, load_vectors_stage
from builder.errors import BuildError, IndexInvalid, StrictWarnings
from builder.index import VolumeSource, entry_skeleton, write_index
from builder.lock import OutputLock
from builder.materialize import materialize
from builder.model import SkippedFile, Warning_
from builder.pages import VersionPages, make_environment, render_index, render_library
from builder.progress import BuildProgress
from builder.sections import MAX_NEAR_EMPTY_SHARE
from builder.shards import ShardInfo
from builder.site_search import SearchIndexInfo, index_site
from builder.site_size import SiteSize, measure_site
from builder.stages import VersionStages
from builder.volumes import VersionResult, compile_directory_version, count_version_files
from schemas import INDEX_FORMAT
from schemas.index_rules import index_problems
from schemas.shards import NEAR_EMPTY_CHARS
from schemas.versions import sort_newest_first

INDEX_FILE = "index.json"
LARGE_VERSION_SECTIONS = 2000
NEAR_EMPTY_ADVICE = (
    "if they are API entries that only name an object (autodoc with no code to read), point "
    "the version's source_dir at the package's code so its API docs are generated; "
    "else exclude those pages"
)


@dataclass(frozen=True)
class VersionSummary:
    """One line of the build report."""

    library_id: str
    version: str
    origin: str  # "directory", "git", "archive" or the name of the index file it was taken from
    files_read: int
    skipped: tuple[SkippedFile, ...]
    sections: int
    source_bytes: int
    shard: ShardInfo
    source: str = ""  # where the files came from: a directory, git repo@ref, an archive
    project: str = ""  # the documentation tool detected (builder.projects), for compiled versions
    project_notes: tuple[str, ...] = ()
    empty_sections: int = 0  # dropped for having nothing to say
    # Pages holding sections with a body under NEAR_EMPTY_CHARS, and how many: most first.
    near_empty_pages: tuple[tuple[str, int], ...] = ()
    api: str = ""  # where generated API docs came from, or which directive had no code

    @property
    def near_empty(self) -> int:
        return sum(count for _, count in self.near_empty_pages)

    def near_empty_problem(self) -> str | None:
        """How many sections say next to nothing and where, when that is too many."""
        if self.near_empty <= self.sections * MAX_NEAR_EMPTY_SHARE:
            return None
        worst = ", ".join(f"{page} ({count})" for page, count in self.near_empty_pages[:3])
        return (
            f"{self.library_id} {self.version} has {self.near_empty} of {self.sections}, "
            f"most on {worst}"
        )


@dataclass
class BuildReport:
    out: Path
    versions: list[VersionSummary] = field(default_factory=list)
    imported_entries: list[str] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)
    seconds: float = 0.0
    index_bytes: int = 0
    catalog_bytes: int = 0
    size: SiteSize | None = None
    cache_hits: int = 0
    cache_misses: int = 0
    site_search: SearchIndexInfo | None = None  # what Pagefind indexed, when it ran
    vectors: list[VectorsInfo] = field(default_factory=list)

    @property
    def source_bytes(self) -> int:
        return sum(v.source_bytes for v in self.versions)


def timestamp_from_environment(explicit: str | None = None) -> str | None:
    """The index's updatedAt: an explicit value, else SOURCE_DATE_EPOCH, else none at all,
    so that two builds of the same inputs stay byte-identical."""
    if explicit == "now":
        moment = datetime.now(UTC)
    elif explicit:
        return explicit
    elif os.environ.get("SOURCE_DATE_EPOCH", "").strip():
        raw = os.environ["SOURCE_DATE_EPOCH"].strip()
        if not raw.isdigit():
            raise BuildError(f"SOURCE_DATE_EPOCH must be whole seconds since 1970, not {raw!r}")
        moment = datetime.fromtimestamp(int(raw), UTC)
    else:
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def count_files(config: CatalogConfig) -> int:
    return sum(count_version_files(v) for lib in config.libraries for v in lib.versions)


def _imported_volume(version: VersionConfig, library_id: str) -> dict[str, Any]:
    if version.index is None:
        raise ValueError("not an imported version")
    document = orjson.loads(version.index.read_bytes())
    entry_id = version.entry or library_id
    entry = next(e for e in document["entries"] if e["id"] == entry_id)
    volume: dict[str, Any] = entry["volumes"][version.version]
    return volume


def _imported_entries(spec: ImportConfig) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = orjson.loads(spec.index.read_bytes())["entries"]
    return [e for e in entries if not spec.only or e["id"] in spec.only]


class _Staging:
    """A sibling directory that becomes the output only on success."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.path = out.parent / f".{out.name}.staging-{os.getpid()}"
        self.work = self.path.parent / f".{out.name}.work-{os.getpid()}"

    def __enter__(self) -> _Staging:
        self._recover_from_killed_build()
        _refuse_foreign_output(self.out)
        for leftover in (self.path, self.work):
            shutil.rmtree(leftover, ignore_errors=True)
        self.path.mkdir(parents=True)
        self.work.mkdir()
        return self

    def _recover_from_killed_build(self) -> None:
        """Called under the output lock, so any other build's scratch folders are leftovers of
        a build that was killed: remove them, and put back a site that was swapped out when
        the kill came between the two renames of ``publish``."""
        parent, name = self.out.parent, self.out.name
        previous = sorted(parent.glob(f".{name}.old-*"))
        if previous and not self.out.exists():
            os.replace(previous.pop(), self.out)
        for leftover in [
            *previous,
            *parent.glob(f".{name}.staging-*"),
            *parent.glob(f".{name}.work-*"),
        ]:
            shutil.rmtree(leftover, ignore_errors=True)

    def __exit__(self, *exc_info: object) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        shutil.rmtree(self.work, ignore_errors=True)

    def publish(self) -> None:
        """Put the staged site in place: in one atomic exchange where the system has one, so
        a server of the output folder (docbuild serve --watch) never finds it missing."""
        if self.out.is_dir() and exchange_directories(self.path, self.out):
            shutil.rmtree(self.path, ignore_errors=True)  # now the previous site
            return
        old = self.out.parent / f".{self.out.name}.old-{os.getpid()}"
        if self.out.exists():
            os.replace(self.out, old)
        os.replace(self.path, self.out)
        shutil.rmtree(old, ignore_errors=True)


# renameat2's flag that swaps two paths in one step (Linux 3.15 and later).
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def exchange_directories(first: Path, second: Path) -> bool:
    """Swap two directories atomically; False where the system cannot (then nothing moved)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    return bool(result == 0)


def _refuse_foreign_output(out: Path) -> None:
    """Only an empty directory or an earlier doctrove site may be replaced."""
    if not out.exists():
        return
    if not out.is_dir():
        raise BuildError(f"{out} exists and is not a directory; choose another --out")
    if any(out.iterdir()) and not (out / INDEX_FILE).is_file():
        raise BuildError(
            f"{out} is not empty and holds no {INDEX_FILE} from an earlier build; "
            "refusing to replace it (choose an empty or new --out directory)"
        )


Entry = tuple[dict[str, Any], dict[str, VolumeSource]]


def build_site(
    config: CatalogConfig,
    out: Path,
    *,
    strict: bool = False,
    updated_at: str | None = None,
    cache_dir: Path | None = None,
    budget_bytes: int | None = None,
    progress: BuildProgress | None = None,
    site_search: Path | None = None,
    embed: str | None = None,
) -> BuildReport:
    """Build the site for ``config`` into ``out``; return the report of what was done.

    ``site_search`` is the Pagefind binary that gives every page a search box (None: none).
    ``embed`` (else the catalog's ``[site] embed``) names an embedding model: each version then
    also gets a .vec sidecar of section vectors."""
    started = time.perf_counter()
    report = BuildReport(out)
    cache = BuildCache(cache_dir)
    progress = progress or BuildProgress()
    vectors: VectorsStage | None = None
    if embed or config.site.embed:
        on_batch = functools.partial(progress.advance, "embeddings")
        vectors = load_vectors_stage(embed or config.site.embed, cache, on_batch)
    out.parent.mkdir(parents=True, exist_ok=True)
    with OutputLock(out), _Staging(out) as staging:
        # Compiled templates are not kept: jinja2 runs its bytecode cache's files unchecked as
        # code, and keeping them saved about 0.05 s a build (README, "Rebuilds are incremental").
        env = make_environment(site_search=site_search is not None)
        stages = VersionStages(
            config.site, staging.path, staging.work, env, cache, progress, vectors
        )
        report.warnings.extend(config.warnings)
        versions = sum(len(library.versions) for library in config.libraries)
        progress.begin("parse", count_files(config) if progress.live else 0)
        progress.begin("shards", versions)
        progress.begin("pages", versions)
        if vectors is not None:
            progress.begin("embeddings", 0)  # sections to embed are known only as they come
        entries: list[Entry] = []
        for library in sorted(config.libraries, key=lambda lib: lib.id):
            entries.append(_compile_library(config, library, stages, report, progress, cache))
        for spec in config.imports:
            for entry in _imported_entries(spec):
                entries.append(_take_imported_entry(entry, spec.index.name, stages, report))
        for stage in ("parse", "shards", "pages", *(("embeddings",) if vectors else ())):
            progress.end(stage)
        entries.sort(key=lambda item: str(item[0]["id"]))
        _check_skeletons(entries)
        thin = [problem for v in report.versions if (problem := v.near_empty_problem())]
        if strict and thin:
            raise StrictWarnings(
                f"--strict: more than {MAX_NEAR_EMPTY_SHARE:.0%} of a version's sections have "
                f"under {NEAR_EMPTY_CHARS} characters: {'; '.join(thin)}. "
                f"{NEAR_EMPTY_ADVICE[0].upper()}{NEAR_EMPTY_ADVICE[1:]}. Nothing was written"
            )
        if strict and report.warnings:
            raise StrictWarnings(
                f"--strict: the build produced {len(report.warnings)} "
                "warning(s); nothing was written"
            )
        progress.begin("site files", 1)
        with progress.working("site files"):
            _write_site_files(config, entries, stages, report, staging.path, updated_at)
        progress.advance("site files")
        progress.end("site files")
        if site_search is not None:
            progress.begin("site search", sum(len(pages.pages) for pages in stages.pages.values()))
            with progress.working("site search"):
                report.site_search = index_site(staging.path, site_search)
            progress.advance("site search", report.site_search.pages)
            progress.end("site search")
        report.size = measure_site(staging.path)
        report.size.enforce(budget_bytes)
        staging.publish()
    if vectors is not None:
        vectors.close()
    report.vectors = list(stages.vectors.values())
    cache.sweep()
    report.cache_hits, report.cache_misses = cache.hits, cache.misses
    report.seconds = time.perf_counter() - started
    return report


def _write_site_files(
    config: CatalogConfig,
    entries: list[Entry],
    stages: VersionStages,
    report: BuildReport,
    site_dir: Path,
    updated_at: str | None,
) -> None:
    index_path = site_dir / INDEX_FILE
    with index_path.open("wb") as handle:
        write_index(handle, entries, updated_at)
    report.index_bytes = index_path.stat().st_size
    skeletons = [skeleton for skeleton, _ in entries]
    for skeleton in skeletons:
        pages = [stages.pages[(skeleton["id"], v)] for v in skeleton["versions"]]
        render_library(stages.env, config.site, skeleton, pages, site_dir)
    render_index(stages.env, config.site, skeletons, updated_at, site_dir)
    document = catalog_document(
        site=config.site,
        entries=skeletons,
        shards=[v.shard for v in report.versions],
        vectors=stages.vectors,
        builder_version=__version__,
        updated_at=updated_at,
        index=file_description(index_path, INDEX_FILE),
    )
    report.catalog_bytes = write_catalog(site_dir, document)


def _compile_library(
    config: CatalogConfig,
    library: LibraryConfig,
    stages: VersionStages,
    report: BuildReport,
    progress: BuildProgress,
    cache: BuildCache,
) -> Entry:
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
    volumes: dict[str, VolumeSource] = {}

    def on_file(_relpath: str) -> None:
        progress.advance("parse")

    for version in library.versions:
        source = ""
        if version.git is not None or version.archive is not None:
            where = f"{library.id} {version.version}"
            with (
                progress.working("parse"),
                materialize(version, where, stages.work_dir) as materialized,
            ):
                result = compile_directory_version(
                    config.site, library, materialized.version, on_file, cache
                )
            result.warnings.extend(materialized.warnings)
            origin, source = materialized.origin, materialized.description
        elif version.directory is not None:
            with progress.working("parse"):
                result = compile_directory_version(config.site, library, version, on_file, cache)
            origin, source = "directory", str(version.directory)
        else:
            volume = _imported_volume(version, library.id)
            result = VersionResult(
                library.id, version.version, version.summary or volume.get("summary")
            )
            result.records.extend(volume["sections"])
            origin = version.index.name if version.index else "index"
        volumes[version.version] = _run_version_stages(
            skeleton, result, origin, stages, report, source
        )
        # Let this version's records go before the next version is compiled. Parsing and
        # rendering a large version leave megabytes of reference cycles that would otherwise
        # wait for the collector's next full pass; for a small one a full pass costs more time
        # than the memory is worth.
        large = result.cached_volume is None and result.section_count >= LARGE_VERSION_SECTIONS
        del result
        if large:
            gc.collect()
    return skeleton, volumes


def _take_imported_entry(
    entry: Mapping[str, Any], origin: str, stages: VersionStages, report: BuildReport
) -> Entry:
    skeleton = {k: v for k, v in entry.items() if k != "volumes"}
    volumes: dict[str, VolumeSource] = {}
    for version, volume in sorted(entry["volumes"].items()):
        result = VersionResult(str(entry["id"]), version, volume.get("summary"))
        result.records.extend(volume.get("sections", []))
        volumes[version] = _run_version_stages(skeleton, result, origin, stages, report)
    report.imported_entries.append(str(entry["id"]))
    return skeleton, volumes


def _run_version_stages(
    skeleton: Mapping[str, Any],
    result: VersionResult,
    origin: str,
    stages: VersionStages,
    report: BuildReport,
    source: str = "",
) -> VolumeSource:
    fragment, shard = stages.run(skeleton, result)
    report.warnings.extend(result.warnings)
    report.versions.append(
        VersionSummary(
            result.library_id,
            result.version,
            origin,
            result.files_read,
            tuple(result.skipped),
            result.section_count,
            result.source_bytes,
            shard,
            source,
            result.project,
            tuple(result.project_notes),
            result.empty_sections,
            tuple(sorted(result.near_empty_pages.items(), key=lambda item: (-item[1], item[0]))),
            result.api_note,
        )
    )
    return fragment


def _check_skeletons(entries: list[Entry]) -> None:
    """Check every rule above the volume level (volumes were checked one by one)."""
    document = {
        "format": INDEX_FORMAT,
        "entries": [
            {**skeleton, "volumes": {v: {"sections": []} for v in volumes}}
            for skeleton, volumes in entries
        ],
    }
    problems = index_problems(document)
    if problems:
        raise IndexInvalid("the assembled index", [str(p) for p in problems])


__all__ = ["BuildReport", "VersionPages", "VersionSummary", "build_site", "count_files"]
