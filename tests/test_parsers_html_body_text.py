"""Blocks of a built HTML page as text (builder.parsers.html.body_text): field lists."""

from __future__ import annotations

from builder.parsers.html.parser import parse


def _bodies(text: str) -> list[str]:
    return [s.body for s in parse(text, "p.html").sections]


def test_a_field_name_ends_in_a_colon_as_the_stylesheet_shows_it() -> None:
    # sortedcontainers 2.4.0's Debian HTML (Sphinx before 5) writes "<dt>Parameters</dt>" and
    # its basic.css adds the colon; the entries read "Parameters\n  value - ...", unlike the
    # "Parameters:" of newer Sphinx's pages and of the same docs read from their source.
    old = (
        '<h1>T</h1><dl class="field-list simple"><dt class="field-odd">Parameters</dt>'
        "<dd><p><strong>value</strong> – the value</p></dd>"
        '<dt class="field-even">Returns</dt><dd><p>index</p></dd></dl>'
    )
    assert _bodies(old) == ["Parameters:\n  value – the value\nReturns:\n  index"]
    new = old.replace("Parameters</dt>", 'Parameters<span class="colon">:</span></dt>')
    assert _bodies(new) == _bodies(old)
    # A definition list that is not a field list keeps its terms as written.
    plain = '<h1>T</h1><dl class="simple"><dt>term</dt><dd><p>text</p></dd></dl>'
    assert _bodies(plain) == ["term\n  text"]
    # An empty field name, or a field list of nothing, gives no stray colon.
    empty = '<h1>T</h1><p>x</p><dl class="field-list"><dt></dt><dd><p>y</p></dd><dt/></dl>'
    assert _bodies(empty) == ["x\n\n  y"]


def test_an_admonition_title_ending_a_sentence_gets_no_colon() -> None:
    # As the reST reader writes it (de4e5901): a built page's "Need more information?" read
    # "Need more information?:", and sphinx-immaterial's version notes, a title alone,
    # "Added in version 2020.08.14.beta5.:" (Furo 2025.12.19's docs so built: 27 sections).
    page = (
        '<div class="body" role="main"><h1 id="t">T</h1><div class="admonition versionadded">'
        '<p class="admonition-title"><span class="versionmodified added">Added in version 2.0.'
        '</span></p></div><div class="admonition hint"><p class="admonition-title">Need more '
        'information?</p><p>See the guide.</p></div><div class="admonition note"><p class='
        '"admonition-title">Note</p><p>Kept.</p></div></div>'
    )
    (section,) = parse(page, "t.html").sections
    assert section.body == (
        "Added in version 2.0.\n\nNeed more information? See the guide.\n\nNote: Kept."
    )
