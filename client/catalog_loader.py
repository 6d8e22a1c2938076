"""Turn a catalog.json or index.json body into validated, provenance-tagged CatalogEntry objects.

A body is parsed once with orjson and validated once: catalog.json by decoding it into its
model (``schemas.catalog_rules``, one msgspec pass, faster than walking the parsed document),
index.json up to its volumes' sections (``index_check``; each volume is checked when a shard is
built from it). A body that passed is remembered on disk by its sha256 (a "verdict"), so a warm
start parses but never re-validates it. For an index the verdict also keeps the entries without
their volumes, so a warm start need not parse a large index.json at all; volumes are read back
from the body only when a shard is built.

A source's validated entries, with where its body lives, form a :class:`Layer`; the data layer
merges layers. Nothing here raises on bad data: problems come back as a list, and the caller
decides whether they are a network failure (a site) or a configuration error (a local index).
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import orjson

from client.disk_cache import CopyRecord, DiskCache
from client.errors import ClientError
from client.gc_pause import collector_paused
from client.index_check import index_entry_problems
from client.model import CatalogEntry, Provenance, ShardRef, VectorsRef
from schemas import CATALOG_FORMAT, INDEX_FORMAT
from schemas.build_catalogs import is_build_catalog
from schemas.catalog_rules import catalog_problems
from schemas.json_errors import json_problem
from schemas.lookup_table import LOOKUP_FILE, LOOKUP_FORMAT
from schemas.shards import HEAD_FORMATS, SHARD_FORMAT, SPLIT_FORMAT
from schemas.text import TOKENIZER
from schemas.vectors import VECTORS_FORMAT

CATALOG_FILE = "catalog.json"
INDEX_FILE = "index.json"
FILE_LIMIT = 512 << 20
# Names the rules a verdict vouches for: change the checks, change this, and old verdicts lapse.
CHECKER = "docclient-check@4"  # @4: a catalog is checked by its model, which refuses 1.0 counts
_FORMATS = {CATALOG_FORMAT: "catalog", INDEX_FORMAT: "index", LOOKUP_FORMAT: "lookup"}
_SKELETON_KEYS = ("id", "name", "summary", "aliases", "packages", "popularity", "homepage")


@dataclass(frozen=True)
class CheckedBody:
    """A body that passed validation: its kind, the entries' raw fields, and site facts.

    ``entries`` are the catalog's entry objects, or the index's entries without volumes; a
    lookup.json lists none (they are fetched one by one, client.lookup_site) and is ``lookup``.
    """

    document: str  # "catalog", "index" or "lookup"
    entries: Sequence[Mapping[str, Any]]
    build_id: str | None
    updated_at: str | None
    lookup: Mapping[str, Any] | None = None


def _kind(document: Any) -> str | None:
    form = document.get("format") if isinstance(document, dict) else None
    return _FORMATS.get(form) if isinstance(form, str) else None


def _skeleton(entry: Mapping[str, Any]) -> dict[str, Any]:
    kept = {key: entry[key] for key in _SKELETON_KEYS if key in entry}
    kept["versions"] = entry["versions"]
    # doc_extract answers with its version's summary (doctrove's volumeSummary); the volumes
    # themselves stay in the body until a shard is built from one.
    volumes = entry["volumes"]
    kept["volumeSummaries"] = {
        version: volumes[version]["summary"]
        for version in entry["versions"]
        if isinstance(volumes[version].get("summary"), str)
    }
    return kept


def _validate(document: Any, body: bytes, kind: str) -> list[str]:
    if kind == "catalog":
        return catalog_problems(body)
    # The volumes' sections are checked one volume at a time, when a shard is built from one.
    return index_entry_problems(document)


def check_body(
    body: bytes, sha256: str, cache: DiskCache | None, expected: str | None = None
) -> CheckedBody | list[str]:
    """Parse and validate a body (trusting a verdict stored for its hash); problems or the result.

    ``expected`` restricts the kind ("catalog" or "index"): catalog.json must hold a catalog.
    """
    verdict = cache.read_verdict(sha256, expected or "any") if cache else None
    if verdict and verdict.get("checker") == CHECKER and verdict.get("document") == "index":
        skeleton = verdict.get("entries")
        if isinstance(skeleton, list):
            return CheckedBody("index", skeleton, None, _text(verdict.get("updatedAt")))
    try:
        with collector_paused():
            document = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        return [f"not valid JSON: {json_problem(body, exc)}"]
    kind = _kind(document)
    if kind is None or (expected is not None and kind != expected):
        wanted = f'"{CATALOG_FORMAT}"' if expected == "catalog" else "a doctrove format"
        return [f"/format: must be {wanted}"]
    trusted = verdict is not None and verdict.get("checker") == CHECKER
    if kind == "lookup":
        # Checked by its model (msgspec), then remembered: a warm start need not load msgspec.
        checked_lookup = CheckedBody(
            "lookup", (), document.get("buildId"), document.get("updatedAt"), document
        )
        if not trusted:
            problems = _lookup_problems(body)
            if problems:
                return problems
            if cache:
                _remember(cache, sha256, expected or "any", {"checker": CHECKER, "document": kind})
        return checked_lookup
    if not trusted:
        problems = _validate(document, body, kind)
        if problems:
            return problems
    if kind == "catalog":
        checked = CheckedBody(
            "catalog", document["entries"], document["buildId"], document.get("updatedAt")
        )
        if cache and not trusted:
            _remember(cache, sha256, expected or "any", {"checker": CHECKER, "document": kind})
        return checked
    skeleton = [_skeleton(entry) for entry in document["entries"]]
    updated_at = document.get("updatedAt")
    if cache and not trusted:
        verdict = {"checker": CHECKER, "document": kind, "entries": skeleton}
        verdict["updatedAt"] = updated_at
        _remember(cache, sha256, expected or "any", verdict)
    return CheckedBody("index", skeleton, None, updated_at)


def _remember(cache: DiskCache, sha256: str, kind: str, verdict: dict[str, Any]) -> None:
    """Store a verdict; a cache that cannot be written only costs checking the body again."""
    with contextlib.suppress(ClientError):
        cache.write_verdict(sha256, kind, verdict)


def _lookup_problems(body: bytes) -> list[str]:
    import msgspec

    from schemas.documents import LOOKUP_DECODER

    try:
        LOOKUP_DECODER.decode(body)
    except msgspec.DecodeError as exc:
        return [str(exc)]
    return []


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _shards(shards: Mapping[str, Mapping[str, Any]]) -> dict[str, ShardRef]:
    # Shards in a newer format or tokenizer than this client reads are left out.
    return {
        version: ShardRef(
            s["path"],
            s["sha256"],
            int(s["bytes"]),
            int(s["rawBytes"]),
            int(s["sections"]),
            _vectors(s.get("vectors")),
            split=s["format"] in (SPLIT_FORMAT, *HEAD_FORMATS),
            chunked=s["format"] in HEAD_FORMATS,
        )
        for version, s in shards.items()
        if s["format"] in (SHARD_FORMAT, SPLIT_FORMAT, *HEAD_FORMATS)
        and s["tokenizer"] == TOKENIZER
    }


def _vectors(vectors: Mapping[str, Any] | None) -> VectorsRef | None:
    # Vectors in a newer format than this client reads are left out, like such shards.
    if vectors is None or vectors["format"] != VECTORS_FORMAT:
        return None
    return VectorsRef(
        vectors["path"],
        vectors["sha256"],
        int(vectors["bytes"]),
        vectors["model"],
        int(vectors["dims"]),
        int(vectors["sections"]),
    )


def make_entries(checked: CheckedBody, provenance: Provenance) -> list[CatalogEntry]:
    """CatalogEntry objects for a checked body, first of each id only, in document order.

    A catalog's shards in a format this client cannot read are left out of ``shards``; an
    index's entries have no shards (the client builds them from the volumes).
    """
    with collector_paused():
        return _entries(checked, provenance)


def _entries(checked: CheckedBody, provenance: Provenance) -> list[CatalogEntry]:
    entries: list[CatalogEntry] = []
    seen: set[str] = set()
    for raw in checked.entries:
        if raw["id"] in seen:
            continue
        seen.add(raw["id"])
        shards = raw.get("shards")
        entries.append(
            CatalogEntry(
                raw["id"],
                raw["name"],
                raw.get("summary", ""),
                tuple(raw.get("aliases", ())),
                tuple(raw.get("packages", ())),
                float(raw.get("popularity", 0)),
                raw.get("homepage"),
                tuple(raw["versions"]),
                _shards(shards) if shards else {},
                provenance,
                dict(raw.get("volumeSummaries", {})),
            )
        )
    return entries


def index_volumes(body: bytes) -> dict[tuple[str, str], dict[str, Any]]:
    """Every version's volume in an index body (its entries checked before, its volumes not),
    by (id, version). The first entry of an id wins, as in :func:`make_entries`.
    """
    document = orjson.loads(body)
    volumes: dict[tuple[str, str], dict[str, Any]] = {}
    seen: set[str] = set()
    for entry in document["entries"]:
        if entry["id"] in seen:
            continue
        seen.add(entry["id"])
        for version in entry["versions"]:
            volumes[(entry["id"], version)] = entry["volumes"][version]
    return volumes


@dataclass(frozen=True)
class Layer:
    """One source's current contribution: its validated entries and where its body lives."""

    kind: str  # "remote", "disk", "local" or "bundled" (Provenance.kind)
    label: str  # the site URL or the path
    document: str  # "catalog", "index" or "lookup"
    sha256: str  # of the body
    entries: tuple[CatalogEntry, ...]
    provenance: Provenance
    body: Path  # the body's file: a cache blob, or the local file
    folder: Path | None  # a local site folder, where its catalog's shard paths resolve
    record: CopyRecord | None  # a site's copy record; None for local files
    lookup: Mapping[str, Any] | None = None  # a lookup.json; entries are those fetched so far


