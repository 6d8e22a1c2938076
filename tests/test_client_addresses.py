"""client.addresses: reading page#anchor, and finding the one section an address names."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest

from client import addresses
from client.addresses import (
    MAX_ANCHOR_CANDIDATES,
    SectionAddress,
    find_section,
    read_addresses,
    similar_anchors,
)
from client.errors import InvalidRequest, NotFound
from schemas.shard_build import build_database

A = SectionAddress
RECORDS: list[dict[str, Any]] = [
    {
        "heading": "Install",
        "headingPath": ["Guide"],
        "body": "pip install",
        "anchor": "top",
        "source": "guide.md",
    },
    {"heading": "Deploy", "body": "ship it", "anchor": "top", "source": "deploy.md"},
    {"heading": "Rollback", "body": "undo it", "anchor": "rollback", "source": "deploy.md"},
    {
        "heading": "dict.get",
        "body": "an HTML id with a hash",
        "anchor": "dict#get",
        "source": "api.html",
    },
    {"heading": "Imported", "body": "no source file", "anchor": "imported"},
    *(
        {"heading": f"Page {n}", "body": f"body {n}", "anchor": "many", "source": f"p{n:02}.md"}
        for n in range(MAX_ANCHOR_CANDIDATES + 2)
    ),
]


def sha(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path = tmp_path_factory.mktemp("shard") / "shard.sqlite"
    build_database(path, "demo", "1.0", RECORDS)
    conn = sqlite3.connect(path)
    yield conn
    conn.close()


@pytest.mark.parametrize(
    ("anchor", "page", "addresses"),
    [
        ("top", None, (A(None, "top"),)),
        ("top", "guide.md", (A("guide.md", "top"),)),
        ("guide.md#top", None, (A(None, "guide.md#top"), A("guide.md", "top"))),
        ("#top", None, (A(None, "#top"), A(None, "top"))),
        ("a#b.html#top", None, (A(None, "a#b.html#top"), A("a#b.html", "top"))),
        ("guide.md#top", "guide.md", (A("guide.md", "guide.md#top"), A("guide.md", "top"))),
        ("#top", "guide.md", (A("guide.md", "#top"), A("guide.md", "top"))),
    ],
)
def test_read_addresses(
    anchor: str, page: str | None, addresses: tuple[SectionAddress, ...]
) -> None:
    assert read_addresses(anchor, page) == addresses


@pytest.mark.parametrize(
    ("anchor", "page", "message"),
    [
        ("guide.md#", None, "ends with '#'"),
        ("deploy.md#top", "guide.md", "names page 'deploy.md' but page is 'guide.md'"),
    ],
)
def test_read_addresses_refuses(anchor: str, page: str | None, message: str) -> None:
    with pytest.raises(InvalidRequest, match=message):
        read_addresses(anchor, page)


def test_spelled_is_what_read_addresses_takes() -> None:
    assert A("guide.md", "top").spelled() == "guide.md#top"
    assert A(None, "imported").spelled() == "#imported"
    for address in (A("guide.md", "top"), A(None, "imported")):
        assert read_addresses(address.spelled(), None)[-1] == address


def found(shard: sqlite3.Connection, anchor: str, page: str | None = None, **kw: Any) -> Any:
    return find_section(shard, read_addresses(anchor, page), kw.get("expected"), "demo 1.0")


def test_an_anchor_on_one_page_needs_no_page(shard: sqlite3.Connection) -> None:
    match = found(shard, "rollback")
    assert (match.page, match.anchor, match.heading_path) == (
        "deploy.md",
        "rollback",
        ("Rollback",),
    )
    assert found(shard, "imported").page is None
    assert found(shard, "#imported").page is None


def test_an_anchor_on_two_pages_is_refused_listing_both(shard: sqlite3.Connection) -> None:
    with pytest.raises(InvalidRequest) as refused:
        found(shard, "top")
    assert refused.value.code == "validation"
    assert refused.value.hints == ["guide.md#top", "deploy.md#top"]
    assert "guide.md#top (Guide > Install); deploy.md#top (Deploy)" in refused.value.message


@pytest.mark.parametrize(
    ("anchor", "page", "heading"),
    [
        ("top", "guide.md", "Install"),
        ("top", "deploy.md", "Deploy"),
        ("guide.md#top", None, "Install"),
        ("deploy.md#top", None, "Deploy"),
        ("deploy.md#top", "deploy.md", "Deploy"),
    ],
)
def test_the_page_picks_the_section(
    shard: sqlite3.Connection, anchor: str, page: str | None, heading: str
) -> None:
    match = found(shard, anchor, page)
    assert match.anchor == "top" and match.heading_path[-1] == heading


def test_the_hash_the_caller_saw_picks_among_shared_anchors(shard: sqlite3.Connection) -> None:
    assert found(shard, "top", expected=sha("ship it")).page == "deploy.md"
    # A hash that is none of them cannot say which section changed: still ambiguous.
    with pytest.raises(InvalidRequest):
        found(shard, "top", expected="0" * 64)


def test_an_anchor_holding_a_hash_sign_is_taken_literally_first(shard: sqlite3.Connection) -> None:
    assert found(shard, "dict#get").heading_path == ("dict.get",)


def test_a_wrong_page_names_the_pages_that_have_the_anchor(shard: sqlite3.Connection) -> None:
    with pytest.raises(NotFound) as missing:
        found(shard, "rollback", "guide.md")
    assert missing.value.hints == ["deploy.md#rollback"]
    assert "on page 'guide.md'; the anchor is on: deploy.md#rollback" in missing.value.message
    with pytest.raises(NotFound) as nowhere:
        found(shard, "nowhere")
    assert nowhere.value.hints == []


def test_the_candidates_listed_are_bounded(shard: sqlite3.Connection) -> None:
    with pytest.raises(InvalidRequest) as refused:
        found(shard, "many")
    assert len(refused.value.hints) == MAX_ANCHOR_CANDIDATES
    assert refused.value.message.endswith("; and 2 more")


@pytest.mark.parametrize(
    ("anchor", "similar"),
    [
        # What an agent guesses from a name it saw: more-itertools 10.7.0 and blinker 1.9.0.
        ("chunked", ["more_itertools.chunked"]),
        ("Signal.connect", ["blinker.Signal.connect"]),
        ("signal.CONNECT", ["blinker.Signal.connect"]),
        # The words every anchor of the page starts with do not make "unzip" look alike.
        ("more_itertools.chunkd", ["more_itertools.chunked", "more_itertools.ichunked"]),
        ("more_itertools.unzipp", ["more_itertools.unzip"]),
        # commander 12.1.0's README: its heading is singular.
        ("required-options", ["required-option"]),
        ("release-notes", []),
    ],
)
def test_similar_anchors_are_what_a_guess_most_likely_meant(
    anchor: str, similar: list[str]
) -> None:
    anchors = [
        "more_itertools.chunked",
        "more_itertools.ichunked",
        "more_itertools.unzip",
        "blinker.Signal",
        "blinker.Signal.connect",
        "blinker.Signal.connect_via",
        "required-option",
        "variadic-option",
    ]
    assert similar_anchors(anchor, anchors) == similar


def test_a_missing_anchor_suggests_the_sections_like_it(shard: sqlite3.Connection) -> None:
    # It said only "has no section with anchor 'rollbak'; take anchors (and pages) from
    # doc_extract results or its table of contents", and no hints.
    with pytest.raises(NotFound) as missing:
        found(shard, "rollbak")
    assert missing.value.hints == ["deploy.md#rollback"]
    assert missing.value.message == (
        "demo 1.0 has no section with anchor 'rollbak'; anchors like it: deploy.md#rollback "
        "(Rollback); or take anchors (and pages) from doc_extract results or its table of "
        "contents"
    )


def test_a_page_of_many_anchors_compares_few_of_them_letter_by_letter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 20,000 anchors of 115 characters sharing a long prefix took 22.6 s for one unknown
    # anchor: each was compared letter by letter.
    prefix = "package.module.submodule.Class." * 3
    anchors = [f"{prefix}member_{n:05d}_of_the_class" for n in range(20_000)]
    compared: list[str] = []
    likeness = addresses._likeness

    def counted(wanted: str, known: str) -> float:
        compared.append(known)
        return likeness(wanted, known)

    monkeypatch.setattr(addresses, "_likeness", counted)
    found = addresses.similar_anchors(f"{prefix}member_12345_of_the_clas", anchors)
    # A slip at the end: "clas" alone against "class" looked less alike than 12344's name.
    assert found[0] == f"{prefix}member_12345_of_the_class"
    assert len(compared) <= 200
    assert addresses.similar_anchors(f"{prefix}memebr_12345_of_the_class", anchors)[0] == (
        f"{prefix}member_12345_of_the_class"
    )
