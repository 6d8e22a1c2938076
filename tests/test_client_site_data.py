"""SiteData: merging sources, fallbacks with provenance, cooldowns and revalidation by a fake clock,
and every failure a site can have, produced with httpx.MockTransport."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from msgspec import to_builtins

from client import catalog_loader
from client.errors import NetworkError, NotFound, VersionNotFound
from client.model import Fallback
from client.service import DocService
from tests.site_data_support import (
    ISO_START,
    PUBLIC,
    SITE,
    Body,
    Clock,
    FakeHost,
    Router,
    data,
    have_shard,
    make_index,
    make_site,
    records,
    refused,
)


@pytest.fixture
def host(tmp_path: Path) -> FakeHost:
    make_site(tmp_path / "private", {"flask": {"3.1.0": records("flask", "3.1.0")}})
    return FakeHost(tmp_path / "private", SITE)


def test_a_site_is_fetched_once_and_revalidated_after_the_ttl(
    tmp_path: Path, host: FakeHost
) -> None:
    clock = Clock()
    site = data(tmp_path, host, clock, SITE)
    (entry,) = site.entries()
    assert (entry.id, entry.versions, entry.provenance.kind) == ("flask", ("3.1.0",), "remote")
    assert entry.provenance.source == SITE
    assert entry.provenance.fetched_at == "2027-01-15T08:00:00Z"
    assert entry.provenance.build_time == "2026-01-01T00:00:00Z"
    assert not entry.provenance.stale
    clock.now += 599
    site.refresh_if_due()
    assert host.paths() == ["/docs/catalog.json"]
    clock.now += 1
    site.refresh_if_due()
    assert host.paths() == ["/docs/catalog.json"] * 2
    assert host.requests[1].headers["if-none-match"].startswith('"')
    assert site.entry("flask") == entry  # a 304 changes nothing
    assert site.status()["sources"][0]["checkedAt"] == "2027-01-15T08:10:00Z"


def test_a_second_process_with_a_warm_cache_asks_nothing_within_the_ttl(
    tmp_path: Path, host: FakeHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    first = data(tmp_path, host, clock, SITE)
    have_shard(first, "flask", "3.1.0")
    assert len(host.requests) == 2

    def no_validation(document: Any) -> list[str]:
        raise AssertionError("a stored verdict must spare the validation")

    monkeypatch.setattr(catalog_loader, "catalog_problems", no_validation)
    second = data(tmp_path, host, clock, SITE)
    with second.reading_shard("flask", "3.1.0") as shard:
        rows = shard.connection.execute("SELECT heading FROM sections").fetchall()
    assert rows == [("flask 3.1.0 intro",)]
    assert len(host.requests) == 2


def truncated(request: httpx.Request) -> httpx.Response:
    stream = Body(b'{"format": "doctrove-cat')
    return httpx.Response(200, headers={"Content-Length": "4000"}, stream=stream)


FAULTS: dict[str, tuple[Callable[[httpx.Request], httpx.Response], str]] = {}


def fault(name: str, message: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(handler: Callable[[httpx.Request], httpx.Response]) -> Any:
        FAULTS[name] = (handler, message)
        return handler

    return register


fault("refused", "could not fetch .*ConnectError")(refused)


@fault("timeout", "did not answer within 5 s")
def timeout(request: httpx.Request) -> httpx.Response:
    raise httpx.ReadTimeout("timed out", request=request)


@fault("http-500", "answered HTTP 500")
def server_error(request: httpx.Request) -> httpx.Response:
    return httpx.Response(500)


@fault("http-403", "answered HTTP 403")
def forbidden(request: httpx.Request) -> httpx.Response:
    return httpx.Response(403)


@fault("truncated", "truncated")
def short_body(request: httpx.Request) -> httpx.Response:
    return truncated(request)


@fault("invalid-json", "invalid catalog: not valid JSON")
def invalid_json(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, stream=Body(b'{"format": "doctrove-catalog@1", "entries": [}'))


@fault("schema-invalid", "invalid catalog: /entries/0: Object missing required field `shards`")
def schema_invalid(request: httpx.Request) -> httpx.Response:
    document = {
        "format": "doctrove-catalog@1",
        "buildId": "b" * 64,
        "builderVersion": "x",
        "site": {"title": "t", "baseUrl": ""},
        "entries": [{"id": "flask", "name": "Flask", "versions": ["9.9"]}],
    }
    return httpx.Response(200, stream=Body(orjson.dumps(document)))


@fault("304-with-nothing-stored", "304 Not Modified but nothing is stored")
def not_modified(request: httpx.Request) -> httpx.Response:
    return httpx.Response(304)


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_a_failing_site_falls_back_to_its_copy_cools_down_and_recovers(
    tmp_path: Path, host: FakeHost, name: str
) -> None:
    handler, message = FAULTS[name]
    clock = Clock()
    site = data(tmp_path, host, clock, SITE)
    fetched_at = site.entries()[0].provenance.fetched_at
    clock.now += 601
    host.fault = handler if name != "304-with-nothing-stored" else server_error
    site.refresh_if_due()
    (entry,) = site.entries()
    assert (entry.provenance.kind, entry.provenance.stale) == ("disk", True)
    assert entry.provenance.fetched_at == fetched_at
    asked = len(host.requests)
    clock.now += 29
    site.refresh_if_due()
    assert len(host.requests) == asked  # cooling down: not asked
    status = site.status()["sources"][0]
    assert (status["state"], status["retryInSeconds"]) == ("failed", 1.0)
    assert re.search(message if host.fault is handler else "HTTP 500", status["error"])
    host.fault = None
    clock.now += 1
    site.refresh_if_due()
    assert len(host.requests) == asked + 1
    (entry,) = site.entries()
    assert (entry.provenance.kind, entry.provenance.stale) == ("remote", False)
    # Without a copy on disk the failure leaves nothing to answer from: an error naming the site.
    cold = data(tmp_path / "cold", host, clock, SITE)
    host.fault = handler
    with pytest.raises(NetworkError, match=f"^{re.escape(SITE)} failed .*since "):
        cold.entries()
    assert re.search(message, cold.status()["sources"][0]["error"])


def test_a_304_to_an_unconditional_request_is_a_failure(tmp_path: Path, host: FakeHost) -> None:
    host.fault = not_modified
    local = make_index(tmp_path / "local.json", {"flask": ["2.0.0"]})
    site = data(tmp_path, host, Clock(), SITE, local_index=local)
    (entry,) = site.entries()
    assert (entry.versions, entry.provenance.kind) == (("2.0.0",), "local")
    assert "nothing is stored" in site.status()["sources"][0]["error"]


def test_with_the_result_cache_off_every_call_asks_again(tmp_path: Path, host: FakeHost) -> None:
    clock = Clock()
    site = data(tmp_path, host, clock, SITE, cache_ttl=0)
    site.entries()
    host.fault = server_error
    site.refresh_if_due()
    site.refresh_if_due()
    host.fault = None
    site.refresh_if_due()
    assert host.paths() == ["/docs/catalog.json"] * 4
    assert site.entries()[0].provenance.kind == "remote"


def test_a_bad_shard_is_a_network_failure_and_starts_the_cooldown(
    tmp_path: Path, host: FakeHost
) -> None:
    clock = Clock()
    site = data(tmp_path, host, clock, SITE)
    site.entries()
    # The shard file, not its bodies folder beside it (iterdir's order is the file system's).
    shard = next((tmp_path / "private" / "shards" / "flask").glob("*.sqlite*"))
    shard.write_bytes(shard.read_bytes()[:-1] + b"!")
    with pytest.raises(NetworkError, match="has sha256"):
        have_shard(site, "flask", "3.1.0")
    asked = len(host.requests)
    with pytest.raises(NetworkError, match=r"not cached and .* failed .*tried again in 30 s"):
        have_shard(site, "flask", "3.1.0")
    assert len(host.requests) == asked
    assert not list((tmp_path / "cache" / "v1" / "shards").glob("*.sqlite"))


def test_versions_merge_across_sites_and_each_version_names_its_source(tmp_path: Path) -> None:
    """The issue's scenario: a private fork of one werkzeug version must not hide the public
    site's other versions; a version both have comes from the first site."""
    private = FakeHost(tmp_path / "private", SITE)
    fork = [{"heading": "fork 3.1.3", "body": "The fork.", "path": "p"}]
    make_site(
        private.root,
        {"werkzeug": {"3.2.0": records("werkzeug", "3.2.0"), "3.1.3": fork}},
        "Private ",
    )
    public = FakeHost(tmp_path / "public", PUBLIC)
    make_site(
        public.root,
        {
            "werkzeug": {v: records("werkzeug", v) for v in ("3.1.3", "2.3.8")},
            "zod": {"3.24.1": records("zod", "3.24.1")},
        },
    )
    local = make_index(tmp_path / "local.json", {"zod": ["1.0"], "dayjs": ["1.11.13"]})
    site = data(tmp_path, Router(private, public), Clock(), SITE, PUBLIC, local_index=local)
    found = {
        e.id: (e.name, e.versions, {v: e.provenance_of(v).source for v in e.versions})
        for e in site.entries()
    }
    assert found == {
        "werkzeug": (
            "Private werkzeug",
            ("3.2.0", "3.1.3", "2.3.8"),
            {"3.2.0": SITE, "3.1.3": SITE, "2.3.8": PUBLIC},
        ),
        "zod": ("zod", ("3.24.1", "1.0"), {"3.24.1": PUBLIC, "1.0": str(local)}),
        "dayjs": ("dayjs", ("1.11.13",), {"1.11.13": str(local)}),
    }
    headings = {}
    for version in ("2.3.8", "3.1.3"):
        with site.reading_shard("werkzeug", version) as shard:
            headings[version] = shard.connection.execute("SELECT heading FROM sections").fetchall()
    assert headings == {"2.3.8": [("werkzeug 2.3.8 intro",)], "3.1.3": [("fork 3.1.3",)]}
    with site.reading_shard("dayjs", "1.11.13") as shard:  # built from the local index's volume
        assert shard.connection.execute("SELECT body FROM sections").fetchall() == [
            ("About dayjs.",)
        ]
    assert [s["state"] for s in site.status()["sources"]] == ["ok", "ok", "ok"]
    sync = site.sync()
    assert (sync["shards"], sync["failures"]) == (6, [])


