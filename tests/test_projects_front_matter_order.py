"""A plain folder of Markdown pages ordered by its pages' front matter numbers
(builder.projects.front_matter_order): jotai's nav."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.front_matter_order import find_front_matter_order
from builder.survey import survey_project

# jotai 2.19's docs: every page numbered by its front matter's nav, folders by their pages.
JOTAI = {
    "package.json": '{"name": "jotai", "version": "2.19.1"}',
    "README.md": "# Jotai\n",
    "docs/index.mdx": "---\ntitle: Introduction\nnav: 0\n---\n\nText.\n",
    "docs/basics/concepts.mdx": "---\ntitle: Concepts\nnav: 7.01\n---\n",
    "docs/core/use-atom.mdx": "---\ntitle: useAtom\nnav: 2.02\n---\n",
    "docs/core/atom.mdx": "---\ntitle: atom\nnav: 2.01\n---\n",
    "docs/guides/nextjs.mdx": "---\ntitle: Next.js\nnav: 8.10\n---\n",
    "docs/guides/typescript.mdx": "---\ntitle: TypeScript\nnav: 8.02\n---\n",
    "docs/guides/draft.mdx": "---\ntitle: Draft\n---\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def test_front_matter_numbers_order_the_pages(tmp_path: Path) -> None:
    # jotai 2.19.1: 68 of 68 pages next to the page the site puts next, 3 in path order.
    _write(tmp_path, JOTAI)
    survey = survey_project(tmp_path)
    assert survey.kind == "markdown-ordered"
    assert "docs/: Markdown files, in the order of their front matter's nav" in survey.found
    config = VersionConfig(
        "2.19.1", tmp_path, None, None, survey.include, (), None, None, project="auto"
    )
    layout, listing = project_listing(config)
    assert layout.kind == "markdown-ordered"
    assert [c.relpath for c in listing.candidates] == [
        "docs/index.mdx",
        "docs/core/atom.mdx",
        "docs/core/use-atom.mdx",
        "docs/basics/concepts.mdx",
        "docs/guides/typescript.mdx",
        "docs/guides/nextjs.mdx",
        "docs/guides/draft.mdx",
        "README.md",
    ]


def test_numbers_on_few_pages_give_no_order(tmp_path: Path) -> None:
    files = {f"docs/page{n}.md": f"# Page {n}\n" for n in range(6)}
    files["docs/page5.md"] = "---\norder: 1\n---\n"
    files["docs/page4.md"] = "---\norder: 2\n---\n"
    _write(tmp_path, files)
    assert find_front_matter_order(tmp_path / "docs") is None
    assert survey_project(tmp_path).kind == "markdown"


def test_a_jekyll_site_in_its_pages_order_keeps_its_html_pages(tmp_path: Path) -> None:
    # just-the-docs numbers a Jekyll site's pages by nav_order.
    files = {f"docs/page{n}.md": f"---\nnav_order: {5 - n}\n---\n# Page {n}\n" for n in range(4)}
    files["docs/_config.yml"] = "title: Site\n"
    files["docs/_layouts/default.html"] = "<html>{{ content }}</html>\n"
    files["docs/about.html"] = "---\n---\n<h1>About</h1>\n"
    _write(tmp_path, files)
    survey = survey_project(tmp_path)
    assert survey.kind == "markdown-ordered"
    assert "docs/: Markdown files, in the order of their front matter's nav_order" in survey.found
    assert "**/*.html" in survey.include


def test_a_sphinx_project_keeps_its_toctree_order(tmp_path: Path) -> None:
    # MyST pages numbered for another site: the conf.py beside them says Sphinx orders them.
    files = {f"page{n}.md": f"---\norder: {9 - n}\n---\n# Page {n}\n" for n in range(4)}
    files["index.md"] = "# Home\n\n```{toctree}\npage0\npage1\npage2\npage3\n```\n"
    files["conf.py"] = "project = 'numbered'\nextensions = ['myst_parser']\n"
    _write(tmp_path, files)
    config = VersionConfig(
        "1.0", tmp_path, None, None, ("**/*.md",), (), None, None, project="auto"
    )
    layout, listing = project_listing(config)
    assert layout.kind == "sphinx"
    assert [c.relpath for c in listing.candidates][:5] == [
        "index.md",
        "page0.md",
        "page1.md",
        "page2.md",
        "page3.md",
    ]
