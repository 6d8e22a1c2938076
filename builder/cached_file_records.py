"""A parsed file's entry in the build cache: its records as the volume stores them, after one
line of JSON about the file, and how a build reads it back.

A file with API directives depends on the code too: its entry only says so, and its records
are kept under a second key that adds the code's hash. A file that includes others keeps their
sha256s, and its records count only while the files still have them; likewise the titles the
references its parse resolved read as (builder.parsers.reference_titles).
"""

from __future__ import annotations

from typing import Any

import orjson

from builder.cache import BuildCache, cache_key
from builder.cache_objects import is_object_name
from builder.includes import IncludedNow
from builder.model import ApiUse, FileRecords, Warning_
from builder.parsers.reference_titles import NO_REFERENCES, ReferenceTitles


def kept_records(
    cache: BuildCache,
    key: str,
    code_hash: str,
    included: IncludedNow,
    references: ReferenceTitles,
) -> tuple[FileRecords, int] | None:
    """The records the cache kept for a file under ``key`` (or, for a file with API
    directives, under the key with the code's hash) and the size of its text; None when
    there are none to use."""
    kept = load_file_records(cache, key, included, references)
    if kept is True:
        kept = load_file_records(cache, cache_key(key, code_hash), included, references)
    return kept if isinstance(kept, tuple) else None


def file_records_payload(parsed: FileRecords, size: int) -> bytes:
    """A file's entry: a line of JSON about the file, then its records, one a line as the
    volume stores them. A rebuild takes them as they are: decoding and encoding every
    record again cost a 500-page version a third of a second."""
    about: dict[str, Any] = {
        "skipped": parsed.skipped,
        "warnings": [[w.where, w.message] for w in parsed.warnings],
        "empty": parsed.empty,
        "near_empty": parsed.near_empty,
        "included": [list(item) for item in parsed.included],
        "references": [list(item) for item in parsed.references],
        "records": len(parsed.records),
        "size": size,  # of the file's text, as the report counts it
        "digest": parsed.digest,
        "sources": None if parsed.sources is None else [list(run) for run in parsed.sources],
    }
    if parsed.skipped is None:
        api = parsed.api
        about["api_use"] = [api.objects, api.without_code] if api is not None else None
    # Compact JSON has no line breaks: a newline in a string is written as \n.
    return b"\n".join([orjson.dumps(about), *parsed.records])


def load_file_records(
    cache: BuildCache,
    key: str,
    included: IncludedNow | None = None,
    references: ReferenceTitles = NO_REFERENCES,
) -> tuple[FileRecords, int] | bool | None:
    """The records kept under ``key`` and the size of the file's text; True when the entry
    says they are kept under a key with the code's hash; None when there is no usable entry
    (or a file the page included has changed since, or a reference it resolved reads as
    another title now)."""
    payload = cache.load_bytes(key)
    if payload is None:
        return None
    head, _, rest = payload.partition(b"\n")
    try:
        about = orjson.loads(head)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(about, dict):
        return None
    if about.get("api") is True:
        return True
    records = tuple(rest.split(b"\n")) if rest else ()
    size = about.get("size")
    if len(records) != about.get("records") or type(size) is not int:
        return None
    if not (included or IncludedNow(None)).unchanged(about.get("included")):
        return None
    noted = about.get("references")
    if not references.read_as_noted(noted):
        return None
    use = about.get("api_use")
    digest = about.get("digest")
    return FileRecords(
        records=records,
        skipped=about["skipped"],
        warnings=tuple(Warning_(where, message) for where, message in about["warnings"]),
        empty=about["empty"],
        near_empty=about["near_empty"],
        api=ApiUse(*use) if isinstance(use, list) and len(use) == 2 else None,
        included=tuple((path, sha) for path, sha in about.get("included") or ()),
        references=tuple((reference, title) for reference, title in noted or ()),
        digest=digest if isinstance(digest, str) and is_object_name(digest) else "",
        sources=_source_runs(about.get("sources"), len(records)),
    ), size


def _source_runs(listed: Any, records: int) -> tuple[tuple[str, int], ...] | None:
    """The runs of sources a file's entry lists, when they are runs of that many records."""
    if not isinstance(listed, list):
        return None
    runs = []
    for run in listed:
        if not (
            isinstance(run, list)
            and len(run) == 2
            and isinstance(run[0], str)
            and type(run[1]) is int
            and run[1] > 0
        ):
            return None
        runs.append((run[0], run[1]))
    return tuple(runs) if sum(count for _, count in runs) == records else None