def test_the_bundled_index_answers_only_without_sites_or_when_allowed(tmp_path: Path) -> None:
    bundled = make_index(tmp_path / "bundled.json", {"express": ["5.1.0"]})
    alone = data(tmp_path, Router(), Clock(), bundled=bundled)
    assert [(e.id, e.provenance.kind) for e in alone.entries()] == [("express", "bundled")]
    assert alone.entries()[0].provenance.fallback is None
    down = data(tmp_path, Router(), Clock(), SITE, bundled=bundled)
    with pytest.raises(NetworkError, match=f"^{re.escape(SITE)} failed .*--allow-bundled") as err:
        down.entries()
    assert err.value.hints == [SITE]
    allowed = data(tmp_path, Router(), Clock(), SITE, bundled=bundled, allow_bundled=True)
    (entry,) = allowed.entries()
    assert entry.provenance.kind == "bundled"
    assert entry.provenance.fallback is not None and entry.provenance.fallback.site == SITE
    local = make_index(tmp_path / "local.json", {"zod": ["1.0"]})
    with_local = data(tmp_path, Router(), Clock(), SITE, bundled=bundled, local_index=local)
    (entry,) = with_local.entries()
    assert entry.id == "zod"
    assert entry.provenance.fallback == Fallback(
        SITE, f"could not fetch {SITE}catalog.json: ConnectError: connection refused", ISO_START
    )


