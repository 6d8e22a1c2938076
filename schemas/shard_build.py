"""Turn index-shaped section records into a shard database, the same way in builder and client.

The builder writes search shards and body packs for its site (:func:`build_search_database`,
doctrove-shard@2); a client builds whole shards itself for a host that publishes only
``index.json`` (:func:`build_database`, doctrove-shard@1). Both read :func:`shard_rows`, so
the same records give the same rows, the same tokens and, on the same SQLite, the same bytes.
The databases follow ``shard.sql`` and ``search_shard.sql``; their search columns hold text
tokenized by ``schemas/text.py``. They are written with no journal and finished with VACUUM,
which is what makes the bytes reproducible.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from schemas.anchors import slugify, unique_anchor
from schemas.body_packs import encode_pack, pack_text, page_packs
from schemas.fts_segments import (
    canonical_header,
    canonical_segment,
    delete_rows,
    insert_rows,
    merge_into_one_segment,
)
from schemas.shards import APPLICATION_ID, FTS_TABLE, SHARD_FORMAT, SPLIT_FORMAT, shard_statements
from schemas.text import TOKENIZER, index_text

PAGE_SIZE = 4096
# A database SQLite keeps in memory through its memdb VFS, named uniquely (formatted with a
# random name). Its pager works as a file's does, so the bytes are a file's bytes; SQLite's
# ":memory:" would not do, as its pager leaves the header's change counter at 0.
_MEMORY_DATABASE = "file:/doctrove-{}?vfs=memdb"
# How many bytes of tokens FTS5 holds before it writes them as a segment (its default is 1 MiB).
# A 500-page version's then go out as one segment, with none of the merging that many small
# segments need before 'optimize' (a fifth less time for the index); past it, FTS5 works as usual.
PENDING_TOKENS_BYTES = 64 << 20
_PENDING_LIMIT = (
    f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}, rank) VALUES ('hashsize', {PENDING_TOKENS_BYTES})"
)
# FTS5 merges part of its segments as it writes more of them (64 pages at a time), a cut the
# final merge keeps: an index written in many segments (a version past the pending limit, or a
# large update of one) would then not be the one a single merge of the same rows gives. Every
# index here ends in one merge of everything (schemas.fts_segments), so none is started before.
_NO_AUTOMERGE = f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}, rank) VALUES ('automerge', 0)"
# A fence line opens a block, the next fence line closes it (the parsers' body convention).
_FENCED = re.compile(r"^[ \t]*(?:```|~~~)[^\n]*\n(.*?)^[ \t]*(?:```|~~~)[ \t]*$", re.M | re.S)


# A row's tokenized search columns: heading, heading path, prose, code (``ShardRow.search``).
SearchTokens = tuple[str, str, str, str]


@dataclass(frozen=True)
class ShardRow:
    """One section as the shard stores it: display columns, then the tokenized search columns."""

    display: tuple[str, str, str, str, str, str | None, int | None, int | None, str]
    search: SearchTokens


def split_code(body: str) -> tuple[str, str]:
    """``body`` without its fenced code blocks, and the code of those blocks."""
    if "```" not in body and "~~~" not in body:  # no fence: skip the line by line search
        return body, ""
    # One search: the prose is the text between the blocks (what _FENCED.sub("", body) gives).
    blocks = list(_FENCED.finditer(body))
    if not blocks:
        return body, ""
    prose: list[str] = []
    start = 0
    for block in blocks:
        prose.append(body[start : block.start()])
        start = block.end()
    prose.append(body[start:])
    return "".join(prose), "\n".join(block.group(1) for block in blocks)


def heading_anchor(heading: str, taken: set[str]) -> str:
    """The slug of ``heading`` made unique against ``taken`` (``a``, ``a-1``...), marked taken."""
    return unique_anchor(slugify(heading), taken)


def _text(record: Mapping[str, Any], key: str) -> str:
    value = record.get(key)
    return value if isinstance(value, str) else ""


def _lines(record: Mapping[str, Any]) -> tuple[int | None, int | None]:
    lines = record.get("lines")
    if isinstance(lines, list) and len(lines) == 2 and all(type(n) is int for n in lines):
        return lines[0], lines[1]
    return None, None


def shard_rows(
    records: Iterable[Mapping[str, Any]], tokens: Iterable[SearchTokens] | None = None
) -> Iterator[ShardRow]:
    """Rows for index-shaped section records; records from another index may lack every key.
    ``tokens`` are the records' search columns when a caller kept them from an earlier build
    (builder.cached_rows): then nothing is tokenized again.

    A section's address is its page (``source``) and its anchor, so anchors are made unique per
    page: a given anchor that its page already has gets ``-1``, ``-2``... (the builder's are
    unique per file already and stay as they are); a missing one is the heading's slug, made
    unique the same way. Sections without a source all count as one page, so their anchors are
    unique across the version. A missing sha256 is computed from the body.
    """
    taken: dict[str | None, set[str]] = {}
    kept = iter(tokens) if tokens is not None else None
    # Sections share their heading paths (an API entry's is its page's and topic's headings):
    # the Python docs' 14,941 sections have 2,131 paths, so each is tokenized once.
    path_tokens: dict[tuple[str, ...], str] = {}
    for record in records:
        heading, body = _text(record, "heading"), _text(record, "body")
        above = record.get("headingPath")
        path = [p for p in above if isinstance(p, str)] if isinstance(above, list) else []
        source = _text(record, "source") or None
        on_page = taken.setdefault(source, set())
        given = _text(record, "anchor")
        anchor = unique_anchor(given, on_page) if given else heading_anchor(heading, on_page)
        sha256 = _text(record, "sha256") or hashlib.sha256(body.encode("utf-8")).hexdigest()
        display = (
            heading,
            orjson.dumps(path).decode(),
            body,
            _text(record, "path"),
            anchor,
            source,
            *_lines(record),
            sha256,
        )
        if kept is not None:
            search = next(kept)
        else:
            key = tuple(path)
            if key not in path_tokens:
                path_tokens[key] = index_text(" ".join(path))
            search = _search_tokens(heading, path_tokens[key], body)
        yield ShardRow(display, search)


def _search_tokens(heading: str, path_tokens: str, body: str) -> SearchTokens:
    prose, code = split_code(body)
    return index_text(heading), path_tokens, index_text(prose), index_text(code)


def build_database(
    target: Path,
    library_id: str,
    version: str,
    records: Iterable[Mapping[str, Any]],
    *,
    statements: Sequence[str] | None = None,
) -> int:
    """Create the shard database at ``target`` (which must not exist); return its section count.

    ``statements`` is the DDL to run, ``shard.sql``'s unless a caller substitutes its own.
    sqlite3.Error passes through: each caller translates it at its own boundary.
    """

    def insert(conn: sqlite3.Connection) -> int:
        count = 0
        for count, row in enumerate(shard_rows(records), start=1):
            conn.execute(
                "INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (count, *row.display)
            )
            insert_rows(conn, [(count, *row.search)])
        return count

    ddl = shard_statements() if statements is None else statements
    return _write_database(target, library_id, version, SHARD_FORMAT, ddl, insert)


# One page's rows: (section id, row) of every section of one source, in section order.
PageRows = Sequence[tuple[int, ShardRow]]


def page_positions(records: Iterable[Mapping[str, Any]]) -> list[list[int]]:
    """The 0-based positions of the records of each source, sources in order of their first
    section (sections without a source count as one page)."""
    return source_positions(record.get("source") for record in records)


def source_positions(sources: Iterable[object]) -> list[list[int]]:
    """``page_positions`` from each record's ``source`` value alone (anything, or None)."""
    pages: dict[str | None, list[int]] = {}
    for position, source in enumerate(sources):
        pages.setdefault(source if isinstance(source, str) and source else None, []).append(
            position
        )
    return list(pages.values())


