"""builder.projects.package_changelog: the release notes at the top of a JavaScript project
are one more page of the docs site in a folder of it."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects.listing import project_listing
from builder.projects.package_changelog import package_changelog

CHANGELOG = """\
All major and minor releases are briefly explained below.

## pg@8.21.0

- Add `client.getTransactionStatus()`.

## pg@8.20.0

- Add an onConnect callback.

### pg-pool@3.5.0

- Add `pool.ending`.
"""

# node-postgres' layout: a Nextra site in docs/pages, its release notes at the top.
SITE = {
    "package.json": '{"name": "node-postgres", "private": true}\n',
    "CHANGELOG.md": CHANGELOG,
    "docs/package.json": '{"dependencies": {"nextra": "^3.3.1"}}\n',
    "docs/pages/_meta.json": '{"index": "Welcome", "announcements": "Announcements"}',
    "docs/pages/index.mdx": "# Welcome\n",
    "docs/pages/announcements.mdx": "# Announcements\n\n## pg@8.0 release\n",
    "docs/pages/apis/client.mdx": "# pg.Client\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def _pages(root: Path, docs: str, project: str = "auto") -> list[str]:
    version = VersionConfig(
        "1.0", root / docs, None, None, (), (), None, None, project=project, catalog_folder=root
    )
    return [c.relpath for c in project_listing(version)[1].candidates]


def test_the_release_notes_at_the_top_follow_the_site_s_pages(tmp_path: Path) -> None:
    # node-postgres (HEAD, Nextra in docs/pages): 109 sections without its CHANGELOG.md ->
    # 195, its 85 releases (pg@8.21.0 the one saying getTransactionStatus came).
    _write(tmp_path, SITE)
    assert _pages(tmp_path, "docs/pages") == [
        "index.mdx",
        "announcements.mdx",
        "apis/client.mdx",
        "CHANGELOG.md",
    ]
    # A plain folder is init's to read with its notes (an include glob of the top's file).
    assert "CHANGELOG.md" not in _pages(tmp_path, "docs/pages", project="none")


def test_notes_a_page_has_or_that_are_no_release_notes_are_not_added(tmp_path: Path) -> None:
    _write(tmp_path, SITE)
    docs = tmp_path / "docs" / "pages"
    pages = [("index.mdx", docs / "index.mdx")]
    assert package_changelog(docs, tmp_path, pages) is not None
    assert package_changelog(tmp_path, tmp_path, pages) is None  # the docs are the top
    shown = docs / "changes.mdx"
    shown.write_text("import Notes from '../../CHANGELOG.md'\n\n<Notes />\n")
    assert package_changelog(docs, tmp_path, [*pages, ("changes.mdx", shown)]) is None
    named = docs / "release-notes.md"
    named.write_text("# Release notes\n")
    assert package_changelog(docs, tmp_path, [*pages, ("release-notes.md", named)]) is None
    for stem in ("whats-new", "change-log", "History"):
        assert package_changelog(docs, tmp_path, [*pages, (f"{stem}.md", named)]) is None
    # A page whose name starts as release notes' does, on a topic of its own, shows none.
    for stem in ("release-process", "history-of-the-project", "changes_in_routing"):
        topic = (f"guides/{stem}.mdx", docs / "index.mdx")
        assert package_changelog(docs, tmp_path, [*pages, topic]) is not None
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n\n## 1.0.0\n\n## Unreleased\n")
    assert package_changelog(docs, tmp_path, pages) is None  # two headings, one release
    (tmp_path / "CHANGELOG.md").write_text(CHANGELOG)
    versioned = tmp_path / "website" / "versioned_docs" / "version-1.0"
    versioned.mkdir(parents=True)
    assert package_changelog(versioned, tmp_path, []) is None  # the top's are HEAD's notes
    (tmp_path / "package.json").unlink()
    assert package_changelog(docs, tmp_path, pages) is None  # no JavaScript project
