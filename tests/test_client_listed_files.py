"""ListedFiles with a fake site: what a fetch does when the file is already kept, and when the
site is cooling down."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from client.cooldown import Cooldown
from client.disk_cache import DiskCache
from client.errors import ClientError, NetworkError
from client.fetch import SHARD_LIMIT, RemoteSite
from client.http import Fetcher
from client.listed_files import ListedFiles

SITE = "https://s.test/"
DATA = b"pack bytes" * 100
SHA = hashlib.sha256(DATA).hexdigest()


class CountingSite:
    def __init__(self) -> None:
        self.downloads = 0

    def download_listed(self, record: Any, path: str, size: int) -> bytes:
        self.downloads += 1
        return DATA


def listed_files(tmp_path: Path, site: CountingSite, cooldown: Cooldown) -> ListedFiles:
    return ListedFiles(
        DiskCache(tmp_path),
        {SITE: site},  # type: ignore[dict-item]
        cooldown,
        lambda url, reason: None,
        lambda layer, message: ClientError(message),
        1 << 30,
        lambda: (),
    )


LAYER: Any = SimpleNamespace(folder=None, record=SimpleNamespace(url=SITE), label=SITE, sha256="c")


def fetch(listed: ListedFiles) -> bytes:
    return listed.fetch(LAYER, "p/x.pack", len(DATA), SHA, "body pack", "bodies-x")


def test_a_file_kept_a_moment_ago_is_had_while_its_site_cools_down(tmp_path: Path) -> None:
    """A thread missed the cache just before another kept the file, then another file's
    failure started the cooldown: the kept copy answers."""
    site, cooldown = CountingSite(), Cooldown(30)
    listed = listed_files(tmp_path, site, cooldown)
    DiskCache(tmp_path).write_derived("bodies-x", DATA)
    cooldown.fail(SITE, "another file failed")
    assert fetch(listed) == DATA and site.downloads == 0


def test_a_file_not_kept_is_not_fetched_while_its_site_cools_down(tmp_path: Path) -> None:
    site, cooldown = CountingSite(), Cooldown(30)
    listed = listed_files(tmp_path, site, cooldown)
    cooldown.fail(SITE, "another file failed")
    with pytest.raises(NetworkError, match=r"is not cached and .* is cooling down"):
        fetch(listed)
    assert site.downloads == 0


def test_a_downloaded_file_is_kept_and_had_from_the_cache_after(tmp_path: Path) -> None:
    site = CountingSite()
    listed = listed_files(tmp_path, site, Cooldown(30))
    assert fetch(listed) == DATA == fetch(listed)
    assert site.downloads == 1 and DiskCache(tmp_path).read_derived("bodies-x") == DATA


class Endless(httpx.SyncByteStream):
    """A body that goes on as long as it is read (capped here so the old code ended)."""

    def __iter__(self) -> Iterator[bytes]:
        for _ in range(16):
            yield bytes(1 << 20)


def test_a_file_listed_over_the_download_limit_is_refused_before_it_is_asked_for(
    tmp_path: Path,
) -> None:
    # The size a shard or catalog lists was the only cap: a forged one let the site stream
    # into memory until the timeout.
    asked: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(request)
        return httpx.Response(200, stream=Endless())

    fetcher = Fetcher(5.0, transport=httpx.MockTransport(handler))
    remote = RemoteSite(SITE, lambda: fetcher, DiskCache(tmp_path), lambda: 0.0)
    with pytest.raises(NetworkError, match=f"over the limit of {SHARD_LIMIT}"):
        remote.download_listed(LAYER.record, "shards/x/vectors.vec", 1 << 40)
    assert asked == []
