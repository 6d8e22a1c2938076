"""Pagefind's bundle kept in the build cache: linked in when no page changed, made again by
Pagefind when one did, never kept without a cache. Skipped without Pagefind, but for the
digest of the pages, which needs none."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from builder import cached_site_search
from builder.cached_site_search import pages_digest
from builder.config import load_catalog
from builder.pipeline import build_site
from builder.site_search import SEARCH_FOLDER, SearchIndexInfo
from tests.test_incremental import site_files
from tests.test_site_search import PAGEFIND, fragments, make_catalog, needs_pagefind


@pytest.fixture
def pagefind_runs(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The site folders Pagefind was run over, in order."""
    runs: list[Path] = []
    real = cached_site_search.index_site

    def counted(site_dir: Path, binary: Path, bundle: Path | None = None) -> SearchIndexInfo:
        runs.append(site_dir)
        return real(site_dir, binary, bundle)

    monkeypatch.setattr(cached_site_search, "index_site", counted)
    return runs


@needs_pagefind
def test_a_rebuild_that_changed_no_page_links_the_kept_bundle(
    tmp_path: Path, pagefind_runs: list[Path]
) -> None:
    assert PAGEFIND is not None
    config = load_catalog(make_catalog(tmp_path))
    cache, site = tmp_path / "cache", tmp_path / "site"
    first = build_site(config, site, cache_dir=cache, site_search=PAGEFIND)
    built = site_files(site)
    again = build_site(config, site, cache_dir=cache, site_search=PAGEFIND)
    assert len(pagefind_runs) == 1  # the second build ran no Pagefind
    assert site_files(site) == built
    assert again.site_search == first.site_search
    assert first.site_search is not None and first.site_search.pages == 4
    # And what it links is what a build without the cache writes.
    build_site(config, tmp_path / "uncached", site_search=PAGEFIND)
    assert site_files(tmp_path / "uncached" / SEARCH_FOLDER) == site_files(site / SEARCH_FOLDER)


@needs_pagefind
def test_an_edited_page_is_indexed_again(tmp_path: Path, pagefind_runs: list[Path]) -> None:
    assert PAGEFIND is not None
    catalog = make_catalog(tmp_path)
    cache, site = tmp_path / "cache", tmp_path / "site"
    build_site(load_catalog(catalog), site, cache_dir=cache, site_search=PAGEFIND)
    page = tmp_path / "docs" / "2.0.0" / "intro.md"
    page.write_text("# Intro\n\nWhat it is for, in zeppelins.\n", encoding="utf-8")
    build_site(load_catalog(catalog), site, cache_dir=cache, site_search=PAGEFIND)
    assert len(pagefind_runs) == 2
    assert "zeppelins" in str(fragments(site)["/libs/demo/2.0.0/intro.html"]["content"])
    # Back to the first pages: the first bundle is still kept, and linked in.
    page.write_text("# Intro\n\nWhat it is for.\n", encoding="utf-8")
    build_site(load_catalog(catalog), site, cache_dir=cache, site_search=PAGEFIND)
    assert len(pagefind_runs) == 3  # the second build swept the first bundle: it used another
    assert "zeppelins" not in str(fragments(site)["/libs/demo/2.0.0/intro.html"]["content"])


@needs_pagefind
def test_without_a_cache_pagefind_runs_every_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert PAGEFIND is not None
    config = load_catalog(make_catalog(tmp_path))
    asked: list[Path] = []
    monkeypatch.setattr(cached_site_search, "tree_cached", lambda *a, **k: asked.append(a[3]))
    build_site(config, tmp_path / "site", site_search=PAGEFIND)
    build_site(config, tmp_path / "site", site_search=PAGEFIND)
    assert asked == []  # nothing was looked up in, or kept into, a cache
    assert (tmp_path / "site" / SEARCH_FOLDER / "pagefind-entry.json").is_file()


