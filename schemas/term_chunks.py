"""A search shard's full-text index cut by term (a head), and the chunks a search needs.

A cold client's first answer used to download a version's whole search shard; on a large
version (the Python 3.11 docs: 4.3 MB gzipped) that is most of its wait. The index's leaf pages
are most of that shard, and a question reads few of them: FTS5 keeps one segment after the
builder's ``optimize``, its leaf pages sorted by term, and its page directory (``%_idx``) names
the first term of every leaf page where a term starts. So the pages a token's doclist can occupy
are known from the directory alone: from the page where the token would start up to and
including the page where the next listed term starts. The builder publishes the shard without
those pages (the *head*, ``term_chunks.sql``) and the pages in chunks of about
``CHUNK_RAW_BYTES``, cut only where a listed term starts a page, so a token's pages lie in few
chunks. A client reads the head, and before it runs a MATCH it fetches the chunks the
expression's tokens need and puts their rows back into the index, which then answers exactly as
the whole shard would (``bench/term_split.py`` measured the design; tests check every term of
the examples). Such a head is doctrove-shard@3; the builder also sends the head's sections as
columns (schemas/section_columns.py, schemas/derived_columns.py) and names its chunks and
packs by the first 32 hex digits of their sha256 (schemas/digests.py), which makes it
doctrove-shard@6.

This module is the format, shared by builder and client: cutting a built shard into head and
chunks (:func:`cut_into_head`), a chunk's bytes (:func:`encode_rows`, :func:`decode_rows`), and
which chunks the tokens of an FTS5 expression need (:func:`expression_tokens`,
:func:`chunks_for_tokens`). SQLite work here takes a connection; files are the callers'.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import quote

from schemas.column_encoding import (
    MakeHeadingCodes,
    head_format,
    heading_codes,
    move_rows_to_columns,
)
from schemas.digests import checked_name, is_content_name
from schemas.shards import (
    FTS_TABLE,
    SECTION_COLUMN_FORMATS,
    content_name,
    name_digits,
    read_shard_meta,
    shard_statements,
)

CHUNKS_FOLDER = "index"
CHUNK_SUFFIX = ".bin.gz"
# Raw index bytes per chunk, before it is cut at the next term start. Smaller chunks mean a
# longer chunks table in the head and more requests, but fewer bytes of doclists a question
# does not need. On the Python 3.11 docs with doctrove-shard@6 heads (bench/term_split.py, 16
# questions: catalog, head and chunks), 4 / 8 / 16 / 32 KB gave cold first answers of medians
# 289 / 303 / 320 / 363 KB; with the packs too, 323 / 330 / 346 KB (4-16 KB). Over the six
# questions of bench/first_answer.py, 8 KB fetched 26% fewer bytes than 16 KB for the five after
# the first, in about the same time with 50 ms added a request; 4 KB took more requests and
# 20% more time there. (With @4 heads and whole names, 16 KB had been within 14 KB of 8 KB.)
CHUNK_RAW_BYTES = 8 * 1024
# A version whose index pages are fewer bytes than this is published as one search shard
# (doctrove-shard@2): its whole shard is then about the head alone, and one download is faster
# than a head and a round of chunks. A site can choose another (docbuild.toml).
SPLIT_INDEX_BYTES = 1 << 20
# The most a chunk may decompress to. A chunk ends at the first term start past
# CHUNK_RAW_BYTES, so one holding a very common word's doclist is larger (154 KB on the Python
# docs); past this bound the builder publishes the version whole, and a client refuses a head
# listing a larger one, so a forged head cannot make it inflate gigabytes.
MAX_CHUNK_RAW_BYTES = 32 << 20
# FTS5's %_data ids (fts5Int.h): the segment above bit 37, then a doclist-index flag, a height
# and the page number in the low 31 bits.
_SEGMENT_SHIFT = 37
_PAGE_MASK = (1 << 31) - 1
_ROW_HEADER = struct.Struct(">QI")
_QUOTED = re.compile(r'"((?:[^"]|"")*)"')
# What FTS5's ascii tokenizer with tokenchars '._' (the shards' tokenizer) keeps in a token:
# ASCII letters and digits, the two token characters, and every non-ASCII character. Written
# as the ASCII characters it does not keep: the same pattern, a twentieth of the 5 ms that
# compiling the range up to U+10FFFF cost every process importing this module.
_ASCII_TOKEN = re.compile(r"[^\x00-\x2d\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f]+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
# A directory term is the index's number ("0": the main index, no prefix indexes) and the token.
_MAIN_INDEX = b"0"


class ChunkError(ValueError):
    """A chunk that does not hold what its head says it holds."""


@dataclass(frozen=True)
class IndexChunk:
    """Consecutive leaf pages of the index, with the doclist-index pages that go with them."""

    first_page: int
    last_page: int
    rows: tuple[tuple[int, bytes], ...]  # (%_data id, block), in id order


@dataclass(frozen=True)
class PublishedChunk:
    """A chunk's published bytes (gzip) and their sha256, as the head's chunks table lists it."""

    chunk: IndexChunk
    sha256: str
    data: bytes
    raw_bytes: int


@dataclass(frozen=True)
class ChunkRef:
    """One row of a head's chunks table."""

    id: int
    first_page: int
    last_page: int
    sha256: str
    bytes: int
    raw_bytes: int


