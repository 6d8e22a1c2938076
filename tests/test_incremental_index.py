"""Rebuilds that update a version's search database in place (builder.kept_index): only the
changed pages' rows are indexed again, and the site is a cold build's; an edit that moves
section ids, kept files gone or damaged, or a build that failed half way, index the version
from its pages instead, or keep the next edit in place."""

import os
from pathlib import Path
from typing import Any

import pytest

import builder.cached_stages
import builder.shards
from builder.config import load_catalog
from builder.pipeline import build_site
from schemas import shard_build
from tests.test_incremental import matches_cold_build, split_every_index, three_page_site


def indexed_rows(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ids of the rows each build puts into a search index, recorded as they go in."""
    ids: list[int] = []
    real = shard_build.insert_rows

    def recording(conn: Any, rows: list[tuple[int, str, str, str, str]]) -> None:
        ids.extend(row[0] for row in rows)
        real(conn, rows)

    monkeypatch.setattr(shard_build, "insert_rows", recording)
    return ids


def edit_guide(root: Path, text: str) -> None:
    (root / "alpha" / "guide.rst").write_text(f"Guide\n=====\n\n{text}\n", encoding="utf-8")


def test_a_one_page_edit_updates_the_kept_index_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog, cache = three_page_site(tmp_path, builds=1)
    indexed = indexed_rows(monkeypatch)
    for text in ("Use alpha.stop to end.", "Two words.", "Use :func:`alpha.run` to start."):
        indexed.clear()
        edit_guide(tmp_path / "project", text)
        build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
        # alpha's guide.rst alone: one section, indexed again; its other pages are not.
        assert len(indexed) == 1
        assert matches_cold_build(catalog, tmp_path / "site")


def test_a_one_page_edit_of_a_version_published_as_a_head_updates_it_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A doctrove-shard@6 head names its packs by 32 digits of their sha256; the update links
    # the packs it keeps from the build cache by the whole sha256 (else it would give up).
    catalog, cache = three_page_site(tmp_path, builds=0)
    split_every_index(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    names = {p.name.split(".")[0] for p in (tmp_path / "site").glob("shards/alpha/bodies/*")}
    assert names and {len(name) for name in names} == {32}
    indexed = indexed_rows(monkeypatch)
    edit_guide(tmp_path / "project", "Changed text.")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert len(indexed) == 1
    assert matches_cold_build(catalog, tmp_path / "site")


def test_an_edit_that_moves_section_ids_indexes_the_version_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog, cache = three_page_site(tmp_path, builds=1)
    indexed = indexed_rows(monkeypatch)
    # A second section in guide.rst moves the ids of the sections after it.
    edit_guide(tmp_path / "project", "Text.\n\nMore\n----\n\nAnother section.")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert len(indexed) == len(set(indexed)) > 2  # every section of alpha, once
    assert matches_cold_build(catalog, tmp_path / "site")


def test_an_update_whose_kept_body_packs_are_gone_indexes_the_version_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog, cache = three_page_site(tmp_path, builds=1)
    packs = {p.name.split(".")[0] for p in (tmp_path / "site").glob("shards/alpha/bodies/*")}
    for name in packs:  # as another build sharing the cache would sweep them
        (cache / "objects" / name[:2] / name).unlink()
    indexed = indexed_rows(monkeypatch)
    edit_guide(tmp_path / "project", "Changed text.")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert len(indexed) > 1  # the update gave up and every page was indexed
    assert matches_cold_build(catalog, tmp_path / "site")


def test_a_damaged_kept_index_is_not_updated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog, cache = three_page_site(tmp_path, builds=1)
    for database in cache.glob("objects/*/*"):
        if database.read_bytes().startswith(b"SQLite format 3\0"):
            database.write_bytes(database.read_bytes()[:-1] + b"\1")  # same size, other bytes
            os.utime(database, ns=(1, 1))
    indexed = indexed_rows(monkeypatch)
    edit_guide(tmp_path / "project", "Changed text.")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert len(indexed) > 1
    assert matches_cold_build(catalog, tmp_path / "site")


def test_an_edit_after_a_failed_build_and_a_revert_still_updates_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The failed build kept its index (of the edited guide) before it failed; the next build
    # reverted the edit and reused the version's whole shard, so the index it keeps for the
    # next edit is still the failed build's, whose page tables must stay kept with it.
    catalog, cache = three_page_site(tmp_path, builds=1)
    guide = tmp_path / "project" / "alpha" / "guide.rst"
    first = guide.read_text("utf-8")

    def fail(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the disk went away half way")

    edit_guide(tmp_path / "project", "Second text.")
    failed_build(monkeypatch, tmp_path, builder.cached_stages, "render_version", fail)
    guide.write_text(first, "utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    indexed = indexed_rows(monkeypatch)
    edit_guide(tmp_path / "project", "Third text.")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert len(indexed) == 1  # the guide's one section, not every section of alpha
    assert matches_cold_build(catalog, tmp_path / "site")


def test_a_build_failing_after_it_placed_its_packs_leaves_an_index_to_update(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The failed build kept its updated index and placed the guide's new body pack, but not
    # the list of the files it placed: the next build of the same pages links that pack (its
    # object hashed, as no list names it) instead of indexing every page again.
    catalog, cache = three_page_site(tmp_path, builds=1)
    write_named = builder.shards._write_named
    calls: list[int] = []

    def fail_at_the_chunks(*args: Any) -> dict[str, str]:
        calls.append(1)
        if len(calls) == 2:  # the body packs are placed, the index chunks come next
            raise RuntimeError("the disk went away half way")
        return write_named(*args)

    edit_guide(tmp_path / "project", "Second text.")
    failed_build(monkeypatch, tmp_path, builder.shards, "_write_named", fail_at_the_chunks)
    indexed = indexed_rows(monkeypatch)
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert indexed == []  # alpha's kept index was the one to publish, updated by nothing
    assert matches_cold_build(catalog, tmp_path / "site")


def failed_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: Any, name: str, failing: Any
) -> None:
    """A build of three_page_site's project into its site and cache that fails half way, where
    ``failing`` (raising RuntimeError) stands in for ``module.name``."""
    with monkeypatch.context() as patched:
        patched.setattr(module, name, failing)
        with pytest.raises(RuntimeError, match="half way"):
            catalog = load_catalog(tmp_path / "project" / "docbuild.toml")
            build_site(catalog, tmp_path / "site", cache_dir=tmp_path / "cache")
