"""builder.cached_page_files: a version's page files linked from one list, each only while its
object is the one listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.cache import BuildCache
from builder.cached_page_files import _listed_files
from builder.config import load_catalog
from builder.pipeline import build_site
from schemas.digests import file_sha256
from tests.cache_entries_support import kept_payloads, rewrite_entry
from tests.test_incremental import rebuilt_matches_cold

PAGES = {
    "index.md": "# Alpha\n\nThe alpha library.\n",
    "guide.md": "# Guide\n\nUse it to start.\n",
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


def _edit_guide(root: Path) -> None:
    page = root / "alpha" / "guide.md"
    page.write_text(page.read_text("utf-8").replace("to start", "to begin"), "utf-8")


def _list_entry(cache: Path) -> str:
    """The key of the cache's one list of page files (kept folders' manifests name paths, not
    digests)."""
    found = []
    for key, payload in kept_payloads(cache).items():
        try:
            loaded = orjson.loads(payload)
        except orjson.JSONDecodeError:  # a page's shard tables, in msgpack
            continue
        if loaded and _listed_files(loaded) == loaded:
            found.append(key)
    (key,) = found
    return key


def test_a_rebuild_links_the_unchanged_pages_from_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _project(tmp_path / "project")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=tmp_path / "cache")
    from_entries: list[Path] = []
    real = BuildCache.link_file

    def recording(cache: BuildCache, key: str, destination: Path) -> str | None:
        found = real(cache, key, destination)
        if found is not None:
            from_entries.append(destination)
        return found

    monkeypatch.setattr(BuildCache, "link_file", recording)
    _edit_guide(tmp_path / "project")
    assert rebuilt_matches_cold(tmp_path, catalog)
    # Every kept page of a version came through the list; the library and landing pages, a
    # few a site, are kept one an entry (builder.cached_stages.site_pages_cached).
    site_level = [
        path
        for path in from_entries
        if path.parent.name.startswith(".site.staging") or path.parent.parent.name == "libs"
    ]
    assert from_entries == site_level


def test_a_listed_object_that_changed_is_not_linked(tmp_path: Path) -> None:
    catalog = _project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    published = tmp_path / "site" / "libs" / "alpha" / "1.0.0" / "more.html"
    digest = file_sha256(published)
    kept = cache / "objects" / digest[:2] / digest
    published.unlink()  # the site's link to it: the object alone is changed
    kept.write_bytes(kept.read_bytes().replace(b"More text", b"Evil text"))
    _edit_guide(tmp_path / "project")
    assert rebuilt_matches_cold(tmp_path, catalog)
    assert b"More text" in (tmp_path / "site" / "libs/alpha/1.0.0/more.html").read_bytes()


@pytest.mark.parametrize(
    "damage",
    [
        lambda listed: [listed],
        lambda listed: {k: v[:2] for k, v in listed.items()},
        lambda listed: {k: [v[0], v[1], str(v[2])] for k, v in listed.items()},
        lambda listed: {k: ["../../../etc/passwd", *v[1:]] for k, v in listed.items()},
        lambda listed: {"x": next(iter(listed.values()))},
    ],
)
def test_a_list_of_files_that_does_not_read_as_one_is_a_miss(tmp_path: Path, damage: Any) -> None:
    catalog = _project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    key = _list_entry(cache)
    listed = orjson.loads(kept_payloads(cache)[key])
    assert _listed_files(listed) == listed
    payload = orjson.dumps(damage(listed))
    rewrite_entry(cache, key, payload)
    assert _listed_files(orjson.loads(payload)) == {}
    _edit_guide(tmp_path / "project")
    assert rebuilt_matches_cold(tmp_path, catalog)
