"""schemas.section_columns: a head's sections as columns give back exactly its rows, and columns
that do not hold the rows the head counts are refused with what is wrong."""

from __future__ import annotations

import hashlib
import sqlite3
import tracemalloc
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import orjson
import pytest

from schemas import derived_columns
from schemas.body_packs import pack_path
from schemas.column_encoding import encode_columns, move_rows_to_columns
from schemas.section_columns import (
    COLUMN_NAMES,
    COLUMNS_TABLE,
    MAX_COLUMN_SECTIONS,
    SECTION_FIELDS,
    TOKEN_COUNTS_TABLE,
    ColumnsError,
    HeadRows,
    SectionRow,
    decode_columns,
    restore_rows,
)
from schemas.shards import PLAIN_COLUMNS_FORMAT, SECTION_COLUMN_FORMATS, shard_statements
from schemas.term_chunks import chunk_path
from tests.test_shards_chunked import catalog_shards, opened

BASE = "https://docs.example/lib/1.0/"
# Every way a value is left out or kept: an anchor that is and is not the heading, links that
# follow the previous one's page and links that do not (another page, no "#", a first row),
# line numbers missing on either side or both, sources and packs that change and repeat.
ROWS: list[SectionRow] = [
    (1, "Guide", "[]", 10, f"{BASE}guide.html#guide", "guide", "guide.md", 1, 9, 1),
    (2, "Install", '["Guide"]', 0, f"{BASE}guide.html#install", "install", "guide.md", 10, 20, 1),
    (3, "lib.run", '["Guide"]', 5, f"{BASE}guide.html#lib.run", "lib.run", "guide.md", 21, None, 1),
    (4, "lib.stop", '["Guide"]', 7, f"{BASE}api.html#lib.stop", "lib.stop", "api.md", None, 4, 2),
    (5, "Notes", "[]", 3, "https://elsewhere.example/notes", "notes", "api.md", None, None, 2),
    (6, "Notes", "[]", 3, f"{BASE}api.html#notes-1", "notes-1", None, 30, 30, 3),
    (7, "变更", "[]", 2, f"{BASE}api.html#变更", "变更", None, 2, 40, 3),
    (8, "Again", "[]", 1, f"{BASE}guide.html#again", "again", "guide.md", 50, 51, 1),
]


# FTS5's token counts of each section (a varint per column): one byte, two, three.
TOKEN_COUNTS = [bytes([3, 0, 0x73, 0]), bytes([1, 2, 0x81, 0x00, 5])] + [
    bytes([1, 1, 0x82, 0x80, 0x01, 0])
] * 6
HEAD = HeadRows(ROWS, TOKEN_COUNTS)
ROWS_HEADINGS = [row[1] for row in ROWS]


def columns_of(head: HeadRows) -> dict[str, bytes]:
    return encode_columns(head, PLAIN_COLUMNS_FORMAT)


def decoded(columns: dict[str, bytes], count: int) -> HeadRows:
    return decode_columns(columns, count, PLAIN_COLUMNS_FORMAT)


@pytest.mark.parametrize("shard_format", SECTION_COLUMN_FORMATS)
def test_the_columns_of_every_format_give_back_every_row_exactly(shard_format: str) -> None:
    for head in (HEAD, HeadRows([], [])):
        columns = encode_columns(head, shard_format)
        assert decode_columns(columns, len(head.sections), shard_format) == head


def test_the_columns_give_back_every_row_exactly() -> None:
    assert decoded(columns_of(HEAD), len(ROWS)) == HEAD
    assert decoded(columns_of(HeadRows([], [])), 0) == HeadRows([], [])
    counts = orjson.loads(columns_of(HEAD)["token_counts"])
    assert counts[:3] == [[3, 0, 115, 0], [1, 2, 128, 5], [1, 1, 32769, 0]]


