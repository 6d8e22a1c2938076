"""A head (doctrove-shard@5, or @3 or @4 from an earlier builder) answers as its whole search shard
would, fetching only the index chunks its queries' tokens need, each checked against the head,
kept for later questions and for offline use."""

from __future__ import annotations

import gzip
import hashlib
import os
import random
import re
import shutil
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import orjson
import pytest
from msgspec import to_builtins

from client.errors import ClientError, NetworkError
from client.search.model import default_model
from client.search.query import parse_focus
from client.search.sections import rank_sections
from client.site_data import SiteData
from schemas.section_columns import COLUMNS_TABLE, restore_rows
from schemas.shards import (
    CHUNKED_FORMAT,
    DERIVED_FORMAT,
    PLAIN_COLUMNS_FORMAT,
    SHORT_NAMES_FORMAT,
    SPLIT_FORMAT,
)
from tests.site_data_support import (
    PUBLIC,
    SITE,
    Clock,
    FakeHost,
    Router,
    data,
    make_site,
    refused,
)
from tests.test_section_columns import as_earlier_head

QUESTIONS = (
    "how do I configure the frobnicator timeout",
    "which option sets the parser encoding",
    "retry a failed upload",
    "配置 超时",
    "zebra unicorn",  # words the docs never use
)


def many_records(count: int = 600) -> list[dict[str, Any]]:
    """Sections with enough distinct words that the index takes several chunks."""
    rng = random.Random(7)
    syllables = ["ra", "to", "ki", "mu", "pe", "lo", "zan", "dor", "fi", "qua", "ser", "vel"]
    words = sorted({"".join(rng.sample(syllables, 3)) for _ in range(3000)})
    common = "configure timeout option parser encoding retry failed upload frobnicator"
    records = []
    for number in range(count):
        text = " ".join(rng.choice(words) for _ in range(60))
        extra = " ".join(rng.sample(common.split(), 3))
        records.append(
            {
                "heading": f"Topic {number} {rng.choice(words)}",
                "body": f"{text} {extra}. 配置超时 {number}",
                "path": f"https://docs.example/p{number // 20}.html#t{number}",
                "source": f"p{number // 20}.md",
                "anchor": f"t{number}",
            }
        )
    return records


def publish(root: Path, records: list[dict[str, Any]], *, chunked: bool) -> None:
    """A site of one version of ``lib``: a head and its chunks, or one search shard."""
    catalog = make_site(root, {"lib": {"1.0": records}}, split_index_bytes=0 if chunked else None)
    shard_format = catalog["entries"][0]["shards"]["1.0"]["format"]
    assert shard_format == (SHORT_NAMES_FORMAT if chunked else SPLIT_FORMAT)


def ranking(site: SiteData, question: str) -> list[tuple[int, float]]:
    with site.reading_shard("lib", "1.0") as shard:
        ranked = rank_sections(shard.connection, parse_focus(question), default_model()).ranked
    return [(r.described.candidate.section_id, round(r.score, 9)) for r in ranked]


def chunk_paths(host: FakeHost) -> list[str]:
    return [p for p in host.paths() if "/index/" in p]


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return many_records()


def test_a_head_ranks_as_its_whole_search_shard_fetching_only_the_chunks_it_needs(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "whole", records, chunked=False)
    publish(tmp_path / "chunked", records, chunked=True)
    whole_host = FakeHost(tmp_path / "whole", SITE)
    chunked_host = FakeHost(tmp_path / "chunked", SITE)
    whole = data(tmp_path / "a", whole_host, Clock(), SITE)
    chunked = data(tmp_path / "b", chunked_host, Clock(), SITE)
    published = len(list((tmp_path / "chunked" / "shards" / "lib" / "index").iterdir()))
    assert published >= 4
    seen: set[str] = set()
    for question in QUESTIONS:
        assert ranking(chunked, question) == ranking(whole, question), question
        fetched = chunk_paths(chunked_host)
        assert len(fetched) == len(set(fetched))  # a chunk is fetched once per cache
        seen.update(fetched)
    assert 0 < len(seen) < published
    assert not [p for p in chunked_host.paths() if "/bodies/" in p]  # ranking reads no body


