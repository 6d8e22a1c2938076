"""What docbuild init sees in a project folder: the docs tool, the docs and code folders, the
version tags, the library's metadata."""

from __future__ import annotations

import gzip
import os
import shutil
from pathlib import Path

import pytest

from builder.config import load_catalog
from builder.globs import compile_globs
from builder.sources import list_version_files
from builder.starter import write_starter_catalog
from builder.survey import library_id_of, survey_project
from tests.source_support import git, tagged_repo

EXAMPLES = Path(__file__).parent.parent / "examples"


def copy_example(name: str, tmp_path: Path) -> Path:
    """An example version's folder, copied: init writes into the folder it surveys."""
    library, version = name.split("/")
    target = tmp_path / library
    shutil.copytree(EXAMPLES / library / version, target)
    return target


@pytest.mark.parametrize(
    ("example", "kind", "docs", "include", "source_dir"),
    [
        ("dirty-equals/0.9.0", "mkdocs", "docs", ("**/*.md",), "."),
        ("pluggy/1.6.0", "sphinx", "docs", ("**/*.rst",), "src"),
        ("cattrs/25.1.1", "myst", "docs", ("**/*.md", "**/*.rst"), "src"),
        ("itsdangerous/2.2.0", "rst", "docs", ("**/*.rst",), "src"),
        ("vconsole/3.15.1", "markdown", ".", ("**/*.md",), None),
        ("attrs/25.3.0", "markdown+rst", ".", ("**/*.md", "**/*.rst"), None),
        ("python/3.11.2", "html", ".", ("**/*.html",), None),
        ("werkzeug/3.1.3", "rst", ".", ("**/*.rst",), "src"),
    ],
)
def test_each_kind_of_example_project_is_recognised(
    tmp_path: Path,
    example: str,
    kind: str,
    docs: str,
    include: tuple[str, ...],
    source_dir: str | None,
) -> None:
    survey = survey_project(copy_example(example, tmp_path))
    assert (survey.kind, survey.docs, survey.include, survey.source_dir) == (
        kind,
        docs,
        include,
        source_dir,
    )
    assert survey.library_id == example.split("/")[0]
    assert survey.tags is None and survey.base_url is None
    if docs == ".":  # the project folder itself: build output and tool folders stay out
        assert {"_site", ".docbuild-cache", "node_modules", ".venv"} <= set(survey.exclude)


