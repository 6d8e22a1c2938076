"""Shards of plain doctrove hosts: built from index.json one version at a time, within limits.

A host that publishes only index.json hands the client every section of every version in one
body. Reading that body checks its entries, not their sections, and builds nothing; a version's
volume is checked and built into a shard the first time that version is asked for. Built shards
live in the cache's ``built`` folder, kept within the disk budget (``plain_budget_mb``) and the
entry limit (``plain_max_entries``, library versions) by removing the least recently used.
``docclient sync`` asks :meth:`PlainShards.plan` which versions fit before it builds any.

Errors: a body that changed on disk or a volume that breaks the schema is reported through the
caller's ``fail`` (the data layer knows whose fault it is); a single shard larger than the whole
budget is a ConfigError naming the setting.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from client.catalog_loader import Layer, index_volumes
from client.disk_cache import DiskCache
from client.errors import ClientError, ConfigError
from client.shard_store import BUILT_FOLDER, build_shard, built_key, estimated_shard_bytes

# Parsed volumes of an index are kept for the next shard only when the index is this small.
_VOLUME_MEMO_LIMIT = 64 << 20
Fail = Callable[[Layer, str], ClientError]


@dataclass(frozen=True)
class BuildPlan:
    """Which of the versions to build sync builds now; what building all of them would cost."""

    chosen: tuple[tuple[str, str, str], ...]  # (layer label, id, version)
    versions: int
    entries: int
    total_bytes: int
    chosen_bytes: int


class PlainShards:
    """The built shards of plain hosts in one cache, within a budget; one per SiteData."""

    def __init__(self, cache: DiskCache, budget_mb: int, max_entries: int) -> None:
        self._cache = cache
        self.budget_mb, self.max_entries = budget_mb, max_entries
        self._volumes: tuple[str, dict[tuple[str, str], dict[str, Any]]] | None = None
        self._tally: tuple[int, int] | None = None  # (count, bytes) of the built folder

    def cached(self, layer: Layer, entry_id: str, version: str) -> Path | None:
        """The version's built shard if the cache has it (marked as just used)."""
        key = built_key(layer.sha256, entry_id, version)
        path = self._cache.shard_path(key, BUILT_FOLDER)
        if path is not None:
            self._cache.mark_used(key, BUILT_FOLDER)
        return path

    def build(self, layer: Layer, entry_id: str, version: str, fail: Fail) -> tuple[Path, int]:
        """Check the version's volume, build its shard, keep the folder within limits; the
        shard's path and section count."""
        # Imported here: jsonschema is slow to import and only a shard build needs it.
        from schemas.index_rules import volume_problems

        volume = self._index_volumes(layer, fail)[(entry_id, version)]
        problems = volume_problems(volume)
        if problems:
            message = f"the volume of {entry_id} {version} in {layer.label} is invalid: "
            raise fail(layer, message + str(problems[0]))
        sections: list[dict[str, Any]] = volume["sections"]
        key = built_key(layer.sha256, entry_id, version)
        path = build_shard(self._cache, key, entry_id, version, sections)
        self._keep_within_limits(entry_id, version, key, path)
        return path, len(sections)

    def remove(self, layer: Layer, entry_id: str, version: str) -> None:
        self._cache.remove_shard(built_key(layer.sha256, entry_id, version), BUILT_FOLDER)

    def _index_volumes(self, layer: Layer, fail: Fail) -> dict[tuple[str, str], dict[str, Any]]:
        if self._volumes is not None and self._volumes[0] == layer.sha256:
            return self._volumes[1]
        try:
            data = layer.body.read_bytes()
        except OSError:
            data = b""
        if hashlib.sha256(data).hexdigest() != layer.sha256:
            raise fail(layer, f"{layer.body} changed or vanished since it was read")
        volumes = index_volumes(data)
        if len(data) <= _VOLUME_MEMO_LIMIT:
            self._volumes = (layer.sha256, volumes)
        return volumes

    def _keep_within_limits(self, entry_id: str, version: str, key: str, path: Path) -> None:
        """Remove the least recently used built shards (never the new one) past the limits.

        The folder is listed once per process and then tallied, so a sync that builds
        thousands of shards does not list it after each; other processes' shards are counted
        at the next listing, which happens whenever the tally reaches a limit.
        """
        budget, limit = self.budget_mb << 20, self.max_entries
        size = path.stat().st_size
        if size > budget:
            self._cache.remove_shard(key, BUILT_FOLDER)
            raise ConfigError(
                f"the shard of {entry_id} {version} takes {size / 1e6:.1f} MB, more than the "
                f"disk budget for hosts that publish only index.json ({self.budget_mb} MB); "
                "raise --plain-budget-mb",
                hints=["--plain-budget-mb", "DOCTROVE_PLAIN_BUDGET_MB"],
            )
        if self._tally is not None:
            count, total = self._tally
            self._tally = (count + 1, total + size)
        if self._tally is None or self._tally[0] > limit or self._tally[1] > budget:
            self._cache.trim_shards(BUILT_FOLDER, budget, limit, key)
            shards = self._cache.shards_in(BUILT_FOLDER)
            self._tally = (len(shards), sum(size for _used, size, _key in shards))

    def plan(self, wanted: Sequence[tuple[Layer, str, str]], fail: Fail) -> BuildPlan:
        """Of the plain-host versions in ``wanted`` (layer, id, version), the ones not built
        yet that fit in the room the limits leave, in order, and what all of them would cost."""
        to_build: list[tuple[tuple[str, str, str], str, int]] = []
        for layer, entry_id, version in wanted:
            if self._cache.shard_path(built_key(layer.sha256, entry_id, version), BUILT_FOLDER):
                continue
            try:
                volume = self._index_volumes(layer, fail)[(entry_id, version)]
            except ClientError:
                continue  # building it reports the failure
            cost = estimated_shard_bytes(volume)
            to_build.append(((layer.label, entry_id, version), entry_id, cost))
        present = self._cache.shards_in(BUILT_FOLDER)
        room = (self.budget_mb << 20) - sum(size for _, size, _ in present)
        slots = self.max_entries - len(present)
        chosen: list[tuple[str, str, str]] = []
        chosen_bytes = 0
        for job, _entry_id, cost in to_build:
            if len(chosen) >= slots or chosen_bytes + cost > room:
                break
            chosen.append(job)
            chosen_bytes += cost
        return BuildPlan(
            tuple(chosen),
            len(to_build),
            len({(job[0], entry_id) for job, entry_id, _cost in to_build}),
            sum(cost for _job, _entry_id, cost in to_build),
            chosen_bytes,
        )

    def describe(self, plan: BuildPlan) -> str:
        """What sync tells the user before it builds anything."""
        rest = plan.versions - len(plan.chosen)
        return (
            f"{plan.versions} versions of {plan.entries} entries come from hosts that publish "
            f"only index.json; building all their shards would take about "
            f"{plan.total_bytes / 1e6:,.1f} MB. Within --plain-budget-mb {self.budget_mb} and "
            f"--plain-max-entries {self.max_entries}, sync builds {len(plan.chosen)} (about "
            f"{plan.chosen_bytes / 1e6:,.1f} MB); "
            + (f"the other {rest} are built when first asked for." if rest else "that is all.")
        )
