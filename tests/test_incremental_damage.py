"""Incremental builds with a damaged or unwritable build cache: a corrupt entry, kept page or
manifest is a miss and rebuilt, never published; a cache that cannot be written leaves a
complete build that says so."""

import os
from pathlib import Path

from builder.config import load_catalog
from builder.pipeline import build_site
from builder.report import render_report_streams
from schemas.digests import file_sha256
from tests.cache_entries_support import damage_entry, kept_payloads
from tests.test_incremental import make_project, matches_cold_build, site_files


def test_corrupt_cache_entry_is_detected_and_rebuilt(tmp_path: Path) -> None:
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    expected = site_files(tmp_path / "site")
    for key, payload in kept_payloads(cache).items():  # flip one byte of every payload
        data = bytearray(payload)
        data[-2] ^= 0x01
        damage_entry(cache, key, bytes(data))
    report = build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert report.cache_hits == 0
    assert site_files(tmp_path / "site") == expected
    # The rewritten cache is good again.
    again = build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert again.cache_misses == 0


def test_corrupt_cached_page_is_detected_and_rebuilt(tmp_path: Path) -> None:
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    expected = site_files(tmp_path / "site")
    published = tmp_path / "site" / "libs" / "beta" / "2.0.0" / "readme.html"
    page = cache / "objects" / file_sha256(published)[:2] / file_sha256(published)
    page.write_bytes(page.read_bytes().replace(b"Beta", b"Evil", 1))
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert site_files(tmp_path / "site") == expected


def test_kept_folder_manifest_cannot_reach_outside_the_cache(tmp_path: Path) -> None:
    """A manifest whose checksum holds but whose paths leave the kept folder (crafted, or
    written by a buggy build) is a miss: nothing outside the cache is linked into the site."""
    import hashlib

    from builder.cache import BuildCache

    secret = tmp_path / "secret.txt"
    secret.write_text("private\n", encoding="utf-8")
    stat = secret.stat()
    digest = hashlib.sha256(secret.read_bytes()).hexdigest()
    cache = BuildCache(tmp_path / "cache")
    objects = tmp_path / "cache" / "objects"
    (objects / digest[:2]).mkdir(parents=True)
    os.link(secret, objects / digest[:2] / digest)  # so only the paths are wrong
    site = tmp_path / "site" / "inner"
    site.mkdir(parents=True)
    for manifest in (
        {"../../../../secret.txt": [digest, stat.st_size, stat.st_mtime_ns]},
        {str(secret): [digest, stat.st_size, stat.st_mtime_ns]},
        # An object's name that would leave the objects folder.
        {"page.html": ["../../secret.txt", stat.st_size, stat.st_mtime_ns]},
        ["not", "a", "table"],
        {"page.html": "not a triple"},
    ):
        cache.store("ab12", manifest)
        assert cache.link_tree("ab12", site) is False
    assert [p.name for p in (tmp_path / "site").rglob("*")] == ["inner"]
    assert cache.corrupt == 5


def test_unreadable_json_with_a_good_checksum_is_a_miss(tmp_path: Path) -> None:
    from builder.cache import BuildCache

    cache = BuildCache(tmp_path / "cache")
    cache.store_bytes("cd34", b"{not json")
    assert cache.load("cd34") is None
    assert cache.corrupt == 1


def test_an_entry_that_cannot_be_written_is_noted_not_raised(tmp_path: Path) -> None:
    from builder.cache import BuildCache

    cache = BuildCache(tmp_path / "cache")
    (tmp_path / "cache" / "entries.sqlite").mkdir(parents=True)  # where the entries go
    cache.store("ab12", {"kept": True})
    assert cache.load("ab12") is None
    assert cache.unwritable is not None and "entries.sqlite" in cache.unwritable
    (tmp_path / "cache" / "objects").write_text("a file where the kept files go")
    page = tmp_path / "page.html"
    page.write_text("<p>page</p>")
    cache.store_file("cd34", page)
    assert cache.link_file("cd34", tmp_path / "linked.html") is None


def test_a_build_whose_cache_cannot_be_written_completes_and_says_so(tmp_path: Path) -> None:
    catalog = make_project(tmp_path / "project")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "entries.sqlite").mkdir()  # every entry's write fails
    report = build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert report.cache_unwritable is not None
    assert matches_cold_build(catalog, tmp_path / "site")
    _summary, warnings = render_report_streams(report)
    assert "the build cache could not keep" in warnings and "--no-cache" in warnings