def test_version_tags_holding_the_docs_folder_are_found_newest_first(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v0.9.0", "v1.0.0", "v1.1.0", "nightly", "v2.0.0"])
    git(repo, "rm", "-q", "-r", "docs")
    git(repo, "commit", "-q", "-m", "docs moved away")
    git(repo, "tag", "v0.2.0")  # lacks docs/, but is not among the three newest
    git(repo, "remote", "add", "origin", "git@github.com:Some-Org/thing.git")
    (repo / "docs").mkdir()
    (repo / "docs" / "index.md").write_text("# Work in progress\n", encoding="utf-8")
    survey = survey_project(repo)
    assert survey.tags is not None
    assert (survey.tags.pattern, survey.tags.newest) == ("v*", ("v2.0.0", "v1.1.0", "v1.0.0"))
    assert survey.base_url == "https://some-org.github.io/thing/"


def test_tags_stop_at_the_first_that_lacks_the_docs_folder(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["1.0.0", "1.1.0"])
    git(repo, "rm", "-q", "-r", "docs")
    (repo / "doc").mkdir()
    (repo / "doc" / "index.md").write_text("# Moved\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "docs -> doc")
    git(repo, "tag", "2.0.0")
    survey = survey_project(repo)
    assert survey.docs == "doc"
    assert survey.tags is not None and survey.tags.newest == ("2.0.0",)
    assert survey.tags.pattern == "[0-9]*"


def test_a_tag_whose_name_is_not_utf8_is_no_version(tmp_path: Path) -> None:
    # git stores ref names as bytes; one that is not UTF-8 stopped init with UnicodeDecodeError.
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0"])
    git(repo, "tag", os.fsdecode(b"v2.0\xff"))  # the byte 0xff, passed to git as it is
    survey = survey_project(repo)
    assert survey.tags is not None and survey.tags.newest == ("v1.0.0",)


def test_a_sphinx_conf_in_a_subfolder_of_the_docs_folder_is_found(tmp_path: Path) -> None:
    # pytest 8.4.2 (doc/en/conf.py) and pip 25.2 (docs/html/conf.py, with myst_parser added
    # under an if): read as plain files before, without their conf.py settings or page order.
    conf = tmp_path / "docs" / "html" / "conf.py"
    conf.parent.mkdir(parents=True)
    conf.write_text(
        "extensions = []\nif 'man' not in tags:\n    extensions.append('myst_parser')\n"
    )
    (conf.parent / "index.md").write_text("# pip\n")
    (tmp_path / "docs" / "README.md").write_text("# how to build the docs\n")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.include) == (
        "myst",
        "docs/html",
        ("**/*.md", "**/*.rst"),
    )


@pytest.mark.parametrize("language", ["'es'", '"fr_FR"', "'zh-CN'"])
def test_a_translations_sphinx_conf_comes_after_the_english_ones(
    tmp_path: Path, language: str
) -> None:
    # pygame 2.6.1: docs/es/conf.py (language = 'es') was read before docs/reST/conf.py, so
    # the docs were its 23 Spanish pages in place of the English reference.
    for folder, settings in (("es", f"language = {language}\n"), ("reST", "language = 'en'\n")):
        conf = tmp_path / "docs" / folder / "conf.py"
        conf.parent.mkdir(parents=True)
        conf.write_text(f"project = 'pygame'\n{settings}")
        (conf.parent / "index.rst").write_text("pygame\n======\n")
    assert survey_project(tmp_path).docs == "docs/reST"
    # With no English one beside it, the translation is read.
    (tmp_path / "docs" / "reST" / "conf.py").unlink()
    assert survey_project(tmp_path).docs == "docs/es"


@pytest.mark.parametrize(
    ("source_suffix", "include"),
    [
        # Django 5.2.19: its pages are .txt files, none read before.
        ('{".txt": "restructuredtext"}', ("**/*.txt",)),
        ('[".rst", ".txt"]', ("**/*.rst", "**/*.txt")),
        ('".rest"', ("**/*.rest",)),
        ('{".py": "python"}', ("**/*.rst",)),  # no suffix docbuild reads: the default
    ],
)
def test_a_sphinx_projects_pages_are_the_suffixes_of_its_source_suffix(
    tmp_path: Path, source_suffix: str, include: tuple[str, ...]
) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "conf.py").write_text(f"source_suffix = {source_suffix}\n")
    (tmp_path / "docs" / "index.txt").write_text("Django\n======\n")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.include) == ("sphinx", include)


def test_a_repo_helper_doc_source_folder_is_a_docs_folder(tmp_path: Path) -> None:
    # repo_helper's projects keep their Sphinx docs in doc-source/ (whey-pth 0.0.6): read as
    # plain reST files from the project's top, README and CONTRIBUTING among them, without
    # conf.py's settings or the toctree order.
    (tmp_path / "doc-source").mkdir()
    (tmp_path / "doc-source" / "conf.py").write_text("extensions = []\n")
    (tmp_path / "doc-source" / "index.rst").write_text("Demo\n====\n")
    (tmp_path / "README.rst").write_text("Demo\n====\n")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("sphinx", "doc-source")


def test_a_sphinx_conf_in_a_capitalised_doc_folder_is_found(tmp_path: Path) -> None:
    # pycryptodome (and CPython) keep their Sphinx docs in Doc/: the project was read as
    # plain reST from its top, napoleon's "Args:" sections left as text.
    (tmp_path / "Doc").mkdir()
    (tmp_path / "Doc" / "conf.py").write_text("extensions = ['sphinx.ext.napoleon']\n")
    (tmp_path / "Doc" / "index.rst").write_text("Demo\n====\n")
    (tmp_path / "README.rst").write_text("Demo\n====\n")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("sphinx", "Doc")


def test_a_folder_with_no_docs_is_read_as_markdown_at_its_top(tmp_path: Path) -> None:
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.version, survey.version_known) == (
        "markdown",
        ".",
        "0.0.0",
        False,
    )


