"""Body packs of a doctrove-shard@2: the section bodies of one page, fetched only when answered.

A search shard (``search_shard.sql``) holds everything ranking reads; the bodies a client shows
live beside it in packs, one per page (the sections of one source in order, split past
``MAX_PACK_CHARS``), so a first answer fetches the search shard and the few packs of the
sections it shows (Pagefind's index and fragment split). A pack is a gzip-compressed JSON array
of its sections' bodies, in section order (the search shard says which sections a pack holds),
written with mtime 0 so the same bodies give the same bytes, and published as
``shards/<id>/bodies/<sha256>.json.gz`` (in a doctrove-shard@6 head, the sha256's first 32 hex
digits: schemas.shards.content_name): named by its content alone, so a page that did not
change keeps its pack from build to build and from version to version, and a client that has
it fetches it no more.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

import orjson

from schemas.digests import checked_name, is_content_name
from schemas.gzip_member import gzip_member
from schemas.shards import MAX_SECTION_CHARS, name_digits, read_shard_meta

PACKS_FOLDER = "bodies"
PACK_SUFFIX = ".json.gz"
# A page longer than this is cut into several packs, so one answer never fetches a huge page.
MAX_PACK_CHARS = 60_000
# What a pack may decompress to: its characters as UTF-8 (at most 4 bytes each) plus the JSON.
MAX_PACK_BYTES = 4 * (MAX_PACK_CHARS + MAX_SECTION_CHARS) + (1 << 16)


class PackError(ValueError):
    """A pack that does not hold what its search shard says it holds."""


@dataclass(frozen=True)
class Pack:
    """One body pack: its sections' ids in order and their bodies."""

    ids: tuple[int, ...]
    bodies: tuple[str, ...]


def page_packs(page: Sequence[tuple[int, str]]) -> list[Pack]:
    """The packs of one page's (section id, body) in section order: cut when the next body
    would take a pack past MAX_PACK_CHARS. A pack depends on its own page's bodies only."""
    packs: list[Pack] = []
    ids: list[int] = []
    bodies: list[str] = []
    size = 0
    for section_id, body in page:
        if ids and size + len(body) > MAX_PACK_CHARS:
            packs.append(Pack(tuple(ids), tuple(bodies)))
            ids, bodies, size = [], [], 0
        ids.append(section_id)
        bodies.append(body)
        size += len(body)
    if ids:
        packs.append(Pack(tuple(ids), tuple(bodies)))
    return packs


def pack_text(bodies: Sequence[str]) -> bytes:
    """The JSON of a pack before compression (what a builder's cache keys packs by)."""
    return orjson.dumps(list(bodies))


# Level 5, as the shard's index chunks (builder.shard_gzip): the Python 3.11 docs' packs are
# 17,838 bytes larger than at level 6 (3,124,993 against 3,107,155: +0.6%, +0.04% of the
# site), deflated in less time.
PACK_GZIP_LEVEL = 5


def encode_pack(text: bytes) -> bytes:
    """The published bytes of a pack from its JSON (the same JSON gives the same bytes)."""
    return gzip_member(text, PACK_GZIP_LEVEL)


def decode_pack(data: bytes, lengths: Sequence[tuple[int, int]]) -> dict[int, str]:
    """The bodies of a pack's published bytes by section id, checked against the (id, body
    length) pairs, in id order, that the search shard gives for it; PackError when they differ
    or the bytes do not decode."""
    try:
        unpacked = zlib.decompressobj(wbits=31)
        text = unpacked.decompress(data, MAX_PACK_BYTES)
        if unpacked.unconsumed_tail or not unpacked.eof:
            raise PackError("it is not one gzip member within the size limit")
        bodies = orjson.loads(text)
    except (zlib.error, orjson.JSONDecodeError) as exc:
        raise PackError(f"it does not decode: {exc}") from exc
    if not isinstance(bodies, list) or not all(isinstance(body, str) for body in bodies):
        raise PackError("it is not a list of bodies")
    if [len(body) for body in bodies] != [length for _id, length in lengths]:
        raise PackError("its sections or their lengths are not the ones the search shard lists")
    return {section_id: body for (section_id, _length), body in zip(lengths, bodies, strict=True)}


def pack_path(library_id: str, name: str) -> str:
    """Where a pack is published, relative to the site root, by its content name
    (schemas.digests.CONTENT_NAME); ValueError for anything else."""
    return f"shards/{quote(library_id, safe='')}/{PACKS_FOLDER}/{checked_name(name)}{PACK_SUFFIX}"


def pack_table_problems(conn: sqlite3.Connection) -> list[str]:
    """What is wrong with a search shard's or head's packs table (the shard is trusted for its
    bytes, not yet for what they say): each row's name its sha256 in lowercase hex, as many
    digits as the format's name_digits (a doctrove-shard@6 head's 32, any other shard's 64),
    and its size a number of bytes a pack may take. Two pages with the same bodies make the
    same pack, so a name may be given more than once. Empty when it is sound; at most five."""
    digits = name_digits(read_shard_meta(conn).get("format", ""))
    problems: list[str] = []
    for pack, name, size in conn.execute("SELECT id, sha256, bytes FROM packs ORDER BY id"):
        if not is_content_name(name, digits):
            problems.append(
                f"pack {pack}: its sha256 {name!r} is not {digits} lowercase hex digits of a sha256"
            )
        elif type(size) is not int or not 0 < size <= MAX_PACK_BYTES:
            problems.append(f"pack {pack}: its size {size!r} is not 1 to {MAX_PACK_BYTES} bytes")
        if len(problems) >= 5:
            break
    return problems
