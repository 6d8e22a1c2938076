"""The search box for people: Pagefind's index under the site, deterministic, counted in its
size, every version page filterable by library and version. Skipped without Pagefind."""

from __future__ import annotations

import gzip
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import html

from builder.cli import main
from builder.config import load_catalog
from builder.pipeline import build_site
from builder.site_search import INSTALL_HINT, SEARCH_FOLDER, find_pagefind

PAGEFIND = find_pagefind()
needs_pagefind = pytest.mark.skipif(
    PAGEFIND is None, reason=f"Pagefind is not installed ({INSTALL_HINT})"
)


def make_catalog(root: Path) -> Path:
    for version, extra in (
        ("1.0.0", ""),
        ("2.0.0", "\n## Converters\n\nTurn URL parts into values.\n"),
    ):
        docs = root / "docs" / version
        docs.mkdir(parents=True)
        (docs / "routing.md").write_text(
            f"# Routing\n\nMatch URLs to endpoints in {version}.\n\n## Rules\n\nA rule is a "
            f"pattern.\n{extra}",
            encoding="utf-8",
        )
        (docs / "intro.md").write_text("# Intro\n\nWhat it is for.\n", encoding="utf-8")
    catalog = root / "docbuild.toml"
    catalog.write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/sub/"\n\n[[libraries]]\n'
        'id = "demo"\nname = "Demo Lib"\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n  path = "docs/1.0.0"\n'
        '  [[libraries.versions]]\n  version = "2.0.0"\n  path = "docs/2.0.0"\n',
        encoding="utf-8",
    )
    return catalog


def fragments(site: Path) -> dict[str, dict[str, object]]:
    """Pagefind's per-page records (gzip, after a 12-byte signature), by page URL."""
    records = {}
    for path in (site / SEARCH_FOLDER / "fragment").iterdir():
        record = json.loads(gzip.decompress(path.read_bytes())[len(b"pagefind_dcd") :])
        records[record["url"]] = record
    return records


@needs_pagefind
def test_the_version_pages_are_indexed_with_library_and_version_filters(tmp_path: Path) -> None:
    assert PAGEFIND is not None
    site = tmp_path / "site"
    report = build_site(load_catalog(make_catalog(tmp_path)), site, site_search=PAGEFIND)
    records = fragments(site)
    assert sorted(records) == [
        "/libs/demo/1.0.0/intro.html",
        "/libs/demo/1.0.0/routing.html",
        "/libs/demo/2.0.0/intro.html",
        "/libs/demo/2.0.0/routing.html",
    ]  # the landing, library and contents pages have no data-pagefind-body
    routing = records["/libs/demo/2.0.0/routing.html"]
    assert routing["filters"] == {"library": ["Demo Lib"], "version": ["2.0.0"]}
    assert routing["meta"]["title"] == "Routing · Demo Lib 2.0.0"
    headings = {a["id"]: a["text"] for a in routing["anchors"] if a["element"].startswith("h")}
    assert headings == {"§routing": "Routing", "§rules": "Rules", "§converters": "Converters"}
    assert "lines" not in str(routing["content"])  # the file and line notes are left out
    assert report.site_search is not None and report.site_search.pages == 4
    assert report.size is not None
    assert report.size.files == sum(1 for p in site.rglob("*") if p.is_file())
    assert report.size.total_bytes >= report.site_search.bytes > 0


@needs_pagefind
def test_every_page_has_the_search_box_and_the_index_is_deterministic(tmp_path: Path) -> None:
    assert PAGEFIND is not None
    config = load_catalog(make_catalog(tmp_path))
    build_site(config, tmp_path / "one", site_search=PAGEFIND)
    build_site(config, tmp_path / "two", site_search=PAGEFIND)
    one = {p.relative_to(tmp_path / "one"): p.read_bytes() for p in (tmp_path / "one").rglob("*")
           if p.is_file()}  # fmt: skip
    two = {p.relative_to(tmp_path / "two"): p.read_bytes() for p in (tmp_path / "two").rglob("*")
           if p.is_file()}  # fmt: skip
    assert one == two
    for page, expected in (
        ("index.html", "pagefind/pagefind-ui.js"),
        ("libs/demo/index.html", "../../pagefind/pagefind-ui.js"),
        ("libs/demo/2.0.0/routing.html", "../../../pagefind/pagefind-ui.js"),
    ):
        tree = html.fromstring(one[Path(page)])
        assert tree.get_element_by_id("search") is not None, page
        assert [s.get("src") for s in tree.iter("script") if s.get("src")] == [expected]
    not_found = html.fromstring(one[Path("404.html")])  # absolute links at any depth
    assert [s.get("src") for s in not_found.iter("script") if s.get("src")] == [
        "https://docs.example/sub/pagefind/pagefind-ui.js"
    ]


