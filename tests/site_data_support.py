"""What the SiteData tests share: a fake static host (ETags, 304s, faults), a site of shards
written by the builder, a fake clock, and a SiteData over httpx.MockTransport."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson

from builder.shards import write_shard
from client.config import Settings
from client.site_data import SiteData
from schemas.term_chunks import SPLIT_INDEX_BYTES
from schemas.text import TOKENIZER

SITE = "https://private.example/docs/"
PUBLIC = "https://public.example/"
Libraries = dict[str, dict[str, list[dict[str, Any]]]]


def records(library: str, version: str) -> list[dict[str, Any]]:
    return [{"heading": f"{library} {version} intro", "body": f"About {library}.", "path": "p"}]


def make_site(
    root: Path, libraries: Libraries, name_prefix: str = "", split_index_bytes: int | None = None
) -> dict[str, Any]:
    """Write shards and catalog.json for ``libraries`` under ``root``; return the catalog. An
    index of at least ``split_index_bytes`` is published in chunks (docbuild's default)."""
    threshold = SPLIT_INDEX_BYTES if split_index_bytes is None else split_index_bytes
    entries = []
    for library, versions in libraries.items():
        shards = {}
        for version, recs in versions.items():
            info = write_shard(root, library, version, recs, split_index_bytes=threshold)
            shards[version] = {
                "path": info.path,
                "sha256": info.sha256,
                "bytes": info.bytes,
                "rawBytes": info.raw_bytes,
                "sections": info.sections,
                "format": info.format,
                "tokenizer": TOKENIZER,
            }
        entries.append(
            {
                "id": library,
                "name": name_prefix + library,
                "versions": list(versions),
                "shards": shards,
            }
        )
    catalog = {
        "format": "doctrove-catalog@1",
        "buildId": hashlib.sha256(root.name.encode()).hexdigest(),
        "builderVersion": "test",
        "updatedAt": "2026-01-01T00:00:00Z",
        "site": {"title": "Test", "baseUrl": ""},
        "entries": entries,
    }
    (root / "catalog.json").write_bytes(orjson.dumps(catalog))
    return catalog


def make_index(path: Path, libraries: dict[str, list[str]], prefix: str = "") -> Path:
    entries = [
        {
            "id": library,
            "name": prefix + library,
            "versions": versions,
            "volumes": {v: {"sections": records(library, v)} for v in versions},
        }
        for library, versions in libraries.items()
    ]
    path.write_bytes(orjson.dumps({"format": "doctrove-index@1", "entries": entries}))
    return path


class Body(httpx.SyncByteStream):
    """A response body that arrives as a stream, as over a socket (httpx reads a ByteStream
    ahead, after which a raw read is refused)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __iter__(self) -> Iterator[bytes]:
        yield self.data


class FakeHost:
    """Serves a folder like a static host (ETags, 304s) unless ``fault`` says otherwise."""

    def __init__(self, root: Path, base: str) -> None:
        self.root, self.base = root, base
        self.requests: list[httpx.Request] = []
        self.fault: Callable[[httpx.Request], httpx.Response] | None = None

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if self.fault is not None:
            return self.fault(request)
        relative = str(request.url)[len(self.base) :]
        path = self.root / relative
        if not relative or not path.is_file():
            return httpx.Response(404)
        data = path.read_bytes()
        etag = f'"{hashlib.sha256(data).hexdigest()[:16]}"'
        if request.headers.get("if-none-match") == etag:
            return httpx.Response(304, headers={"ETag": etag})
        headers = {"ETag": etag, "Content-Length": str(len(data))}
        return httpx.Response(200, headers=headers, stream=Body(data))

    def paths(self) -> list[str]:
        return [r.url.path for r in self.requests]


class Router:
    def __init__(self, *hosts: FakeHost) -> None:
        self.hosts = hosts

    def __call__(self, request: httpx.Request) -> httpx.Response:
        for host in self.hosts:
            if str(request.url).startswith(host.base):
                return host(request)
        raise httpx.ConnectError("connection refused", request=request)


ISO_START = "2027-01-15T08:00:00Z"  # the Clock's first reading


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def settings(tmp_path: Path, *urls: str, **changes: Any) -> Settings:
    values: dict[str, Any] = {
        "index_urls": urls,
        "local_index": None,
        "cache_ttl": 600,
        "timeout_ms": 5000,
        "cooldown_seconds": 30.0,
        "min_confidence": None,
        "cache_size": 256,
        "cache_dir": tmp_path / "cache",
        "debug": False,
        "config_file": None,
    }
    return Settings(**{**values, **changes})


# The SiteData objects made during the running test; tests/conftest.py closes them after it, so
# their lookup tables' SQLite connections and their HTTP clients do not outlive the test.
opened: list[SiteData] = []


def close_opened() -> None:
    while opened:
        opened.pop().close()


def data(
    tmp_path: Path,
    router: Callable[[httpx.Request], httpx.Response],
    clock: Clock,
    *urls: str,
    bundled: Path | None = None,
    **changes: Any,
) -> SiteData:
    made = SiteData(
        settings(tmp_path, *urls, **changes),
        bundled,
        transport=httpx.MockTransport(router),
        clock=clock,
    )
    opened.append(made)
    return made


def have_shard(site: SiteData, entry_id: str, version: str) -> None:
    """Have a version's shard fetched or built, checked, opened and closed again."""
    with site.reading_shard(entry_id, version):
        pass


def refused(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
