"""A version's last search database, kept in the build cache so the next edit updates it.

Indexing every section of a 500-page version again was two thirds of a one-page rebuild. The
cache keeps, per version, the whole search database the last build made (before its index was
cut into chunks) and the page tables it was made from (builder.cached_rows); the next build of
that version takes the changed pages' rows out of it and puts their new ones in
(schemas.shard_build.updated_search_database_bytes), which gives the bytes a cold build gives
(schemas.fts_segments). That holds while every section keeps its id, so a version whose pages
or their section counts changed is indexed from scratch, as is one whose kept database, or a
changed page's old tables, is missing.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec

from builder.cache import BuildCache, cache_key
from builder.shards import IndexUpdate
from schemas.shard_build import PageChange, PageTables, SearchTokens
from schemas.shards import SPLIT_FORMAT, shard_statements
from schemas.text import TOKENIZER

# Raised whenever what a kept index holds changes.
KEPT_INDEX_FORMAT = "kept-index@1"


class PageLayout(msgspec.Struct, frozen=True, array_like=True):
    """One page of a version as its search database holds it: its first section id, how many
    sections it has (their ids follow on), and the cache key of its tables."""

    first: int
    sections: int
    tables_key: str


class _KeptIndex(msgspec.Struct, frozen=True):
    """The entry: the pages, and the database as the object that holds it (its sha256, size
    and modification time: builder.cache_objects), read without hashing its 10 MB again."""

    pages: list[PageLayout]
    database: tuple[str, int, int]


_DECODE = msgspec.msgpack.Decoder(_KeptIndex)
_ENCODE = msgspec.msgpack.Encoder()


def kept_index_key(library_id: str, version: str) -> str:
    """One entry per version, whatever its content: the next build of it reads this one. The
    SQLite that wrote it and the tables' definition are part of the key: a database another
    one wrote is not one this build would write."""
    ddl = hashlib.sha256("\n".join(shard_statements(SPLIT_FORMAT)).encode()).hexdigest()
    return cache_key(KEPT_INDEX_FORMAT, sqlite3.sqlite_version, TOKENIZER, ddl, library_id, version)


def index_update(
    cache: BuildCache,
    key: str,
    pages: Sequence[PageLayout],
    old_search: Callable[[str], Sequence[SearchTokens] | None],
    tables_of: Callable[[PageLayout], PageTables],
    link: Callable[[Path, str], bool],
) -> IndexUpdate | None:
    """The database kept under ``key`` and what changed since, for ``pages``; None when it
    cannot be updated: nothing kept, other section ids, or a changed page whose old search
    tokens ``old_search`` (by tables key) no longer finds. ``tables_of`` gives a changed page's
    new tables; ``link`` links a kept body pack into the site (IndexUpdate)."""
    kept = _load(cache, key)
    if kept is None or len(kept[0]) != len(pages):
        return None
    kept_pages, database = kept
    changed: list[tuple[PageLayout, Sequence[SearchTokens]]] = []
    for before, now in zip(kept_pages, pages, strict=True):
        if (before.first, before.sections) != (now.first, now.sections):
            return None
        if before.tables_key != now.tables_key:
            search = old_search(before.tables_key)
            if search is None or len(search) != before.sections:
                return None
            changed.append((now, search))
    changes = [
        PageChange(range(page.first, page.first + page.sections), search, tables_of(page))
        for page, search in changed
    ]
    return IndexUpdate(database, changes, link)


def keep_index(cache: BuildCache, key: str, pages: Sequence[PageLayout], database: bytes) -> None:
    sha256 = hashlib.sha256(database).hexdigest()
    try:
        kept = cache.objects.store(sha256, database)
    except OSError as error:
        cache.not_written(error)
        return
    entry = _KeptIndex(list(pages), (sha256, kept.st_size, kept.st_mtime_ns))
    cache.store_bytes(key, _ENCODE.encode(entry))


def still_keep(cache: BuildCache, key: str) -> None:
    """Keep the index kept under ``key`` for the next build, unread (this one reused the
    version's whole shard), and the page tables it was made from: the next edit takes its
    changed pages' old rows from them. They may not be the reused shard's (a build that
    failed after keeping its index left one of other pages)."""
    kept = _entry(cache, key)
    if kept is not None:
        cache.objects.mark_used([kept.database[0]])
        cache.used.update(page.tables_key for page in kept.pages)


def _entry(cache: BuildCache, key: str) -> _KeptIndex | None:
    payload = cache.load_bytes(key)
    if payload is None:
        return None
    try:
        return _DECODE.decode(payload)
    except msgspec.DecodeError:
        return None


def _load(cache: BuildCache, key: str) -> tuple[list[PageLayout], bytes] | None:
    kept = _entry(cache, key)
    if kept is None:
        return None
    database = cache.objects.read(*kept.database)
    return None if database is None else (kept.pages, database)
