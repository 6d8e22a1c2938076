"""Parsing on several cores: the same site as on one, whatever the workers do."""

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from builder import shards, workers
from builder.cli import main
from builder.config import load_catalog
from builder.errors import BuildError, IndexInvalid
from builder.model import FileRecords, SkippedFile, SourceFile
from builder.pipeline import build_site
from builder.sources import Candidate
from builder.stages import parse_workers
from builder.stages.parse_workers import (
    FileCache,
    FileOutcome,
    NoFileCache,
    Reading,
    outcomes,
)
from builder.workers import DONE_HERE_FIRST, MIN_ITEMS_FOR_WORKERS, can_fork
from tests.test_incremental import site_files

pytestmark = pytest.mark.skipif(not can_fork(), reason="workers are forked")

CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "alpha"
name = "Alpha"
  [[libraries.versions]]
  version = "1.0.0"
  path = "docs"
"""
FILES = MIN_ITEMS_FOR_WORKERS + 6


def make_project(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir()
    for n in range(FILES):
        # Markdown, reST and HTML pages, a page no parser can read and one that is empty.
        if n % 3 == 0:
            text = f"# Page {n}\n\nAbout topic {n}.\n\n## Usage {n}\n\nCall `run({n})`.\n"
            (docs / f"p{n:02}.md").write_text(text, encoding="utf-8")
        elif n % 3 == 1:
            text = f"Page {n}\n=======\n\nTopic {n} in reST.\n\nUsage\n-----\n\nRun it {n}.\n"
            (docs / f"p{n:02}.rst").write_text(text, encoding="utf-8")
        else:
            text = f"<html><body><main><h1>Page {n}</h1><p>Topic {n}.</p></main></body></html>"
            (docs / f"p{n:02}.html").write_text(text, encoding="utf-8")
    # index.md shares its page with the version's table of contents, in the pages' order.
    (docs / "index.md").write_text("# Home\n\nStart here.\n", encoding="utf-8")
    (docs / "binary.md").write_bytes(b"\x00" * 4096)
    (docs / "empty.md").write_text("  \n", encoding="utf-8")
    (root / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    return root / "docbuild.toml"


@pytest.mark.parametrize("cached", [False, True])
def test_a_site_built_by_workers_is_the_one_built_on_one_core(tmp_path: Path, cached: bool) -> None:
    config = load_catalog(make_project(tmp_path))
    sites = {}
    for jobs in (1, 3):
        cache = tmp_path / f"cache-{jobs}" if cached else None
        report = build_site(config, tmp_path / f"site-{jobs}", cache_dir=cache, jobs=jobs)
        assert report.versions[0].sections >= FILES * 2 - FILES // 3
        sites[jobs] = site_files(tmp_path / f"site-{jobs}")
    assert sites[1] == sites[3]


def test_a_cached_rebuild_by_workers_reads_only_the_edited_file(tmp_path: Path) -> None:
    config = load_catalog(make_project(tmp_path))
    cache = tmp_path / "cache"
    build_site(config, tmp_path / "site", cache_dir=cache, jobs=2)
    page = tmp_path / "docs" / "p00.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nA new sentence.\n", encoding="utf-8")
    build_site(config, tmp_path / "site", cache_dir=cache, jobs=2)
    build_site(config, tmp_path / "cold", jobs=1)
    assert site_files(tmp_path / "site") == site_files(tmp_path / "cold")


def candidates(root: Path, sizes: list[int]) -> list[Candidate]:
    listed = []
    for n, size in enumerate(sizes):
        path = root / f"f{n:02}.txt"
        path.write_text("x" * size, encoding="utf-8")
        listed.append(Candidate(path.name, path))
    return listed


def read_within(candidate: Candidate, budget: int) -> SourceFile | SkippedFile:
    """A reader that refuses a file over the budget and names the limit, as read_source."""
    text = candidate.path.read_text(encoding="utf-8")
    largest = parse_workers.MAX_FILE_BYTES
    if len(text) > min(largest, budget):
        return SkippedFile(candidate.relpath, f"too big (limit {min(largest, budget)})")
    return SourceFile(candidate.relpath, text)


def records_of(source: SourceFile) -> FileRecords:
    skipped = "unsupported format" if source.relpath.endswith("3.txt") else None
    return FileRecords((f'{{"pid":0,"n":{len(source.text)}}}'.encode(),), skipped)


class EveryFourthKept(NoFileCache):
    """A build cache that has every fourth file, taken unread when the budget allows it."""

    def before_read(self, candidate: Candidate, budget: int) -> tuple[FileRecords, int] | None:
        size = candidate.path.stat().st_size
        if int(candidate.relpath[1:3]) % 4 or size > min(parse_workers.MAX_FILE_BYTES, budget):
            return None
        return records_of(SourceFile(candidate.relpath, "")), size


@pytest.mark.parametrize("cache", [NoFileCache(), EveryFourthKept()])
def test_the_version_budget_decides_as_on_one_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: FileCache
) -> None:
    # Files in flight are counted against the budget; near its end the workers are drained,
    # so every file is read with the budget a one-core build gives it. A file left out by its
    # parser (every tenth here) takes none of it; one the cache has takes its size.
    monkeypatch.setattr(parse_workers, "MAX_VERSION_BYTES", 40_000)
    monkeypatch.setattr(parse_workers, "MAX_FILE_BYTES", 6_000)
    sizes = [1_000 + 397 * n % 5_500 for n in range(MIN_ITEMS_FOR_WORKERS + 20)]
    listed = candidates(tmp_path, sizes)
    reading = Reading(read_within, records_of, cache)
    one = list(outcomes(listed, reading, 1))
    three = list(outcomes(listed, reading, 3))
    assert one == three
    refused = [o for o in one if isinstance(o, SkippedFile)]
    assert refused and len(refused) < len(one) - 5  # the budget ran out part way


def raise_for_one_file(source: SourceFile) -> FileRecords:
    if source.relpath == "f05.txt":
        # Its own __init__ signature: it cannot cross back from a worker by pickle.
        raise IndexInvalid(f"the sections of {source.relpath}", ["a made-up problem"])
    return records_of(source)


def test_an_error_in_a_worker_is_raised_as_on_one_core(tmp_path: Path) -> None:
    listed = candidates(tmp_path, [100] * (MIN_ITEMS_FOR_WORKERS + 4))
    reading = Reading(read_within, raise_for_one_file)
    for jobs in (1, 2):
        with pytest.raises(IndexInvalid, match=r"f05\.txt is not a valid") as raised:
            list(outcomes(listed, reading, jobs))
        assert raised.value.problems == ["a made-up problem"]


BUILD_PROCESS = os.getpid()


def die_in_a_worker(source: SourceFile) -> FileRecords:
    if source.relpath == "f07.txt" and os.getpid() != BUILD_PROCESS:
        os._exit(3)  # a worker killed mid-file (a crash in a C library, the OOM killer)
    return records_of(source)


def test_a_worker_that_dies_leaves_its_files_to_the_build_process(tmp_path: Path) -> None:
    listed = candidates(tmp_path, [100 + n for n in range(MIN_ITEMS_FOR_WORKERS + 4)])
    expected = list(outcomes(listed, Reading(read_within, records_of), 1))
    assert list(outcomes(listed, Reading(read_within, die_in_a_worker), 2)) == expected


def parsed_where(source: SourceFile) -> FileRecords:
    return FileRecords((str(os.getpid()).encode(),), None)


def test_a_small_version_is_parsed_in_the_build_process(tmp_path: Path) -> None:
    small = candidates(tmp_path, [10] * (MIN_ITEMS_FOR_WORKERS - 1))
    found = list(outcomes(small, Reading(read_within, parsed_where), 4))
    assert {o.parsed.records for o in found if isinstance(o, FileOutcome)} == {
        (str(os.getpid()).encode(),)
    }
    large = candidates(tmp_path, [10] * (MIN_ITEMS_FOR_WORKERS + 1))
    found = list(outcomes(large, Reading(read_within, parsed_where), 2))
    here = [o.parsed.records == (str(os.getpid()).encode(),) for o in found]
    assert here == [n < DONE_HERE_FIRST for n in range(len(large))]


def test_jobs_out_of_range_is_refused_with_the_range(tmp_path: Path) -> None:
    config = make_project(tmp_path)
    arguments = ["build", "-c", str(config), "-o", str(tmp_path / "site"), "-j", "0"]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2
    assert "--jobs" in result.output and "1<=x<=8" in result.output


def test_a_build_that_fails_while_pages_are_made_leaves_no_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The shard stage fails (a full disk) with pages still in the workers: the error, held by
    # whoever reports it, must not keep them running, nor stop the next build starting its own
    # (docbuild watch and serve build again in the same process).
    config = load_catalog(make_project(tmp_path))

    def disk_full(library_id: str, version: str, pages: Any, *_: Any) -> Any:
        taken = iter(pages)
        next(taken)
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(shards, "search_database_bytes", disk_full)
    with pytest.raises(BuildError, match="disk is full") as failed:
        build_site(config, tmp_path / "site", cache_dir=tmp_path / "cache", jobs=2)
    assert workers._inherited_work is None
    monkeypatch.undo()
    report = build_site(config, tmp_path / "site", cache_dir=tmp_path / "cache", jobs=2)
    assert report.versions[0].sections and failed.value