def page_rows(records: Sequence[Mapping[str, Any]]) -> Iterator[PageRows]:
    """The rows of ``records`` page by page (``page_positions``). Rows of a page depend on that
    page's records only (anchors are unique per page), so they are the rows ``shard_rows``
    gives for the whole version."""
    for positions in page_positions(records):
        rows = shard_rows(records[p] for p in positions)
        yield [(p + 1, row) for p, row in zip(positions, rows, strict=True)]


@dataclass(frozen=True)
class PublishedPack:
    """A body pack's published bytes and their sha256 (its name, and its row's hash)."""

    sha256: str
    data: bytes


# A section's columns in the search shard's ``sections`` table without its id, its pack given
# as the pack's place among its page's packs (0 for the first).
SectionColumns = tuple[str, str, int, str, str, str | None, int | None, int | None, int]


@dataclass(frozen=True)
class PageTables:
    """One page as the search shard's tables take it, ids left out: its sections' columns and
    search tokens, in section order, and its body packs. A page's tables depend on its own
    records alone, so a builder keeps them from build to build (builder.cached_rows) and an
    unchanged page is neither tokenized nor packed again."""

    sections: tuple[SectionColumns, ...]
    search: tuple[SearchTokens, ...]
    packs: tuple[PublishedPack, ...]


