"""The lookup table contract: a large site's catalog_lookup data as one SQLite file.

A site of many libraries cannot ask every client to fetch and index a catalog.json of every
library. It publishes instead, named in its small entry point ``lookup.json``
(``schemas.documents.Lookup``), this table, gzipped and named by its hash, and one
doctrove-catalog@1 record per library (``libs/<id>/catalog.json``) that a client fetches only
for a library it is asked about.

The tables are defined in ``lookup.sql`` beside this module:

- ``libraries``: one row per library, ``row`` counting from 0 in id order; aliases, packages and
  versions as JSON arrays; ``factor`` is ``popularity_factor(popularity)``; ``record`` the
  sha256 of the library's record.
- ``keys``: every folded name of a library (``library_keys``); ``named`` is 1 for the id and
  name, 0 for aliases and registry names.
- ``words``: the words of a library's names (``field`` 0) and of its summary (``field`` 1).
- ``meta``: ``format`` and ``tokenizer`` (the stems are schemas.text's).
"""

from __future__ import annotations

import functools
from importlib import resources

LOOKUP_FILE = "lookup.json"
LOOKUP_FORMAT = "doctrove-lookup@1"
TABLE_FORMAT = "doctrove-lookup-table@1"
TABLE_DDL = "lookup.sql"
RECORD_PATH = "libs/{id}/catalog.json"
NAME_FIELD, SUMMARY_FIELD = 0, 1
# Fixed so that two builds of the same catalog give the same bytes.
PAGE_SIZE = 4096


@functools.cache
def table_ddl() -> str:
    """The CREATE statements of the lookup table."""
    return resources.files(__package__).joinpath(TABLE_DDL).read_text(encoding="utf-8")


def record_path(library_id: str) -> str:
    """The site-relative path of a library's catalog record."""
    return RECORD_PATH.format(id=library_id)
