"""Answer catalog_lookup from a large site's lookup table without loading the catalog.

The table (schemas/lookup_table.py) holds each library's names and words as the builder
derived them with ``schemas.library_keys``. One SQL statement finds every library a query hits
and ranks them by the tiers of ``client.lookup``, computing each score with the same floating
point operations in the same order; the few best are then scored again, with their reasons, by
a ``LibraryIndex`` over those entries alone. So ids, scores and reasons equal what a
``LibraryIndex`` over the whole catalog answers, while a process reads only the pages of the
table a query touches.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import orjson

from client.errors import ClientError, InvalidRequest
from client.limits import MAX_LOOKUP_LIMIT, MAX_QUERY_CHARS
from client.lookup import (
    ALIAS_PREFIX,
    EXACT_ALIAS,
    EXACT_NAME,
    NAME_PREFIX,
    NAME_WORDS,
    SUMMARY_WORDS,
    LibraryIndex,
    LookupResult,
)
from client.model import CatalogEntry, Provenance
from schemas.library_keys import fold, words
from schemas.lookup_table import NAME_FIELD, SUMMARY_FIELD, TABLE_FORMAT
from schemas.text import TOKENIZER

# Rows ranked by SQL beyond the limit, re-ranked in Python: a guard, since both rank alike.
_MARGIN = 8
# Near-miss candidates for a not-found hint: keys sharing the query's first two characters.
_NEAR_CANDIDATES = 2000
_LAST_CHAR = "\U0010ffff"
_FIELDS = "id, name, summary, aliases, packages, popularity, homepage, versions, record"


class LookupTable:
    """A read-only lookup table file; safe to share between threads (one lock per query)."""

    def __init__(self, path: Path, provenance: Provenance) -> None:
        self.provenance = provenance
        try:
            self._conn = sqlite3.connect(
                f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False
            )
            meta = dict(self._conn.execute("SELECT key, value FROM meta").fetchall())
            self.libraries = self._conn.execute("SELECT count(*) FROM libraries").fetchone()[0]
        except sqlite3.Error as exc:
            raise ClientError(f"the lookup table {path} cannot be read: {exc}") from exc
        if meta.get("format") != TABLE_FORMAT or meta.get("tokenizer") != TOKENIZER:
            self._conn.close()
            raise ClientError(
                f"the lookup table {path} is in a format this docclient cannot read "
                f"({meta.get('format')}, {meta.get('tokenizer')}); upgrade docclient"
            )
        self._lock = threading.Lock()

    def close(self) -> None:
        self._conn.close()

    def _rows(self, sql: str, parameters: dict[str, object] | list[object]) -> list[Any]:
        with self._lock:
            try:
                return self._conn.execute(sql, parameters).fetchall()
            except sqlite3.Error as exc:
                raise ClientError(f"the lookup table cannot be read: {exc}") from exc

    def _entry(self, row: Any) -> CatalogEntry:
        library_id, name, summary, aliases, packages, popularity, homepage, versions, _ = row
        return CatalogEntry(
            str(library_id),
            str(name),
            str(summary),
            tuple(orjson.loads(str(aliases))),
            tuple(orjson.loads(str(packages))),
            float(popularity),
            None if homepage is None else str(homepage),
            tuple(orjson.loads(str(versions))),
            {},
            self.provenance,
        )

    def entries(self) -> list[CatalogEntry]:
        """Every library's catalog fields (without shards), in id order: for a listing."""
        return [self._entry(row) for row in self._rows(f"SELECT {_FIELDS} FROM libraries", [])]

    def has(self, library_id: str) -> bool:
        return bool(self._rows("SELECT 1 FROM libraries WHERE id = ?", [library_id]))

    def entry(self, library_id: str) -> tuple[CatalogEntry, str] | None:
        """A library's catalog fields (without shards) and its record's sha256, by id."""
        rows = self._rows(f"SELECT {_FIELDS} FROM libraries WHERE id = ?", [library_id])
        return (self._entry(rows[0]), str(rows[0][-1])) if rows else None

    def named(self, text: str) -> list[str]:
        """Ids of the libraries one of whose aliases or registry names is ``text``."""
        wanted = text.casefold()
        sql = (
            f"SELECT {_FIELDS} FROM libraries WHERE row IN "
            "(SELECT row FROM keys WHERE key = ? AND named = 0) ORDER BY id"
        )
        return [
            entry.id
            for entry in map(self._entry, self._rows(sql, [fold(text)]))
            if any(name.casefold() == wanted for name in (*entry.aliases, *entry.packages))
        ]

    def search(self, query: str, limit: int = 5) -> LookupResult:
        """What ``LibraryIndex.search`` answers over the whole catalog, for ``query``."""
        if not 1 <= limit <= MAX_LOOKUP_LIMIT:
            raise InvalidRequest(f"limit must be between 1 and {MAX_LOOKUP_LIMIT}, not {limit}")
        if len(query) > MAX_QUERY_CHARS:
            raise InvalidRequest(f"query is longer than {MAX_QUERY_CHARS} characters")
        key = fold(query)
        if not key:
            raise InvalidRequest("query is empty")
        query_words = words(key)
        parameters: dict[str, object] = {
            "key": key,
            "high": key + _LAST_CHAR,
            "exact_name": EXACT_NAME,
            "exact_alias": EXACT_ALIAS,
            "name_prefix": NAME_PREFIX,
            "alias_prefix": ALIAS_PREFIX,
            "rows": limit + _MARGIN,
        }
        signals = [
            "SELECT row, CASE named WHEN 1 THEN :exact_name ELSE :exact_alias END AS raw "
            "FROM keys WHERE key = :key",
            "SELECT row, CASE named WHEN 1 THEN :name_prefix ELSE :alias_prefix END "
            "FROM keys WHERE key > :key AND key < :high",
        ]
        if query_words:
            marks = ", ".join(f":w{i}" for i in range(len(query_words)))
            parameters.update({f"w{i}": word for i, word in enumerate(query_words)})
            for field, (low, high) in ((NAME_FIELD, NAME_WORDS), (SUMMARY_FIELD, SUMMARY_WORDS)):
                # The same operations as LibraryIndex._word_hits: low + step x hits.
                parameters[f"low{field}"] = low
                parameters[f"step{field}"] = (high - low) / len(query_words)
                signals.append(
                    f"SELECT row, :low{field} + :step{field} * count(*) FROM words "
                    f"WHERE word IN ({marks}) AND field = {field} GROUP BY row"
                )
        sql = (
            f"WITH signals(row, raw) AS ({' UNION ALL '.join(signals)}), "
            "best AS (SELECT row, max(raw) AS raw FROM signals GROUP BY row) "
            f"SELECT {_FIELDS}, count(*) OVER () FROM best JOIN libraries USING (row) "
            "ORDER BY best.raw + (1 - best.raw) * libraries.factor DESC, "
            "libraries.popularity DESC, libraries.id LIMIT :rows"
        )
        rows = self._rows(sql, parameters)
        if not rows:
            return LookupResult((), 0)
        best = LibraryIndex([self._entry(row[:-1]) for row in rows]).search(query, limit)
        return LookupResult(best.hits, int(rows[0][-1]))

    def nearest_ids(self, query: str, n: int = 5) -> list[str]:
        """Ids that look like ``query``, among the libraries with a name starting as it does
        (a not-found hint; unlike LibraryIndex, a typo in the first two letters is missed)."""
        key = fold(query)[:MAX_QUERY_CHARS]
        if not key or n < 1:
            return []
        sql = (
            f"SELECT {_FIELDS} FROM libraries WHERE row IN (SELECT row FROM keys "
            "WHERE key >= ? AND key < ? LIMIT ?)"
        )
        start = key[:2]
        rows = self._rows(sql, [start, start + _LAST_CHAR, _NEAR_CANDIDATES])
        return LibraryIndex([self._entry(row) for row in rows]).nearest_ids(query, n)