# What a local index must be, said when the path given is not one.
_WANTED = "give a doctrove-index@1 file, or the folder docbuild build wrote (_site by default)"
# The catalog docbuild reads by default, and what to do with a folder that holds one.
_BUILD_CATALOG = "docbuild.toml"
_BUILT_SITE = "_site"  # where docbuild build writes unless told otherwise
_THEN = " and give the folder it writes (_site by default)"


def _build_of(folder: Path, where: str) -> str:
    """What to give for a catalog in ``folder``: the site its build wrote there (told to run
    the build again, one who had just built it was not told where it is), else to build it."""
    site = folder / _BUILT_SITE
    if any((site / name).is_file() for name in (CATALOG_FILE, LOOKUP_FILE, INDEX_FILE)):
        return f"give the folder its build wrote, {site}"
    return f"run docbuild build {where}{_THEN}"


def file_layer(path: Path, kind: str, cache: DiskCache) -> Layer | list[str]:
    """A local index or the bundled one: a doctrove-index@1 (or catalog) file, or a built site
    folder holding catalog.json, lookup.json or index.json. The layer, or what is wrong with
    it."""
    body_path, folder = path, None
    if path.is_dir():
        body_path, folder = path / CATALOG_FILE, path
        if not body_path.is_file():
            body_path = path / LOOKUP_FILE
        if not body_path.is_file():
            body_path, folder = path / INDEX_FILE, None
        if not body_path.exists():
            missing = f"{path} holds none of {CATALOG_FILE}, {LOOKUP_FILE} and {INDEX_FILE}"
            if (path / _BUILD_CATALOG).is_file():
                return [f"{missing}, but a {_BUILD_CATALOG}: {_build_of(path, 'there')}"]
            return [f"{missing}; {_WANTED}"]
    elif not path.exists():
        return [f"{path} does not exist; {_WANTED}"]
    elif path.suffix == ".toml":
        # docbuild.toml, the catalog next to the docs: read as JSON, it was "not valid JSON:
        # unexpected character", which says nothing of what to give instead.
        if not is_build_catalog(path):
            return [f"{path} is a TOML file, not a doctrove index; {_WANTED}"]
        return [
            f"{path} is a docbuild catalog (what a build reads, not what it writes): "
            + _build_of(path.parent, f"-c {path}")
        ]
    try:
        with body_path.open("rb") as handle:
            body = handle.read(FILE_LIMIT + 1)
    except OSError as exc:
        return [f"cannot read {body_path}: {exc.strerror}"]
    if len(body) > FILE_LIMIT:
        return [f"{body_path} is larger than {FILE_LIMIT} bytes"]
    sha256 = hashlib.sha256(body).hexdigest()
    checked = check_body(body, sha256, cache)
    if isinstance(checked, list):
        return [f"{body_path}: {problem}" for problem in checked]
    provenance = Provenance(kind, str(path), None, False, checked.updated_at, checked.build_id)
    if checked.document in ("catalog", "lookup"):
        folder = body_path.parent
    entries = tuple(make_entries(checked, provenance))
    return Layer(
        kind,
        str(path),
        checked.document,
        sha256,
        entries,
        provenance,
        body_path,
        folder,
        None,
        checked.lookup,
    )


