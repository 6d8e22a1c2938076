"""The HTML reader on pages other generators than Sphinx built: mdBook, DocBook XSL, Texinfo,
groff, YARD, YUI grids and Node.js' API docs (their content, chrome, code blocks, heading marks
and anchors), and the blocks of theirs other sites name alike (API references' generators:
tests/test_parsers_html_api_generators.py)."""

from __future__ import annotations

from builder.parsers.html.parser import parse
from tests.html_support import bodies


def test_docbook_navigation_bars_are_chrome() -> None:
    # DocBook XSL (PostgreSQL's docs) frames each page with a "Prev | Up | Home | Next" table
    # in div.navheader and div.navfooter; there is no role="main" to leave them out.
    page = (
        '<body><div class="navheader"><table><tr><th colspan="5">LOAD</th></tr><tr>'
        '<td><a href="sql-listen.html">Prev</a></td><td><a href="sql.html">Up</a></td>'
        "<th>SQL Commands</th><td><a>Home</a></td><td><a>Next</a></td></tr></table><hr/></div>"
        '<div class="refentry"><div class="refnamediv"><h2>LOAD</h2>'
        "<p>LOAD — load a shared library file</p></div></div>"
        '<div class="navfooter"><hr/><table><tr><td><a>Prev</a></td><td><a>Up</a></td>'
        "<td><a>Next</a></td></tr><tr><td>LISTEN</td><td><a>Home</a></td><td>LOCK</td></tr>"
        "</table></div></body>"
    )
    parsed = parse(page, "sql-load.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("LOAD", "LOAD — load a shared library file")
    ]


_BOOST_PAGE = (
    '<html><head><title>User\'s Guide</title><meta name="generator" content="DocBook XSL '
    'Stylesheets Vsnapshot"></head><body><table cellpadding="2" width="100%"><tr><td>'
    '<img alt="Boost C++ Libraries" src="boost.png"></td><td><a href="index.html">Home</a></td>'
    '<td><a href="libraries.htm">Libraries</a></td></tr></table><hr><div class="spirit-nav">'
    '<a accesskey="p" href="a.html"><img src="prev.png" alt="Prev"></a><a accesskey="n" '
    'href="b.html"><img src="next.png" alt="Next"></a></div><div class="section">'
    '<div class="titlepage"><div><div><h2 class="title"><a name="acc.guide"></a>User\'s Guide'
    "</h2></div></div></div><p>How to use the framework.</p></div>"
    '<table width="100%"><tr><td></td><td><div class="copyright-footer">Copyright © 2005 Eric '
    "Niebler<p>Distributed under the Boost Software License.</p></div></td></tr></table><hr>"
    '<div class="spirit-nav"><a href="a.html"><img src="prev.png" alt="Prev"></a></div>'
    "</body></html>"
)


def test_a_docbook_page_reads_as_its_one_division() -> None:
    # Boost 1.74's BoostBook docs (libboost1.74-doc, DocBook XSL): each of 3,804 pages read its
    # header of links and "PrevUpHomeNext" (the images' alt) as a section of its own, and its
    # copyright table at the end of its last section.
    assert [(s.heading, s.body) for s in parse(_BOOST_PAGE, "guide.html").sections] == [
        ("User's Guide", "How to use the framework.")
    ]


def test_a_docbook_page_with_two_divisions_or_another_generator_reads_its_body() -> None:
    # a body holding two divisions is none of DocBook XSL's chunks: all of it is read
    two = _BOOST_PAGE.replace("</body>", '<div class="section"><p>More.</p></div></body>')
    assert "Copyright" in parse(two, "guide.html").sections[-1].body
    other = _BOOST_PAGE.replace("DocBook XSL", "Handmade")
    assert "Copyright" in parse(other, "guide.html").sections[-1].body


