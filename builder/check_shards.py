"""``docbuild check`` of a built site's search shards: every index chunk a head
(doctrove-shard@3 to @6) lists is there, is the file the head describes, and with the head
makes a sound FTS5 index; every body pack a search shard (doctrove-shard@2) or head lists is
there, is the file its row describes, and holds the bodies of the sections the shard puts in
it; and the shard's sections (a doctrove-shard@4, @5 or @6 head's as its columns make them) hold
what a client's row checks accept.

A client trusts a shard through the catalog's sha256, and a chunk or pack through the shard's
row, so a file lost or changed after the build breaks the answers that need it, and only those:
this check finds it before a client does. Packs matter beyond the build too: a rebuild links
them from the build cache's objects, so the site and the cache share their bytes. Whole shards
(doctrove-shard@1) are left to the client's own checks.
"""

from __future__ import annotations

import gzip
import hashlib
import sqlite3
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from builder.errors import ProblemsFound
from schemas.body_packs import PackError, decode_pack, pack_path, pack_table_problems
from schemas.digests import names_content
from schemas.section_columns import ColumnsError, restore_rows
from schemas.shards import (
    FTS_TABLE,
    HEAD_FORMATS,
    SECTION_COLUMN_FORMATS,
    SPLIT_FORMAT,
    verify_shard_meta,
    verify_shard_rows,
    verify_shard_schema,
)
from schemas.term_chunks import (
    ChunkError,
    chunk_path,
    chunk_refs,
    chunk_table_problems,
    decode_rows,
    head_segment,
    inflate_chunk,
    insert_rows,
)

CATALOG = "catalog.json"
# A site too large for one catalog.json has one per library (builder.lookup_site).
LIBRARY_CATALOGS = "libs/*/catalog.json"


class ShardInvalid(ProblemsFound):
    """A chunked shard of a built site is incomplete or damaged."""

    code = "invalid-shard"
    states = "has damaged search shards (rebuild the site, or restore the files)"


@dataclass(frozen=True)
class CheckedShards:
    """What ``check_search_shards`` checked: heads and their chunks, search shards (heads
    included) and their packs."""

    heads: int
    chunks: int
    split: int
    packs: int


def check_search_shards(site: Path) -> CheckedShards:
    """Check every search shard and head (doctrove-shard@2 to @6) the site's catalog
    lists; raise ShardInvalid naming each file that is missing or not what its shard lists."""
    problems: list[str] = []
    heads = chunks = split = packs = 0
    for library_id, version, shard in _catalog_shards(site, problems):
        shard_format = shard.get("format")
        if shard_format in (SPLIT_FORMAT, *HEAD_FORMATS):
            split += 1
            heads += shard_format in HEAD_FORMATS
            listed = _check_shard(site, (library_id, version), shard, str(shard_format), problems)
            packs, chunks = packs + listed[0], chunks + listed[1]
    if problems:
        raise ShardInvalid(str(site), problems)
    return CheckedShards(heads, chunks, split, packs)


