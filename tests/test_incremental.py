"""Incremental builds: a cached rebuild equals a cold build byte for byte, whatever changed."""

import os
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import builder.cache
import builder.cached_shard
import builder.cached_stages
import builder.pages
import builder.shards
from builder.config import load_catalog
from builder.pipeline import build_site
from schemas import derived_columns, shard_build
from tests.cache_entries_support import kept_payloads

CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "alpha"
name = "Alpha"
  [[libraries.versions]]
  version = "1.0.0"
  path = "alpha"
  URL_LINE

[[libraries]]
id = "beta"
name = "Beta"
  [[libraries.versions]]
  version = "2.0.0"
  path = "beta"
"""


def make_project(root: Path) -> Path:
    for name, text in {
        "alpha/index.md": "# Alpha\n\nThe alpha library.\n\n## Install\n\npip install alpha\n",
        "alpha/guide.rst": "Guide\n=====\n\nUse :func:`alpha.run` to start.\n",
        "beta/readme.md": "# Beta\n\nBeta does *things*.\n",
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "docbuild.toml").write_text(CATALOG.replace("URL_LINE", ""), encoding="utf-8")
    return root / "docbuild.toml"


def site_files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def matches_cold_build(catalog: Path, site: Path) -> bool:
    """Whether ``site`` holds what a build of ``catalog`` without the cache writes (built into
    a folder ``cold`` beside it)."""
    cold = site.parent / "cold"
    build_site(load_catalog(catalog), cold)
    return site_files(site) == site_files(cold)


def rebuilt_matches_cold(tmp_path: Path, catalog: Path) -> bool:
    """Build ``catalog`` into tmp_path/site with the cache tmp_path/cache, then
    ``matches_cold_build``."""
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=tmp_path / "cache")
    return matches_cold_build(catalog, tmp_path / "site")


def three_page_site(tmp_path: Path, builds: int) -> tuple[Path, Path]:
    """make_project with a third page in alpha, built ``builds`` times into tmp_path/site with
    a cache (a second build takes the whole version from the cache, and must keep its pages
    kept); the catalog and the cache folder."""
    catalog = make_project(tmp_path / "project")
    (tmp_path / "project" / "alpha" / "more.md").write_text("# More\n\nMore text.\n", "utf-8")
    cache = tmp_path / "cache"
    for _ in range(builds):
        build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    return catalog, cache


def add_file(root: Path) -> None:
    (root / "alpha" / "new.md").write_text("# New\n\nA new page.\n", encoding="utf-8")


def change_file(root: Path) -> None:
    (root / "alpha" / "guide.rst").write_text("Guide\n=====\n\nChanged text.\n", encoding="utf-8")


def remove_file(root: Path) -> None:
    (root / "alpha" / "guide.rst").unlink()


def change_config(root: Path) -> None:
    catalog = root / "docbuild.toml"
    catalog.write_text(
        CATALOG.replace("URL_LINE", 'url_template = "https://up.example/{page}"'), encoding="utf-8"
    )


def change_summary(root: Path) -> None:
    # A version's summary is written into the volume the cache keeps.
    catalog = root / "docbuild.toml"
    catalog.write_text(CATALOG.replace("URL_LINE", 'summary = "The second one."'), "utf-8")


@pytest.mark.parametrize(
    "change", [add_file, change_file, remove_file, change_config, change_summary]
)
def test_cached_rebuild_equals_cold_build(tmp_path: Path, change: Callable[[Path], None]) -> None:
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    change(tmp_path / "project")
    config = load_catalog(catalog)
    warm = build_site(config, tmp_path / "warm", cache_dir=cache)
    build_site(config, tmp_path / "cold")
    assert site_files(tmp_path / "warm") == site_files(tmp_path / "cold")
    assert warm.cache_hits > 0  # beta, at least, was reused


def split_indexes(root: Path, threshold: int | None) -> None:
    """Set (None: leave out) ``[site] split_index_bytes`` in the project's catalog."""
    catalog = root / "docbuild.toml"
    lines = catalog.read_text("utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith("split_index_bytes")]
    if threshold is not None:
        kept.insert(kept.index("[site]\n") + 1, f"split_index_bytes = {threshold}\n")
    catalog.write_text("".join(kept), encoding="utf-8")


def split_every_index(root: Path) -> None:
    split_indexes(root, 0)


def split_no_index(root: Path) -> None:
    split_indexes(root, None)


@pytest.mark.parametrize(
    ("threshold", "change"),
    [
        (0, change_file),
        (0, add_file),
        (0, remove_file),
        # A changed threshold must not reuse a shard kept under the other one.
        (None, split_every_index),
        (0, split_no_index),
    ],
)
def test_cached_rebuild_of_chunked_shards_equals_cold_build(
    tmp_path: Path, threshold: int | None, change: Callable[[Path], None]
) -> None:
    catalog = make_project(tmp_path / "project")
    split_indexes(tmp_path / "project", threshold)
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    change(tmp_path / "project")
    config = load_catalog(catalog)
    warm = build_site(config, tmp_path / "warm", cache_dir=cache)
    build_site(config, tmp_path / "cold")
    files = site_files(tmp_path / "cold")
    assert site_files(tmp_path / "warm") == files
    chunked = config.site.split_index_bytes == 0
    assert any("/index/" in path for path in files) == chunked
    assert warm.cache_hits > 0


@pytest.mark.parametrize("other_zlib", [False, True])
def test_a_shard_kept_under_another_zlib_is_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, other_zlib: bool
) -> None:
    # Another zlib may deflate the same database into other bytes than a cold build's.
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    written: list[str] = []
    real = builder.cached_shard.write_shard_files

    def counted(*args: Any, **kwargs: Any) -> Any:
        written.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(builder.cached_shard, "write_shard_files", counted)
    if other_zlib:
        monkeypatch.setattr(zlib, "ZLIB_RUNTIME_VERSION", zlib.ZLIB_RUNTIME_VERSION + "-other")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert bool(written) == other_zlib


