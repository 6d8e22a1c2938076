"""builder.survey_mkdocs: the one MkDocs config in another folder of a project names its
docs, unless it leads out of the project."""

from __future__ import annotations

import shutil
from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.survey import survey_project


def test_the_one_mkdocs_yml_in_another_folder_of_the_project_names_its_pages(
    tmp_path: Path,
) -> None:
    # formulaic 1.2.2 keeps docsite/mkdocs.yml over docsite/docs: init read the project as
    # plain Markdown files, the README and the site's pages in no order.
    project = tmp_path / "formulaic"
    (project / "docsite" / "docs").mkdir(parents=True)
    (project / "docsite" / "mkdocs.yml").write_text("site_name: Formulaic\n", "utf-8")
    (project / "docsite" / "docs" / "index.md").write_text("# Formulaic\n", "utf-8")
    (project / "README.md").write_text("# Formulaic\n", "utf-8")
    survey = survey_project(project)
    assert (survey.kind, survey.docs) == ("mkdocs", "docsite/docs")
    assert "docsite/mkdocs.yml: MkDocs, pages in docsite/docs/" in survey.found
    # A plugin's example site is not the project's, nor is one of two.
    shutil.move(project / "docsite", project / "examples")
    assert survey_project(project).kind == "markdown"
    shutil.copytree(project / "examples", project / "site")
    shutil.copytree(project / "examples", project / "guide")
    assert survey_project(project).kind == "markdown"
    # Sphinx docs come before it, and so do a docs folder's plain files (the site is a blog).
    shutil.rmtree(project / "guide")
    (project / "docs").mkdir()
    (project / "docs" / "guide.rst").write_text("Guide\n=====\n", "utf-8")
    assert (survey_project(project).kind, survey_project(project).docs) == ("rst", "docs")
    (project / "docs" / "conf.py").write_text("project = 'x'\n", "utf-8")
    assert survey_project(project).kind == "sphinx"


def test_a_mkdocs_config_in_another_folder_is_not_read_through_a_link_out(tmp_path: Path) -> None:
    # The one MkDocs config in a folder of the project was found through a link to a folder
    # elsewhere, or with a docs_dir leading out of the project, and its pages were the docs.
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "docs").mkdir(parents=True)
    (elsewhere / "mkdocs.yml").write_text("site_name: Other\n", "utf-8")
    project = tmp_path / "project"
    project.mkdir()
    (project / "README.md").write_text("# Project\n", "utf-8")
    (project / "site").symlink_to(elsewhere)
    assert (survey_project(project).kind, survey_project(project).docs) == ("markdown", ".")
    (project / "site").unlink()
    (project / "site").mkdir()
    (project / "site" / "mkdocs.yml").write_text("docs_dir: ../../elsewhere/docs\n", "utf-8")
    assert (survey_project(project).kind, survey_project(project).docs) == ("markdown", ".")
    (project / "site" / "mkdocs.yml").unlink()
    (project / "site" / "mkdocs.yml").symlink_to(elsewhere / "mkdocs.yml")
    (project / "site" / "docs").mkdir()
    assert (survey_project(project).kind, survey_project(project).docs) == ("markdown", ".")


def test_an_mkdocs_yml_without_its_docs_folder_leaves_the_project_to_its_other_signs(
    tmp_path: Path,
) -> None:
    # sqlmesh 0.236.4's sdist ships mkdocs.yml but not docs/: docbuild init stopped on a
    # FileNotFoundError while listing the missing folder.
    project = tmp_path / "sqlmesh"
    project.mkdir()
    (project / "mkdocs.yml").write_text("site_name: SQLMesh\n", "utf-8")
    (project / "README.md").write_text("# SQLMesh\n", "utf-8")
    survey = survey_project(project)
    assert (survey.kind, survey.docs) == ("markdown", ".")
    assert "mkdocs.yml: MkDocs, but its docs/ is not there" in survey.found
    # Its docs_dir is the folder looked for.
    (project / "mkdocs.yml").write_text("docs_dir: site-src\n", "utf-8")
    (project / "site-src").mkdir()
    (project / "site-src" / "index.md").write_text("# SQLMesh\n", "utf-8")
    assert (survey_project(project).kind, survey_project(project).docs) == ("mkdocs", "site-src")


def test_a_config_kept_with_the_tools_whose_docs_dir_is_the_docs_folder_is_its_site(
    tmp_path: Path,
) -> None:
    # external-secrets 2.9.0: hack/api-docs/mkdocs.yml (docs_dir ../../docs, built from the
    # root with -f) over docs/: init read docs/ as plain Markdown files, in no order, and its
    # 275 mkdocs-macros includes as text; the build found no config at or above docs/.
    project = tmp_path / "eso"
    (project / "docs" / "provider").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# ESO\n", "utf-8")
    (project / "docs" / "provider" / "aws.md").write_text("# AWS\n", "utf-8")
    (project / "hack" / "api-docs").mkdir(parents=True)
    (project / "hack" / "api-docs" / "mkdocs.yml").write_text(
        "site_name: ESO\ndocs_dir: ../../docs\nnav:\n  - provider/aws.md\n  - index.md\n",
        "utf-8",
    )
    survey = survey_project(project)
    assert (survey.kind, survey.docs) == ("mkdocs", "docs")
    assert "hack/api-docs/mkdocs.yml: MkDocs, pages in docs/" in survey.found
    layout, listing = project_listing(
        VersionConfig(
            "2.9.0", project / "docs", None, None, (), (), None, None, catalog_folder=project
        )
    )
    assert layout.kind == "mkdocs"
    assert [c.relpath for c in listing.candidates] == ["provider/aws.md", "index.md"]
    # Two configs serving the docs: neither is taken.
    shutil.copytree(project / "hack" / "api-docs", project / "hack" / "other-docs")
    assert survey_project(project).kind == "markdown"
    layout, _ = project_listing(
        VersionConfig(
            "2.9.0", project / "docs", None, None, (), (), None, None, catalog_folder=project
        )
    )
    assert layout.kind == "none"