def test_without_site_search_pages_have_no_box_and_no_heading_ids(tmp_path: Path) -> None:
    site = tmp_path / "site"
    report = build_site(load_catalog(make_catalog(tmp_path)), site)
    assert report.site_search is None and not (site / SEARCH_FOLDER).exists()
    page = (site / "libs/demo/2.0.0/routing.html").read_text(encoding="utf-8")
    assert 'id="search"' not in page and "pagefind-ui" not in page and "§" not in page


def build(catalog: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        main, ["build", "-c", str(catalog), "--out", str(catalog.parent / "_site"), *args]
    )
    return result.exit_code, result.output


def test_without_pagefind_the_build_says_how_to_get_the_box(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("builder.cli.find_pagefind", lambda: None)
    catalog = make_catalog(tmp_path)
    code, output = build(catalog)
    assert code == 0 and "note: no search box on the pages: Pagefind is not installed" in output
    assert INSTALL_HINT in output and not (tmp_path / "_site" / SEARCH_FOLDER).exists()
    code, output = build(catalog, "--site-search")
    assert code == 1 and f"--site-search needs Pagefind: {INSTALL_HINT}" in output
    # A mistyped catalog builds no site: the error is all it says, not first a note about
    # the search box of pages that were never built.
    code, output = build(tmp_path / "docbuil.toml")
    assert code == 2 and "cannot read the catalog file" in output and "note:" not in output


@needs_pagefind
def test_search_is_on_by_default_and_no_site_search_leaves_it_out(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    code, output = build(catalog, "--no-cache")
    assert code == 0, output
    assert "site search: Pagefind indexed 4 pages" in output
    assert (tmp_path / "_site" / SEARCH_FOLDER / "pagefind-ui.js").is_file()
    code, output = build(catalog, "--no-site-search")
    assert code == 0 and "site search" not in output and "note:" not in output
    assert not (tmp_path / "_site" / SEARCH_FOLDER).exists()


@needs_pagefind
@pytest.mark.parametrize("cached", [False, True])
def test_a_site_whose_path_is_not_utf8_gets_its_search_box(tmp_path: Path, cached: bool) -> None:
    """Pagefind takes no path that is not UTF-8 as an argument: it is given none but ``.``."""
    assert PAGEFIND is not None
    folder = Path(os.fsdecode(os.fsencode(tmp_path) + b"/caf\xe9"))
    try:
        folder.mkdir()
    except (OSError, UnicodeError):
        pytest.skip("this file system takes no name that is not UTF-8")
    config = load_catalog(make_catalog(tmp_path))
    cache = tmp_path / "cache" if cached else None
    report = build_site(config, folder / "site", cache_dir=cache, site_search=PAGEFIND)
    assert report.site_search is not None and report.site_search.pages == 4
    assert (folder / "site" / SEARCH_FOLDER / "pagefind-entry.json").is_file()


@needs_pagefind
@pytest.mark.parametrize("cached", [False, True])
def test_a_relative_pagefind_binary_path_is_run_from_the_site_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cached: bool
) -> None:
    assert PAGEFIND is not None
    (tmp_path / "bin").mkdir()
    shutil.copy2(PAGEFIND, tmp_path / "bin" / "pagefind")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", "bin/pagefind")
    binary = find_pagefind()
    assert binary is not None
    config, cache = load_catalog(make_catalog(tmp_path)), tmp_path / "cache" if cached else None
    report = build_site(config, tmp_path / "site", cache_dir=cache, site_search=binary)
    assert report.site_search is not None and report.site_search.pages == 4
