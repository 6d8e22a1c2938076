"""A version's shard pages, made once per source file and kept in the build cache.

Tokenizing (``schemas.text.index_text``) is the costly part of a shard, and decoding every
record again to make its rows and packs cost a rebuild of a 500-page version a third of a
second more. Each page's tables (``schemas.shard_build.PageTables``: its sections' columns, their
search tokens and its compressed body packs) are kept per source file, keyed by that page's
records, so an edit to one page of a 500-page version makes that page's tables again and takes
the rest as they were kept, its records not decoded. The sections' bodies are not kept a second
time (the parse entry has them): a section's columns hold its body's length, and its body is in
the page's compressed packs. Tables of one source depend only on that source's records (anchors
are made unique per page, packs never span pages), so tables made file by file are the ones the
whole version gives, and the shard's bytes are the same. The database's gzip pieces
(builder.shard_gzip) are kept by the sha256 of their bytes and of the primer before them, so only
the pieces holding changed database pages (or just after them) are compressed again.
"""

from __future__ import annotations

import functools
import hashlib
import os
import zlib
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any

import msgspec
import orjson

from builder.cache import BuildCache, cache_key
from builder.cache_objects import is_object_name
from builder.kept_index import PageLayout
from builder.model import record_sources, records_digest
from builder.shard_gzip import compress_piece
from builder.workers import in_order
from schemas.body_packs import MAX_PACK_CHARS
from schemas.column_encoding import HeadingCodes, heading_codes
from schemas.shard_build import (
    PageTables,
    PlacedPage,
    SearchTokens,
    page_tables,
    shard_rows,
    source_positions,
)
from schemas.text import TOKENIZER

# Raised whenever what a page's entry holds, or how its packs are made, changes.
PAGE_TABLES_FORMAT = "shard-page@2"
_PAGE_TABLES = msgspec.msgpack.Decoder(PageTables)
_ENCODE_PAGE_TABLES = msgspec.msgpack.Encoder()
_HEADING_CODES = msgspec.json.Decoder(HeadingCodes)


