"""docclient status of a site another process found down: the disk cache's record of the
failure is the standing a process reports while its own copy is within the cache TTL."""

from __future__ import annotations

from pathlib import Path

import httpx

from client.disk_cache import DiskCache
from tests.site_data_support import SITE, Clock, FakeHost, data, make_site, records


def _down(request: httpx.Request) -> httpx.Response:
    return httpx.Response(500)


def _standing(status: dict[str, object]) -> dict[str, object]:
    (site,) = [s for s in status["sources"] if s["kind"] == "remote"]  # type: ignore[attr-defined]
    return {key: site.get(key) for key in ("state", "failingSince", "error")}


def test_a_site_another_process_found_down_is_reported_failed(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    clock = Clock()
    data(tmp_path, host, clock, SITE).entries()  # a copy on disk, fresh for the TTL
    host.fault = _down
    clock.now += 5
    # Another process that checks on every call (a TTL of 0) finds the site down.
    data(tmp_path, host, clock, SITE, cache_ttl=0).entries()
    later = data(tmp_path, host, clock, SITE)  # its copy is within the TTL: no check of its own
    later.entries()
    standing = _standing(later.status())
    assert standing["state"] == "failed"
    assert standing["failingSince"] == "2027-01-15T08:00:05Z"
    assert "another docclient process" in str(standing["error"])
    # Back up: a check that succeeds clears the record, and the next process says "ok".
    host.fault = None
    clock.now += 5
    data(tmp_path, host, clock, SITE, cache_ttl=0).entries()
    after = data(tmp_path, host, clock, SITE)
    after.entries()
    assert _standing(after.status()) == {"state": "ok", "failingSince": None, "error": None}


def test_a_failure_after_another_process_s_success_is_recorded(tmp_path: Path) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    clock = Clock()
    data(tmp_path, host, clock, SITE).entries()
    host.fault = _down
    checker = data(tmp_path, host, clock, SITE, cache_ttl=0)  # --no-cache: checks every time
    clock.now += 5
    checker.entries()  # down: the record is written
    host.fault = None
    clock.now += 5
    data(tmp_path, host, clock, SITE, cache_ttl=0).entries()  # another process: up, cleared
    host.fault = _down
    clock.now += 60
    checker.refresh_if_due()  # down again: its failure began before, but the record is gone
    later = data(tmp_path, host, clock, SITE)
    later.entries()
    assert _standing(later.status())["state"] == "failed"


def test_a_failure_record_of_no_real_time_is_no_record(tmp_path: Path) -> None:
    # A damaged or forged record (1e20 seconds: past what the platform's time_t holds) made
    # every docclient status fail on rendering its time; it says nothing, like a missing one.
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    clock = Clock()
    data(tmp_path, host, clock, SITE).entries()
    DiskCache(tmp_path / "cache").write_failing_since(SITE, 1e20)
    later = data(tmp_path, host, clock, SITE)
    later.entries()
    assert _standing(later.status())["state"] == "ok"
