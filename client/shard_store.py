"""Put shard databases into the cache and open them: verified, read-only, never trusted blindly.

A published shard (downloaded, or a file of a local site folder) is checked against the catalog
(size and sha256 of the published bytes), decompressed when its name ends in ``.gz`` (stopping
at the catalog's ``rawBytes``, which may not exceed ``RAW_SHARD_LIMIT``), and stored
uncompressed under its published hash. A shard of a host that publishes only index.json is built
here from the volume's records with ``schemas.shard_build``, exactly as the builder builds it,
and stored under a key made of the index's sha256, the entry id and the version, in a folder of
its own (``BUILT_FOLDER``) where the data layer keeps them within a disk budget.

This is the client's one SQLite boundary, as client.http is its HTTP one: every sqlite3
exception is translated by :func:`translating_sqlite` (:data:`SQLITE_EXCEPTIONS` lists the bases
caught; a test walks sqlite3's exception classes to prove they are all covered). Building a
shard and SiteData.reading_shard's queries go through it; opening turns them into problems.

Opening: the file is opened through a ``mode=ro&immutable=1`` URI (files are content-addressed,
so they never change under us), with ``PRAGMA trusted_schema=OFF``, and handed out only when
``verify_shard_schema``, ``verify_shard_meta`` and ``verify_shard_rows`` (once per process for a
file) find nothing wrong, with the ``sections`` view of client.section_bodies (a search shard's
bodies come from its packs). Problems come back as a list; sqlite3 exceptions do not escape.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import shutil
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import orjson

from client.disk_cache import DiskCache, hash_key
from client.errors import ClientError
from client.index_chunks import ChunkedConnection, IndexChunks
from client.model import ShardRef
from client.section_bodies import SectionBodies, add_section_views
from schemas.body_packs import pack_table_problems
from schemas.section_columns import COLUMNS_TABLE, ColumnsError, columns_format, restore_rows
from schemas.shard_build import PAGE_SIZE, build_database
from schemas.shards import (
    CHUNKED_FORMAT,
    PLAIN_COLUMNS_FORMAT,
    SECTION_COLUMN_FORMATS,
    SHARD_FORMAT,
    SPLIT_FORMAT,
    read_shard_meta,
    verify_shard_meta,
    verify_shard_rows,
    verify_shard_schema,
)
from schemas.term_chunks import chunk_table_problems, head_segment

_CHUNK = 1 << 20
# The largest database a published shard (or lookup table) may decompress to. The catalog's
# rawBytes says how far to decompress, and a site controls both the catalog and the bytes: without
# a bound, a 128 MB gzip of zeros under a catalog that claims a terabyte fills the disk. Published
# files are at most 128 MB (client.fetch.SHARD_LIMIT) and a shard compresses about three to one.
RAW_SHARD_LIMIT = 1 << 30
# Makes the body packs of an opened search shard: given its verified connection.
BodiesFactory = Callable[[sqlite3.Connection], SectionBodies]
# Makes the index chunks of an opened head: given its verified connection and index segment.
ChunksFactory = Callable[[sqlite3.Connection, int], IndexChunks]
# The cache folder of shards built from a plain host's index.json (the disk budget's scope).
BUILT_FOLDER = "built"
_EMPTY_SHARD_BYTES = 9 * PAGE_SIZE
# Every exception sqlite3 defines derives from one of these. sqlite3.Warning is no sqlite3.Error
# (Python before 3.11 raised it for two statements in one execute(); the DB-API still has it).
SQLITE_EXCEPTIONS: tuple[type[Exception], ...] = (sqlite3.Error, sqlite3.Warning)
# Shard files whose rows passed verify_shard_rows in this process, by (path, size, mtime): the
# check reads every row (30 ms for 20,000 sections, against well under 1 ms for the schema), and
# a file of the cache never changes under its name.
_ROWS_CHECKED: set[tuple[str, int, int]] = set()


@contextlib.contextmanager
def translating_sqlite(translate: Callable[[Exception], ClientError]) -> Iterator[None]:
    """Run a block of SQLite work; a sqlite3 exception leaves it as ``translate(exception)``."""
    try:
        yield
    except SQLITE_EXCEPTIONS as exc:
        raise translate(exc) from exc


def published_key(ref: ShardRef) -> str:
    """The cache key of a published shard: the sha256 of its published bytes."""
    return ref.sha256


def built_key(index_sha256: str, entry_id: str, version: str) -> str:
    """The cache key of a shard built from an index body."""
    return hash_key("built", index_sha256, entry_id, version)


def published_problems(path: Path, ref: ShardRef) -> list[str]:
    """What is wrong with a published shard file compared with its catalog description."""
    size = path.stat().st_size
    if size != ref.bytes:
        return [f"{ref.path} is {size} bytes, the catalog says {ref.bytes}"]
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    if digest.hexdigest() != ref.sha256:
        return [f"{ref.path} has sha256 {digest.hexdigest()}, the catalog says {ref.sha256}"]
    return []


def install_published(cache: DiskCache, source: Path, ref: ShardRef) -> Path | list[str]:
    """Store a verified published shard uncompressed in the cache; its path, or the problems."""
    if ref.raw_bytes > RAW_SHARD_LIMIT:
        return [
            f"the catalog says {ref.path} decompresses to {ref.raw_bytes} bytes, over the "
            f"client's limit of {RAW_SHARD_LIMIT}; it was not decompressed"
        ]
    problems = published_problems(source, ref)
    if problems:
        return problems
    with cache.temporary("shards") as (temporary, handle):
        written = 0
        try:
            with source.open("rb") as packed:
                if ref.path.endswith(".gz"):
                    with gzip.GzipFile(fileobj=packed, mode="rb") as unpacked:
                        while chunk := unpacked.read(_CHUNK):
                            written += len(chunk)
                            if written > ref.raw_bytes:
                                break
                            handle.write(chunk)
                else:
                    shutil.copyfileobj(packed, handle, _CHUNK)
                    written = ref.bytes
        except (OSError, EOFError, zlib.error) as exc:
            return [f"{ref.path} does not decompress: {exc}"]
        if written != ref.raw_bytes:
            return [f"{ref.path} decompresses to more or fewer than the {ref.raw_bytes} bytes"]
        handle.flush()  # SQLite reads the file by its name
        _put_head_rows_back(temporary, ref.sections)
        return cache.install_shard(published_key(ref), temporary, handle)


def _put_head_rows_back(path: Path, sections: int) -> None:
    """Put a doctrove-shard@4, @5 or @6 head's sections back into their table in the file at
    ``path``, once, as it is stored: opening it then costs what opening a doctrove-shard@3
    head does (putting the rows back takes about 75 ms on the Python docs, in the file as here;
    in a database in memory, written out whole, it took longer). Anything else, or a head whose
    columns are damaged, stays as it is, for opening to report. OSError when the file could
    not be written (a full disk): without a journal its rows may be half written, so it must
    not be stored."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA trusted_schema = OFF")
        # A file only this call has, which the cache syncs once it is done: no journal, no sync.
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        if verify_shard_schema(conn, PLAIN_COLUMNS_FORMAT):
            return
        conn.execute("BEGIN")
        restore_rows(conn, sections)  # refuses damaged columns before it writes a row
        conn.execute("COMMIT")
    except ColumnsError:
        return  # opening reads the file again and says what is wrong with it
    except SQLITE_EXCEPTIONS as exc:
        if _is_write_failure(exc):  # the cache's temporary file says which folder, and what to do
            raise OSError(f"could not put a head's sections back ({exc})") from exc
        return
    finally:
        conn.close()


