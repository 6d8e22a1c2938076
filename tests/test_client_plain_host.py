"""SiteData over a plain host (index.json only): shards built on the client one version at a
time, within the entry limit and the plain budget; a bad volume fails only its own version."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from client.errors import ConfigError, NetworkError
from tests.site_data_support import SITE, Clock, FakeHost, data, have_shard, make_index


def plain_host(tmp_path: Path, libraries: dict[str, list[str]]) -> FakeHost:
    root = tmp_path / "plain"
    root.mkdir()
    make_index(root / "index.json", libraries)
    return FakeHost(root, SITE)


def built_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "v1" / "built").glob("*.sqlite"))


def test_a_plain_host_is_converted_one_version_at_a_time_within_the_entry_limit(
    tmp_path: Path,
) -> None:
    host = plain_host(tmp_path, {name: ["1.0"] for name in ("a", "b", "c", "d")})
    site = data(tmp_path, host, Clock(), SITE, plain_max_entries=2)
    assert [e.id for e in site.entries()] == ["a", "b", "c", "d"]
    assert built_files(tmp_path) == []  # listing the entries builds nothing
    for name in ("a", "b", "c"):
        have_shard(site, name, "1.0")
    assert len(built_files(tmp_path)) == 2  # "a", the least recently used, went first
    with site.reading_shard("c", "1.0") as shard:
        rows = shard.connection.execute("SELECT heading FROM sections").fetchall()
    assert rows == [("c 1.0 intro",)]
    have_shard(site, "a", "1.0")  # built again when asked again
    assert len(built_files(tmp_path)) == 2


def test_a_bad_volume_of_a_plain_host_fails_only_its_own_version(tmp_path: Path) -> None:
    host = plain_host(tmp_path, {"good": ["1.0"], "bad": ["1.0"]})
    index = orjson.loads((host.root / "index.json").read_bytes())
    index["entries"][1]["volumes"]["1.0"]["sections"][0]["lines"] = "one to two"
    (host.root / "index.json").write_bytes(orjson.dumps(index))
    site = data(tmp_path, host, Clock(), SITE)
    assert [e.id for e in site.entries()] == ["good", "bad"]
    have_shard(site, "good", "1.0")
    with pytest.raises(NetworkError, match=r"the volume of bad 1\.0 in .* is invalid: .*lines"):
        have_shard(site, "bad", "1.0")


def test_a_shard_larger_than_the_plain_budget_is_refused(tmp_path: Path) -> None:
    host = plain_host(tmp_path, {"big": ["1.0"]})
    index = orjson.loads((host.root / "index.json").read_bytes())
    words = " ".join(f"word{n}" for n in range(80_000))
    index["entries"][0]["volumes"]["1.0"]["sections"][0]["body"] = words
    (host.root / "index.json").write_bytes(orjson.dumps(index))
    site = data(tmp_path, host, Clock(), SITE, plain_budget_mb=1)
    with pytest.raises(ConfigError, match=r"more than the disk budget .*raise --plain-budget-mb"):
        have_shard(site, "big", "1.0")
    assert built_files(tmp_path) == []


def test_sync_of_a_plain_host_says_what_it_costs_and_stays_within_the_limits(
    tmp_path: Path,
) -> None:
    host = plain_host(tmp_path, {name: ["1.0", "2.0"] for name in ("a", "b", "c")})
    site = data(tmp_path, host, Clock(), SITE, plain_max_entries=4)
    notices: list[str] = []
    seen: list[tuple[int, int, str]] = []
    result = site.sync(lambda *step: seen.append(step), notices.append)
    assert (result["built"], result["skipped"], result["failures"]) == (4, 2, [])
    (notice,) = notices
    assert re.search(r"^6 versions of 3 entries .* would take about [0-9.]+ MB\. ", notice)
    assert "sync builds 4 (about" in notice and "the other 2 are built when first" in notice
    assert [step[:2] for step in seen] == [(n, 4) for n in range(1, 5)]
    assert len(built_files(tmp_path)) == 4
    again = site.sync(None, notices.append)
    assert (again["cached"], again["built"], again["skipped"]) == (4, 0, 2)