def test_what_repeats_is_left_out_of_the_columns() -> None:
    columns = {name: orjson.loads(data) for name, data in columns_of(HEAD).items()}
    assert columns["anchor"] == [
        "guide", "install", None, None, "notes", "notes-1", None, "again"
    ]  # fmt: skip
    assert columns["path"][:4] == [
        f"{BASE}guide.html#guide",
        None,
        None,
        f"{BASE}api.html#lib.stop",
    ]
    assert columns["source"] == [["guide.md", 3], ["api.md", 2], [None, 2], ["guide.md", 1]]
    assert columns["pack"] == [[1, 3], [2, 2], [3, 2], [1, 1]]
    assert columns["line_start"][:3] == [1, 1, 1]  # each counted from the previous end


@pytest.mark.parametrize("shard_format", SECTION_COLUMN_FORMATS)
def test_every_shard_of_the_examples_goes_through_its_columns_unchanged(
    examples_site: Path, shard_format: str
) -> None:
    fields = ", ".join(SECTION_FIELDS)
    for ref in catalog_shards(examples_site).values():
        with closing(opened(examples_site, ref)) as conn:
            rows = conn.execute(f"SELECT {fields} FROM sections ORDER BY id").fetchall()
            sizes = conn.execute(f"SELECT sz FROM {TOKEN_COUNTS_TABLE} ORDER BY id").fetchall()
        head = HeadRows(rows, [bytes(sz) for (sz,) in sizes])
        columns = encode_columns(head, shard_format)
        assert decode_columns(columns, len(rows), shard_format) == head, ref["path"]


def test_rows_must_be_numbered_from_one_in_order() -> None:
    with pytest.raises(ValueError, match="row 2 has id 3"):
        columns_of(HeadRows([ROWS[0], ROWS[2]], TOKEN_COUNTS[:2]))


@pytest.mark.parametrize(
    "sizes",
    [
        bytes([1, 2, 3]),
        bytes([0x80, 1, 2, 3, 4]),
        bytes([0xFF] * 9),
        bytes([1, 2, 3, 0x81]),
        bytes([1, 2, 3, 4, 5]),
    ],
)
def test_token_counts_that_are_not_one_plain_varint_per_column_are_not_written(
    sizes: bytes,
) -> None:
    with pytest.raises(ValueError, match="token count"):
        columns_of(HeadRows(ROWS[:1], [sizes]))


def damaged(name: str, value: object) -> dict[str, bytes]:
    columns = columns_of(HEAD)
    columns[name] = value if isinstance(value, bytes) else orjson.dumps(value)
    return columns