@needs_pagefind
def test_a_build_stamped_with_another_time_links_the_kept_bundle(
    tmp_path: Path, pagefind_runs: list[Path]
) -> None:
    """Only the landing page says when the site was built, and Pagefind leaves it out."""
    assert PAGEFIND is not None
    config = load_catalog(make_catalog(tmp_path))
    cache, site = tmp_path / "cache", tmp_path / "site"
    build_site(
        config, site, cache_dir=cache, site_search=PAGEFIND, updated_at="2026-01-01T00:00:00.000Z"
    )
    landing = (site / "index.html").read_bytes()
    build_site(
        config, site, cache_dir=cache, site_search=PAGEFIND, updated_at="2026-02-02T00:00:00.000Z"
    )
    assert (site / "index.html").read_bytes() != landing
    assert len(pagefind_runs) == 1
    build_site(
        config, tmp_path / "uncached", site_search=PAGEFIND, updated_at="2026-02-02T00:00:00.000Z"
    )
    assert site_files(site / SEARCH_FOLDER) == site_files(tmp_path / "uncached" / SEARCH_FOLDER)


def test_pages_pagefind_leaves_out_count_by_their_path_alone(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>built at noon</p>", encoding="utf-8")
    (tmp_path / "page.html").write_text("<div data-pagefind-body>one</div>", encoding="utf-8")
    before = pages_digest(tmp_path)
    (tmp_path / "index.html").write_text("<p>built at one</p>", encoding="utf-8")
    assert pages_digest(tmp_path) == before  # an unmarked page's text is not indexed
    (tmp_path / "index.html").write_text("<main DATA-PAGEFIND-BODY>now</main>", encoding="utf-8")
    assert pages_digest(tmp_path) != before  # marked now (attribute names ignore case)
    (tmp_path / "page.html").write_text("<div>one</div>", encoding="utf-8")
    (tmp_path / "index.html").write_text("<p>built at one</p>", encoding="utf-8")
    unmarked = pages_digest(tmp_path)
    (tmp_path / "index.html").write_text("<p>built at two</p>", encoding="utf-8")
    assert pages_digest(tmp_path) != unmarked  # no page marked: Pagefind indexes every one


def test_the_pages_digest_covers_every_html_file_and_nothing_else(tmp_path: Path) -> None:
    (tmp_path / "libs" / "a").mkdir(parents=True)
    (tmp_path / "index.html").write_text("<p>front</p>", encoding="utf-8")
    (tmp_path / "libs" / "a" / "page.html").write_text("<p>one</p>", encoding="utf-8")
    before = pages_digest(tmp_path)
    (tmp_path / "catalog.json").write_text("{}", encoding="utf-8")
    assert pages_digest(tmp_path) == before  # Pagefind reads no JSON
    (tmp_path / "libs" / "a" / "page.html").write_text("<p>two</p>", encoding="utf-8")
    edited = pages_digest(tmp_path)
    assert edited != before
    (tmp_path / "libs" / "a" / "page.html").rename(tmp_path / "libs" / "a" / "moved.html")
    assert pages_digest(tmp_path) not in (before, edited)  # a page's place is part of it


def _script(path: Path, text: str) -> Path:
    path.write_text(f"#!/bin/sh\n{text}\n", encoding="utf-8")
    path.chmod(0o755)
    return path


@needs_pagefind
@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in binaries are shell scripts")
def test_a_pagefind_upgraded_behind_the_same_launcher_is_run_again(
    tmp_path: Path, pagefind_runs: list[Path]
) -> None:
    """An npm-installed ``pagefind`` is a script that runs the platform's binary, with the
    same bytes from one release to the next: the kept bundle is not the new release's."""
    assert PAGEFIND is not None
    older = _script(tmp_path / "older", f'exec "{PAGEFIND}" "$@"')
    newer = _script(
        tmp_path / "newer",
        '[ "$1" = --version ] && { echo "pagefind 9.9.9"; exit 0; }\n'
        f'exec "{PAGEFIND}" --force-language fr "$@"',
    )
    launcher = _script(tmp_path / "launcher", 'exec "$(cat "$0.target")" "$@"')
    target = tmp_path / "launcher.target"
    config = load_catalog(make_catalog(tmp_path))
    cache, site = tmp_path / "cache", tmp_path / "site"
    target.write_text(str(older), encoding="utf-8")
    build_site(config, site, cache_dir=cache, site_search=launcher)
    target.write_text(str(newer), encoding="utf-8")
    build_site(config, site, cache_dir=cache, site_search=launcher)
    assert len(pagefind_runs) == 2
    build_site(config, tmp_path / "uncached", site_search=launcher)
    assert site_files(site / SEARCH_FOLDER) == site_files(tmp_path / "uncached" / SEARCH_FOLDER)
