"""builder.cached_stages: a file's parse entry gives back its records byte for byte, and a
rebuild reads only the files whose bytes changed."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson
import pytest

import builder.cached_stages as cached_stages
import builder.pipeline as pipeline
import builder.stages.volume as volume_stage
from builder.cache import BuildCache
from builder.cached_file_records import file_records_payload, load_file_records
from builder.config import load_catalog
from builder.model import ApiUse, FileRecords, Warning_, encoded_records_digest
from builder.pipeline import build_site
from builder.sources import Candidate
from builder.stages.parse import encode_record
from tests.test_incremental import matches_cold_build, site_files

CATALOG = """[site]
title = "Docs"
base_url = "https://docs.invalid/"

[[libraries]]
id = "lib"
name = "Lib"

  [[libraries.versions]]
  version = "1.0"
  path = "docs"
"""


def test_kept_records_come_back_as_they_were_stored(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    records = tuple(
        encode_record(r)
        for r in (
            {"heading": "Lines", "body": "one\ntwo\r\nthree", "source": "a.md"},
            {"heading": 'Quote " and \\', "body": "```\ncode\n```", "source": "a.md"},
        )
    )
    parsed = FileRecords(
        records, None, (Warning_("a.md", "odd\nwarning"),), 2, 1, ApiUse(3, "no code found")
    )
    cache.store_bytes("k1", file_records_payload(parsed, 321))
    assert load_file_records(cache, "k1") == (parsed, 321)
    skipped = FileRecords((), "binary")
    cache.store_bytes("k2", file_records_payload(skipped, 0))
    assert load_file_records(cache, "k2") == (skipped, 0)
    cache.store_bytes("k3", b'{"api": true}')
    assert load_file_records(cache, "k3") is True


def test_an_entry_that_does_not_read_as_records_is_a_miss(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    parsed = FileRecords((encode_record({"heading": "A", "body": "b"}),), None)
    payload = file_records_payload(parsed, 10)
    no_size = payload.replace(b'"size":10', b'"size":null')
    for damaged in (payload + b"\n{}", b"not json\n{}", b"[1, 2]", no_size):
        cache.store_bytes("k", damaged)
        assert load_file_records(cache, "k") is None
    assert load_file_records(cache, "absent") is None


def test_a_rebuild_reads_again_only_the_file_that_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # _version_key has read and hashed every file; the others' records come from the cache.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (project / "docs" / f"{name}.md").write_text(f"# {name.upper()}\n\nText {name}.\n")
    catalog = project / "docbuild.toml"
    catalog.write_text(CATALOG, encoding="utf-8")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    read: list[str] = []
    real = cached_stages.read_source

    def recording(candidate: Candidate, budget: int, *, hashed: bool = True) -> object:
        read.append(candidate.relpath)
        return real(candidate, budget, hashed=hashed)

    monkeypatch.setattr(cached_stages, "read_source", recording)
    (project / "docs" / "b.md").write_text("# B\n\nText b, edited.\n", encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert read == ["b.md"]
    monkeypatch.undo()
    assert matches_cold_build(catalog, tmp_path / "site")


def test_a_build_without_a_cache_reads_each_source_once_and_hashes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No version key is made (source_digests read and hashed every file for it), the read
    # takes no sha256 and no page is keyed on its records' hash; the site is the same.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    for name in ("a", "b"):
        (project / "docs" / f"{name}.md").write_text(f"# {name.upper()}\n\nText {name}.\n")
    catalog = project / "docbuild.toml"
    catalog.write_text(CATALOG, encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "cached", cache_dir=tmp_path / "cache")
    read: list[tuple[str, str]] = []
    real = cached_stages.read_source

    def recording(candidate: Candidate, budget: int, *, hashed: bool = True) -> object:
        source = real(candidate, budget, hashed=hashed)
        read.append((candidate.relpath, source.sha256))
        return source

    def refused(*args: object) -> None:
        raise AssertionError("hashed for a cache the build does not have")

    monkeypatch.setattr(cached_stages, "source_digests", refused)
    monkeypatch.setattr(cached_stages, "read_source", recording)
    monkeypatch.setattr(cached_stages, "encoded_records_digest", refused)
    monkeypatch.setattr(volume_stage.VolumeRecords, "records_digest", refused)
    build_site(load_catalog(catalog), tmp_path / "uncached")
    assert read == [("a.md", ""), ("b.md", "")]
    assert site_files(tmp_path / "uncached") == site_files(tmp_path / "cached")


def test_only_a_build_that_parsed_a_large_version_collects_its_cycles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A full collection pays off after parsing and rendering many pages; a rebuild that took
    # all but one page from the cache left next to no cycles behind. The memory parsing freed
    # goes back to the system at the same builds, before their shard stage.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (project / "docs" / f"{name}.md").write_text(f"# {name.upper()}\n\nText {name}.\n")
    catalog = project / "docbuild.toml"
    catalog.write_text(CATALOG, encoding="utf-8")
    monkeypatch.setattr(pipeline, "LARGE_VERSION_SECTIONS", 3)
    collections: list[int] = []
    monkeypatch.setattr(pipeline.gc, "collect", lambda: collections.append(1) or 0)
    releases: list[str] = []
    monkeypatch.setattr(pipeline, "release_freed_memory", lambda: releases.append("released"))
    monkeypatch.setattr(pipeline, "write_shard_cached", _noting("shard", releases))
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert collections == [1]
    assert releases == ["released", "shard"]
    (project / "docs" / "b.md").write_text("# B\n\nText b, edited.\n", encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert collections == [1]
    assert releases == ["released", "shard", "shard"]
    build_site(load_catalog(catalog), tmp_path / "cold")
    assert collections == [1, 1]
    assert releases == ["released", "shard", "shard", "released", "shard"]


def _noting(stage: str, heard: list[str]) -> Callable[..., Any]:
    """``write_shard_cached`` that first notes ``stage`` in ``heard``."""
    write = pipeline.write_shard_cached

    def noted(*args: Any, **kwargs: Any) -> Any:
        heard.append(stage)
        return write(*args, **kwargs)

    return noted


def test_a_files_records_digest_is_kept_with_them(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    records = (encode_record({"heading": "A", "body": "b", "source": "a.md"}),)
    parsed = FileRecords(records, None, digest=encoded_records_digest(records))
    cache.store_bytes("k", file_records_payload(parsed, 10))
    assert load_file_records(cache, "k") == (parsed, 10)
    # A digest that is not a sha256 is not taken: the page's records are hashed instead.
    cache.store_bytes("bad", file_records_payload(replace(parsed, digest="1234"), 10))
    assert load_file_records(cache, "bad") == (replace(parsed, digest=""), 10)


@pytest.mark.parametrize(
    "listed",
    [[["a.md", 2]], [["a.md", 4]], [["a.md", 0], ["a.md", 3]], [["a.md", "3"]], {"a.md": 3}],
)
def test_a_files_sources_are_kept_only_as_runs_of_its_records(
    tmp_path: Path, listed: object
) -> None:
    cache = BuildCache(tmp_path / "cache")
    records = tuple(
        encode_record({"heading": h, "body": "b", "source": "a.md"}) for h in ("A", "B", "C")
    )
    parsed = FileRecords(records, None, sources=(("a.md", 3),))
    cache.store_bytes("k", file_records_payload(parsed, 10))
    assert load_file_records(cache, "k") == (parsed, 10)
    # Runs that are not of these three records leave the sources to be read from the volume.
    payload = file_records_payload(parsed, 10).replace(b'[["a.md",3]]', orjson.dumps(listed))
    cache.store_bytes("other", payload)
    assert load_file_records(cache, "other") == (replace(parsed, sources=None), 10)


def test_no_build_hashes_a_files_records_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each file's records are hashed once, when parsed; the written volume knows each run of
    # records by that digest, so the shard and page stages hash none of a page's records.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (project / "docs" / f"{name}.md").write_text(f"# {name.upper()}\n\nText {name}.\n")
    catalog = project / "docbuild.toml"
    catalog.write_text(CATALOG, encoding="utf-8")
    hashed: list[object] = []
    real = volume_stage.records_json

    def recording(records: object, positions: object) -> bytes:
        hashed.append(positions)
        return real(records, positions)  # type: ignore[arg-type]

    monkeypatch.setattr(volume_stage, "records_json", recording)
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    (project / "docs" / "b.md").write_text("# B\n\nText b, edited.\n", encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    build_site(load_catalog(catalog), tmp_path / "cold")
    assert hashed == []
    assert site_files(tmp_path / "site") == site_files(tmp_path / "cold")


def test_no_build_reads_its_records_sources_back_from_the_volume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each record's source comes with the file's records (the parse stage or its cache entry):
    # the shard and page stages group records by it without decoding the volume's file.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (project / "docs" / f"{name}.md").write_text(f"# {name.upper()}\n\nText {name}.\n")
    catalog = project / "docbuild.toml"
    catalog.write_text(CATALOG, encoding="utf-8")

    class Refused:
        def decode(self, _data: object) -> object:
            raise AssertionError("the volume's sources were read back")

    monkeypatch.setattr(volume_stage, "_SOURCES", Refused())
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    (project / "docs" / "b.md").write_text("# B\n\nText b, edited.\n", encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert matches_cold_build(catalog, tmp_path / "site")


def test_a_skipped_file_whose_name_is_not_utf8_builds_with_the_cache(tmp_path: Path) -> None:
    """Its name (decoded with lone surrogates) has no JSON form: the version's entry is not
    kept, and the build is the one without the cache."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Index\n\nText.\n", encoding="utf-8")
    try:
        (docs / os.fsdecode(b"caf\xe9.md")).write_text("# T\n", encoding="utf-8")
    except (OSError, UnicodeError):
        pytest.skip("this file system takes no name that is not UTF-8")
    (tmp_path / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    config = load_catalog(tmp_path / "docbuild.toml")
    build_site(config, tmp_path / "uncached")
    for _ in range(2):
        report = build_site(config, tmp_path / "site", cache_dir=tmp_path / "cache")
        assert [s.relpath for v in report.versions for s in v.skipped] == ["caf\udce9.md"]
    assert site_files(tmp_path / "site") == site_files(tmp_path / "uncached")
