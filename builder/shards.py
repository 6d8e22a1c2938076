"""Write one library version's full-text shard: a SQLite FTS5 file named by its content hash.

The shard follows ``schemas/shard.sql``; its search columns hold text tokenized by
``schemas/text.py``. It is written through a temporary file with no journal and finished with
VACUUM, so the same records give the same bytes on the same SQLite and zlib. GitHub Pages sends
binary files uncompressed, so the shard is published gzip-compressed whenever that saves at least
``MIN_SAVING`` of its size; the catalog records both sizes and the hash of the published bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import shutil
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import orjson

from builder.anchors import slugify, unique_anchor
from builder.errors import BuildError
from schemas.shards import APPLICATION_ID, BM25_WEIGHTS, FTS_TABLE, SHARD_FORMAT, shard_statements
from schemas.text import TOKENIZER, index_text, match_expression

SHARDS_DIR = "shards"
MIN_SAVING = 0.10
PAGE_SIZE = 4096
_CHUNK = 1 << 20
# A fence line opens a block, the next fence line closes it (the parsers' body convention).
_FENCED = re.compile(r"^[ \t]*(?:```|~~~)[^\n]*\n(.*?)^[ \t]*(?:```|~~~)[ \t]*$", re.M | re.S)


@dataclass(frozen=True)
class ShardInfo:
    """A written shard, as catalog.json describes it. ``path`` is relative to the site root."""

    library_id: str
    version: str
    path: str
    sha256: str
    bytes: int
    raw_bytes: int
    sections: int
    compression: str  # "gzip" or "none"


@dataclass(frozen=True)
class ShardRow:
    """One section as the shard stores it: display columns, then the tokenized search columns."""

    display: tuple[str, str, str, str, str, str | None, int | None, int | None, str]
    search: tuple[str, str, str, str]


def split_code(body: str) -> tuple[str, str]:
    """``body`` without its fenced code blocks, and the code of those blocks."""
    code = [match.group(1) for match in _FENCED.finditer(body)]
    if not code:
        return body, ""
    return _FENCED.sub("", body), "\n".join(code)


def _text(record: Mapping[str, Any], key: str) -> str:
    value = record.get(key)
    return value if isinstance(value, str) else ""


def _lines(record: Mapping[str, Any]) -> tuple[int | None, int | None]:
    lines = record.get("lines")
    if isinstance(lines, list) and len(lines) == 2 and all(type(n) is int for n in lines):
        return lines[0], lines[1]
    return None, None


def shard_rows(records: Iterable[Mapping[str, Any]]) -> Iterator[ShardRow]:
    """Rows for index-shaped section records; records from another index may lack every key.

    A missing anchor is the heading's slug, made unique across the version (such sections all
    live on one page); a missing sha256 is computed from the body.
    """
    taken: set[str] = set()
    for record in records:
        heading, body = _text(record, "heading"), _text(record, "body")
        above = record.get("headingPath")
        path = [p for p in above if isinstance(p, str)] if isinstance(above, list) else []
        anchor = _text(record, "anchor") or unique_anchor(slugify(heading), taken)
        taken.add(anchor)
        sha256 = _text(record, "sha256") or hashlib.sha256(body.encode("utf-8")).hexdigest()
        prose, code = split_code(body)
        display = (
            heading,
            orjson.dumps(path).decode(),
            body,
            _text(record, "path"),
            anchor,
            _text(record, "source") or None,
            *_lines(record),
            sha256,
        )
        search = (
            index_text(heading),
            index_text(" ".join(path)),
            index_text(prose),
            index_text(code),
        )
        yield ShardRow(display, search)


def build_database(
    target: Path, library_id: str, version: str, records: Iterable[Mapping[str, Any]]
) -> int:
    """Create the shard database at ``target`` (which must not exist); return its section count."""
    conn = sqlite3.connect(target, isolation_level=None)
    try:
        conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("BEGIN")
        for statement in shard_statements():
            conn.execute(statement)
        count = 0
        for count, row in enumerate(shard_rows(records), start=1):
            conn.execute(
                "INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (count, *row.display)
            )
            conn.execute(
                f"INSERT INTO {FTS_TABLE} (rowid, heading, heading_path, body, code) "
                "VALUES (?, ?, ?, ?, ?)",
                (count, *row.search),
            )
        meta = {
            "format": SHARD_FORMAT,
            "tokenizer": TOKENIZER,
            "library_id": library_id,
            "version": version,
            "sections": str(count),
        }
        conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        # One b-tree per index instead of many small segments: smaller and faster to query.
        conn.execute(f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}) VALUES ('optimize')")
        conn.execute("COMMIT")
        conn.execute("VACUUM")
        return count
    finally:
        conn.close()


def _hash_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _gzip_file(source: Path, target: Path) -> None:
    # mtime=0 and no file name in the header: the same database gives the same bytes. Level 6
    # is within 1% of level 9's size on real shards, at two and a half times the speed.
    with (
        source.open("rb") as raw,
        target.open("wb") as out,
        gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=6, mtime=0) as gz,
    ):
        shutil.copyfileobj(raw, gz, _CHUNK)


def shard_folder(library_id: str, version: str) -> str:
    """The shard's folder and file stem: ``shards/<id>/<version>``, quoted as URL segments."""
    return f"{SHARDS_DIR}/{quote(library_id, safe='')}/{quote(version, safe='')}"


def write_shard(
    staging: Path, library_id: str, version: str, records: Iterable[Mapping[str, Any]]
) -> ShardInfo:
    """Write one version's shard under ``staging`` and describe it for the catalog."""
    stem = shard_folder(library_id, version)
    folder = (staging / stem).parent
    folder.mkdir(parents=True, exist_ok=True)
    raw = folder / f".{Path(stem).name}.{os.getpid()}.tmp.sqlite"
    packed = raw.with_suffix(".gz")
    try:
        try:
            count = build_database(raw, library_id, version, records)
        except sqlite3.Error as exc:
            # The builder's one boundary for SQLite errors (a full disk, a broken library).
            where = f"{library_id} {version}"
            raise BuildError(f"could not write the search shard of {where}: {exc}") from exc
        raw_bytes = raw.stat().st_size
        _gzip_file(raw, packed)
        if packed.stat().st_size <= raw_bytes * (1 - MIN_SAVING):
            chosen, extension, compression = packed, "sqlite.gz", "gzip"
        else:
            chosen, extension, compression = raw, "sqlite", "none"
        sha256 = _hash_file(chosen)
        path = f"{stem}.{sha256[:16]}.{extension}"
        size = chosen.stat().st_size
        os.replace(chosen, staging / path)
    finally:
        raw.unlink(missing_ok=True)
        packed.unlink(missing_ok=True)
    return ShardInfo(library_id, version, path, sha256, size, raw_bytes, count, compression)


def search_shard(conn: sqlite3.Connection, query: str, limit: int = 10) -> list[tuple[int, str]]:
    """The reference search: (section id, heading) of the best bm25() matches of any query term.

    A client ranks its own way; tests use this to check that the shard finds what it should.
    """
    expression = match_expression(query)
    if not expression:
        return []
    weights = ", ".join(str(w) for w in BM25_WEIGHTS)
    rows = conn.execute(
        f"SELECT s.id, s.heading FROM {FTS_TABLE} JOIN sections AS s ON s.id = {FTS_TABLE}.rowid "
        f"WHERE {FTS_TABLE} MATCH ? ORDER BY bm25({FTS_TABLE}, {weights}), s.id LIMIT ?",
        (expression, limit),
    ).fetchall()
    return [(int(r[0]), str(r[1])) for r in rows]
