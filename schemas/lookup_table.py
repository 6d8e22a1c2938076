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
import sys
from array import array
from collections.abc import Sequence
from importlib import resources

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
    return resources.files(__package__).joinpath(TABLE_DDL).read_text(encoding="utf-8")


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


def decode_rows(dense: int, blob: bytes) -> int:
    """A set of rows as a bitmap: bit ``row`` of the number is set for each row in the set."""
    if dense:
        return int.from_bytes(blob, "little")
    numbers = array("I")
    numbers.frombytes(blob)
    if sys.byteorder == "big":
        numbers.byteswap()
    if not numbers:
        return 0
    bits = bytearray((numbers[-1] >> 3) + 1)
    for row in numbers:
        bits[row >> 3] |= 1 << (row & 7)
    return int.from_bytes(bits, "little")
