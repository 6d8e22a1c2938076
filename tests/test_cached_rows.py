"""builder.cached_rows: a shard's pages made once per source file, the same as for the whole."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import orjson
import pytest

from builder import cache_objects, cached_rows
from builder.cache import BuildCache
from builder.cached_rows import ShardParts, _placed_list
from builder.shards import write_shard
from builder.workers import can_fork
from schemas import shard_build
from schemas.column_encoding import HeadingCodes, heading_codes
from tests.cache_entries_support import kept_payloads, rewrite_entry

# Two pages whose sections interleave, a repeated anchor on one page, and sections of no page:
# the anchors made unique per page must come out as the whole version's rows have them.
RECORDS: list[dict[str, Any]] = [
    {"heading": "Intro", "body": "Read files.", "anchor": "intro", "source": "a.md"},
    {"heading": "Open", "body": "open() a file.", "anchor": "open", "source": "b.md"},
    {"heading": "Intro", "body": "Again.", "anchor": "intro", "source": "a.md"},
    {"heading": "Close", "body": "```\nf.close()\n```", "source": "b.md"},
    {"heading": "Loose", "body": "No page."},
    {"heading": "Loose", "body": "No page either."},
]


def counting_tokenizer(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = shard_build.index_text

    def index_text(text: str) -> str:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(shard_build, "index_text", index_text)
    return calls


def whole_version(records: list[dict[str, Any]]) -> list[shard_build.PlacedPage]:
    """The pages' ids and tables as made for the whole version at once, without a cache."""
    return list(shard_build.placed_pages(shard_build.page_rows(records)))