def _catalog_shards(site: Path, problems: list[str]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(library id, version, shard description) of every version in the site's catalog(s)."""
    whole = site / CATALOG
    for path in [whole] if whole.is_file() else sorted(site.glob(LIBRARY_CATALOGS)):
        try:
            document = orjson.loads(path.read_bytes())
            entries = document["entries"]
            for entry in entries:
                for version, shard in entry["shards"].items():
                    if not isinstance(shard, dict):
                        raise TypeError(f"a shard of {entry['id']!r} is not an object")
                    yield str(entry["id"]), str(version), shard
        except (OSError, orjson.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
            problems.append(f"{path.relative_to(site)}: not a readable catalog ({exc})")


def _check_packs(
    site: Path, library_id: str, conn: sqlite3.Connection, where: str, problems: list[str]
) -> int:
    """Check the body packs a search shard or head lists; how many rows it lists."""
    lengths: dict[int, list[tuple[int, int]]] = {}
    for section_id, length, pack in conn.execute(
        "SELECT id, body_length, pack FROM sections ORDER BY id"
    ):
        lengths.setdefault(int(pack), []).append((int(section_id), int(length)))
    rows = conn.execute("SELECT id, sha256, bytes FROM packs ORDER BY id").fetchall()
    table = pack_table_problems(conn)  # the names and sizes a client refuses the shard for
    if table:
        problems.extend(f"{where}: {problem}" for problem in table)
        return len(rows)
    for pack, sha256, size in rows:
        path = pack_path(library_id, sha256)
        try:
            data = (site / path).read_bytes()
        except OSError as exc:
            problems.append(f"{path} (pack {pack} of {where}): cannot be read ({exc})")
            continue
        try:
            if len(data) != size:
                raise PackError(f"it is {len(data)} bytes, its shard lists {size}")
            if not names_content(sha256, data):
                raise PackError("its sha256 is not the one its name and shard give")
            decode_pack(data, lengths.get(int(pack), []))
        except PackError as exc:
            problems.append(f"{path} (pack {pack} of {where}): {exc}")
    return len(rows)


def _check_shard(
    site: Path,
    listed_as: tuple[str, str],
    shard: dict[str, Any],
    shard_format: str,
    problems: list[str],
) -> tuple[int, int]:
    """Check one search shard or head (``shard_format``) the catalog lists as ``listed_as``
    (library id, version): its meta, rows and packs and a head's chunks, adding a problem per
    damaged file; how many packs and chunks it lists."""
    library_id, version = listed_as
    where = str(shard.get("path"))
    data = _read_shard(site, shard, problems)
    if data is None:
        return 0, 0
    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(data)
        # What a client checks first: the file is the shard the catalog lists it as.
        count = shard.get("sections")
        wrong = verify_shard_schema(conn, shard_format) or verify_shard_meta(
            conn, library_id, version, count if type(count) is int else None, shard_format
        )
        if wrong:
            problems.extend(f"{where}: {problem}" for problem in wrong)
            return 0, 0
        if shard_format in SECTION_COLUMN_FORMATS:
            restore_rows(conn, _listed_sections(shard))
        # The rows a client would refuse (a head's as its columns make them), before the
        # packs' check reads them.
        rows = verify_shard_rows(conn, shard_format)
        if rows:
            problems.extend(f"{where}: {problem}" for problem in rows)
            return 0, 0
        packs = _check_packs(site, library_id, conn, where, problems)
        if shard_format not in HEAD_FORMATS:
            return packs, 0
        return packs, _check_chunks(site, library_id, conn, where, problems)
    except sqlite3.Error as exc:
        problems.append(f"{where}: not a readable SQLite database ({exc})")
        return 0, 0
    except (ColumnsError, ValueError) as exc:
        problems.append(f"{where}: {exc}")
        return 0, 0
    finally:
        conn.close()


def _listed_sections(shard: dict[str, Any]) -> int:
    """How many sections a head's columns must hold: the catalog's count (which its meta was
    checked to say, as a client checks; int() of meta's would read '5_91' as 591)."""
    listed = shard.get("sections")
    if type(listed) is not int:
        raise ColumnsError(f"its catalog counts {listed!r} sections, not a number")
    return listed


def _check_chunks(
    site: Path, library_id: str, conn: sqlite3.Connection, where: str, problems: list[str]
) -> int:
    """Check the index chunks a head lists, and FTS5's integrity with all of them put back;
    how many it lists."""
    segment = head_segment(conn)
    table = chunk_table_problems(conn)
    if table:
        problems.extend(f"{where}: {problem}" for problem in table)
        return 0
    refs = chunk_refs(conn)
    if segment is None:
        problems.append(f"{where}: its page directory does not list one segment")
        return len(refs)
    damaged = False
    for ref in refs:
        path = chunk_path(library_id, ref.sha256)
        try:
            data = (site / path).read_bytes()
        except OSError as exc:
            problems.append(f"{path} (chunk {ref.id} of {where}): cannot be read ({exc})")
            damaged = True
            continue
        try:
            if len(data) != ref.bytes:
                raise ChunkError(f"it is {len(data)} bytes, its head lists {ref.bytes}")
            if not names_content(ref.sha256, data):
                raise ChunkError("its sha256 is not the one its name and head give")
            insert_rows(conn, decode_rows(inflate_chunk(data, ref), segment, ref))
        except ChunkError as exc:
            problems.append(f"{path} (chunk {ref.id} of {where}): {exc}")
            damaged = True
    if not damaged:
        try:
            conn.execute(f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}) VALUES ('integrity-check')")
        except sqlite3.Error as exc:
            problems.append(f"{where}: its index with every chunk fails FTS5's check ({exc})")
    return len(refs)


def _read_shard(site: Path, shard: dict[str, Any], problems: list[str]) -> bytes | None:
    """The shard's database bytes, checked against the catalog; None (and a problem) if not."""
    where = str(shard.get("path"))
    try:
        data = (site / where).read_bytes()
    except OSError as exc:
        problems.append(f"{where}: cannot be read ({exc})")
        return None
    if hashlib.sha256(data).hexdigest() != shard.get("sha256"):
        problems.append(f"{where}: its sha256 is not the one catalog.json lists")
        return None
    if not where.endswith(".gz"):
        return data
    try:
        return gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as exc:
        problems.append(f"{where}: does not decompress ({exc})")
        return None
