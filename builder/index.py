"""Write doctrove-index@1: section records, entry skeletons, and the streamed final document.

The index holds every section of every version, so it is never built as one object in memory:
each version's volume is serialized on its own (``builder.stages.volume``) and ``write_index``
stitches the final file from those fragments. Keys are sorted everywhere, so the stitched bytes are
the same on every build of the same inputs.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from builder.errors import BuildError
from schemas import INDEX_FORMAT

_JSON_OPTIONS = orjson.OPT_SORT_KEYS


def section_record(
    heading: str,
    heading_path: tuple[str, ...],
    body: str,
    *,
    link: str,
    anchor: str,
    source: str,
    lines: tuple[int, int],
    sha256: str,
) -> dict[str, Any]:
    """One section as doctrove-index@1 stores it, with our optional extension fields."""
    return {
        "heading": heading,
        "path": link,
        "body": body,
        "anchor": anchor,
        "source": source,
        "lines": list(lines),
        "sha256": sha256,
        "headingPath": list(heading_path),
    }


def entry_skeleton(
    *,
    library_id: str,
    name: str,
    summary: str,
    aliases: tuple[str, ...],
    homepage: str | None,
    popularity: float | None,
    packages: tuple[str, ...],
    versions: list[str],
) -> dict[str, Any]:
    """An entry without its volumes; optional fields are left out rather than written empty."""
    entry: dict[str, Any] = {"id": library_id, "name": name, "versions": versions}
    if summary:
        entry["summary"] = summary
    if aliases:
        entry["aliases"] = list(aliases)
    if homepage:
        entry["homepage"] = homepage
    if popularity is not None:
        entry["popularity"] = popularity
    if packages:
        entry["packages"] = list(packages)
    return entry


VolumeSource = bytes | Path
"""A volume's serialized bytes, or the file that holds them."""


def _copy_volume(out: BinaryIO, source: VolumeSource) -> None:
    if isinstance(source, bytes):
        out.write(source)
        return
    with source.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            out.write(chunk)


def write_index(
    out: BinaryIO,
    entries: Iterable[tuple[dict[str, Any], Mapping[str, VolumeSource]]],
    updated_at: str | None,
) -> None:
    """Stream the whole index: ``entries`` are (skeleton, {version: volume}) sorted by id.

    The output equals ``orjson.dumps(document, option=OPT_SORT_KEYS)`` of the assembled
    document: keys are written in sorted order, and "entries" sorts before "format" and
    "updatedAt".
    """
    out.write(b'{"entries":[')
    for i, (skeleton, volumes) in enumerate(entries):
        out.write(b",{" if i else b"{")
        keys = sorted({*skeleton, "volumes"})
        for j, key in enumerate(keys):
            out.write((b"," if j else b"") + orjson.dumps(key) + b":")
            if key != "volumes":
                out.write(orjson.dumps(skeleton[key], option=_JSON_OPTIONS))
                continue
            out.write(b"{")
            for k, version in enumerate(sorted(volumes)):
                out.write((b"," if k else b"") + orjson.dumps(version) + b":")
                _copy_volume(out, volumes[version])
            out.write(b"}")
        out.write(b"}")
    tail: dict[str, Any] = {"format": INDEX_FORMAT}
    if updated_at is not None:
        tail["updatedAt"] = updated_at
    out.write(b"]," + orjson.dumps(tail, option=_JSON_OPTIONS)[1:])


def _explicit_moment(text: str) -> datetime:
    """The time a --timestamp names. Refused unless it is an ISO 8601 time with a zone: a word
    such as 'yesterday' became the index's build time, which clients showed as a time."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise BuildError(
            "--timestamp must be 'now' or an ISO 8601 time with its zone, such as "
            f"2026-01-01T00:00:00Z, not {text!r}"
        )
    return moment.astimezone(UTC)


def timestamp_from_environment(
    explicit: str | None = None, otherwise: str | None = None
) -> str | None:
    """The index's updatedAt: an explicit value, else SOURCE_DATE_EPOCH, else ``otherwise``
    (an ISO time; none at all by default, so that two builds of the same inputs stay
    byte-identical)."""
    if explicit == "now":
        moment = datetime.now(UTC)
    elif explicit:
        # Written in UTC as 'now' writes it: forms Python reads and JavaScript's Date does not
        # (20260101T000000Z, 2026-W01-1T00:00Z) left clients no time to show, and two parts of
        # one build given ...Z and ...+00:00 were refused by docbuild merge as built apart.
        moment = _explicit_moment(explicit)
    elif os.environ.get("SOURCE_DATE_EPOCH", "").strip():
        raw = os.environ["SOURCE_DATE_EPOCH"].strip()
        if not raw.isdigit():
            raise BuildError(f"SOURCE_DATE_EPOCH must be whole seconds since 1970, not {raw!r}")
        try:
            moment = datetime.fromtimestamp(int(raw), UTC)
        except (OverflowError, OSError, ValueError) as error:
            # Past the year 9999 (milliseconds given as seconds, say): it was a traceback.
            raise BuildError(
                f"SOURCE_DATE_EPOCH {raw} is not a time a build can have been made ({error}); "
                "it is whole seconds since 1970, such as the commit's: git log -1 --format=%ct"
            ) from error
    elif otherwise:
        moment = _explicit_moment(otherwise)
    else:
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
