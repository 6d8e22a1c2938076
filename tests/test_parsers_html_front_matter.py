"""builder.parsers.html.front_matter: an HTML page's YAML front matter is not its text, and
its title names the page."""

from __future__ import annotations

from builder.parsers.html.front_matter import split_front_matter
from builder.parsers.html.parser import parse

PAGE = (
    "---\nlayout: v2\ntitle: Documentation\nbodyclass: api-page\n---\n\n"
    "<h2>Leaflet API reference</h2>\n\n<p>This reference reflects Leaflet.</p>\n"
    "<h3 id='map'>Map</h3>\n<p>The central class.</p>\n"
)


def test_front_matter_is_no_text_and_its_title_names_the_page() -> None:
    # Leaflet 2.0.0-alpha.1's docs/reference.html: its first section was
    # "--- layout: v2 title: Documentation bodyclass: api-page ---", the page titled
    # "reference"; 2 front matter texts in its HTML pages -> 0.
    parsed = parse(PAGE, "docs/reference.html")
    assert parsed.title == "Documentation"
    assert [(s.heading, s.body, s.line_start) for s in parsed.sections] == [
        ("Leaflet API reference", "This reference reflects Leaflet.", 7),
        ("Map", "The central class.", 10),
    ]
    assert all("layout" not in s.body for s in parsed.sections)


def test_odd_front_matter_is_read_as_it_stands() -> None:
    assert split_front_matter("<p>x</p>") == ("", "<p>x</p>")
    assert split_front_matter("---\n<p>no end</p>\n") == ("", "---\n<p>no end</p>\n")
    assert split_front_matter("---\ntitle: T\n---") == ("T", "\n\n")
    assert split_front_matter("---\n\n---\n<p>x</p>") == ("", "\n\n\n<p>x</p>")
    huge = "---\n" + "k: v\n" * 200_000 + "---\n<h1>Big</h1>\n"
    title, text = split_front_matter(huge)
    assert (
        title == "" and text.endswith("\n<h1>Big</h1>\n") and text.count("\n") == huge.count("\n")
    )
    assert parse("---\n\n---\n", "empty.html").sections == ()
