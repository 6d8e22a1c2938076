"""Jupyter Book projects: _toc.yml (Jupyter Book 1) or myst.yml's toc (mystmd) orders the pages."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.jupyter_book import read_jupyter_book, toc_order
from builder.survey import survey_project

TOC = """\
format: jb-book
root: intro
parts:
  - caption: Start
    chapters:
      - file: start/install
        sections:
          - file: start/first-steps
      - url: https://example.com
  - caption: Reference
    chapters:
      - glob: reference/*
      - file: gone
"""

MYST = """\
version: 1
project:
  exclude: [drafts/**]
  toc:
    - file: index.md
    - title: Guide
      children:
        - file: guide/b.md
        - pattern: guide/a*.md
"""

INCLUDE = ("**/*.md", "**/*.ipynb", "**/*.rst")


def write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def listed(directory: Path) -> tuple[tuple[str, ...], list[str]]:
    version = VersionConfig("1.0", directory, None, None, INCLUDE, (), None, None, project="auto")
    layout, listing = project_listing(version)
    return layout.notes, [c.relpath for c in listing.candidates]


def make_book(root: Path, config: str = "title: Book\n") -> Path:
    docs = root / "docs"
    write(
        docs,
        {
            "_toc.yml": TOC,
            "_config.yml": config,
            "intro.md": "# Intro\n",
            "start/install.md": "# Install\n",
            "start/first-steps.ipynb": '{"cells": [], "metadata": {}, "nbformat": 4}',
            "reference/b.rst": "B\n=\n",
            "reference/a.md": "# A\n",
            "aside.md": "# Aside\n",
            "shared/part.rst": "Included.\n",
            "_build/html/intro.md": "# Built\n",
        },
    )
    return docs


def test_toc_entries_resolve_to_the_pages_in_order() -> None:
    relpaths = ["a.md", "guide/x.ipynb", "guide/x.md", "ref/b.md", "ref/a.md"]
    entries = ["guide/x", "glob:ref/*", "a.md", "missing"]
    assert toc_order(entries, relpaths) == (
        ["guide/x.md", "ref/a.md", "ref/b.md", "a.md"],
        ["missing"],
    )


def test_a_jupyter_book_reads_in_its_toc_order(tmp_path: Path) -> None:
    docs = make_book(tmp_path, "exclude_patterns: [shared/*]\n")
    notes, pages = listed(docs)
    assert pages == [
        "intro.md",
        "start/install.md",
        "start/first-steps.ipynb",
        "reference/a.md",
        "reference/b.rst",
        "aside.md",
    ]
    assert "_toc.yml names 1 page(s) that are not there: gone" in notes
    assert "1 page(s) not in _toc.yml, listed after it: aside.md" in notes


def test_only_build_toc_files_leaves_the_other_pages_out(tmp_path: Path) -> None:
    docs = make_book(tmp_path, "only_build_toc_files: true\n")
    notes, pages = listed(docs)
    assert pages[-1] == "reference/b.rst" and "aside.md" not in pages
    assert any(n.startswith("2 page(s) not in _toc.yml, left out") for n in notes)


def test_a_myst_project_reads_in_its_toc_order(tmp_path: Path) -> None:
    pages = ("index.md", "guide/a1.md", "guide/a2.md", "guide/b.md", "drafts/x.md", "other.md")
    write(tmp_path, {"myst.yml": MYST, **{page: f"# {page}\n" for page in pages}})
    listed_pages = listed(tmp_path)[1]
    assert listed_pages == ["index.md", "guide/b.md", "guide/a1.md", "guide/a2.md", "other.md"]