class ShardParts:
    """The pages and database pieces of one version's shard, from ``cache`` where it has them;
    ``keys`` names every entry used, so a build that reuses the whole shard can keep them too
    (else the cache's sweep drops them and the next edit tokenizes every page again).

    ``placed_key`` names the version's list of the files its last shard placed (body packs and
    index chunks, ``place``), each by its object's sha256 with the object's size and
    modification time: "" keeps no list."""

    def __init__(self, cache: BuildCache, placed_key: str = "", jobs: int = 1) -> None:
        self._cache = cache
        self._jobs = jobs  # processes that make the pages' tables
        self.keys: list[str] = []
        self._unkept: dict[int, str] = {}  # a page's key by its first position, until kept
        self._placed_key = placed_key
        self._listed: dict[str, list[int]] | None = None  # read when a file is first placed
        self._placed: dict[str, list[int]] = {}
        self._table_keys: dict[int, str] = {}  # a page's tables key by its first position

    def layout(self, records: Sequence[dict[str, Any]]) -> list[PageLayout]:
        """Each page of ``records`` as the search index holds it, with its tables' key (none
        when nothing is kept: there is no key to make)."""
        if self._cache.root is None:
            return []
        pages = []
        for positions in source_positions(record_sources(records)):
            if positions[-1] - positions[0] + 1 != len(positions):
                return []  # a page's sections apart: ids an index update cannot take as a range
            key = self._table_key(records, positions)
            self._table_keys[positions[0]] = key
            pages.append(PageLayout(positions[0] + 1, len(positions), key))
        return pages

    def tables_at(self, records: Sequence[dict[str, Any]], page: PageLayout) -> PageTables:
        """The tables of the page ``layout`` gave as ``page``: kept, or made and kept."""
        positions = list(range(page.first - 1, page.first - 1 + page.sections))
        kept = self._kept(records, positions)
        if kept is not None:
            return kept
        made = _made_tables(records, positions)
        self._keep(positions, made)
        return made

    def keep_unchanged(self, pages: Sequence[PageLayout]) -> None:
        """Keep the tables of ``pages`` in the cache without reading them: an index update
        took them from the kept database (builder.kept_index)."""
        keys = [page.tables_key for page in pages]
        self.keys.extend(keys)
        self._cache.used.update(keys)

    def old_search(self, tables_key: str) -> tuple[SearchTokens, ...] | None:
        """The search tokens of the page tables kept under ``tables_key``, if still kept. The
        entry is not marked used for it: this build's pages no longer have it, and the sweep
        drops it as it did before."""
        was_used = tables_key in self._cache.used
        kept = self._cache.load_bytes(tables_key)
        if not was_used:
            self._cache.used.discard(tables_key)
        if kept is None:
            return None
        try:
            return _PAGE_TABLES.decode(kept).search
        except msgspec.DecodeError:
            return None

    def place(self, target: Path, sha256: str, data: bytes) -> None:
        """``ObjectStore.place``, but an object the list names is linked without being read
        when its size and modification time are as listed (``ObjectStore.verified``, as a
        kept folder's files are): comparing each of a shard's 800 objects with its bytes
        cost a rebuild a twentieth of a second."""
        if self.link_kept(target, sha256, len(data)):
            return
        objects = self._cache.objects
        objects.place(target, sha256, data)
        if objects.root is not None:
            # A link to the object (a copy's time is its own: it is read next time instead).
            found = os.lstat(target)
            self._placed[sha256] = [found.st_size, found.st_mtime_ns]

    def link_kept(self, target: Path, sha256: str, size: int | None = None) -> bool:
        """Link the object ``sha256`` to ``target`` when the list names it (with ``size``, if
        given) and it is as listed; False when it is not that. Without ``size`` (a body pack
        an index update keeps, whose bytes the caller has not) an object the list does not
        name is hashed instead: a build that failed after keeping its index placed packs
        that no list names."""
        objects = self._cache.objects
        if objects.root is None:
            return False
        if self._listed is None:
            kept = self._cache.load(self._placed_key) if self._placed_key else None
            self._listed = _placed_list(kept)
        listed = self._listed.get(sha256)
        if size is not None and (listed is None or listed[0] != size):
            return False
        if not objects.verified(sha256, *(listed or ())):
            return False
        try:
            objects.link(sha256, target)
        except FileNotFoundError:  # swept by another build sharing the cache
            return False
        objects.mark_used([sha256])
        if listed is None:  # hashed: listed from now on by the link's size and time
            found = os.lstat(target)
            listed = [found.st_size, found.st_mtime_ns]
        self._placed[sha256] = listed
        return True

    def keep_placed(self) -> list[str]:
        """Keep the list of the files this build placed, when it is not the one kept; its
        key, in a list (none when there is no list to keep)."""
        if not self._placed_key:
            return []
        if self._placed != self._listed:
            self._cache.store(self._placed_key, self._placed)
        return [self._placed_key]

    def pages(self, records: Sequence[dict[str, Any]]) -> Generator[PlacedPage, None, None]:
        """``placed_pages(page_rows(records))``, each page's tables taken from the cache when
        its records are unchanged, else made (by workers, in order: builder.workers); a few
        pages' records and tables are held at a time."""
        groups = list(source_positions(record_sources(records)))
        made = functools.partial(_made_tables, records)
        if self._cache.root is None:  # nothing is kept: no key to make
            tables = in_order(groups, made, self._jobs)
        else:
            tables = in_order(
                groups,
                made,
                self._jobs,
                known=functools.partial(self._kept, records),
                done=self._keep,
            )
        for positions, page in zip(groups, tables, strict=True):
            yield [p + 1 for p in positions], page

    def _table_key(self, records: Sequence[dict[str, Any]], positions: list[int]) -> str:
        # Hashed first: the records' JSON as a string in the key would be escaped and
        # serialized again, for every page of the version.
        digest = records_digest(records, positions)
        return cache_key(
            PAGE_TABLES_FORMAT,
            TOKENIZER,
            MAX_PACK_CHARS,
            zlib.ZLIB_RUNTIME_VERSION,  # another zlib may compress the packs otherwise
            digest,
        )

    def _kept(self, records: Sequence[dict[str, Any]], positions: list[int]) -> PageTables | None:
        key = self._table_keys.get(positions[0]) or self._table_key(records, positions)
        self.keys.append(key)
        kept = _page_tables(self._cache.load_bytes(key), len(positions))
        if kept is None:
            self._unkept[positions[0]] = key
        return kept

    def _keep(self, positions: list[int], made: PageTables) -> None:
        self._cache.store_bytes(self._unkept.pop(positions[0]), _ENCODE_PAGE_TABLES.encode(made))

    def heading_codes(
        self, headings: list[str], paths: list[str], anchors: list[str]
    ) -> HeadingCodes:
        """``schemas.column_encoding.heading_codes``, taken from the cache when an earlier
        build made them from the same headings, paths and anchors (a one-page edit that leaves
        its headings as they were: the Python 3.11 docs' head then encodes in 0.03 s, not
        0.09 s)."""
        if self._cache.root is None:  # nothing is kept: the headings are not hashed for a key
            return heading_codes(headings, paths, anchors)
        try:
            made_from = orjson.dumps([headings, paths, anchors])
        except orjson.JSONEncodeError:  # text no JSON holds (a lone surrogate): not kept
            return heading_codes(headings, paths, anchors)
        key = cache_key("heading-codes", hashlib.sha256(made_from).hexdigest())
        self.keys.append(key)
        kept = _heading_codes(self._cache.load_bytes(key), len(headings))
        if kept is not None:
            return kept
        made = heading_codes(headings, paths, anchors)
        self._cache.store_bytes(key, orjson.dumps(made))
        return made

    def compress(self, piece: bytes, last: bool, level: int, primer: bytes) -> bytes:
        """``compress_piece``, taking a piece's deflate from the cache when it made it before
        from the same bytes and primer. The zlib in use is part of the key: another zlib may
        deflate the same bytes otherwise, and a rebuild must give a cold build's bytes."""
        if self._cache.root is None:  # nothing is kept: the piece is not hashed for a key
            return compress_piece(piece, last, level, primer)
        key = cache_key(
            "shard-piece",
            zlib.ZLIB_RUNTIME_VERSION,
            level,
            last,
            hashlib.sha256(primer).hexdigest(),
            hashlib.sha256(piece).hexdigest(),
        )
        self.keys.append(key)
        kept = self._cache.load_bytes(key)
        if kept is not None:
            return kept
        data = compress_piece(piece, last, level, primer)
        self._cache.store_bytes(key, data)
        return data


