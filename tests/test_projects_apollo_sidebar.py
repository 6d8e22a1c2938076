"""Apollo's docs: init reads the docs/source folder whose _sidebar.yaml orders its pages
(builder.projects.apollo_sidebar), with the package's README and release notes."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.survey import survey_project

# Apollo Client 4.2.12's docs/source/_sidebar.yaml, cut down.
SIDEBAR = """\
switcher:
  heading: "Apollo Client (Web)"
  versions:
    - label: v4
      latest: true
      href: ./
    - label: v3
      href: ./v3
items:
  - label: Introduction
    href: "."
  - label: Get started
    href: ./get-started
  - label: Core concepts
    children:
      - label: Queries
        href: ./data/queries
      - label: Caching
        href: ./caching
  - label: Changelog
    href: https://github.com/apollographql/apollo-client/blob/main/CHANGELOG.md
"""

FILES = {
    "package.json": '{"name": "@apollo/client", "version": "4.2.12"}',
    "README.md": "# Apollo Client\n\nText.\n",
    "CHANGELOG.md": "# @apollo/client\n\n## 4.2.12\n\n- A fix.\n",
    "docs/README.md": "# How to write the docs\n",
    "docs/source/_sidebar.yaml": SIDEBAR,
    "docs/source/index.mdx": "# Introduction\n",
    "docs/source/get-started.mdx": "# Get started\n",
    "docs/source/caching/index.md": "# Caching\n",
    "docs/source/api/core/ApolloClient.mdx": "# ApolloClient\n",
    "docs/source/data/queries.mdx": "# Queries\n",
}


def _write(root: Path) -> None:
    for relpath, text in FILES.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def test_init_reads_the_folder_of_the_sidebar_with_the_packages_pages(tmp_path: Path) -> None:
    _write(tmp_path)
    survey = survey_project(tmp_path)
    assert survey.kind == "apollo"
    assert survey.include == (
        "/README.md",
        "/CHANGELOG.md",
        "docs/source/**/*.md",
        "docs/source/**/*.mdx",
    )
    assert "docs/source/_sidebar.yaml: Apollo's docs, pages in the order of its sidebar" in (
        survey.found
    )


def test_the_sidebar_orders_the_pages(tmp_path: Path) -> None:
    # Apollo Client 4.2.12: 97 pages in the sidebar's order, where its API reference came first.
    _write(tmp_path)
    config = VersionConfig(
        "4.2.12", tmp_path, None, None, survey_project(tmp_path).include, (), None, None,
        project="auto",
    )  # fmt: skip
    layout, listing = project_listing(config)
    assert (layout.kind, layout.config_file) == ("apollo", "docs/source/_sidebar.yaml")
    assert [c.relpath for c in listing.candidates] == [
        "docs/source/index.mdx",
        "docs/source/get-started.mdx",
        "docs/source/data/queries.mdx",
        "docs/source/caching/index.md",
        "README.md",
        "CHANGELOG.md",
        "docs/source/api/core/ApolloClient.mdx",
    ]
