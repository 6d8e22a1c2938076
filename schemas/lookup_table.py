"""The lookup table contract: a large site's catalog_lookup data as one SQLite file.

A site of many libraries cannot ask every client to fetch and index a catalog.json of every
library. It publishes instead, named in its small entry point ``lookup.json``
(``schemas.documents.Lookup``), this table, gzipped and named by its hash, and one
doctrove-catalog@1 record per library (``libs/<id>/catalog.json``) that a client fetches only
for a library it is asked about.

The tables are defined in ``lookup.sql`` beside this module:

- ``libraries``: one row per library, ``row`` counting from 0 by rank: most popular first, then
  by id. Inside one tier of catalog_lookup's scores that is the order of the answers, so the
  best of a tier are its lowest rows. Aliases, packages and versions are JSON arrays;
  ``record`` is the sha256 of the library's record.
- ``keys``: every folded name of a library (``library_keys``); ``named`` is 1 for the id and
  name, 0 for aliases and registry names.
- ``prefixes``: for each prefix of the keys that more than ``STORED_PREFIX`` keys start with,
  the rows of those keys (``named`` as in ``keys``), so a short query reads one set instead of
  a long range of keys.
- ``words``: the rows whose names (``field`` 0) or summary (``field`` 1) hold a word.
- ``meta``: ``format``, ``tokenizer`` (the stems are schemas.text's) and ``libraries``.

A set of rows is a blob (:func:`encode_rows`): a bitmap over every row when that is smaller
(``dense`` 1), else the rows as sorted little-endian 32-bit numbers.
"""

from __future__ import annotations

import functools
import re
import sqlite3
import sys
from array import array
from collections.abc import Sequence

from schemas import package_file
from schemas.sqlite_master import ddl_schema, schema_rows

LOOKUP_FILE = "lookup.json"
LOOKUP_FORMAT = "doctrove-lookup@1"
TABLE_FORMAT = "doctrove-lookup-table@1"
TABLE_DDL = "lookup.sql"
RECORD_PATH = "libs/{id}/catalog.json"
# A library id as doctrove's builder accepts it (builder.config), so a record path made from one
# is one plain folder name: an id that is not one has no record to ask a site for.
LIBRARY_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,99}")
NAME_FIELD, SUMMARY_FIELD = 0, 1
# Fixed so that two builds of the same catalog give the same bytes.
PAGE_SIZE = 4096
# A prefix more keys start with than this has its rows stored (the prefixes table).
STORED_PREFIX = 512


@functools.cache
def table_ddl() -> str:
    """The CREATE statements of the lookup table."""
    return package_file(TABLE_DDL).read_text(encoding="utf-8")


# What every row of each table holds, as the builder writes it (builder.lookup_site): SQLite
# keeps any value in any column of a table that is not STRICT. ``?`` is the library count, the
# bound of every row number; a JSON list must hold strings only.
_TEXT_LIST = (
    "CASE WHEN typeof({0}) = 'text' AND json_valid({0}) AND json_type({0}) = 'array' "
    "THEN NOT EXISTS (SELECT 1 FROM json_each({0}) WHERE type != 'text') ELSE 0 END"
)
_ROW_RULES = {
    "libraries": " AND ".join(
        [
            "row BETWEEN 0 AND ? - 1",
            "typeof(id) = 'text' AND typeof(name) = 'text' AND typeof(summary) = 'text'",
            _TEXT_LIST.format("aliases"),
            _TEXT_LIST.format("packages"),
            _TEXT_LIST.format("versions"),
            "typeof(popularity) IN ('real', 'integer')",
            "typeof(homepage) IN ('text', 'null') AND typeof(record) = 'text'",
        ]
    ),
    "keys": "typeof(key) = 'text' AND named IN (0, 1) AND typeof(row) = 'integer' "
    "AND row BETWEEN 0 AND ? - 1",
    "prefixes": "typeof(prefix) = 'text' AND named IN (0, 1) AND dense IN (0, 1) "
    "AND typeof(rows) = 'blob' AND length(rows) <= 4 * ?",
    "words": "typeof(word) = 'text' AND field IN (0, 1) AND dense IN (0, 1) "
    "AND typeof(rows) = 'blob' AND length(rows) <= 4 * ?",
}


