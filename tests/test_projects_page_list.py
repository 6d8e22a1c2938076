"""A plain folder of Markdown pages ordered by the JSON or YAML file listing them
(builder.projects.page_list): Formik's docs/manifest.json, emotion's docs/docs.yaml."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.page_list import find_page_list
from builder.survey import survey_project

# Formik 2.4's docs/manifest.json, cut down: titles among the paths, a page from the project.
MANIFEST = """\
{"routes": [{"title": "Documentation", "heading": true, "routes": [
  {"title": "Getting Started", "path": "/docs/overview.md"},
  {"title": "Tutorial", "path": "/docs/tutorial.md"},
  {"title": "Guides", "open": true, "routes": [
    {"title": "Validation", "path": "/docs/guides/validation.md"}]},
  {"title": "API Reference", "routes": [
    {"title": "<Field />", "path": "/docs/api/field.md"}]}]}]}
"""
# emotion's docs/docs.yaml, cut down: pages by name, a package's name that is no page.
DOCS_YAML = """\
- title: Getting Started
  items:
    - introduction
    - css-prop
- title: Advanced
  items:
    - best-practices
    - '@emotion/react'
"""

FORMIK = {
    "package.json": '{"name": "formik", "version": "2.4.9"}',
    "README.md": "# Formik\n\nText.\n",
    "docs/manifest.json": MANIFEST,
    "docs/api/field.md": "# Field\n",
    "docs/guides/validation.md": "# Validation\n",
    "docs/overview.md": "# Overview\n",
    "docs/tutorial.md": "# Tutorial\n",
    "docs/examples.md": "# Examples\n",
}
EMOTION = {
    "docs/docs.yaml": DOCS_YAML,
    "docs/best-practices.mdx": "# Best practices\n",
    "docs/css-prop.mdx": "# The css prop\n",
    "docs/introduction.mdx": "# Introduction\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def _ordered(root: Path) -> list[str]:
    config = VersionConfig(
        "2.4.9", root, None, None, survey_project(root).include, (), None, None,
        project="auto",
    )  # fmt: skip
    layout, listing = project_listing(config)
    assert layout.kind == "markdown-listed"
    return [c.relpath for c in listing.candidates]


def test_init_reads_the_folder_in_the_order_of_its_list(tmp_path: Path) -> None:
    _write(tmp_path, FORMIK)
    survey = survey_project(tmp_path)
    assert survey.kind == "markdown-listed"
    assert "docs/manifest.json: a list of the pages, pages in its order" in survey.found


def test_a_manifest_of_paths_from_the_project_orders_the_pages(tmp_path: Path) -> None:
    # Formik 2.4.9: 32 of 35 pages in the manifest's order, where the API reference came first.
    _write(tmp_path, FORMIK)
    assert _ordered(tmp_path) == [
        "docs/overview.md",
        "docs/tutorial.md",
        "docs/guides/validation.md",
        "docs/api/field.md",
        "README.md",
        "docs/examples.md",
    ]


def test_a_list_of_page_names_orders_the_pages(tmp_path: Path) -> None:
    _write(tmp_path, EMOTION)
    assert find_page_list(tmp_path / "docs") == (
        "docs.yaml",
        ("introduction.mdx", "css-prop.mdx", "best-practices.mdx"),
    )


def test_a_workspace_package_s_name_in_the_list_names_its_readme(tmp_path: Path) -> None:
    # emotion (HEAD): docs/docs.yaml's "Packages" group lists '@emotion/react' ..., which its
    # site shows as packages/react/README.md; 11 such pages (4,216 words) were not read.
    _write(tmp_path, EMOTION)
    _write(
        tmp_path,
        {
            "package.json": (
                '{"name": "emotion-monorepo", "version": "10.0.0", "private": true,'
                ' "workspaces": ["packages/*"]}'
            ),
            "README.md": "# Emotion\n\nCSS in JS.\n",
            "packages/react/package.json": '{"name": "@emotion/react", "version": "11.14.0"}',
            "packages/react/README.md": "# @emotion/react\n\nSimple styling in React.\n",
            "packages/hash/package.json": '{"name": "@emotion/hash", "version": "0.9.2"}',
            "packages/hash/README.md": "# @emotion/hash\n\nUnlisted.\n",
        },
    )
    survey = survey_project(tmp_path)
    assert "/packages/react/README.md" in survey.include
    assert "/packages/hash/README.md" not in survey.include
    assert _ordered(tmp_path) == [
        "docs/introduction.mdx",
        "docs/css-prop.mdx",
        "docs/best-practices.mdx",
        "packages/react/README.md",
        "README.md",
    ]
    # From the docs folder alone, no workspace: the package's name names nothing.
    assert find_page_list(tmp_path / "docs") == (
        "docs.yaml",
        ("introduction.mdx", "css-prop.mdx", "best-practices.mdx"),
    )


def test_a_file_naming_few_of_the_pages_is_no_list(tmp_path: Path) -> None:
    files = {f"docs/page{n}.md": f"# Page {n}\n" for n in range(8)}
    files["docs/config.json"] = '{"home": "page1", "pages": ["page2", "page3"]}'
    files["docs/package.json"] = '{"files": ["page0.md", "page1.md", "page2.md", "page3.md"]}'
    _write(tmp_path, files)
    assert find_page_list(tmp_path / "docs") is None
    assert survey_project(tmp_path).kind == "markdown"


def test_an_unreadable_list_is_no_list(tmp_path: Path) -> None:
    files = {f"docs/page{n}.md": f"# Page {n}\n" for n in range(4)}
    files["docs/order.json"] = '["page0", "page1", '
    files["docs/order.yaml"] = "- page0\n- [page1\n"
    _write(tmp_path, files)
    assert find_page_list(tmp_path / "docs") is None
