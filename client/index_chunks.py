"""The index chunks of a head (doctrove-shard@3 to @6), fetched for the tokens a query searches.

A head (``schemas/term_chunks.sql``) is a search shard whose FTS5 leaf pages are published in
chunks beside it. The client opens a head in memory (:class:`ChunkedConnection`); before a
query matches an expression, :func:`load_index_for` puts back the chunks its tokens need
(``schemas.term_chunks.chunks_for_tokens``), so FTS5 reads exactly the pages the whole shard
would have given it. Only the client's search runs MATCH queries, and it calls this first.

Trust: a chunk is used only when its size, its sha256 and the size it decompresses to are the
ones the head's chunks table lists (the head was checked against the catalog), and its rows
are pages of the head's segment within the chunk's pages. Chunks are kept in the cache's
derived folder under their names (client.disk_cache.listed_file_name), so a later question
fetches only the chunks it has not seen, an unchanged chunk is not fetched again after a
rebuild, and an offline client answers from what it has (``docclient sync`` fetches them all).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence

from client.disk_cache import DiskCache, listed_file_name
from client.errors import NetworkError
from client.parallel_fetch import fetch_each
from schemas.digests import names_content
from schemas.term_chunks import (
    ChunkError,
    ChunkRef,
    chunk_path,
    chunk_refs,
    chunks_for_tokens,
    decode_rows,
    expression_tokens,
    inflate_chunk,
    insert_rows,
)

# (path relative to the site root, size and sha256 of the bytes expected, the name a download
# is kept under in the cache's derived folder) -> the bytes the source holds there (the caller
# checks them too).
ChunkFetch = Callable[[str, int, str, str], bytes]
# Chunks fetched at the same time for one query (a question needs about 10 to 40).
PARALLEL_FETCHES = 8


class IndexChunks:
    """The chunks of one opened head: which are in its index, fetching and inserting the rest."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        library_id: str,
        segment: int,
        cache: DiskCache,
        fetch: ChunkFetch,
        site: str,
    ) -> None:
        """``site`` is the chunks' source (its URL or folder), which their names in the cache
        carry when they are short (listed_file_name)."""
        self._conn, self._library_id, self._segment = conn, library_id, segment
        self._site = site
        self._cache, self._fetch = cache, fetch
        self._loaded: set[int] = set()
        self._seen: set[str] = set()  # tokens whose chunks are in
        self._lock = threading.Lock()

    def load_for(self, expression: str) -> int:
        """Put into the index every chunk the tokens of ``expression`` need; how many were
        fetched from the site (the rest came from the cache). Raises NetworkError when one
        cannot be had or is not what the head lists."""
        with self._lock:
            tokens = expression_tokens(expression) - self._seen
            if not tokens:
                return 0
            needed = [
                ref
                for ref in chunks_for_tokens(self._conn, self._segment, tokens)
                if ref.id not in self._loaded
            ]
            fetched = self._insert(needed)
            self._seen |= tokens
            return fetched

    def fetch_all(self) -> int:
        """Have every chunk of the head on disk (docclient sync), each checked as a query's
        are; how many were fetched. The failure that caused the others is raised
        (client.parallel_fetch)."""
        with self._lock:
            missing = [ref for ref in chunk_refs(self._conn) if self._kept(ref) is None]
        fetch_each(self._download, missing, PARALLEL_FETCHES)
        return len(missing)

    def _insert(self, needed: Sequence[ChunkRef]) -> int:
        kept = {ref.id: self._kept(ref) for ref in needed}
        missing = [ref for ref in needed if kept[ref.id] is None]
        downloaded = fetch_each(self._download, missing, PARALLEL_FETCHES)
        found = {ref.id: rows for ref, rows in zip(missing, downloaded, strict=True)}
        found.update({number: rows for number, rows in kept.items() if rows is not None})
        rows = [row for ref in needed for row in found[ref.id]]
        if rows:
            # The head is opened query-only; only these rows are ever written to it.
            self._conn.execute("PRAGMA query_only = OFF")
            try:
                with self._conn:
                    insert_rows(self._conn, rows)
            finally:
                self._conn.execute("PRAGMA query_only = ON")
        self._loaded.update(ref.id for ref in needed)
        return len(missing)

    def _kept(self, ref: ChunkRef) -> list[tuple[int, bytes]] | None:
        """A chunk's rows from the cache, or None when it has no sound copy."""
        data = self._cache.read_derived(listed_file_name("chunk", ref.sha256, self._site))
        if data is None or len(data) != ref.bytes:
            return None
        if not names_content(ref.sha256, data):
            return None
        try:
            return self._rows(data, ref)
        except NetworkError:
            return None

    def _download(self, ref: ChunkRef) -> list[tuple[int, bytes]]:
        """Fetch a chunk, check it against the head and keep it on disk. Touches no connection,
        so it runs in worker threads."""
        path = chunk_path(self._library_id, ref.sha256)
        data = self._fetch(
            path, ref.bytes, ref.sha256, listed_file_name("chunk", ref.sha256, self._site)
        )
        if len(data) != ref.bytes or not names_content(ref.sha256, data):
            raise NetworkError(
                f"{path} is not the index chunk the search shard lists (size or sha256)",
                hints=[path],
            )
        rows = self._rows(data, ref)
        return rows

    def _rows(self, data: bytes, ref: ChunkRef) -> list[tuple[int, bytes]]:
        try:
            return decode_rows(inflate_chunk(data, ref), self._segment, ref)
        except ChunkError as exc:
            path = chunk_path(self._library_id, ref.sha256)
            raise NetworkError(f"{path} is invalid: {exc}", hints=[path]) from exc


class ChunkedConnection(sqlite3.Connection):
    """A connection to a head opened in memory; ``chunks`` fills its index on demand."""

    chunks: IndexChunks | None = None


def load_index_for(conn: sqlite3.Connection, expression: str) -> None:
    """Before ``expression`` is matched on ``conn``: the index pages its tokens need, when
    ``conn`` is a head's (any other shard holds its whole index)."""
    if isinstance(conn, ChunkedConnection) and conn.chunks is not None:
        conn.chunks.load_for(expression)
