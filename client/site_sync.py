"""Have every version's files in the cache, verified, for offline use (``docclient sync``).

SiteData.sync re-checks the sites and lists what the merged catalog serves; this module has
each version's shard (downloaded, or built for a plain host as far as its limits allow), body
packs and index chunks on disk, then trims the cache to its budget, keeping what sync just had.
Failures are collected, not raised, so one bad shard does not stop the rest.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from client.catalog_loader import Layer
from client.disk_cache import DiskCache
from client.errors import ClientError
from client.listed_files import ListedFiles
from client.model import CatalogEntry, OpenedShard
from client.plain_shards import PlainShards
from client.shard_files import ShardFiles, is_plain
from client.shard_store import translating_sqlite

Progress = Callable[[int, int, str], None]
Job = tuple[CatalogEntry, Layer, str]  # a version's shard to have: (entry, its layer, version)
# A temporary file this old in the cache was left by a process that died.
ABANDONED_SECONDS = 3600.0


@dataclass(frozen=True)
class SyncParts:
    """What sync works with, from SiteData: the cache and its files, and how a failure of a
    source or of a query on a shard becomes an error."""

    cache: DiskCache
    shards: ShardFiles
    plain: PlainShards
    listed: ListedFiles
    clock: Callable[[], float]
    source_error: Callable[[Layer, str], ClientError]
    failed_query: Callable[[OpenedShard, str, str, Exception], ClientError]


def sync_versions(
    parts: SyncParts,
    jobs: list[Job],
    failures: list[dict[str, str]],
    progress: Progress | None,
    notice: Callable[[str], None] | None,
) -> dict[str, Any]:
    """Have each job's files in the cache, then trim it; the counts and ``failures`` (the
    sites' failures so far, extended here). ``notice`` hears what building a plain host's
    shards would cost before any is built; ``progress(done, total, "id version")`` follows
    each shard."""
    jobs, skipped = _planned(parts, jobs, notice)
    counts = dict.fromkeys(("cached", "downloaded", "built", "copied", "packs", "chunks"), 0)
    parts.listed.paused = True  # one trim at the end, which sees everything sync had
    try:
        _have_each(parts, jobs, counts, failures, progress)
    finally:
        parts.listed.paused = False
    parts.cache.remove_temporary(ABANDONED_SECONDS, parts.clock())
    # What sync just had is the newest, so the budget takes older files first. A budget
    # smaller than the site's files takes some of them too: then some versions will not
    # answer offline, which is what sync is for, so that is a failure.
    wanted = {sha for entry, _layer, version in jobs for sha in _shard_sha(entry, version)}
    counts["trimmed"] = parts.cache.trim(parts.listed.budget_bytes, keep=wanted)
    if counts["trimmed"] and counts["downloaded"] + counts["packs"] + counts["chunks"]:
        budget_mb = parts.listed.budget_bytes >> 20
        failures.append(
            {
                "source": "cache budget",
                "error": f"the cache budget of {budget_mb} MB is smaller than the "
                f"files of every version: {counts['trimmed']} files were removed again, "
                "so some versions will not answer offline; raise --cache-budget-mb",
            }
        )
    return {"shards": len(jobs), **counts, "skipped": skipped, "failures": failures}


def _have_each(
    parts: SyncParts,
    jobs: Sequence[Job],
    counts: dict[str, int],
    failures: list[dict[str, str]],
    progress: Progress | None,
) -> None:
    """Have each job's shard, packs and chunks in the cache, counting and collecting."""
    for done, (entry, layer, version) in enumerate(jobs, start=1):
        try:
            counts[parts.shards.shard_file(entry, layer, version)[3]] += 1
            ref = entry.shards.get(version)
            if ref is not None and ref.split:
                packs, chunks = _fetch_all_listed(parts, entry, layer, version)
                counts["packs"] += packs
                counts["chunks"] += chunks
        except ClientError as exc:
            failures.append({"id": entry.id, "version": version, "error": exc.message})
        if progress is not None:
            progress(done, len(jobs), f"{entry.id} {version}")


def _fetch_all_listed(
    parts: SyncParts, entry: CatalogEntry, layer: Layer, version: str
) -> tuple[int, int]:
    """Have every body pack and index chunk of a version's search shard on disk; how many
    of each were fetched."""
    shard = parts.shards.open_current(entry, layer, version)
    try:
        with translating_sqlite(functools.partial(parts.failed_query, shard, entry.id, version)):
            packs = shard.bodies.fetch_all() if shard.bodies is not None else 0
            chunks = shard.chunks.fetch_all() if shard.chunks is not None else 0
        if shard.confirm is not None:
            shard.confirm()
        return packs, chunks
    finally:
        shard.connection.close()


def _planned(
    parts: SyncParts, jobs: list[Job], notice: Callable[[str], None] | None
) -> tuple[list[Job], int]:
    """The jobs sync runs: all of them, except the shards to build from plain hosts beyond
    what the budget and the entry limit leave room for; and how many were left out."""
    plain = [(layer, entry.id, version) for entry, layer, version in jobs if is_plain(layer)]
    if not plain:
        return jobs, 0
    plan = parts.plain.plan(plain, parts.source_error)
    if plan.versions and notice is not None:
        notice(parts.plain.describe(plan))
    skipped = plan.versions - len(plan.chosen)
    if not skipped:
        return jobs, 0
    chosen = set(plan.chosen)
    kept = [
        (entry, layer, version)
        for entry, layer, version in jobs
        if not is_plain(layer)
        or (layer.label, entry.id, version) in chosen
        or parts.plain.cached(layer, entry.id, version) is not None
    ]
    return kept, skipped


def _shard_sha(entry: CatalogEntry, version: str) -> tuple[str, ...]:
    """The sha256 of the version's published shard, if its catalog lists one."""
    ref = entry.shards.get(version)
    return (ref.sha256,) if ref is not None else ()
