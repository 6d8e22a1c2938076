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


def test_a_section_with_its_trail_origin_and_body() -> None:
    html = sections_html([_section()], site_search=False)
    assert html == (
        '<section class="sec" id="use-b">\n'
        '<p class="trail">Guide › A &gt; B</p>\n'
        '<h4><a class="self" href="#use-b">Use &lt;b&gt; &amp; &#39;quotes&#39;</a></h4>\n'
        '<p class="meta" data-pagefind-ignore>\n'
        '<span class="file">guide.md, lines 3–9</span></p>\n'
        '<div class="body">\n<p>Text with <code>code</code>.</p>\n</div>\n</section>\n\n'
    )


def test_search_ids_pages_of_a_pdf_and_upstream_links() -> None:
    section = _section(
        heading_path=(),
        anchor="a b",
        body="",
        source="manual.pdf#page",
        lines=(2, 4),
        upstream="https://example.org/x?a=1&b=2",
    )
    html = sections_html([section], site_search=True)
    assert html == (
        '<section class="sec" id="a b">\n'
        '<h2 id="§a b"><a class="self" href="#a%20b">'
        "Use &lt;b&gt; &amp; &#39;quotes&#39;</a></h2>\n"
        '<p class="meta" data-pagefind-ignore>\n'
        '<span class="file">manual.pdf, pages 2–4</span> <a class="upstream" '
        'href="https://example.org/x?a=1&amp;b=2" rel="noopener">source ↗</a></p>\n'
        '<div class="body">\n\n</div>\n</section>\n\n'
    )


def test_a_section_without_origin_has_no_meta_line() -> None:
    html = sections_html([_section(source=None, lines=None)], site_search=False)
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
        "Use &lt;b&gt; &amp; &#39;quotes&#39;</a></li>\n"
        '<li class="depth-2"><a href="../v1/a%26b.html#z">'
        "Use &lt;b&gt; &amp; &#39;quotes&#39;</a></li>\n"
        "</ul>\n</li>\n"
    )