def test_a_changed_split_threshold_renders_no_page_again(tmp_path: Path) -> None:
    # Pages do not depend on it: they stay the files the cache kept (the same inodes).
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    pages = sorted((tmp_path / "site" / "libs").glob("*/*/*.html"))  # the versions' pages
    before = {page: page.stat().st_ino for page in pages}
    split_every_index(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert pages and {page: page.stat().st_ino for page in pages} == before
    assert list((tmp_path / "site" / "shards").glob("*/index/*.bin.gz"))


def test_unchanged_rebuild_reuses_everything(tmp_path: Path) -> None:
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    first = build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    second = build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert first.cache_hits == 0 and second.cache_misses == 0 and second.cache_hits > 0


def test_entries_no_longer_used_are_swept(tmp_path: Path) -> None:
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"

    def kept() -> set[str]:
        return set(kept_payloads(cache)) | {str(path) for path in cache.glob("objects/*/*")}

    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    before = kept()
    change_file(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    after = kept()
    assert before - after, "the changed version's old entries should be gone"
    report = build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert report.cache_misses == 0 and kept() == after


def test_an_edit_to_one_file_renders_only_its_page_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog, cache = three_page_site(tmp_path, builds=2)
    rendered: list[str] = []
    render_page = builder.pages._render_page

    def recording(env: Any, template: str, site_path: str, **context: Any) -> bytes:
        rendered.append(site_path)
        return render_page(env, template, site_path, **context)

    monkeypatch.setattr(builder.pages, "_render_page", recording)
    guide = tmp_path / "project" / "alpha" / "guide.rst"
    guide.write_text(guide.read_text("utf-8").replace("to start", "to begin"), "utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    # Of the version's files, not the other pages, nor the table of contents: its headings did
    # not change. (The landing and library pages are rendered on every build.)
    assert [p for p in rendered if p.startswith("libs/alpha/1.0.0/")] == [
        "libs/alpha/1.0.0/guide.html"
    ]
    assert matches_cold_build(catalog, tmp_path / "site")


def test_an_edit_to_one_file_writes_only_its_page_again(tmp_path: Path) -> None:
    # The other pages are linked from the cache: a rebuild neither writes their bytes again
    # nor frees the old ones, which on a 500-page version cost more than rendering one page.
    catalog, cache = three_page_site(tmp_path, builds=1)
    folder = tmp_path / "site" / "libs" / "alpha" / "1.0.0"

    def inodes() -> dict[str, int]:
        return {p.name: p.stat().st_ino for p in folder.glob("*.html")}

    before = inodes()
    guide = tmp_path / "project" / "alpha" / "guide.rst"
    guide.write_text(guide.read_text("utf-8").replace("to start", "to begin"), "utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    after = inodes()
    assert after.keys() == before.keys() and len(after) >= 3
    assert sorted(name for name in after if after[name] != before[name]) == ["guide.html"]


def test_an_edit_after_an_unchanged_build_tokenizes_only_the_edited_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    # Nothing changed: the whole shard is reused, and the rows it was made of stay cached.
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    tokenized: list[str] = []
    real = shard_build.index_text

    def index_text(text: str) -> str:
        tokenized.append(text)
        return real(text)

    monkeypatch.setattr(shard_build, "index_text", index_text)
    change_file(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert "Guide" in tokenized  # the edited page's heading
    assert "Install" not in tokenized and "Alpha" not in tokenized  # index.md: from the cache


def test_an_edit_that_keeps_every_heading_codes_no_heading_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A head's heading columns come from the cache when its headings, paths and anchors are
    # the ones an earlier build coded, even after a build that reused the whole shard.
    catalog = make_project(tmp_path / "project")
    split_every_index(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    coded: list[Sequence[str]] = []
    real = derived_columns.front_coded

    def recording(headings: Sequence[str]) -> tuple[list[str], list[int]]:
        coded.append(headings)
        return real(headings)

    monkeypatch.setattr(derived_columns, "front_coded", recording)
    heads = sorted((tmp_path / "site" / "shards").glob("alpha/*.sqlite.gz"))
    before = {head.name for head in heads}
    change_file(tmp_path / "project")  # new text under the same heading
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    after = {head.name for head in (tmp_path / "site" / "shards").glob("alpha/*.sqlite.gz")}
    assert before and after != before  # alpha's head was made again
    assert coded == []
    monkeypatch.undo()
    assert matches_cold_build(catalog, tmp_path / "site")


def test_an_edit_to_one_file_makes_the_headings_of_its_page_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table of contents lists every page's headings: a rebuild takes those of the pages
    # that did not change from the cache instead of decoding their records again.
    catalog, cache = three_page_site(tmp_path, builds=2)
    made: list[str] = []
    page_of = builder.pages.page_of

    def recording(path: str, *args: Any, **kwargs: Any) -> Any:
        made.append(path)
        return page_of(path, *args, **kwargs)

    monkeypatch.setattr(builder.pages, "page_of", recording)
    change_file(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    # index.md owns the folder's index.html, which shows its sections above the contents.
    # The edited page is made once: the contents take its headings from the rendered view.
    assert sorted(made) == ["guide.html", "index.html"]
    monkeypatch.undo()
    assert matches_cold_build(catalog, tmp_path / "site")


def test_a_rebuild_reads_no_kept_file_again_to_hash_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Body packs are named by their sha256 and kept pages were kept with theirs: keeping the
    # changed shard's and pages' folders must not read and hash every file of them again.
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    hashed: list[Path] = []
    file_sha256 = builder.cache.file_sha256

    def recording(path: Path) -> str:
        hashed.append(path)
        return file_sha256(path)

    monkeypatch.setattr(builder.cache, "file_sha256", recording)
    change_file(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert hashed == []
    monkeypatch.undo()
    assert matches_cold_build(catalog, tmp_path / "site")


def held_shard_files(site: Path, hold: Path) -> dict[str, Path]:
    """A second link to every body pack and index chunk of ``site``, so their inodes outlive
    the site a rebuild replaces (a freed inode could be given to a new file)."""
    held = {}
    for path in sorted((site / "shards").glob("*/*/*.gz")):
        relative = path.relative_to(site).as_posix()
        held[relative] = hold / relative.replace("/", "_")
        os.link(path, held[relative])
    return held


def test_an_edit_to_one_file_links_the_packs_and_chunks_that_did_not_change(
    tmp_path: Path,
) -> None:
    # Creating a file costs far more than linking one: a rebuild takes every body pack and
    # index chunk it publishes again from the cache's objects, the same files as before.
    catalog = make_project(tmp_path / "project")
    split_every_index(tmp_path / "project")
    cache, site, hold = tmp_path / "cache", tmp_path / "site", tmp_path / "hold"
    hold.mkdir()
    build_site(load_catalog(catalog), site, cache_dir=cache)
    held = held_shard_files(site, hold)
    change_file(tmp_path / "project")
    build_site(load_catalog(catalog), site, cache_dir=cache)
    kept = [relative for relative in held if (site / relative).exists()]
    assert any("/bodies/" in r for r in kept) and any("/index/" in r for r in kept)
    assert all(os.path.samefile(site / relative, held[relative]) for relative in kept)
    assert matches_cold_build(catalog, site)


def test_a_failed_rebuild_keeps_the_previous_site_and_the_cache_usable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rebuild fails after its shards were written (packs linked from the objects the
    # published site shares): the published site is left as it was, byte for byte, and the
    # next rebuild still links what did not change.
    catalog = make_project(tmp_path / "project")
    split_every_index(tmp_path / "project")
    cache, site, hold = tmp_path / "cache", tmp_path / "site", tmp_path / "hold"
    hold.mkdir()
    build_site(load_catalog(catalog), site, cache_dir=cache)
    published = site_files(site)
    held = held_shard_files(site, hold)

    def fail(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the disk went away half way")

    change_file(tmp_path / "project")
    monkeypatch.setattr(builder.cached_stages, "render_version", fail)
    with pytest.raises(RuntimeError, match="half way"):
        build_site(load_catalog(catalog), site, cache_dir=cache)
    assert site_files(site) == published
    assert not [p.name for p in tmp_path.iterdir() if "staging" in p.name or "work" in p.name]
    monkeypatch.undo()
    build_site(load_catalog(catalog), site, cache_dir=cache)
    assert matches_cold_build(catalog, site)
    kept = [relative for relative in held if (site / relative).exists()]
    assert kept and all(os.path.samefile(site / r, held[r]) for r in kept)


@pytest.mark.parametrize("first", ["Version 1\n---------\n\nOld news.\n", None])
def test_a_change_to_an_included_file_alone_is_rebuilt(tmp_path: Path, first: str | None) -> None:
    """The changelog lives beside the docs, outside the version's folder: editing it (or
    creating it where a page looked for it) changes no file the version lists."""
    catalog = make_project(tmp_path / "project")
    changes = tmp_path / "project" / "CHANGES.rst"
    (tmp_path / "project" / "alpha" / "changes.rst").write_text(
        "Changes\n=======\n\n.. include:: ../CHANGES.rst\n", encoding="utf-8"
    )
    if first is not None:
        changes.write_text(first, encoding="utf-8")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    changes.write_text("Version 2\n---------\n\nFresh news.\n", encoding="utf-8")
    config = load_catalog(catalog)
    warm = build_site(config, tmp_path / "warm", cache_dir=cache)
    build_site(config, tmp_path / "cold")
    assert site_files(tmp_path / "warm") == site_files(tmp_path / "cold")
    index = (tmp_path / "warm" / "libs" / "alpha" / "index.json").read_text("utf-8")
    assert "Fresh news." in index and "Old news." not in index
    assert warm.cache_hits > 0  # beta, and alpha's other pages


def test_only_an_edit_that_changes_what_they_list_renders_the_library_and_landing_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # They are kept by their inputs: an edit to one page's text leaves them as they were, and
    # a new page (the library page lists each version's pages) renders that page again.
    catalog = make_project(tmp_path / "project")
    cache, site = tmp_path / "cache", tmp_path / "site"
    build_site(load_catalog(catalog), site, cache_dir=cache)
    rendered: list[str] = []
    render_page, not_found_page = builder.pages._render_page, builder.pages._not_found_page

    def recording_page(env: Any, template: str, site_path: str, **context: Any) -> bytes:
        rendered.append(template)
        return render_page(env, template, site_path, **context)

    def recording_not_found(*args: Any) -> bytes:
        rendered.append("404.html")
        return not_found_page(*args)

    monkeypatch.setattr(builder.pages, "_render_page", recording_page)
    monkeypatch.setattr(builder.pages, "_not_found_page", recording_not_found)
    change_file(tmp_path / "project")
    build_site(load_catalog(catalog), site, cache_dir=cache)
    assert rendered == ["page.html"]
    rendered.clear()
    add_file(tmp_path / "project")
    build_site(load_catalog(catalog), site, cache_dir=cache)
    assert sorted(rendered) == ["library.html", "page.html", "version.html"]
    monkeypatch.undo()
    assert matches_cold_build(catalog, site)


def test_a_changed_gzipped_page_is_rebuilt(tmp_path: Path) -> None:
    import gzip

    catalog = make_project(tmp_path / "project")
    changes = tmp_path / "project" / "alpha" / "changes.md.gz"
    changes.write_bytes(gzip.compress(b"# Changes\n\nVersion one.\n"))
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    changes.write_bytes(gzip.compress(b"# Changes\n\nVersion two.\n"))
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    build_site(load_catalog(catalog), tmp_path / "cold")
    warm = site_files(tmp_path / "warm")
    assert warm == site_files(tmp_path / "cold")
    assert b"Version two." in warm["libs/alpha/1.0.0/changes.html"]
