"""A heading's anchor is the fragment its generator gave it, wherever that generator wrote it."""

from __future__ import annotations

from builder.parsers.html.parser import parse


def anchors(page: str) -> list[str]:
    return [section.anchor for section in parse(page, "p.html").sections]


def test_a_docbook_title_takes_the_id_of_the_division_its_titlepage_opens() -> None:
    # PostgreSQL 15's docs: none of 5042 section anchors named an element of its page.
    page = (
        '<div class="chapter" id="DATATYPE"><div class="titlepage"><div><div>'
        '<h2 class="title">Chapter 8. Data Types</h2></div></div></div><p>Types.</p>'
        '<div class="sect1" id="DATATYPE-NUMERIC"><div class="titlepage"><div><div>'
        '<h2 class="title">8.1. Numeric Types</h2></div></div></div><p>Numbers.</p></div></div>'
    )
    assert anchors(page) == ["DATATYPE", "DATATYPE-NUMERIC"]


def test_a_permalink_inside_the_heading_names_its_fragment() -> None:
    # Node.js writes "comparison-details_1" for a second heading of that text, and "--" for
    # the option "--": slugs would say "comparison-details-1" and "section".
    page = (
        '<h3>Comparison details<span><a class="mark" href="#comparison-details_1" '
        'id="comparison-details_1">#</a></span></h3><p>Deep.</p>'
        '<h3><code>--</code><span><a class="mark" href="#--" id="--">#</a></span></h3>'
        '<p>End of options.</p><h3>Not a permalink <a href="#elsewhere">see</a></h3><p>x</p>'
    )
    assert anchors(page) == ["comparison-details_1", "--", "not-a-permalink-see"]


def test_a_division_starting_with_the_heading_names_it() -> None:
    # DocBook's reference pages: <div class="refsect1" id="SQL-LOAD-DESCRIPTION"><h2>.
    page = (
        '<div class="refentry" id="SQL-LOAD"><div class="refsect1" id="SQL-LOAD-DESCRIPTION">'
        "<h2>Description</h2><p>Loads.</p></div>"
        '<div class="refsect1" id="X"><p>First a paragraph.</p><h2>Notes</h2><p>n</p></div></div>'
    )
    assert anchors(page) == ["SQL-LOAD-DESCRIPTION", "notes"]


def test_an_anchor_inside_the_heading_names_it() -> None:
    # SDL 2.26.5's Doxygen pages: 'Macros' is #define-members, 'Data Structures'
    # #nested-classes; 624 of its sections were anchored at slugs no element of the page has.
    page = (
        '<table class="memberdecls"><tr class="heading"><td colspan="2"><h2 class="groupheader">'
        '<a id="define-members" name="define-members"></a>Macros</h2></td></tr>'
        "<tr><td>#define SDL_LIL_ENDIAN 1234</td></tr></table>"
        '<h2><span class="refentrytitle"><a name="glib-Arrays.top_of_page"></a>Arrays</span></h2>'
        '<p>Arrays of elements.</p><h2><a name="install">Install</a></h2><p>pip.</p>'
        '<h2><a href="https://example.invalid/" id="link">Linked</a></h2><p>a link, no target</p>'
    )
    assert anchors(page) == ["define-members", "glib-Arrays.top_of_page", "install", "linked"]


def test_a_permalink_showing_a_zero_width_space_leaves_the_heading() -> None:
    # VitePress (markdown-it-anchor's a.header-anchor): every heading of its pages read
    # "Usage \u200b", the heading path and the search's titles with it.
    page = (
        '<main><div class="vp-doc"><h1 id="clients" tabindex="-1">Clients <a class="header-'
        'anchor" href="#clients" aria-label="Permalink to &quot;Clients&quot;">&#8203;</a></h1>'
        '<p>Use a client.</p><h2 id="usage" tabindex="-1">Usage <a class="header-anchor" '
        'href="#usage">&#8203;</a></h2><p>With it.</p></div></main>'
    )
    sections = parse(page, "clients.html").sections
    assert [(s.heading, s.anchor, s.heading_path) for s in sections] == [
        ("Clients", "clients", ()),
        ("Usage", "usage", ("Clients",)),
    ]
