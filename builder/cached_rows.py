"""A version's shard rows and body packs, made once per source file and kept in the build cache.

Tokenizing (``schemas.text.index_text``) is the costly part of a shard; assembling the database
from rows is not. The rows' search tokens are cached per source file, keyed by that file's
records, so an edit to one page of a 500-page version tokenizes that page's sections again and
reuses the rest; the display columns are made again from the records, which is cheap and keeps
each body out of the cache a second time. Rows of one source depend only on that source's
records (anchors are made unique per page), so rows made file by file are the rows
``shard_rows`` makes for the whole version, and the shard's bytes are the same. Body packs are
kept by their JSON's sha256, so only the packs of changed pages are compressed again, and the
database's gzip pieces (builder.shard_gzip) by their own bytes' sha256, so only the pieces
holding changed database pages are.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from builder.cache import BuildCache, cache_key
from builder.model import record_sources, records_json
from builder.shard_gzip import GZIP_LEVEL, compress_piece
from schemas.body_packs import encode_pack
from schemas.shard_build import PageRows, SearchTokens, ShardRow, shard_rows, source_positions
from schemas.text import TOKENIZER

_TOKENS = msgspec.json.Decoder(list[tuple[str, str, str, str]])


class ShardParts:
    """The rows and packs of one version's shard, from ``cache`` where it has them; ``keys``
    names every entry used, so a build that reuses the whole shard can keep them too (else
    the cache's sweep drops them and the next edit tokenizes every page again)."""

    def __init__(self, cache: BuildCache) -> None:
        self._cache = cache
        self.keys: list[str] = []

    def pages(self, records: Sequence[dict[str, Any]]) -> Iterator[PageRows]:
        """``page_rows(records)``, each page's rows taken from the cache when its records are
        unchanged; one page's records and rows are held at a time."""
        for positions in source_positions(record_sources(records)):
            page = [records[p] for p in positions]
            rows = self._file_rows(page, records_json(records, positions))
            yield [(p + 1, row) for p, row in zip(positions, rows, strict=True)]

    def _file_rows(self, records: list[dict[str, Any]], encoded: bytes) -> list[ShardRow]:
        # Only the tokens are kept: the display columns are the records' own text, cheap to
        # make again, and keeping them would write every body to the cache a second time.
        # Hashed first: the records' JSON as a string in the key would be escaped and
        # serialized again, for every page of the version.
        digest = hashlib.sha256(encoded).hexdigest()
        key = cache_key("shard-tokens", TOKENIZER, digest)
        self.keys.append(key)
        kept = _search_tokens(self._cache.load_bytes(key), len(records))
        if kept is not None:
            return list(shard_rows(records, kept))
        made = list(shard_rows(records))
        self._cache.store(key, [row.search for row in made])
        return made

    def encode(self, text: bytes) -> bytes:
        """``encode_pack``, taking a pack's bytes from the cache when it made them before."""
        key = cache_key("body-pack", hashlib.sha256(text).hexdigest())
        self.keys.append(key)
        kept = self._cache.load_bytes(key)
        if kept is not None:
            return kept
        data = encode_pack(text)
        self._cache.store_bytes(key, data)
        return data

    def compress(self, piece: bytes, last: bool) -> bytes:
        """``compress_piece``, taking a piece's deflate from the cache when it made it before.
        The zlib in use is part of the key: another zlib may deflate the same bytes otherwise,
        and a rebuild must give a cold build's bytes."""
        key = cache_key(
            "shard-piece",
            zlib.ZLIB_RUNTIME_VERSION,
            GZIP_LEVEL,
            last,
            hashlib.sha256(piece).hexdigest(),
        )
        self.keys.append(key)
        kept = self._cache.load_bytes(key)
        if kept is not None:
            return kept
        data = compress_piece(piece, last)
        self._cache.store_bytes(key, data)
        return data


def _search_tokens(kept: bytes | None, count: int) -> list[SearchTokens] | None:
    """A cache entry's tokens, one row of four columns per record, or None if it is not that
    (msgspec checks every row's shape while decoding, at a fraction of a loop's cost)."""
    if kept is None:
        return None
    try:
        rows = _TOKENS.decode(kept)
    except msgspec.DecodeError:
        return None
    return rows if len(rows) == count else None
