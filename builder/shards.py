"""Write one library version's search shard and body packs, each named by its content hash.

The shard is a doctrove-shard@2 search shard (``schemas/search_shard.sql``): the full-text index
and what ranking reads, without the section bodies, which go to body packs beside it
(``schemas/body_packs.py``, one per page), so a client's first answer fetches the search shard
and a few packs instead of every body. The database itself is made by ``schemas/shard_build.py``
(the client builds whole shards for hosts that publish only index.json with the same rows),
in memory, so the same records give the same bytes on the same SQLite and zlib, and only the
published file is written.
GitHub Pages sends binary files uncompressed, so the shard is published gzip-compressed whenever
that saves at least ``MIN_SAVING`` of its size; the catalog records both sizes and the hash of
the published bytes, and the shard's packs table the size and hash of each pack.

A version whose full-text index pages reach ``split_index_bytes`` (a site setting, by default
``schemas.term_chunks.SPLIT_INDEX_BYTES``) is published as a doctrove-shard@6 instead: the shard
without its index pages (the head, its sections sent as columns: ``schemas/section_columns.py``),
and the pages in chunks beside it (``shards/<id>/index/<name>.bin.gz``, its packs' and chunks'
names the first 32 hex digits of their sha256: ``schemas.shards.content_name``), so a client's first
answer fetches the head and the chunks its query's terms need rather than the whole index
(``schemas/term_chunks.py``).
"""

from __future__ import annotations

import functools
import hashlib
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from builder.errors import BuildError
from builder.shard_gzip import (
    GZIP_LEVEL,
    HEAD_GZIP_LEVEL,
    HEAD_PIECES,
    CompressPiece,
    compress_piece,
    gzip_bytes,
    gzip_data,
)
from schemas.body_packs import pack_path
from schemas.column_encoding import MakeHeadingCodes, heading_codes
from schemas.shard_build import (
    PageChange,
    PlacedPage,
    ShardRow,
    build_database,
    page_rows,
    placed_pages,
    search_database_bytes,
    shard_rows,
    split_code,
    updated_search_database_bytes,
)
from schemas.shards import BM25_WEIGHTS, FTS_TABLE, SPLIT_FORMAT, content_name, read_shard_meta
from schemas.term_chunks import (
    CHUNK_RAW_BYTES,
    SPLIT_INDEX_BYTES,
    PublishedChunk,
    chunk_path,
    cut_into_head,
)
from schemas.text import match_expression

# Re-exported: callers and tests of the builder reach the row and database code through here.
__all__ = [
    "ShardInfo",
    "ShardRow",
    "build_database",
    "search_shard",
    "shard_folder",
    "shard_rows",
    "split_code",
    "write_shard",
    "write_shard_files",
]

SHARDS_DIR = "shards"
MIN_SAVING = 0.10
# Puts a file named by its content at a path (target, sha256, bytes): written, or linked from
# a kept copy of the same bytes (builder.cache_objects).
PlaceFile = Callable[[Path, str, bytes], None]


def write_file(target: Path, _sha256: str, data: bytes) -> None:
    target.write_bytes(data)


class KeptFileMissing(Exception):
    """A body pack an index update keeps is no longer in the build cache (another build
    sharing it swept it): the caller writes the shard from its pages instead."""


@dataclass(frozen=True)
class IndexUpdate:
    """What ``write_shard_files`` makes a version's database from instead of its pages: the
    database kept last time, the pages changed since (builder.kept_index), and how to link a
    body pack of an unchanged page from the build cache (False when it is not there)."""

    database: bytes
    changes: Sequence[PageChange]
    link: Callable[[Path, str], bool]


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
    format: str = SPLIT_FORMAT
    packs: int = 0
    pack_bytes: int = 0
    chunks: int = 0  # index chunks beside a doctrove-shard@3 (its head is ``path``)
    chunk_bytes: int = 0


def shard_folder(library_id: str, version: str) -> str:
    """The shard's folder and file stem: ``shards/<id>/<version>``, quoted as URL segments."""
    return f"{SHARDS_DIR}/{quote(library_id, safe='')}/{quote(version, safe='')}"


def write_shard(
    staging: Path,
    library_id: str,
    version: str,
    records: Iterable[Mapping[str, Any]],
    pages: Iterable[PlacedPage] | None = None,
    compress: CompressPiece = compress_piece,
    split_index_bytes: int = SPLIT_INDEX_BYTES,
) -> ShardInfo:
    """Write one version's shard under ``staging`` and describe it for the catalog; ``pages``
    are the records' pages as the shard's tables take them (``placed_pages``) when the caller
    has them already, and ``compress`` compresses a piece of the database or an index chunk
    (builder.shard_gzip; builder.cached_rows has both, kept from earlier builds). An index of
    at least ``split_index_bytes`` is published in chunks beside the shard."""
    info, _ = write_shard_files(
        staging, library_id, version, records, pages, compress, split_index_bytes
    )
    return info


