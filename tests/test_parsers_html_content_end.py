"""Tests for builder.parsers.html.content_end: a page parsed up to the end of its main content
gives the whole page's sections, and a cut that cannot be shown right is not taken."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from builder.errors import UnreadableDocument
from builder.model import ParsedFile
from builder.parsers.html import chrome_attributes, content_end, main_content, parser

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SIDEBAR = '<div class="sphinxsidebar"><h3>Navigation</h3><p>sidebar text</p></div>'


def _page(main: str, after: str = SIDEBAR, title: str = "<title>T</title>") -> str:
    return (
        f'<!DOCTYPE html>\n<html><head>{title}</head>\n<body>\n<div class="document">\n'
        f'<div class="body" role="main">\n{main}\n</div>\n</div>\n{after}\n</body></html>\n'
    )


def _whole_page_parse(text: str, relpath: str, monkeypatch: pytest.MonkeyPatch) -> ParsedFile:
    """What ``parse`` gives when it parses the whole page."""
    with monkeypatch.context() as patched:
        patched.setattr(parser, "load_main", lambda text, utf8: None)
        return parser.parse(text, relpath, text.encode())


def _cut(text: str) -> etree._Element | None:
    cut = content_end.load_main(text, text.encode())
    return None if cut is None else cut[0]


def test_a_page_is_read_up_to_the_end_of_its_main_content() -> None:
    main = '<h1>Title</h1>\n<div class="a"><div class="b"><p>one</p></div></div>\n<p>two</p>'
    cut = _cut(_page(main))
    assert cut is not None
    text = etree.tostring(cut.getroottree(), method="text", encoding="unicode")
    assert "two" in text and "sidebar text" not in text
    whole = main_content.load_document(_page(main))
    assert whole is not None
    # The same article, all but the text after it.
    assert etree.tostring(cut, with_tail=False) == etree.tostring(
        main_content.find_main(whole), with_tail=False
    )


@pytest.mark.parametrize(
    "relpath", sorted(str(p.relative_to(EXAMPLES)) for p in EXAMPLES.rglob("*.html"))
)
def test_the_example_pages_read_as_the_whole_page_reads(
    relpath: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (EXAMPLES / relpath).read_text(encoding="utf-8")
    assert _cut(text) is not None
    assert parser.parse(text, relpath, text.encode()) == _whole_page_parse(
        text, relpath, monkeypatch
    )


@pytest.mark.parametrize(
    "page",
    [
        # The end tag the count takes is in a script: the article is still open at the cut.
        _page('<p>one</p><script>var s = "</div>";</script><p>two</p>'),
        # A start tag in a comment makes the count run past the article's end: the page is
        # then cut after the sidebar's end tag, and the tree is still the whole page's.
        _page("<p>one</p><!-- <div> -->", after=SIDEBAR + "<div>after</div>"),
        # The <title> comes after the cut.
        _page("<p>one</p>", after="<svg><title>Icon</title></svg>", title=""),
        # No end tag closes the article.
        _page("<p>one</p>").replace("</div>\n</div>\n", ""),
    ],
)
def test_a_cut_that_cannot_be_shown_right_reads_as_the_whole_page(
    page: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert parser.parse(page, "page.html", page.encode()) == _whole_page_parse(
        page, "page.html", monkeypatch
    )


def test_a_cut_page_gives_the_bytes_it_parsed_and_its_chrome_goes_as_the_whole_pages() -> None:
    # The parsed bytes end with the article's end tag: the sidebar and footer after it, with
    # their navigation roles, are not searched for chrome no element of the tree can hold.
    main = (
        '<p>keep</p>\n<div role="navigation">nav</div>\n'
        '<div\n  ARIA-LABEL="breadcrumb">crumbs</div>'
    )
    page = _page(main, after=SIDEBAR + '\n<div role="search">after</div>')
    data = page.encode()
    cut = content_end.load_main(page, data)
    assert cut is not None
    article, parsed = cut
    assert data.startswith(parsed) and parsed.endswith(b"</div>")
    assert b"sidebar text" not in parsed and b"sidebar text" in data
    main_content.strip_chrome(article, parsed)
    text = etree.tostring(article, method="text", encoding="unicode")
    assert "keep" in text and "nav" not in text and "crumbs" not in text
    # Chrome after the cut on the article's last line: the whole page's lines may hold it,
    # the parsed bytes cannot, so the XPath is skipped.
    plain = (
        "<!DOCTYPE html>\n<html><head><title>T</title></head>\n<body>\n"
        '<div class="body" role="main"><p>keep</p></div><div role="search">x</div>\n'
        "</body></html>\n"
    )
    plain_cut = content_end.load_main(plain, plain.encode())
    assert plain_cut is not None
    assert chrome_attributes.may_hold_chrome_attributes(plain_cut[0], plain.encode())
    assert not chrome_attributes.may_hold_chrome_attributes(*plain_cut)


def test_the_count_fooled_by_a_script_leaves_the_cut_untaken() -> None:
    assert _cut(_page('<p>one</p><script>var s = "</div>";</script><p>two</p>')) is None


def test_a_page_without_a_title_before_the_cut_is_not_cut() -> None:
    assert _cut(_page("<p>one</p>", after="<svg><title>Icon</title></svg>", title="")) is None


def test_a_page_with_a_mark_of_a_generated_page_is_parsed_whole() -> None:
    # Sphinx's search page, its results' box after the main content: generated_page looks for
    # it in the whole tree.
    page = _page("<p>one</p>", after='<div id="search-results"></div>')
    with pytest.raises(UnreadableDocument):
        parser.parse(page, "search.html", page.encode())
