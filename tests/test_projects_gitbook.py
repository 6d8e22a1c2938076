"""builder.projects.gitbook: a GitBook's pages are those its summary links, in its order, and
the summary is no page."""

from __future__ import annotations

from pathlib import Path

from builder.projects.detect import read_project_layout
from builder.projects.gitbook import read_gitbook
from builder.survey import survey_project

SUMMARY = (
    "# Table of contents\n\n* [Introduction](what-and-why.md)\n\n## General\n\n"
    "* [Installation](general/installation.md)\n* [Patching with when\\(\\)](when.md)\n"
)


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_a_gitbook_s_pages_come_in_its_summary_s_order(tmp_path: Path) -> None:
    # BrainMonkey 2.7.0: .gitbook.yaml names docs/ and its summary.md, read as a page of five
    # sections of links, the pages in path order -> 62 sections, in the summary's order.
    _write(
        tmp_path,
        {
            ".gitbook.yaml": "root: ./docs/\n\nstructure:\n    summary: summary.md\n",
            "docs/summary.md": SUMMARY,
            "docs/what-and-why.md": "# What\n",
            "docs/general/installation.md": "# Install\n",
            "docs/when.md": "# When\n",
            "docs/draft.md": "# Not in the book\n",
        },
    )
    layout = read_project_layout(tmp_path / "docs", "auto", None, tmp_path)
    assert layout.kind == "gitbook"
    assert layout.order == ("what-and-why.md", "general/installation.md", "when.md")
    assert dict(layout.titles)["when.md"] == "Patching with when()"
    assert not layout.admits("summary.md") and not layout.admits("draft.md")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("gitbook", "docs")
    assert ".gitbook.yaml: GitBook, pages in docs/ in the order of its summary" in survey.found


def test_a_folder_with_summary_md_is_a_book_and_its_readme_comes_first(tmp_path: Path) -> None:
    _write(tmp_path, {"SUMMARY.md": SUMMARY, "README.md": "# Book\n", "when.md": "# When\n"})
    layout = read_gitbook(tmp_path)
    assert layout is not None and layout.order[:2] == ("README.md", "what-and-why.md")
    assert read_gitbook(tmp_path / "missing") is None
    (tmp_path / "plain").mkdir()
    assert read_gitbook(tmp_path / "plain") is None


def test_a_config_leading_away_or_unreadable_is_no_harm(tmp_path: Path) -> None:
    # A root or a summary outside the book is never read; nor a config above the project.
    _write(tmp_path, {".gitbook.yaml": "root: ./docs/\n", "project/docs/SUMMARY.md": SUMMARY})
    project = tmp_path / "project"
    _write(project, {".gitbook.yaml": "root: ../../\nstructure: {summary: ../../x.md}\n"})
    layout = read_gitbook(project / "docs", project)
    assert layout is not None and layout.config_file == "SUMMARY.md"  # not the config's
    assert read_gitbook(project, project) is None  # the config above the project is not read
    _write(project, {"b/.gitbook.yaml": "structure: {summary: ../../../etc/passwd}\n"})
    assert read_gitbook(project / "b", project) is not None  # the default SUMMARY.md
    _write(project, {"c/.gitbook.yaml": "root: [\n: :\n", "c/SUMMARY.md": SUMMARY})
    assert read_gitbook(project / "c", project) is not None  # malformed: the defaults
    _write(project, {"d/.gitbook.yaml": "a: &a [*a, *a]\n"})
    (project / "d" / "SUMMARY.md").mkdir()  # a folder where the summary should be
    unread = read_gitbook(project / "d", project)
    assert unread is not None and unread.order == () and not unread.only_listed
    (project / "e").mkdir()
    (project / "e" / "SUMMARY.md").write_text("* [x](x.md)\n" * 200_000)  # 2.4 MB, unread
    huge = read_gitbook(project / "e", project)
    assert huge is not None and huge.order == () and huge.notes


def test_a_readme_named_longer_than_a_file_name_can_be_is_none(tmp_path: Path) -> None:
    (tmp_path / ".gitbook.yaml").write_text(f"structure:\n  readme: {'a' * 300}.md\n")
    (tmp_path / "SUMMARY.md").write_text("* [A](a.md)\n")
    layout = read_gitbook(tmp_path, tmp_path)
    assert layout is not None and layout.order == ("a.md",)


def test_a_summary_linked_from_outside_the_book_is_not_read(tmp_path: Path) -> None:
    _write(tmp_path, {"outside/SUMMARY.md": "* [Secret](a.md)\n", "book/a.md": "# A\n"})
    (tmp_path / "book" / "SUMMARY.md").symlink_to(tmp_path / "outside" / "SUMMARY.md")
    layout = read_gitbook(tmp_path / "book", tmp_path / "book")
    assert layout is not None and layout.titles == () and not layout.only_listed
    assert layout.notes == ("SUMMARY.md: a link out of the book, not read; pages in path order",)
