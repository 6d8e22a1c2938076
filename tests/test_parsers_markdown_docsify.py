"""docsify's heading ids and callouts, read in a docsify project's pages only."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.parsers.markdown.flavor import DOCSIFY, markdown_flavor
from builder.parsers.markdown.parser import parse
from builder.projects.detect import read_project_layout

PAGE = (
    "# Guide\n\n"
    "## Quick start :id=start\n\n"
    "?> Run `docsify serve` first.\n\n"
    "!> Never edit *index.html* by hand.\n\n"
    "## Hidden from the sidebar :docsify-ignore\n\n"
    "Text.\n"
)


def sections(docsify: bool) -> list[tuple[str, str, str]]:
    with markdown_flavor(DOCSIFY if docsify else None):
        page = parse(PAGE, "guide.md")
    return [(s.heading, s.anchor, s.body) for s in page.sections]


def test_docsify_headings_and_callouts_read_as_docsify_shows_them() -> None:
    assert sections(docsify=True) == [
        ("Guide", "guide", ""),
        (
            "Quick start",
            "start",
            "Tip: Run `docsify serve` first.\n\nImportant: Never edit index.html by hand.",
        ),
        ("Hidden from the sidebar", "hidden-from-the-sidebar", "Text."),
    ]


def test_plain_markdown_keeps_them_as_text() -> None:
    assert sections(docsify=False)[1] == (
        "Quick start :id=start",
        "quick-start-idstart",
        "?> Run `docsify serve` first.\n\n!> Never edit index.html by hand.",
    )


@pytest.mark.parametrize(
    "files",
    [
        {"index.html": '<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>'},
        {"index.html": "<script>window.$docsify = {name: 'x'}</script>"},
        {".nojekyll": "", "_sidebar.md": "- [Home](/)\n"},
    ],
)
def test_a_docsify_folder_is_told_by_its_shell_page_or_its_markers(
    tmp_path: Path, files: dict[str, str]
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "README.md").write_text("# Home\n", encoding="utf-8")
    layout = read_project_layout(tmp_path, "auto", None)
    assert (layout.kind, layout.markdown_flavor) == ("docsify", "docsify")


@pytest.mark.parametrize(
    "files",
    [
        {"index.html": "<h1>A page that mentions docsify in its text</h1>"},
        {"_sidebar.md": "- [Home](/)\n"},
        {".nojekyll": ""},
    ],
)
def test_other_folders_are_not_docsify(tmp_path: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert read_project_layout(tmp_path, "auto", None).markdown_flavor == ""
    assert read_project_layout(tmp_path, "none", None).markdown_flavor == ""


def test_a_docsify_project_builds_with_its_anchors(tmp_path: Path) -> None:
    from builder.config import load_catalog
    from builder.pipeline import build_site

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.html").write_text(
        '<div id="app"></div>\n<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>\n',
        encoding="utf-8",
    )
    (docs / "guide.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n'
        '[[libraries]]\nid = "d"\nname = "D"\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n  path = "docs"\n',
        encoding="utf-8",
    )
    build_site(load_catalog(tmp_path / "docbuild.toml"), tmp_path / "site")
    index = (tmp_path / "site" / "libs" / "d" / "index.json").read_text(encoding="utf-8")
    assert '"anchor":"start"' in index and ":id=start" not in index
    assert "Important: Never edit" in index


def test_a_braced_docsify_ignore_is_no_part_of_the_heading() -> None:
    # docsify 5.0.0-rc.4's ui-kit page: "# Heading 1 {docsify-ignore}" kept the marker in its
    # six headings and their anchors ("heading-1-docsify-ignore").
    text = (
        "# Heading 1 {docsify-ignore}\n\nOne.\n\n"
        "## Getting Started <!-- {docsify-ignore-all} -->\n\nTwo.\n\n"
        "## Both {docsify-ignore} :id=both\n\nThree.\n\n"
        "## {docsify-ignore}\n\nFour.\n\n"
        "## Braces {docsify-ignored} stay\n\nFive.\n"
    )
    with markdown_flavor(DOCSIFY):
        page = parse(text, "ui-kit.md")
    assert [(s.heading, s.anchor) for s in page.sections] == [
        ("Heading 1", "heading-1"),
        ("Getting Started", "getting-started"),
        ("Both", "both"),
        ("{docsify-ignore}", "docsify-ignore"),
        ("Braces {docsify-ignored} stay", "braces-docsify-ignored-stay"),
    ]
    with markdown_flavor(None):
        page = parse(text, "ui-kit.md")
    assert page.sections[0].heading == "Heading 1 {docsify-ignore}"