@pytest.mark.parametrize(
    ("columns", "problem"),
    [
        ({k: v for k, v in columns_of(HEAD).items() if k != "pack"}, r"missing \['pack'\]"),
        ({**columns_of(HEAD), "extra": b"[]"}, r"unexpected \['extra'\]"),
        (damaged("heading", b"[1,"), "'heading' is not JSON"),
        (damaged("heading", {"a": 1}), "'heading' is not a JSON array"),
        (damaged("anchor", ["a"]), "'anchor' has 1 values, not 8"),
        (damaged("source", [["guide.md", 9]]), "'source' has more than 8 values"),
        (damaged("source", [["guide.md", 7]]), "'source' has 7 values, not 8"),
        (damaged("pack", [[1, 0], [1, 8]]), r"'pack' holds a run that is not \[value, count\]"),
        (damaged("pack", [1, 2, 3, 4, 5, 6, 7, 8]), r"run that is not \[value, count\]"),
        (damaged("path", [None] * 8), "'path' leaves out a link with none before it"),
        (damaged("line_end", ["x"] * 8), "'line_end' hold a value that is not a line number"),
        (damaged("path", [1] * 8), "'path' holds a link that is not a string or null"),
        (damaged("token_counts", [[1, 2, 3]] * 8), "holds a value that is not 4 counts"),
        (damaged("token_counts", [[1, 2, 3, -1]] * 8), "holds a count that is not one"),
        (damaged("token_counts", [[1, 2, 3, True]] * 8), "holds true or false, not counts"),
        (damaged("token_counts", [[1, 2, 3, 1.0]] * 8), "holds a count that is not one"),
        (damaged("token_counts", [[1, 2, 3, None]] * 8), "holds a count that is not one"),
        (damaged("token_counts", [[1, 2, 3, 1 << 56]] * 8), "holds a count that is not one"),
        # Values SQLite cannot store: refused before a row is written, not an error halfway.
        (damaged("heading", [["Guide"]] * 8), "'heading' holds a list, not a string"),
        (damaged("heading_path", [{"a": 1}] * 8), "'heading_path' holds an object, not"),
        (damaged("anchor", [True] * 8), "'anchor' holds true or false, not a string"),
        (damaged("path", [["#"]] * 8), "'path' holds a list, not a string"),
        (damaged("source", [[["guide.md"], 8]]), "'source' holds a list, not a string"),
        (damaged("body_length", [1 << 63] * 8), "'body_length' holds a number past SQLite's"),
        # A null where sections may hold none: the rows' NOT NULL stopped the restore halfway.
        (damaged("heading", [*ROWS_HEADINGS[:7], None]), "'heading' holds null, which"),
        (damaged("heading_path", [None] * 8), "'heading_path' holds null, which"),
        (damaged("body_length", [1] * 7 + [None]), "'body_length' holds null, which"),
        (damaged("pack", [[1, 7], [None, 1]]), "'pack' holds null, which"),
        (damaged("pack", [[(1 << 64) - 1, 8]]), "'pack' holds a number past SQLite's"),
        # Each step fits, the line number it makes does not.
        (damaged("line_start", [(1 << 63) - 1] * 8), "'line_start' holds a number past SQLite's"),
    ],
)
def test_columns_that_do_not_hold_the_rows_are_refused(
    columns: dict[str, bytes], problem: str
) -> None:
    with pytest.raises(ColumnsError, match=problem):
        decoded(columns, len(ROWS))


def test_a_count_past_what_a_head_sends_as_columns_is_refused_before_they_are_read() -> None:
    # A million sections of next to nothing gzip to 33 KB and took 560 MB to put back.
    unread = dict.fromkeys(COLUMN_NAMES[PLAIN_COLUMNS_FORMAT], b"not read")
    with pytest.raises(ColumnsError, match=f"counts {MAX_COLUMN_SECTIONS + 1} sections, more"):
        decoded(unread, MAX_COLUMN_SECTIONS + 1)


def alike_head(count: int, heading: str = "h") -> HeadRows:
    """``count`` sections of ``heading`` and nothing else, for columns forged from them."""
    rows = [(n, heading, "[]", 1, "x#h", "h", None, None, None, 1) for n in range(1, count + 1)]
    return HeadRows(rows, [bytes(4)] * count)


def test_links_left_out_are_refused_as_they_pass_the_limit_not_once_all_are_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each null link repeats the page of the one before: a page 10,000 characters long, then
    # 2,000 nulls, make 20 million characters of links from 12 KB of columns (a page a
    # megabyte long and a million nulls: a terabyte, all made before the rows were counted).
    monkeypatch.setattr(derived_columns, "MAX_ROW_CHARS", 20_000)
    count = 2_000
    columns = columns_of(alike_head(count))
    columns["path"] = orjson.dumps([f"{'p' * 10_000}#h"] + [None] * (count - 1))
    problem = "make rows of more than 20000 characters"
    assert peak_bytes_refusing(lambda: decoded(columns, count), problem) < 5_000_000


def peak_bytes_refusing(decode: Callable[[], object], problem: str) -> int:
    """The most memory ``decode`` took (above what was taken before it), which must refuse
    its columns with ``problem``; a tracemalloc already tracing is left as it was."""
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    try:
        with pytest.raises(ColumnsError, match=problem):
            decode()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        if not tracing:
            tracemalloc.stop()


