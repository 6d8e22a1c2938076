"""mdBook projects: book.toml names the pages' folder, SUMMARY.md the pages and their order."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.mdbook import find_mdbook_config, read_mdbook, summary_chapters
from builder.starter import render_catalog
from builder.survey import survey_project

SUMMARY = """\
# Summary

[Introduction](README.md)

# User guide

- [Installation](guide/install.md)
    - [From source](<guide/from source.md>)
- [`#[pyclass]` and friends](./class.md#top)
- [Coming soon]()
<!-- - [Hidden](hidden.md) -->

```md
- [Not a chapter](example.md)
```

---

[Changelog](changelog.md)
[Elsewhere](https://example.com/page.md)
"""


def make_book(root: Path, config: str = '[book]\ntitle = "Widget guide"\n') -> Path:
    """A book in root/guide: its pages in src/, one of them not in the summary."""
    book = root / "guide"
    pages = ("README.md", "guide/install.md", "guide/from source.md", "class.md", "changelog.md")
    for page in (*pages, "unlisted.md", "hidden.md", "example.md"):
        (book / "src" / page).parent.mkdir(parents=True, exist_ok=True)
        (book / "src" / page).write_text(f"# {page}\n", encoding="utf-8")
    (book / "src" / "SUMMARY.md").write_text(SUMMARY, encoding="utf-8")
    (book / "book.toml").write_text(config, encoding="utf-8")
    return book


def listed(directory: Path, project: str = "auto") -> tuple[str, list[str]]:
    version = VersionConfig("1.0", directory, None, None, (), (), None, None, project=project)
    layout, listing = project_listing(version)
    return layout.describe(), [c.relpath for c in listing.candidates]


def test_summary_chapters_in_order_with_drafts_counted() -> None:
    chapters, drafts = summary_chapters(SUMMARY)
    assert chapters == [
        ("README.md", "Introduction"),
        ("guide/install.md", "Installation"),
        ("guide/from source.md", "From source"),
        ("class.md", "#[pyclass] and friends"),
        ("changelog.md", "Changelog"),
    ]
    assert drafts == 1


def test_only_the_summarys_chapters_are_pages_in_its_order(tmp_path: Path) -> None:
    book = make_book(tmp_path)
    order = ["README.md", "guide/install.md", "guide/from source.md", "class.md", "changelog.md"]
    # The docs folder may be the book's src/ or the book's own folder.
    for directory in (book / "src", book):
        assert listed(directory) == ("mdbook from book.toml, 5 pages in its order", order)


def test_a_chapter_without_a_heading_is_titled_by_the_summary(tmp_path: Path) -> None:
    layout = read_mdbook(make_book(tmp_path) / "book.toml")
    assert layout.title_of("class.md") == "#[pyclass] and friends"
    assert layout.notes == ("SUMMARY.md: 1 draft chapter(s) without a file, left out",)


def test_book_src_names_the_pages_folder(tmp_path: Path) -> None:
    book = make_book(tmp_path, '[book]\nsrc = "pages"\n')
    (book / "src").rename(book / "pages")
    assert find_mdbook_config(book / "pages") == book / "book.toml"
    assert find_mdbook_config(book / "src") is None
    assert listed(book)[1][:2] == ["README.md", "guide/install.md"]


def test_a_summary_chapter_that_is_not_there_is_a_note(tmp_path: Path) -> None:
    book = make_book(tmp_path)
    (book / "src" / "changelog.md").unlink()
    version = VersionConfig("1.0", book, None, None, (), (), None, None, project="auto")
    layout, listing = project_listing(version)
    assert "SUMMARY.md names 1 page(s) that are not there: changelog.md" in layout.notes
    assert len(listing.candidates) == 4


def test_odd_configs_are_notes_with_the_defaults(tmp_path: Path) -> None:
    for config, note in (
        ("[book\n", "book.toml: not TOML"),
        ('[book]\nsrc = "../../elsewhere"\n', "book.toml: [book] src '../../elsewhere' leaves"),
        ("[book]\nsrc = 3\n", "book.toml: [book] src is not a folder name"),
    ):
        book = make_book(tmp_path / str(len(note)), config)
        layout = read_mdbook(book / "book.toml")
        assert layout.directory == book / "src"
        assert any(n.startswith(note) for n in layout.notes), layout.notes
        assert len(layout.order) == 5


def test_without_a_summary_every_markdown_file_is_a_page_in_path_order(tmp_path: Path) -> None:
    book = make_book(tmp_path)
    (book / "src" / "SUMMARY.md").unlink()
    description, pages = listed(book / "src", project="mdbook")
    assert description == "mdbook from book.toml, 0 pages in its order"
    assert pages[:2] == ["README.md", "changelog.md"] and "SUMMARY.md" not in pages
    assert len(pages) == 8


def test_init_proposes_the_books_pages(tmp_path: Path) -> None:
    make_book(tmp_path)
    (tmp_path / "tests" / "dummy_book").mkdir(parents=True)
    (tmp_path / "tests" / "dummy_book" / "book.toml").write_text("[book]\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.name) == ("mdbook", "guide/src", "Widget guide")
    assert "guide/book.toml: mdBook, pages in guide/src/ in the order of its SUMMARY.md" in (
        survey.found
    )
    catalog = render_catalog(survey)
    assert 'path = "guide/src"' in catalog and 'project = "mdbook"' in catalog


def test_a_line_that_is_no_link_is_no_chapter_however_long() -> None:
    # Backtracking through 40 code spans with no "]" took longer than any build (2**40 ways).
    assert summary_chapters("- [" + "`a`" * 40 + "\n- [x](" + "y " * 40 + "\n") == ([], 0)
