"""Resolving request paths inside the root: index pages, redirects, symlinks, odd file types."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from builder.serve.errors import StartupError
from builder.serve.files import FileKey, Found, Missing, Redirect, SiteRoot, open_file
from builder.serve.urlpath import parse_target


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "docs" / "empty").mkdir(parents=True)
    (root / "index.html").write_text("home")
    (root / "about.html").write_text("about")
    (root / "docs" / "index.html").write_text("docs")
    (root / "catalog.json").write_text("{}")
    (tmp_path / "secret.txt").write_text("secret")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "index.html").write_text("outside")
    return root


def resolve(root: Path, target: str) -> Found | Redirect | Missing:
    return SiteRoot(root).resolve(parse_target(target))


def real(path: Path) -> str:
    return os.path.realpath(path)


def test_root_must_be_a_directory(tmp_path: Path) -> None:
    with pytest.raises(StartupError, match="is not a directory"):
        SiteRoot(tmp_path / "missing")


@pytest.mark.parametrize(
    ("target", "relpath", "file"),
    [
        ("/", "index.html", "index.html"),
        ("/catalog.json", "catalog.json", "catalog.json"),
        ("/docs/", "docs/index.html", "docs/index.html"),
        ("/about", "about.html", "about.html"),
        ("/about.html", "about.html", "about.html"),
    ],
)
def test_found(site: Path, target: str, relpath: str, file: str) -> None:
    assert resolve(site, target) == Found(real(site / file), relpath)


@pytest.mark.parametrize(
    "target", ["/missing", "/docs/empty/", "/catalog.json/", "/about/", "/missing.html"]
)
def test_missing(site: Path, target: str) -> None:
    assert resolve(site, target) == Missing()


def test_directory_without_slash_redirects(site: Path) -> None:
    assert resolve(site, "/docs?x=1") == Redirect("/docs/?x=1")
    assert resolve(site, "/docs/empty") == Redirect("/docs/empty/")


def test_symlink_inside_the_root_is_followed(site: Path) -> None:
    (site / "latest.json").symlink_to("catalog.json")
    (site / "current").symlink_to("docs")
    assert resolve(site, "/latest.json") == Found(real(site / "catalog.json"), "latest.json")
    assert resolve(site, "/current/") == Found(real(site / "docs/index.html"), "current/index.html")


def test_symlinks_leaving_the_root_are_missing(site: Path) -> None:
    (site / "leak.txt").symlink_to(site.parent / "secret.txt")
    (site / "leakdir").symlink_to(site.parent / "outside")
    (site / "absolute").symlink_to("/etc")
    assert resolve(site, "/leak.txt") == Missing()
    assert resolve(site, "/leakdir/") == Missing()
    assert resolve(site, "/leakdir/index.html") == Missing()
    assert resolve(site, "/absolute/passwd") == Missing()


def test_index_symlink_leaving_the_root_is_missing(site: Path) -> None:
    (site / "trap").mkdir()
    (site / "trap" / "index.html").symlink_to(site.parent / "secret.txt")
    assert resolve(site, "/trap/") == Missing()


def test_symlink_loop_is_missing(site: Path) -> None:
    (site / "loop").symlink_to("loop")
    assert resolve(site, "/loop") == Missing()


def test_fifo_is_missing(site: Path) -> None:
    os.mkfifo(site / "pipe")
    assert resolve(site, "/pipe") == Missing()


def test_served_root_may_itself_be_a_symlink(site: Path, tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(site)
    assert resolve(link, "/catalog.json") == Found(real(site / "catalog.json"), "catalog.json")


def test_not_found_page(site: Path) -> None:
    assert SiteRoot(site).not_found_page() is None
    (site / "404.html").write_text("nope")
    assert SiteRoot(site).not_found_page() == Found(real(site / "404.html"), "404.html")


def test_open_file_reads_identity_from_the_descriptor(site: Path) -> None:
    found = Found(real(site / "catalog.json"), "catalog.json")
    opened = open_file(found)
    assert opened is not None
    with opened.file:
        status = os.stat(site / "catalog.json")
        assert opened.key == FileKey(2, status.st_mtime_ns, status.st_ino, status.st_dev)
        assert opened.file.read() == b"{}"


def test_open_file_refuses_what_is_no_longer_a_regular_file(site: Path) -> None:
    os.mkfifo(site / "pipe")
    assert open_file(Found(real(site / "pipe"), "pipe")) is None
    assert open_file(Found(real(site / "gone"), "gone")) is None
    (site / "swapped").symlink_to("catalog.json")
    assert open_file(Found(str(site / "swapped"), "swapped")) is None