def table_problems(conn: sqlite3.Connection) -> list[str]:
    """What is wrong with a lookup table's schema: exactly the objects lookup.sql creates, no
    view, trigger or other table. Reads only ``sqlite_master``: safe on an untrusted file
    opened read-only with ``PRAGMA trusted_schema = OFF``."""
    found = frozenset(schema_rows(conn).values())
    expected = frozenset(ddl_schema(table_ddl()).values())
    unexpected = sorted(f"{kind} {name!r}" for kind, name, _table, _sql in found - expected)
    missing = sorted(f"{kind} {name!r}" for kind, name, _table, _sql in expected - found)
    problems = [f"unexpected or changed {what}" for what in unexpected]
    return problems + [f"missing {what}" for what in missing]


def table_row_problems(conn: sqlite3.Connection, libraries: int) -> list[str]:
    """What is wrong with a lookup table's rows (call after table_problems found nothing):
    ``libraries`` rows numbered from 0, and every value of the type the builder writes. One
    pass over each table."""
    (count,) = conn.execute("SELECT count(*) FROM libraries").fetchone()
    if count != libraries:
        return [f"it has {count} libraries, its meta table says {libraries}"]
    problems = []
    for table, rule in _ROW_RULES.items():
        if conn.execute(
            f"SELECT 1 FROM {table} WHERE NOT ({rule}) LIMIT 1", [libraries]
        ).fetchone():
            problems.append(f"a row of {table} does not hold what {TABLE_DDL} declares")
    for table in ("prefixes", "words"):
        for dense, blob in conn.execute(f"SELECT dense, rows FROM {table}"):
            problem = rows_problem(dense, blob, libraries)
            if problem is not None:
                problems.append(f"{table}: {problem}")
                break
    return problems


def record_path(library_id: str) -> str:
    """The site-relative path of a library's catalog record; ValueError for an id that is not
    a LIBRARY_ID (its path could leave the records' folder: "..", "?", "#", "/")."""
    if not LIBRARY_ID.fullmatch(library_id):
        raise ValueError(f"{library_id!r} is not a library id")
    return RECORD_PATH.format(id=library_id)


def encode_rows(rows: Sequence[int], libraries: int) -> tuple[int, bytes]:
    """(dense, blob) of a sorted set of rows of a table of ``libraries`` rows."""
    if len(rows) * 32 > libraries:
        bits = bytearray((libraries + 7) // 8)
        for row in rows:
            bits[row >> 3] |= 1 << (row & 7)
        return 1, bytes(bits)
    numbers = array("I", rows)
    if sys.byteorder == "big":
        numbers.byteswap()
    return 0, numbers.tobytes()


def _numbers(blob: bytes) -> array[int]:
    numbers = array("I")
    numbers.frombytes(blob)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


def rows_problem(dense: object, blob: object, libraries: int) -> str | None:
    """What keeps ``blob`` from being a set of rows of a table of ``libraries`` rows, if
    anything (each check runs in C: a table's every set is checked once)."""
    if not isinstance(blob, bytes):
        return "a set of rows is not a blob"
    if dense:
        if int.from_bytes(blob, "little").bit_length() > libraries:
            return "a set of rows names rows past the last library"
        return None
    if len(blob) % 4:
        return "a list of rows is not whole 32-bit numbers"
    if blob and max(_numbers(blob)) >= libraries:
        return "a set of rows names rows past the last library"
    return None


def decode_rows(dense: int, blob: bytes, libraries: int) -> int:
    """A set of rows as a bitmap: bit ``row`` of the number is set for each row in the set.
    ValueError for a blob that is no set of rows of a table of ``libraries`` rows."""
    problem = rows_problem(dense, blob, libraries)
    if problem is not None:
        raise ValueError(problem)
    if dense:
        return int.from_bytes(blob, "little")
    numbers = _numbers(blob)
    if not numbers:
        return 0
    bits = bytearray((max(numbers) >> 3) + 1)
    for row in numbers:
        bits[row >> 3] |= 1 << (row & 7)
    return int.from_bytes(bits, "little")