def test_a_nodejs_api_page_reads_as_its_api_content() -> None:
    # Node.js' doc tool: the column of every module's link, the header's pickers and the
    # page's table of contents come before #apicontent, none marked as navigation.
    page = (
        "<html><head><title>File system | Node.js v18.20.4 Documentation</title></head><body>"
        '<div id="content"><div id="column2"><div id="intro"><a>Node.js</a></div>'
        '<ul><li><a href="documentation.html">About this documentation</a></li></ul></div>'
        '<div id="column1"><header><h1>Node.js v18.20.4 documentation</h1></header>'
        '<details id="toc" open><summary>Table of contents</summary><ul>'
        '<li><a href="#file-system">File system</a></li></ul></details>'
        '<div id="apicontent"><h2>File system</h2><p>The node:fs module.</p></div>'
        "</div></div></body></html>"
    )
    parsed = parse(page, "fs.html")
    assert parsed.title == "File system"
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("File system", "The node:fs module.")
    ]


def test_texinfo_node_navigation_is_chrome() -> None:
    # makeinfo's "Next: / Previous: / Up:" bar above each node (Libgcrypt's manual): a
    # div.header of rel links (div.nav-panel from Texinfo 7); Doxygen's div.header stays.
    page = (
        "<html><head><title>Hashing (The Libgcrypt Reference Manual)</title></head><body>"
        '<div class="chapter" id="Hashing"><div class="header"><p>Next: <a href="mac.html" '
        'rel="next">Message Authentication Codes</a>, Up: <a href="index.html" rel="up">'
        'The Libgcrypt Library</a> [<a href="index.html#SEC_Contents">Contents</a>]</p></div>'
        '<hr><h2 class="chapter">7 Hashing</h2><p>Hashing is buffered.</p>'
        '<div class="nav-panel"><p>Previous: <a href="h.html" rel="prev">Hashing</a></p></div>'
        '<div class="header"><p>Next: <a href="mac.html">Message Authentication Codes</a> '
        '[<a href="index.html#SEC_Contents" rel="contents">Contents</a>]</p></div>'
        '<div class="header"><p>Kept: <a href="x.html">x</a></p></div></div></body></html>'
    )
    parsed = parse(page, "Hashing.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("7 Hashing", "Hashing is buffered.\n\nKept: x")
    ]


def test_a_code_element_deeper_in_the_pre_names_its_language() -> None:
    # mdBook (the Rust book of Rust 1.63's Debian docs) nests a playground <pre> in the <pre>:
    # the language-rust class was never seen, so no block named its language.
    page = (
        '<main><h1>Ownership</h1><pre><pre class="playground"><code class="language-rust">'
        "fn main() {}\n</code></pre></pre></main>"
    )
    assert bodies(page) == ["```rust\nfn main() {}\n```"]


def test_a_fragment_of_other_content_than_code_lines_keeps_its_content() -> None:
    # Doxygen's div.fragment is a div.line per line of code; reveal.js names a slide's steps
    # "fragment" too, and they were read as empty code blocks, their text gone.
    page = (
        '<main><h1>Slides</h1><div class="fragment"><p>First point.</p><ul><li>Item</li></ul>'
        '</div><div class="fragment">Loose <em>text</em>.</div><div class="fragment">'
        '<div class="line">int x;</div><p>Not a line.</p></div></main>'
    )
    assert [(s.heading, s.body) for s in parse(page, "s.html").sections] == [
        ("Slides", "First point.\n\n- Item\n\nLoose text.\n\nint x;\n\nNot a line.")
    ]
    slide = '<main><h1>Slide</h1><div class="fragment"><p>First point.</p></div></main>'
    assert bodies(slide) == ["First point."]


# R 4.2.2's manuals (r-doc-html, makeinfo 6): 332 sections were a footnote each, headed
# "(1)", "(2)"... and anchored at slugs ("1") the page does not have.
_MAKEINFO_HEAD = '<meta name="Generator" content="makeinfo">'
_TEXINFO_FOOTNOTES = (
    f"<html><head><title>R Installation</title>{_MAKEINFO_HEAD}"
    '</head><body><h2 class="chapter">1 Obtaining R</h2><p>Unpack it<a id="DOCF1" '
    'href="#FOOT1"><sup>1</sup></a>.</p><div class="footnote"><hr>'
    '<h4 class="footnotes-heading">Footnotes</h4><h5><a id="FOOT1" href="#DOCF1">(1)</a></h5>'
    '<p>e.g. GNU tar 1.15 or later.</p><h5><a id="FOOT2" href="#DOCF2">(2)</a></h5>'
    "<p>Or another.</p></div></body></html>"
)


