"""Body packs of a doctrove-shard@2: the section bodies of one page, fetched only when answered.

A search shard (``search_shard.sql``) holds everything ranking reads; the bodies a client shows
live beside it in packs, one per page (a run of sections with the same source, split past
``MAX_PACK_CHARS``), so a first answer fetches the search shard and the few packs of the
sections it shows (Pagefind's index and fragment split). A pack is a gzip-compressed JSON array
of ``[section id, body]`` pairs, written with mtime 0 so the same bodies give the same bytes, and
published as ``shards/<id>/bodies/<sha256>.json.gz``: named by its content, so versions that
share a page's text share its pack.
"""

from __future__ import annotations

import gzip
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

import orjson

from schemas.shards import MAX_SECTION_CHARS

PACKS_FOLDER = "bodies"
PACK_SUFFIX = ".json.gz"
# A page longer than this is cut into several packs, so one answer never fetches a huge page.
MAX_PACK_CHARS = 60_000
# What a pack may decompress to: its characters as UTF-8 (at most 4 bytes each) plus the JSON.
MAX_PACK_BYTES = 4 * (MAX_PACK_CHARS + MAX_SECTION_CHARS) + (1 << 16)
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


class PackError(ValueError):
    """A pack that does not hold what its search shard says it holds."""


@dataclass(frozen=True)
class Pack:
    """One body pack: its sections' ids in order and their bodies."""

    ids: tuple[int, ...]
    bodies: tuple[str, ...]


def group_packs(sections: Sequence[tuple[int, str | None, str]]) -> list[Pack]:
    """Packs for (id, source, body) in section order: one per run of a source, cut when the
    next body would take the pack past MAX_PACK_CHARS."""
    packs: list[Pack] = []
    ids: list[int] = []
    bodies: list[str] = []
    current: str | None = None
    size = 0
    for section_id, source, body in sections:
        if ids and (source != current or size + len(body) > MAX_PACK_CHARS):
            packs.append(Pack(tuple(ids), tuple(bodies)))
            ids, bodies, size = [], [], 0
        ids.append(section_id)
        bodies.append(body)
        current, size = source, size + len(body)
    if ids:
        packs.append(Pack(tuple(ids), tuple(bodies)))
    return packs


def encode_pack(pack: Pack) -> bytes:
    """The published bytes of a pack (the same pack gives the same bytes)."""
    data = orjson.dumps([[i, body] for i, body in zip(pack.ids, pack.bodies, strict=True)])
    return gzip.compress(data, compresslevel=6, mtime=0)


def decode_pack(data: bytes, lengths: dict[int, int]) -> dict[int, str]:
    """The bodies of a pack's published bytes, checked against the ids and body lengths the
    search shard gives for it; PackError when they differ or the bytes do not decode."""
    try:
        unpacked = zlib.decompressobj(wbits=31)
        text = unpacked.decompress(data, MAX_PACK_BYTES)
        if unpacked.unconsumed_tail or not unpacked.eof:
            raise PackError("it is not one gzip member within the size limit")
        pairs = orjson.loads(text)
    except (zlib.error, orjson.JSONDecodeError) as exc:
        raise PackError(f"it does not decode: {exc}") from exc
    if not isinstance(pairs, list) or not all(_is_pair(p) for p in pairs):
        raise PackError("it is not a list of [section id, body] pairs")
    bodies = {int(p[0]): str(p[1]) for p in pairs}
    found = {i: len(body) for i, body in bodies.items()}
    if found != lengths or len(bodies) != len(pairs):
        raise PackError("its sections or their lengths are not the ones the search shard lists")
    return bodies


def _is_pair(pair: object) -> bool:
    return (
        isinstance(pair, list)
        and len(pair) == 2
        and type(pair[0]) is int
        and isinstance(pair[1], str)
    )


def pack_path(library_id: str, sha256: str) -> str:
    """Where a pack is published, relative to the site root; ValueError for a bad hash."""
    if not _SHA256.match(sha256):
        raise ValueError(f"{sha256!r} is not a sha256")
    return f"shards/{quote(library_id, safe='')}/{PACKS_FOLDER}/{sha256}{PACK_SUFFIX}"
