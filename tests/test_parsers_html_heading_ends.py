"""builder.parsers.html.heading_ends: a heading ends where a browser ends it."""

from __future__ import annotations

from builder.parsers.html.heading_ends import matched_heading_ends
from builder.parsers.html.parser import parse


def test_a_heading_ends_at_any_heading_s_end_tag_or_the_next_heading() -> None:
    assert matched_heading_ends(b"<h2 align=center>Index</h1><p>x</p>") == (
        b"<h2 align=center>Index</h2><p>x</p>"
    )
    assert matched_heading_ends(b"<H2>A</h3>\n<h2>B<h2>\n<h3>C</H3>") == (
        b"<H2>A</h2>\n<h2>B</h2><h2>\n</h2><h3>C</H3>"
    )
    # Headings ended as they open, other tags and a heading left open at the end: unchanged.
    for page in (b"<h1>A</h1><h2 id=x>B</h2>", b"<header><hr><h1>A", b"</h2><h10>", b""):
        assert matched_heading_ends(page) is page


def test_sqlite_s_mismatched_headings_read_as_the_browser_shows_them() -> None:
    # sqlite3-doc 3.40.1's keyword index ('<h2 align=center>Keyword Index</h1>') was one
    # heading holding the whole index, its body the page's footer alone.
    page = (
        "<html><head><title>Keyword Index</title></head><body>\n"
        "<h2 align=center>Keyword Index</h1>\n<ul><li>ABORT</li></ul>\n"
        "<h2>2.0 Agreement<h2>\n<h3>2.1 Support</h3>\n<p>Answers.</p></body></html>"
    )
    sections = [(s.heading, s.body) for s in parse(page, "keyword_index.html").sections]
    assert ("Keyword Index", "- ABORT") in sections
    assert ("2.1 Support", "Answers.") in sections


def test_many_headings_are_mended_in_one_pass() -> None:
    page = b"<h2>x</h3>" * 200_000
    mended = matched_heading_ends(page)
    assert mended == b"<h2>x</h2>" * 200_000