def write_shard_files(
    staging: Path,
    library_id: str,
    version: str,
    records: Iterable[Mapping[str, Any]],
    pages: Iterable[PlacedPage] | None = None,
    compress: CompressPiece = compress_piece,
    split_index_bytes: int = SPLIT_INDEX_BYTES,
    place: PlaceFile = write_file,
    keep: Callable[[bytes], object] | None = None,
    update: IndexUpdate | None = None,
    make_heading_codes: MakeHeadingCodes = heading_codes,
) -> tuple[ShardInfo, dict[str, str]]:
    """``write_shard``, and the sha256 of every file it wrote by its path under ``staging``
    (each was hashed as it was made: the build cache keeps them without reading them again).
    ``place`` puts each body pack and index chunk in place (the build cache links the ones
    it kept); ``keep`` gets the whole database for a later ``update`` (builder.kept_index),
    which, given, makes the database from the kept one instead of from ``pages``; a head's
    heading columns are made by ``make_heading_codes`` (builder.cached_rows keeps them)."""
    stem = shard_folder(library_id, version)
    folder = (staging / stem).parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        made = placed_pages(page_rows(list(records))) if pages is None else pages
        chunks: list[PublishedChunk] = []
        formats: list[str] = []  # the head's, as cut_into_head chose it

        def cut(conn: sqlite3.Connection) -> None:
            publish = functools.partial(gzip_bytes, compress=compress)
            chunks.extend(
                cut_into_head(conn, publish, CHUNK_RAW_BYTES, split_index_bytes, make_heading_codes)
            )
            if chunks:
                formats.append(read_shard_meta(conn)["format"])

        if update is None:
            raw, count, made_packs = search_database_bytes(library_id, version, made, cut, keep)
            packs: list[tuple[str, int, bytes | None]] = [
                (p.sha256, len(p.data), p.data) for p in made_packs
            ]
        else:
            raw, count, rows = updated_search_database_bytes(
                update.database, update.changes, cut, keep
            )
            new = {p.sha256: p.data for c in update.changes for p in c.tables.packs}
            packs = [(sha256, size, new.get(sha256)) for sha256, size in rows]
    except sqlite3.Error as exc:
        # The builder's one boundary for SQLite errors (a full disk, a broken library).
        where = f"{library_id} {version}"
        raise BuildError(f"could not write the search shard of {where}: {exc}") from exc
    if chunks:  # a head
        packed = gzip_data(raw, compress, HEAD_GZIP_LEVEL, HEAD_PIECES)
    else:
        packed = gzip_data(raw, compress, GZIP_LEVEL)
    if len(packed) <= len(raw) * (1 - MIN_SAVING):
        chosen, extension, compression = packed, "sqlite.gz", "gzip"
    else:
        chosen, extension, compression = raw, "sqlite", "none"
    sha256 = hashlib.sha256(chosen).hexdigest()
    path = f"{stem}.{sha256[:16]}.{extension}"
    (staging / path).write_bytes(chosen)
    raw_bytes, size = len(raw), len(chosen)
    shard_format = formats[0] if chunks else SPLIT_FORMAT

    def named(sha256: str) -> str:  # the name the shard's packs and chunks table give the file
        return content_name(sha256, shard_format)

    written = {
        path: sha256,
        **_write_named(
            staging,
            (
                (pack_path(library_id, named(sha)), sha, data)
                for sha, _, data in packs
                if data is not None
            ),
            place,
        ),
        **_link_kept(
            staging,
            [(pack_path(library_id, named(sha)), sha) for sha, _, data in packs if data is None],
            update,
        ),
        **_write_named(
            staging,
            ((chunk_path(library_id, named(c.sha256)), c.sha256, c.data) for c in chunks),
            place,
        ),
    }
    info = ShardInfo(
        library_id,
        version,
        path,
        sha256,
        size,
        raw_bytes,
        count,
        compression,
        shard_format,
        len(packs),
        sum(pack_bytes for _, pack_bytes, _ in packs),
        len(chunks),
        sum(len(chunk.data) for chunk in chunks),
    )
    return info, written


def _write_named(
    staging: Path, files: Iterable[tuple[str, str, bytes]], place: PlaceFile
) -> dict[str, str]:
    """Write files named by their content, (path, sha256, bytes) each, the files of one call
    sharing one folder (a version's body packs, or its index chunks); sha256 by path."""
    written: dict[str, str] = {}
    for path, sha256, data in files:
        target = staging / path
        if not written:
            target.parent.mkdir(parents=True, exist_ok=True)
        place(target, sha256, data)
        written[path] = sha256
    return written


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


def _link_kept(
    staging: Path, files: list[tuple[str, str]], update: IndexUpdate | None
) -> dict[str, str]:
    """Link the body packs ``update`` keeps from the build cache, (path, sha256) each: what
    ``_write_named`` gives; KeptFileMissing when one is gone."""
    written: dict[str, str] = {}
    for path, sha256 in files:
        assert update is not None  # only an update leaves a pack without its bytes
        target = staging / path
        if not written:
            target.parent.mkdir(parents=True, exist_ok=True)
        if not update.link(target, sha256):
            raise KeptFileMissing(sha256)
        written[path] = sha256
    return written
