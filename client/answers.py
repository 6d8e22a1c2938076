"""Shape what the service found into the JSON-ready dicts every front end returns.

Keys follow the Node.js doctrove's results (``heading``, ``path``, ``body``...), plus the
provenance and location fields agents need to trust and cite a section.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from client.model import Provenance
from client.search.sections import FoundSection, TocEntry


def provenance_dict(provenance: Provenance) -> dict[str, Any]:
    shaped: dict[str, Any] = {
        "kind": provenance.kind,
        "source": provenance.source,
        "fetchedAt": provenance.fetched_at,
        "stale": provenance.stale,
        "buildTime": provenance.build_time,
        "buildId": provenance.build_id,
    }
    fallback = provenance.fallback
    if fallback is not None:
        shaped["fallbackReason"] = {
            "site": fallback.site,
            "error": fallback.error,
            "since": fallback.since,
        }
    return shaped


def source_label(provenance: Provenance) -> str:
    """The seed's one-string ``source`` field: ``remote:URL``, ``local:PATH``..."""
    return f"{provenance.kind}:{provenance.source}"


def popularity_number(popularity: float) -> int | float:
    """The index's popularity as it wrote it: 1200, not 1200.0 (catalogs hold whole numbers)."""
    return int(popularity) if popularity.is_integer() else popularity


def section_dict(section: FoundSection) -> dict[str, Any]:
    return {
        "heading": section.heading,
        "headingPath": list(section.heading_path),
        "body": section.body,
        "anchor": section.anchor,
        "source": section.source,
        "lines": list(section.lines) if section.lines else None,
        "sha256": section.sha256,
        "path": section.link,
        "score": round(section.score, 4),
        "matches": list(section.matches),
        "truncated": section.truncated,
    }


def toc_dict(entry: TocEntry) -> dict[str, Any]:
    return {
        "heading": entry.heading,
        "headingPath": list(entry.heading_path),
        "anchor": entry.anchor,
        "source": entry.source,
        "path": entry.link,
        "level": entry.level,
    }


def row_dict(row: Sequence[Any], *, target: bool) -> dict[str, Any]:
    """A section read straight from the shard's sections table, for doc_read."""
    _, heading, heading_path, body, link, anchor, source, start, end, sha256 = row
    return {
        "heading": str(heading),
        "headingPath": list(json.loads(heading_path)) if heading_path else [],
        "body": str(body),
        "anchor": str(anchor),
        "source": source,
        "lines": [int(start), int(end)] if start is not None and end is not None else None,
        "sha256": str(sha256),
        "path": str(link),
        "target": target,
        "bodySha256Verified": hashlib.sha256(str(body).encode()).hexdigest() == sha256,
    }