def _is_write_failure(error: Exception) -> bool:
    """Whether ``error`` says SQLite could not write the file (a full disk, an I/O error), not
    that the file is damaged."""
    code = getattr(error, "sqlite_errorcode", None)
    # Extended codes (SQLITE_IOERR_WRITE...) keep the primary code in their low byte.
    return code is not None and code & 0xFF in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR)


def _head_format(conn: sqlite3.Connection) -> str:
    """The format a head's schema claims (sqlite_master alone: safe on an untrusted file);
    doctrove-shard@4 stands for every format of SECTION_COLUMN_FORMATS, which share their schema."""
    sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
    return (
        PLAIN_COLUMNS_FORMAT if conn.execute(sql, (COLUMNS_TABLE,)).fetchone() else CHUNKED_FORMAT
    )


def _columns_format(conn: sqlite3.Connection) -> str:
    """Which format of SECTION_COLUMN_FORMATS a head with their schema is (read once the schema
    is checked), else doctrove-shard@4, for the meta check to refuse."""
    return columns_format(conn) or PLAIN_COLUMNS_FORMAT


def _restored_rows(conn: sqlite3.Connection) -> list[str]:
    """Put a head's sections back from its columns (doctrove-shard@4, @5 or @6); what is wrong,
    if not."""
    count = read_shard_meta(conn).get("sections", "")
    if not count.isdigit():
        return [f"meta sections is {count!r}, not a count of sections"]
    try:
        restore_rows(conn, int(count))
    except ColumnsError as exc:
        return [str(exc)]
    return []


