"""The full-text shard contract: its format names, its exact schema, and the checks a client runs.

The table definitions live in ``shard.sql``, ``search_shard.sql``, ``term_chunks.sql`` and
``section_columns.sql`` beside this module. A shard is trusted only when its
``sqlite_master`` matches, object for object and statement for statement, what that file creates
in an empty database, and its ``meta`` table names this format, this tokenizer and the library
version the client asked for.
"""

from __future__ import annotations

import functools
import re
import sqlite3

from schemas import package_file
from schemas.digests import FULL_NAME_DIGITS, SHORT_NAME_DIGITS
from schemas.sqlite_master import SchemaRow, ddl_schema, schema_rows
from schemas.text import TOKENIZER

SHARD_FORMAT = "doctrove-shard@1"
# The search shard without bodies, which live in body packs beside it (search_shard.sql).
SPLIT_FORMAT = "doctrove-shard@2"
# A search shard whose full-text index pages are published in chunks by term (term_chunks.sql).
CHUNKED_FORMAT = "doctrove-shard@3"
# A doctrove-shard@3 head whose sections travel as columns (section_columns.sql).
PLAIN_COLUMNS_FORMAT = "doctrove-shard@4"
# A doctrove-shard@4 head whose columns leave out what rows derive from each other (the same
# tables; schemas/derived_columns.py).
DERIVED_FORMAT = "doctrove-shard@5"
# A doctrove-shard@5 head whose packs and chunks are named by the first SHORT_NAME_DIGITS hex
# digits of their sha256 (schemas.digests), and whose columns derive more values (the same
# tables).
SHORT_NAMES_FORMAT = "doctrove-shard@6"
# The formats whose columns send schemas/derived_columns.py's codes.
DERIVED_FORMATS = (DERIVED_FORMAT, SHORT_NAMES_FORMAT)
SECTION_COLUMN_FORMATS = (PLAIN_COLUMNS_FORMAT, *DERIVED_FORMATS)
# The formats of a head: a search shard whose index pages are in chunks beside it.
HEAD_FORMATS = (CHUNKED_FORMAT, *SECTION_COLUMN_FORMATS)
SHARD_DDL = "shard.sql"
# Each format's DDL files, in order; a client reads the formats listed here.
FORMAT_DDL: dict[str, tuple[str, ...]] = {
    SHARD_FORMAT: (SHARD_DDL,),
    SPLIT_FORMAT: ("search_shard.sql",),
    CHUNKED_FORMAT: ("search_shard.sql", "term_chunks.sql"),
    # The column formats share one schema: meta's format tells them apart.
    **dict.fromkeys(
        SECTION_COLUMN_FORMATS, ("search_shard.sql", "term_chunks.sql", "section_columns.sql")
    ),
}
# "DTrv": marks the file as a doctrove shard for tools such as file(1); checked with the schema.
APPLICATION_ID = 0x44547276
FTS_TABLE = "sections_fts"
# A section whose body is shorter than this says next to nothing (in most languages: a CJK
# sentence says much in fewer characters); the builder counts such sections in its report and
# the client's ranker marks them.
NEAR_EMPTY_CHARS = 40
# The builder splits a section whose body is longer than this, so no body in a shard is longer;
# the client's ranker scales a body's length by it.
MAX_SECTION_CHARS = 6000
FTS_COLUMNS = ("heading", "heading_path", "body", "code")
# bm25() weights, in FTS_COLUMNS order: a match in a heading says more than one in the text under
# it, a match in code a little less. The client's search and the builder's reference search both
# rank with these, so the shard tests check the ranking the product uses.
BM25_WEIGHTS = (10.0, 4.0, 1.0, 0.75)
META_KEYS = ("format", "library_id", "sections", "tokenizer", "version")

_COMMENT = re.compile(r"^\s*--.*$", re.MULTILINE)
# SQLite keeps any value in any column of a table that is not STRICT: a shard whose schema is
# exactly the expected one may still hold a blob for a heading, text for a line number or a
# pack the packs table lacks, which the client's queries would read as the DDL promises. What
# each row of ``sections`` holds, per format, as (columns, SQL condition); the CASE makes sure
# json_type only sees valid JSON text (it raises on anything else).
_ROW_RULES: tuple[tuple[str, str], ...] = (
    ("heading", "typeof(heading) = 'text'"),
    (
        "heading_path",
        "CASE WHEN typeof(heading_path) = 'text' AND json_valid(heading_path) "
        "THEN json_type(heading_path) = 'array' ELSE 0 END",
    ),
    ("path", "typeof(path) = 'text'"),
    ("anchor", "typeof(anchor) = 'text'"),
    ("source", "typeof(source) IN ('text', 'null')"),
    ("line_start", "typeof(line_start) IN ('integer', 'null')"),
    ("line_end", "typeof(line_end) IN ('integer', 'null')"),
)
_SPLIT_ROW_RULES = (
    ("body_length", "typeof(body_length) = 'integer' AND body_length >= 0"),
    ("pack", "typeof(pack) = 'integer' AND pack IN (SELECT id FROM packs)"),
)
_FORMAT_ROW_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    SHARD_FORMAT: (
        *_ROW_RULES,
        ("body", "typeof(body) = 'text'"),
        ("sha256", "typeof(sha256) = 'text'"),
    ),
    SPLIT_FORMAT: (*_ROW_RULES, *_SPLIT_ROW_RULES),
    CHUNKED_FORMAT: (*_ROW_RULES, *_SPLIT_ROW_RULES),
    # Checked once the client has put the rows back (schemas.section_columns).
    **dict.fromkeys(SECTION_COLUMN_FORMATS, (*_ROW_RULES, *_SPLIT_ROW_RULES)),
}


