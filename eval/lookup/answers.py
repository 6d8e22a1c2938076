"""Ask the catalog a question three ways: catalog_lookup over the in-memory LibraryIndex, over a
large site's lookup table (the two must agree), and plain SQLite FTS5 bm25 as the baseline.

The lookup table is the one the builder writes (builder.lookup_site), read the way the client
reads it (client.lookup_table); the baseline indexes each library's id, name and summary in one
FTS5 table and ORs the query's words, ranked by unweighted ``bm25()``.
"""

from __future__ import annotations

import gzip
import re
import sqlite3
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from builder.lookup_site import write_lookup_table
from client.lookup import LibraryIndex
from client.lookup_table import LookupTable
from client.model import CatalogEntry, Provenance

# catalog_lookup's default limit: what an agent sees when it does not ask for more.
LIMIT = 5
_PROVENANCE = Provenance("local", "eval/lookup/catalog.json", None, False, None, None)
_WORD = re.compile(r"\w+")


def catalog_entries(raw: Sequence[dict[str, Any]]) -> list[CatalogEntry]:
    """The entries as the client makes them from a catalog (client.catalog_loader)."""
    return [
        CatalogEntry(
            item["id"],
            item["name"],
            item.get("summary", ""),
            tuple(item.get("aliases", ())),
            tuple(item.get("packages", ())),
            float(item.get("popularity", 0)),
            item.get("homepage"),
            tuple(item["versions"]),
            {},
            _PROVENANCE,
        )
        for item in raw
    ]


class Answerers:
    """The three ways of asking, built once over one catalog; close() when done."""

    def __init__(self, raw: Sequence[dict[str, Any]]) -> None:
        self.index = LibraryIndex(catalog_entries(raw))
        self._folder = tempfile.TemporaryDirectory(prefix="lookup-eval-")
        site = Path(self._folder.name)
        described = write_lookup_table(site, raw, [""] * len(raw))
        table = site / "lookup.sqlite"
        table.write_bytes(gzip.decompress((site / described["path"]).read_bytes()))
        self.table = LookupTable(table, _PROVENANCE)
        self.baseline = sqlite3.connect(":memory:")
        self.baseline.execute("CREATE VIRTUAL TABLE libraries USING fts5(id, text)")
        self.baseline.executemany(
            "INSERT INTO libraries VALUES (?, ?)",
            [(e["id"], f"{e['id']} {e['name']} {e.get('summary', '')}") for e in raw],
        )

    def close(self) -> None:
        self.table.close()
        self.baseline.close()
        self._folder.cleanup()

    def ours(self, query: str) -> list[str]:
        """catalog_lookup's ids over the catalog's LibraryIndex, best first."""
        return [hit.entry.id for hit in self.index.search(query, LIMIT).hits]

    def ours_table(self, query: str) -> list[str]:
        """catalog_lookup's ids over the site's lookup table, best first."""
        return [hit.entry.id for hit in self.table.search(query, LIMIT).hits]

    def plain(self, query: str) -> list[str]:
        """Plain FTS5: the query's words OR-ed, by bm25(), best first."""
        terms = " OR ".join(f'"{word}"' for word in dict.fromkeys(_WORD.findall(query.lower())))
        if not terms:
            return []
        rows = self.baseline.execute(
            "SELECT id FROM libraries WHERE libraries MATCH ? ORDER BY bm25(libraries), id LIMIT ?",
            [terms, LIMIT],
        )
        return [library_id for (library_id,) in rows]
