"""Shards: rows from records, the written file, its name and hash, and the schema checks."""

import gzip
import hashlib
import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from builder import shards
from builder.errors import BuildError
from builder.shards import ShardRow, search_shard, shard_rows, split_code, write_shard
from schemas import shard_build
from schemas.fts_segments import canonical_header
from schemas.shards import (
    APPLICATION_ID,
    SHORT_NAMES_FORMAT,
    SPLIT_FORMAT,
    read_shard_meta,
    shard_statements,
    verify_shard_meta,
    verify_shard_schema,
)
from schemas.term_chunks import cut_into_head

BODY = "Mount an adapter.\n\n```python\ns.mount('https://', adapter)\n```\n\nThen send."
RECORDS: list[dict[str, Any]] = [
    {
        "heading": "Session.mount",
        "path": "https://docs.example/api.html#mount",
        "body": BODY,
        "anchor": "session-mount",
        "source": "api.md",
        "lines": [3, 9],
        "sha256": hashlib.sha256(BODY.encode()).hexdigest(),
        "headingPath": ["API", "Sessions"],
    },
    {
        "heading": "Timeouts",
        "path": "https://docs.example/api.html#timeouts",
        "body": "Pass a timeout to every request.",
        "anchor": "timeouts",
        "source": "api.md",
        "lines": [10, 12],
        "sha256": "0" * 64,
        "headingPath": ["API"],
    },
    {
        "heading": "可选与默认值",
        "path": "https://docs.example/zh.html",
        "body": "z.string().optional() 允许 undefined；.default('x') 在缺省时填充默认值。",
    },
    {"heading": "可选与默认值", "body": "重复的标题。"},
    {},
]


def open_shard(staging: Path, path: str) -> sqlite3.Connection:
    data = (staging / path).read_bytes()
    raw = staging / "opened.sqlite"
    raw.write_bytes(gzip.decompress(data) if path.endswith(".gz") else data)
    conn = sqlite3.connect(f"file:{raw}?mode=ro", uri=True)
    conn.execute("PRAGMA trusted_schema = OFF")
    return conn


def test_split_code_takes_fenced_blocks_out_of_the_prose() -> None:
    assert split_code(BODY) == (
        "Mount an adapter.\n\n\n\nThen send.",
        "s.mount('https://', adapter)\n",
    )
    assert split_code("a\n~~~\nx = 1\n~~~\nb\n```\nunclosed") == (
        "a\n\nb\n```\nunclosed",
        "x = 1\n",
    )
    assert split_code("no code") == ("no code", "")


def test_rows_keep_display_text_and_hold_tokens_for_search() -> None:
    rows = list(shard_rows(RECORDS))
    assert rows[0] == ShardRow(
        (
            "Session.mount",
            '["API","Sessions"]',
            BODY,
            "https://docs.example/api.html#mount",
            "session-mount",
            "api.md",
            3,
            9,
            RECORDS[0]["sha256"],
        ),
        (
            "session.mount session mount",
            "api session",
            "mount an adapter then send",
            "s.mount s mount http adapter",
        ),
    )
    assert rows[1].search[0] == "timeout"


def test_rows_of_sections_imported_without_extension_fields() -> None:
    rows = list(shard_rows(RECORDS))
    anchors = [row.display[4] for row in rows[2:]]
    assert anchors == ["可选与默认值", "可选与默认值-1", "section"]
    assert rows[3].display == (
        "可选与默认值",
        "[]",
        "重复的标题。",
        "",
        "可选与默认值-1",
        None,
        None,
        None,
        hashlib.sha256("重复的标题。".encode()).hexdigest(),
    )
    assert rows[4].display[:4] == ("", "[]", "", "")


def test_anchors_are_unique_per_page_and_across_sections_without_a_page() -> None:
    """A section's address is (page, anchor): one anchor may be on several pages, never twice
    on one page; sections without a source are one page, so their anchors are unique."""
    records = [
        {"heading": "Top", "anchor": "top", "source": "a.md"},
        {"heading": "Top", "anchor": "top", "source": "b.md"},
        {"heading": "Top again", "anchor": "top", "source": "b.md"},
        {"heading": "Top", "anchor": "top"},
        {"heading": "Top", "anchor": "top"},
        {"heading": "Top"},
    ]
    addresses = [(row.display[5], row.display[4]) for row in shard_rows(records)]
    assert addresses == [
        ("a.md", "top"),
        ("b.md", "top"),
        ("b.md", "top-1"),
        (None, "top"),
        (None, "top-1"),
        (None, "top-2"),
    ]


