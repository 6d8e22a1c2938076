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
