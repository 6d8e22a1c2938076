"""builder.projects.nextra and builder.survey_nextra: a Nextra site's pages are its pages
folder's, in the order of its _meta files."""

from __future__ import annotations

from pathlib import Path

from builder.projects.detect import read_project_layout
from builder.projects.nextra import read_nextra
from builder.survey import survey_project


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


SITE = {
    "docs/package.json": '{"dependencies": {"nextra": "^3.3.1"}}\n',
    "docs/README.md": "# Run the site\n\nyarn dev\n",
    "docs/components/alert.tsx": "export const Alert = () => null\n",
    "docs/pages/_meta.js": (
        "// the sidebar\nexport default {\n  index: 'Welcome',\n  announcements: 'News',\n"
        "  apis: { title: 'API', type: 'page' },\n  'gone': 'Not there',\n}\n"
    ),
    "docs/pages/announcements.mdx": "# Announcements\n",
    "docs/pages/index.mdx": "# Welcome\n",
    "docs/pages/features/pooling.mdx": "# Pooling\n",
    "docs/pages/apis/_meta.json": '{"client": "pg.Client", "pool": "pg.Pool"}',
    "docs/pages/apis/cursor.mdx": "# Cursor\n",
    "docs/pages/apis/pool.mdx": "# Pool\n",
    "docs/pages/apis/client.mdx": "Text without a heading.\n",
}


def test_a_nextra_site_s_pages_come_in_its_meta_files_order(tmp_path: Path) -> None:
    # node-postgres (Nextra 3) docs/: pages in path order (pg.Client after pg.Cursor, the
    # announcements not second) and the site's README.md a page -> its _meta files' order.
    _write(tmp_path, SITE)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("nextra", "docs/pages")
    assert "docs/package.json: Nextra, pages in docs/pages/ in the order of its _meta files" in (
        survey.found
    )
    layout = read_project_layout(tmp_path / "docs" / "pages", "auto", None, tmp_path)
    assert layout.kind == "nextra"
    assert layout.order == (
        "index.mdx",
        "announcements.mdx",
        "apis/client.mdx",
        "apis/pool.mdx",
        "apis/cursor.mdx",
        "features/pooling.mdx",
    )
    assert dict(layout.titles)["apis/client.mdx"] == "pg.Client"


def test_odd_meta_files_are_read_safely(tmp_path: Path) -> None:
    assert read_nextra(tmp_path) is None  # no _meta file
    odd = {
        "a/_meta.js": "export default {\n  'x': \"y, z\", `t`: 1, q: ['a', {b: 'c'}], r: 'R' }",
        "a/r.md": "# R\n",
        "a/q.md": "# Q\n",
        "b/_meta.ts": "export default { unclosed: 'str",
        "c/_meta.json": "{" * 200_000,
        "d/_meta.js": "no object at all",
    }
    _write(tmp_path, odd)
    layout = read_nextra(tmp_path / "a")
    assert layout is not None and layout.order == ("q.md", "r.md")
    assert dict(layout.titles) == {"r.md": "R"}
    for folder in "bcd":
        assert read_nextra(tmp_path / folder) is not None
    (tmp_path / "e").mkdir()
    (tmp_path / "e" / "_meta.json").write_bytes(b"{" + b" " * 3_000_000 + b"}")
    huge = read_nextra(tmp_path / "e")
    assert huge is not None and huge.notes  # too big: path order, said so
    (tmp_path / "a" / "loop").symlink_to(tmp_path / "a")
    looped = read_nextra(tmp_path / "a")
    assert looped is not None and looped.order == ("q.md", "r.md")  # a linked folder: no walk