def test_a_project_read_at_its_top_leaves_its_tests_out(tmp_path: Path) -> None:
    # mkdocs-jupyter 0.26: src/mkdocs_jupyter/tests/mkdocs/docs/ holds a test site, whose
    # pages and notebooks were read beside the README (21 pages, three of one notebook).
    (tmp_path / "README.md").write_text("# Plugin\n\nUse it.\n", encoding="utf-8")
    fixtures = tmp_path / "src" / "plugin" / "tests" / "mkdocs" / "docs"
    fixtures.mkdir(parents=True)
    (fixtures / "index.md").write_text("# Test page\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("markdown", ".")
    assert {"tests", "test", "__tests__"} <= set(survey.exclude)


def test_a_docs_section_named_testing_is_read(tmp_path: Path) -> None:
    # Effect's site, read from its top: apps/web/src/content/docs/v4/testing/testclock.mdx is
    # its "TestClock" guide, in a folder named as tests are; the page was left out, in v3 and
    # in v4. A tests folder of code, or outside a docs folder, still is.
    docs = tmp_path / "apps" / "web" / "src" / "content" / "docs"
    for version in ("v3", "v4"):
        (docs / version / "testing").mkdir(parents=True)
        (docs / version / "testing" / "testclock.mdx").write_text("# TestClock\n", "utf-8")
    (tmp_path / "apps" / "web" / "tests").mkdir()
    (tmp_path / "apps" / "web" / "tests" / "page.test.ts").write_text("test()\n", "utf-8")
    (tmp_path / "apps" / "web" / "tests" / "notes.md").write_text("# Notes\n", "utf-8")
    survey = survey_project(tmp_path)
    assert survey.docs == "."
    assert "testing" not in survey.exclude
    assert {"tests", "test", "__tests__"} <= set(survey.exclude)
    # A test folder holding only Markdown outside a docs folder is a test's still.
    (tmp_path / "src" / "testing").mkdir(parents=True)
    (tmp_path / "src" / "testing" / "fixture.md").write_text("# Fixture\n", "utf-8")
    assert "testing" in survey_project(tmp_path).exclude


def test_a_project_read_at_its_top_leaves_its_templates_out(tmp_path: Path) -> None:
    # sphinx-autoapi 3.9.0's source archive: README.rst and src/autoapi/templates/python/*.rst,
    # the Jinja templates it renders ("{{ obj.id }}"), read as ten pages beside the README.
    (tmp_path / "README.rst").write_text("AutoAPI\n=======\n\nUse it.\n", encoding="utf-8")
    templates = tmp_path / "src" / "autoapi" / "templates" / "python"
    templates.mkdir(parents=True)
    (templates / "class.rst").write_text('{{ obj.id }}\n{{ "=" * obj.id | length }}\n', "utf-8")
    (tmp_path / "src" / "autoapi" / "_templates").mkdir()
    (tmp_path / "src" / "autoapi" / "_templates" / "page.md").write_text("# {{ title }}\n")
    write_starter_catalog(tmp_path)
    (version,) = load_catalog(tmp_path / "docbuild.toml").libraries[0].versions
    globs = compile_globs(version.include), compile_globs(version.exclude)
    listing = list_version_files(tmp_path, *globs)
    assert [c.relpath for c in listing.candidates] == ["README.rst"]


def test_instructions_for_coding_agents_are_left_out(tmp_path: Path) -> None:
    # pydantic-ai: docs/AGENTS.md holds its rules for agents writing its docs, and
    # docs/CLAUDE.md links to it; both were read as pages, their sections twice.
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Agents\n\nBuild one.\n", encoding="utf-8")
    (docs / "AGENTS.md").write_text("# docs/ Guidelines\n", encoding="utf-8")
    (docs / "CLAUDE.md").symlink_to("AGENTS.md")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.exclude) == ("docs", ("AGENTS.md", "CLAUDE.md"))
    (tmp_path / "AGENTS.md").write_text("# Repo rules\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# Lib\n", encoding="utf-8")
    for page in ("index.md", "AGENTS.md", "CLAUDE.md"):
        (docs / page).unlink()
    docs.rmdir()
    survey = survey_project(tmp_path)
    assert survey.docs == "." and "AGENTS.md" in survey.exclude


