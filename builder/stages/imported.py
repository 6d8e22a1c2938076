"""The read stage for volumes taken from another index: its entries and volumes, as records
the later stages take like those of a compiled version (but not yet checked)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from builder.config import ImportConfig
from builder.model import CompiledVersion
from builder.stages.parse import encode_record


def compiled_import(
    library_id: str, version: str, summary: str | None, volume: Mapping[str, Any]
) -> CompiledVersion:
    """A volume taken from an index, as the compile stage would have made it (unchecked)."""
    sections = volume.get("sections", [])
    return CompiledVersion(
        library_id,
        version,
        summary or volume.get("summary"),
        records=tuple(encode_record(record) for record in sections),
        section_count=len(sections),
    )


def imported_volume(index: Path, entry_id: str, version: str) -> dict[str, Any]:
    """One version's volume of an entry in another index file."""
    document = orjson.loads(index.read_bytes())
    entry = next(e for e in document["entries"] if e["id"] == entry_id)
    volume: dict[str, Any] = entry["volumes"][version]
    return volume


def imported_entries(spec: ImportConfig) -> list[dict[str, Any]]:
    """The entries an ``[[imports]]`` table takes from its index file."""
    entries: list[dict[str, Any]] = orjson.loads(spec.index.read_bytes())["entries"]
    return [e for e in entries if not spec.only or e["id"] in spec.only]
