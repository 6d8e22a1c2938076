"""A page's head is read once and asked which generators it names, by one rule: the page up
to its first ``</head>``, or all of a page without one (builder.parsers.html.page_head)."""

from __future__ import annotations

from builder.parsers.html import page_head
from builder.parsers.html.generator_entries import built_by_sphinx
from builder.parsers.html.page_head import PageHead, read_head

# One page of each generator whose marks are looked for only where its head names it.
_HEADS = {
    page_head.SPHINX: '<script src="_static/documentation_options.js"></script>',
    page_head.TEXINFO: '<meta name="Generator" content="makeinfo">',
    page_head.DOXYGEN: '<link href="doxygen.css" rel="stylesheet" type="text/css"/>',
    page_head.GTK_DOC: '<meta name="generator" content="GTK-Doc V1.33.1 (XML mode)">',
    page_head.DOCBOOK_XSL: '<meta name="generator" content="DocBook XSL Stylesheets V1.79.1">',
    page_head.PYDOCTOR: '<meta name="generator" content="pydoctor 25.10.1">',
    page_head.PLOT_DIRECTIVE: '<link rel="stylesheet" href="_static/plot_directive.css" />',
}


def test_the_head_is_the_page_up_to_its_end_tag() -> None:
    page = "<html><head><title>T</title></head><body><p>x</p></body></html>"
    assert read_head(page) == PageHead("<html><head><title>T</title>", closed=True)
    # HTML lets the end tag be left out: then the whole page is the head.
    assert read_head("<title>T</title><p>x") == PageHead("<title>T</title><p>x", closed=False)
    assert read_head("") == PageHead("", closed=False)


def test_each_generator_is_named_by_its_own_head_alone() -> None:
    for marks, tag in _HEADS.items():
        head = read_head(f"<html><head>{tag}</head><body><p>x</p></body></html>")
        assert [named for named in _HEADS if head.names(named)] == [marks], tag
        # The same tag written in the article names nothing.
        article = read_head(f"<html><head><title>T</title></head><body>{tag}</body></html>")
        assert not any(article.names(named) for named in _HEADS), tag
        # A page that never closes its head is searched whole.
        assert read_head(f"<html><title>T</title>{tag}<p>x</p>").names(marks), tag


def test_only_a_closed_head_says_sphinx() -> None:
    # A page with no head end naming Sphinx's script in its text is not taken for Sphinx's.
    sphinx = _HEADS[page_head.SPHINX]
    assert built_by_sphinx(read_head(f"<html><head>{sphinx}</head><body></body></html>"))
    assert not built_by_sphinx(read_head("<p>Override <code>documentation_options</code></p>"))
    assert not built_by_sphinx(read_head(f"<html><head>{sphinx}<body></body></html>"))