def test_a_docs_tools_folder_read_at_its_top_keeps_its_testing_pages(tmp_path: Path) -> None:
    # docbuild init in graphene 3.4.3's docs/ (conf.py there): its testing/index.rst, the
    # "Testing in Graphene" page, was left out as a tests folder (141 -> 136 sections).
    (tmp_path / "conf.py").write_text('project = "Graphene"\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text("Graphene\n========\n", encoding="utf-8")
    (tmp_path / "testing").mkdir()
    (tmp_path / "testing" / "index.rst").write_text("Testing\n=======\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("sphinx", ".")
    assert not {"tests", "test", "testing"} & set(survey.exclude)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Flask", "flask"),
        ("@scope/Pkg Name", "scope-pkg-name"),
        ("...", "docs"),
        ("a_b.c", "a_b.c"),
        # borgbackup-doc 1.2.4's Sphinx project: "borg---deduplicating-archiver".
        ("Borg - Deduplicating Archiver", "borg-deduplicating-archiver"),
        ("a--b", "a--b"),
    ],
)
def test_library_ids_are_catalog_ids(name: str, expected: str) -> None:
    assert library_id_of(name) == expected


def test_a_zensical_toml_is_an_mkdocs_project(tmp_path: Path) -> None:
    # markdown-exec 1.12.6 and git-changelog 2.10.0 have zensical.toml and no mkdocs.yml: read
    # as a folder of plain Markdown before, without their nav or their snippets' base_path.
    (tmp_path / "zensical.toml").write_text(
        '[project]\nsite_name = "Thing docs"\ndocs_dir = "site-src"\n', encoding="utf-8"
    )
    (tmp_path / "site-src").mkdir()
    (tmp_path / "site-src" / "index.md").write_text("# Thing\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.include) == ("mkdocs", "site-src", ("**/*.md",))
    assert "zensical.toml: Zensical, pages in site-src/" in survey.found


def test_a_zensical_yml_is_an_mkdocs_project(tmp_path: Path) -> None:
    # soupsieve 2.8 ships zensical.yml (mkdocs.yml's settings) and no mkdocs.yml.
    (tmp_path / "zensical.yml").write_text(
        "site_name: Soup Sieve\ndocs_dir: docs/src/markdown\n", encoding="utf-8"
    )
    (tmp_path / "docs" / "src" / "markdown").mkdir(parents=True)
    (tmp_path / "docs" / "src" / "markdown" / "index.md").write_text("# Soup\n", "utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("mkdocs", "docs/src/markdown")
    assert "zensical.yml: Zensical, pages in docs/src/markdown/" in survey.found


def test_the_folder_dpkg_deb_unpacks_to_is_surveyed_as_the_package_s_doc_folder(
    tmp_path: Path,
) -> None:
    # python-bleak-doc 0.20.2-1 unpacked with dpkg-deb -x: surveyed from its top, it was
    # bleak 0.0.0 read from ".", every folder's HTML (examples/ too) a page.
    package = tmp_path / "usr" / "share" / "doc" / "python-demo-doc"
    (package / "html" / "_static").mkdir(parents=True)
    (package / "html" / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '1.0',\n};\n", encoding="utf-8"
    )
    (package / "html" / "index.html").write_text("<html><body><h1>Demo</h1></body></html>")
    (package / "examples").mkdir()
    (package / "examples" / "plot.html").write_text("<html><body>plot</body></html>")
    (tmp_path / "usr" / "share" / "doc" / "python3-demo").mkdir()
    with gzip.open(package / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write("demo (1.2.0-1) unstable; urgency=medium\n\n  * x\n")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.version, survey.docs_outside) == (
        "usr/share/doc/python-demo-doc/html",
        "1.2.0",
        None,
    )
    assert (
        survey.found[0] == "usr/share/doc/python-demo-doc/: the docs of an unpacked Debian package"
    )
    # A project that keeps a usr/ folder among its own files is surveyed as it is.
    (tmp_path / "README.md").write_text("# Demo\n")
    assert survey_project(tmp_path).docs == "."


def test_a_docusaurus_docs_folder_includes_its_mdx_pages(tmp_path: Path) -> None:
    (tmp_path / "docs" / "guide").mkdir(parents=True)
    (tmp_path / "docs" / "intro.md").write_text("# Intro\n", encoding="utf-8")
    (tmp_path / "docs" / "guide" / "Typed_Linting.mdx").write_text("# Typed\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("markdown", "docs")
    assert survey.include == ("**/*.md", "**/*.mdx")


def test_a_quarto_docs_folder_includes_its_qmd_pages(tmp_path: Path) -> None:
    # quartodoc 0.11.1's docs are 26 .qmd pages and a _quarto.yml: no page was read.
    (tmp_path / "docs" / "guide").mkdir(parents=True)
    (tmp_path / "docs" / "index.qmd").write_text("---\ntitle: Home\n---\n", encoding="utf-8")
    (tmp_path / "docs" / "guide" / "start.qmd").write_text("# Start\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("markdown", "docs")
    assert survey.include == ("**/*.md", "**/*.qmd")


def test_a_docs_folder_with_notebooks_includes_them(tmp_path: Path) -> None:
    (tmp_path / "docs" / "tutorials").mkdir(parents=True)
    (tmp_path / "docs" / "conf.py").write_text('extensions = ["myst_nb"]\n', encoding="utf-8")
    (tmp_path / "docs" / "index.rst").write_text("Home\n====\n", encoding="utf-8")
    (tmp_path / "docs" / "tutorials" / "quickstart.ipynb").write_text("{}", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert survey.include == ("**/*.md", "**/*.rst", "**/*.ipynb")


def test_myst_loaded_through_a_module_of_its_package_includes_markdown(tmp_path: Path) -> None:
    # "myst_parser.sphinx_" loads MyST too: init said "Sphinx with MyST Markdown" and wrote
    # include = ["**/*.rst"], the build's test being the exact name; every .md page was lost.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "conf.py").write_text(
        'extensions = ["myst_parser.sphinx_"]\n', encoding="utf-8"
    )
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.include) == ("myst", ("**/*.md", "**/*.rst"))


