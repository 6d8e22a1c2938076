"""Merge the sources' entries by version: one entry per id, each version from the first source
that has it.

Sources are layers in configured order: each ``--index-url`` (or its last good copy), then the
local index, then the bundled one. For an id listed by several layers, the merged entry takes
its name, summary, aliases and packages from the first layer listing it; its versions are the
union over the layers, newest first; and each version is served (shard and provenance) by the
first layer that lists it, so a private fork of one version never hides the public site's
other versions. A layer's fallback (a site that outranks it failed) is stamped on the
provenance of everything it serves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from client.catalog_loader import Layer, iso_time
from client.cooldown import Failure
from client.model import CatalogEntry, Fallback
from schemas.versions import InvalidVersion, parse_version

Served = tuple[CatalogEntry, Layer]  # a source's own entry for an id, and its layer


class MergedEntry(NamedTuple):
    """One id as every layer lists it: the merged view, and each listing in configured order.

    A named tuple, not a dataclass: a catalog of 10,000 libraries makes 10,000 of them at every
    merge, and a tuple is several times cheaper to make."""

    entry: CatalogEntry
    listings: tuple[Served, ...]

    def server(self, version: str) -> Served | None:
        """The first listing that has ``version``: where its shard and provenance come from."""
        for listed, layer in self.listings:
            if version in listed.versions:
                return listed, layer
        return None


def merge_layers(
    layers: Sequence[Layer], fallbacks: Sequence[Fallback | None]
) -> dict[str, MergedEntry]:
    """The merged entries by id, in the order ids first appear; ``fallbacks[i]`` is stamped on
    what ``layers[i]`` serves."""
    merged: dict[str, MergedEntry] = {}
    for layer, fallback in zip(layers, fallbacks, strict=True):
        for entry in layer.entries:
            if fallback is not None:
                entry = replace(entry, provenance=replace(entry.provenance, fallback=fallback))
            found = merged.get(entry.id)
            if found is None:
                merged[entry.id] = MergedEntry(entry, ((entry, layer),))
            else:
                merged[entry.id] = _merged((*found.listings, (entry, layer)))
    return merged


def _merged(listings: tuple[Served, ...]) -> MergedEntry:
    """The merged view of an id several layers list."""
    first = listings[0][0]
    servers: dict[str, CatalogEntry] = {}
    for listed, _layer in listings:
        for version in listed.versions:
            servers.setdefault(version, listed)
    entry = replace(
        first,
        versions=newest_first(list(servers)),
        shards={v: e.shards[v] for v, e in servers.items() if v in e.shards},
        served={v: e.provenance for v, e in servers.items()},
        volume_summaries={
            v: e.volume_summaries[v] for v, e in servers.items() if v in e.volume_summaries
        },
    )
    return MergedEntry(entry, listings)


def newest_first(versions: Sequence[str]) -> tuple[str, ...]:
    """``versions`` newest first (semver and PEP 440); ties keep their order, and anything that
    is no version (a catalog should not have it) comes last."""

    def key(text: str) -> tuple[int, tuple[object, ...]]:
        try:
            return 1, parse_version(text).key
        except InvalidVersion:
            return 0, ()

    return tuple(sorted(versions, key=key, reverse=True))


def fallback_for(
    rank: int, layer: Layer, failures: Sequence[tuple[str, Failure]], sites: Sequence[str]
) -> Fallback | None:
    """Why ``layer`` (at ``rank`` in the configured order of ``sites``) answers instead of a
    site: the first failed site ranked before it, or the site whose last good copy it is. None
    when no site that outranks it failed."""
    ranks = {url: position for position, url in enumerate(sites)}
    for url, failure in failures:
        outranks = ranks[url] < rank or (ranks[url] == rank and layer.kind == "disk")
        if outranks:
            return Fallback(url, failure.reason, iso_time(failure.since))
    return None