def chunk_path(library_id: str, name: str) -> str:
    """Where a chunk is published, relative to the site root, by its content name
    (schemas.digests.CONTENT_NAME); ValueError for anything else."""
    return f"shards/{quote(library_id, safe='')}/{CHUNKS_FOLDER}/{checked_name(name)}{CHUNK_SUFFIX}"


def encode_rows(rows: Iterable[tuple[int, bytes]]) -> bytes:
    """A chunk's raw bytes: each row's id, its block's length and the block."""
    return b"".join(_ROW_HEADER.pack(rowid, len(block)) + block for rowid, block in rows)


def decode_rows(raw: bytes, segment: int, ref: ChunkRef) -> list[tuple[int, bytes]]:
    """The rows of a chunk's raw bytes, each checked to be a page of ``segment`` within the
    chunk's pages; ChunkError when they are not that."""
    rows: list[tuple[int, bytes]] = []
    at = 0
    if not raw:
        raise ChunkError("it holds no rows")
    while at < len(raw):
        if at + _ROW_HEADER.size > len(raw):
            raise ChunkError("it ends inside a row's header")
        rowid, length = _ROW_HEADER.unpack_from(raw, at)
        at += _ROW_HEADER.size
        if at + length > len(raw):
            raise ChunkError("it ends inside a row's block")
        page = rowid & _PAGE_MASK
        if rowid >> _SEGMENT_SHIFT != segment or not ref.first_page <= page <= ref.last_page:
            raise ChunkError(f"it holds a row ({rowid}) outside its pages")
        if rows and rowid <= rows[-1][0]:
            raise ChunkError(f"its rows are not in strictly rising id order (at {rowid})")
        rows.append((rowid, raw[at : at + length]))
        at += length
    return rows


def inflate_chunk(data: bytes, ref: ChunkRef) -> bytes:
    """A chunk's published bytes decompressed, stopping at its listed raw size; ChunkError when
    they are not one gzip member of exactly that size."""
    try:
        unpacked = zlib.decompressobj(wbits=31)
        raw = unpacked.decompress(data, ref.raw_bytes + 1)
    except zlib.error as exc:
        raise ChunkError(f"it does not decompress: {exc}") from exc
    if len(raw) != ref.raw_bytes or not unpacked.eof or unpacked.unused_data:
        raise ChunkError(f"it does not decompress to the {ref.raw_bytes} bytes its head lists")
    return raw


