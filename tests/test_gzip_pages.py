"""builder.gzip_pages: a gzipped page is read as the page it holds, within the page limit."""

from __future__ import annotations

import gzip

import pytest

from builder.gzip_pages import gunzip_page, gzipped_page_name


@pytest.mark.parametrize(
    ("relpath", "page"),
    [
        ("changelog.html.gz", "changelog.html"),
        ("api/NEWS.TXT.GZ", "api/NEWS.TXT"),
        ("notes.rst.gz", "notes.rst"),
        ("_static/logo.pdf.gz", None),  # not a page: a static file
        ("archive.tar.gz", None),
        ("changelog.html", None),
        (".html.gz", None),
    ],
)
def test_the_page_a_gzipped_file_holds(relpath: str, page: str | None) -> None:
    assert gzipped_page_name(relpath) == page


def test_a_page_is_decompressed_across_gzip_members() -> None:
    data = gzip.compress(b"<h1>Changes</h1>\n") + gzip.compress(b"<p>Version 2</p>\n")
    assert gunzip_page(data, 1000) == (b"<h1>Changes</h1>\n<p>Version 2</p>\n", None)


def test_a_gzip_bomb_is_refused_without_expanding_it() -> None:
    bomb = gzip.compress(b"\0" * 50_000_000, compresslevel=9)
    assert len(bomb) < 100_000
    assert gunzip_page(bomb, 1_000_000) == (None, "too big once decompressed (over 1 MB)")


# mtime=0: the parameter is part of the test's id, which must not change with the clock (the
# suite's workers each collect the tests, and a second between them made two ids).
@pytest.mark.parametrize(
    "data",
    [b"not gzip at all", gzip.compress(b"<h1>Cut short</h1>" * 100, mtime=0)[:-20]],
    ids=["not gzip", "cut short"],
)
def test_a_corrupt_gzip_is_a_reason_not_a_crash(data: bytes) -> None:
    page, reason = gunzip_page(data, 1000)
    assert page is None and reason is not None and reason.startswith("not a readable gzip file")