def test_a_markdown_root_document_means_sphinx_reads_markdown(tmp_path: Path) -> None:
    # tmuxp 1.76.0: conf.py takes its settings from gp-sphinx's merge_sphinx_config (which
    # loads myst_parser) through globals().update, naming no parser; init wrote
    # include = ["**/*.rst"] and the build read none of its 75 Markdown pages.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "conf.py").write_text(
        "from gp_sphinx.config import merge_sphinx_config\n"
        'conf = merge_sphinx_config(project="demo", extra_extensions=["aafig"])\n'
        "globals().update(conf)\n",
        encoding="utf-8",
    )
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.include) == ("myst", ("**/*.md", "**/*.rst"))
    assert "docs/conf.py: Sphinx with MyST Markdown" in survey.found


def test_a_vitepress_docs_folder_is_read_in_its_sidebar_order(tmp_path: Path) -> None:
    (tmp_path / "docs" / ".vitepress").mkdir(parents=True)
    (tmp_path / "docs" / ".vitepress" / "config.mts").write_text(
        "export default { themeConfig: { sidebar: [{ link: '/guide' }] } }\n", encoding="utf-8"
    )
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.include) == ("vitepress", "docs", ("**/*.md",))
    found = "docs/.vitepress/config.mts: VitePress, pages in the order of its sidebar"
    assert found in survey.found


def test_a_vitepress_site_in_the_folder_a_docs_script_names_is_found(tmp_path: Path) -> None:
    # VueUse 14.4.0 keeps its site in packages/ ("docs": "vitepress dev packages --open"), a
    # folder of no docs name and no workspace member: init read the whole repository (565
    # Markdown files: CONTRIBUTING.md, playgrounds, skills) as plain Markdown.
    (tmp_path / "packages" / ".vitepress").mkdir(parents=True)
    (tmp_path / "packages" / ".vitepress" / "config.ts").write_text(
        "export default { themeConfig: { sidebar: [{ link: '/guide/' }] } }\n", encoding="utf-8"
    )
    (tmp_path / "packages" / "guide").mkdir()
    (tmp_path / "packages" / "guide" / "index.md").write_text("# Guide\n", encoding="utf-8")
    (tmp_path / "CONTRIBUTING.md").write_text("# Contributing\n", encoding="utf-8")
    (tmp_path / "package.json").write_text(
        '{"name": "m", "private": true, "scripts": {"lint": "eslint .",'
        ' "docs": "vitepress dev packages --open", "preview": "vitepress preview --port 1"}}',
        encoding="utf-8",
    )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("vitepress", "packages")
    assert "packages/.vitepress/config.ts: VitePress, pages in the order of its sidebar" in (
        survey.found
    )


