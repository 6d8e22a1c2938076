"""builder.projects.mkdocs_copied_docs: an MkDocs config whose docs_dir a build step fills
from another folder is read with that folder's pages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.projects import project_listing
from builder.projects.mkdocs_config import read_config
from builder.projects.mkdocs_copied_docs import copied_docs_folder, nav_pages
from builder.survey import survey_project
from tests.test_projects_mkdocs import compiled_records, version

# asyncz 0.17.1's mkdocs.yaml: its docs script copies docs/en/docs to docs/generated.
_CONFIG = (
    "site_name: Asyncz\ndocs_dir: docs/generated\n"
    "nav:\n- index.md\n- Guides:\n  - schedulers.md\n  - Triggers: triggers.md\n"
    "- API: reference.md\n- Site: https://example.org/\n"
)


def _project(root: Path, pages: tuple[str, ...]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yaml").write_text(_CONFIG, "utf-8")
    (root / "README.md").write_text("# Asyncz\n", "utf-8")
    (root / "pyproject.toml").write_text('[project]\nname = "asyncz"\n', "utf-8")
    for page in pages:
        path = root / "docs" / "en" / "docs" / page
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {page}\n\nText.\n", "utf-8")
    return root


def test_the_nav_s_pages_are_read_from_the_folder_that_holds_them(tmp_path: Path) -> None:
    pages = ("index.md", "schedulers.md", "triggers.md", "reference.md", "draft.md")
    project = _project(tmp_path / "asyncz", pages)
    survey = survey_project(project)
    assert (survey.kind, survey.docs) == ("mkdocs", "docs/en/docs")
    assert "mkdocs.yaml: its docs/generated/ is made by a build step from docs/en/docs/" in (
        survey.found
    )
    layout, listing = project_listing(version(project / "docs/en/docs"))
    assert layout.kind == "mkdocs"
    assert [c.relpath for c in listing.candidates][:4] == list(pages[:4])  # the nav's order
    assert layout.title_of("triggers.md") == "Triggers"


def test_a_folder_holding_few_of_the_nav_s_pages_is_not_taken(tmp_path: Path) -> None:
    project = _project(tmp_path / "asyncz", ("index.md", "schedulers.md"))
    config = project / "mkdocs.yaml"
    assert copied_docs_folder(config, read_config(config, [])) is None
    survey = survey_project(project)
    assert "mkdocs.yaml: MkDocs, but its docs/generated/ is not there" in survey.found
    # A docs_dir that is there is the docs folder, whatever else holds the pages.
    (project / "docs" / "generated").mkdir()
    assert copied_docs_folder(config, read_config(config, [])) is None


def test_nav_pages_are_its_markdown_pages_not_its_links() -> None:
    nav = ["index.md", {"Guides": ["a.md", {"B": "b/index.md"}]}, {"Home": "https://x.org/"}]
    assert list(nav_pages(nav)) == ["index.md", "a.md", "b/index.md"]


def test_a_page_s_example_markers_are_read_from_the_copied_folder(tmp_path: Path) -> None:
    # asyncz's pages write "{!> ../../../docs_src/schedulers/method1.py !}" in a fence, which its
    # docs script reads from docs/en/docs before copying: from where MkDocs runs, the path
    # leads out of the project and the example was left out with a warning.
    pages = ("index.md", "schedulers.md", "triggers.md", "reference.md")
    project = _project(tmp_path / "asyncz", pages)
    (project / "docs_src").mkdir()
    (project / "docs_src" / "method1.py").write_text("scheduler = Scheduler()\n", "utf-8")
    (project / "docs/en/docs/schedulers.md").write_text(
        "# Schedulers\n\n```python\n{!> ../../../docs_src/method1.py !}\n```\n", "utf-8"
    )
    docs = version(project / "docs/en/docs", "mkdocs")
    records = compiled_records(replace(docs, catalog_folder=project))
    body = next(r["body"] for r in records if r["heading"] == "Schedulers")
    assert body == "```python\nscheduler = Scheduler()\n```"