def test_write_shard_is_content_addressed_compressed_and_reproducible(tmp_path: Path) -> None:
    first = write_shard(tmp_path / "a", "requests", "2.32.3", RECORDS)
    second = write_shard(tmp_path / "b", "requests", "2.32.3", RECORDS)
    assert first == second
    assert re.fullmatch(r"shards/requests/2\.32\.3\.[0-9a-f]{16}\.sqlite\.gz", first.path)
    data = (tmp_path / "a" / first.path).read_bytes()
    assert data == (tmp_path / "b" / second.path).read_bytes()
    assert hashlib.sha256(data).hexdigest() == first.sha256
    assert first.path.split(".")[-3] == first.sha256[:16]
    assert (first.bytes, first.raw_bytes) == (len(data), len(gzip.decompress(data)))
    assert (first.sections, first.compression) == (5, "gzip")
    assert sorted(p.name for p in (tmp_path / "a" / "shards" / "requests").iterdir()) == [
        Path(first.path).name,
        "bodies",
    ]
    packs = sorted((tmp_path / "a" / "shards" / "requests" / "bodies").iterdir())
    assert [p.read_bytes() for p in packs] == [
        (tmp_path / "b" / p.relative_to(tmp_path / "a")).read_bytes() for p in packs
    ]
    assert (first.packs, first.pack_bytes) == (len(packs), sum(p.stat().st_size for p in packs))


def test_written_shard_passes_the_client_checks(tmp_path: Path) -> None:
    info = write_shard(tmp_path, "requests", "2.32.3", RECORDS)
    with closing(open_shard(tmp_path, info.path)) as conn:
        assert verify_shard_schema(conn, SPLIT_FORMAT) == []
        assert verify_shard_meta(conn, "requests", "2.32.3", 5, SPLIT_FORMAT) == []
        assert read_shard_meta(conn) == {
            "format": "doctrove-shard@2",
            "tokenizer": "doctrove-text@1",
            "library_id": "requests",
            "version": "2.32.3",
            "sections": "5",
        }
        assert verify_shard_meta(conn, "requests", "2.31.0", 4, SPLIT_FORMAT) == [
            "meta version is '2.32.3', expected '2.31.0'",
            "meta sections is '5', expected '4'",
        ]
        row = conn.execute(
            "SELECT heading, anchor, line_start FROM sections WHERE id = 1"
        ).fetchone()
        assert row == ("Session.mount", "session-mount", 3)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_the_same_records_always_match_the_same_sections(tmp_path: Path) -> None:
    info = write_shard(tmp_path, "requests", "2.32.3", RECORDS)
    with closing(open_shard(tmp_path, info.path)) as conn:
        assert search_shard(conn, "Session.mount()") == [(1, "Session.mount")]
        assert search_shard(conn, "mount") == [(1, "Session.mount")]
        assert search_shard(conn, "timeout")[0] == (2, "Timeouts")
        assert search_shard(conn, "adapters") == [(1, "Session.mount")]
        assert sorted(search_shard(conn, "默认")) == [(3, "可选与默认值"), (4, "可选与默认值")]
        assert search_shard(conn, "缺省") == [(3, "可选与默认值")]
        assert search_shard(conn, "省") == [(3, "可选与默认值")]
        assert search_shard(conn, "重复") == [(4, "可选与默认值")]
        assert search_shard(conn, "z.string().optional()") == [(3, "可选与默认值")]
        assert search_shard(conn, "nothing-here") == []
        assert search_shard(conn, "!!") == []


def test_an_empty_version_still_gets_a_valid_shard(tmp_path: Path) -> None:
    info = write_shard(tmp_path, "empty", "1.0", [])
    assert (info.sections, info.packs) == (0, 0)
    with closing(open_shard(tmp_path, info.path)) as conn:
        assert verify_shard_schema(conn, SPLIT_FORMAT) == []
        assert verify_shard_meta(conn, "empty", "1.0", 0, SPLIT_FORMAT) == []


def test_unusual_ids_and_versions_are_quoted_in_the_path(tmp_path: Path) -> None:
    info = write_shard(tmp_path, "@scope/pkg", "1.0.0+local.1", [])
    assert info.path.startswith("shards/%40scope%2Fpkg/1.0.0%2Blocal.1.")
    assert (tmp_path / info.path).is_file()


def test_uncompressed_when_gzip_does_not_pay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shards, "MIN_SAVING", 1.0)
    info = write_shard(tmp_path, "requests", "2.32.3", RECORDS)
    assert info.compression == "none" and info.path.endswith(".sqlite")
    assert info.bytes == info.raw_bytes == (tmp_path / info.path).stat().st_size
    with closing(open_shard(tmp_path, info.path)) as conn:
        assert verify_shard_schema(conn, SPLIT_FORMAT) == []


def make_database(
    path: Path, *extra: str, application_id: int = APPLICATION_ID
) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {application_id}")
    for statement in (*shard_statements(), *extra):
        conn.execute(statement)
    conn.commit()
    return conn


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ("CREATE VIEW v AS SELECT 1", "unexpected view 'v'"),
        ("CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT 1; END", "unexpected trigger 't'"),
        ("CREATE TABLE more (x)", "unexpected table 'more'"),
        ("CREATE INDEX i ON sections (heading)", "unexpected index 'i'"),
        ("DROP TABLE meta", "missing table 'meta'"),
        (
            "ALTER TABLE sections ADD COLUMN evil TEXT",
            "table 'sections' is not defined as shard.sql defines it",
        ),
    ],
)
def test_schema_check_refuses_anything_but_the_expected_objects(
    tmp_path: Path, extra: str, problem: str
) -> None:
    with closing(make_database(tmp_path / "x.sqlite", extra)) as conn:
        assert verify_shard_schema(conn) == [problem]


