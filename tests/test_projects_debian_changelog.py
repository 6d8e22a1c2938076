"""The upstream changelog a Debian *-doc package keeps beside its html/ folder, read as a page
(builder.projects.debian_changelog)."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.cache import BuildCache
from builder.cached_stages import compile_version_cached
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.projects import project_listing
from builder.projects.debian_changelog import MAX_CHANGELOG_BYTES, upstream_changelog
from builder.stages.read import read_version

SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("demo", "Demo", "", (), None, None, (), ())
# python-aiohttp-doc 3.8.4's: towncrier's reST, while html/changes.html is a stub.
RST = (
    ".. towncrier release notes start\n\n3.8.4 (2023-02-12)\n==================\n\n"
    "Bugfixes\n--------\n\n- Fixed cookies.\n\n3.8.3 (2022-09-21)\n==================\n\n"
    "- Raised the multidict bound.\n"
)
STUB = "<html><body><h1>Changelog</h1><p>Temporarily removed in Debian, sorry.</p></body></html>"


def make_package(root: Path, changelog: bytes, pages: dict[str, str]) -> Path:
    """An unpacked python-demo-doc: changelog.Debian.gz, changelog.gz and html/."""
    package = root / "usr" / "share" / "doc" / "python-demo-doc"
    (package / "html").mkdir(parents=True)
    (package / "changelog.Debian.gz").write_bytes(gzip.compress(b"demo (3.8.4-1) unstable\n"))
    (package / "changelog.gz").write_bytes(changelog)
    for relpath, text in pages.items():
        (package / "html" / relpath).write_text(text, "utf-8")
    return package / "html"


def records(html: Path) -> list[dict[str, Any]]:
    version = VersionConfig(
        "3.8.4", html, None, None, ("**/*.html",), (), None, None, project="none"
    )
    with read_version(LIBRARY.id, version, Path()) as files:
        result = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    return [orjson.loads(record) for record in result.records]


def test_the_upstream_changelog_is_a_page_split_per_release(tmp_path: Path) -> None:
    # python-aiohttp-doc 3.8.4: changes.html said only "Temporarily removed in Debian, sorry.";
    # the package's changelog.gz, never read, held its releases: sections 740 -> 761.
    html = make_package(tmp_path, gzip.compress(RST.encode()), {"changes.html": STUB})
    version = VersionConfig(
        "3.8.4", html, None, None, ("**/*.html",), (), None, None, project="none"
    )
    listed = [c.relpath for c in project_listing(version)[1].candidates]
    assert sorted(listed) == ["changelog.rst", "changes.html"]
    found = [(r["source"], r["heading"]) for r in records(html)]
    assert ("changelog.rst", "3.8.4 (2023-02-12)") in found
    assert ("changelog.rst", "3.8.3 (2022-09-21)") in found


@pytest.mark.parametrize(
    ("text", "relpath"),
    [
        ("# Change Log\n\n## 0.17.6 - 2022-03-11\n\n- Changed httptools.\n", "changelog.md"),
        (RST, "changelog.rst"),
        ("Version 2.1\n  * fixed the thing\n", "changelog.txt"),
    ],
)
def test_the_page_is_read_in_the_markup_it_is_written_in(
    tmp_path: Path, text: str, relpath: str
) -> None:
    # uvicorn 0.17.6's is Markdown, yarl 1.8.2's reST; a plain one is text. A built page
    # named changelog leaves the name to it.
    html = make_package(tmp_path, gzip.compress(text.encode()), {"index.html": STUB})
    page = upstream_changelog(html, [("index.html", html / "index.html")])
    assert page is not None and (page.relpath, page.text) == (relpath, text)
    taken = upstream_changelog(html, [("changelog.html", html / "index.html")])
    assert taken is not None and taken.relpath == f"upstream-{relpath}"


def test_a_changelog_the_built_pages_show_is_not_read_twice(tmp_path: Path) -> None:
    # sortedcontainers 2.4.0's history.html holds its releases already.
    shown = "<html><body><h1>History</h1><h2>3.8.4 (2023-02-12)</h2><h2>3.8.3</h2></body></html>"
    html = make_package(tmp_path, gzip.compress(RST.encode()), {"history.html": shown})
    assert upstream_changelog(html, [("history.html", html / "history.html")]) is None
    # The same text in a page not named as a changelog does not count.
    assert upstream_changelog(html, [("index.html", html / "history.html")]) is not None


def test_hostile_changelogs_are_not_read(tmp_path: Path) -> None:
    bomb = gzip.compress(b"1.0\n===\n" + b"x" * (MAX_CHANGELOG_BYTES + 1))
    for data in (bomb, b"not gzip at all", b"", gzip.compress(b"")):
        html = make_package(tmp_path / str(len(data)), data, {"index.html": STUB})
        assert upstream_changelog(html, [("index.html", html / "index.html")]) is None
    # A link that leads out of the package is not followed.
    outside = tmp_path / "secret.gz"
    outside.write_bytes(gzip.compress(RST.encode()))
    html = make_package(tmp_path / "link", b"", {"index.html": STUB})
    (html.parent / "changelog.gz").unlink()
    (html.parent / "changelog.gz").symlink_to(outside)
    assert upstream_changelog(html, [("index.html", html / "index.html")]) is None
    # A folder named html that is no Debian package's, or no changelog at all: nothing.
    (html.parent / "changelog.Debian.gz").unlink()
    (html.parent / "changelog.gz").unlink()
    (html.parent / "changelog.gz").write_bytes(gzip.compress(RST.encode()))
    assert upstream_changelog(html, []) is None
    assert upstream_changelog(tmp_path / "nowhere" / "html", []) is None


def test_a_release_is_shown_only_by_its_own_number(tmp_path: Path) -> None:
    # "3.8" and "3.7" were taken as shown by a page of 3.8.4 and 3.7.1 (found by rev8).
    changelog = "3.8\n===\n\n- New.\n\n3.7\n===\n\n- Old.\n"
    shown = (
        "<html><body><h1>Changes</h1><h2>3.8.4</h2><h2>3.7.1</h2><p>v3.8 (beta)</p></body></html>"
    )
    html = make_package(tmp_path, gzip.compress(changelog.encode()), {"changes.html": shown})
    assert upstream_changelog(html, [("changes.html", html / "changes.html")]) is not None
    # Written whole, with a "v" or a date after it, a number still counts.
    shown = "<html><body><h2>v3.8 (2024-01-01)</h2><h2>3.7, the last</h2></body></html>"
    html = make_package(
        tmp_path / "whole", gzip.compress(changelog.encode()), {"changes.html": shown}
    )
    assert upstream_changelog(html, [("changes.html", html / "changes.html")]) is None
