"""builder.parsers.html.parser on pages it may choke on: malformed or deeply nested HTML, huge
lines, any charset, lone surrogates."""

from __future__ import annotations

from builder.parsers.html.parser import parse
from tests.html_support import bodies


def test_malformed_html_degrades() -> None:
    page = "<h1>Title<p>para <b>bold <i>both</p><h2>Sub</h2><ul><li>a<li>b</ul><td>stray"
    parsed = parse(page, "bad.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Title", "para bold both"),
        ("Sub", "- a\n- b\n\nstray"),
    ]


def test_robustness_inputs() -> None:
    assert parse("", "e.html").sections == ()
    assert parse(" \n\t", "e.html").sections == ()
    junk = parse("\x01\x02 binary \x7f junk <<<>>> &&&", "junk.html")
    assert [(s.heading, s.body) for s in junk.sections] == [
        ("junk", "\x01\x02 binary \x7f junk <<<>>> &&&")
    ]
    xml = '<?xml version="1.0" encoding="utf-8"?><html><body><h1>X</h1><p>y</p></body></html>'
    assert bodies(xml) == ["y"]
    head_only = parse("<html><head><title>Only — X docs</title><style>p{}</style></head>", "h.html")
    assert (head_only.title, head_only.sections) == ("Only", ())


def test_fifty_deep_nesting_keeps_headings() -> None:
    page = "<h1>Top</h1>" + "<div>" * 50 + "<h2>Deep</h2><p>deep text</p>" + "</div>" * 50
    assert [(s.heading, s.heading_path, s.body) for s in parse(page, "d.html").sections] == [
        ("Top", (), ""),
        ("Deep", ("Top",), "deep text"),
    ]


def test_nesting_lxml_refuses_falls_back_to_text_with_warning() -> None:
    page = "<h1>Top</h1>" + "<div>" * 3000 + "<p>deep text</p>" + "</div>" * 3000
    parsed = parse(page, "d.html")
    assert [w.where for w in parsed.warnings] == ["d.html:1"]
    assert [(s.heading, s.body) for s in parsed.sections] == [("d", "Top\ndeep text")]


def test_huge_heading_and_huge_line() -> None:
    heading = "word " * 2000
    parsed = parse(f"<h1>{heading}</h1><p>{'lorem ipsum ' * 100_000}</p>", "h.html")
    (section,) = parsed.sections
    assert section.heading == heading.strip()
    assert section.anchor == "word-" * 15 + "word"
    assert section.body == ("lorem ipsum " * 100_000).strip()


def test_text_is_read_as_decoded_whatever_charset_the_page_names() -> None:
    # The page reaches libxml2 as UTF-8 bytes: a charset in its markup must not re-decode them.
    page = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'
        '<meta charset="windows-1252"></head>'
        "<body><h1>Café — 中文</h1><p>naïve &amp; ½ ¶ \u00a0x</p></body></html>"
    )
    (section,) = parse(page, "c.html").sections
    assert (section.heading, section.body) == ("Café — 中文", "naïve & ½ ¶ \u00a0x")


def test_a_page_given_with_its_utf8_is_read_from_those_bytes() -> None:
    page = "<html><head><title>T — X docs</title></head><body><h1>Café</h1><p>½ ¶</p></body></html>"
    assert parse(page, "u.html", page.encode()) == parse(page, "u.html")
    # The bytes are what libxml2 reads; the text is kept for what lxml cannot parse.
    (section,) = parse(page, "u.html", page.replace("½", "¼").encode()).sections
    assert (section.heading, section.body) == ("Café", "¼ ¶")
    # An XML declaration is cut from the text, so the bytes no longer match it and are not read.
    declared = '<?xml version="1.0" encoding="utf-8"?>' + page
    assert parse(declared, "u.html", b"<h1>Other</h1>") == parse(page, "u.html")


def test_a_lone_surrogate_is_read_as_text_with_a_warning() -> None:
    # Such a str has no UTF-8 form (no decoded file holds one); it still parses as a str.
    parsed = parse("<html><body><h1>T</h1><p>a \ud800 b</p></body></html>", "s.html")
    assert [w.message for w in parsed.warnings] == [
        "HTML too malformed or deeply nested; read as text"
    ]
    assert [s.body for s in parsed.sections] == ["T\na \ud800 b"]
