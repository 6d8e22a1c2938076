"""Shards in the client's cache: published ones verified and unpacked, local ones built exactly as
the builder builds them, and every one opened read-only only after the schema checks pass."""

from __future__ import annotations

import gzip
import hashlib
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from builder.shards import write_shard
from client.disk_cache import DiskCache
from client.errors import NetworkError
from client.model import ShardRef
from client.section_bodies import SectionBodies
from client.shard_store import (
    BUILT_FOLDER,
    RAW_SHARD_LIMIT,
    SQLITE_EXCEPTIONS,
    build_shard,
    built_key,
    install_published,
    open_shard_file,
)
from schemas.anchors import slugify, unique_anchor
from schemas.shard_build import build_database, heading_anchor

RECORDS: list[dict[str, Any]] = [
    {
        "heading": "Session.mount",
        "path": "https://docs.example/api.html#mount",
        "body": "Mount an adapter.\n\n```python\ns.mount('https://', adapter)\n```",
        "anchor": "session-mount",
        "source": "api.md",
        "lines": [3, 9],
        "headingPath": ["API", "Sessions"],
    },
    {"heading": "可选与默认值", "body": "z.string().optional() 允许 undefined。"},
    {"heading": "可选与默认值", "body": "重复的标题。"},
]


def published(tmp_path: Path, records: list[dict[str, Any]] = RECORDS) -> tuple[Path, ShardRef]:
    info = write_shard(tmp_path / "site", "requests", "2.32.3", records)
    ref = ShardRef(info.path, info.sha256, info.bytes, info.raw_bytes, info.sections, split=True)
    return tmp_path / "site" / info.path, ref


def site_bodies(site: Path, cache: DiskCache) -> Callable[[sqlite3.Connection], SectionBodies]:
    """Body packs read from the site folder, as SiteData reads a local site's."""

    def factory(conn: sqlite3.Connection) -> SectionBodies:
        return SectionBodies(
            conn,
            "requests",
            cache,
            lambda path, _size, _sha, _kept: (site / path).read_bytes(),
            str(site),
        )

    return factory


