"""catalog.json: its fields, its build id, its schema and its bytes."""

import hashlib
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest

from builder.catalog import (
    catalog_bytes,
    catalog_document,
    file_description,
    write_catalog,
)
from builder.config import SiteConfig
from builder.shards import ShardInfo
from schemas import CATALOG_SCHEMA, load_schema

SITE = SiteConfig("Team docs", "https://team.example/docs/", "ignored here")
ENTRIES: list[dict[str, Any]] = [
    {"id": "zod", "name": "Zod", "versions": ["3.24.1"], "volumes": {"3.24.1": {}}},
    {
        "id": "requests",
        "name": "Requests",
        "summary": "HTTP for Humans",
        "aliases": ["req"],
        "packages": ["pypi:requests"],
        "popularity": 900,
        "homepage": "https://requests.example/",
        "versions": ["2.32.3", "2.31.0"],
    },
]
SHA = {name: hashlib.sha256(name.encode()).hexdigest() for name in ("a", "b", "c")}
SHARDS = [
    ShardInfo(
        "requests",
        "2.31.0",
        f"shards/requests/2.31.0.{SHA['a'][:16]}.sqlite.gz",
        SHA["a"],
        1000,
        4096,
        12,
        "gzip",
    ),
    ShardInfo(
        "requests",
        "2.32.3",
        f"shards/requests/2.32.3.{SHA['b'][:16]}.sqlite.gz",
        SHA["b"],
        1100,
        4096,
        13,
        "gzip",
    ),
    ShardInfo(
        "zod",
        "3.24.1",
        f"shards/zod/3.24.1.{SHA['c'][:16]}.sqlite",
        SHA["c"],
        8192,
        8192,
        9,
        "none",
    ),
]


def shard(info: ShardInfo) -> dict[str, Any]:
    return {
        "path": info.path,
        "sha256": info.sha256,
        "bytes": info.bytes,
        "rawBytes": info.raw_bytes,
        "sections": info.sections,
        "format": "doctrove-shard@2",
        "tokenizer": "doctrove-text@1",
    }


def build(updated_at: str | None = None, **extra: Any) -> dict[str, Any]:
    return catalog_document(
        site=SITE,
        entries=ENTRIES,
        shards=SHARDS,
        builder_version="0.1.0",
        updated_at=updated_at,
        **extra,
    )


def test_catalog_lists_entries_and_shards_without_section_text() -> None:
    document = build()
    build_id = document.pop("buildId")
    assert document == {
        "format": "doctrove-catalog@1",
        "builderVersion": "0.1.0",
        "site": {"title": "Team docs", "baseUrl": "https://team.example/docs/"},
        "entries": [
            {
                "id": "requests",
                "name": "Requests",
                "summary": "HTTP for Humans",
                "aliases": ["req"],
                "packages": ["pypi:requests"],
                "popularity": 900,
                "homepage": "https://requests.example/",
                "versions": ["2.32.3", "2.31.0"],
                "shards": {"2.32.3": shard(SHARDS[1]), "2.31.0": shard(SHARDS[0])},
            },
            {
                "id": "zod",
                "name": "Zod",
                "versions": ["3.24.1"],
                "shards": {"3.24.1": shard(SHARDS[2])},
            },
        ],
    }
    assert (
        build_id == hashlib.sha256(orjson.dumps(document, option=orjson.OPT_SORT_KEYS)).hexdigest()
    )


def test_build_id_ignores_the_time_but_follows_the_content() -> None:
    plain, timed = build(), build("2025-01-02T03:04:05.000Z")
    assert "updatedAt" not in plain
    assert timed["updatedAt"] == "2025-01-02T03:04:05.000Z"
    assert plain["buildId"] == timed["buildId"]
    renamed = catalog_document(
        site=SiteConfig("Other", SITE.base_url),
        entries=ENTRIES,
        shards=SHARDS,
        builder_version="0.1.0",
        updated_at=None,
    )
    assert renamed["buildId"] != plain["buildId"]


def test_catalog_bytes_are_sorted_compact_and_reproducible(tmp_path: Path) -> None:
    data = catalog_bytes(build())
    assert data == catalog_bytes(build())
    assert data.startswith(b'{"buildId":"') and b'"builderVersion":"0.1.0","entries":[' in data
    assert b": " not in data and b"\n" not in data
    assert write_catalog(tmp_path, build()) == len(data)
    assert (tmp_path / "catalog.json").read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["catalog.json"]


def test_catalog_matches_its_json_schema(tmp_path: Path) -> None:
    index = tmp_path / "index.json"
    index.write_bytes(b'{"entries":[],"format":"doctrove-index@1"}')
    described = file_description(index, "index.json")
    assert described == {
        "path": "index.json",
        "bytes": 42,
        "sha256": hashlib.sha256(index.read_bytes()).hexdigest(),
    }
    validator = jsonschema.Draft202012Validator(load_schema(CATALOG_SCHEMA))
    for document in (build(), build("2025-01-02T03:04:05.000Z", index=described)):
        assert list(validator.iter_errors(orjson.loads(catalog_bytes(document)))) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["entries"][0]["shards"]["2.32.3"].update(path="shards/requests/x.sqlite"),
            "does not match",
        ),
        (lambda d: d["entries"][0]["shards"]["2.32.3"].pop("sha256"), "'sha256' is a required"),
        (lambda d: d["entries"][0]["shards"]["2.32.3"].update(body="text"), "body"),
        (lambda d: d["entries"][0].update(volumes={}), "volumes"),
        (lambda d: d.update(format="doctrove-index@1"), "doctrove-catalog@1"),
    ],
)
def test_schema_rejects_malformed_catalogs(change: Any, message: str) -> None:
    document = orjson.loads(catalog_bytes(build()))
    change(document)
    errors = list(
        jsonschema.Draft202012Validator(load_schema(CATALOG_SCHEMA)).iter_errors(document)
    )
    assert errors and any(message in error.message for error in errors)


def test_a_version_without_a_shard_is_a_build_bug() -> None:
    with pytest.raises(ValueError, match=r"entry 'zod' has no shard for version\(s\) \['3.24.1'\]"):
        catalog_document(
            site=SITE, entries=ENTRIES, shards=SHARDS[:2], builder_version="0.1.0", updated_at=None
        )
