"""Answer catalog_lookup from a large site's lookup table without loading the catalog.

The table (schemas/lookup_table.py) holds each library's names and words as the builder
derived them with ``schemas.library_keys``, as sets of rows numbered by rank. A query reads the
sets it hits (one per word, one per prefix or a short range of keys) as bitmaps and splits the
libraries they hold into the tiers of ``client.lookup``, best tier first, each library in the
best tier it reaches. Inside a tier the order of the answers is the rank, so the best of each
tier are its lowest rows; only those few are read and scored again, with their reasons, by a
``LibraryIndex`` over them alone. The answer's ids, scores, reasons and total therefore equal
what a ``LibraryIndex`` over the whole catalog gives, while a process reads only the pages of
the table a query touches.
"""

from __future__ import annotations

import functools
import operator
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from client.errors import ClientError
from client.limits import MAX_QUERY_CHARS
from client.lookup import LibraryIndex, LookupResult, query_key
from client.lookup_names import name_variants, near_names, near_span
from client.lookup_units import (
    CJK_RANGES,
    Unit,
    asked_registry,
    begun_by,
    is_cjk,
    is_strong,
    name_units,
    query_units,
    rarity,
    summary_units,
    unit_words,
    weighted_share,
)
from client.model import CatalogEntry, Provenance
from schemas.library_keys import REGISTRY_WORDS, fold, registry_key, same_name
from schemas.lookup_table import (
    NAME_FIELD,
    SUMMARY_FIELD,
    TABLE_FORMAT,
    decode_rows,
    table_problems,
    table_row_problems,
)
from schemas.text import TOKENIZER

# Near-miss candidates for a not-found hint: keys sharing the query's first two characters.
_NEAR_CANDIDATES = 2000
_LAST_CHAR = "\U0010ffff"
_MAPPED_BYTES = 1 << 30
_FIELDS = "id, name, summary, aliases, packages, popularity, homepage, versions, record"


def _lowest(rows: int, count: int) -> list[int]:
    """The ``count`` lowest rows of a bitmap."""
    found: list[int] = []
    while rows and len(found) < count:
        lowest = rows & -rows
        found.append(lowest.bit_length() - 1)
        rows ^= lowest
    return found


def _levels(unit_rows: Sequence[int]) -> list[int]:
    """The rows meeting all of the units, then all but one, ... then one."""
    total = len(unit_rows)
    at_least = [-1] + [0] * total  # -1: every row
    for rows in unit_rows:
        for hits in range(total, 0, -1):
            at_least[hits] |= at_least[hits - 1] & rows
    at_least.append(0)
    return [at_least[hits] & ~at_least[hits + 1] for hits in range(total, 0, -1)]


def _weighted_levels(unit_rows: Sequence[int], weights: Sequence[float]) -> list[int]:
    """The rows meeting some unit, by the weighted share of the units they meet, highest
    first (client.lookup_units.weighted_share), rows of an equal share together. The rows are
    split unit by unit into the sets meeting the same units: never more sets than rows."""
    parts: list[tuple[int, tuple[int, ...]]] = [(functools.reduce(operator.or_, unit_rows, 0), ())]
    for unit, rows in enumerate(unit_rows):
        split = []
        for held, met in parts:
            if held & rows:
                split.append((held & rows, (*met, unit)))
            if held & ~rows:
                split.append((held & ~rows, met))
        parts = split
    levels: dict[float, int] = {}
    for held, met in parts:
        if met:
            share = weighted_share(weights, met)
            levels[share] = levels.get(share, 0) | held
    return [levels[share] for share in sorted(levels, reverse=True)]


