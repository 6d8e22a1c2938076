"""What ``docclient status`` says of each source: its standing, freshness and failure."""

from __future__ import annotations

from typing import Any

from client.catalog_loader import Layer, iso_time
from client.cooldown import Cooldown


def site_status(
    url: str,
    layer: Layer | None,
    used: bool,
    cooldown: Cooldown,
    now: float,
    failing_since: float | None = None,
) -> dict[str, Any]:
    """A configured site: its copy's standing and age, and its failure while it fails.

    ``failing_since`` is the disk cache's record that the site's last check, by any docclient
    process, failed (a success clears it): a process whose copy is still within the cache TTL
    has not checked again, and would otherwise call a site that another process just found
    down "ok"."""
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
    elif failing_since is not None:
        status["state"] = "failed"
        status["error"] = (
            "the last check, by another docclient process, failed, and no check has "
            "succeeded since; this process has not checked it itself"
        )
        status["failingSince"] = iso_time(failing_since)
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
