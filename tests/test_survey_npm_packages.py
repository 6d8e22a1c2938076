"""docbuild init on an npm package: its README and release notes read with its docs folder."""

from __future__ import annotations

from pathlib import Path

from builder.config import load_catalog
from builder.globs import compile_globs
from builder.sources import list_version_files
from builder.starter import write_starter_catalog
from builder.survey import survey_project


def test_an_npm_package_s_readme_is_read_with_its_plain_docs_folder(tmp_path: Path) -> None:
    # pino 9.4.0: docs/ holds the API pages, README.md the install and first steps; init
    # wrote path = "docs", and the README's 15 sections were lost.
    (tmp_path / "package.json").write_text('{"name": "lib", "version": "1.0.0"}')
    (tmp_path / "README.md").write_text("# lib\n\n## Install\n\nnpm i lib\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "api.md").write_text("# API\n\nCall it.\n")
    (tmp_path / "docs" / "AGENTS.md").write_text("# Rules\n")
    # fastify 5.4.0: a test folder's README is no page of the docs.
    (tmp_path / "test" / "bundler").mkdir(parents=True)
    (tmp_path / "test" / "bundler" / "README.md").write_text("# Bundlers test stack\n")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.include) == (".", ("/README.md", "docs/**/*.md"))
    assert survey.exclude == ("docs/AGENTS.md",)
    write_starter_catalog(tmp_path)
    (version,) = load_catalog(tmp_path / "docbuild.toml").libraries[0].versions
    assert (version.include, version.exclude) == (survey.include, survey.exclude)
    globs = compile_globs(version.include), compile_globs(version.exclude)
    listing = list_version_files(tmp_path, *globs)
    assert sorted(c.relpath for c in listing.candidates) == ["README.md", "docs/api.md"]
    # A Python project's docs folder, or an npm package's docs tool, keeps its own folder.
    (tmp_path / "mkdocs.yml").write_text("site_name: lib\n")
    assert survey_project(tmp_path).docs == "docs"
    (tmp_path / "mkdocs.yml").unlink()
    (tmp_path / "package.json").unlink()
    assert survey_project(tmp_path).docs == "docs"


def test_markdown_pages_of_the_long_suffix_are_read(tmp_path: Path) -> None:
    # handlebars 4.7.10: its README.markdown (the guide npm shows, 13 sections) was left out,
    # init including "**/*.md" alone; release-notes.md was read without it.
    (tmp_path / "package.json").write_text('{"name": "lib", "version": "1.0.0"}')
    (tmp_path / "README.markdown").write_text("# lib\n\n## Install\n\nnpm i lib\n")
    (tmp_path / "release-notes.md").write_text("# Release notes\n")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.include) == (".", ("**/*.md", "**/*.markdown"))
    # An npm package's README of that suffix is read with its docs folder.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "api.md").write_text("# API\n\nCall it.\n")
    survey = survey_project(tmp_path)
    assert survey.include == ("/README.markdown", "/release-notes.md", "docs/**/*.md")


def test_an_npm_package_s_release_notes_are_read_with_its_plain_docs_folder(
    tmp_path: Path,
) -> None:
    # date-fns 4.4.0 and eslint-plugin-import 2.32.0: docs/ and the README were read, the
    # CHANGELOG.md beside them (146 and 100 sections) was not.
    (tmp_path / "package.json").write_text('{"name": "lib", "version": "1.0.0"}')
    for name in ("README.md", "CHANGELOG.md", "MIGRATION_GUIDE.md", "RELEASING.md", "SECURITY.md"):
        (tmp_path / name).write_text("# lib\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "api.md").write_text("# API\n\nCall it.\n")
    survey = survey_project(tmp_path)
    assert survey.include == (
        "/README.md", "/CHANGELOG.md", "/MIGRATION_GUIDE.md", "docs/**/*.md"
    )  # fmt: skip
    assert "CHANGELOG.md: the package's release notes, read with docs/" in survey.found
    # One the folder holds a copy of is read there alone.
    (tmp_path / "docs" / "changelog.md").write_text("# Changelog\n")
    assert survey_project(tmp_path).include == ("/README.md", "/MIGRATION_GUIDE.md", "docs/**/*.md")
    # Without a README the folder is read alone, as before.
    (tmp_path / "README.md").unlink()
    assert survey_project(tmp_path).docs == "docs"


def test_an_npm_package_s_readme_is_read_with_a_docs_folder_of_html_without_an_index(
    tmp_path: Path,
) -> None:
    # node-polyglot 2.6.0: docs/ holds Docco's annotated source (polyglot.html) alone; init
    # wrote path = "docs", and the README's guide and the CHANGELOG (43 sections) were lost.
    (tmp_path / "package.json").write_text('{"name": "lib", "version": "1.0.0"}')
    (tmp_path / "README.md").write_text("# lib\n\n## Usage\n\nCall it.\n")
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "lib.html").write_text("<html><body><p>Code.</p></body></html>")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.include) == (".", ("/README.md", "/CHANGELOG.md", "docs/**/*.html"))
    # A site with its index page (TypeDoc's, JSDoc's) shows the README there itself.
    (tmp_path / "docs" / "index.html").write_text("<html><body><h1>lib</h1></body></html>")
    assert survey_project(tmp_path).docs == "docs"