def as_earlier_head(
    conn: sqlite3.Connection, count: int, shard_format: str, site: Path, library_id: str
) -> bytes:
    """The database of the head open on ``conn`` (of ``count`` sections, published in
    ``site``) as an earlier builder wrote it: doctrove-shard@3 (its sections in their table,
    not in columns), @4 (columns that leave out less) or @5 (fewer codes); each names its
    packs and chunks by their whole sha256, so the site's files are renamed to those names."""
    restore_rows(conn, count)
    conn.execute(f"DROP TABLE {COLUMNS_TABLE}")
    if shard_format in SECTION_COLUMN_FORMATS:
        move_rows_to_columns(conn, shard_format)
    name_in_full(conn, site, library_id)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (shard_format,))
    conn.execute("VACUUM")
    return conn.serialize()


def name_in_full(conn: sqlite3.Connection, site: Path, library_id: str) -> None:
    """Rename the packs and chunks a head open on ``conn`` lists, in ``site``, to their whole
    sha256 (as builders before doctrove-shard@6 named them), in the files and the tables."""
    for table, path_of in (("packs", pack_path), ("chunks", chunk_path)):
        for row_id, name in conn.execute(f"SELECT id, sha256 FROM {table}").fetchall():
            short = site / path_of(library_id, name)
            data = short.read_bytes()
            full = hashlib.sha256(data).hexdigest()
            short.rename(site / path_of(library_id, full))
            conn.execute(f"UPDATE {table} SET sha256 = ? WHERE id = ?", (full, row_id))


def head_with_columns(
    head: HeadRows, shard_format: str = PLAIN_COLUMNS_FORMAT, encode: bool = True
) -> sqlite3.Connection:
    """An empty ``shard_format`` head whose section_columns hold ``head``."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    for statement in shard_statements(shard_format):
        conn.execute(statement)
    conn.execute("INSERT INTO meta VALUES ('format', ?)", (shard_format,))
    columns = encode_columns(head, shard_format if encode else PLAIN_COLUMNS_FORMAT)
    conn.executemany("INSERT INTO section_columns VALUES (?, ?)", columns.items())
    return conn


def test_rows_are_put_back_once_and_a_head_put_back_must_hold_its_count() -> None:
    with closing(head_with_columns(HEAD)) as conn:
        restore_rows(conn, len(ROWS))
        assert conn.execute("SELECT * FROM sections ORDER BY id").fetchall() == ROWS
        sizes = conn.execute(f"SELECT sz FROM {TOKEN_COUNTS_TABLE} ORDER BY id").fetchall()
        assert [bytes(sz) for (sz,) in sizes] == TOKEN_COUNTS
        assert conn.execute("SELECT count(*) FROM section_columns").fetchone() == (0,)
        restore_rows(conn, len(ROWS))  # as the client keeps it: nothing left to do
        with pytest.raises(ColumnsError, match="sections were put back up to section 8, not 9"):
            restore_rows(conn, len(ROWS) + 1)
        conn.execute(f"DELETE FROM {TOKEN_COUNTS_TABLE} WHERE id = 8")
        with pytest.raises(
            ColumnsError, match="sections_fts_docsize were put back up to section 7"
        ):
            restore_rows(conn, len(ROWS))


@pytest.mark.parametrize(
    ("table", "row"),
    [("sections", ROWS[0]), (TOKEN_COUNTS_TABLE, (1, TOKEN_COUNTS[0]))],
)
def test_a_head_with_both_rows_and_columns_is_refused(table: str, row: SectionRow) -> None:
    with closing(head_with_columns(HEAD)) as conn:
        conn.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(row))})", row)
        with pytest.raises(ColumnsError, match=f"{table} table is not empty"):
            restore_rows(conn, len(ROWS))


@pytest.mark.parametrize("shard_format", SECTION_COLUMN_FORMATS)
def test_every_column_is_named_once(shard_format: str) -> None:
    names = COLUMN_NAMES[shard_format]
    assert sorted(encode_columns(HEAD, shard_format)) == sorted(names)
    assert len(set(names)) == len(names) >= 10
