"""What a database's ``sqlite_master`` holds, and what it would hold if made from a DDL.

A shard and a lookup table come from a site the client does not trust; before a query runs on
one, its schema must be exactly the objects its DDL creates (a view or trigger would run the
site's SQL in every query). Both checks compare a file's rows with those of an empty database
made from the DDL by this SQLite library, which spells the ``sql`` column as the builder's did.
Reading ``sqlite_master`` alone is safe on an untrusted file opened read-only with
``PRAGMA trusted_schema = OFF``.
"""

from __future__ import annotations

import functools
import sqlite3

# (type, name, tbl_name, sql) of one object, by its name.
SchemaRow = tuple[str, str, str, str | None]


def schema_rows(conn: sqlite3.Connection) -> dict[str, SchemaRow]:
    """The objects of the database on ``conn``, by name."""
    rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    return {row[1]: (row[0], row[1], row[2], row[3]) for row in rows}


@functools.cache
def ddl_schema(script: str) -> dict[str, SchemaRow]:
    """``schema_rows`` of an empty database made by running the DDL ``script`` (once a
    process for each script)."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(script)
        return schema_rows(conn)
    finally:
        conn.close()