def test_a_myst_yml_book_is_read_as_mystmd_reads_it(tmp_path: Path) -> None:
    # Jupyter Book 2 builds a myst.yml book with mystmd, whose directives differ from
    # MyST-Parser's (builder.parsers.markdown.flavor's MYSTMD); Jupyter Book 1's
    # _toc.yml book is Sphinx's.
    write(tmp_path / "two", {"myst.yml": MYST, "index.md": "# Index\n"})
    assert read_jupyter_book(tmp_path / "two" / "myst.yml").markdown_flavor == "mystmd"
    assert read_jupyter_book(make_book(tmp_path) / "_toc.yml").markdown_flavor == "sphinx"


def test_an_unreadable_toc_is_a_note_and_path_order(tmp_path: Path) -> None:
    (tmp_path / "_toc.yml").write_text("root: [unclosed\n", encoding="utf-8")
    layout = read_jupyter_book(tmp_path / "_toc.yml")
    assert layout.order == ()
    assert layout.notes == ("_toc.yml: not readable YAML; pages in path order",)


def test_aliases_that_nest_are_visited_within_the_bound(tmp_path: Path) -> None:
    # 40 references a level, 8 levels: 40**8 entries unbounded.
    lines = ["l0: &l0 [{file: a}]"]
    for k in range(1, 9):
        lines.append(f"l{k}: &l{k} [" + ", ".join([f"{{sections: *l{k - 1}}}"] * 40) + "]")
    lines.append("root: r\nchapters: *l8\n")
    (tmp_path / "_toc.yml").write_text("\n".join(lines), encoding="utf-8")
    layout = read_jupyter_book(tmp_path / "_toc.yml")
    assert layout.order == ("r", "a")
    assert layout.notes == ("_toc.yml: more than 20000 entries; the rest is not read",)


def test_init_recognises_a_jupyter_book(tmp_path: Path) -> None:
    make_book(tmp_path)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("jupyterbook", "docs")
    assert "docs/_toc.yml: Jupyter Book, pages in the order of its table of contents" in (
        survey.found
    )


def test_a_myst_yml_without_a_toc_over_language_books_is_read_in_english(tmp_path: Path) -> None:
    # Qamomile 0.13.0's docs/myst.yml lists no toc; docs/en/myst.yml and docs/ja/myst.yml are
    # the books. init read docs/ whole: both languages' 98 pages, none in a book's order.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "myst.yml").write_text("version: 1\nproject:\n  id: x\n", "utf-8")
    for language in ("ja", "en"):
        book = tmp_path / "docs" / language
        book.mkdir()
        (book / "myst.yml").write_text(MYST, "utf-8")
        (book / "index.md").write_text("# Home\n", "utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("jupyterbook", "docs/en")
    assert "docs/en/myst.yml: Jupyter Book, pages in the order of its table of contents" in (
        survey.found
    )
    # Without English, the first by name; a myst.yml with a toc is the book itself.
    (tmp_path / "docs" / "en").rename(tmp_path / "docs" / "zh")
    assert survey_project(tmp_path).docs == "docs/ja"
    (tmp_path / "docs" / "myst.yml").write_text(MYST, "utf-8")
    assert survey_project(tmp_path).docs == "docs"


def test_the_sphinx_template_and_static_folders_of_a_book_hold_no_pages(tmp_path: Path) -> None:
    # simphony 0.7.3's _config.yml gives Sphinx templates_path: ['_templates'], which Sphinx
    # reads no pages from: its 7 Jinja templates (_templates/autosummary/*.rst) were pages.
    config = (
        "title: Book\nsphinx:\n  config:\n    templates_path: ['_templates']\n"
        "    html_static_path: [static]\n"
    )
    docs = make_book(tmp_path, config)
    write(docs, {"_templates/autosummary/class.rst": "{{ fullname }}\n", "static/n.md": "# N\n"})
    _, relpaths = listed(docs)
    assert not [p for p in relpaths if p.startswith(("_templates/", "static/"))]
    assert "aside.md" in relpaths
    # Without the setting Sphinx reads them as pages, as the book's pages are.
    (docs / "_config.yml").write_text("title: Book\n", "utf-8")
    assert "_templates/autosummary/class.rst" in listed(docs)[1]