# A page's tables and its sections' ids (1-based positions in the version), in section order.
PlacedPage = tuple[Sequence[int], PageTables]


def page_tables(
    rows: Sequence[ShardRow], encode: Callable[[bytes], bytes] = encode_pack
) -> PageTables:
    """The tables of one page's rows (``page_rows``); ``encode`` compresses a pack's JSON."""
    bodies = [(position, row.display[2]) for position, row in enumerate(rows)]
    pack_of: dict[int, int] = {}
    packs: list[PublishedPack] = []
    for pack in page_packs(bodies):
        data = encode(pack_text(pack.bodies))
        pack_of.update(dict.fromkeys(pack.ids, len(packs)))
        packs.append(PublishedPack(hashlib.sha256(data).hexdigest(), data))
    return PageTables(
        tuple(_section_columns(row, pack_of[position]) for position, row in enumerate(rows)),
        tuple(row.search for row in rows),
        tuple(packs),
    )


def placed_pages(
    pages: Iterable[PageRows], encode: Callable[[bytes], bytes] = encode_pack
) -> Iterator[PlacedPage]:
    """Each page's ids and tables, from its rows (``page_rows``)."""
    for page in pages:
        yield [section_id for section_id, _ in page], page_tables([row for _, row in page], encode)


def build_search_database(
    target: Path,
    library_id: str,
    version: str,
    pages: Iterable[PlacedPage],
    finish: Callable[[sqlite3.Connection], object] | None = None,
) -> tuple[int, list[PublishedPack]]:
    """Create a doctrove-shard@2 search shard at ``target`` (``search_shard.sql``): the file
    ``search_database_bytes`` gives."""
    data, count, published = search_database_bytes(library_id, version, pages, finish)
    target.write_bytes(data)
    return count, published


def search_database_bytes(
    library_id: str,
    version: str,
    pages: Iterable[PlacedPage],
    finish: Callable[[sqlite3.Connection], object] | None = None,
    keep: Callable[[bytes], object] | None = None,
) -> tuple[bytes, int, list[PublishedPack]]:
    """A doctrove-shard@2 search shard (``search_shard.sql``) made from a version's pages,
    their ids and tables (``placed_pages``): its bytes, its section count and its body packs,
    in pack id order. One page's tables are held at a time. ``finish`` gets the written,
    merged database (an autocommit connection) before its one VACUUM (the builder cuts a
    large index into chunks there: schemas.term_chunks). ``keep`` gets the whole database
    before ``finish``, for ``updated_search_database_bytes`` to start from next time, when its
    index is in the form that allows it (schemas.fts_segments).

    The database is made in memory (``_MEMORY_DATABASE``) and its file's bytes are taken from
    there: the same bytes a file on disk gets, without SQLite writing and reading back every
    page of the index through a 2 MB page cache (24 MB of writes and 22 MB of reads for the
    Python 3.11 docs, whose finished head is 4 MB)."""
    published: list[PublishedPack] = []

    def insert(conn: sqlite3.Connection) -> int:
        count = 0
        for ids, tables in pages:
            first = len(published) + 1  # pack ids run on across the version's pages
            _insert_page_rows(conn, ids, tables, first)
            published.extend(tables.packs)
            insert_rows(conn, [(n, *t) for n, t in zip(ids, tables.search, strict=True)])
            count += len(ids)
        return count

    conn = _memory_connection()
    try:
        _start_database(conn, shard_statements(SPLIT_FORMAT))
        count = insert(conn)
        _write_meta(conn, library_id, version, SPLIT_FORMAT, count)
        return _finished(conn, finish, keep), count, published
    finally:
        conn.close()


