"""builder.pages_sections: a page's sections and a version's contents as escaped HTML."""

from __future__ import annotations

from builder.pages_layout import PageView, SectionView
from builder.pages_sections import contents_html, sections_html


def _section(**changes: object) -> SectionView:
    fields: dict[str, object] = {
        "heading": "Use <b> & 'quotes'",
        "heading_path": ("Guide", "A > B"),
        "anchor": "use-b",
        "body": "Text with `code`.",
        "source": "guide.md",
        "lines": (3, 9),
        "upstream": None,
    }
    fields.update(changes)
    return SectionView(**fields)  # type: ignore[arg-type]


def _page(*sections: SectionView, sources: tuple[str, ...] = ("index.md",)) -> PageView:
    return PageView("guide.html", "Guide", sources, sections)


def test_a_section_with_its_trail_origin_and_body() -> None:
    html = sections_html(_page(_section()), site_search=False)
    assert html == (
        '<section id="use-b">\n'
        '<p class="trail">A &gt; B</p>\n'
        "<h4><a href=\"#use-b\">Use &lt;b&gt; &amp; 'quotes'</a></h4>\n"
        '<p class="meta"><span class="file">guide.md</span>, lines 3–9</p>\n'
        "<p>Text with <code>code</code>.</p>\n</section>\n\n"
    )


def test_a_section_leaves_out_what_the_page_head_shows() -> None:
    """The page's title starts every trail and its one file is every section's: the head
    shows both, so a section names neither; a trail of the title alone is left out."""
    top = _section(heading_path=("Guide",), source="guide.md")
    deeper = _section(heading_path=("Guide", "Setup"), anchor="deeper", source="guide.md")
    html = sections_html(_page(top, deeper, sources=("guide.md",)), site_search=False)
    assert 'class="trail"' not in html.split("<section", 2)[1]
    assert '<p class="trail">Setup</p>' in html
    assert html.count('<p class="meta">lines 3–9</p>') == 2
    assert "guide.md" not in html


def test_sections_shown_without_the_page_head_say_all() -> None:
    section = _section(heading_path=("Guide", "Setup"), source="guide.md")
    page = _page(section, sources=("guide.md",))
    html = sections_html(page, site_search=False, under_head=False)
    assert '<p class="trail">Guide › Setup</p>' in html
    assert '<span class="file">guide.md</span>, lines 3–9' in html


def test_a_section_names_its_file_on_a_page_of_several() -> None:
    html = sections_html(_page(_section(), sources=("guide.md", "api.md")), site_search=False)
    assert '<span class="file">guide.md</span>, lines 3–9' in html


def test_search_ids_pages_of_a_pdf_and_upstream_links() -> None:
    section = _section(
        heading_path=(),
        anchor="a b",
        body="",
        source="manual.pdf#page",
        lines=(2, 4),
        upstream="https://example.org/x?a=1&b=2",
    )
    html = sections_html(_page(section), site_search=True)
    assert html == (
        '<section id="a b">\n'
        '<h2 id="§a b"><a href="#a%20b">'
        "Use &lt;b&gt; &amp; 'quotes'</a></h2>\n"
        '<p class="meta"><span class="file">manual.pdf</span>, pages 2–4 <a class="upstream" '
        'href="https://example.org/x?a=1&amp;b=2" rel="noopener">source ↗</a></p>\n'
        "</section>\n\n"
    )
    own = sections_html(_page(section, sources=("manual.pdf",)), site_search=False)
    assert '<p class="meta">pages 2–4 <a class="upstream"' in own


def test_an_upstream_link_alone_and_quotes_in_attributes() -> None:
    section = _section(source=None, lines=None, anchor='a"b', upstream="https://x.org/'q'")
    html = sections_html(_page(section), site_search=False)
    assert '<section id="a&#34;b">' in html
    assert '<p class="meta"><a class="upstream" href="https://x.org/&#39;q&#39;"' in html


def test_a_section_without_origin_has_no_meta_line() -> None:
    html = sections_html(_page(_section(source=None, lines=None)), site_search=False)
    assert 'class="meta"' not in html


def test_contents_link_each_page_and_its_sections_by_depth() -> None:
    page = PageView(
        "a&b.html",
        "Title & <more>",
        ("a&b.md",),
        (_section(anchor="x y", heading_path=()), _section(anchor="z")),
    )
    html = contents_html([page], lambda path: "../" + path.replace("&", "%26"), "v1/")
    assert html == (
        '<li>\n<a class="page" href="../v1/a%26b.html">Title &amp; &lt;more&gt;</a> '
        '<span class="file">a&amp;b.md</span><ul class="sections">\n'
        '<li class="depth-0"><a href="../v1/a%26b.html#x%20y">'
        "Use &lt;b&gt; &amp; 'quotes'</a></li>\n"
        '<li class="depth-2"><a href="../v1/a%26b.html#z">'
        "Use &lt;b&gt; &amp; 'quotes'</a></li>\n"
        "</ul>\n</li>\n"
    )
