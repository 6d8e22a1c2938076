"""A version's shard rows and body packs, made once per source file and kept in the build cache.

Tokenizing (``schemas.text.index_text``) is the costly part of a shard; assembling the database
from rows is not. Rows are cached per source file, keyed by that file's records, so an edit to
one page of a 500-page version tokenizes that page's sections again and reuses the rest. Rows
of one source depend only on that source's records (anchors are made unique per page), so rows
made file by file are the rows ``shard_rows`` makes for the whole version, and the shard's
bytes are the same. Body packs are kept by their JSON's sha256, so only the packs of changed
pages are compressed again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

import orjson

from builder.cache import BuildCache, cache_key
from schemas.body_packs import encode_pack
from schemas.shard_build import PageRows, ShardRow, page_positions, shard_rows
from schemas.text import TOKENIZER


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
        for positions in page_positions(records):
            page = [records[p] for p in positions]
            rows = self._file_rows(page)
            yield [(p + 1, row) for p, row in zip(positions, rows, strict=True)]

    def _file_rows(self, records: list[dict[str, Any]]) -> list[ShardRow]:
        key = cache_key("shard-rows", TOKENIZER, orjson.dumps(records).decode())
        self.keys.append(key)
        kept = self._cache.load(key)
        if isinstance(kept, list) and len(kept) == len(records):
            return [ShardRow(tuple(display), tuple(search)) for display, search in kept]
        made = list(shard_rows(records))
        self._cache.store(key, [[row.display, row.search] for row in made])
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
