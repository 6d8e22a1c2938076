"""mkdocs-literate-nav's folder entries in mkdocs.yml's nav, read through its nav files."""

from __future__ import annotations

from pathlib import Path

from builder.projects import project_listing
from tests.test_projects_mkdocs import version

# As bump-my-version 0.28.1 lays its docs out: nav sections that name folders.
CONFIG = (
    "site_name: Demo\n"
    "plugins:\n  - search\n  - literate-nav:\n      nav_file: nav.md\n"
    "nav:\n"
    '  - Home: "index.md"\n'
    '  - Tutorials: "tutorials/"\n'
    '  - How Tos: "howtos/"\n'
    '  - Reference: "reference/"\n'
    '  - "CHANGELOG.md"\n'
)
PAGES = {
    "index.md": "# Home\n",
    "CHANGELOG.md": "# Changes\n",
    "tutorials/nav.md": "- [Getting Started](getting-started.md)\n- [Semantic](semver.md)\n",
    "tutorials/semver.md": "# Semantic\n",
    "tutorials/getting-started.md": "# Getting started\n",
    "howtos/nav.md": "- *.md\n",
    "howtos/calver.md": "# CalVer\n",
    "howtos/avoid.md": "# Avoid\n",
    "reference/hooks.md": "# Hooks\n",
    "reference/index.md": "# Reference\n",
    "reference/configuration/global.md": "# Global\n",
    "reference/configuration/index.md": "# Configuration\n",
}


def test_a_folder_in_nav_stands_for_the_pages_its_nav_file_lists(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for relpath, text in PAGES.items():
        path = tmp_path / "docs" / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    layout, listing = project_listing(version(tmp_path / "docs"))
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "tutorials/getting-started.md",
        "tutorials/semver.md",
        "howtos/avoid.md",
        "howtos/calver.md",
        "reference/index.md",
        "reference/configuration/index.md",
        "reference/configuration/global.md",
        "reference/hooks.md",
        "CHANGELOG.md",
        "howtos/nav.md",
        "tutorials/nav.md",
    ]
    # The folders were reported as pages that are not there.
    assert not any("not there" in note for note in layout.notes)
