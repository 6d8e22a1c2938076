"""builder.projects.mkdocs_copied_pages: a nav's page that a build step copies from the
project's README or changelog is that file."""

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing


def _project(tmp_path: Path) -> VersionConfig:
    tmp_path.mkdir(exist_ok=True)
    # einops 0.8.2's nav names index.md, which scripts/convert_readme.py writes from README.md;
    # pydantic 2.13.4's names changelog.md, which its docs plugin writes from HISTORY.md.
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Demo\nnav:\n  - Home: index.md\n  - Guide: guide.md\n"
        "  - Changelog: changelog.md\n  - Absent: absent.md\n  - Deep: part/index.md\n",
        "utf-8",
    )
    (tmp_path / "README.md").write_text("# Demo\n\nWhat it does.\n", "utf-8")
    (tmp_path / "HISTORY.md").write_text("## v1.0 (2026-01-01)\n\nFirst.\n", "utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "guide.md").write_text("# Guide\n", "utf-8")
    return VersionConfig("1.0.0", docs, None, None, ("**/*.md",), (), None, None)


def test_a_nav_page_a_build_step_copies_from_a_top_file_is_that_file(tmp_path: Path) -> None:
    version = _project(tmp_path)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "guide.md", "changelog.md"]
    assert listing.candidates[0].text == "# Demo\n\nWhat it does.\n"
    assert listing.candidates[2].text == "## v1.0 (2026-01-01)\n\nFirst.\n"
    assert layout.title_of("changelog.md") == "Changelog"
    assert layout.notes == (
        "nav names 2 page(s) a build step copies from the project's top: index.md from "
        "README.md, changelog.md from HISTORY.md",
        "nav names 2 page(s) that are not there: absent.md, part/index.md",
    )


def test_a_page_that_is_there_is_read_and_a_linked_top_file_must_stay_in_the_project(
    tmp_path: Path,
) -> None:
    version = _project(tmp_path / "project")
    docs = tmp_path / "project" / "docs"
    (docs / "index.md").write_text("# Home\n", "utf-8")
    (tmp_path / "secret.md").write_text("# Secret\n", "utf-8")
    (tmp_path / "project" / "HISTORY.md").unlink()
    (tmp_path / "project" / "HISTORY.md").symlink_to(tmp_path / "secret.md")
    _, listing = project_listing(version)
    assert [(c.relpath, c.text) for c in listing.candidates] == [
        ("index.md", None),
        ("guide.md", None),
    ]


def test_a_nav_page_name_longer_than_the_system_takes_is_a_missing_page(tmp_path: Path) -> None:
    # exists and is_file raise on a name longer than the system takes (Python 3.11): the build
    # stopped while looking for the page, its notebook, or the top file it is copied from.
    version = _project(tmp_path)
    long = "a" * 300
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Demo\nnav:\n  - Home: index.md\n  - Long: {long}.md\n", "utf-8"
    )
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "guide.md"]
    assert layout.notes[1] == f"nav names 1 page(s) that are not there: {long}.md"
