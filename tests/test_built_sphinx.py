"""builder.built_sphinx: the name and release a built Sphinx site gives itself."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest

from builder.built_sphinx import BuiltSphinx, debian_project, debian_release, read_built_sphinx

# Sphinx 7.2 and later write a const; older builds (Debian's requests 2.28.1) a var.
OPTIONS = (
    "var DOCUMENTATION_OPTIONS = {\n    URL_ROOT: '',\n    VERSION: '2.28.1',\n}",
    "const DOCUMENTATION_OPTIONS = {\n    VERSION: '2.28.1',\n    LANGUAGE: 'en',\n};",
)


def built_site(root: Path, options: str, title: str | None) -> Path:
    (root / "_static").mkdir(parents=True)
    (root / "_static" / "documentation_options.js").write_text(options, encoding="utf-8")
    if title is not None:
        (root / "index.html").write_text(
            f"<html><head><title>{title}</title></head><body></body></html>", encoding="utf-8"
        )
    return root


@pytest.mark.parametrize("options", OPTIONS)
def test_the_release_and_the_project_in_the_default_title(tmp_path: Path, options: str) -> None:
    title = "Requests: HTTP for Humans™ &#8212; Requests 2.28.1 documentation"
    assert read_built_sphinx(built_site(tmp_path, options, title)) == BuiltSphinx(
        "Requests", "2.28.1"
    )


@pytest.mark.parametrize(
    ("title", "release", "project"),
    [
        # The Pallets theme's titles, as Debian's python-blinker-doc and python-cachelib-doc
        # ship them: docbuild init named such a library "html", after its folder.
        ("Blinker Documentation &#8212; Blinker Documentation (1.5)", "1.5", "Blinker"),
        ("CacheLib &#8212; CacheLib Documentation (0.9.x)", "0.9.0", "CacheLib"),
        # Another release's title names no project: the page is not this build's.
        ("CacheLib &#8212; CacheLib Documentation (0.8.x)", "0.9.0", ""),
        ("Blinker Documentation &#8212; Blinker Documentation (1.5)", "1.50", ""),
    ],
)
def test_the_project_in_the_pallets_title(
    tmp_path: Path, title: str, release: str, project: str
) -> None:
    options = OPTIONS[1].replace("2.28.1", release)
    assert read_built_sphinx(built_site(tmp_path, options, title)) == BuiltSphinx(project, release)


def test_the_project_in_a_title_that_capitalises_documentation(tmp_path: Path) -> None:
    # cmake-doc 3.25.1: "CMake Reference Documentation — CMake 3.25.1 Documentation" named
    # no project, and init named the library after a folder ("cmake-data").
    title = "CMake Reference Documentation &mdash; CMake 3.25.1 Documentation"
    options = OPTIONS[1].replace("2.28.1", "3.25.1")
    assert read_built_sphinx(built_site(tmp_path, options, title)) == BuiltSphinx("CMake", "3.25.1")


def test_a_title_of_the_projects_own_names_no_project(tmp_path: Path) -> None:
    site = built_site(tmp_path, OPTIONS[1], "Welcome &mdash; The Thing Manual")
    assert read_built_sphinx(site) == BuiltSphinx("", "2.28.1")
    assert read_built_sphinx(tmp_path / "_static") is None  # no options file there


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_a_file_is_not_waited_on(tmp_path: Path) -> None:
    # open() of a FIFO waits for a writer: docbuild init on such a folder never returned.
    site = built_site(tmp_path / "fifo-title", OPTIONS[0], None)
    os.mkfifo(site / "index.html")
    assert read_built_sphinx(site) == BuiltSphinx("", "2.28.1")
    (tmp_path / "fifo-options" / "_static").mkdir(parents=True)
    os.mkfifo(tmp_path / "fifo-options" / "_static" / "documentation_options.js")
    assert read_built_sphinx(tmp_path / "fifo-options") is None


def test_a_build_without_a_release_is_still_one(tmp_path: Path) -> None:
    # Debian's python-tenacity-doc 8.2.1: "VERSION: ''" (its conf.py sets none); the folder was
    # not taken for a Sphinx build, so its _sources/*.rst.txt were read as pages beside the
    # HTML pages, every section twice.
    options = "var DOCUMENTATION_OPTIONS = {\n    VERSION: '',\n    LANGUAGE: 'en',\n};"
    site = built_site(tmp_path, options, "Tenacity &#8212; Tenacity  documentation")
    assert read_built_sphinx(site) == BuiltSphinx("", "")


@pytest.mark.parametrize(
    ("entry", "project", "release"),
    [
        ("python-uvicorn (0.17.6-1) unstable; urgency=medium", "uvicorn", "0.17.6"),
        ("python3-demo (1:2.0+dfsg-3) unstable; urgency=low", "demo", "2.0"),
        ("typer (0.7.0-1) unstable; urgency=medium", "typer", "0.7.0"),
        ("not a changelog entry", "", ""),
    ],
)
def test_a_debian_changelog_names_the_project_and_its_release(
    tmp_path: Path, entry: str, project: str, release: str
) -> None:
    with gzip.open(tmp_path / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write(f"{entry}\n\n  * x\n")
    assert (debian_project(tmp_path), debian_release(tmp_path)) == (project, release)
    assert debian_project(tmp_path / "missing") == ""
