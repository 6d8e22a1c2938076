"""Files a catalog lists beside its shards (index chunks, body packs, the shard itself) when the
site changes under the client: a site published again is read from its new catalog at once,
bytes that are not the listed ones start the site's cooldown, concurrent questions share each
download, and a site's credentials go with every request."""

from __future__ import annotations

import base64
import os
import shutil
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from msgspec import to_builtins

from client.disk_cache import DiskCache
from client.errors import ListedFileGone, NetworkError, NotFound, VersionNotFound
from client.search.model import default_model
from client.search.query import parse_focus
from client.search.sections import rank_sections
from client.service import DocService
from client.site_data import SiteData
from tests.site_data_support import (
    SITE,
    Clock,
    FakeHost,
    Router,
    data,
    make_site,
    records,
)
from tests.test_client_index_chunks import QUESTIONS, many_records, publish, ranking


def republish(root: Path, new: list[dict[str, Any]], *, chunked: bool) -> None:
    """Publish the site again as ``docbuild publish`` does: the new build is the whole site,
    so the previous build's content-addressed files are gone."""
    shutil.rmtree(root)
    publish(root, new, chunked=chunked)


def catalog_requests(host: FakeHost) -> int:
    return sum(1 for path in host.paths() if path.endswith("/catalog.json"))


def edited(records_: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**r, "body": r["body"] + " republished"} for r in records_]


@pytest.fixture(scope="module")
def first_records() -> list[dict[str, Any]]:
    return many_records()


