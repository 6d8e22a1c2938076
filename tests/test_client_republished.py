"""Files a catalog lists beside its shards (index chunks, body packs, the shard itself) when the
site changes under the client: a site published again is read from its new catalog at once,
bytes that are not the listed ones start the site's cooldown, concurrent questions share each
download, and a site's credentials go with every request."""

from __future__ import annotations

import base64
import shutil
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
from msgspec import to_builtins

from client.errors import ListedFileGone, NetworkError
from client.service import DocService
from client.site_data import SiteData
from tests.test_client_index_chunks import QUESTIONS, many_records, publish, ranking
from tests.test_client_site_data import SITE, Clock, FakeHost, data, make_site, records


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


def test_a_listed_file_missing_from_an_unchanged_catalog_is_reported(
    tmp_path: Path, first_records: list[dict[str, Any]]
) -> None:
    publish(tmp_path / "site", first_records, chunked=True)
    for chunk in (tmp_path / "site" / "shards" / "lib" / "index").iterdir():
        chunk.unlink()
    service = DocService(data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE))
    with pytest.raises(ListedFileGone, match="no such file"):
        service.extract("lib", "1.0", QUESTIONS[0])


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
    assert max(sizes) <= 1 << 20
    assert sizes[0] > 150_000  # ten builds would not fit together
