"""builder.projects.layout's page order: what a project's tool names first, then path order with
each folder's front page (README, index) before the rest of the folder."""

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.layout import path_order_key


def test_a_plain_folder_opens_with_its_readme_not_its_changelog(tmp_path: Path) -> None:
    # httpx 0.28.1's source archive: CHANGELOG.md came first, so a question without a focus
    # was answered with about eighty release headings.
    files = {
        "CHANGELOG.md": "# Changelog\n\n## 0.28.1\n\nFixed.\n",
        "LICENSE.md": "Copyright.\n",
        "README.md": "# HTTPX\n\nA client.\n",
        "docs/advanced.md": "# Advanced\n",
        "docs/index.md": "# Docs\n",
        "docs/api/readme.rst": "API\n===\n",
        "docs/api/client.rst": "Client\n======\n",
        "docs-old.md": "# Old\n",
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    version = VersionConfig("1.0.0", tmp_path, None, None, (), (), None, None)
    _layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "README.md", "CHANGELOG.md", "LICENSE.md", "docs-old.md", "docs/index.md",
        "docs/advanced.md", "docs/api/readme.rst", "docs/api/client.rst",
    ]  # fmt: skip


def test_only_front_pages_move() -> None:
    assert path_order_key("guide/setup.md") == "guide/setup.md"
    assert path_order_key("guide/Index.rst") < path_order_key("guide/A.md")
    assert path_order_key("README.rst") < path_order_key("AUTHORS.md")
    assert path_order_key("readme-notes.md") == "readme-notes.md"
