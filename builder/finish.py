"""The build's whole-site stages, over every library's built versions: the entries checked
together, the site files (index.json whole and per library, library and landing pages,
catalog.json, lookup.json with its table and per-library records: the site_files stage), then
Pagefind's index. A one-machine build runs them after its version stages (builder.pipeline);
``docbuild merge`` runs them over the parts (builder.merge), so whatever they write is in a
merged site too, with the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import jinja2

from builder.config import SiteConfig
from builder.embeddings import VectorsInfo
from builder.errors import IndexInvalid
from builder.pages import PageCache, render_each
from builder.progress import BuildProgress
from builder.shards import ShardInfo
from builder.site_search import SearchIndexInfo, SiteSearchRun, index_site
from builder.stages.site_files import BuiltEntry, SiteFiles, write_site_files
from schemas import INDEX_FORMAT
from schemas.index_rules import assembled_index_problems

VersionOutputs = Mapping[tuple[str, str], tuple[ShardInfo, VectorsInfo | None]]
"""Each version's shard and vectors sidecar (None without embedding), by (library id, version)."""


@dataclass(frozen=True)
class SiteContext:
    """What the whole-site stages read: settings, templates, progress and the site's folder."""

    site: SiteConfig
    env: jinja2.Environment
    progress: BuildProgress
    site_dir: Path
    index_limit: int  # bytes: a doctrove-index@1 file is written only up to this size
    # Writes the library and landing pages (builder.cached_stages keeps them by their inputs).
    page_cache: PageCache = render_each
    # Gets Pagefind's index of the site (builder.cached_site_search keeps it by the pages).
    search_index: SiteSearchRun = index_site


def _entry_id(entry: BuiltEntry) -> str:
    return str(entry.skeleton["id"])


def check_entries(built: Iterable[BuiltEntry]) -> tuple[BuiltEntry, ...]:
    """The entries sorted by id, once every rule above the volume level holds (volumes were
    checked one by one)."""
    entries = tuple(sorted(built, key=_entry_id))
    document = {
        "format": INDEX_FORMAT,
        "entries": [
            {**entry.skeleton, "volumes": {v: {"sections": []} for v, _ in entry.volumes}}
            for entry in entries
        ],
    }
    problems = assembled_index_problems(document)
    if problems:
        raise IndexInvalid("the assembled index", [str(p) for p in problems])
    return entries


def write_whole_site(
    context: SiteContext,
    entries: tuple[BuiltEntry, ...],
    outputs: VersionOutputs,
    updated_at: str | None,
    pagefind: Path | None,
) -> tuple[SiteFiles, SearchIndexInfo | None]:
    """The end of a build, and the whole of a merge: the site files, then Pagefind's index.
    ``outputs`` are each version's shard and vectors by (library id, version); the pages of
    every version are already in the site folder."""
    site_files = _write_site_files(context, entries, outputs, updated_at)
    pages = sum(len(version.pages) for entry in entries for version in entry.pages)
    return site_files, _index_site_search(context, pages, pagefind)


def _write_site_files(
    context: SiteContext,
    entries: tuple[BuiltEntry, ...],
    outputs: VersionOutputs,
    updated_at: str | None,
) -> SiteFiles:
    progress = context.progress
    progress.begin("site files", 1)
    with progress.working("site files"):
        shards = [shard for shard, _ in outputs.values()]
        vectors = {key: info for key, (_, info) in outputs.items() if info is not None}
        site_files = write_site_files(
            context.env,
            context.site,
            entries,
            shards,
            vectors,
            context.site_dir,
            updated_at,
            context.index_limit,
            context.page_cache,
        )
    progress.advance("site files")
    progress.end("site files")
    return site_files


def _index_site_search(
    context: SiteContext, pages: int, pagefind: Path | None
) -> SearchIndexInfo | None:
    """Pagefind's index of every page, when a Pagefind binary was given."""
    if pagefind is None:
        return None
    progress = context.progress
    progress.begin("site search", pages)
    with progress.working("site search"):
        searched = context.search_index(context.site_dir, pagefind)
    progress.advance("site search", searched.pages)
    progress.end("site search")
    return searched
