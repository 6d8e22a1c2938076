"""builder.parsers.html.member_labels: Doxygen's labels beside a member read apart, and
gi-docgen's name separators as dots."""

from __future__ import annotations

from builder.parsers.html.parser import parse

# CLI11 2.1.2's Debian docs (libcli11-doc), classCLI_1_1App.html, cut down.
PAGE = (
    '<html><head><meta name="generator" content="Doxygen 1.9.4"/><title>CLI11: CLI::App Class '
    'Reference</title></head><body><div class="contents"><h2 class="memtitle">'
    '<span class="permalink"><a href="#a1">&#9670;&nbsp;</a></span>App()</h2>'
    '<div class="memitem"><div class="memproto"><table class="mlabels"><tr>'
    '<td class="mlabels-left"><table class="memname"><tr><td class="memname">CLI::App::App'
    '</td><td>(</td><td class="paramtype">App *&#160;</td><td class="paramname">parent</td>'
    '<td>)</td></tr></table></td><td class="mlabels-right"><span class="mlabels">'
    '<span class="mlabel">inline</span><span class="mlabel">protected</span></span></td>'
    '</tr></table></div><div class="memdoc"><p>Special private constructor for subcommand.'
    "</p></div></div></div></body></html>"
)


def test_doxygen_s_member_labels_read_apart() -> None:
    # 228 signatures of CLI11's read "inlineprotected", "virtualdefault", "strongprotected"
    (section,) = [s for s in parse(PAGE, "classCLI_1_1App.html").sections if s.heading == "App()"]
    assert "| inline protected" in section.body


def test_those_spans_on_another_generator_s_page_are_left_as_written() -> None:
    page = PAGE.replace('<meta name="generator" content="Doxygen 1.9.4"/>', "")
    bodies = "\n".join(s.body for s in parse(page, "classCLI_1_1App.html").sections)
    assert "inlineprotected" in bodies


def test_thousands_of_labels_in_a_row_read_apart() -> None:
    # Each label's previous element was found by an XPath libxml2 answers by listing every
    # earlier sibling: 16,000 labels in a row took 1.8 s.
    labels = '<span class="mlabel">inline</span><!-- c -->' * 2000
    page = PAGE.replace('<span class="mlabel">inline</span>', labels)
    (section,) = [s for s in parse(page, "classCLI_1_1App.html").sections if s.heading == "App()"]
    assert "| " + "inline " * 2000 + "protected" in section.body


def test_gi_docgen_s_name_separators_read_as_the_dots_of_a_qualified_name() -> None:
    # libgit2-glib 1.1.0 (gi-docgen): a method's page is headed "Ggit ▸ IndexEntry ▸
    # get_flags", each "▸" an empty span.sep its stylesheet draws; the heading read as
    # "GgitIndexEntryget_flags" on all 826 pages.
    page = (
        '<html><head><title>Ggit.IndexEntry.get_flags</title><script src="fzy.js"></script>'
        '</head><body><main><h1><a href="index.html">Ggit</a><span class="sep"></span>'
        '<a href="struct.IndexEntry.html">IndexEntry</a><span class="sep"></span>get_flags'
        '</h1><h4 id="description">Description</h4><p>Get the flags.</p></main></body></html>'
    )
    parsed = parse(page, "method.IndexEntry.get_flags.html")
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("Ggit.IndexEntry.get_flags", ()),
        ("Description", ("Ggit.IndexEntry.get_flags",)),
    ]
    # A page gi-docgen did not write keeps its spans as they are.
    other = parse(page.replace("fzy.js", "app.js"), "x.html")
    assert other.sections[0].heading == "GgitIndexEntryget_flags"