def test_a_chunk_the_site_no_longer_has_makes_its_catalog_due_at_once(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    host = FakeHost(tmp_path / "site", SITE)
    site = data(tmp_path, host, Clock(), SITE)  # TTL 600 s, and the clock never moves
    ranking(site, QUESTIONS[0])
    republish(tmp_path / "site", edited(first_records), chunked=True)
    with pytest.raises(ListedFileGone, match="published again"):
        ranking(site, QUESTIONS[2])  # needs chunks the old catalog lists and the site lost
    assert not site.status()["sources"][0].get("failure")  # the site answered: no cooldown
    assert site.refresh_if_due() is True  # within the TTL, yet checked again: it changed
    publish(tmp_path / "fresh", edited(first_records), chunked=True)
    expected = ranking(
        data(tmp_path / "other", FakeHost(tmp_path / "fresh", SITE), Clock(), SITE), QUESTIONS[2]
    )
    assert ranking(site, QUESTIONS[2]) == expected
    assert site.refresh_if_due() is False  # checked once, then the TTL holds again


def test_doc_extract_answers_from_the_site_published_again_while_it_was_asked(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    host = FakeHost(tmp_path / "site", SITE)
    service = DocService(data(tmp_path, host, Clock(), SITE), cache_ttl=600)
    service.extract("lib", "1.0", QUESTIONS[0])
    assert catalog_requests(host) == 1
    republish(tmp_path / "site", edited(first_records), chunked=True)
    answer = to_builtins(service.extract("lib", "1.0", QUESTIONS[2]))
    assert answer["sections"] and all(s["body"].endswith("republished") for s in answer["sections"])
    assert answer["provenance"]["stale"] is False
    assert catalog_requests(host) == 2  # the one extra check, not one per question


def test_a_shard_the_site_no_longer_has_is_had_from_the_new_catalog(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    service = DocService(data(tmp_path, host, Clock(), SITE), cache_ttl=600)
    service.lookup("flask", 1)  # the catalog is read; the shard is not fetched yet
    shutil.rmtree(host.root)
    rebuilt = [{**records("flask", "3.1.0")[0], "body": "Rebuilt."}]
    make_site(host.root, {"flask": {"3.1.0": rebuilt}})
    answer = to_builtins(service.extract("flask", "3.1.0", "intro"))
    assert answer["sections"][0]["body"] == "Rebuilt."
    assert answer["provenance"]["stale"] is False


def test_a_library_published_since_the_catalog_was_read_is_found_within_the_ttl(
    tmp_path: Path,
) -> None:
    # A team added a library to its site; an agent running since asked for it and got "no
    # library with id 'click'" (and a lookup of no match) until the cache TTL ran out.
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    clock = Clock()
    service = DocService(data(tmp_path, host, clock, SITE), cache_ttl=600)
    service.lookup("flask", 1)
    assert catalog_requests(host) == 1
    make_site(
        host.root,
        {
            "flask": {"3.1.0": records("flask", "3.1.0")},
            "click": {"8.1.0": records("click", "8.1.0")},
        },
    )
    # Just after a check, an unknown id asks the site nothing more.
    with pytest.raises(NotFound):
        service.releases("click")
    assert catalog_requests(host) == 1
    clock.now += 40  # well within the TTL
    assert to_builtins(service.releases("click"))["versions"] == ["8.1.0"]
    assert catalog_requests(host) == 2
    make_site(
        host.root,
        {
            "flask": {"3.1.0": records("flask", "3.1.0")},
            "click": {"8.1.0": records("click", "8.1.0")},
            "jinja": {"3.1.0": records("jinja", "3.1.0")},
        },
    )
    clock.now += 40
    assert [r.id for r in service.lookup("jinja", 1).results] == ["jinja"]
    assert catalog_requests(host) == 3
    clock.now += 40
    with pytest.raises(NotFound):  # a name no site has: one check, then the same answer
        service.extract("nosuch", None, "intro")
    assert catalog_requests(host) == 4


def test_a_version_published_since_the_catalog_was_read_is_found_within_the_ttl(
    tmp_path: Path,
) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.0.0": records("flask", "3.0.0")}})
    clock = Clock()
    service = DocService(data(tmp_path, host, clock, SITE), cache_ttl=600)
    service.extract("flask", "3.0", "intro")
    make_site(
        host.root,
        {"flask": {"3.1.0": records("flask", "3.1.0"), "3.0.0": records("flask", "3.0.0")}},
    )
    clock.now += 40
    answer = to_builtins(service.extract("flask", "3.1", "intro"))
    assert answer["version"] == "3.1.0" and answer["versions"] == ["3.1.0", "3.0.0"]
    assert to_builtins(service.read("flask", "3.1.0", "flask-310-intro"))["version"] == "3.1.0"
    assert catalog_requests(host) == 2
    clock.now += 40
    with pytest.raises(VersionNotFound):
        service.extract("flask", "9", "intro")
    assert catalog_requests(host) == 3


class ObjectStore(FakeHost):
    """Answers ``status`` for a file it does not hold, as a bucket that may not be listed (403)
    or a CDN (410) does."""

    def __init__(self, root: Path, base: str, status: int) -> None:
        super().__init__(root, base)
        self.status = status

    def __call__(self, request: httpx.Request) -> httpx.Response:
        response = super().__call__(request)
        return httpx.Response(self.status) if response.status_code == 404 else response


@pytest.mark.parametrize("status", [403, 410])
def test_an_object_store_that_denies_a_listed_file_is_read_from_its_new_catalog(
    tmp_path: Path, first_records: list[dict[str, Any]], status: int
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    host = ObjectStore(tmp_path / "site", SITE, status)
    service = DocService(data(tmp_path, host, Clock(), SITE), cache_ttl=600)
    service.extract("lib", "1.0", QUESTIONS[0])
    republish(tmp_path / "site", edited(first_records), chunked=True)
    answer = to_builtins(service.extract("lib", "1.0", QUESTIONS[2]))
    assert answer["sections"] and all(s["body"].endswith("republished") for s in answer["sections"])
    assert catalog_requests(host) == 2  # the denied chunk made the catalog due at once


def test_a_listed_file_an_object_store_denies_under_an_unchanged_catalog_starts_the_cooldown(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    for chunk in (tmp_path / "site" / "shards" / "lib" / "index").iterdir():
        chunk.unlink()
    host = ObjectStore(tmp_path / "site", SITE, 403)
    service = DocService(data(tmp_path, host, Clock(), SITE))
    with pytest.raises(ListedFileGone, match=r"no such file \(HTTP 403\).*credentials"):
        service.extract("lib", "1.0", QUESTIONS[0])
    with pytest.raises(NetworkError, match="cooling down"):
        service.extract("lib", "1.0", QUESTIONS[0])


def test_the_cooldown_reason_names_the_status_the_site_answered(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    for chunk in (tmp_path / "site" / "shards" / "lib" / "index").iterdir():
        chunk.unlink()
    service = DocService(data(tmp_path, ObjectStore(tmp_path / "site", SITE, 403), Clock(), SITE))
    with pytest.raises(NetworkError):
        service.extract("lib", "1.0", QUESTIONS[0])
    assert "(HTTP 403)" in service.data.status()["sources"][0]["error"]


def test_a_file_an_older_catalog_listed_does_not_cool_a_site_published_again(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    """A question still reading the old catalog's head when another question's refresh took
    the new catalog meets a 404: the site is sound, its new catalog lists nothing it lacks."""
    publish(tmp_path / "site", first_records, chunked=True)
    clock = Clock()
    site = data(tmp_path, FakeHost(tmp_path / "site", SITE), clock, SITE)
    with site.reading_shard("lib", "1.0") as old:  # the first question, on the first catalog
        republish(tmp_path / "site", edited(first_records), chunked=True)
        clock.now += 601  # past the TTL: a second question refreshes and takes the new catalog
        assert site.refresh_if_due() is True
        with pytest.raises(ListedFileGone):
            rank_sections(old.connection, parse_focus(QUESTIONS[0]), default_model())
    site.refresh_if_due()  # what DocService does after ListedFileGone
    assert site.status()["sources"][0]["state"] != "failed"
    with site.reading_shard("lib", "1.0") as shard:  # the question asked anew
        assert rank_sections(shard.connection, parse_focus(QUESTIONS[0]), default_model()).ranked


def test_a_catalog_denied_is_not_taken_for_a_site_without_one(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    host.fault = lambda request: httpx.Response(403)  # a password the site wants, say
    site = data(tmp_path, host, Clock(), SITE)
    with pytest.raises(NetworkError, match=r"catalog\.json answered HTTP 403"):
        site.entries()
    assert host.paths() == ["/docs/catalog.json"]  # not lookup.json and index.json after it


def test_a_listed_file_missing_from_an_unchanged_catalog_starts_the_cooldown(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    for chunk in (tmp_path / "site" / "shards" / "lib" / "index").iterdir():
        chunk.unlink()
    host = FakeHost(tmp_path / "site", SITE)
    service = DocService(data(tmp_path, host, Clock(), SITE))
    with pytest.raises(ListedFileGone, match="no such file"):
        service.extract("lib", "1.0", QUESTIONS[0])
    assert catalog_requests(host) == 2  # re-checked once: unchanged, so the site is at fault
    asked = len(host.requests)
    with pytest.raises(NetworkError, match="cooling down"):
        service.extract("lib", "1.0", QUESTIONS[0])
    assert len(host.requests) == asked  # no request during the cooldown


def test_bytes_that_are_not_the_listed_chunk_start_the_sites_cooldown(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    for chunk in (tmp_path / "site" / "shards" / "lib" / "index").iterdir():
        chunk.write_bytes(chunk.read_bytes()[:-1] + b"!")
    host = FakeHost(tmp_path / "site", SITE)
    clock = Clock()
    site = data(tmp_path, host, clock, SITE)
    with pytest.raises(NetworkError, match="is not the index chunk the search shard lists"):
        ranking(site, QUESTIONS[0])
    asked = len(host.requests)
    with pytest.raises(NetworkError, match="cooling down"):
        ranking(site, QUESTIONS[0])
    assert len(host.requests) == asked  # nothing fetched again during the cooldown
    clock.now += 31  # past the cooldown: the catalog is checked again, the chunk fetched again
    site.refresh_if_due()
    with pytest.raises(NetworkError, match="is not the index chunk"):
        ranking(site, QUESTIONS[0])
    assert catalog_requests(host) == 2


class SlowChunks(FakeHost):
    """Index chunks take a moment to arrive, so concurrent questions overlap."""

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if "/index/" in request.url.path:
            time.sleep(0.05)
        return super().__call__(request)


def test_concurrent_questions_fetch_each_chunk_once(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    host = SlowChunks(tmp_path / "site", SITE)
    site = data(tmp_path, host, Clock(), SITE)
    site.entries()
    start = threading.Barrier(4)
    results: list[list[tuple[int, float]]] = []

    def ask() -> None:
        start.wait()
        results.append(ranking(site, QUESTIONS[0]))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4 and all(r == results[0] for r in results)
    fetched = Counter(path for path in host.paths() if "/index/" in path)
    assert fetched and max(fetched.values()) == 1


def test_a_file_kept_just_after_a_thread_missed_it_is_not_fetched_again(
    tmp_path: Path, first_records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race the test above meets by chance, made certain: a thread reads the cache and
    misses, another thread's download of that file ends and keeps it, then the first thread
    asks for it. It must get the kept copy, not download it again."""
    publish(tmp_path / "site", first_records, chunked=True)
    host = FakeHost(tmp_path / "site", SITE)
    ranking(data(tmp_path, host, Clock(), SITE), QUESTIONS[0])  # the other thread's download
    downloaded = Counter(path for path in host.paths() if "/index/" in path)
    assert downloaded
    read_derived, missed = DiskCache.read_derived, set()

    def missed_once(cache: DiskCache, name: str) -> bytes | None:
        if name not in missed:  # this thread looked just before the copy was kept
            missed.add(name)
            return None
        return read_derived(cache, name)

    monkeypatch.setattr(DiskCache, "read_derived", missed_once)
    again = data(tmp_path, host, Clock(), SITE)  # same cache, a new process's memory
    assert ranking(again, QUESTIONS[0])
    assert Counter(path for path in host.paths() if "/index/" in path) == downloaded


def test_a_sites_credentials_go_with_its_chunks_and_packs(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    host = FakeHost(tmp_path / "site", SITE)
    site: SiteData = data(tmp_path, host, Clock(), SITE.replace("https://", "https://reader:pw@"))
    service = DocService(site)
    assert to_builtins(service.extract("lib", "1.0", QUESTIONS[0]))["sections"]
    listed = [r for r in host.requests if "/index/" in r.url.path or "/bodies/" in r.url.path]
    assert {"/index/" in r.url.path for r in listed} == {True, False}
    expected = "Basic " + base64.b64encode(b"reader:pw").decode()
    assert {r.headers.get("authorization") for r in host.requests} == {expected}


def cached_bytes(cache: Path) -> int:
    folders = (cache / "v1" / "shards", cache / "v1" / "derived")
    return sum(p.stat().st_size for folder in folders for p in folder.iterdir())


def test_a_site_published_again_and_again_stays_within_the_cache_budget(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    host = FakeHost(tmp_path / "site", SITE)
    site = data(tmp_path, host, Clock(), SITE, cache_ttl=0, cache_budget_mb=1)
    service = DocService(site, cache_ttl=0)
    sizes = []
    for build in range(10):
        changed = [{**r, "body": f"{r['body']} build{build}"} for r in first_records]
        republish(tmp_path / "site", changed, chunked=True)
        for question in QUESTIONS[:3]:
            answer = to_builtins(service.extract("lib", "1.0", question))
            assert all(s["body"].endswith(f"build{build}") for s in answer["sections"])
        sizes.append(cached_bytes(tmp_path / "cache"))
    # Within the budget, plus at most what was fetched since the last trim (a sixteenth of it).
    assert max(sizes) <= (1 << 20) * 17 // 16
    assert sizes[0] > 150_000  # ten builds would not fit together


class Redirecting(FakeHost):
    """Sends every request on to another host (a CDN)."""

    def __init__(self, root: Path, base: str, target: str) -> None:
        super().__init__(root, base)
        self.target = target

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        location = self.target + str(request.url)[len(self.base) :]
        return httpx.Response(302, headers={"Location": location})


def test_a_sites_credentials_do_not_follow_its_catalog_to_another_host(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    cdn = FakeHost(tmp_path / "site", "https://cdn.example/docs/")
    origin = Redirecting(tmp_path / "site", SITE, cdn.base)
    site = data(tmp_path, Router(origin, cdn), Clock(), SITE.replace("https://", "https://r:pw@"))
    assert to_builtins(DocService(site).extract("lib", "1.0", QUESTIONS[0]))["sections"]
    assert {"/index/" in p or "/bodies/" in p for p in cdn.paths()} == {True, False}
    assert not [r.url.path for r in cdn.requests if "authorization" in r.headers]
    assert all("authorization" in r.headers for r in origin.requests)


class Slow404(FakeHost):
    """A 404 takes a moment, so questions running together meet the same one."""

    def __call__(self, request: httpx.Request) -> httpx.Response:
        response = super().__call__(request)
        if response.status_code == 404:
            time.sleep(0.2)
        return response


def test_every_question_running_when_the_site_is_published_again_is_answered(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    host = Slow404(tmp_path / "site", SITE)
    service = DocService(data(tmp_path, host, Clock(), SITE), cache_ttl=600)
    service.extract("lib", "1.0", QUESTIONS[0])
    republish(tmp_path / "site", edited(first_records), chunked=True)
    start = threading.Barrier(3)
    bodies: list[str] = []

    def ask(sections: int) -> None:
        start.wait()
        answer = to_builtins(service.extract("lib", "1.0", QUESTIONS[2], max_sections=sections))
        bodies.extend(s["body"] for s in answer["sections"])

    threads = [threading.Thread(target=ask, args=(n,)) for n in (3, 4, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(bodies) == 12 and all(body.endswith("republished") for body in bodies)


def test_an_answer_after_a_publish_is_wholly_the_new_catalogs(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    service = DocService(data(tmp_path, host, Clock(), SITE), cache_ttl=600)
    service.lookup("flask", 1)  # the catalog is read, no shard yet
    shutil.rmtree(host.root)
    rebuilt = [{**records("flask", "3.1.0")[0], "body": "Rebuilt."}]
    make_site(host.root, {"flask": {"3.2.0": records("flask", "3.2.0"), "3.1.0": rebuilt}})
    first = to_builtins(service.extract("flask", None, "intro"))
    assert (first["version"], first["versions"]) == ("3.2.0", ["3.2.0", "3.1.0"])
    assert to_builtins(service.extract("flask", None, "intro")) == first


def test_sync_with_a_budget_too_small_for_the_site_says_so(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    libraries = {
        f"lib{n}": {"1.0": [{**r, "body": f"{r['body']} v{n}"} for r in first_records]}
        for n in range(6)
    }
    make_site(tmp_path / "site", libraries, split_index_bytes=0)
    site = data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE, cache_budget_mb=1)
    summary = site.sync()
    assert summary["downloaded"] == 6 and summary["trimmed"] > 0
    assert summary["failures"][-1]["source"] == "cache budget"
    assert "raise --cache-budget-mb" in summary["failures"][-1]["error"]
    roomy = data(tmp_path / "roomy", FakeHost(tmp_path / "site", SITE), Clock(), SITE)
    summary = roomy.sync()
    assert (summary["trimmed"], summary["failures"]) == (0, [])


def test_a_large_sites_lookup_table_gone_after_a_publish_is_had_from_the_new_one(
    examples_site: Path, tmp_path: Path
) -> None:
    site = tmp_path / "large"
    shutil.copytree(examples_site, site)
    (site / "catalog.json").unlink()  # a large site: lookup.json and its table
    (site / "index.json").unlink()
    service = DocService(data(tmp_path, FakeHost(site, SITE), Clock(), SITE), cache_ttl=600)
    service.data.refresh_if_due()  # lookup.json is read; its table is fetched when first asked
    document = orjson.loads((site / "lookup.json").read_bytes())
    moved = f"catalog/lookup.{'f' * 16}.sqlite.gz"  # published again under another name
    (site / document["table"]["path"]).rename(site / moved)
    document["table"]["path"] = moved
    (site / "lookup.json").write_bytes(orjson.dumps(document))
    answer = to_builtins(service.lookup("attrs", 5))
    assert answer["results"][0]["id"] == "attrs"
    assert not service.data.status()["sources"][0].get("failure")


def test_the_budget_keeps_a_lookup_table_while_lookups_read_it(
    examples_site: Path, tmp_path: Path
) -> None:
    site = tmp_path / "large"
    shutil.copytree(examples_site, site)
    (site / "catalog.json").unlink()
    (site / "index.json").unlink()
    data_ = data(tmp_path, FakeHost(site, SITE), Clock(), SITE)
    data_.lookup_tables()
    shards = tmp_path / "cache" / "v1" / "shards"
    (sidecar,) = shards.glob("*.json")
    os.utime(sidecar, (1000, 1000))  # as if it had not been used for a long time
    data_.lookup_tables()  # a lookup reads it: now the most recently used
    assert sidecar.stat().st_mtime > 1000