def _placed_list(loaded: Any) -> dict[str, list[int]]:
    """A version's list of placed files as ``ShardParts.keep_placed`` wrote it; empty when it
    is not that."""
    if not isinstance(loaded, dict):
        return {}
    for sha256, listed in loaded.items():
        if not (
            is_object_name(sha256)
            and isinstance(listed, list)
            and len(listed) == 2
            and all(type(n) is int for n in listed)
        ):
            return {}
    return loaded


def _made_tables(records: Sequence[dict[str, Any]], positions: list[int]) -> PageTables:
    """The tables of the page whose records are at ``positions``: tokenized, packed."""
    return page_tables(list(shard_rows(records[p] for p in positions)))


def _heading_codes(kept: bytes | None, count: int) -> HeadingCodes | None:
    """The heading codes kept for ``count`` sections, or None when they are not that."""
    if kept is None:
        return None
    try:
        codes = _HEADING_CODES.decode(kept)
    except msgspec.DecodeError:
        return None
    columns = (codes.heading, codes.heading_shared, codes.heading_path, codes.anchor)
    return codes if all(len(column) == count for column in columns) else None


def _page_tables(kept: bytes | None, count: int) -> PageTables | None:
    """A cache entry's page tables, or None if it is not that for ``count`` sections (msgspec
    checks every column's type while decoding, at a fraction of a loop's cost)."""
    if kept is None:
        return None
    try:
        tables = _PAGE_TABLES.decode(kept)
    except msgspec.DecodeError:
        return None
    sections = tables.sections
    if len(sections) != count or len(tables.search) != count:
        return None
    packs = len(tables.packs)
    if any(not 0 <= columns[-1] < packs for columns in sections):
        return None
    return tables