def _row_problems(conn: sqlite3.Connection, path: Path, shard_format: str) -> list[str]:
    """verify_shard_rows, once per process for each version of the file at ``path``."""
    facts = path.stat()
    key = (str(path), facts.st_size, facts.st_mtime_ns)
    if key in _ROWS_CHECKED:
        return []
    problems = verify_shard_rows(conn, shard_format)
    if not problems:
        _ROWS_CHECKED.add(key)
    return problems


def estimated_shard_bytes(volume: Mapping[str, Any]) -> int:
    """About how large the shard built from an index volume will be, before building it.

    An empty shard takes about nine pages; text takes about 1.5 times its size in JSON once
    tokenized and indexed (measured on the examples' volumes).
    """
    return _EMPTY_SHARD_BYTES + len(orjson.dumps(volume.get("sections", []))) * 3 // 2


def build_shard(
    cache: DiskCache,
    key: str,
    entry_id: str,
    version: str,
    records: Iterable[Mapping[str, Any]],
) -> Path:
    """Build a version's shard from index records into the cache under ``key``."""
    with cache.temporary(BUILT_FOLDER) as (temporary, handle):
        handle.close()  # SQLite writes the file itself; an empty file is a new database to it
        with translating_sqlite(
            lambda exc: ClientError(f"could not build the shard of {entry_id} {version}: {exc}")
        ):
            build_database(temporary, entry_id, version, records)
        with temporary.open("r+b") as reopened:
            return cache.install_shard(key, temporary, reopened, BUILT_FOLDER)


def open_shard_file(
    path: Path,
    entry_id: str,
    version: str,
    sections: int | None,
    bodies: BodiesFactory | None = None,
    chunks: ChunksFactory | None = None,
) -> sqlite3.Connection | list[str]:
    """A read-only connection to a verified shard, or what is wrong with the file.

    Without ``bodies`` the file must be a doctrove-shard@1; with it, a doctrove-shard@2 search
    shard whose bodies ``bodies(connection)`` serves; with ``chunks`` too, a doctrove-shard@3
    head, read into memory so that ``chunks(connection, segment)`` can put the index pages a
    query needs back into it (client.index_chunks), or a doctrove-shard@4, @5 or @6 head, whose
    sections are put back from its columns first (schemas.section_columns). Either way queries
    read the ``sections`` view of client.section_bodies. The caller owns the connection; it may
    be used from any thread, one at a time.
    """
    shard_format = SHARD_FORMAT if bodies is None else SPLIT_FORMAT
    conn: sqlite3.Connection | None = None
    try:
        if chunks is None:
            uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
            conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        else:
            conn = sqlite3.connect(":memory:", factory=ChunkedConnection, check_same_thread=False)
            conn.deserialize(path.read_bytes())
            shard_format = _head_format(conn)
        conn.execute("PRAGMA trusted_schema = OFF")
        problems = verify_shard_schema(conn, shard_format)
        if not problems and shard_format == PLAIN_COLUMNS_FORMAT:
            shard_format = _columns_format(conn)
        if not problems:
            problems = verify_shard_meta(conn, entry_id, version, sections, shard_format)
        if not problems and shard_format in SECTION_COLUMN_FORMATS:
            problems = _restored_rows(conn)
        if not problems:
            problems = _row_problems(conn, path, shard_format)
        if not problems and bodies is not None:
            # The packs' names and sizes, before a query fetches by them.
            problems = pack_table_problems(conn)
        if not problems and isinstance(conn, ChunkedConnection) and chunks is not None:
            segment = head_segment(conn)
            problems = chunk_table_problems(conn)
            if segment is None:
                problems.append("its index directory does not list exactly one segment")
            if not problems and segment is not None:
                conn.chunks = chunks(conn, segment)
        if not problems:
            add_section_views(conn, None if bodies is None else bodies(conn))
        conn.execute("PRAGMA query_only = ON")
    except SQLITE_EXCEPTIONS as exc:
        problems = [f"not a readable shard: {exc}"]
    except OSError as exc:
        problems = [f"cannot be read: {exc}"]
    if problems and conn is not None:
        conn.close()
    return problems if problems or conn is None else conn
