"""builder.survey_readthedocs: the Sphinx project or MkDocs site a project's Read the Docs
config names is the one init reads, before the docs it would find elsewhere."""

from __future__ import annotations

from pathlib import Path

from builder.survey import survey_project
from builder.survey_readthedocs import ReadTheDocsSite, readthedocs_site


def _beartype_like(project: Path) -> Path:
    """beartype 0.22.9's layout: a one-page MkDocs site at the top, the manual in doc/src."""
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text("site_name: Beartype\ndocs_dir: docs\n", "utf-8")
    (project / "docs" / "index.md").write_text("![logo](logo.png)\n", "utf-8")
    (project / "doc" / "src").mkdir(parents=True)
    (project / "doc" / "src" / "conf.py").write_text("project = 'beartype'\n", "utf-8")
    (project / "doc" / "src" / "index.rst").write_text("Beartype\n========\n", "utf-8")
    (project / "doc" / "src" / "faq.rst").write_text("FAQ\n===\n", "utf-8")
    return project


def test_the_sphinx_project_read_the_docs_builds_comes_before_an_mkdocs_site(
    tmp_path: Path,
) -> None:
    # Read by the usual places, init took the MkDocs site (1 page, a logo) and left out the
    # manual Read the Docs publishes (15 pages).
    project = _beartype_like(tmp_path / "beartype")
    assert (survey_project(project).kind, survey_project(project).docs) == ("mkdocs", "docs")
    (project / ".readthedocs.yaml").write_text(
        "version: 2\nsphinx:\n  configuration: doc/src/conf.py\n", "utf-8"
    )
    survey = survey_project(project)
    assert (survey.kind, survey.docs) == ("sphinx", "doc/src")
    assert ".readthedocs.yaml: Read the Docs builds doc/src/conf.py" in survey.found
    assert "doc/src/conf.py: Sphinx" in survey.found


def test_the_mkdocs_site_read_the_docs_builds_comes_before_a_sphinx_project(
    tmp_path: Path,
) -> None:
    project = tmp_path / "lib"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "conf.py").write_text("project = 'old'\n", "utf-8")
    (project / "site" / "pages").mkdir(parents=True)
    (project / "site" / "mkdocs.yml").write_text("site_name: Lib\ndocs_dir: pages\n", "utf-8")
    (project / "site" / "pages" / "index.md").write_text("# Lib\n", "utf-8")
    (project / ".readthedocs.yml").write_text(
        "version: 2\nmkdocs:\n  configuration: site/mkdocs.yml\n", "utf-8"
    )
    survey = survey_project(project)
    assert (survey.kind, survey.docs) == ("mkdocs", "site/pages")
    # Without its pages the site is none, and the usual places are read.
    (project / "site" / "pages" / "index.md").unlink()
    (project / "site" / "pages").rmdir()
    assert (survey_project(project).kind, survey_project(project).docs) == ("sphinx", "docs")


def test_a_config_naming_no_file_of_the_project_names_no_site(tmp_path: Path) -> None:
    project = tmp_path / "lib"
    project.mkdir()
    config = project / ".readthedocs.yaml"
    for text in (
        "version: 2\nsphinx:\n  configuration: ../other/conf.py\n",
        "version: 2\nsphinx:\n  configuration: /etc/conf.py\n",
        "version: 2\nsphinx:\n  configuration: docs/conf.py\n",  # not there
        "version: 2\nsphinx:\n  configuration: " + "d" * 300 + "/conf.py\n",
        "version: 2\nsphinx:\n  builder: html\n",
        "version: 2\nsphinx: [docs/conf.py]\n",
        "[not yaml: {",
    ):
        config.write_text(text, "utf-8")
        assert readthedocs_site(project) is None, text
    (project / "docs").mkdir()
    (project / "docs" / "conf.py").write_text("project = 'lib'\n", "utf-8")
    config.write_text("version: 2\nsphinx:\n  configuration: ./docs/conf.py\n", "utf-8")
    assert readthedocs_site(project) == ReadTheDocsSite(
        ".readthedocs.yaml", "sphinx", "docs", "conf.py"
    )
    # Read the Docs reads the first of its names there is, and no other.
    (project / ".readthedocs.yaml").rename(project / "readthedocs.yml")
    assert readthedocs_site(project) == ReadTheDocsSite(
        "readthedocs.yml", "sphinx", "docs", "conf.py"
    )
    (project / ".readthedocs.yml").write_text("version: 2\nbuild:\n  os: ubuntu-22.04\n", "utf-8")
    assert readthedocs_site(project) is None
