"""MkDocs projects without a nav: the pages MkDocs lists, in the order and with the titles
mkdocs-awesome-pages' .pages files give them."""

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing


def _project(root: Path, files: dict[str, str]) -> VersionConfig:
    (root / "mkdocs.yml").write_text("site_name: Demo\nplugins:\n  - awesome-pages\n", "utf-8")
    for relpath, text in files.items():
        (root / "docs" / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / relpath).write_text(text, encoding="utf-8")
    return VersionConfig("1.0.0", root / "docs", None, None, (), (), None, None)


def test_pages_files_order_and_title_the_pages(tmp_path: Path) -> None:
    # PyRenew: its root .pages lists the reference before the developer notes, and leaves
    # the index out of the nav; MkDocs' own order put the index and the notes first.
    version = _project(
        tmp_path,
        {
            ".pages": "nav:\n  - reference\n  - Developer notes: developer.md\n",
            "index.md": "# Home\n",
            "developer.md": "Notes.\n",
            "reference/.pages": "nav:\n  - model.md\n  - ...\n",
            "reference/arrays.md": "# Arrays\n",
            "reference/model.md": "# Model\n",
            "reference/time.md": "# Time\n",
        },
    )
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "reference/model.md", "reference/arrays.md", "reference/time.md", "developer.md",
        "index.md",
    ]  # fmt: skip
    assert layout.title_of("developer.md") == "Developer notes"
    assert layout.notes == ("1 page(s) not in nav, listed after it: index.md",)


def test_without_pages_files_mkdocs_order_stands(tmp_path: Path) -> None:
    version = _project(tmp_path, {"b.md": "# B\n", "index.md": "# I\n", "a/x.md": "# X\n"})
    _, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "b.md", "a/x.md"]


def test_a_readme_beside_an_index_is_no_page(tmp_path: Path) -> None:
    # armbian's docs/README.md ("Markdown files for documentation go here") beside its
    # index.md: MkDocs leaves it out of the site, and without a nav it came first.
    (tmp_path / "mkdocs.yml").write_text("site_name: D\nexclude_docs: |\n  drafts/\n", "utf-8")
    for relpath in ("README.md", "index.md", "a.md", "drafts/x.md", "sub/README.md"):
        (tmp_path / "docs" / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / relpath).write_text("# T\n", encoding="utf-8")
    version = VersionConfig("1.0.0", tmp_path / "docs", None, None, (), (), None, None)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "a.md", "sub/README.md"]
    assert layout.notes == ()  # no "nav names 2 page(s) that are not there"


def test_awesome_nav_files_order_and_title_the_pages(tmp_path: Path) -> None:
    # earthaccess 0.17.0 (awesome-nav, the plugin awesome-pages became): its docs/.nav.yml
    # lists pages below the root and notebooks; the plugin went unread and the pages came in
    # MkDocs' order, the notebooks after every page as "not in nav".
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Demo\nplugins:\n  - awesome-nav\n  - mkdocs-jupyter\n", "utf-8"
    )
    files = {
        ".nav.yml": (
            "nav:\n"
            "  - Overview:\n"
            '      - "What is it?": index.md\n'
            "      - about.md\n"
            "      - Decisions: decisions/\n"
            "  - API reference:\n"
            "      - api/query.md\n"
            "      - Results: api/results.md\n"
            "  - Tutorial: guide/tour.ipynb\n"
            "  - guide\n"
            "  - Website: https://example.org\n"
        ),
        "index.md": "# Home\n",
        "about.md": "# About\n",
        "zeta.md": "# Zeta\n",
        "api/query.md": "# Query\n",
        "api/results.md": "Results.\n",
        "decisions/.nav.yml": 'nav:\n  - "*-b.md"\n  - "*"\n',
        "decisions/1-a.md": "# A\n",
        "decisions/2-b.md": "# B\n",
        "guide/tour.ipynb": '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}',
        "guide/start.md": "# Start\n",
    }
    for relpath, text in files.items():
        (tmp_path / "docs" / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / relpath).write_text(text, encoding="utf-8")
    version = VersionConfig("1.0.0", tmp_path / "docs", None, None, (), (), None, None)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "index.md", "about.md", "decisions/2-b.md", "decisions/1-a.md", "api/query.md",
        "api/results.md", "guide/tour.ipynb", "guide/start.md", "zeta.md",
    ]  # fmt: skip
    assert layout.title_of("index.md") == "What is it?"
    assert layout.title_of("api/results.md") == "Results"
    assert layout.notes == ("1 page(s) not in nav, listed after it: zeta.md",)