def test_later_questions_and_an_offline_client_use_the_chunks_kept_on_disk(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", records, chunked=True)
    host = FakeHost(tmp_path / "site", SITE)
    first = data(tmp_path, host, Clock(), SITE)
    expected = ranking(first, QUESTIONS[0])
    fetched = chunk_paths(host)
    assert fetched
    # A new process on the same cache asks the same question with the site down.
    host.fault = refused
    offline = data(tmp_path, host, Clock(), SITE, cache_ttl=0)
    assert ranking(offline, QUESTIONS[0]) == expected
    # A question needing a chunk it never fetched is the site's failure, not a damaged shard.
    with pytest.raises(NetworkError, match=r"index/.*Connection refused"):
        ranking(offline, QUESTIONS[1])
    assert len(list((tmp_path / "cache" / "v1" / "shards").glob("*.sqlite"))) == 1


def test_a_chunk_that_is_not_the_listed_one_is_refused(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", records, chunked=True)
    for chunk in (tmp_path / "site" / "shards" / "lib" / "index").iterdir():
        tampered = bytearray(chunk.read_bytes())
        tampered[-12] ^= 1  # same size, another sha256
        chunk.write_bytes(bytes(tampered))
    site = data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE)
    with pytest.raises(NetworkError, match="is not the index chunk the search shard lists"):
        ranking(site, QUESTIONS[0])


def test_sync_fetches_every_chunk_and_then_any_question_answers_offline(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", records, chunked=True)
    publish(tmp_path / "whole", records, chunked=False)
    host = FakeHost(tmp_path / "site", SITE)
    published = len(list((tmp_path / "site" / "shards" / "lib" / "index").iterdir()))
    summary = data(tmp_path, host, Clock(), SITE).sync()
    assert (summary["downloaded"], summary["chunks"], summary["failures"]) == (1, published, [])
    host.fault = refused
    offline = data(tmp_path, host, Clock(), SITE, cache_ttl=0)
    whole = data(tmp_path / "w", FakeHost(tmp_path / "whole", SITE), Clock(), SITE)
    for question in QUESTIONS:
        assert ranking(offline, question) == ranking(whole, question)


def test_a_bad_new_head_falls_back_to_the_last_good_head_and_its_kept_chunks(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    from client.service import DocService

    publish(tmp_path / "site", records, chunked=True)
    host = FakeHost(tmp_path / "site", SITE)
    clock = Clock()
    service = DocService(data(tmp_path, host, clock, SITE), cache_ttl=0)
    first = to_builtins(service.extract("lib", "1.0", QUESTIONS[0]))
    assert first["provenance"]["stale"] is False and first["sections"]
    # The site is rebuilt; the catalog is valid but the new head it names is not there.
    rebuilt = [{**record, "body": record["body"] + " rebuilt"} for record in records]
    publish(tmp_path / "site", rebuilt, chunked=True)
    catalog = orjson.loads((tmp_path / "site" / "catalog.json").read_bytes())
    (tmp_path / "site" / catalog["entries"][0]["shards"]["1.0"]["path"]).unlink()
    clock.now += 601  # past the TTL: the new catalog is fetched
    answer = to_builtins(service.extract("lib", "1.0", QUESTIONS[0]))
    assert answer["provenance"]["stale"] is True
    assert [s["anchor"] for s in answer["sections"]] == [s["anchor"] for s in first["sections"]]


def forge_head(root: Path, statement: str) -> None:
    """Change the site's head with ``statement`` and list the new head in its catalog, as a
    builder that wrote a wrong head would: the catalog vouches for it."""
    catalog = orjson.loads((root / "catalog.json").read_bytes())
    ref = catalog["entries"][0]["shards"]["1.0"]
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(gzip.decompress((root / ref["path"]).read_bytes()))
    conn.execute(statement)
    raw = conn.serialize()
    conn.close()
    data = gzip.compress(raw, mtime=0)
    (root / ref["path"]).write_bytes(data)
    ref.update(sha256=hashlib.sha256(data).hexdigest(), bytes=len(data), rawBytes=len(raw))
    (root / "catalog.json").write_bytes(orjson.dumps(catalog))


def forged_site(tmp_path: Path, records: list[dict[str, Any]], statement: str) -> SiteData:
    """A client of a site of ``records`` whose head ``statement`` changed (forge_head)."""
    publish(tmp_path / "site", records, chunked=True)
    forge_head(tmp_path / "site", statement)
    return data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE)


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE chunks SET sha256 = 'zz' WHERE id = 2",
        "UPDATE chunks SET first_page = 'abc' WHERE id = 2",
        "UPDATE chunks SET raw_bytes = -5 WHERE id = 2",
        "UPDATE chunks SET raw_bytes = 1 << 40 WHERE id = 2",
        # Larger than any gzip of its raw bytes: the site would be asked for a terabyte.
        "UPDATE chunks SET bytes = 1 << 40 WHERE id = 2",
        "UPDATE chunks SET first_page = 0, last_page = 2147483647",
    ],
)
def test_a_head_whose_chunks_table_is_not_sound_is_refused_when_opened(
    tmp_path: Path, records: list[dict[str, Any]], statement: str
) -> None:
    with pytest.raises(NetworkError, match=r"the shard of lib 1\.0 is invalid: chunk"):
        ranking(forged_site(tmp_path, records, statement), QUESTIONS[0])


