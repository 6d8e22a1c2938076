"""builder.parsers.html.glossary_terms: a Sphinx glossary's terms as sections of their own."""

from __future__ import annotations

from builder.parsers.html.parser import parse

# As Sphinx 5 writes a glossary (the Python 3.11 docs' glossary.html, shortened).
GLOSSARY = (
    '<section id="glossary"><h1>Glossary<a class="headerlink" href="#glossary">¶</a></h1>'
    "<p>Terms used in these docs.</p>"
    '<dl class="glossary">'
    '<dt id="term-coroutine">coroutine<a class="headerlink" href="#term-coroutine">¶</a></dt>'
    "<dd><p>Coroutines are a more generalized form of subroutines.</p>"
    "<p>See also <a href='#term-GIL'>GIL</a>.</p></dd>"
    '<dt id="term-GIL">GIL</dt>'
    '<dt id="term-global-interpreter-lock">global interpreter lock</dt>'
    "<dd><p>The mechanism used by CPython to run one thread at a time.</p></dd>"
    "</dl>"
    "<h2 id='after'>After</h2><p>More text.</p>"
    "</section>"
)


def test_each_glossary_term_is_a_section_anchored_as_sphinx_anchors_it() -> None:
    sections = parse(GLOSSARY, "glossary.html").sections
    assert [(s.heading, s.anchor, s.level, s.heading_path) for s in sections] == [
        ("Glossary", "glossary", 1, ()),
        ("coroutine", "term-coroutine", 2, ("Glossary",)),
        ("GIL", "term-GIL", 2, ("Glossary",)),
        ("After", "after", 2, ("Glossary",)),
    ]
    bodies = [s.body for s in sections]
    assert bodies[0] == "Terms used in these docs."
    assert bodies[1] == "Coroutines are a more generalized form of subroutines.\n\nSee also GIL."
    # A term's synonyms lead its definition, so a search for either finds it.
    assert bodies[2] == (
        "global interpreter lock\n\nThe mechanism used by CPython to run one thread at a time."
    )


def test_a_definition_list_merely_classed_glossary_stays_a_list() -> None:
    # A hand-written list with the class but no term ids (not Sphinx's std:term) is text.
    page = '<h1 id="t">T</h1><dl class="glossary"><dt>word</dt><dd><p>Meaning.</p></dd></dl>'
    assert [s.heading for s in parse(page, "t.html").sections] == ["T"]


def test_a_term_with_no_text_is_named_by_its_id() -> None:
    page = (
        '<h1 id="g">G</h1><dl class="glossary"><dt id="term-0">'
        '<a class="headerlink" href="#term-0">¶</a></dt><dd><p>Nameless.</p></dd></dl>'
    )
    assert [(s.heading, s.anchor) for s in parse(page, "g.html").sections][1:] == [("0", "term-0")]


def test_a_glossary_in_a_list_or_a_note_stays_their_text() -> None:
    # As the reST reader reads one: sections opened inside a list item took the rest of the
    # item and lost the list's marks ('- Item.'); inside a note, its label's "Note: " line.
    terms = '<dl class="simple glossary"><dt id="term-alpha">alpha</dt><dd><p>A.</p></dd></dl>'
    page = (
        '<section id="t"><h1>T</h1><ul><li><p>Item.</p>' + terms + "<p>Item after.</p></li>"
        '</ul><div class="admonition note"><p class="admonition-title">Note</p>'
        "<p>Before.</p>" + terms + "</div></section>"
    )
    (section,) = parse(page, "t.html").sections
    assert section.body == (
        "- Item.\n  alpha\n    A.\n  Item after.\n\nNote: Before.\n\nalpha\n  A."
    )


def test_a_glossary_in_a_tab_stays_the_tab_text() -> None:
    # sphinx-design's tab-item, as a dropdown: its terms read under the tab's label, and the
    # tab's text after them and the next tab stay in their order, where term sections took
    # the terms out of the tab that names what they are for.
    terms = '<dl class="simple glossary"><dt id="term-alpha">alpha</dt><dd><p>A.</p></dd></dl>'
    page = (
        '<section id="t"><h1>T</h1><div class="sd-tab-set docutils">'
        '<input checked="checked" id="sd-tab-item-0" name="sd-tab-set-0" type="radio">'
        '<label class="sd-tab-label" for="sd-tab-item-0">Linux</label>'
        '<div class="sd-tab-content docutils"><p>Before.</p>' + terms + "<p>After.</p></div>"
        '<input id="sd-tab-item-1" name="sd-tab-set-0" type="radio">'
        '<label class="sd-tab-label" for="sd-tab-item-1">Windows</label>'
        '<div class="sd-tab-content docutils"><p>Other.</p></div></div></section>'
    )
    (section,) = parse(page, "t.html").sections
    assert section.body == "Linux\n\nBefore.\n\nalpha\n  A.\n\nAfter.\n\nWindows\n\nOther."
