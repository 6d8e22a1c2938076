"""SiteData and body packs: an answer fetches the search shard and only the packs it reads, all
at once; a pack that does not match its hash is refused, in answers and in sync."""

from __future__ import annotations

import gzip
import hashlib
import sqlite3
from pathlib import Path

import orjson
import pytest

from client.errors import NetworkError
from client.section_bodies import prefetch_bodies
from client.service import DocService
from client.site_data import SiteData
from schemas.body_packs import MAX_PACK_BYTES
from tests.site_data_support import PUBLIC, SITE, Clock, FakeHost, data, make_site, refused

TWO_PAGES = [
    {"heading": "Open", "body": "Open a file.", "path": "p", "source": "a.md", "anchor": "open"},
    {"heading": "Read", "body": "Read it.", "path": "p", "source": "a.md", "anchor": "read"},
    {"heading": "Close", "body": "Close it.", "path": "p", "source": "b.md", "anchor": "close"},
]


def read_body(site: SiteData, section_id: int) -> str:
    with site.reading_shard("flask", "3.1.0") as shard:
        row = shard.connection.execute("SELECT body FROM sections WHERE id = ?", (section_id,))
        return str(row.fetchone()[0])


def test_an_answer_fetches_the_search_shard_and_only_the_packs_it_reads(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    site = data(tmp_path, host, Clock(), SITE)
    with site.reading_shard("flask", "3.1.0") as shard:
        lengths = shard.connection.execute("SELECT body_length FROM sections ORDER BY id")
        assert [n for (n,) in lengths] == [len(r["body"]) for r in TWO_PAGES]
    assert not [p for p in host.paths() if "/bodies/" in p]  # ranking reads no body
    assert read_body(site, 2) == "Read it."
    assert read_body(site, 1) == "Open a file."  # the same pack: from the cache
    packs = [p for p in host.paths() if "/bodies/" in p]
    assert len(packs) == 1 and packs[0].endswith(".json.gz")
    # Offline, a cached pack still answers; an uncached one is the site's failure, and the
    # search shard stays in the cache (it is not damaged).
    host.fault = refused
    offline = data(tmp_path, host, Clock(), SITE, cache_ttl=0)
    assert read_body(offline, 1) == "Open a file."
    with pytest.raises(NetworkError, match=r"bodies/.*Connection refused"):
        read_body(offline, 3)
    assert len(list((tmp_path / "cache" / "v1" / "shards").glob("*.sqlite"))) == 1


def test_a_pack_the_stopped_site_cannot_send_is_named_with_its_site_and_retry(
    tmp_path: Path,
) -> None:
    # The first question after the site stopped got "could not fetch https://…/bodies/<hash>
    # .json.gz: ConnectError" with the pack's URL as its hint, while the same question a moment
    # later said that the pack is not cached, which site failed and when it is tried again.
    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    assert read_body(data(tmp_path, host, Clock(), SITE), 1) == "Open a file."
    host.fault = refused
    offline = data(tmp_path, host, Clock(), SITE)
    for call in ("downloads and fails", "in the cooldown"):
        with pytest.raises(NetworkError) as failed:
            read_body(offline, 3)
        message = failed.value.message
        assert message.startswith("the body pack shards/flask/bodies/"), (call, message)
        assert f".json.gz is not cached and {SITE} " in message, (call, message)
        assert message.endswith("; it is tried again in 30 s"), (call, message)
        assert failed.value.hints == [SITE], call


def test_an_answer_with_its_site_down_shows_the_sections_the_cache_holds_and_names_the_others(
    tmp_path: Path,
) -> None:
    # With the site stopped and one page's pack cached, doc_extract on a focus that page and an
    # uncached one both match failed whole ("could not fetch …/bodies/…: ConnectError"), where
    # the cached page still answers. Once the site answers, so does the whole answer.
    host = FakeHost(tmp_path / "private", SITE)
    pages = [
        {
            "heading": "Open",
            "body": "Open a file handle.",
            "path": "p",
            "source": "a.md",
            "anchor": "open",
        },
        {
            "heading": "Close",
            "body": "Close the file handle.",
            "path": "p",
            "source": "b.md",
            "anchor": "close",
        },
    ]
    make_site(host.root, {"flask": {"3.1.0": pages}})
    clock = Clock()
    online = DocService(data(tmp_path, host, clock, SITE))
    assert [s.anchor for s in online.extract("flask", "3.1.0", "open").sections] == ["open"]
    host.fault = refused
    service = DocService(data(tmp_path, host, clock, SITE))
    answer = service.extract("flask", "3.1.0", "file handle")
    assert [s.anchor for s in answer.sections] == ["open"]
    assert answer.hint is not None
    assert (
        "1 section(s) that match left out, their text not cached and the site failing: "
        in answer.hint
    )
    assert "Close (b.md#close); ask again once the site answers" in answer.hint
    host.fault = None
    clock.now += 31  # past the site's cooldown
    again = service.extract("flask", "3.1.0", "file handle")
    assert sorted(s.anchor for s in again.sections) == ["close", "open"]
    assert "left out" not in (again.hint or "")


def test_the_packs_of_an_answer_are_fetched_together_before_its_bodies_are_read(
    tmp_path: Path,
) -> None:
    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    site = data(tmp_path, host, Clock(), SITE)
    with site.reading_shard("flask", "3.1.0") as shard:
        prefetch_bodies(shard.connection, [1, 3])  # a.md and b.md: two packs
        fetched = [p for p in host.paths() if "/bodies/" in p]
        rows = shard.connection.execute("SELECT body FROM sections WHERE id IN (1, 3) ORDER BY id")
        assert [body for (body,) in rows] == ["Open a file.", "Close it."]
    assert len(fetched) == 2
    assert [p for p in host.paths() if "/bodies/" in p] == fetched  # none fetched again


def tamper_every_pack(root: Path) -> None:
    for pack in (root / "shards" / "flask" / "bodies").iterdir():
        tampered = bytearray(pack.read_bytes())
        tampered[-12] ^= 1  # same size, another sha256
        pack.write_bytes(bytes(tampered))


def test_a_body_read_after_a_failed_prefetch_reports_the_cause_not_the_cool_down(
    tmp_path: Path,
) -> None:
    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    tamper_every_pack(host.root)
    site = data(tmp_path, host, Clock(), SITE)
    refused_pack = pytest.raises(NetworkError, match="is not the body pack the search shard lists")
    with refused_pack, site.reading_shard("flask", "3.1.0") as shard:
        prefetch_bodies(shard.connection, [1, 3])  # both fail; the remote cools down
        shard.connection.execute("SELECT body FROM sections WHERE id = 1").fetchone()


def test_a_body_pack_that_does_not_match_its_hash_is_refused(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    tamper_every_pack(host.root)
    site = data(tmp_path, host, Clock(), SITE)
    with pytest.raises(NetworkError, match="is not the body pack the search shard lists"):
        read_body(site, 1)


def test_sync_reports_a_body_pack_that_does_not_match_its_hash(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    packs = sorted((host.root / "shards" / "flask" / "bodies").iterdir())
    tampered = bytearray(packs[0].read_bytes())
    tampered[-12] ^= 1  # same size, another sha256
    packs[0].write_bytes(bytes(tampered))
    summary = data(tmp_path, host, Clock(), SITE).sync()
    assert summary["downloaded"] == 1
    assert [f["version"] for f in summary["failures"]] == ["3.1.0"]
    assert "is not the body pack the search shard lists" in summary["failures"][0]["error"]


def test_a_pack_listed_larger_than_any_pack_is_refused_without_asking_the_site(
    tmp_path: Path,
) -> None:
    # A forged search shard, vouched for by its catalog, lists a pack of a terabyte: the site
    # would have been asked for it and everything it sent kept in memory until the timeout.
    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    catalog = orjson.loads((host.root / "catalog.json").read_bytes())
    ref = catalog["entries"][0]["shards"]["3.1.0"]
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(gzip.decompress((host.root / ref["path"]).read_bytes()))
    conn.execute("UPDATE packs SET bytes = 1 << 40")
    forged = gzip.compress(conn.serialize(), mtime=0)
    conn.close()
    (host.root / ref["path"]).write_bytes(forged)
    ref.update(sha256=hashlib.sha256(forged).hexdigest(), bytes=len(forged))
    (host.root / "catalog.json").write_bytes(orjson.dumps(catalog))
    site = data(tmp_path, host, Clock(), SITE)
    # Refused as the shard is opened, before a query reads a body.
    refusal = f"is invalid: pack 1: its size {1 << 40} is not 1 to {MAX_PACK_BYTES} bytes"
    with pytest.raises(NetworkError, match=refusal):
        read_body(site, 1)
    assert not [p for p in host.paths() if "/bodies/" in p]


def test_a_kept_pack_of_another_size_is_not_read_though_its_name_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import client.section_bodies
    from client.disk_cache import DiskCache

    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}})
    assert read_body(data(tmp_path, host, Clock(), SITE), 1) == "Open a file."
    (kept,) = (tmp_path / "cache").glob("v1/derived/bodies-*")
    # Other bodies of the same lengths under the pack's name, as if their sha256 began with it
    # (a doctrove-shard@6 name is 32 digits of it): a pack of another size is not the listed
    # one, as a download of it would not be.
    other = gzip.compress(orjson.dumps(["Evil a file.", "Evil it!"]), compresslevel=0)
    DiskCache(tmp_path / "cache").write_derived(kept.name, other)
    monkeypatch.setattr(client.section_bodies, "names_content", lambda _name, _data: True)
    assert read_body(data(tmp_path, host, Clock(), SITE), 1) == "Open a file."


@pytest.mark.parametrize("split_index_bytes", [None, 0])
def test_a_pack_one_site_left_in_the_cache_is_read_for_another_only_by_its_whole_sha256(
    tmp_path: Path, split_index_bytes: int | None
) -> None:
    # A doctrove-shard@6 head (split_index_bytes=0) names packs by 128 bits of their sha256:
    # another site could list a file made to share them, so each site keeps its own. A whole
    # sha256 (a doctrove-shard@2 shard) names the content alone: the file is shared.
    first, second = FakeHost(tmp_path / "first", SITE), FakeHost(tmp_path / "second", PUBLIC)
    for host in (first, second):
        make_site(host.root, {"flask": {"3.1.0": TWO_PAGES}}, split_index_bytes=split_index_bytes)
    assert read_body(data(tmp_path, first, Clock(), SITE), 1) == "Open a file."
    assert read_body(data(tmp_path, second, Clock(), PUBLIC), 1) == "Open a file."
    fetched_again = [p for p in second.paths() if "/bodies/" in p]
    kept = list((tmp_path / "cache").glob("v1/derived/bodies-*"))
    if split_index_bytes == 0:
        assert len(fetched_again) == 1 and len(kept) == 2
    else:
        assert fetched_again == [] and len(kept) == 1
