"""builder.cached_rows: shard rows tokenized once per source file, the same as for the whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builder.cache import BuildCache
from builder.cached_rows import ShardParts
from builder.shards import write_shard
from schemas import shard_build
from schemas.body_packs import encode_pack, pack_text

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


def in_order(cache: BuildCache, records: list[dict[str, Any]]) -> list[shard_build.ShardRow]:
    """The cached rows page by page, put back in section order."""
    pairs = [pair for page in ShardParts(cache).pages(records) for pair in page]
    assert sorted(i for i, _ in pairs) == list(range(1, len(records) + 1))
    return [row for _, row in sorted(pairs, key=lambda pair: pair[0])]


def test_rows_made_file_by_file_are_the_versions_rows(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    whole = list(shard_build.shard_rows(RECORDS))
    assert in_order(cache, RECORDS) == whole
    assert in_order(cache, RECORDS) == whole  # from the cache this time
    assert list(ShardParts(cache).pages(RECORDS)) == list(shard_build.page_rows(RECORDS))
    assert [row.display[4] for row in whole] == [
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
    in_order(cache, RECORDS)
    # Heading, prose and code of each section, and the one heading path of each page's sections.
    assert len(calls) == 3 * len(RECORDS) + 3
    edited = [dict(r) for r in RECORDS]
    edited[1]["body"] = "open() a file, then read it."
    calls.clear()
    rows = in_order(cache, edited)
    assert len(calls) == 3 * 2 + 1  # the two sections of b.md
    assert rows == list(shard_build.shard_rows(edited))


def test_a_pack_made_before_is_taken_from_the_cache(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    text = pack_text(["one body", "another"])
    assert ShardParts(cache).encode(text) == encode_pack(text)
    assert cache.hits == 0
    assert ShardParts(cache).encode(text) == encode_pack(text)
    assert cache.hits == 1


def test_a_shard_from_cached_rows_and_packs_has_the_same_bytes(tmp_path: Path) -> None:
    plain = write_shard(tmp_path / "plain", "lib", "1.0", RECORDS)
    cache = BuildCache(tmp_path / "cache")
    for attempt in ("cold", "warm"):
        parts = ShardParts(cache)
        kept = write_shard(tmp_path / attempt, "lib", "1.0", (), parts.pages(RECORDS), parts.encode)
        assert kept == plain
        assert sorted(p.read_bytes() for p in (tmp_path / attempt).rglob("*.*")) == sorted(
            p.read_bytes() for p in (tmp_path / "plain").rglob("*.*")
        )


def test_the_cache_keeps_a_files_tokens_not_its_bodies_again(tmp_path: Path) -> None:
    # The parse entry has the bodies already; rows kept whole wrote each of them once more.
    records = [{"heading": "Sockets", "body": "Connecting sockets quickly.", "source": "s.md"}]
    cache = BuildCache(tmp_path / "cache")
    in_order(cache, records)
    (entry,) = (tmp_path / "cache").rglob("*.json")
    kept = entry.read_bytes()
    assert b"Connecting sockets quickly." not in kept
    assert b"connect" in kept  # the stemmed tokens


def test_a_damaged_token_entry_is_a_miss(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    whole = list(shard_build.shard_rows(RECORDS))
    in_order(cache, RECORDS)
    for entry in (tmp_path / "cache").rglob("*.json"):
        cache.store(entry.stem, [["not", "four", "columns"] for _ in cache.load(entry.stem)])
    assert in_order(cache, RECORDS) == whole
