"""A site too large for catalog.json, read through lookup.json: catalog_lookup from the lookup
table with the answers catalog.json gives, and a library's record fetched only when asked for."""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.serve import start_server
from client.assemble import make_service
from client.config import Settings
from client.errors import NotFound
from client.service import DocService

START = 1_800_000_000.0


def settings(cache: Path, url: str | None = None, local: Path | None = None) -> Settings:
    return Settings(
        index_urls=(url,) if url else (),
        local_index=local,
        cache_ttl=600,
        timeout_ms=20000,
        cooldown_seconds=30.0,
        min_confidence=None,
        cache_size=256,
        cache_dir=cache,
        debug=False,
        config_file=None,
    )


@pytest.fixture
def large_site(examples_site: Path, tmp_path: Path) -> Path:
    """The examples site as a large site is published: no catalog.json, no whole index.json."""
    site = tmp_path / "large"
    shutil.copytree(examples_site, site)
    (site / "catalog.json").unlink()
    (site / "index.json").unlink()
    return site


def answers(service: DocService, query: str) -> tuple[Any, ...]:
    found = service.lookup(query, 20)
    rows = [(r.id, r.score, r.matches, r.versions) for r in found.results]
    return found.total, rows, found.hint


def test_lookups_through_lookup_json_answer_as_catalog_json_does(
    examples_site: Path, large_site: Path, tmp_path: Path
) -> None:
    small = make_service(settings(tmp_path / "a", local=examples_site))
    large = make_service(settings(tmp_path / "b", local=large_site))
    assert large.data.status()["sources"][0]["document"] == "lookup"
    entries = orjson.loads((examples_site / "catalog.json").read_bytes())["entries"]
    queries = ["web framework", "python", "json", "date library", "zzzz", "a"]
    for entry in entries:
        queries += [entry["id"], entry["name"], entry["id"][:3], *entry.get("aliases", ())]
        queries += [*entry.get("packages", ()), *entry.get("summary", "").split()[:3]]
    for query in dict.fromkeys(queries):
        assert answers(large, query) == answers(small, query), query
    listed = [
        [(e["id"], e["latest"], e["versions"]) for e in service.libraries()["libraries"]]
        for service in (large, small)
    ]
    assert listed[0] == listed[1]
    small.data.close()
    large.data.close()


def wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def requests_in(log: io.StringIO) -> list[str]:
    lines = [line for line in log.getvalue().splitlines() if '"GET ' in line]
    return [
        " ".join(line.split('"')[1].split()[1:2] + line.split('"')[2].split()[:1]) for line in lines
    ]


def test_a_record_is_fetched_only_for_the_library_asked_for(
    large_site: Path, tmp_path: Path
) -> None:
    lookup = orjson.loads((large_site / "lookup.json").read_bytes())
    log = io.StringIO()
    with start_server(large_site, access_log=log) as server:
        service = make_service(settings(tmp_path / "cache", server.url))
        try:
            assert service.lookup("attrs").results[0].id == "attrs"
            # The server logs a request after answering it, from the thread that answered:
            # wait for the lines, and compare them without their order.
            assert wait_for(lambda: len(requests_in(log)) >= 3)
            assert sorted(requests_in(log)) == sorted(
                ["/catalog.json 404", "/lookup.json 200", f"/{lookup['table']['path']} 200"]
            )
            answer = service.extract("attrs", None, "define a class")
            assert answer.id == "attrs" and answer.sections
            assert wait_for(lambda: "/libs/attrs/catalog.json 200" in requests_in(log))
            fetched = requests_in(log)[3:]
            assert [line for line in fetched if "/libs/" in line] == [
                "/libs/attrs/catalog.json 200"
            ]
            with pytest.raises(NotFound, match="did you mean attrs"):
                service.extract("atrs", None, "x")
        finally:
            service.data.close()
        # The server logs a request after answering it: wait for the last one's line.
        assert wait_for(lambda: "/libs/atrs/catalog.json 404" in requests_in(log))
        # A new process with the same cache, within the TTL, asks the site nothing.
        before = len(requests_in(log))
        warm = make_service(settings(tmp_path / "cache", server.url))
        assert warm.lookup("cattrs").results[0].id == "cattrs"
        assert warm.extract("attrs", None, "define a class").sections == answer.sections
        warm.data.close()
    assert requests_in(log)[before:] == []
    # Nothing is stemmed but the queries: no file of stems to load in the next process.
    assert list((tmp_path / "cache").rglob("stems-*")) == []


def test_a_lookup_table_changed_in_the_cache_is_checked_again_and_replaced(
    large_site: Path, tmp_path: Path
) -> None:
    first = make_service(settings(tmp_path / "cache", local=large_site))
    expected = answers(first, "attrs")
    first.data.close()
    sha256 = orjson.loads((large_site / "lookup.json").read_bytes())["table"]["sha256"]
    (cached,) = (tmp_path / "cache").rglob(f"{sha256}.sqlite")
    damaged = bytearray(cached.read_bytes())
    damaged[-100:] = b"\xff" * 100  # the last page: the checked stamp no longer fits the file
    cached.write_bytes(bytes(damaged))
    again = make_service(settings(tmp_path / "cache", local=large_site))
    assert answers(again, "attrs") == expected
    again.data.close()
    assert cached.read_bytes() != bytes(damaged)  # checked, found wrong, installed afresh


@pytest.mark.parametrize("hostile", ["../../lookup.json?", "a/../attrs", "attrs#x", "%61ttrs"])
def test_an_id_that_is_no_library_id_asks_the_site_nothing_and_costs_it_nothing(
    large_site: Path, tmp_path: Path, hostile: str
) -> None:
    # A record path is made from the caller's id: "../../lookup.json?" fetched the site's
    # lookup.json as a record, whose refusal put the site into its cooldown, so the next
    # question, on a real library, failed too.
    log = io.StringIO()
    with start_server(large_site, access_log=log) as server:
        service = make_service(settings(tmp_path / "cache", server.url))
        try:
            assert service.lookup("attrs").results[0].id == "attrs"
            with pytest.raises(NotFound, match="no library with id"):
                service.extract(hostile, None, "define a class")
            assert service.extract("attrs", None, "define a class").sections
        finally:
            service.data.close()
        assert wait_for(lambda: "/libs/attrs/catalog.json 200" in requests_in(log))
    assert [line for line in requests_in(log) if "/libs/" in line or "?" in line] == [
        "/libs/attrs/catalog.json 200"
    ]