def copy_layer(
    url: str,
    kind: str,
    record: CopyRecord,
    cache: DiskCache,
    checked: CheckedBody | None,
    previous: Layer | None,
) -> Layer | None:
    """A site's copy as a layer of ``kind`` ("remote": confirmed within the TTL, or "disk": the
    last good copy of a site that failed, stale). Reuses ``previous``'s entries when the body is
    the same; None when the stored copy turned out unsound."""
    provenance = Provenance(kind, url, iso_time(record.fetched_at), kind == "disk", None, None)
    if previous is not None and previous.sha256 == record.sha256:
        provenance = replace(
            provenance,
            build_time=previous.provenance.build_time,
            build_id=previous.provenance.build_id,
        )
        entries = tuple(replace(e, provenance=provenance) for e in previous.entries)
        lookup = previous.lookup
    else:
        if checked is None:
            body = cache.read_blob(record.sha256)
            result = check_body(body, record.sha256, cache, record.document) if body else None
            if not isinstance(result, CheckedBody):
                return None
            checked = result
        provenance = replace(provenance, build_time=checked.updated_at, build_id=checked.build_id)
        entries = tuple(make_entries(checked, provenance))
        lookup = checked.lookup
    return Layer(
        kind,
        url,
        record.document,
        record.sha256,
        entries,
        provenance,
        cache.blob_path(record.sha256),
        None,
        record,
        lookup,
    )


def iso_time(seconds: float) -> str:
    """Seconds since the epoch as ISO 8601 UTC, to the second: 2026-01-31T12:00:00Z."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))