def test_a_fallback_names_the_failed_site_why_and_since_when(
    tmp_path: Path, host: FakeHost
) -> None:
    clock = Clock()
    public = FakeHost(tmp_path / "public", PUBLIC)
    make_site(public.root, {"zod": {"3.24.1": records("zod", "3.24.1")}})
    site = data(tmp_path, Router(host, public), clock, SITE, PUBLIC)
    assert {e.provenance.fallback for e in site.entries()} == {None}
    clock.now += 601
    host.fault = server_error
    site.refresh_if_due()
    why = f"{SITE}catalog.json answered HTTP 500"
    expected = Fallback(SITE, why, "2027-01-15T08:10:01Z")
    # The failed site's last good copy and the site it outranks both say so.
    assert {e.id: e.provenance.fallback for e in site.entries()} == {
        "flask": expected,
        "zod": expected,
    }
    clock.now += 31  # past the cooldown: it fails again, and has been failing since the first
    site.refresh_if_due()
    assert site.entries()[0].provenance.fallback == expected
    assert site.status()["sources"][0]["failingSince"] == "2027-01-15T08:10:01Z"
    # A new process sharing the cache says since when too, not since its own first try.
    later = data(tmp_path, Router(host, public), clock, SITE, PUBLIC, cache_ttl=0)
    assert later.entries()[0].provenance.fallback == expected
    host.fault = None
    clock.now += 31
    site.refresh_if_due()
    assert {e.provenance.fallback for e in site.entries()} == {None}
    # An answer clears the record: a new failure is a new "since".
    host.fault = server_error
    again = data(tmp_path, Router(host, public), clock, SITE, PUBLIC, cache_ttl=0)
    assert again.entries()[0].provenance.fallback == Fallback(SITE, why, "2027-01-15T08:11:03Z")


