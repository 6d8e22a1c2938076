"""What ``docclient status`` says of each source: its standing, freshness and failure."""

from __future__ import annotations

from typing import Any

from client.catalog_loader import Layer, iso_time
from client.cooldown import Cooldown


def site_status(
    url: str, layer: Layer | None, used: bool, cooldown: Cooldown, now: float
) -> dict[str, Any]:
    """A configured site: its copy's standing and age, and its failure while it fails."""
    status: dict[str, Any] = {"kind": "remote", "source": url, "state": "no copy"}
    if layer is not None:
        status = layer_status(layer, used=used)
        if layer.record is not None:
            status["checkedAt"] = iso_time(layer.record.checked_at)
            status["ageSeconds"] = round(now - layer.record.checked_at, 1)
    failure = cooldown.last_failure(url)
    if failure is not None:
        status["state"] = "failed"
        status["error"] = failure.reason
        status["failingSince"] = iso_time(failure.since)
        status["retryInSeconds"] = round(cooldown.remaining(url), 1)
    return status


def layer_status(layer: Layer, *, used: bool) -> dict[str, Any]:
    """A source's copy: where it is from, whether any version is served from it, its build."""
    provenance = layer.provenance
    return {
        "kind": layer.kind,
        "source": layer.label,
        "document": layer.document,
        "state": "ok" if used else "unused",
        "entries": len(layer.entries),
        **({"libraries": layer.lookup["libraries"]} if layer.lookup is not None else {}),
        "fetchedAt": provenance.fetched_at,
        "stale": provenance.stale,
        "buildId": provenance.build_id,
        "buildTime": provenance.build_time,
    }