def cut_into_head(
    conn: sqlite3.Connection,
    publish: Callable[[bytes], bytes],
    chunk_bytes: int = CHUNK_RAW_BYTES,
    min_index_bytes: int = SPLIT_INDEX_BYTES,
    make_heading_codes: MakeHeadingCodes = heading_codes,
) -> list[PublishedChunk]:
    """Make the search shard open on ``conn`` (autocommit; written, optimized) a head: take its
    index pages out, list them as chunks, move its sections into columns, name its packs and
    chunks as the format does (content_name) and name the format doctrove-shard@6
    (schemas.section_columns; doctrove-shard@3, its sections left in their table and its
    names whole, when they are more than a client puts back: head_format); the chunks, each
    compressed by ``publish`` (raw bytes -> gzip member). ``make_heading_codes`` makes the
    heading columns (a builder's keeps them between builds). Nothing changes, and nothing is
    returned, when the index pages are fewer than ``min_index_bytes`` bytes or the index is not
    one segment. The caller VACUUMs the file afterwards."""
    segments = [s for (s,) in conn.execute(f"SELECT DISTINCT segid FROM {FTS_TABLE}_idx")]
    if len(segments) != 1:
        return []
    segment = int(segments[0])
    pages: dict[int, list[tuple[int, bytes]]] = {}
    size = 0
    for rowid, block in conn.execute(
        f"SELECT id, block FROM {FTS_TABLE}_data WHERE id >= ? AND id < ? ORDER BY id",
        (segment << _SEGMENT_SHIFT, (segment + 1) << _SEGMENT_SHIFT),
    ):
        pages.setdefault(int(rowid) & _PAGE_MASK, []).append((int(rowid), bytes(block)))
        size += len(block)
    if size < min_index_bytes:
        return []
    starts = {
        int(pgno) >> 1
        for (pgno,) in conn.execute(f"SELECT pgno FROM {FTS_TABLE}_idx WHERE segid = ?", (segment,))
    }
    cut = _cut(pages, starts, chunk_bytes)
    if any(
        sum(len(block) + _ROW_HEADER.size for _, block in c.rows) > MAX_CHUNK_RAW_BYTES for c in cut
    ):
        return []  # a doclist too long for one chunk: the version stays one search shard
    published = []
    for chunk in cut:
        raw = encode_rows(chunk.rows)
        data = publish(raw)
        published.append(PublishedChunk(chunk, _sha256(data), data, len(raw)))
    conn.execute("BEGIN")
    conn.execute(
        f"DELETE FROM {FTS_TABLE}_data WHERE id >= ? AND id < ?",
        (segment << _SEGMENT_SHIFT, (segment + 1) << _SEGMENT_SHIFT),
    )
    shard_format = head_format(conn)
    statements = shard_statements(shard_format)
    conn.execute(_statement(statements, "CREATE TABLE chunks"))
    conn.executemany(
        "INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                number,
                p.chunk.first_page,
                p.chunk.last_page,
                content_name(p.sha256, shard_format),
                len(p.data),
                p.raw_bytes,
            )
            for number, p in enumerate(published, 1)
        ],
    )
    digits = name_digits(shard_format)
    conn.execute("UPDATE packs SET sha256 = substr(sha256, 1, ?)", (digits,))
    if shard_format in SECTION_COLUMN_FORMATS:
        move_rows_to_columns(conn, shard_format, make_heading_codes)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (shard_format,))
    conn.execute("COMMIT")
    return published


def _statement(statements: Sequence[str], start: str) -> str:
    (statement,) = (s for s in statements if s.startswith(start))
    return statement


def _cut(
    pages: dict[int, list[tuple[int, bytes]]], starts: set[int], chunk_bytes: int
) -> list[IndexChunk]:
    """Consecutive pages in chunks of at least ``chunk_bytes``, a new chunk beginning only at a
    page where a listed term starts (so a token's pages are in as few chunks as they can be)."""
    chunks: list[IndexChunk] = []
    rows: list[tuple[int, bytes]] = []
    first = previous = size = 0
    for page in sorted(pages):
        if rows and size >= chunk_bytes and page in starts:
            chunks.append(IndexChunk(first, previous, tuple(sorted(rows))))
            rows, size = [], 0
        if not rows:
            first = page
        rows.extend(pages[page])
        size += sum(len(block) for _rowid, block in pages[page])
        previous = page
    if rows:
        chunks.append(IndexChunk(first, previous, tuple(sorted(rows))))
    return chunks


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def expression_tokens(expression: str) -> set[str]:
    """The tokens an FTS5 MATCH expression looks up: every quoted string (the only way the
    client writes a token) as the shards' ascii tokenizer reads it."""
    tokens: set[str] = set()
    for quoted in _QUOTED.findall(expression):
        text = quoted.replace('""', '"')
        tokens.update(token.translate(_ASCII_LOWER) for token in _ASCII_TOKEN.findall(text))
    return tokens


def head_segment(conn: sqlite3.Connection) -> int | None:
    """The one segment a head's page directory lists (None when it lists none or several)."""
    segments = conn.execute(f"SELECT DISTINCT segid FROM {FTS_TABLE}_idx LIMIT 2").fetchall()
    return int(segments[0][0]) if len(segments) == 1 else None