def test_texinfo_footnotes_are_one_section_of_labelled_notes() -> None:
    assert [(s.heading, s.body) for s in parse(_TEXINFO_FOOTNOTES, "R-admin.html").sections] == [
        ("1 Obtaining R", "Unpack it1."),
        ("Footnotes", "(1)\n\ne.g. GNU tar 1.15 or later.\n\n(2)\n\nOr another."),
    ]


def test_footnote_marks_on_a_page_makeinfo_did_not_write_are_its_headings() -> None:
    # A class that plain is any page's to use: the h5 after it is a heading but on Texinfo's.
    page = _TEXINFO_FOOTNOTES.replace(_MAKEINFO_HEAD, "")
    assert [(s.heading, s.body) for s in parse(page, "notes.html").sections] == [
        ("1 Obtaining R", "Unpack it1."),
        ("Footnotes", ""),
        ("(1)", "e.g. GNU tar 1.15 or later."),
        ("(2)", "Or another."),
    ]


def test_a_summary_table_div_around_a_table_keeps_the_table_s_rows() -> None:
    # PennyLane Catalyst's Sphinx pages wrap an autosummary table in <div class="summary-table">
    # (a raw HTML block): read as javadoc's grid of div cells, the table became one line.
    page = (
        '<main><h1>Debugging</h1><div class="summary-table"><table class="autosummary">'
        "<tr><td>print</td><td>Print a value.</td></tr>"
        "<tr><td>callback</td><td>Call back.</td></tr></table></div></main>"
    )
    assert bodies(page) == ["print | Print a value.\ncallback | Call back."]
    plain = (
        '<main><h1>T</h1><div class="summary-table"><table><tr><td>a</td><td>b</td></tr>'
        "<tr><td>c</td><td>d</td></tr></table></div></main>"
    )
    assert bodies(plain) == ["a | b\nc | d"]