def content_name(sha256: str, shard_format: str) -> str:
    """The name a ``shard_format`` shard gives the body pack or index chunk of this sha256 (hex):
    its first SHORT_NAME_DIGITS digits in a doctrove-shard@6 head, else all of them."""
    return sha256[: name_digits(shard_format)]


def name_digits(shard_format: str) -> int:
    """How many hex digits of their sha256 name the packs and chunks a shard of the format lists."""
    return SHORT_NAME_DIGITS if shard_format == SHORT_NAMES_FORMAT else FULL_NAME_DIGITS


@functools.cache
def shard_statements(shard_format: str = SHARD_FORMAT) -> tuple[str, ...]:
    """The CREATE statements of the format's DDL files, comments removed, in file order."""
    texts = (package_file(ddl).read_text(encoding="utf-8") for ddl in FORMAT_DDL[shard_format])
    statements = (s.strip() for text in texts for s in _COMMENT.sub("", text).split(";"))
    return tuple(s for s in statements if s)


def expected_schema(shard_format: str = SHARD_FORMAT) -> dict[str, SchemaRow]:
    """``sqlite_master`` of an empty shard of the format made by this SQLite library."""
    return ddl_schema(";\n".join(shard_statements(shard_format)))


def verify_shard_schema(conn: sqlite3.Connection, shard_format: str = SHARD_FORMAT) -> list[str]:
    """Problems with the shard's schema; empty when it is exactly the expected one.

    Reads only ``sqlite_master`` and two pragmas, so it is safe on an untrusted file (open it
    read-only with ``PRAGMA trusted_schema=OFF`` first).
    """
    problems: list[str] = []
    try:
        found = schema_rows(conn)
        application_id = conn.execute("PRAGMA application_id").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        return [f"not a readable SQLite database: {exc}"]
    if application_id != APPLICATION_ID:
        problems.append(f"application_id is {application_id:#x}, not {APPLICATION_ID:#x}")
    expected = expected_schema(shard_format)
    for name in sorted(expected.keys() - found.keys()):
        problems.append(f"missing {expected[name][0]} {name!r}")
    for name in sorted(found.keys() - expected.keys()):
        problems.append(f"unexpected {found[name][0]} {name!r}")
    for name in sorted(expected.keys() & found.keys()):
        if found[name] != expected[name]:
            ddl = " and ".join(FORMAT_DDL[shard_format])
            problems.append(f"{found[name][0]} {name!r} is not defined as {ddl} defines it")
    return problems


def verify_shard_rows(conn: sqlite3.Connection, shard_format: str = SHARD_FORMAT) -> list[str]:
    """Problems with the values in the shard's ``sections`` (call after verify_shard_schema
    found none): the first row whose columns do not hold what the DDL declares, naming them.
    One pass over the table."""
    rules = _FORMAT_ROW_RULES[shard_format]
    checks = ", ".join(f"({condition})" for _name, condition in rules)
    every = " AND ".join(f"({condition})" for _name, condition in rules)
    row = conn.execute(f"SELECT id, {checks} FROM sections WHERE NOT ({every}) LIMIT 1").fetchone()
    if row is None:
        return []
    wrong = [name for (name, _condition), sound in zip(rules, row[1:], strict=True) if not sound]
    ddl = " and ".join(FORMAT_DDL[shard_format])
    return [f"section {row[0]}: {', '.join(wrong)} not as {ddl} declares"]


def read_shard_meta(conn: sqlite3.Connection) -> dict[str, str]:
    """The shard's meta table as a dict (call after verify_shard_schema found no problem)."""
    return {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM meta")}


def verify_shard_meta(
    conn: sqlite3.Connection,
    library_id: str,
    version: str,
    sections: int | None = None,
    shard_format: str = SHARD_FORMAT,
) -> list[str]:
    """Problems with the shard's meta table for the library version the client expects."""
    meta = read_shard_meta(conn)
    wanted = {
        "format": shard_format,
        "tokenizer": TOKENIZER,
        "library_id": library_id,
        "version": version,
    }
    if sections is not None:
        wanted["sections"] = str(sections)
    problems = [
        f"meta {key} is {meta.get(key)!r}, expected {value!r}"
        for key, value in wanted.items()
        if meta.get(key) != value
    ]
    problems.extend(
        f"meta has unexpected key {key!r}" for key in sorted(meta.keys() - {*META_KEYS})
    )
    return problems