def test_a_published_shard_is_verified_unpacked_and_opened(tmp_path: Path) -> None:
    source, ref = published(tmp_path)
    cache = DiskCache(tmp_path / "cache")
    path = install_published(cache, source, ref)
    assert isinstance(path, Path)
    assert path == tmp_path / "cache" / "v1" / "shards" / f"{ref.sha256}.sqlite"
    assert path.read_bytes() == gzip.decompress(source.read_bytes())
    conn = open_shard_file(path, "requests", "2.32.3", 3, site_bodies(tmp_path / "site", cache))
    assert isinstance(conn, sqlite3.Connection)
    assert conn.execute(
        "SELECT heading, body, body_length FROM sections ORDER BY id"
    ).fetchall() == [
        ("Session.mount", RECORDS[0]["body"], len(RECORDS[0]["body"])),
        ("可选与默认值", RECORDS[1]["body"], len(RECORDS[1]["body"])),
        ("可选与默认值", RECORDS[2]["body"], len(RECORDS[2]["body"])),
    ]
    # The search shard keeps no sha256: the view computes it from the fetched body.
    (sha256,) = conn.execute("SELECT sha256 FROM sections WHERE id = 1").fetchone()
    assert sha256 == hashlib.sha256(RECORDS[0]["body"].encode()).hexdigest()
    assert conn.execute("PRAGMA trusted_schema").fetchone() == (0,)
    with pytest.raises(sqlite3.OperationalError):
        conn.execute("DELETE FROM sections")
    conn.close()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sha256": "0" * 64}, "has sha256 .*, the catalog says 0000"),
        ({"bytes": 1}, "bytes, the catalog says 1"),
        ({"raw_bytes": 4096}, "decompresses to more or fewer than the 4096 bytes"),
        # Refused before anything is decompressed: a gzip bomb cannot fill the disk.
        ({"raw_bytes": RAW_SHARD_LIMIT + 1}, f"over the client's limit of {RAW_SHARD_LIMIT}"),
    ],
    ids=["sha256", "bytes", "raw-bytes", "raw-bytes-over-limit"],
)
def test_a_published_shard_that_differs_from_the_catalog_is_refused(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    source, ref = published(tmp_path)
    ref = ShardRef(**{**ref.__dict__, **change})
    cache = DiskCache(tmp_path / "cache")
    problems = install_published(cache, source, ref)
    assert isinstance(problems, list)
    assert problems and re.search(message, problems[0])
    assert not [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]


def test_a_gz_shard_that_does_not_decompress_is_refused(tmp_path: Path) -> None:
    junk = b"\x1f\x8b\x08\x00not really gzip"
    source = tmp_path / "x.sqlite.gz"
    source.write_bytes(junk)
    digest = hashlib.sha256(junk).hexdigest()
    ref = ShardRef("shards/x/1.0123456789abcdef.sqlite.gz", digest, len(junk), 100, 1)
    problems = install_published(DiskCache(tmp_path / "cache"), source, ref)
    assert isinstance(problems, list) and "does not decompress" in problems[0]


def test_a_search_shard_naming_a_pack_it_does_not_list_is_not_opened(tmp_path: Path) -> None:
    source, _ref = published(tmp_path)
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(gzip.decompress(source.read_bytes()))
    conn.execute("UPDATE sections SET pack = 99 WHERE id = 2")
    path = tmp_path / "forged.sqlite"
    path.write_bytes(conn.serialize())
    conn.close()
    cache = DiskCache(tmp_path / "cache")
    problems = open_shard_file(path, "requests", "2.32.3", 3, site_bodies(tmp_path / "site", cache))
    assert problems == ["section 2: pack not as search_shard.sql declares"]


def test_a_body_pack_that_is_not_the_listed_one_is_refused(tmp_path: Path) -> None:
    source, ref = published(tmp_path)
    cache = DiskCache(tmp_path / "cache")
    path = install_published(cache, source, ref)
    assert isinstance(path, Path)
    made: list[SectionBodies] = []

    def factory(conn: sqlite3.Connection) -> SectionBodies:
        # Every pack comes back as the bytes of another pack: the hash check must refuse it.
        made.append(
            SectionBodies(
                conn, "requests", cache, lambda _path, size, _sha, _kept: b"\x1f" * size, "site"
            )
        )
        return made[-1]

    conn = open_shard_file(path, "requests", "2.32.3", 3, factory)
    assert isinstance(conn, sqlite3.Connection)
    assert conn.execute("SELECT heading, body_length FROM sections WHERE id = 1").fetchone() == (
        "Session.mount",
        len(RECORDS[0]["body"]),
    )
    with pytest.raises(sqlite3.OperationalError):
        conn.execute("SELECT body FROM sections WHERE id = 1").fetchall()
    assert isinstance(made[0].failure, NetworkError)
    assert "is not the body pack the search shard lists" in made[0].failure.message
    conn.close()


def test_a_locally_built_shard_is_byte_identical_to_the_builders(tmp_path: Path) -> None:
    reference = tmp_path / "reference.sqlite"
    build_database(reference, "requests", "2.32.3", RECORDS)
    cache = DiskCache(tmp_path / "cache")
    key = built_key("f" * 64, "requests", "2.32.3")
    path = build_shard(cache, key, "requests", "2.32.3", RECORDS)
    assert path.read_bytes() == reference.read_bytes()
    assert cache.shard_path(key, BUILT_FOLDER) == path
    conn = open_shard_file(path, "requests", "2.32.3", None)
    assert isinstance(conn, sqlite3.Connection)
    anchors = [row[0] for row in conn.execute("SELECT anchor FROM sections ORDER BY id")]
    assert anchors == ["session-mount", "可选与默认值", "可选与默认值-1"]
    conn.close()


@pytest.mark.parametrize(
    "heading",
    [
        "Session.mount()",
        "快速开始",
        "  Hello,   World!  ",
        "a -- b",
        "",
        "!!!",
        "x" * 200,
        "Ünïcode ﬁ",
    ],
)
def test_the_shared_anchor_rule_equals_the_builders(heading: str) -> None:
    taken_here: set[str] = {"section", "hello-world"}
    taken_there: set[str] = set(taken_here)
    assert heading_anchor(heading, taken_here) == unique_anchor(slugify(heading), taken_there)
    assert taken_here == taken_there


def make_database(path: Path, *extra: str, version: str = "1.0") -> Path:
    build_database(path, "lib", version, [{"heading": "A", "body": "text"}])
    if extra:
        conn = sqlite3.connect(path)
        for statement in extra:
            conn.execute(statement)
        conn.commit()
        conn.close()
    return path


@pytest.mark.parametrize(
    ("extra", "version", "message"),
    [
        (("CREATE VIEW v AS SELECT 1",), "1.0", "unexpected view 'v'"),
        (
            ("CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT 1; END",),
            "1.0",
            "unexpected trigger 't'",
        ),
        (("CREATE TABLE evil (x)",), "1.0", "unexpected table 'evil'"),
        ((), "2.0", "meta version is '2.0', expected '1.0'"),
        (
            ("UPDATE sections SET heading_path = '{}', line_end = 'x'",),
            "1.0",
            "section 1: heading_path, line_end not as shard.sql declares",
        ),
    ],
)
def test_a_shard_failing_the_schema_or_meta_checks_is_not_opened(
    tmp_path: Path, extra: tuple[str, ...], version: str, message: str
) -> None:
    path = make_database(tmp_path / "shard.sqlite", *extra, version=version)
    problems = open_shard_file(path, "lib", "1.0", 1)
    assert problems == [message] or (isinstance(problems, list) and message in problems)


def test_a_file_that_is_not_a_database_is_not_opened(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    problems = open_shard_file(path, "lib", "1.0", None)
    assert isinstance(problems, list) and problems[0].startswith("not a readable")
    assert open_shard_file(make_database(tmp_path / "ok.sqlite"), "lib", "1.0", 2) == [
        "meta sections is '1', expected '2'"
    ]


def test_the_sqlite_boundary_covers_every_exception_sqlite3_raises() -> None:
    """As tests/test_client_http.py walks httpx: no sqlite3 exception class is left uncaught."""
    classes = [
        value
        for value in vars(sqlite3).values()
        if isinstance(value, type) and issubclass(value, BaseException)
    ]
    assert sqlite3.Warning in classes and sqlite3.OperationalError in classes
    assert [cls.__name__ for cls in classes if not issubclass(cls, SQLITE_EXCEPTIONS)] == []
