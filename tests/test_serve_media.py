"""Content types, gzip eligibility, Cache-Control and Accept-Encoding negotiation."""

from __future__ import annotations

import pytest

from builder.serve.media import (
    IMMUTABLE_CACHE_CONTROL,
    MediaType,
    accepts_gzip,
    cache_control,
    media_type,
    shard_hash,
)


@pytest.mark.parametrize(
    ("name", "content_type", "compressible"),
    [
        ("index.html", "text/html; charset=utf-8", True),
        ("libs/x/1.0/API.HTM", "text/html; charset=utf-8", True),
        ("catalog.json", "application/json; charset=utf-8", True),
        ("llms.txt", "text/plain; charset=utf-8", True),
        ("site.css", "text/css; charset=utf-8", True),
        ("search.js", "text/javascript; charset=utf-8", True),
        ("logo.svg", "image/svg+xml; charset=utf-8", True),
        ("sitemap.xml", "application/xml; charset=utf-8", True),
        ("shards/x/1.0.abc.sqlite", "application/vnd.sqlite3", False),
        ("fts.db", "application/vnd.sqlite3", False),
        ("index.json.gz", "application/gzip", False),
        ("shard.sqlite.zst", "application/zstd", False),
        ("index.json.br", "application/x-brotli", False),
        ("font.woff2", "font/woff2", False),
        ("logo.png", "image/png", False),
        ("favicon.ico", "image/x-icon", False),
        ("LICENSE", "application/octet-stream", False),
        ("archive.unknown", "application/octet-stream", False),
        ("dir.d/README", "application/octet-stream", False),
    ],
)
def test_media_type(name: str, content_type: str, compressible: bool) -> None:
    assert media_type(name) == MediaType(content_type, compressible)


@pytest.mark.parametrize(
    ("path", "digest"),
    [
        ("shards/requests/2.31.0.0123456789abcdef.sqlite", "0123456789abcdef"),
        ("shards/@scope/pkg/1.0.0.aaaaaaaaaaaa.sqlite.zst", "aaaaaaaaaaaa"),
        ("shards/x/1." + "f" * 64 + ".db", "f" * 64),
        ("shards/x/latest.sqlite", None),
        ("shards/x/1.0.ABCDEF012345.sqlite", None),
        ("shards/x/1.0.0123.sqlite", None),
        ("other/x/1.0.0123456789abcdef.sqlite", None),
        ("catalog.json", None),
        ("shards/x/bodies/" + "a" * 64 + ".json.gz", "a" * 64),  # a body pack
        ("shards/@scope/pkg/index/" + "b" * 64 + ".bin.gz", "b" * 64),  # an index chunk
        ("shards/x/index/" + "b" * 32 + ".bin.gz", "b" * 32),  # a doctrove-shard@6 head's
        ("shards/x/bodies/" + "c" * 32 + ".json.gz", "c" * 32),
        ("shards/x/index/" + "b" * 63 + ".bin.gz", None),
        ("shards/x/index/" + "b" * 33 + ".bin.gz", None),
        ("shards/x/index/" + "b" * 31 + ".bin.gz", None),
        ("shards/x/other/" + "b" * 64 + ".bin.gz", None),
    ],
)
def test_shard_hash(path: str, digest: str | None) -> None:
    assert shard_hash(path) == digest


def test_cache_control() -> None:
    shard = "shards/x/1.0.0123456789abcdef.sqlite"
    assert cache_control(shard) == IMMUTABLE_CACHE_CONTROL == "public, max-age=31536000, immutable"
    assert cache_control("catalog.json") == "max-age=600"
    assert cache_control("catalog.json", "no-cache") == "no-cache"


@pytest.mark.parametrize(
    ("header", "accepted"),
    [
        (None, False),
        ("", False),
        ("gzip", True),
        ("GZIP", True),
        ("deflate, gzip;q=0.5", True),
        ("gzip;q=0", False),
        ("gzip; q=0.000", False),
        ("gzip;q=0.001", True),
        ("x-gzip", True),
        ("*", True),
        ("*;q=0", False),
        ("*;q=0, gzip", True),
        ("gzip;q=0, *", False),
        ("br, deflate", False),
        ("identity", False),
        ("gzip;q=2", False),
        ("gzip;q=abc", False),
        ("gzip;level=1", True),
    ],
)
def test_accepts_gzip(header: str | None, accepted: bool) -> None:
    assert accepts_gzip(header) is accepted