def test_a_package_in_a_folder_named_like_the_project_is_its_code(tmp_path: Path) -> None:
    # psycopg keeps each distribution in a folder of its name: psycopg/psycopg/__init__.py,
    # psycopg_pool/psycopg_pool/; init proposed no code folder, so no API pages.
    root = tmp_path / "psycopg"
    (root / "psycopg" / "psycopg").mkdir(parents=True)
    (root / "psycopg" / "psycopg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "index.rst").write_text("Psycopg\n=======\n", encoding="utf-8")
    assert survey_project(root).source_dir == "psycopg"
    assert "package code in psycopg/" in survey_project(root).found


def test_gzipped_pages_count_as_the_pages_they_hold(tmp_path: Path) -> None:
    # A Debian *-doc folder whose larger pages are gzipped (python-babel-doc's
    # changelog.html.gz); docbuild reads them as .html pages, so they are HTML files here.
    import gzip

    (tmp_path / "html").mkdir()
    (tmp_path / "html" / "README.md").write_text("# Read me\n", encoding="utf-8")
    for name in ("changelog.html.gz", "api.html.gz"):
        (tmp_path / "html" / name).write_bytes(gzip.compress(b"<h1>Page</h1>"))
    survey = survey_project(tmp_path / "html")
    assert (survey.kind, survey.include) == ("html", ("**/*.html",))


def test_an_asciidoc_docs_folder_and_an_antora_component(tmp_path: Path) -> None:
    # Asciidoctor's docs/ (an Antora component: antora.yml, modules/*/pages) was "no Markdown,
    # reST or HTML files"; its partials and examples are read where pages include them.
    pages = tmp_path / "docs" / "modules" / "ROOT" / "pages"
    pages.mkdir(parents=True)
    (pages / "index.adoc").write_text("= Asciidoctor\n", encoding="utf-8")
    (pages / "api.adoc").write_text("= API\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("asciidoc", "docs")
    assert survey.include == ("**/*.adoc", "**/*.asciidoc")
    (tmp_path / "docs" / "antora.yml").write_text("name: asciidoctor\n", encoding="utf-8")
    assert survey_project(tmp_path).include == ("modules/*/pages/**/*.adoc",)


def test_an_asciidoc_folder_with_a_markdown_and_a_rest_file_is_asciidoc(tmp_path: Path) -> None:
    # A Markdown README and one reST file beside many AsciiDoc pages made the folder
    # "markdown+rst", which reads none of its pages.
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("index", "install", "usage"):
        (docs / f"{name}.adoc").write_text(f"= {name}\n", encoding="utf-8")
    (docs / "README.md").write_text("# Docs\n", encoding="utf-8")
    (docs / "legacy.rst").write_text("Legacy\n======\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("asciidoc", "docs")


def test_an_mkdocs_yml_in_a_docs_folder_names_the_pages_below_it(tmp_path: Path) -> None:
    # django-ninja keeps docs/mkdocs.yml over docs/docs, FastAPI docs/<language>/mkdocs.yml
    # over docs/<language>/docs: init read the docs folder as plain Markdown with both configs
    # and, for FastAPI, every translation as pages of one version.
    for project, config in (("ninja", "docs"), ("fastapi", "docs/en"), ("fastapi", "docs/de")):
        (tmp_path / project / config / "docs").mkdir(parents=True)
        (tmp_path / project / config / "mkdocs.yml").write_text("site_name: Docs\n", "utf-8")
        (tmp_path / project / config / "docs" / "index.md").write_text("# Docs\n", "utf-8")
    surveys = {project: survey_project(tmp_path / project) for project in ("ninja", "fastapi")}
    assert [(s.kind, s.docs) for s in surveys.values()] == [
        ("mkdocs", "docs/docs"),
        ("mkdocs", "docs/en/docs"),
    ]
    assert "docs/en/mkdocs.yml: MkDocs, pages in docs/en/docs/" in surveys["fastapi"].found


def test_of_several_language_folders_the_one_served_at_the_sites_root_holds_the_docs(
    tmp_path: Path,
) -> None:
    # CTF Wiki is Chinese: docs/zh/mkdocs.yml serves https://ctf-wiki.org/, docs/en a few
    # translated pages under /en/, which init chose, English first, over the whole wiki.
    sites = {"en": "https://ctf-wiki.org/en/", "zh": "https://ctf-wiki.org/", "zh-tw": ""}
    for language, site_url in sites.items():
        (tmp_path / "docs" / language / "docs").mkdir(parents=True)
        config = f"site_name: CTF Wiki\nsite_url: {site_url}\n" if site_url else "INHERIT: x\n"
        (tmp_path / "docs" / language / "mkdocs.yml").write_text(config, "utf-8")
    assert survey_project(tmp_path).docs == "docs/zh/docs"


def test_a_sphinx_conf_in_the_source_folder_of_a_docs_subfolder_is_found(
    tmp_path: Path,
) -> None:
    # pvlib 0.16.1 (docs/sphinx/source/conf.py, sphinx-quickstart's separate source and build
    # folders under docs/sphinx): its 120 files were read as a folder of plain files, without
    # the conf.py's settings, toctree order, autosummary pages or gallery.
    conf = tmp_path / "docs" / "sphinx" / "source" / "conf.py"
    conf.parent.mkdir(parents=True)
    conf.write_text("project = 'pvlib'\nextensions = ['sphinx.ext.autosummary']\n")
    (conf.parent / "index.rst").write_text("pvlib\n=====\n")
    (tmp_path / "docs" / "tutorials").mkdir()
    (tmp_path / "docs" / "tutorials" / "notes.rst").write_text("Notes\n=====\n")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("sphinx", "docs/sphinx/source")


def test_a_sphinx_docs_folder_inside_another_folder_is_found(tmp_path: Path) -> None:
    # invoke 3.0.3 and fabric 3.2.3 (sites/docs/conf.py, sites/www/conf.py beside it): read
    # from the top as plain reST, their API pages' automodule directives lost the members
    # sites/docs/conf.py's autodoc_default_options asks for, and its default role.
    for site in ("docs", "www"):
        (tmp_path / "sites" / site).mkdir(parents=True)
        (tmp_path / "sites" / site / "conf.py").write_text('project = "Invoke"\n')
        (tmp_path / "sites" / site / "index.rst").write_text("Invoke\n======\n")
    # A build's copy, which sorts first, is not the docs.
    (tmp_path / "build" / "docs").mkdir(parents=True)
    (tmp_path / "build" / "docs" / "conf.py").write_text('project = "copy"\n')
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "invoke"\nversion = "3.0.3"\n')
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("sphinx", "sites/docs")
    # sites/www, the project's site (its changelog, FAQ, install pages), is a library too.
    assert [(site.id, site.docs) for site in survey.instances] == [("www", "sites/www")]
    write_starter_catalog(tmp_path)
    catalog = load_catalog(tmp_path / "docbuild.toml")
    assert [
        (library.id, [v.directory.name for v in library.versions if v.directory])
        for library in catalog.libraries
    ] == [
        ("invoke", ["docs"]),
        ("invoke-www", ["www"]),
    ]


def test_the_code_folder_setuptools_names_is_the_source_dir(tmp_path: Path) -> None:
    # PyLD 3.2.0: setup.py's package_dir={'': 'lib'}; init proposed no source_dir and its
    # MkDocs pages' 19 mkdocstrings blocks were 'not found in the code in .'.
    root = tmp_path / "PyLD"
    (root / "lib" / "pyld").mkdir(parents=True)
    (root / "lib" / "pyld" / "__init__.py").write_text('"""JSON-LD."""\n', encoding="utf-8")
    (root / "setup.py").write_text(
        "from setuptools import setup\n"
        "setup(name='PyLD', packages=['pyld'], package_dir={'': 'lib'})\n",
        encoding="utf-8",
    )
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# PyLD\n\n::: pyld\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: PyLD\n", encoding="utf-8")
    assert survey_project(root).source_dir == "lib"


def test_doc_builder_autodoc_lines_name_the_code_themselves(tmp_path: Path) -> None:
    # PEFT v0.20.0: docs/source/ names its objects in [[autodoc]] lines; init read its pages
    # as plain files naming no code and gave the whole package API pages of their own too.
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "lora"\nversion = "1.0"\n')
    (tmp_path / "src" / "lora").mkdir(parents=True)
    (tmp_path / "src" / "lora" / "__init__.py").write_text('"""Low-rank adapters."""\n')
    (tmp_path / "docs" / "source").mkdir(parents=True)
    page = tmp_path / "docs" / "source" / "config.md"
    page.write_text("# Config\n\nSet it.\n")
    assert survey_project(tmp_path).api == ("lora",)
    page.write_text("# Config\n\n[[autodoc]] config.LoraConfig\n    - to_dict\n")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.source_dir, survey.api) == ("docs", "src", ())
