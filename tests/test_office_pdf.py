"""PDF sources: pages as line ranges, headings from the outline or the fonts, bad PDFs skipped."""

from pathlib import Path

import pytest

from builder.errors import UnreadableDocument
from builder.parsers.office import parse_document
from builder.parsers.office.pdf import ENCRYPTED, NO_TEXT_LAYER
from builder.parsers.office.pdf_fonts import FontLine, font_headings
from builder.permalinks import page_path, upstream_link
from tests.office_support import make_pdf, make_scanned_pdf

EXAMPLE_PDF = Path(__file__).parent.parent / "examples" / "lcms" / "2.14" / "plugin-api.pdf"
WORDS = ("Alpha", "Bravo", "Charlie", "Delta")
BODY = "Body text that is long enough to count as the body of this page."


def test_outline_heads_sections_and_lines_are_pages() -> None:
    pdf = make_pdf(
        [
            [("Welcome to the guide", 11, False), (BODY, 11, False)],
            [(BODY, 11, False)],
            [("Setup", 11, False), ("Run the installer first.", 11, False)],
        ],
        outline=[("Overview", 0), ("Setup", 2)],
    )
    sections = parse_document("guide.pdf", pdf).sections
    assert [(s.heading, s.line_start, s.line_end) for s in sections] == [
        ("Overview", 1, 2),
        ("Setup", 3, 3),
    ]
    assert {s.source for s in sections} == {"guide.pdf#page"}
    # The bookmark's title is found on its page and not repeated in the body.
    assert sections[1].body == "Run the installer first."
    assert sections[0].body.startswith("Welcome to the guide\n")


def test_font_sizes_and_bold_give_heading_levels() -> None:
    pdf = make_pdf(
        [
            [("User Guide", 24, False), (BODY, 11, False), (BODY, 11, False)],
            [("Install", 16, False), (BODY, 11, False), ("Options", 11, True), (BODY, 11, False)],
        ]
    )
    sections = parse_document("guide.pdf", pdf).sections
    assert [(s.heading, s.heading_path, s.line_start) for s in sections] == [
        ("User Guide", (), 1),
        ("Install", ("User Guide",), 2),
        ("Options", ("User Guide", "Install"), 2),
    ]


def test_a_pdf_with_no_cues_gets_a_section_per_page() -> None:
    pdf = make_pdf([[(BODY, 11, False)], [(BODY, 11, False)]])
    sections = parse_document("plain.pdf", pdf).sections
    assert [(s.heading, s.line_start, s.line_end) for s in sections] == [
        ("Page 1", 1, 1),
        ("Page 2", 2, 2),
    ]


def test_bold_sentences_and_links_are_not_headings() -> None:
    lines = [
        FontLine(BODY, 11, False),
        FontLine("Note this well.", 11, True),
        FontLine("http://www.example.org", 11, True),
        FontLine("Configuration", 11, True),
    ]
    assert font_headings([lines]) == [{"configuration": 1}]


def test_a_scanned_pdf_is_skipped_for_want_of_a_text_layer() -> None:
    with pytest.raises(UnreadableDocument) as caught:
        parse_document("scan.pdf", make_scanned_pdf())
    assert str(caught.value) == NO_TEXT_LAYER == "no text layer (needs OCR)"


def test_an_encrypted_pdf_is_skipped_with_its_reason() -> None:
    pdf = make_pdf([[(BODY, 11, False)]], password="secret")
    with pytest.raises(UnreadableDocument) as caught:
        parse_document("locked.pdf", pdf)
    assert str(caught.value) == ENCRYPTED


def test_a_pdf_encrypted_with_an_empty_password_is_read() -> None:
    pdf = make_pdf([[(BODY, 11, False)]], password="")
    assert parse_document("open.pdf", pdf).sections[0].body == BODY


def test_bytes_that_are_no_pdf_are_skipped() -> None:
    with pytest.raises(UnreadableDocument, match="not a readable PDF"):
        parse_document("broken.pdf", b"%PDF-1.4 nothing else")


def test_the_example_manual_reads_its_headings_from_fonts() -> None:
    parsed = parse_document("plugin-api.pdf", EXAMPLE_PDF.read_bytes())
    by_heading = {s.heading: s for s in parsed.sections}
    memory = by_heading["Memory management plugin"]
    assert (memory.line_start, memory.line_end) == (12, 14)
    assert memory.heading_path == ("Plug-in API 2.14",)
    assert "cmsPluginMemHandler" in memory.body
    assert by_heading["VEC3 vectors"].heading_path[-1] == "Vector & Matrix API"


def test_without_the_extra_a_pdf_is_skipped_with_the_install_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "pypdf", None)
    with pytest.raises(UnreadableDocument) as caught:
        parse_document("manual.pdf", b"%PDF-1.4")
    assert str(caught.value) == "install doctrove[office] to read .pdf files"


def test_running_headers_go_but_the_heading_they_repeat_stays() -> None:
    pages = [
        [
            (f"{n} Wiring", 9, False),
            *([("Wiring", 16, True)] if n == 1 else []),
            (f"{BODY} {word}.", 11, False),
        ]
        for n, word in enumerate(WORDS, start=1)
    ]
    (section,) = parse_document("manual.pdf", make_pdf(pages)).sections
    assert (section.heading, section.line_start, section.line_end) == ("Wiring", 1, 4)
    assert section.body == "\n\n".join(f"{BODY} {word}." for word in WORDS)


def test_links_of_pdf_sections_name_the_file() -> None:
    assert page_path("guide/manual.pdf#page") == "guide/manual.html"
    link = upstream_link("https://x.example/{source}#page={line}", "a", "1", "m.pdf#page", "s", 3)
    assert link == "https://x.example/m.pdf#page=3"