def test_a_later_site_failing_is_no_fallback_for_the_first(tmp_path: Path, host: FakeHost) -> None:
    site = data(tmp_path, Router(host), Clock(), SITE, PUBLIC)
    (entry,) = site.entries()
    assert (entry.id, entry.provenance.kind, entry.provenance.fallback) == ("flask", "remote", None)
    assert site.status()["sources"][1]["state"] == "failed"


def test_credentials_go_into_requests_and_nowhere_else(tmp_path: Path, host: FakeHost) -> None:
    secret_url = SITE.replace("https://", "https://reader:s3cret@")
    site = data(tmp_path, host, Clock(), secret_url)
    (entry,) = site.entries()
    have_shard(site, "flask", "3.1.0")
    assert entry.provenance.source == SITE
    expected = "Basic " + base64.b64encode(b"reader:s3cret").decode()
    assert [r.headers.get("authorization") for r in host.requests] == [expected, expected]
    assert "s3cret" not in orjson.dumps(site.status()).decode()
    host.fault = server_error
    failing = data(tmp_path / "cold", host, Clock(), secret_url)
    with pytest.raises(NetworkError) as err:
        failing.entries()
    assert "s3cret" not in err.value.message + "".join(err.value.hints)
    assert "s3cret" not in orjson.dumps(failing.status()).decode()


def test_a_plain_index_host_works_through_index_json(tmp_path: Path) -> None:
    root = tmp_path / "plain"
    root.mkdir()
    make_index(root / "index.json", {"express": ["5.1.0", "4.21.2"]})
    host = FakeHost(root, SITE)
    site = data(tmp_path, host, Clock(), SITE)
    (entry,) = site.entries()
    assert (entry.id, entry.shards, entry.provenance.kind) == ("express", {}, "remote")
    for _ in range(2):
        with site.reading_shard("express", "4.21.2") as shard:
            assert shard.connection.execute("SELECT heading FROM sections").fetchall() == [
                ("express 4.21.2 intro",)
            ]
    assert host.paths() == ["/docs/catalog.json", "/docs/lookup.json", "/docs/index.json"]
    assert site.status()["sources"][0]["document"] == "index"


def test_a_host_answering_every_address_with_a_page_is_read_past(tmp_path: Path) -> None:
    # A host that sends its page with 200 for an address it has no file for (a single-page
    # app's fallback): catalog.json's page failed as "sent an invalid catalog: not valid JSON",
    # so a site published as index.json (or a large one's lookup.json) was never asked for.
    root = tmp_path / "plain"
    root.mkdir()
    make_index(root / "index.json", {"express": ["5.1.0"]})
    files = FakeHost(root, SITE)
    page = b"<!doctype html><html><body>App</body></html>"

    def host(request: httpx.Request) -> httpx.Response:
        if (root / str(request.url)[len(SITE) :]).is_file():
            return files(request)
        return httpx.Response(200, headers={"Content-Type": "text/html"}, stream=Body(page))

    (entry,) = data(tmp_path, host, Clock(), SITE).entries()
    assert entry.id == "express"
    (root / "index.json").unlink()
    with pytest.raises(NetworkError) as failure:
        data(tmp_path / "again", host, Clock(), SITE).entries()
    assert (
        f"{SITE} is not a doctrove site: catalog.json, lookup.json and index.json all answered "
        "404 or an HTML page (a host's page for any address); give the address of the folder"
    ) in str(failure.value)


