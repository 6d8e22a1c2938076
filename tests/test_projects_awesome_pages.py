"""mkdocs-awesome-pages' .pages files: the order and titles they give a config without a nav."""

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing


def _project(root: Path, files: dict[str, str]) -> VersionConfig:
    (root / "mkdocs.yml").write_text("site_name: Demo\nplugins:\n  - awesome-pages\n", "utf-8")
    for relpath, text in files.items():
        (root / "docs" / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / relpath).write_text(text, encoding="utf-8")
    return VersionConfig("1.0.0", root / "docs", None, None, (), (), None, None)


def test_pages_files_order_and_title_the_pages(tmp_path: Path) -> None:
    # PyRenew: its root .pages lists the reference before the developer notes, and leaves
    # the index out of the nav; MkDocs' own order put the index and the notes first.
    version = _project(
        tmp_path,
        {
            ".pages": "nav:\n  - reference\n  - Developer notes: developer.md\n",
            "index.md": "# Home\n",
            "developer.md": "Notes.\n",
            "reference/.pages": "nav:\n  - model.md\n  - ...\n",
            "reference/arrays.md": "# Arrays\n",
            "reference/model.md": "# Model\n",
            "reference/time.md": "# Time\n",
        },
    )
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "reference/model.md", "reference/arrays.md", "reference/time.md", "developer.md",
        "index.md",
    ]  # fmt: skip
    assert layout.title_of("developer.md") == "Developer notes"
    assert layout.notes == ("1 page(s) not in nav, listed after it: index.md",)


def test_without_pages_files_mkdocs_order_stands(tmp_path: Path) -> None:
    version = _project(tmp_path, {"b.md": "# B\n", "index.md": "# I\n", "a/x.md": "# X\n"})
    _, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "b.md", "a/x.md"]