@dataclass(frozen=True)
class PageChange:
    """A page whose tables changed since a kept search database was made: its sections' ids
    (as many as then, and the same), the search tokens the database holds for them, and its
    new tables."""

    ids: Sequence[int]
    old_search: Sequence[SearchTokens]
    tables: PageTables


# A body pack as a search shard's packs table lists it: its sha256 and size in bytes.
PackRow = tuple[str, int]


def updated_search_database_bytes(
    database: bytes,
    changes: Sequence[PageChange],
    finish: Callable[[sqlite3.Connection], object] | None = None,
    keep: Callable[[bytes], object] | None = None,
) -> tuple[bytes, int, list[PackRow]]:
    """``search_database_bytes`` for a version whose database ``keep`` got last time is
    ``database`` and whose pages have changed by ``changes`` since: the changed pages' rows
    are taken out of it and their new ones put in, which gives the same bytes, without
    indexing the other pages again (schemas.fts_segments). Its bytes, its section count, and
    every body pack it lists, in id order (the new ones are the changes')."""
    conn = _memory_connection()
    try:
        conn.deserialize(database)
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("BEGIN")
        ordered = sorted(changes, key=lambda change: change.ids[0])
        for change in ordered:
            _replace_page(conn, change)
        _replace_index_rows(conn, ordered)
        (sections,) = conn.execute("SELECT value FROM meta WHERE key = 'sections'").fetchone()
        packs = [(str(sha), int(size)) for sha, size in conn.execute(_PACK_ROWS)]
        # The passing row joins the changes' segment (no commit between): the index never holds
        # more than three segments, so FTS5 never starts a merge of its own (_merge_index).
        return _finished(conn, finish, keep, commit_first=False), int(sections), packs
    finally:
        conn.close()


_PACK_ROWS = "SELECT sha256, bytes FROM packs ORDER BY id"


def _replace_page(conn: sqlite3.Connection, change: PageChange) -> None:
    """Put ``change``'s page in place of its old rows in the sections and packs tables (its
    index rows: ``_replace_index_rows``). Its packs keep the first id its old ones had; when it
    has more or fewer, the later packs' ids move by the difference (through negative ids, as
    SQLite checks each row's key as it is changed)."""
    first, last = change.ids[0], change.ids[-1]
    low, high = conn.execute(
        "SELECT min(pack), max(pack) FROM sections WHERE id BETWEEN ? AND ?", (first, last)
    ).fetchone()
    if low is None:
        raise ValueError(f"the kept database has no sections {first}-{last}")
    shift = len(change.tables.packs) - (high - low + 1)
    if shift:
        conn.execute("UPDATE packs SET id = -(id + ?) WHERE id > ?", (shift, high))
        conn.execute("UPDATE sections SET pack = pack + ? WHERE pack > ?", (shift, high))
    conn.execute("DELETE FROM packs WHERE id BETWEEN ? AND ?", (low, high))
    if shift:
        conn.execute("UPDATE packs SET id = -id WHERE id < 0")
    conn.execute("DELETE FROM sections WHERE id BETWEEN ? AND ?", (first, last))
    _insert_page_rows(conn, change.ids, change.tables, low)


def _replace_index_rows(conn: sqlite3.Connection, changes: Sequence[PageChange]) -> None:
    """Take each changed section's old row out of the index and put its new one in, section
    by section in rising id order (``changes`` in page order), so FTS5 writes them all as one
    segment: it writes what it holds whenever a row id comes below the last one, and a page's
    deletions, then its insertions, made a segment of each page. With four segments on a level,
    FTS5's automatic merge (each time its count of pages written passes a multiple of 64)
    merges part of them and stops after 64 pages, a cut the final merge keeps as a short leaf
    page, which a cold build's index has not."""
    for change in changes:
        for n, old, new in zip(change.ids, change.old_search, change.tables.search, strict=True):
            delete_rows(conn, [(n, *old)])
            insert_rows(conn, [(n, *new)])


