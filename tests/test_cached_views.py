"""builder.cached_views: a page's headings kept in the build cache read back as they were made,
and a version's list of them trusted only as far as it holds."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

import builder.cached_views
import builder.pages
from builder.cache import BuildCache
from builder.cached_views import _listed_views, keep_view, load_view
from builder.config import load_catalog
from builder.pages_layout import page_of
from builder.pipeline import build_site
from tests.cache_entries_support import kept_payloads, rewrite_entry
from tests.test_incremental import rebuilt_matches_cold

RECORDS: list[dict[str, Any]] = [
    {
        "heading": "Guide",
        "headingPath": [],
        "body": "Use it.",
        "anchor": "guide",
        "source": "guide.md",
        "lines": [1, 3],
        "path": "https://up.example/guide",
    },
    {
        "heading": "Install",
        "headingPath": ["Guide"],
        "body": "pip install it",
        "source": "guide.md",
    },
]


def test_a_kept_view_equals_a_fresh_one(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    view = page_of(
        "guide.html", RECORDS, "https://docs.example/", with_source=True, with_bodies=False
    )
    keep_view(cache, "k", view)
    assert load_view(BuildCache(tmp_path), "k") == view
    assert view.sections[0].lines == (1, 3) and view.sections[0].upstream is not None


@pytest.mark.parametrize(
    "damage",
    [
        lambda v: [v],
        lambda v: {**v, "title": 1},
        lambda v: {**v, "title": None},
        lambda v: {k: x for k, x in v.items() if k != "sources"},
        lambda v: {**v, "sections": [{**v["sections"][0], "lines": [1]}]},
        lambda v: {**v, "sections": [{**v["sections"][0], "heading_path": "Guide"}]},
        lambda v: {**v, "sections": [{**v["sections"][0], "source": 3}]},
    ],
)
def test_an_entry_that_does_not_read_as_a_view_is_a_miss(tmp_path: Path, damage: Any) -> None:
    cache = BuildCache(tmp_path)
    view = page_of("guide.html", RECORDS, "", with_source=True, with_bodies=False)
    # The checksum holds (it is written through the cache) but the shape is not a view's.
    cache.store("k", damage(orjson.loads(orjson.dumps(view))))
    assert load_view(cache, "k") is None


@pytest.mark.parametrize("line", [-1, 2**63, 10**20])
def test_a_line_number_orjson_cannot_write_again_is_a_miss(tmp_path: Path, line: int) -> None:
    cache = BuildCache(tmp_path)
    view = page_of("guide.html", RECORDS, "", with_source=True, with_bodies=False)
    kept = orjson.loads(orjson.dumps(view))
    kept["sections"][0]["lines"] = [1, 0]  # a placeholder the text below replaces
    payload = orjson.dumps(kept).replace(b"[1,0]", f"[1,{line}]".encode())
    cache.store_bytes("k", payload)  # orjson cannot write 10**20 itself: raw JSON, checksummed
    assert load_view(cache, "k") is None


# A small project: a version of three pages, so an edit to one leaves two kept.
PAGES = {
    "index.md": "# Alpha\n\nThe alpha library.\n",
    "guide.md": "# Guide\n\nUse it to start.\n\n## Install\n\npip install it\n",
    "more.md": "# More\n\nMore text.\n",
}
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
"""