class LookupTable:
    """A read-only lookup table file; safe to share between threads (one lock per query)."""

    def __init__(self, path: Path, provenance: Provenance, *, check_rows: bool = True) -> None:
        """Open and check the table: its schema always (views, triggers or other tables would
        run the site's SQL in every lookup), every row's values with ``check_rows`` (a pass
        over the whole table: once per file, see client.lookup_site). ClientError when it is
        not a sound lookup table."""
        self.provenance = provenance
        try:
            self._conn = sqlite3.connect(
                f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise ClientError(f"the lookup table {path} cannot be read: {exc}") from exc
        try:
            self._conn.execute("PRAGMA trusted_schema = OFF")
            # Mapped, the pages a query touches are read without a copy per read.
            self._conn.execute(f"PRAGMA mmap_size = {_MAPPED_BYTES}")
            problems = table_problems(self._conn)
            meta = {} if problems else dict(self._conn.execute("SELECT key, value FROM meta"))
        except sqlite3.Error as exc:
            self._conn.close()
            raise ClientError(f"the lookup table {path} cannot be read: {exc}") from exc
        if problems:
            self._conn.close()
            raise ClientError(f"the lookup table {path} is invalid: {'; '.join(problems[:3])}")
        # From meta: counting the rows would read every page of the table.
        counted = str(meta.get("libraries", ""))
        if (
            meta.get("format") != TABLE_FORMAT
            or meta.get("tokenizer") != TOKENIZER
            or not (counted.isascii() and counted.isdigit())
        ):
            self._conn.close()
            raise ClientError(
                f"the lookup table {path} is in a format this docclient cannot read "
                f"({meta.get('format')}, {meta.get('tokenizer')}); upgrade docclient"
            )
        self.libraries = int(counted)
        if check_rows:
            try:
                problems = table_row_problems(self._conn, self.libraries)
            except sqlite3.Error as exc:
                problems = [str(exc)]
            if problems:
                self._conn.close()
                raise ClientError(f"the lookup table {path} is invalid: {problems[0]}")
        self._has_chinese: bool | None = None  # read on the first query
        self._lock = threading.Lock()

    def close(self) -> None:
        self._conn.close()

    def _rows(self, sql: str, parameters: Sequence[object]) -> list[Any]:
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

    def entries(self, limit: int = -1) -> list[CatalogEntry]:
        """The libraries' catalog fields (without shards) in id order, the first ``limit`` of
        them (SQLite's -1: all): for a listing."""
        sql = f"SELECT {_FIELDS} FROM libraries ORDER BY id LIMIT ?"
        return [self._entry(row) for row in self._rows(sql, [limit])]

    def has(self, library_id: str) -> bool:
        return bool(self._rows("SELECT 1 FROM libraries WHERE id = ?", [library_id]))

    def entry(self, library_id: str) -> tuple[CatalogEntry, str] | None:
        """A library's catalog fields (without shards) and its record's sha256, by id."""
        rows = self._rows(f"SELECT {_FIELDS} FROM libraries WHERE id = ?", [library_id])
        return (self._entry(rows[0]), str(rows[0][-1])) if rows else None

    def named(self, text: str) -> list[str]:
        """Ids of the libraries one of whose aliases or registry names is ``text``."""
        sql = (
            f"SELECT {_FIELDS} FROM libraries WHERE row IN "
            "(SELECT row FROM keys WHERE key = ? AND named = 0) ORDER BY id"
        )
        return [
            entry.id
            for entry in map(self._entry, self._rows(sql, [registry_key(fold(text))]))
            if any(same_name(name, text) for name in (*entry.aliases, *entry.packages))
        ]

    def search(self, query: str, limit: int = 5) -> LookupResult:
        """What ``LibraryIndex.search`` answers over the whole catalog, for ``query``."""
        key = query_key(query, limit)
        with self._lock:
            try:
                tiers, weights = self._tiers(key)
            except sqlite3.Error as exc:
                raise ClientError(f"the lookup table cannot be read: {exc}") from exc
            except ValueError as exc:  # a set of rows decode_rows refuses
                raise ClientError(f"the lookup table is invalid: {exc}") from exc
        reached, best = 0, []
        for rows in tiers:  # best tier first: a library counts in the best tier it reaches
            fresh = rows & ~reached
            reached |= rows
            best += _lowest(fresh, limit)
        if not best:
            return LookupResult((), 0)
        marks = ", ".join("?" * len(best))
        found = self._rows(f"SELECT {_FIELDS} FROM libraries WHERE row IN ({marks})", best)
        candidates = [self._entry(row) for row in found]
        index = LibraryIndex(candidates, self._chinese_summaries())
        hits = index.search(query, limit, summary_weights=weights).hits
        return LookupResult(hits, reached.bit_count())

    def _tiers(self, key: str) -> tuple[list[int], list[float]]:
        """The rows of each tier as bitmaps, best first: exact names, exact aliases and
        registry names, their prefixes (and the names the query's variants are or begin),
        then name words by how many they hold, names a typo is near, summary words by the
        weighted share they hold; and the summary units' weights (their rarity here)."""
        exact, prefix = self._named_rows(key)
        variants = 0
        for variant in name_variants(key):
            exactly, begun = self._named_rows(variant)
            variants |= exactly[0] | exactly[1] | begun[0] | begun[1]
        tiers = [exact[1], exact[0], prefix[1], prefix[0] | variants]
        units = query_units(key, self._chinese_summaries())
        asked = asked_registry(units)
        kept = ~self._elsewhere(asked) if asked else -1  # all rows
        named = name_units(units)
        named_rows = self._unit_rows([unit for _, unit in named], NAME_FIELD)
        levels = _levels(named_rows)  # all of the units, then all but one, ... then one
        total = len(named)
        strong = [rows for hits, rows in zip(range(total, 0, -1), levels, strict=True)
                  if is_strong(hits, total)]  # fmt: skip
        weak = functools.reduce(operator.or_, levels[len(strong) :], 0)
        tiers += [rows & kept for rows in strong]
        # A name, a name's prefix or a variant of one is no typo.
        known = exact[0] | exact[1] | prefix[0] | prefix[1] | variants
        tiers.append(0 if known else self._near_rows(key))
        summary = begun_by(summary_units(units), self._summary_words_after)
        unit_rows = self._unit_rows(summary, SUMMARY_FIELD)
        weights = [rarity(self.libraries, rows.bit_count()) for rows in unit_rows]
        # A name meeting too few of the words counts them as the summary's.
        for (position, _), rows in zip(named, named_rows, strict=True):
            unit_rows[position] |= rows & weak
        tiers += [rows & kept for rows in _weighted_levels(unit_rows, weights)]
        return tiers, weights

    def _summary_words_after(self, word: str) -> list[str]:
        """The summary words that begin with ``word`` and are longer, in order."""
        rows = self._conn.execute(
            "SELECT word FROM words WHERE field = ? AND word > ? AND word < ? ORDER BY word",
            [SUMMARY_FIELD, word, word + _LAST_CHAR],
        )
        return [str(found) for (found,) in rows]

    def _elsewhere(self, asked: str) -> int:
        """The rows of the libraries published only outside ``asked``'s ecosystem, on
        another registry REGISTRY_WORDS knows (client.lookup_units.elsewhere)."""
        on = {}
        for registry in REGISTRY_WORDS:
            exact, prefix = self._named_rows(f"{registry}:")
            on[registry] = exact[0] | prefix[0]
        others = functools.reduce(operator.or_, (on[r] for r in on if r != asked), 0)
        return others & ~on[asked]

    def _named_rows(self, key: str) -> tuple[list[int], list[int]]:
        """The rows whose names are ``key`` and the rows whose names start with it (but are
        not it), each [aliases and registry names, ids and names], as bitmaps."""
        exact = [0, 0]  # by named: aliases and registry names, then ids and names
        for named, row in self._conn.execute("SELECT named, row FROM keys WHERE key = ?", [key]):
            exact[named] |= 1 << row
        prefix = [0, 0]
        stored = self._conn.execute(
            "SELECT named, dense, rows FROM prefixes WHERE prefix = ?", [key]
        ).fetchall()
        for named, dense, blob in stored:
            prefix[named] = decode_rows(dense, blob, self.libraries)
        if not stored:  # few keys start with it: read them
            for named, row in self._conn.execute(
                "SELECT named, row FROM keys WHERE key > ? AND key < ?", [key, key + _LAST_CHAR]
            ):
                prefix[named] |= 1 << row
        return exact, prefix

    def _near_rows(self, key: str) -> int:
        """The rows with a name a one-word typo ``key`` is near (client.lookup_names)."""
        span = near_span(key)
        if span is None:
            return 0
        start, shortest, longest = span
        keys: dict[str, int] = {}
        for name, row in self._conn.execute(
            "SELECT key, row FROM keys WHERE key >= ? AND key < ? AND length(key) BETWEEN ? AND ?",
            [start, start + _LAST_CHAR, shortest, longest],
        ):
            keys[name] = keys.get(name, 0) | 1 << row
        return functools.reduce(operator.or_, (keys[n] for n in near_names(key, keys)), 0)

    def _chinese_summaries(self) -> bool:
        """Whether some summary has a Chinese (CJK) word, as LibraryIndex tells it: the first
        summary word in each CJK range (words at or after U+3040 may be others, bopomofo's)."""
        if self._has_chinese is None:
            self._has_chinese = any(
                found is not None and is_cjk(found[0])
                for found in (
                    self._conn.execute(
                        "SELECT word FROM words WHERE field = ? AND word BETWEEN ? AND ? LIMIT 1",
                        [SUMMARY_FIELD, low, high],
                    ).fetchone()
                    for low, high in CJK_RANGES
                )
            )
        return self._has_chinese

    def _unit_rows(self, units: list[Unit], field: int) -> list[int]:
        """The rows meeting each unit (one of its ways) in ``field``, as bitmaps."""
        holding = {word: self._word_rows(word, field) for word in unit_words(units)}
        found = []
        for unit in units:
            rows = 0
            for way in unit:
                rows |= functools.reduce(operator.and_, (holding[word] for word in way))
            found.append(rows)
        return found

    def _word_rows(self, word: str, field: int) -> int:
        """The rows whose ``field`` holds ``word``, as a bitmap."""
        found = self._conn.execute(
            "SELECT dense, rows FROM words WHERE word = ? AND field = ?", [word, field]
        ).fetchone()
        return decode_rows(found[0], found[1], self.libraries) if found else 0

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