def chunk_table_problems(conn: sqlite3.Connection) -> list[str]:
    """What is wrong with a head's chunks table (a head is trusted for its bytes, not yet for
    what they say): each row's values of the right type and range, a name (its sha256 in
    lowercase hex, as many digits as the format's name_digits) given once, and the chunks'
    pages in rising order without overlap. Empty when it is sound."""
    digits = name_digits(read_shard_meta(conn).get("format", ""))
    rows = conn.execute(
        "SELECT id, first_page, last_page, sha256, bytes, raw_bytes FROM chunks ORDER BY id"
    ).fetchall()
    problems: list[str] = []
    last_page = -1
    names: set[object] = set()
    for row in sorted(rows, key=lambda r: r[1] if type(r[1]) is int else -1):
        number, first, last, sha256, size, raw_size = row
        where = f"chunk {number!r}"
        if not all(type(value) is int for value in (number, first, last, size, raw_size)):
            problems.append(f"{where}: its id, pages and sizes must be integers")
        elif not last_page < first <= last <= _PAGE_MASK:
            problems.append(
                f"{where}: its pages {first}..{last} overlap another's or are out of range"
            )
        elif not (0 < size <= _gzip_bound(raw_size) and 0 < raw_size <= MAX_CHUNK_RAW_BYTES):
            problems.append(f"{where}: its sizes ({size}, {raw_size} raw) are out of range")
        elif not is_content_name(sha256, digits) or sha256 in names:
            problems.append(
                f"{where}: its sha256 {sha256!r} is not {digits} lowercase hex digits of a "
                "sha256, given once"
            )
        else:
            last_page = last
        names.add(sha256)
        if len(problems) >= 5:
            break
    return problems


def _gzip_bound(raw_size: int) -> int:
    """The most bytes a gzip member of ``raw_size`` bytes takes: zlib's compressBound (its
    deflate stream stores what does not compress, in blocks of five bytes' overhead) with gzip's
    header and trailer, and room for a header that names a file. A chunk listed as larger is
    a forged head's, which would have the client download as much as its site cares to send."""
    return raw_size + (raw_size >> 12) + (raw_size >> 14) + (raw_size >> 25) + 1024


def chunk_refs(conn: sqlite3.Connection) -> list[ChunkRef]:
    """Every chunk a head lists, in page order (call after chunk_table_problems found none)."""
    rows = conn.execute(
        "SELECT id, first_page, last_page, sha256, bytes, raw_bytes FROM chunks ORDER BY first_page"
    )
    return [ChunkRef(int(a), int(b), int(c), str(d), int(e), int(f)) for a, b, c, d, e, f in rows]


def chunks_for_tokens(
    conn: sqlite3.Connection, segment: int, tokens: Iterable[str]
) -> list[ChunkRef]:
    """The chunks holding every page the tokens' doclists can occupy, in page order: for each
    token, the page where it would start (the last directory term not after it) through the
    page where the next directory term starts, which FTS5 may read to the doclist's end."""
    ranges: list[tuple[int, int]] = []
    before = (
        f"SELECT pgno FROM {FTS_TABLE}_idx WHERE segid = ? AND term <= ? ORDER BY term DESC LIMIT 1"
    )
    after = f"SELECT pgno FROM {FTS_TABLE}_idx WHERE segid = ? AND term > ? ORDER BY term LIMIT 1"
    for token in sorted(set(tokens)):
        key = _MAIN_INDEX + token.encode("utf-8")
        start = conn.execute(before, (segment, key)).fetchone()
        end = conn.execute(after, (segment, key)).fetchone()
        ranges.append(
            (
                0 if start is None else int(start[0]) >> 1,
                _PAGE_MASK if end is None else int(end[0]) >> 1,
            )
        )
    return [ref for ref in chunk_refs(conn) if _overlaps(ref, ranges)]


def _overlaps(ref: ChunkRef, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(ref.first_page <= last and first <= ref.last_page for first, last in ranges)


def insert_rows(conn: sqlite3.Connection, rows: Sequence[tuple[int, bytes]]) -> None:
    """Put a chunk's rows back into the index of an assembled head (a writable connection)."""
    conn.executemany(f"INSERT INTO {FTS_TABLE}_data (id, block) VALUES (?, ?)", rows)
