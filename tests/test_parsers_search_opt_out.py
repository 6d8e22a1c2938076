"""Pages whose metadata leaves them out of their docs' search (builder.parsers.search_opt_out)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from builder.config import load_catalog
from builder.errors import UnreadableDocument
from builder.parsers import parse_file
from builder.parsers.markdown.parser import parse as parse_markdown
from builder.pipeline import build_site

# scikit-build-core 0.10.7's docs/man.md: the README included a second time, for man pages.
MAN_PAGE = "---\norphan:\nnosearch:\n---\n\n# Manual\n\nThe README again.\n"

OPTED_OUT = [
    ("man.rst", ":orphan:\n:nosearch:\n\nManual\n======\n\nThe README again.\n"),
    ("man.rst", ".. a comment\n   on two lines\n\n:nosearch: yes\n\nManual\n======\n\nText.\n"),
    # A target may stand above the docinfo, as docutils reads it (blocks.docinfo_may_follow).
    ("man.rst", ".. _manual:\n\n:nosearch:\n\nManual\n======\n\nText.\n"),
    ("man.md", MAN_PAGE),
    ("print.md", "---\ntitle: Print\nsearch:\n  exclude: true\n---\n\n# Print\n\nAll pages.\n"),
    ("print.md", "---\nsearch: {exclude: true}\n---\n\n# Print\n\nAll pages.\n"),
]

KEPT = [
    # A field named nosearch further down is the page's text, not its metadata.
    ("guide.rst", "Guide\n=====\n\n:nosearch: a field in the text\n"),
    # A directive, not a comment, above the field list: the list is no longer the page's top.
    ("guide.rst", ".. note::\n\n   Read me.\n\n:nosearch:\n\nGuide\n=====\n\nText.\n"),
    ("guide.md", "---\ntitle: Guide\nsearch:\n  boost: 2\n---\n\n# Guide\n\nText.\n"),
    ("guide.md", "---\ntitle: Guide\nsearch:\n  exclude: false\n---\n\n# Guide\n\nText.\n"),
    ("guide.md", "# Guide\n\n---\nnosearch: a thematic break above, not front matter\n---\n"),
]


@pytest.mark.parametrize(("relpath", "text"), OPTED_OUT)
def test_a_page_whose_metadata_says_nosearch_is_skipped(relpath: str, text: str) -> None:
    with pytest.raises(UnreadableDocument, match="nosearch"):
        parse_file(relpath, text)


@pytest.mark.parametrize(("relpath", "text"), KEPT)
def test_other_pages_are_read(relpath: str, text: str) -> None:
    parsed = parse_file(relpath, text)
    assert parsed is not None and parsed.sections


def test_an_included_file_with_nosearch_front_matter_is_still_read() -> None:
    # Only a page's own metadata counts: an included file's front matter is not the page's.
    parsed = parse_markdown("---\nnosearch:\n---\n\n# Part\n\nIncluded text.\n", "part.md")
    assert [s.body for s in parsed.sections] == ["Included text."]


def test_the_build_leaves_the_page_out_and_says_why(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Tool\n\nHow to use the tool.\n", encoding="utf-8")
    (docs / "man.md").write_text(MAN_PAGE, encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://t.invalid/"\n\n[[libraries]]\nid = "tool"\n'
        'name = "Tool"\n\n  [[libraries.versions]]\n  version = "1.0"\n  path = "docs"\n',
        encoding="utf-8",
    )
    report = build_site(load_catalog(tmp_path / "docbuild.toml"), tmp_path / "site")
    index = orjson.loads((tmp_path / "site" / "index.json").read_bytes())
    sections = index["entries"][0]["volumes"]["1.0"]["sections"]
    assert {s["source"] for s in sections} == {"index.md"}
    skipped = {(s.relpath, s.reason) for v in report.versions for s in v.skipped}
    assert ("man.md", "its metadata leaves it out of search (nosearch)") in skipped


def test_each_search_key_reads_only_the_lines_below_it() -> None:
    # Read in one pass: the rest of the front matter was scanned again for each "search:" key
    # (40,000 of them took seconds).
    from builder.parsers.search_opt_out import markdown_opts_out

    assert markdown_opts_out("search:\n  boost: 2\nsearch:\n  exclude: true\n")
    assert not markdown_opts_out("search:\n  boost: 2\ntitle: T\n  exclude: true\n")
    assert not markdown_opts_out("search:\n" * 40_000)