def _insert_page_rows(
    conn: sqlite3.Connection, ids: Sequence[int], tables: PageTables, first_pack: int
) -> None:
    """A page's packs (ids from ``first_pack`` on) and sections rows. One call per table:
    VACUUM lays each table out on its own, so the order between the tables' inserts leaves no
    trace in the file."""
    conn.executemany(
        "INSERT INTO packs VALUES (?, ?, ?)",
        [(first_pack + n, p.sha256, len(p.data)) for n, p in enumerate(tables.packs)],
    )
    conn.executemany(
        "INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (section_id, *columns[:-1], first_pack + columns[-1])
            for section_id, columns in zip(ids, tables.sections, strict=True)
        ],
    )


def _memory_connection() -> sqlite3.Connection:
    conn = sqlite3.connect(_MEMORY_DATABASE.format(secrets.token_hex(16)), uri=True)
    conn.isolation_level = None
    return conn


def _finished(
    conn: sqlite3.Connection,
    finish: Callable[[sqlite3.Connection], object] | None,
    keep: Callable[[bytes], object] | None,
    commit_first: bool = True,
) -> bytes:
    """End the open transaction, merge the index, hand the database to ``keep`` and
    ``finish``, VACUUM: the file's bytes (``commit_first``: as ``_merge_index``)."""
    if _merge_index(conn, commit_first) and keep is not None:
        keep(conn.serialize())
    if finish is not None:
        finish(conn)
    conn.execute("VACUUM")
    return canonical_header(conn.serialize())


def _start_database(conn: sqlite3.Connection, statements: Sequence[str]) -> None:
    """Make the tables on ``conn`` (new and empty), in an open transaction."""
    conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("BEGIN")
    for statement in statements:
        conn.execute(statement)
    # Both formats: a client's whole shard and a builder's search shard of the same
    # records then hold the same index, row for row.
    conn.execute(_PENDING_LIMIT)
    conn.execute(_NO_AUTOMERGE)


def _write_meta(
    conn: sqlite3.Connection, library_id: str, version: str, shard_format: str, count: int
) -> None:
    meta = {
        "format": shard_format,
        "tokenizer": TOKENIZER,
        "library_id": library_id,
        "version": version,
        "sections": str(count),
    }
    conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))


def _section_columns(row: ShardRow, pack: int) -> SectionColumns:
    # sha256 is left out: a client computes it from the body (search_shard.sql).
    heading, path, body, page_path, anchor, source, line_start, line_end, _sha256 = row.display
    return (heading, path, len(body), page_path, anchor, source, line_start, line_end, pack)


def _write_database(
    target: Path,
    library_id: str,
    version: str,
    shard_format: str,
    statements: Sequence[str],
    insert: Callable[[sqlite3.Connection], int],
) -> int:
    conn = sqlite3.connect(target)
    try:
        return _fill_database(conn, library_id, version, shard_format, statements, insert)
    finally:
        conn.close()


def _fill_database(
    conn: sqlite3.Connection,
    library_id: str,
    version: str,
    shard_format: str,
    statements: Sequence[str],
    insert: Callable[[sqlite3.Connection], int],
) -> int:
    """Make the database on ``conn`` (new and empty) and return its section count."""
    conn.isolation_level = None
    _start_database(conn, statements)
    count = insert(conn)
    _write_meta(conn, library_id, version, shard_format, count)
    _merge_index(conn)
    conn.execute("VACUUM")
    return count


def _merge_index(conn: sqlite3.Connection, commit_first: bool = True) -> bool:
    """End the open transaction and make the index one segment (smaller and faster to query
    than many), the one every way of writing it gives (schemas.fts_segments): a client's whole
    shard and a builder's search shard of the same records then hold the same index, and a
    builder's index updated in place holds a cold build's. Whether it is in that form.
    ``commit_first`` commits the open transaction's rows as a segment of their own before the
    merge begins; without it they share the passing row's (an update, whose previous index
    is a segment already, then stays below FTS5's automatic merge: _replace_index_rows)."""
    if commit_first:
        conn.execute("COMMIT")
        conn.execute("BEGIN")
    merge_into_one_segment(conn)
    canonical = canonical_segment(conn)
    conn.execute("COMMIT")
    return canonical