def test_schema_check_refuses_foreign_files(tmp_path: Path) -> None:
    with closing(make_database(tmp_path / "x.sqlite", application_id=0)) as conn:
        assert verify_shard_schema(conn) == ["application_id is 0x0, not 0x44547276"]
        junk = tmp_path / "junk.sqlite"
        junk.write_bytes(b"this is not a database" * 100)
        with closing(sqlite3.connect(junk)) as junk_conn:
            problems = verify_shard_schema(junk_conn)
        assert len(problems) == 1 and problems[0].startswith("not a readable SQLite database")


def test_meta_check_reports_unknown_keys(tmp_path: Path) -> None:
    with closing(make_database(tmp_path / "x.sqlite")) as conn:
        conn.execute("INSERT INTO meta VALUES ('surprise', '1')")
        assert verify_shard_meta(conn, "a", "1") == [
            "meta format is None, expected 'doctrove-shard@1'",
            "meta tokenizer is None, expected 'doctrove-text@1'",
            "meta library_id is None, expected 'a'",
            "meta version is None, expected '1'",
            "meta has unexpected key 'surprise'",
        ]


def test_japanese_and_korean_queries_of_one_and_two_characters(tmp_path: Path) -> None:
    records = [
        {"heading": "設定ファイルの書き方", "body": "キャッシュを無効にする。"},
        {"heading": "검색 설정", "body": "색인을 다시 만듭니다."},
        {"heading": "Other", "body": "Nothing in Japanese or Korean."},
    ]
    info = write_shard(tmp_path, "ja-ko", "1.0.0", records)
    with closing(open_shard(tmp_path, info.path)) as conn:
        assert search_shard(conn, "設定") == [(1, "設定ファイルの書き方")]
        assert search_shard(conn, "キャッシュ") == [(1, "設定ファイルの書き方")]
        assert search_shard(conn, "검색") == [(2, "검색 설정")]
        assert search_shard(conn, "색") == [(2, "검색 설정")]
        assert sorted(search_shard(conn, "ファイル 설정")) == [
            (1, "設定ファイルの書き方"),
            (2, "검색 설정"),
        ]


def test_sqlite_failures_become_build_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_format: str) -> tuple[str, ...]:
        return ("CREATE NONSENSE",)

    monkeypatch.setattr(shard_build, "shard_statements", broken)
    with pytest.raises(BuildError, match=r"could not write the search shard of x 1\.0: near"):
        write_shard(tmp_path, "x", "1.0", RECORDS)
    assert list((tmp_path / "shards" / "x").iterdir()) == []


def pack_names(staging: Path) -> set[str]:
    return {p.name for p in (staging / "shards" / "requests" / "bodies").iterdir()}


def test_a_page_that_did_not_change_keeps_its_body_pack(tmp_path: Path) -> None:
    pages = [
        {"heading": "A", "body": "First page.", "source": "a.md"},
        {"heading": "B", "body": "Second page.", "source": "b.md"},
    ]
    before = write_shard(tmp_path / "before", "requests", "1", pages)
    # A section added to the first page moves the second page's section ids, not its pack.
    added = [pages[0], {"heading": "A2", "body": "More.", "source": "a.md"}, pages[1]]
    after = write_shard(tmp_path / "after", "requests", "1", added)
    assert (before.packs, after.packs) == (2, 2)
    assert len(pack_names(tmp_path / "before") & pack_names(tmp_path / "after")) == 1


@pytest.mark.parametrize("chunked", [False, True])
def test_a_shard_made_in_memory_has_the_bytes_sqlite_writes_to_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunked: bool
) -> None:
    # The builder takes the shard's bytes from SQLite's memdb VFS: they must be a file's,
    # header and all, but for the counters canonical_header sets (what the file's history
    # made them: schemas.fts_segments).
    records = [
        {
            "heading": f"Part {n}",
            "body": f"Section {n} of the guide: words {n * 7}.",
            "source": f"{n % 3}.md",
        }
        for n in range(60)
    ]

    def made(database: str) -> bytes:
        monkeypatch.setattr(shard_build, "_MEMORY_DATABASE", database)
        pages = shard_build.placed_pages(shard_build.page_rows(records))
        finish = (lambda conn: cut_into_head(conn, lambda raw: raw, 512, 0)) if chunked else None
        data, count, _packs = shard_build.search_database_bytes("lib", "1.0", pages, finish)
        assert count == len(records)
        return data

    in_memory = made(shard_build._MEMORY_DATABASE)
    on_disk = made(f"file:{tmp_path}/disk-{{}}.sqlite")
    (written,) = tmp_path.glob("disk-*.sqlite")
    assert in_memory == on_disk == canonical_header(written.read_bytes())
    assert read_shard_meta_format(in_memory) == (SHORT_NAMES_FORMAT if chunked else SPLIT_FORMAT)


def read_shard_meta_format(database: bytes) -> str:
    conn = sqlite3.connect(":memory:")
    conn.deserialize(database)
    (value,) = conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    conn.close()
    return str(value)