def test_a_yui_grid_pages_main_column_is_its_content() -> None:
    # Django's docs theme: YUI grids, no role="main" or div.body; the header, the sidebar and
    # the footer are beside #yui-main inside div.document.
    page = (
        '<body><div class="document"><div id="custom-doc" class="yui-t6">'
        '<div id="hd"><h1><a href="index.html">Django documentation</a></h1>'
        '<div class="nav">&laquo; <a href="a.html">previous</a> | <a>up</a></div></div>'
        '<div id="bd"><div id="yui-main"><div class="yui-b"><div class="yui-g">'
        "<h1>FAQ: The admin</h1><p>Answers.</p></div></div></div>"
        '<div class="yui-b" id="sidebar"><h3>Last update:</h3><p>May 26, 2026</p></div></div>'
        '<div id="ft"><div class="nav"><a>next</a> &raquo;</div></div></div></div></body>'
    )
    parsed = parse(page, "faq/admin.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [("FAQ: The admin", "Answers.")]


def test_a_hash_permalink_right_after_the_heading_text_is_no_part_of_it() -> None:
    # Node.js' API docs: the "#" link follows the heading's text with no space between.
    page = (
        '<div id="apicontent"><h2>File system<span><a class="mark" href="#file-system" '
        'id="file-system">#</a></span><a class="legacy" id="fs_file_system"></a></h2><p>Files.</p>'
        '<h3><code>fs.stat(path)</code><span><a class="mark" href="#fsstat">#</a></span></h3>'
        "<p>Stats.</p><h3>C#</h3><p>A language.</p></div>"
    )
    parsed = parse(page, "fs.html")
    assert [s.heading for s in parsed.sections] == ["File system", "fs.stat(path)", "C#"]


def test_a_heading_ending_in_hash_keeps_it_beside_a_spaced_hash_permalink() -> None:
    # "C# #": the mark pattern takes the permalink's " #"; the "#" left is the heading's own,
    # which the rule for a "#" right after the text took as well ("C").
    page = (
        '<div id="apicontent"><h2>C# <a href="#c">#</a></h2><p>A language.</p>'
        '<h2>F#<a href="#f">#</a></h2><p>Another.</p></div>'
    )
    parsed = parse(page, "langs.html")
    assert [s.heading for s in parsed.sections] == ["C#", "F#"]


def test_an_empty_anchor_right_before_a_heading_names_it() -> None:
    # makeinfo marks each chapter's heading with an empty span (Libgcrypt: "#Architecture-1");
    # the slug "17-architecture" is no fragment of the page.
    page = (
        '<div class="chapter" id="Architecture"><span id="Architecture-1"></span>\n'
        '<h2 class="chapter">17 Architecture</h2><p>Layers.</p>'
        '<a name="old"></a><h3>Old style</h3><p>Named.</p>'
        "<span>text</span><h3>After text</h3><p>Slugged.</p></div>"
    )
    parsed = parse(page, "Architecture.html")
    assert [s.anchor for s in parsed.sections] == ["Architecture-1", "old", "after-text"]


def test_yard_source_beside_line_numbers_is_one_code_block() -> None:
    # YARD (Debian's ruby-mocha-doc 1.16.1): each method's source is a table of a <pre> of line
    # numbers beside a <pre> of code, read as one row: "``` 311 312 ``` | ``` # File ... end ```".
    # Its "collapse" and "show all" script links stayed in headings and bodies. The gutter
    # opens with three newlines, as YARD writes it: the first one HTML ignores and libxml2
    # keeps, and the numbers then counted a line more than the code, read as a block of their
    # own (ruby-cri-doc 2.15.11: 111 blocks of numbers alone; ruby-mocha-doc's Mock.html: 6).
    page = (
        '<html><body><div id="content"><h1>Class: Mocha::Mock</h1>'
        '<dl><dt>Inherits:</dt><dd>Object<a href="#" class="inheritanceTree">show all</a></dd>'
        '</dl><h2>Constant Summary<small><a href="#" class="constants_summary_toggle">collapse'
        "</a></small></h2><p>Constants.</p>"
        '<h2>Instance Method Summary<small><a href="#" class="summary_toggle">collapse</a>'
        '</small></h2><p>Methods.</p><table class="source_code"><tr><td><pre class="lines">'
        '\n\n\n311\n312\n313</pre></td><td><pre class="code"><span class="info file"># File'
        " 'lib/mocha/mock.rb', line 311</span>\n\ndef method_missing(symbol)\n  handle(symbol)"
        "\nend</pre></td></tr></table></div></body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "Mocha/Mock.html").sections] == [
        ("Class: Mocha::Mock", "Inherits:\n  Object"),
        ("Constant Summary", "Constants."),
        (
            "Instance Method Summary",
            "Methods.\n\n```\n# File 'lib/mocha/mock.rb', line 311\n\n"
            "def method_missing(symbol)\n  handle(symbol)\nend\n```",
        ),
    ]


def test_rouge_code_beside_line_numbers_is_one_code_block() -> None:
    # Rouge's line-numbered blocks (Asciidoctor, Jekyll) have the same layout.
    page = (
        '<html><body><main><h1>Page</h1><table class="rouge-table"><tbody><tr>'
        '<td class="rouge-gutter gl"><pre class="lineno">1\n2\n</pre></td>'
        '<td class="rouge-code"><pre>puts 1\nputs 2\n</pre></td></tr></tbody></table>'
        "<table><tr><td><pre>1</pre></td><td>one</td></tr><tr><td>2</td><td>two</td></tr>"
        "</table></main></body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "page.html").sections] == [
        ("Page", "```\nputs 1\nputs 2\n```\n\n``` 1 ``` | one\n2 | two"),
    ]


def test_a_one_row_table_of_pre_cells_that_is_not_numbered_code_keeps_its_cells() -> None:
    # Read as code beside its line numbers, a year beside a line lost the year, and a cell of
    # code and its explanation lost the explanation.
    page = (
        "<html><body><main><h1>Page</h1>"
        "<table><tr><td><pre>2024</pre></td><td><pre>Version five</pre></td></tr></table>"
        "<table><tr><td><pre>1\n2</pre></td><td><pre>a\nb</pre><p>Explained.</p></td></tr>"
        "</table><table><tr><td><pre>3\n9</pre></td><td><pre>c\nd</pre></td></tr></table>"
        "</main></body></html>"
    )
    body = parse(page, "page.html").sections[0].body
    assert "2024" in body and "Explained." in body and "9" in body


def test_texi2html_s_button_bars_are_chrome() -> None:
    # GNU gettext 0.21's manual (Debian's gettext-doc, texi2html 1.78a): a table of bracketed
    # buttons above and below each node read as a line "[ << ] | [ >> ] | | [Top] | ...", 34
    # of its 854 sections holding nothing else.
    page = (
        '<html><head><meta name="Generator" content="texi2html 1.78a"><title>GNU gettext '
        "utilities: 1. Introduction</title></head><body>"
        '<table cellpadding="1" cellspacing="1" border="0"><tr><td>[ &lt;&lt; ]</td>'
        '<td>[<a href="gettext_2.html#SEC7"> &gt;&gt; </a>]</td><td> &nbsp; </td>'
        '<td>[<a href="gettext_toc.html#SEC_Top">Top</a>]</td><td>[<a href="gettext_abt.html">'
        " ? </a>]</td></tr></table><hr>"
        '<a name="SEC1"></a><h1 class="chapter">1. Introduction</h1><p>Goals.</p>'
        "<table><tr><td>[1]</td><td>a footnote's row</td></tr></table>"
        "</body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "gettext_1.html").sections] == [
        ("1. Introduction", "Goals.\n\n[1] | a footnote's row"),
    ]
    # a table of brackets on another generator's page is its content
    other = page.replace("texi2html 1.78a", "site")
    assert "[ << ]" in "\n".join(s.body for s in parse(other, "gettext_1.html").sections)


def test_texi2html_s_indices_and_footer_are_chrome() -> None:
    # GNU gettext 0.21's twelve index pages read as 19 sections of entries, and each page
    # ended "This document was generated by Bruno Haible on July, 26 2020 using texi2html".
    page = (
        '<html><head><meta name="Generator" content="texi2html 1.78a"></head><body>'
        '<a name="SEC387"></a><h1 class="unnumbered">Program Index</h1>'
        '<table><tr><th>Jump to: </th><td><a href="#SEC387_0" class="summary-letter"><b>A</b>'
        '</a></td></tr></table><table border="0" class="index-pg"><tr><td></td><td>'
        '<a href="gettext_13.html#SEC240"><code>autopoint</code></a></td></tr></table>'
        '<h2>Notes</h2><p>Kept.</p><p><font size="-1">This document was generated by '
        '<em>Bruno Haible</em> on <em>July, 26 2020</em> using <a href="https://www.nongnu.org/'
        'texi2html/"><em>texi2html 1.78a</em></a>.</font><br></p></body></html>'
    )
    # (a section left empty is dropped by the build)
    assert [(s.heading, s.body) for s in parse(page, "gettext_21.html").sections] == [
        ("Program Index", ""),
        ("Notes", "Kept."),
    ]


def test_groff_s_list_of_a_manual_page_s_sections_is_chrome() -> None:
    # GNU gettext 0.21's pages of its programs (groff -Thtml): the links to the page's sections
    # at its top read as its first section, "NAME SYNOPSIS DESCRIPTION ...", on 26 pages.
    page = (
        '<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org">'
        "<title>AUTOPOINT</title></head><body>"
        '<h1 align="center">AUTOPOINT</h1><a href="#NAME">NAME</a><br>'
        '<a href="#REPORTING BUGS">REPORTING BUGS</a><br><hr>'
        '<h2>NAME<a name="NAME"></a></h2><p style="margin-left:11%">autopoint - copies '
        'standard gettext infrastructure</p><h2>REPORTING BUGS<a name="REPORTING BUGS"></a>'
        '</h2><p>See <a href="#NAME">NAME</a><br>above.</p></body></html>'
    )
    # (a section left empty is dropped by the build)
    assert [(s.heading, s.body) for s in parse(page, "autopoint.1.html").sections] == [
        ("AUTOPOINT", ""),
        ("NAME", "autopoint - copies standard gettext infrastructure"),
        ("REPORTING BUGS", "See NAME\nabove."),
    ]


def test_groff_s_list_of_thousands_of_sections_is_chrome_a_comment_between() -> None:
    # Each link's next element was found by an XPath libxml2 answers by listing every later
    # sibling: a page of 16,000 such links took 4.4 s.
    links = "".join(f'<a href="#S{number}">S{number}</a><!-- c --><br>' for number in range(2000))
    page = (
        '<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org">'
        f"<title>T</title></head><body><h1>T</h1>{links}<h2>S1</h2><p>Text.</p></body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "t.1.html").sections] == [
        ("T", ""),
        ("S1", "Text."),
    ]


def test_a_page_whose_first_heading_is_its_title_names_it_once() -> None:
    # Linux-PAM 1.5.2's guides (Debian libpam-doc, DocBook XSL): a section's page is titled
    # "3.1. What can be expected by the application" and headed so in an <h2>, with no <h1>:
    # 350 of its 449 sections had the title twice in their path.
    page = (
        "<html><head><title>3.1. What can be expected by the application</title>"
        '<meta name="generator" content="DocBook XSL Stylesheets Vsnapshot"></head><body>'
        '<div class="section"><div class="titlepage"><div><div><h2 class="title"><a name="a">'
        "</a>3.1.&nbsp;What can be expected by the application</h2></div></div></div>"
        '<div class="section"><div class="titlepage"><div><div><h3 class="title"><a name="b">'
        "</a>3.1.1. Initialization</h3></div></div></div><p>pam_start.</p></div></div>"
        "</body></html>"
    )
    parsed = parse(page, "adg-interface-by-app-expected.html")
    assert [(s.heading, s.heading_path) for s in parsed.sections if s.body] == [
        ("3.1.1. Initialization", ("3.1.\xa0What can be expected by the application",)),
    ]
    # Several headings of its level: the title heads them all, as before.
    two = page.replace("<h3 ", "<h2 ").replace("</h3>", "</h2>")
    assert [s.heading_path for s in parse(two, "a.html").sections if s.body] == [
        ("3.1. What can be expected by the application",),
    ]


def test_docbook_s_credits_on_a_title_page_are_its_text() -> None:
    # Linux-PAM 1.5.2's guides (Debian libpam-doc): each author's <h3> on a book's title page
    # was a section, the guide's abstract under the last author's name.
    page = (
        "<html><head><title>The Linux-PAM Application Developers' Guide</title><meta name=\""
        'generator" content="DocBook XSL Stylesheets Vsnapshot"></head><body><div class="book">'
        '<div class="titlepage"><div><div><h1 class="title"><a name="adg"></a>The Linux-PAM '
        'Application Developers\' Guide</h1></div><div><div class="authorgroup"><div class="'
        'author"><h3 class="author">Andrew G. Morgan</h3></div><div class="author"><h3 class="'
        'author">Thorsten Kukuk</h3></div></div></div><div><div class="abstract"><p class="title'
        '"><b>Abstract</b></p><p>This manual documents PAM.</p></div></div></div></div></div>'
        "</body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "Linux-PAM_ADG.html").sections] == [
        (
            "The Linux-PAM Application Developers' Guide",
            "Andrew G. Morgan\n\nThorsten Kukuk\n\nAbstract\n\nThis manual documents PAM.",
        ),
    ]


def test_a_docbook_function_prototype_is_one_line_of_code() -> None:
    # Linux-PAM 1.5.2's guides (Debian libpam-doc): each of 36 prototypes read as rows of
    # cells, "`int pam_start(` | service_name, |\n | user, |\n | pamh`)`; |"
    page = (
        '<html><head><meta name="generator" content="DocBook XSL Stylesheets Vsnapshot">'
        '</head><body><h2>pam_start</h2><div class="funcsynopsis"><table border="0" class="'
        'funcprototype-table" summary="Function synopsis"><tr><td><code class="funcdef">int <b '
        'class="fsfunc">pam_start</b>(</code></td><td><var class="pdparam">service_name</var>, '
        '</td><td> </td></tr><tr><td> </td><td><var class="pdparam">pamh</var><code>)</code>;'
        '</td><td> </td></tr></table><div class="paramdef-list"><code>const char *<var class="'
        'pdparam">service_name</var></code>;</div></div></body></html>'
    )
    assert [s.body for s in parse(page, "adg.html").sections] == [
        "`int pam_start(service_name, pamh);`\n\n`const char *service_name`;"
    ]


def test_texinfo_copiable_anchor_of_a_table_item_is_not_its_text() -> None:
    # GNU diffutils 3.8's manual (makeinfo 6.8): each @item anchored for the index ends in a
    # "¶" link, which stayed in the term ("`--color [=when]` ¶"); texi2any 7 names it
    # copiable-link.
    page = (
        '<html><head><title>Invoking cmp</title><meta name="Generator" content="makeinfo">'
        '</head><body><div class="section"><h3>Options</h3><dl compact="compact">'
        "<dt id='index-kB'><span>&lsquo;<samp>kB</samp>&rsquo;<a href='#index-kB' "
        "class='copiable-anchor'> &para;</a></span></dt><dd><p>kilobyte</p></dd>"
        '<dt id="index-color"><span><samp>--color</samp><a class="copiable-link" '
        'href="#index-color"> &para;</a></span></dt><dd><p>Use color.</p></dd></dl></div>'
        "</body></html>"
    )
    assert bodies(page) == ["‘`kB`’\n  kilobyte\n`--color`\n  Use color."]


def test_blocks_left_out_of_the_site_s_own_search_are_chrome_but_a_title_s() -> None:
    # SQLite's pages (sqlite3-doc 3.40.1): div.nosearch holds the banner, tagline and menus
    # atop every page, and a long page's title and table of contents; they read as the first
    # section of all 766 pages. An API page's h2 title in one stays its heading.
    page = (
        "<html><head><title>About SQLite</title></head><body><div class=nosearch>"
        '<a href="index.html"><img class="logo" src="b.gif" alt="SQLite"></a>'
        '<div class="tagline">Small. Fast. Reliable.</div><div class="menu mainmenu"><ul>'
        '<li><a href="index.html">Home</a><li><a href="docs.html">Documentation</a></ul></div>'
        "</div><div class=fancy><div class=nosearch><div class=fancy_title>About SQLite</div>"
        '<div class="fancy_toc"><a href="#overview">1. Overview</a></div></div>'
        '<h1 id="overview">1. Overview</h1><p>SQLite is a library.</p></div>'
        "<div class=nosearch><h2>Opening A Connection</h2></div><p>Opens one.</p></body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "about.html").sections] == [
        ("1. Overview", "SQLite is a library."),
        ("Opening A Connection", "Opens one."),
    ]


def test_docco_pilcrow_link_beside_each_comment_is_not_text() -> None:
    # node-polyglot 2.6.0's docs/polyglot.html (Docco's annotated source): each comment opens
    # with a div.pilwrap holding a "¶" link to it, read as a paragraph of its own (19 times).
    page = (
        '<html><head><link rel="stylesheet" href="docco.css"></head><body><ul class="sections">'
        '<li id="section-2"><div class="annotation"><div class="pilwrap "><a class="pilcrow" '
        'href="#section-2">&#182;</a></div><h4 id="plural">Pluralization methods</h4>'
        '<p>Mapping from group to logic.</p></div><div class="content"><pre><code>var x = 1;'
        "</code></pre></div></li></ul></body></html>"
    )
    assert bodies(page) == ["Mapping from group to logic.\n\n```\nvar x = 1;\n```"]


def test_a_table_s_columns_empty_in_every_row_are_left_out() -> None:
    # groff's manual pages (cyrus-doc 3.6.1's restore.8.html): each option is a row of an
    # empty margin cell, the option, an empty gutter and its text ("| -f |  | backup is").
    page = (
        '<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head>'
        '<body><h2>MODES</h2><table><tr><td width="11%"></td><td><p><b>-f</b></p></td>'
        "<td></td><td><p>backup is a filename.</p></td></tr><tr><td></td><td><p><b>-m</b></p>"
        "</td><td></td><td><p>backup is a mailbox.</p></td></tr></table>"
        "<table><tr><th>Name</th><th></th></tr><tr><td>x</td><td>1</td></tr></table>"
        "</body></html>"
    )
    assert bodies(page) == [
        "-f | backup is a filename.\n-m | backup is a mailbox.\n\nName |\nx | 1"
    ]


def test_vitepress_s_label_of_a_code_block_s_language_is_left_out() -> None:
    # VitePress 1.6.4 (httpx's docs so built): each block's corner label read as a paragraph
    # "python" above the block, whose fence names its language already.
    block = (
        '<div class="language-python vp-adaptive-theme"><button title="Copy Code" class="copy">'
        '</button><span class="lang">python</span><pre class="shiki vp-code"><code><span '
        'class="line"><span>import httpx</span></span></code></pre></div>'
    )
    body = f'<body><main><div class="vp-doc"><h1 id="u">Usage</h1><p>Use it:</p>{block}</div>'
    vitepress = '<html><head><meta name="generator" content="VitePress v1.6.4"></head>'
    (section,) = parse(vitepress + body + "</main></body></html>", "usage.html").sections
    assert section.body == "Use it:\n\n```python\nimport httpx\n```"
    # another generator's span.lang is its text
    (section,) = parse("<html><head></head>" + body + "</main></body></html>", "u.html").sections
    assert section.body == "Use it:\n\npython\n\n```python\nimport httpx\n```"


def test_typedoc_s_sidebar_and_a_member_s_flags_are_left_out() -> None:
    # cheerio 1.2.0's API built with TypeDoc 0.28: the column beside the article made a
    # "Settings" section on every page (and "On This Page"), and a member's heading read
    # "OptionalxmlMode", the flag run into the name.
    head = (
        '<html><head><title>CheerioOptions | cheerio</title><script async src="../assets/'
        'search.js" id="tsd-search-script"></script></head>'
    )
    body = (
        '<body><div class="container container-main"><div class="col-content">'
        '<div class="tsd-page-title"><h1>Interface CheerioOptions</h1></div>'
        '<section class="tsd-panel tsd-member"><h3 class="tsd-anchor-link" id="xmlmode">'
        '<code class="tsd-tag">Optional</code><span>xml<wbr/>Mode</span></h3>'
        '<div class="tsd-signature"><span>xmlMode</span>?: boolean</div>'
        "<p>Enable xml mode.</p></section></div>"
        '<div class="col-sidebar"><div class="page-menu"><div class="tsd-navigation settings">'
        "<details><summary><h3>Settings</h3></summary><span>Member Visibility</span><ul>"
        "<li>Protected</li><li>Inherited</li></ul></details></div>"
        '<details><summary><h3>On This Page</h3></summary><a href="#xmlmode">xmlMode</a>'
        "</details></div></div></div></body></html>"
    )
    sections = parse(head + body, "interfaces/CheerioOptions.html").sections
    assert [(s.heading, s.anchor) for s in sections] == [
        ("Interface CheerioOptions", "interface-cheeriooptions"),
        ("xmlMode", "xmlmode"),
    ]
    assert sections[1].body == "xmlMode?: boolean\n\nEnable xml mode."


def test_typedoc_s_flag_after_a_page_s_name_is_left_out() -> None:
    # cheerio 1.2.0's API (TypeDoc 0.28): its class page was titled "Class Cheerio<T>Abstract".
    head = '<html><head><script async src="search.js" id="tsd-search-script"></script></head>'
    body = (
        '<body><div class="col-content"><div class="tsd-page-title"><h1>Class Cheerio&lt;T&gt;'
        '<code class="tsd-tag">Abstract</code></h1></div><p>The cheerio class.</p></div></body>'
    )
    (section,) = parse(head + body + "</html>", "classes/Cheerio.html").sections
    assert (section.heading, section.body) == ("Class Cheerio<T>", "The cheerio class.")
