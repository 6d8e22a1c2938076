"""One canonical FTS5 segment, so a search index updated in place has a cold build's bytes.

A builder that changed one page of a 500-page version can delete that page's rows from the
previous shard's index, insert the new ones and merge, instead of indexing every page again
(a third of a rebuild's time on the Python docs). The result must be the bytes a cold build
gives (tests/test_incremental.py), and FTS5 leaves three traces of how an index was made:

- A segment written from memory (a flush) and one written by a merge lay out the same terms
  on different leaf pages. So both ways end in a merge: a cold build merges its flushed segment
  with a row inserted and deleted again (``merge_into_one_segment``), an update merges the
  previous index with its changes and that row.
- The merged segment's id, its level and FTS5's write counter depend on the history. The
  structure record (FTS5's list of segments) is rewritten to the one a fresh single segment
  has, and the segment's pages are renumbered to id 1 (``canonical_segment``).
- SQLite's header counts write transactions and schema changes (``canonical_header``).

What the index finds, page for page, is untouched: FTS5's integrity check passes on the result
(tests/test_fts_segments.py), and ``bench/fts_in_place.py`` compares updated and cold bytes on
random rows.
"""

from __future__ import annotations

import sqlite3

from schemas.shards import FTS_TABLE

# A row id no section has (ids are 1-based positions in a version, far below 2**40), and a
# word: a row without one would leave FTS5 nothing to write, and so no second segment.
_PASSING_ROW = (1 << 40, "merge", "", "", "")
_INSERT = (
    f"INSERT INTO {FTS_TABLE} (rowid, heading, heading_path, body, code) VALUES (?, ?, ?, ?, ?)"
)
_DELETE = (
    f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}, rowid, heading, heading_path, body, code) "
    "VALUES ('delete', ?, ?, ?, ?, ?)"
)
_OPTIMIZE = f"INSERT INTO {FTS_TABLE} ({FTS_TABLE}) VALUES ('optimize')"
# FTS5's %_data row ids: a segment's id above its pages' (fts5_index.c, FTS5_SEGMENT_ROWID).
_SEGMENT_SHIFT = 37
_STRUCTURE_ROW = 10  # FTS5_STRUCTURE_ROWID
# FTS5's later structure format (origin counters, for contentless_delete tables) starts so.
_STRUCTURE_V2 = b"\xff\xff\xff\xff"
# SQLite's header: the file change counter, the schema cookie and the "version valid for"
# number (sqlite.org/fileformat.html, 1.3), each 4 bytes, big-endian.
_HEADER_COUNTERS = (24, 40, 92)


def delete_rows(conn: sqlite3.Connection, rows: list[tuple[int, str, str, str, str]]) -> None:
    """Take ``rows`` (rowid and the search columns they were inserted with) out of the index:
    a contentless index forgets a row only when told what it held."""
    conn.executemany(_DELETE, rows)


def insert_rows(conn: sqlite3.Connection, rows: list[tuple[int, str, str, str, str]]) -> None:
    conn.executemany(_INSERT, rows)


def merge_into_one_segment(conn: sqlite3.Connection) -> None:
    """Merge everything the index holds, and what the open transaction added, into one segment
    written by FTS5's merge: a row goes in and out first, so there is always a second segment
    to merge with (FTS5's 'optimize' leaves a lone segment as it was written)."""
    conn.execute(_INSERT, _PASSING_ROW)
    conn.execute(_DELETE, _PASSING_ROW)
    conn.execute(_OPTIMIZE)


def canonical_segment(conn: sqlite3.Connection) -> bool:
    """Give the index's one segment id 1 and the structure record of a segment written once;
    False (and nothing changed) when the index is not one segment in FTS5's first structure
    format, which this reads (then an index is never updated in place)."""
    row = conn.execute(
        f"SELECT block FROM {FTS_TABLE}_data WHERE id = ?", (_STRUCTURE_ROW,)
    ).fetchone()
    if row is None:
        return False
    parsed = _one_segment(bytes(row[0]))
    if parsed is None:
        return False
    cookie, segment, first_page, last_page = parsed
    if segment != 1:
        low, high = segment << _SEGMENT_SHIFT, (segment + 1) << _SEGMENT_SHIFT
        conn.execute(
            f"UPDATE {FTS_TABLE}_data SET id = id - ? WHERE id >= ? AND id < ?",
            ((segment - 1) << _SEGMENT_SHIFT, low, high),
        )
        conn.execute(f"UPDATE {FTS_TABLE}_idx SET segid = 1")
    # One level, one segment, a write counter of 0; then level 0: no merge under way, one
    # segment, its id and first and last leaf page.
    record = cookie + b"".join(_varint(n) for n in (1, 1, 0, 0, 1, 1, first_page, last_page))
    conn.execute(f"UPDATE {FTS_TABLE}_data SET block = ? WHERE id = ?", (record, _STRUCTURE_ROW))
    return True


def canonical_header(data: bytes) -> bytes:
    """``data`` (a database file) with the header's change counters and schema cookie at 1:
    what they count is how many transactions made the file, not what it holds."""
    out = bytearray(data)
    for offset in _HEADER_COUNTERS:
        out[offset : offset + 4] = (1).to_bytes(4, "big")
    return bytes(out)


def _one_segment(record: bytes) -> tuple[bytes, int, int, int] | None:
    """(cookie, segment id, first page, last page) of a structure record listing one segment
    and no merge under way; None for anything else."""
    if len(record) < 4 or record[4:8] == _STRUCTURE_V2:
        return None
    numbers: list[int] = []
    at = 4
    while at < len(record):
        try:
            value, at = _read_varint(record, at)
        except ValueError:
            return None
        numbers.append(value)
    if len(numbers) < 3:
        return None
    levels, segments = numbers[0], numbers[1]
    found: list[tuple[int, int, int]] = []
    at = 3
    for _ in range(levels):
        if at + 2 > len(numbers):
            return None
        merging, count = numbers[at], numbers[at + 1]
        at += 2
        if merging:
            return None
        found.extend(
            (numbers[at + 3 * n], numbers[at + 3 * n + 1], numbers[at + 3 * n + 2])
            for n in range(count)
        )
        at += 3 * count
    if at != len(numbers) or segments != 1 or len(found) != 1:
        return None
    return (record[:4], *found[0])


def _varint(value: int) -> bytes:
    """SQLite's varint (big-endian, 7 bits a byte) for a value below 2**56."""
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for n in range(9):
        if at >= len(data):
            raise ValueError("structure record ends inside a number")
        byte = data[at]
        at += 1
        if n == 8:
            return (value << 8) | byte, at
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at
    raise AssertionError("unreachable")
