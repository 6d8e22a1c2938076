"""Can a version's search index be updated in place and still be the bytes a cold build makes?

    python bench/fts_in_place.py [--rows 3000] [--seed 1]

Issue 16 suggests rebuilding a shard after a one-page edit by updating the previous shard in
place. The shard's index is an FTS5 table (schemas/search_shard.sql: contentless, detail=full,
the same tokenizer), and docbuild promises that a rebuild with the cache gives the bytes a
cold build gives (tests/test_incremental.py). This builds the same table the way the builder
does (one flush, 'optimize', VACUUM) from random rows, then changes one row in place through
FTS5's own 'delete' command, an insert, 'optimize' and VACUUM, optionally followed by a round
of a dummy row inserted and deleted (which can bring the merged segment's id back), and
prints whether the bytes match a cold build of the changed rows, with the segment ids and the
structure record (FTS5 keeps a write counter and the level layout there) of both.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sqlite3

_DDL = (
    "CREATE VIRTUAL TABLE f USING fts5(a, b, content='', detail=full, "
    "tokenize=\"ascii tokenchars '._'\")"
)
_DUMMY = (1 << 40, "dummy", "")
_INSERT = "INSERT INTO f (rowid, a, b) VALUES (?, ?, ?)"
_DELETE = "INSERT INTO f (f, rowid, a, b) VALUES ('delete', ?, ?, ?)"
Row = tuple[int, str, str]


def random_rows(count: int, seed: int) -> list[Row]:
    chooser = random.Random(seed)
    letters = "abcdefghijklmnop"
    words = ["".join(chooser.choices(letters, k=chooser.randint(2, 9))) for _ in range(3000)]

    def text() -> str:
        return " ".join(chooser.choices(words, k=chooser.randint(5, 200)))

    return [(rowid, text(), text()) for rowid in range(1, count + 1)]


def cold_build(rows: list[Row]) -> sqlite3.Connection:
    """The table as the builder makes it: every row in one flush, 'optimize', VACUUM."""
    conn = sqlite3.connect(":memory:")
    conn.isolation_level = None
    conn.execute("BEGIN")
    conn.execute(_DDL)
    conn.execute("INSERT INTO f (f, rank) VALUES ('hashsize', 67108864)")
    conn.executemany(_INSERT, rows)
    conn.execute("INSERT INTO f (f) VALUES ('optimize')")
    conn.execute("COMMIT")
    conn.execute("VACUUM")
    return conn


def changed(conn: sqlite3.Connection, statements: list[tuple[str, Row]]) -> None:
    """Run ``statements`` in one transaction, then 'optimize' and VACUUM, as the builder ends."""
    conn.execute("BEGIN")
    for statement, row in statements:
        conn.execute(statement, row)
    conn.execute("INSERT INTO f (f) VALUES ('optimize')")
    conn.execute("COMMIT")
    conn.execute("VACUUM")


def replace_in_place(conn: sqlite3.Connection, old: Row, new: Row) -> None:
    changed(conn, [(_DELETE, old), (_INSERT, new)])


def dummy_round(conn: sqlite3.Connection) -> None:
    """A row inserted and deleted again: the index holds the same rows, but FTS5 writes and
    merges segments once more."""
    changed(conn, [(_INSERT, _DUMMY), (_DELETE, _DUMMY)])


def describe(conn: sqlite3.Connection) -> str:
    segments = sorted({row[0] for row in conn.execute("SELECT segid FROM f_idx")})
    structure = conn.execute("SELECT block FROM f_data WHERE id = 10").fetchone()[0]
    digest = hashlib.sha256(conn.serialize()).hexdigest()[:16]
    return f"sha256 {digest}…, segments {segments}, structure record {bytes(structure).hex()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = random_rows(args.rows, args.seed)
    middle = len(rows) // 2
    changed = list(rows)
    changed[middle] = (rows[middle][0], "an edited heading", "one word changed in the text")
    print(f"SQLite {sqlite3.sqlite_version}, {len(rows):,} rows, row {rows[middle][0]} changed")
    expected = cold_build(changed)
    print(f"cold build of the changed rows: {describe(expected)}")
    updated = cold_build(rows)
    replace_in_place(updated, rows[middle], changed[middle])
    print(f"updated in place:               {describe(updated)}")
    dummy_round(updated)
    print(f"then a dummy row in and out:    {describe(updated)}")
    same = updated.serialize() == expected.serialize()
    print(f"same bytes as the cold build: {same}")


if __name__ == "__main__":
    main()