def test_unknown_ids_versions_and_shard_formats(tmp_path: Path, host: FakeHost) -> None:
    site = data(tmp_path, host, Clock(), SITE)
    with pytest.raises(NotFound, match="no library with id 'flsk'"):
        have_shard(site, "flsk", "3.1.0")
    with pytest.raises(VersionNotFound, match=r"it has 3\.1\.0") as caught:
        have_shard(site, "flask", "2.0")
    assert caught.value.hints == ["3.1.0"]
    catalog = orjson.loads((host.root / "catalog.json").read_bytes())
    # A format newer than any this client reads.
    catalog["entries"][0]["shards"]["3.1.0"]["format"] = "doctrove-shard@99"
    (host.root / "catalog.json").write_bytes(orjson.dumps(catalog))
    newer = data(tmp_path / "other", host, Clock(), SITE)
    assert newer.entry("flask") is not None and newer.entry("flask").shards == {}  # type: ignore[union-attr]
    with pytest.raises(NetworkError, match="upgrade docclient"):
        have_shard(newer, "flask", "3.1.0")


def test_sync_fetches_every_shard_and_reports_progress(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "private", SITE)
    make_site(
        host.root,
        {
            "flask": {v: records("flask", v) for v in ("3.1.0", "2.3.3")},
            "zod": {"3.24.1": records("zod", "3.24.1")},
        },
    )
    site = data(tmp_path, host, Clock(), SITE)
    seen: list[tuple[int, int, str]] = []
    summary = site.sync(lambda done, total, label: seen.append((done, total, label)))
    assert summary == {
        "shards": 3,
        "cached": 0,
        "downloaded": 3,
        "built": 0,
        "copied": 0,
        "packs": 2,  # flask's two versions have the same body, so one pack: content-addressed
        "chunks": 0,  # shards this small are not cut by term
        "trimmed": 0,  # all of it fits in the cache budget
        "skipped": 0,
        "failures": [],
    }
    assert seen == [(1, 3, "flask 3.1.0"), (2, 3, "flask 2.3.3"), (3, 3, "zod 3.24.1")]
    host.fault = refused
    again = site.sync()
    assert (again["cached"], again["downloaded"]) == (3, 0)
    assert again["failures"][0]["source"] == SITE


def test_a_changed_site_replaces_the_entries_and_the_old_copy(
    tmp_path: Path, host: FakeHost
) -> None:
    clock = Clock()
    site = data(tmp_path, host, clock, SITE)
    assert site.entry("flask").versions == ("3.1.0",)  # type: ignore[union-attr]
    make_site(host.root, {"flask": {v: records("flask", v) for v in ("3.2.0", "3.1.0")}})
    clock.now += 600
    site.refresh_if_due()
    entry = site.entry("flask")
    assert entry is not None and entry.versions == ("3.2.0", "3.1.0")
    assert entry.provenance.fetched_at == "2027-01-15T08:10:00Z"
    blobs = list((tmp_path / "cache" / "v1" / "blobs").iterdir())
    assert [b.read_bytes() for b in blobs] == [(host.root / "catalog.json").read_bytes()]


def test_a_corrupt_copy_on_disk_is_fetched_again_not_trusted(
    tmp_path: Path, host: FakeHost
) -> None:
    clock = Clock()
    data(tmp_path, host, clock, SITE).entries()
    (blob,) = (tmp_path / "cache" / "v1" / "blobs").iterdir()
    blob.write_bytes(b" " * blob.stat().st_size)  # same size, other bytes
    again = data(tmp_path, host, clock, SITE)
    assert [e.id for e in again.entries()] == ["flask"]
    assert host.paths() == ["/docs/catalog.json"] * 2
    assert host.requests[1].headers.get("if-none-match") is None
    assert blob.read_bytes() == (host.root / "catalog.json").read_bytes()