def _project(root: Path) -> Path:
    for name, text in PAGES.items():
        (root / "alpha" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "alpha" / name).write_text(text, encoding="utf-8")
    (root / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    return root / "docbuild.toml"


def _edit(root: Path, old: str, new: str) -> None:
    page = root / "alpha" / "guide.md"
    page.write_text(page.read_text("utf-8").replace(old, new), "utf-8")


def test_an_edit_to_a_pages_text_reads_no_kept_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The contents and llms.txt are kept by the views' sha256, listed per version: an edit
    # that leaves every heading as it was needs no view read back.
    catalog = _project(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=tmp_path / "cache")
    read: list[str] = []
    real = builder.cached_views.load_view

    def recording(cache: BuildCache, key: str) -> Any:
        view = real(cache, key)
        if view is not None:
            read.append(view.path)
        return view

    monkeypatch.setattr(builder.cached_views, "load_view", recording)
    _edit(tmp_path / "project", "to start", "to begin")
    assert rebuilt_matches_cold(tmp_path, catalog)
    assert read == []  # the edited page's view is made as it is rendered


def test_an_edited_heading_renders_the_contents_again_from_kept_views(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _project(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=tmp_path / "cache")
    made: list[str] = []
    page_of = builder.pages.page_of

    def recording(path: str, *args: Any, **kwargs: Any) -> Any:
        made.append(path)
        return page_of(path, *args, **kwargs)

    monkeypatch.setattr(builder.pages, "page_of", recording)
    _edit(tmp_path / "project", "## Install", "## Setup")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=tmp_path / "cache")
    # more.md's headings come from its kept view; index.md's page shows its sections anyway.
    assert sorted(made) == ["guide.html", "index.html"]
    monkeypatch.undo()
    contents = (tmp_path / "site" / "libs/alpha/1.0.0/index.html").read_text("utf-8")
    assert "Setup" in contents and "Install" not in contents
    assert rebuilt_matches_cold(tmp_path, catalog)


def _lists(cache: Path) -> list[str]:
    """The keys of the cache's lists of views (``KeptViews``): the entries mapping digests to
    lists."""
    found = []
    for key, payload in kept_payloads(cache).items():
        with contextlib.suppress(orjson.JSONDecodeError):
            loaded = orjson.loads(payload)
            if (
                isinstance(loaded, dict)
                and loaded
                and all(isinstance(v, list) and len(v) == 4 for v in loaded.values())
            ):
                found.append(key)
    return found


def _rewrite(cache: Path, key: str, change: Callable[[dict[str, Any]], Any]) -> None:
    rewrite_entry(cache, key, orjson.dumps(change(orjson.loads(kept_payloads(cache)[key]))))


def test_a_view_that_is_not_the_one_listed_is_made_again(tmp_path: Path) -> None:
    # A list naming a view the cache does not hold (written wrongly, or another view kept under
    # the page's key): the contents, rendered again, are made from the records, not the entry.
    catalog = _project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    (key,) = _lists(cache)

    def claim_other_views(listed: dict[str, Any]) -> dict[str, Any]:
        return {digest: ["0" * 64, *rest] for digest, (_, *rest) in listed.items()}

    _rewrite(cache, key, claim_other_views)
    views = [k for k, payload in kept_payloads(cache).items() if b'"sections":[' in payload]
    for view in views:  # every kept view says something else
        _rewrite(cache, view, lambda v: {**v, "title": "Stale"})
    _edit(tmp_path / "project", "## Install", "## Setup")
    assert rebuilt_matches_cold(tmp_path, catalog)
    assert b"Stale" not in (tmp_path / "site/libs/alpha/1.0.0/llms.txt").read_bytes()


@pytest.mark.parametrize(
    "damage",
    [
        lambda listed: [listed],
        lambda listed: {k: v[:3] for k, v in listed.items()},
        lambda listed: {k: [v[0], v[1], v[2], "3"] for k, v in listed.items()},
        lambda listed: {k: ["not a sha", *v[1:]] for k, v in listed.items()},
        lambda listed: {"x": next(iter(listed.values()))},
    ],
)
def test_a_list_of_views_that_does_not_read_as_one_is_a_miss(tmp_path: Path, damage: Any) -> None:
    catalog = _project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    (key,) = _lists(cache)
    listed = orjson.loads(kept_payloads(cache)[key])
    assert _listed_views(listed) == listed
    _rewrite(cache, key, damage)
    assert _listed_views(orjson.loads(kept_payloads(cache)[key])) == {}
    _edit(tmp_path / "project", "to start", "to begin")
    assert rebuilt_matches_cold(tmp_path, catalog)