def test_pages_made_file_by_file_are_the_versions_pages(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    whole = whole_version(RECORDS)
    assert list(ShardParts(cache).pages(RECORDS)) == whole
    assert list(ShardParts(cache).pages(RECORDS)) == whole  # from the cache this time
    assert cache.hits == len(whole)
    anchors = {
        section_id: columns[4]
        for ids, tables in whole
        for section_id, columns in zip(ids, tables.sections, strict=True)
    }
    assert [anchors[n] for n in sorted(anchors)] == [
        "intro",
        "open",
        "intro-1",
        "close",
        "loose",
        "loose-1",
    ]


def test_an_edit_to_one_file_tokenizes_only_that_file_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = BuildCache(tmp_path / "cache")
    calls = counting_tokenizer(monkeypatch)
    list(ShardParts(cache).pages(RECORDS))
    # Heading, prose and code of each section, and the one heading path of each page's sections.
    assert len(calls) == 3 * len(RECORDS) + 3
    edited = [dict(r) for r in RECORDS]
    edited[1]["body"] = "open() a file, then read it."
    calls.clear()
    pages = list(ShardParts(cache).pages(edited))
    assert len(calls) == 3 * 2 + 1  # the two sections of b.md
    assert pages == whole_version(edited)


def test_a_kept_page_is_not_decoded_again(tmp_path: Path) -> None:
    # Its tables come from the cache whole: keyed on its records' JSON as the volume holds
    # it (``EncodedRecords``), none of its records is decoded.
    read: list[int] = []

    class Watched(list[dict[str, Any]]):
        def __getitem__(self, index: Any) -> Any:
            read.append(index)
            return super().__getitem__(index)

        def record_json(self, index: int) -> bytes:
            return orjson.dumps(super().__getitem__(index), option=orjson.OPT_SORT_KEYS)

        def sources(self) -> list[object]:
            return [record.get("source") for record in self]

    cache = BuildCache(tmp_path / "cache")
    list(ShardParts(cache).pages(RECORDS))
    watched = Watched(RECORDS)
    assert list(ShardParts(cache).pages(watched)) == whole_version(RECORDS)
    assert read == []


def test_a_shard_from_cached_pages_has_the_same_bytes(tmp_path: Path) -> None:
    plain = write_shard(tmp_path / "plain", "lib", "1.0", RECORDS)
    cache = BuildCache(tmp_path / "cache")
    for attempt in ("cold", "warm"):
        parts = ShardParts(cache)
        kept = write_shard(tmp_path / attempt, "lib", "1.0", (), parts.pages(RECORDS))
        assert kept == plain
        assert sorted(p.read_bytes() for p in (tmp_path / attempt).rglob("*.*")) == sorted(
            p.read_bytes() for p in (tmp_path / "plain").rglob("*.*")
        )


def test_the_cache_keeps_a_files_tokens_not_its_bodies_again(tmp_path: Path) -> None:
    # The parse entry has the bodies already; the page's entry has them compressed, in its pack.
    records = [{"heading": "Sockets", "body": "Connecting sockets quickly.", "source": "s.md"}]
    cache = BuildCache(tmp_path / "cache")
    list(ShardParts(cache).pages(records))
    (kept,) = kept_payloads(tmp_path / "cache").values()
    assert b"Connecting sockets quickly." not in kept
    assert b"connect" in kept  # the stemmed tokens


@pytest.mark.parametrize(
    "damage",
    [
        lambda payload: payload[:-3],  # cut short
        lambda payload: payload.replace(b"connect", b"CONNECT"),  # other tokens, checksum kept
        lambda payload: b"\x93\xa1a\xa1b\xa1c",  # not page tables
    ],
)
def test_a_damaged_page_entry_is_a_miss(tmp_path: Path, damage: Any) -> None:
    records = [{"heading": "Sockets", "body": "Connecting sockets quickly.", "source": "s.md"}]
    cache = BuildCache(tmp_path / "cache")
    list(ShardParts(cache).pages(records))
    (key,) = kept_payloads(tmp_path / "cache")
    payload = cache.load_bytes(key)
    assert payload is not None
    cache.store_bytes(key, damage(payload))
    pages = list(ShardParts(cache).pages(records))
    assert pages == whole_version(records) or b"CONNECT" in (cache.load_bytes(key) or b"")


def placed_with(parts: ShardParts, folder: Path, data: bytes) -> Path:
    target = folder / "pack.json.gz"
    folder.mkdir()
    parts.place(target, hashlib.sha256(data).hexdigest(), data)
    return target


def test_a_listed_object_is_linked_without_being_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = BuildCache(tmp_path / "cache")
    data = b"the bytes of a body pack"
    first = ShardParts(cache, "placed")
    placed_with(first, tmp_path / "first", data)
    assert first.keep_placed() == ["placed"]
    read: list[str] = []
    holds = cache_objects._holds

    def recording(path: str, expected: bytes) -> bool:
        read.append(path)
        return holds(path, expected)

    monkeypatch.setattr(cache_objects, "_holds", recording)
    target = placed_with(ShardParts(cache, "placed"), tmp_path / "second", data)
    assert read == []
    assert target.read_bytes() == data
    assert os.path.samefile(target, cache.objects.path(hashlib.sha256(data).hexdigest()))
    # Without the list, the object is compared with the bytes before it is linked.
    placed_with(ShardParts(cache), tmp_path / "third", data)
    assert len(read) == 1


def test_a_listed_object_that_changed_is_not_linked(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    data = b"the bytes of a body pack"
    first = ShardParts(cache, "placed")
    placed_with(first, tmp_path / "first", data)
    first.keep_placed()
    kept = Path(cache.objects.path(hashlib.sha256(data).hexdigest()))
    kept.write_bytes(data.upper())  # same size, other bytes, a later modification time
    target = placed_with(ShardParts(cache, "placed"), tmp_path / "second", data)
    assert target.read_bytes() == data


@pytest.mark.parametrize(
    "listed",
    [None, [], {"not a sha256": [1, 2]}, {"a" * 64: [1]}, {"a" * 64: [1, "2"]}, {"a" * 64: 3}],
)
def test_a_damaged_list_of_placed_files_lists_nothing(listed: Any) -> None:
    assert _placed_list(listed) == {}
    assert _placed_list({"a" * 64: [1, 2]}) == {"a" * 64: [1, 2]}


MANY_PAGES: list[dict[str, Any]] = [
    {"heading": f"Part {n}", "body": f"Section {n} of page {n % 40}.", "source": f"p{n % 40}.md"}
    for n in range(200)
]


@pytest.mark.skipif(not can_fork(), reason="workers are forked")
def test_pages_made_by_workers_are_the_versions_pages(tmp_path: Path) -> None:
    # 40 pages, enough for workers: the same tables, in the same order, kept the same way.
    whole = whole_version(MANY_PAGES)
    assert list(ShardParts(BuildCache(None), jobs=3).pages(MANY_PAGES)) == whole
    cache = BuildCache(tmp_path / "cache")
    assert list(ShardParts(cache, jobs=3).pages(MANY_PAGES)) == whole
    edited = [dict(r, body="Changed.") if r["source"] == "p7.md" else r for r in MANY_PAGES]
    hits = cache.hits
    assert list(ShardParts(cache, jobs=2).pages(edited)) == whole_version(edited)
    assert cache.hits - hits == 39  # every page but the edited one, from the cache


HEADINGS = ["Sockets", "Socket objects", "socket.socket.close", "Sockets"]
PATHS = ["", "Sockets", "Sockets > Socket objects", ""]
ANCHORS = ["sockets", "socket-objects", "socket.socket.close", "sockets-1"]


def test_heading_codes_are_made_once_for_the_same_headings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[list[str]] = []
    real = cached_rows.heading_codes

    def counted(headings: list[str], paths: list[str], anchors: list[str]) -> HeadingCodes:
        made.append(headings)
        return real(headings, paths, anchors)

    monkeypatch.setattr(cached_rows, "heading_codes", counted)
    cache = BuildCache(tmp_path / "cache")
    first = ShardParts(cache).heading_codes(HEADINGS, PATHS, ANCHORS)
    again = ShardParts(cache).heading_codes(HEADINGS, PATHS, ANCHORS)
    assert first == again == real(HEADINGS, PATHS, ANCHORS) and len(made) == 1
    # Its types too (an anchor's code may be a list, a path's an int): they are sent as JSON.
    assert [type(code) for code in again.anchor] == [type(code) for code in first.anchor]
    assert [type(code) for code in again.heading_path] == [
        type(code) for code in first.heading_path
    ]
    other_anchors = [*ANCHORS[:3], "sockets-again"]
    assert ShardParts(cache).heading_codes(HEADINGS, PATHS, other_anchors) == real(
        HEADINGS, PATHS, other_anchors
    )
    other_paths = [*PATHS[:3], "Sockets"]
    assert ShardParts(cache).heading_codes(HEADINGS, other_paths, ANCHORS) == real(
        HEADINGS, other_paths, ANCHORS
    )
    assert len(made) == 3


@pytest.mark.parametrize(
    "payload",
    [
        b'{"heading": ["Sockets"], "heading_shared": [0], "heading_path": [0], "anchor": [0]}',
        b"not json",
        b'{"heading": "Sockets"}',
    ],
)
def test_kept_heading_codes_of_another_shape_are_made_again(tmp_path: Path, payload: bytes) -> None:
    cache = BuildCache(tmp_path / "cache")
    ShardParts(cache).heading_codes(HEADINGS, PATHS, ANCHORS)
    (key,) = kept_payloads(tmp_path / "cache")
    rewrite_entry(tmp_path / "cache", key, payload)
    again = ShardParts(BuildCache(tmp_path / "cache")).heading_codes(HEADINGS, PATHS, ANCHORS)
    assert again == heading_codes(HEADINGS, PATHS, ANCHORS)


def test_headings_no_json_holds_are_coded_without_the_cache(tmp_path: Path) -> None:
    headings = ["Lone \ud800 surrogate", *HEADINGS[1:]]
    cache = BuildCache(tmp_path / "cache")
    codes = ShardParts(cache).heading_codes(headings, PATHS, ANCHORS)
    assert codes == heading_codes(headings, PATHS, ANCHORS)
    assert not kept_payloads(tmp_path / "cache")