@pytest.mark.parametrize("damage", ["wrong sha256", "corrupt"])
def test_a_bad_new_shard_falls_back_to_the_versions_last_good_one(
    tmp_path: Path, damage: str
) -> None:

    host = FakeHost(tmp_path / "private", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    clock = Clock()
    service = DocService(data(tmp_path, host, clock, SITE), cache_ttl=0)
    first = to_builtins(service.extract("flask", "3.1.0", "intro"))
    assert first["provenance"]["stale"] is False and "staleReason" not in first["provenance"]
    # The site is rebuilt; the catalog is valid but the new shard it names is bad.
    rebuilt = [{**records("flask", "3.1.0")[0], "body": "Rebuilt."}]
    catalog = make_site(host.root, {"flask": {"3.1.0": rebuilt}})
    shard = host.root / catalog["entries"][0]["shards"]["3.1.0"]["path"]
    if damage == "wrong sha256":
        shard.write_bytes(shard.read_bytes()[:-1] + b"!")
    else:  # the catalog vouches for the bytes, which are not a database
        packed = gzip.compress(b"not a database" * 100, mtime=0)
        shard.write_bytes(packed)
        ref = catalog["entries"][0]["shards"]["3.1.0"]
        ref.update(sha256=hashlib.sha256(packed).hexdigest(), bytes=len(packed), rawBytes=1400)
        (host.root / "catalog.json").write_bytes(orjson.dumps(catalog))
    clock.now += 601  # past the TTL: the new catalog is fetched
    answer = to_builtins(service.extract("flask", "3.1.0", "intro"))
    assert answer["sections"][0]["body"] == "About flask."
    assert answer["provenance"]["stale"] is True
    assert "the shard of flask 3.1.0" in answer["provenance"]["staleReason"] or (
        "is not the shard the catalog lists" in answer["provenance"]["staleReason"]
    )
    with pytest.raises(NetworkError):  # a version never good before has nothing to fall back on
        have_shard(data(tmp_path / "fresh", host, clock, SITE), "flask", "3.1.0")


def _raise(exception: Exception) -> None:
    raise exception


@pytest.mark.parametrize(
    "query",
    [
        # ProgrammingError; Python before 3.11 raised sqlite3.Warning, which is no sqlite3.Error.
        lambda connection: connection.execute("SELECT 1; SELECT 2"),
        lambda connection: _raise(sqlite3.Warning("a warning")),
        lambda connection: _raise(sqlite3.DatabaseError("database disk image is malformed")),
    ],
    ids=["two-statements", "warning", "database-error"],
)
def test_every_sqlite3_exception_in_a_query_becomes_the_sites_error(
    tmp_path: Path, host: FakeHost, query: Callable[[sqlite3.Connection], object]
) -> None:
    site = data(tmp_path, host, Clock(), SITE)
    with (
        pytest.raises(NetworkError, match=r"the shard of flask 3\.1\.0 is damaged: ") as caught,
        site.reading_shard("flask", "3.1.0") as shard,
    ):
        query(shard.connection)
    assert isinstance(caught.value.__cause__, sqlite3.Warning | sqlite3.Error)


def test_a_librarys_folder_of_a_site_is_refused_naming_the_sites_folder(
    tmp_path: Path,
) -> None:
    # A site's libs/<id>/ holds a catalog.json of that library alone, its files named from the
    # site's folder: read as a site it listed the library, then each shard answered 404, said to
    # be a site "published again since its catalog was read".
    root = tmp_path / "site"
    make_site(root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    (root / "libs" / "flask").mkdir(parents=True)
    shutil.copy(root / "catalog.json", root / "libs" / "flask" / "catalog.json")
    host = FakeHost(root, SITE)
    for url in (f"{SITE}libs/flask/", f"{SITE}libs/flask/catalog.json"):
        with pytest.raises(NetworkError) as failure:
            data(tmp_path / "cache", host, Clock(), url).entries()
        assert (
            f"{url} holds the record of one library (flask) of a doctrove site, whose files "
            f"are named from the site's own folder: give that folder, {SITE}"
        ) in str(failure.value)
    (entry,) = data(tmp_path / "whole", host, Clock(), SITE).entries()
    assert entry.id == "flask"
