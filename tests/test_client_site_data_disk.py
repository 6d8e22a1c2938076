"""SiteData when the client's own side fails: a full disk, and a catalog entry too long to be a
version (the sites' failures are in test_client_site_data)."""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import orjson
import pytest

from client.errors import ConfigError
from client.service import DocService
from tests.site_data_support import (
    SITE,
    Clock,
    FakeHost,
    data,
    have_shard,
    make_site,
    records,
)


def test_a_catalog_version_too_long_to_be_one_leaves_the_other_answers_alone(
    tmp_path: Path,
) -> None:
    # A number of 5,000 digits in one version made every question fail with ValueError (past
    # Python's limit on int() of a string), the catalog lookup included.
    host = FakeHost(tmp_path / "site", SITE)
    versions = {"3.1.0": records("flask", "3.1.0"), "2.0.0": records("flask", "2.0.0")}
    catalog = make_site(host.root, {"flask": versions})
    long_version = "9" * 5000
    entry = catalog["entries"][0]
    entry["versions"] = [long_version, "2.0.0"]
    entry["shards"][long_version] = entry["shards"].pop("3.1.0")
    (host.root / "catalog.json").write_bytes(orjson.dumps(catalog))
    service = DocService(data(tmp_path, host, Clock(), SITE), cache_size=0, cache_ttl=0)
    assert service.lookup("flask").results[0].id == "flask"
    assert service.releases("flask").latest == "2.0.0"


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_full_disk_answers_from_the_copy_on_disk_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})
    clock = Clock()
    have_shard(data(tmp_path, host, clock, SITE), "flask", "3.1.0")
    stored = files_in(tmp_path / "cache")
    # The site is published again, the copy outlives its TTL, and the disk is full: the new
    # catalog cannot be stored. Every question failed, "cannot write to the cache directory".
    newer = {"3.2.0": records("flask", "3.2.0"), "3.1.0": records("flask", "3.1.0")}
    make_site(host.root, {"flask": newer})
    clock.now += 601

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "NamedTemporaryFile", full)
    site = data(tmp_path, host, clock, SITE)
    assert [entry.versions for entry in site.entries()] == [("3.1.0",)]
    have_shard(site, "flask", "3.1.0")
    (failure,) = site.status()["sources"]
    assert failure["stale"] is True
    assert "No space left on device; free some space there or choose" in failure["error"]
    assert files_in(tmp_path / "cache") == stored
    # Space again: once the cooldown is over, the new catalog is fetched and kept.
    monkeypatch.undo()
    clock.now += 31
    assert site.refresh_if_due()
    assert [entry.versions for entry in site.entries()] == [("3.2.0", "3.1.0")]


def test_a_full_disk_with_nothing_stored_is_a_config_error_saying_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = FakeHost(tmp_path / "site", SITE)
    make_site(host.root, {"flask": {"3.1.0": records("flask", "3.1.0")}})

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "NamedTemporaryFile", full)
    with pytest.raises(ConfigError, match="free some space there or choose another directory"):
        data(tmp_path, host, Clock(), SITE).entries()
