"""A theme's Jinja templates shipped among built pages are skipped with their reason; pages
and fragments that show template code are read (builder.parsers.html.template_pages)."""

from __future__ import annotations

import pytest

from builder.errors import UnreadableDocument
from builder.parsers.html.parser import parse
from builder.parsers.html.template_pages import template_page


@pytest.mark.parametrize(
    "template",
    [
        # python-uvicorn-doc 0.17.6's overrides/partials/nav.html (MkDocs Material's), read as
        # a section "nav" whose text was its {% set %} and {% if %} statements.
        '<!-- Determine class according to configuration -->\n {% set class = "md-nav" %}\n'
        ' {% if "navigation.tabs" in features %}\n   {% set class = class ~ " lifted" %}\n'
        ' {% endif %}\n <nav class="{{ class }}" aria-label="{{ lang.t(\'nav.title\') }}">\n'
        "   <label>{{ config.site_name }}</label>\n </nav>\n",
        # Sphinx's _templates/layout.html, and a Jinja comment opening a partial.
        '{%- extends "!layout.html" %}\n{% block footer %}<p>Footer</p>{% endblock %}\n',
        '{# the site\'s banner #}\n<div class="banner">{{ message }}</div>\n',
    ],
)
def test_a_theme_template_is_skipped(template: str) -> None:
    with pytest.raises(UnreadableDocument, match="template of the site's theme"):
        parse(template, "overrides/partials/nav.html")


def test_pages_and_fragments_showing_template_code_are_read() -> None:
    # A fragment that shows Jinja in its code, a page opening with one but an <html> of its
    # own, and a page whose first text is a brace are pages.
    fragment = '<div class="note"><p>Write</p><pre>{% if user %}Hi{% endif %}</pre></div>'
    page = "{% raw %}<html><body><h1>Jinja</h1><p>Text.</p></body></html>"
    brace = "<h1>Sets</h1><p>{1, 2} is a set.</p>"
    for text in (fragment, page, brace):
        assert template_page(text) == ""
    assert "Text." in "\n".join(s.body for s in parse(page, "jinja.html").sections)


def test_hostile_starts_are_read_quickly() -> None:
    # An unclosed comment, thousands of comments, or a huge file of braces: no template, no hang.
    assert template_page("<!--" + " {%" * 200_000) == ""
    assert template_page("<!-- a -->" * 100_000 + "{% set x = 1 %}") == ""
    assert template_page("{" * 1_000_000) == ""
    assert template_page("") == ""