def test_a_head_whose_chunks_fail_never_becomes_the_last_good_one(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    from client.service import DocService

    root = tmp_path / "site"
    publish(root, records, chunked=True)
    clock = Clock()
    service = DocService(data(tmp_path, FakeHost(root, SITE), clock, SITE), cache_ttl=0)
    first = to_builtins(service.extract("lib", "1.0", QUESTIONS[0]))
    # A rebuild whose chunks never reached the host: its head opens, its first query fails.
    publish(root, [{**r, "body": r["body"] + " second"} for r in records], chunked=True)
    shutil.rmtree(root / "shards" / "lib" / "index")
    clock.now += 601
    with pytest.raises(NetworkError, match="index/"):
        service.extract("lib", "1.0", QUESTIONS[0])
    # Then a head that cannot even be opened: the version falls back to the first head, the
    # last one that answered, whose chunks are still kept.
    publish(root, [{**r, "body": r["body"] + " third"} for r in records], chunked=True)
    forge_head(root, "UPDATE chunks SET sha256 = 'zz' WHERE id = 2")
    clock.now += 601
    answer = to_builtins(service.extract("lib", "1.0", QUESTIONS[0]))
    assert answer["provenance"]["stale"] is True
    assert [s["anchor"] for s in answer["sections"]] == [s["anchor"] for s in first["sections"]]


def test_a_local_site_folders_chunks_and_packs_are_kept_once_by_sync(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", records, chunked=True)
    site = data(tmp_path, Router(), Clock(), local_index=tmp_path / "site")
    first = site.sync()
    assert first["failures"] == [] and first["chunks"] > 0 and first["packs"] > 0
    again = site.sync()  # everything is in the cache now: nothing is read from the folder again
    assert (again["failures"], again["chunks"], again["packs"]) == ([], 0, 0)


def test_a_local_site_folders_unreadable_chunk_is_its_error_not_a_crash(
    tmp_path: Path, records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    publish(tmp_path / "site", records, chunked=True)
    site = data(tmp_path, Router(), Clock(), local_index=tmp_path / "site")
    read_bytes, chunks = Path.read_bytes, str(tmp_path / "site" / "shards" / "lib" / "index")

    def unreadable(path: Path) -> bytes:
        if str(path).startswith(chunks):
            raise PermissionError(13, "Permission denied", str(path))
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", unreadable)
    failures = site.sync()["failures"]
    assert failures and "cannot read" in failures[0]["error"]
    assert "Permission denied" in failures[0]["error"]


def publish_earlier_head(root: Path, shard_format: str) -> None:
    """List the site's head as an earlier builder wrote it: doctrove-shard@3 (its sections in
    their table, not in columns), @4 (columns that leave out less) or @5 (fewer codes), its
    chunks and packs named by their whole sha256."""
    catalog = orjson.loads((root / "catalog.json").read_bytes())
    ref = catalog["entries"][0]["shards"]["1.0"]
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(gzip.decompress((root / ref["path"]).read_bytes()))
    raw = as_earlier_head(conn, ref["sections"], shard_format, root, "lib")
    conn.close()
    data = gzip.compress(raw, mtime=0)
    (root / ref["path"]).write_bytes(data)
    sha256 = hashlib.sha256(data).hexdigest()
    ref.update(sha256=sha256, bytes=len(data), rawBytes=len(raw), format=shard_format)
    (root / "catalog.json").write_bytes(orjson.dumps(catalog))


@pytest.mark.parametrize("shard_format", [CHUNKED_FORMAT, PLAIN_COLUMNS_FORMAT, DERIVED_FORMAT])
def test_a_head_of_an_earlier_builder_still_answers(
    tmp_path: Path, records: list[dict[str, Any]], shard_format: str
) -> None:
    publish(tmp_path / "whole", records, chunked=False)
    publish(tmp_path / "rows", records, chunked=True)
    publish_earlier_head(tmp_path / "rows", shard_format)
    whole = data(tmp_path / "a", FakeHost(tmp_path / "whole", SITE), Clock(), SITE)
    rows = data(tmp_path / "b", FakeHost(tmp_path / "rows", SITE), Clock(), SITE)
    for question in QUESTIONS:
        assert ranking(rows, question) == ranking(whole, question), question


def test_a_head_is_kept_with_its_sections_put_back_so_that_opening_it_again_is_cheap(
    tmp_path: Path, records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", records, chunked=True)
    site = data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE)
    expected = ranking(site, QUESTIONS[0])
    (kept,) = (tmp_path / "cache" / "v1" / "shards").glob("*.sqlite")
    with closing(sqlite3.connect(kept)) as conn:
        assert conn.execute("SELECT count(*) FROM sections").fetchone() == (len(records),)
        assert conn.execute(f"SELECT count(*) FROM {COLUMNS_TABLE}").fetchone() == (0,)
    again = data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE)
    assert ranking(again, QUESTIONS[0]) == expected


@pytest.mark.parametrize(
    ("statement", "problem"),
    [
        ("UPDATE section_columns SET data = 'x' WHERE name = 'heading'", "'heading' is not JSON"),
        ("DELETE FROM section_columns WHERE name = 'pack'", r"missing \['pack'\]"),
        ("UPDATE section_columns SET data = '[]' WHERE name = 'anchor'", "has 0 values, not 600"),
        (
            "INSERT INTO sections (id, heading, heading_path, body_length, path, anchor, pack) "
            "VALUES (1, 'x', '[]', 0, '', 'x', 1)",
            "sections table is not empty",
        ),
        # As many lengths as sections, but words: what doctrove-shard@6 adds to them (the
        # lengths of their tokens) is not added to words (@5's rows' own checks refused them).
        (
            "UPDATE section_columns SET data = (SELECT json_group_array('long') FROM "
            "json_each((SELECT data FROM section_columns WHERE name = 'heading'))) "
            "WHERE name = 'body_length'",
            "'body_length' holds a value that is not an integer",
        ),
        # Values SQLite cannot store: the rows were put back halfway, or not at all, with a
        # traceback (OverflowError, AttributeError).
        (
            "UPDATE section_columns SET data = (SELECT json_group_array(json('[\"#\"]')) FROM "
            "json_each((SELECT data FROM section_columns WHERE name = 'heading'))) "
            "WHERE name = 'path'",
            "'path' holds a list, not a string",
        ),
        (
            "UPDATE section_columns SET data = '[[18446744073709551615, 600]]' WHERE name = 'pack'",
            "'pack' holds a number past SQLite's 64-bit integers",
        ),
        (
            "UPDATE section_columns SET data = json_set(data, '$[#-1]', json('null')) "
            "WHERE name = 'body_length'",
            "'body_length' holds null, which",
        ),
        # Section 2 the child of section 1, whose path is an array nested 300 deep: orjson
        # reads it, but refused to write the child's (TypeError: Recursion limit reached).
        (
            "UPDATE section_columns SET data = json_set(data, '$[0]', "
            f"'{'[' * 300}{']' * 300}', '$[1]', 1) WHERE name = 'heading_path'",
            "a heading path that is not a JSON array of strings has a child",
        ),
    ],
)
def test_a_head_whose_section_columns_are_damaged_is_refused_when_opened(
    tmp_path: Path, records: list[dict[str, Any]], statement: str, problem: str
) -> None:
    with pytest.raises(NetworkError, match=rf"the shard of lib 1\.0 is invalid: .*{problem}"):
        ranking(forged_site(tmp_path, records, statement), QUESTIONS[0])


@contextmanager
def files_limited_to(size: int) -> Iterator[None]:
    """No file of this process may grow past ``size`` bytes, as on a full disk: a write past
    it fails (EFBIG) instead of stopping the process (SIGXFSZ)."""
    import resource
    import signal

    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


@pytest.mark.skipif(sys.platform == "win32", reason="limits a file's size (POSIX)")
def test_a_full_disk_while_a_heads_rows_are_put_back_stores_no_half_written_head(
    tmp_path: Path, records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import client.shard_store

    publish(tmp_path / "site", records, chunked=True)

    def on_a_full_disk(conn: sqlite3.Connection, count: int) -> None:
        (_, _, file) = conn.execute("PRAGMA database_list").fetchone()
        if not os.path.isabs(file):  # a head opened in memory
            restore_rows(conn, count)
            return
        with files_limited_to(Path(file).stat().st_size):
            restore_rows(conn, count)
            conn.execute("COMMIT")  # the rows' pages are written here, without a journal
        conn.execute("BEGIN")

    monkeypatch.setattr(client.shard_store, "restore_rows", on_a_full_disk)
    site = data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE)
    # The cache's error, which says what to do; not the site's head "malformed".
    with pytest.raises(ClientError, match=r"cannot write to the cache directory .* free some"):
        ranking(site, QUESTIONS[0])
    assert list((tmp_path / "cache" / "v1" / "shards").glob("*.sqlite")) == []
    monkeypatch.undo()
    assert ranking(site, QUESTIONS[0])


@pytest.mark.parametrize("bound", ["sections", "text"])
def test_a_version_larger_than_a_head_sends_as_columns_keeps_its_rows(
    tmp_path: Path, records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, bound: str
) -> None:
    import schemas.derived_columns
    import schemas.section_columns

    publish(tmp_path / "columns", records, chunked=True)  # by a builder without the bound
    if bound == "sections":
        monkeypatch.setattr(schemas.section_columns, "MAX_COLUMN_SECTIONS", len(records) - 1)
        refusal = f"it counts {len(records)} sections, more than"
    else:  # rows whose text a client would refuse to make (the examples' are far below it)
        monkeypatch.setattr(schemas.derived_columns, "MAX_ROW_CHARS", 1000)
        refusal = "make rows of more than 1000 characters"
    publish(tmp_path / "whole", records, chunked=False)
    catalog = make_site(tmp_path / "rows", {"lib": {"1.0": records}}, split_index_bytes=0)
    assert catalog["entries"][0]["shards"]["1.0"]["format"] == CHUNKED_FORMAT
    whole = data(tmp_path / "a", FakeHost(tmp_path / "whole", SITE), Clock(), SITE)
    rows = data(tmp_path / "b", FakeHost(tmp_path / "rows", SITE), Clock(), SITE)
    for question in QUESTIONS:
        assert ranking(rows, question) == ranking(whole, question), question
    # A head that sends them as columns anyway is refused before its columns are read.
    site = data(tmp_path / "c", FakeHost(tmp_path / "columns", SITE), Clock(), SITE)
    with pytest.raises(NetworkError, match=refusal):
        ranking(site, QUESTIONS[0])


SIX, FIVE = SHORT_NAMES_FORMAT, DERIVED_FORMAT


@pytest.mark.parametrize(
    ("shard_format", "statement", "problem"),
    [
        # A doctrove-shard@6 head names its packs by 32 digits: a whole sha256 is an earlier
        # format's name (it was fetched, and the site asked for a file it never had).
        (SIX, "UPDATE packs SET sha256 = sha256 || sha256 WHERE id = 1", "is not 32 lowercase"),
        (SIX, "UPDATE packs SET sha256 = substr(sha256, 1, 31) WHERE id = 1", "is not 32 lower"),
        (SIX, "UPDATE packs SET sha256 = sha256 || '0' WHERE id = 1", "is not 32 lowercase hex"),
        (SIX, "UPDATE packs SET sha256 = upper(sha256) WHERE id = 1", "is not 32 lowercase hex"),
        (SIX, "UPDATE packs SET sha256 = sha256 || char(10) WHERE id = 1", "is not 32 lowercase"),
        (SIX, "UPDATE packs SET sha256 = '../../../catalog' WHERE id = 1", "is not 32 lowercase"),
        (SIX, "UPDATE packs SET sha256 = 12345 WHERE id = 1", "is not 32 lowercase hex"),
        (SIX, "UPDATE packs SET sha256 = X'00' WHERE id = 1", "is not 32 lowercase hex"),
        (SIX, "UPDATE packs SET bytes = 'abc' WHERE id = 1", "size 'abc' is not"),
        (SIX, "UPDATE packs SET bytes = -1 WHERE id = 1", "size -1 is not"),
        # An earlier format's head names them by the whole sha256: 32 digits are not its names.
        (FIVE, "UPDATE packs SET sha256 = substr(sha256, 1, 32) WHERE id = 1", "is not 64 lower"),
    ],
)
def test_a_head_whose_packs_table_is_not_sound_is_refused_when_opened_and_by_sync(
    tmp_path: Path,
    records: list[dict[str, Any]],
    shard_format: str,
    statement: str,
    problem: str,
) -> None:
    from client.service import DocService

    publish(tmp_path / "site", records, chunked=True)
    if shard_format != SHORT_NAMES_FORMAT:  # as the builder before doctrove-shard@6 wrote it
        publish_earlier_head(tmp_path / "site", shard_format)
    forge_head(tmp_path / "site", statement)
    host = FakeHost(tmp_path / "site", SITE)
    refusal = rf"the shard of lib 1\.0 is invalid: pack 1: its .*{problem}"
    service = DocService(data(tmp_path / "a", host, Clock(), SITE), cache_ttl=0)
    with pytest.raises(NetworkError, match=refusal):
        service.extract("lib", "1.0", QUESTIONS[0])
    # docclient sync reports it as the version's failure, not with a traceback (ValueError).
    failures = data(tmp_path / "b", host, Clock(), SITE).sync()["failures"]
    assert len(failures) == 1 and re.search(refusal, failures[0]["error"])
    assert not [path for path in host.paths() if "/bodies/" in path]


@pytest.mark.parametrize("shard_format", [SHORT_NAMES_FORMAT, DERIVED_FORMAT])
def test_a_chunk_one_site_left_in_the_cache_is_read_for_another_only_by_its_whole_sha256(
    tmp_path: Path, records: list[dict[str, Any]], shard_format: str
) -> None:
    # A doctrove-shard@6 head names its chunks by 128 bits of their sha256: another site could
    # list a file made to share them, so each site keeps its own. A whole sha256 (a @5 head's
    # names) names the content alone: the chunk is shared.
    first, second = FakeHost(tmp_path / "first", SITE), FakeHost(tmp_path / "second", PUBLIC)
    for host in (first, second):
        publish(host.root, records, chunked=True)
        if shard_format == DERIVED_FORMAT:
            publish_earlier_head(host.root, DERIVED_FORMAT)
    expected = ranking(data(tmp_path, first, Clock(), SITE), QUESTIONS[0])
    assert chunk_paths(first)
    assert ranking(data(tmp_path, second, Clock(), PUBLIC), QUESTIONS[0]) == expected
    assert len(chunk_paths(second)) == (
        len(chunk_paths(first)) if shard_format == SHORT_NAMES_FORMAT else 0
    )
