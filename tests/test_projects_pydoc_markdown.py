"""Pydoc-Markdown projects: pydoc-markdown.yml's pages are the site's, its pages of API objects
documented from the code (builder.projects.pydoc_markdown)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson

from builder.cache import BuildCache
from builder.cached_stages import compile_version_cached
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.projects import project_listing
from builder.projects.pydoc_markdown import api_blocks
from builder.stages.read import read_version
from builder.starter import render_catalog
from builder.survey import survey_project

SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("odm", "ODM", "", (), None, None, (), ())
# beanie 2.1.0's pydoc-markdown.yml, cut down.
CONFIG = """\
loaders:
  - type: python
processors:
  - type: filter
  - type: smart
renderer:
  type: mkdocs
  mkdocs_config:
    site_name: ODM Documentation
    markdown_extensions:
      - pymdownx.superfences
  pages:
    - title: Overview
      name: index
      source: docs/index.md
    - title: Tutorial
      children:
        - title: Initialization
          source: docs/tutorial/init.md
    - title: API Documentation
      children:
        - title: Document
          contents:
            - odm.documents.*
        - title: Fields
          contents:
            - odm.fields.Link
"""
FILES = {
    "pyproject.toml": '[project]\nname = "odm"\nversion = "2.1.0"\n',
    "pydoc-markdown.yml": CONFIG,
    "docs/index.md": "# ODM\n\nAn ODM.\n",
    "docs/tutorial/init.md": "Call init first.\n",
    "docs/publishing.md": "# Publishing\n\nFor the maintainers.\n",
    "odm/__init__.py": "",
    "odm/documents.py": (
        '"""Documents."""\n\n\nclass Document:\n    """A stored document."""\n\n'
        '    async def insert(self):\n        """Insert the document."""\n'
    ),
    "odm/fields.py": (
        'class Link:\n    """A link to a document."""\n\n'
        '    def fetch(self):\n        """Fetch it."""\n\n\n'
        'class Other:\n    """Not on any page."""\n'
    ),
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def _version(root: Path) -> VersionConfig:
    # As docbuild init writes it: the docs folder, project "auto", the code at the top.
    return VersionConfig(
        "2.1.0", root / "docs", None, None, ("**/*.md",), (), None, None,
        catalog_folder=root, project="auto", source_dir=root,
    )  # fmt: skip


def test_globs_become_mkdocstrings_blocks() -> None:
    blocks, unread = api_blocks(["pkg.mod.*", "pkg.mod", "pkg.mod.Thing", "pkg.Cls", "pkg.*x"])
    assert blocks == (
        "::: pkg.mod\n    options:\n      show_submodules: true\n      docstring_style: auto\n"
        "\n::: pkg.Cls\n    options:\n      members: false\n      docstring_style: auto\n"
    )
    assert unread == ("pkg.*x",)
    # A search_path that is a package: the names are its modules'.
    assert api_blocks(["recipe.*"], "hpccm.")[0].startswith("::: hpccm.recipe\n")


def test_the_pages_list_orders_titles_and_writes_the_api_pages(tmp_path: Path) -> None:
    _write(tmp_path, FILES)
    layout, listing = project_listing(_version(tmp_path))
    assert (layout.kind, layout.config_file) == ("pydoc-markdown", "pydoc-markdown.yml")
    # Pydoc-Markdown builds only the pages it lists: publishing.md is none.
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "tutorial/init.md",
        "api-documentation/document.md",
        "api-documentation/fields.md",
    ]
    assert layout.title_of("tutorial/init.md") == "Initialization"
    assert layout.markdown_flavor == "mkdocs"
    assert layout.markdown_extensions == ("pymdownx.superfences",)


def test_the_api_pages_are_documented_from_the_code(tmp_path: Path) -> None:
    _write(tmp_path, FILES)
    with read_version(LIBRARY.id, _version(tmp_path), Path()) as files:
        result = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    records: list[dict[str, Any]] = [orjson.loads(record) for record in result.records]
    shown = {(r["source"], r["heading"]): r["body"] for r in records}
    page = "api-documentation/document.md"
    assert "Insert the document." in shown[page, "odm.documents.Document.insert"]
    assert "A link to a document." in shown["api-documentation/fields.md", "odm.fields.Link"]
    # The page names Link alone: not its methods, nor the module's other classes.
    headings = {heading for source, heading in shown if source.endswith("fields.md")}
    assert not {"odm.fields.Link.fetch", "odm.fields.Other"} & headings
    assert shown["tutorial/init.md", "Initialization"] == "Call init first."


def test_init_reads_the_folder_of_the_pages_without_an_api_key(tmp_path: Path) -> None:
    _write(tmp_path, FILES)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("pydoc-markdown", "docs")
    assert "pydoc-markdown.yml: Pydoc-Markdown, pages in docs/ in the order of its pages" in (
        survey.found
    )
    text = render_catalog(survey)
    assert 'project = "auto"' in text
    # Its pages document the code: no page of the whole package besides them.
    assert "api = " not in text


def test_init_reads_a_source_written_as_an_absolute_path(tmp_path: Path) -> None:
    # An absolute source inside the project was kept absolute: commonpath raised on it beside
    # a relative one, and alone it made the docs folder an absolute path.
    _write(tmp_path, FILES)
    config = tmp_path / "pydoc-markdown.yml"
    text = config.read_text(encoding="utf-8")
    first = re.search(r"source: (\S+)", text)
    assert first is not None
    absolute = (tmp_path / first.group(1)).as_posix()
    config.write_text(text.replace(first.group(0), f"source: {absolute}", 1), encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("pydoc-markdown", "docs")


def test_pages_deep_in_the_project_find_the_config_at_its_top(tmp_path: Path) -> None:
    # init takes the deepest folder holding every page; the build looked for the config two
    # folders above it only, and read the pages as plain Markdown in path order.
    deep = "site/content/en/docs/"
    files = {path.replace("docs/", deep): text for path, text in FILES.items()}
    files["pydoc-markdown.yml"] = CONFIG.replace("docs/", deep)
    _write(tmp_path, files)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("pydoc-markdown", deep.rstrip("/"))
    version = replace(_version(tmp_path), directory=tmp_path / deep)
    layout, listing = project_listing(version)
    assert (layout.kind, layout.config_file) == ("pydoc-markdown", "pydoc-markdown.yml")
    assert [c.relpath for c in listing.candidates][:2] == ["index.md", "tutorial/init.md"]
