"""The pages Sphinx generates around the docs (indexes, search, viewcode's source) are skipped
with their reason, and only they (builder.parsers.html.generated_pages)."""

from __future__ import annotations

import pytest

from builder.errors import UnreadableDocument
from builder.parsers.html.page_head import read_head
from builder.parsers.html.parser import parse


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ('<h1 id="index">Index</h1><div class="genindex-jumpbox"><a href="#A">A</a></div>'
         '<h2 id="A">A</h2><table style="width: 100%" class="indextable genindextable"><tr><td>'
         '<ul><li><a href="api.html#demo.add">add() (in module demo)</a></li></ul>'
         "</td></tr></table>", "general index"),
        # bidict 0.22.1's Debian docs (html_split_index): genindex-A.html and 18 more letters'
        # pages were read, 19,259 characters of names linking to the entries.
        ('<section class="genindex-section"><h1 id="index">Index &ndash; A</h1></section>'
         '<section id="A" class="genindex-section"><table style="width: 100%" class="indextable">'
         '<tr><td><ul><li><a href="api.html#bidict.bidict">bidict (class in bidict)</a></li>'
         "</ul></td></tr></table></section>", "general index"),
        ('<h1>Python Module Index</h1><table class="indextable modindextable">'
         '<tr><td><a href="api.html#module-demo"><code>demo</code></a></td></tr></table>',
         "module index"),
        # Furo's own module index (its domainindex.html): charset-normalizer 3.0.1's Debian
        # docs read py-modindex.html as a section of module names.
        ('<section class="domainindex-section"><h1>Python Module Index</h1><div class='
         '"domainindex-jumpbox"><a href="#cap-c"><strong>c</strong></a></div></section><table '
         'class="domainindex-table"><tr class="cap" id="cap-c"><td></td><td><strong>c</strong>'
         '</td><td></td></tr><tr><td></td><td><a href="api.html#module-demo"><code class="xref">'
         "demo</code></a></td><td><em></em></td></tr></table>", "module index"),
        ('<h1 id="search-documentation">Search</h1><p>Searching for multiple words only shows '
         'matches that contain all words.</p><form action="" method="get"><input name="q"/>'
         '</form><div id="search-results"></div>', "search page"),
        # MkDocs 1.6's readthedocs theme: search.html read as a section "Search Results".
        ('<h1 id="search">Search Results</h1><form id="content_search" action="search.html">'
         '<input name="q" id="mkdocs-search-query"></form><div id="mkdocs-search-results" '
         'class="search-results" data-no-results-text="No results found">Searching...</div>',
         "MkDocs' search page"),
        # requests 2.28.1's _modules/requests/api.html: 156 KB of source pages beside 167 KB
        # of docs in the Debian package's HTML.
        ('<h1>Source code for demo</h1><div class="highlight"><pre><div class="viewcode-block" '
         'id="add"><a class="viewcode-back" href="../api.html#demo.add">[docs]</a>'
         '<span class="k">def</span> add(a, b):\n    """Add :class:`int` values."""</div></pre>'
         "</div>", "highlighted source of a module"),
    ],
)  # fmt: skip
def test_pages_sphinx_generates_are_skipped_with_the_reason(body: str, reason: str) -> None:
    page = f'<html><body><div class="body" role="main">{body}</div></body></html>'
    with pytest.raises(UnreadableDocument, match=reason):
        parse(page, "genindex.html")


def test_the_letters_page_of_a_split_general_index_is_skipped() -> None:
    # bidict 0.22.1's Debian docs (Furo, html_split_index): genindex.html, the letters alone,
    # read as a section "Index" ("_ | A | B | C..."); Furo names Sphinx in no script of its head.
    page = (
        "<html><head><!-- Generated with Sphinx 5.3.0 and Furo --><title> - bidict</title>"
        '</head><body><article role="main"><section class="genindex-section"><h1 id="index">'
        'Index</h1><div class="genindex-jumpbox"><a href="genindex-A.html"><strong>A</strong>'
        '</a> | <a href="genindex-B.html"><strong>B</strong></a></div><p><a href='
        '"genindex-all.html"><strong>Full index on one page</strong></a></p></section>'
        "</article></body></html>"
    )
    with pytest.raises(UnreadableDocument, match="split one"):
        parse(page, "html/genindex.html")
    # a page of another name with such a box is read
    assert parse(page, "letters.html").sections


def test_material_s_lists_of_blog_posts_are_skipped() -> None:
    # Material for MkDocs 9.7.6's blog: its index, archive and category pages (13) are the
    # excerpts of the posts they list, each read again beside its post.
    head = '<html><head><meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.8.2">'
    body = (
        '<title>General - Material</title></head><body><div class="md-content"><div class='
        '"md-content__inner"><header class="md-typeset"><h1 id="general">General</h1></header>'
        '<article class="md-post md-post--excerpt"><header class="md-post__header"><time>'
        'February 18, 2026</time></header><div class="md-post__content md-typeset"><h2 id="m">'
        '<a class="toclink" href="../../2026/02/18/mkdocs-2.0/">What MkDocs 2.0 means</a></h2>'
        '<p>Three weeks ago...</p><nav class="md-post__action"><a href="../../2026/02/18/mkdocs'
        '-2.0/">Continue reading</a></nav></div></article></div></div></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="blog posts"):
        parse(head + body, "blog/category/general/index.html")
    # a page of another generator with such an article is read
    assert parse("<html><head>" + body, "blog/index.html").sections


def test_viewcode_s_list_of_modules_is_skipped() -> None:
    # Debian's python3-pynput-doc 1.7.5: _modules/index.html read as a section "All modules
    # for which code is available", the names of the modules whose source pages are skipped.
    page = (
        '<html><head><script id="documentation_options" src="../_static/documentation_options'
        '.js"></script><title>Overview: module code</title></head><body><div class="body" '
        'role="main"><h1>All modules for which code is available</h1><ul><li>'
        '<a href="pynput/_util.html">pynput._util</a></li></ul></div></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="viewcode"):
        parse(page, "html/_modules/index.html")
    # Shibuya, sphinxawesome and Nefertiti (Sphinx 7.2 on) load the script at the end of
    # <body>, and name Sphinx only by the root its basic layout writes on <html>.
    shibuya = (
        '<!DOCTYPE html><html lang="en" data-content_root="../"><head><title>Overview: module '
        'code</title></head><body><main class="sy-main"><h1>All modules for which code is '
        'available</h1><ul><li><a href="demo.html">demo</a></li></ul></main><script src="../'
        '_static/documentation_options.js"></script></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="viewcode"):
        parse(shibuya, "html/_modules/index.html")
    # sphinx-immaterial 0.13.12 writes neither: its stylesheet names it.
    immaterial = shibuya.replace(' data-content_root="../"', "").replace(
        "<title>",
        '<link rel="stylesheet" href="../_static/sphinx_immaterial_theme.6f0d2a7.min.css" />'
        "<title>",
    )
    with pytest.raises(UnreadableDocument, match="viewcode"):
        parse(immaterial, "html/_modules/index.html")
    # a page of that name no Sphinx build wrote is read
    assert parse("<h1>Modules</h1><p>Why.</p>", "docs/_modules/index.html").sections


def test_a_page_of_mkdocs_default_theme_is_read_beside_its_search_dialog() -> None:
    # The mkdocs theme writes the search box's results on every page, in a dialog after the
    # article: Black 23.1's docs (150 sections) and MkDocs 1.4's own (419) read as nothing.
    page = (
        '<html><body><div class="container"><div class="col-md-9" role="main"><h1 id="faq">FAQ'
        '</h1><p>Why spaces?</p></div></div><div class="modal" id="mkdocs_search_modal">'
        '<div class="modal-body"><form><input type="search" id="mkdocs-search-query"></form>'
        '<div id="mkdocs-search-results" data-no-results-text="No results found"></div></div>'
        "</div></body></html>"
    )
    assert [s.body for s in parse(page, "faq.html").sections] == ["Why spaces?"]


def test_a_docbook_books_index_is_skipped() -> None:
    # GLib 2.74's GTK-Doc reference: api-index-full.html, 127 KB of names read as 33 sections.
    head = (
        '<html><head><title>Index: GLib Reference Manual</title><meta name="generator" '
        'content="DocBook XSL Stylesheets Vsnapshot"></head><body>'
    )
    index = (
        '<div class="index"><div class="titlepage"><div><div><h1 class="title">'
        '<a name="api-index-full"></a>Index</h1></div></div></div><a name="idxA"></a>'
        '<h3 class="title">A</h3><dt><a class="link" href="glib-Misc.html#g-abort">g_abort</a>,'
        ' macro in <a class="link" href="glib-Misc.html">Miscellaneous</a></dt><dd></dd></div>'
    )
    with pytest.raises(UnreadableDocument, match="DocBook's index"):
        parse(head + index + "</body></html>", "api-index-full.html")
    # The book's contents page links to it with a span.index, and a page no DocBook built
    # may name its own divisions so.
    contents = (
        '<h1>GLib</h1><dl><dt><span class="index"><a href="i.html">Index</a></span></dt></dl>'
    )
    assert parse(head + contents + "</body></html>", "index.html").sections
    assert parse(f"<html><body>{index}</body></html>", "index.html").sections


def test_a_docbook_book_on_one_page_is_read_with_its_index() -> None:
    # docbook.xsl (not chunk.xsl) writes the whole book on one page, its index after the
    # chapters inside div.book: the chapters are the book's text.
    page = (
        '<html><head><title>Guide</title><meta name="generator" content="DocBook XSL '
        'Stylesheets V1.79.2"></head><body><div class="book"><div class="chapter">'
        '<div class="titlepage"><h2 class="title"><a name="intro"></a>Introduction</h2></div>'
        "<p>How to frobnicate widgets.</p></div>"
        '<div class="index"><div class="titlepage"><h2 class="title">Index</h2></div>'
        '<dl><dt>frobnicate, <a href="#intro">Introduction</a></dt></dl></div></div>'
        "</body></html>"
    )
    sections = parse(page, "guide.html").sections
    assert "How to frobnicate widgets." in [s.body for s in sections]


def test_a_doxygen_source_listing_is_skipped() -> None:
    # SDL 2.26.5's Debian docs: 77 headers' listings, 1.1 MB of code beside the files' pages.
    page = (
        '<html><head><meta name="generator" content="Doxygen 1.9.4"/><title>SDL: SDL_audio.h '
        'Source File</title></head><body><div class="header"><div class="title">SDL_audio.h'
        '</div></div><div class="contents"><a href="_s_d_l__audio_8h.html">Go to the '
        'documentation of this file.</a><div class="fragment"><div class="line">'
        '<a id="l00001" name="l00001"></a><span class="lineno">    1</span>/*</div></div>'
        "</div></body></html>"
    )
    with pytest.raises(UnreadableDocument, match="listing of a source file"):
        parse(page, "d3/d78/_s_d_l__audio_8h_source.html")
    # the file's own page, and a page of that name no Doxygen wrote, are read
    assert parse(page, "d3/d78/_s_d_l__audio_8h.html").sections
    assert parse("<h1>Open source</h1><p>Why.</p>", "open_source.html").sections


def test_a_doxygen_page_of_a_project_s_own_header_is_known_by_the_stylesheet() -> None:
    # CppUnit 1.15.1 (libcppunit-doc): its HTML_HEADER names no generator; its 68 listings
    # and 60 indexes were read (1,609 -> 1,405 sections, 572,557 -> 406,492 characters).
    page = (
        "<html><head><title>CppUnit - The Unit Testing Library</title>"
        '<link href="doxygen.css" rel="stylesheet" type="text/css"></head><body><table><tr>'
        '<td><a href="http://cppunit.example/">CppUnit project page</a></td></tr></table>'
        '<div class="contents"><div class="textblock">Here is a list of all class members '
        "with links to the classes they belong to:</div><ul><li>run() : <a>TestRunner</a>"
        "</li></ul></div></body></html>"
    )
    with pytest.raises(UnreadableDocument, match="Doxygen's index"):
        parse(page, "functions.html")
    with pytest.raises(UnreadableDocument, match="listing of a source file"):
        parse(page, "TestRunner_8h_source.html")


def test_a_doxygen_source_listing_of_short_names_is_skipped() -> None:
    # libpqxx 6.4.5's Debian docs (SHORT_NAMES): 43 listings such as a00002_source.html,
    # 151,894 characters of code beside the files' pages (a00002.html).
    page = (
        '<html><head><meta name="generator" content="Doxygen 1.8.13"/><title>libpqxx: array.hxx '
        'Source File</title></head><body><div class="header"><div class="title">array.hxx</div>'
        '</div><div class="contents"><div class="fragment"><div class="line"><a name="l00001">'
        '</a><span class="lineno">    1</span>&#160;#ifndef PQXX_H_ARRAY</div></div></div>'
        "</body></html>"
    )
    for relpath in ("a00002_source.html", "Reference/a00002_source.html"):
        with pytest.raises(UnreadableDocument, match="listing of a source file"):
            parse(page, relpath)
    assert parse(page, "Reference/a00002.html").sections
    assert parse(page, "Reference/data_source.html").sections


@pytest.mark.parametrize(
    "relpath", ["structwl__event__source.html", "class_data_source.html", "group__source.html"]
)
def test_a_doxygen_page_of_a_name_ending_in_source_is_read(relpath: str) -> None:
    # Doxygen's pages of a struct wl_event_source, a class DataSource (CASE_SENSE_NAMES=NO) and
    # a group "source" end in _source.html too; only a file's listing has its "_8" dot before.
    page = (
        '<html><head><meta name="generator" content="Doxygen 1.9.4"/></head><body>'
        '<div class="contents"><div class="textblock"><p>An event source of the loop.</p>'
        "</div></div></body></html>"
    )
    assert [s.body for s in parse(page, relpath).sections] == ["An event source of the loop."]


@pytest.mark.parametrize(
    "relpath",
    [
        "functions.html", "functions_b.html", "functions_func_0x7e.html", "globals_defs.html",
        "html/namespacemembers_type.html", "annotated.html", "classes.html", "files.html",
        "hierarchy.html", "namespaces.html", "modules.html", "pages.html",
        # Doxygen 1.9.8 on: its groups' list and C++20 modules' members; Slice's lists
        "topics.html", "modulemembers_func.html", "interfaces.html", "annotatedstructs.html",
        "exceptionhierarchy.html",
    ],
)  # fmt: skip
def test_a_doxygen_index_is_skipped(relpath: str) -> None:
    # jsoncpp 1.9.5's Debian docs: 63 such pages, 135 sections of "add() : Json::Value" and
    # "▼CCharReader | Interface for reading JSON" lines beside the classes' own pages.
    page = (
        '<html><head><meta name="generator" content="Doxygen 1.9.4"/><title>jsoncpp: Class '
        'Members</title></head><body><div class="contents"><div class="textblock">Here is a '
        "list of all class members with links to the classes they belong to:</div>"
        '<h3><a id="index_a" name="index_a"></a>- a -</h3><ul><li>append() : <a class="el" '
        'href="class_json_1_1_value.html">Json::Value</a></li></ul></div></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="Doxygen's index"):
        parse(page, relpath)


@pytest.mark.parametrize(
    "relpath",
    ["functions_8h.html", "globals_8hpp.html", "classfiles.html", "md_pages.html",
     "group__functions.html", "my_classes.html"],
)  # fmt: skip
def test_a_doxygen_page_named_like_an_index_is_read(relpath: str) -> None:
    # a header functions.h, a class "files", a Markdown page pages.md, a group "functions"
    page = (
        '<html><head><meta name="generator" content="Doxygen 1.9.4"/></head><body>'
        '<div class="contents"><div class="textblock"><p>Helpers.</p></div></div></body></html>'
    )
    assert [s.body for s in parse(page, relpath).sections] == ["Helpers."]
    # and an index's name on a page no Doxygen wrote
    assert parse("<h1>Classes</h1><p>Helpers.</p>", "classes.html").sections


@pytest.mark.parametrize("relpath", ["examples.html", "modules.html", "html/functions.html"])
@pytest.mark.parametrize("toc", ["", '<div class="toc"><h3>Table of Contents</h3></div>'])
def test_a_doxygen_related_page_named_like_an_index_is_read(relpath: str, toc: str) -> None:
    # "\page examples Examples" writes examples.html: the project's prose, all of it in the
    # div.textblock (Doxygen 1.9 wraps it in a div.PageDoc, 1.8.13 does not)
    page = (
        '<html><head><meta name="generator" content="Doxygen 1.8.13"/></head><body>'
        '<div class="header"><div class="headertitle"><div class="title">Examples</div></div>'
        f'</div><div class="contents">{toc}<div class="textblock"><p>Connect, then query.</p>'
        "</div></div></body></html>"
    )
    assert [s.body for s in parse(page, relpath).sections][-1] == "Connect, then query."
    # Doxygen's own list of examples holds its list beside the block
    index = page.replace("</div></div></body>", "</div><ul><li>connect.cpp</li></ul></div></body>")
    with pytest.raises(UnreadableDocument, match="Doxygen's index"):
        parse(index, relpath)


def test_doxygen_s_legend_of_its_graphs_is_skipped() -> None:
    # libpqxx 6.4.5, CppUnit 1.15.1 and SDL 2.26.5: the same 2,167 characters in each, classes
    # "Invisible", "Truncated", "PublicBase"... of Doxygen's example read as the project's
    page = (
        '<html><head><link href="doxygen.css" rel="stylesheet"/><title>SDL: Graph Legend</title>'
        '</head><body><div class="contents"><p>This page explains how to interpret the graphs '
        'that are generated by doxygen.</p><div class="fragment"><div class="line">class '
        "Invisible { };</div></div></div></body></html>"
    )
    with pytest.raises(UnreadableDocument, match="legend of its graphs"):
        parse(page, "html/graph_legend.html")
    assert parse(page.replace("doxygen.css", "site.css"), "graph_legend.html").sections


def test_a_page_naming_those_marks_in_its_text_is_read() -> None:
    page = "<html><body><h1>Themes</h1><p>Style <code>genindextable</code> and #search-results.</p>"
    assert [s.heading for s in parse(page, "themes.html").sections] == ["Themes"]


def test_every_mark_of_a_generated_page_holds_a_probe() -> None:
    from builder.parsers.html import generated_pages

    for mark, _, _ in generated_pages._MARKS:
        assert any(probe in mark for probe in generated_pages._PROBES), mark
        page = f"<p>{mark}</p>"
        assert generated_pages.may_be_generated(page, read_head(page))
    page = "<p>index table search results</p>"
    assert not generated_pages.may_be_generated(page, read_head(page))


def test_haddock_s_hyperlinked_source_is_skipped() -> None:
    # aeson 2.0.3.0's Debian docs: 56 modules' source, 233 sections of code and comments beside
    # the modules' pages that document them.
    page = (
        '<html><head><link rel="stylesheet" type="text/css" href="style.css" /><script '
        'type="text/javascript" src="highlight.js"></script></head><body><pre><span '
        'class="hs-keyword">module</span> <span class="hs-identifier">Data.Aeson.Text</span>'
        "</pre></body></html>"
    )
    with pytest.raises(UnreadableDocument, match="Haddock's hyperlinked source"):
        parse(page, "html/src/Data.Aeson.Text.html")
    # the module's own page, and a page under src/ no Haddock wrote, are read
    assert parse(page, "html/Data-Aeson-Text.html").sections
    assert parse("<h1>Sources</h1><p>Why.</p>", "src/Sources.html").sections


@pytest.mark.parametrize(
    "relpath", ["doc-index.html", "doc-index-A.html", "doc-index-62.html", "doc-index-All.html"]
)
def test_haddock_s_index_is_skipped(relpath: str) -> None:
    # aeson 2.0.3.0's: 30 sections of names, each linking to its entry
    page = (
        "<html><head><title>aeson-2.0.3.0: Fast JSON parsing and encoding (Index - T)</title>"
        '<script src="haddock-bundle.min.js" async="async" type="text/javascript"></script>'
        '</head><body><div id="content"><div id="index"><p class="caption">Index</p><table>'
        '<tr><td class="src">toJSON</td><td class="module"><a href="Data-Aeson.html#v:toJSON">'
        "Data.Aeson</a></td></tr></table></div></div></body></html>"
    )
    with pytest.raises(UnreadableDocument, match="Haddock's index"):
        parse(page, f"html/{relpath}")
    assert parse(page.replace("haddock-bundle", "site"), relpath).sections


@pytest.mark.parametrize(
    ("relpath", "reason"),
    [
        ("api/index-all.html", "javadoc's index"),
        ("api/index-files/index-3.html", "javadoc's index"),
        ("api/allclasses-index.html", "javadoc's index"),
        ("api/allclasses-frame.html", "javadoc's index"),
        ("api/overview-tree.html", "javadoc's index"),
        ("api/net/sourceforge/argparse4j/inf/package-tree.html", "javadoc's index"),
        ("api/net/sourceforge/argparse4j/inf/class-use/Argument.html", "javadoc's uses"),
        ("api/net/sourceforge/argparse4j/inf/package-use.html", "javadoc's uses"),
        ("api/help-doc.html", "javadoc's help page"),
    ],
)
def test_javadoc_s_indexes_uses_and_help_are_skipped(relpath: str, reason: str) -> None:
    # argparse4j 0.4.4's Debian docs: 179 of its 816 sections, 40% of its text, were these
    for head in ("<!-- Generated by javadoc -->", '<meta name="generator" content="javadoc/X">'):
        page = (
            f"<html><head>{head}<title>Index (argparse4j 0.4.4 API)</title></head><body>"
            '<main><dl><dt><a href="Argument.html#help(java.lang.String)">help(String)</a>'
            "</dt><dd>Method in interface Argument</dd></dl></main></body></html>"
        )
        with pytest.raises(UnreadableDocument, match=reason):
            parse(page, relpath)
    # a page of that name no javadoc wrote, and a class's own page, are read
    assert parse(page.replace("javadoc/X", "site"), relpath).sections
    assert parse(page, "api/net/sourceforge/argparse4j/inf/Argument.html").sections


def test_yard_s_lists_and_index_are_skipped() -> None:
    # ruby-cri 2.15.11's Debian docs (YARD 0.9.24): the frame's lists of every class, method and
    # file, and the alphabetic index, read as 5 sections of names
    listing = (
        '<html><head><script type="text/javascript" charset="utf-8" src="js/full_list.js">'
        '</script><title>Method List</title></head><body><div id="content"><ul id="full_list">'
        '<li><a href="Cri/Command.html#run-instance_method">#run</a></li></ul></div></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="YARD's list"):
        parse(listing, "yardoc/method_list.html")
    index = (
        '<html><head><script type="text/javascript" charset="utf-8" src="js/app.js"></script>'
        '<title>Documentation by YARD 0.9.24</title></head><body><div id="content"><h1 '
        'class="alphaindex">Alphabetic Index</h1><h2>File Listing</h2><ul><li><a href="'
        'index.html">README</a></li></ul></div></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="YARD's alphabetic index"):
        parse(index, "yardoc/_index.html")
    # a class's page of YARD's, and a page of those names no YARD wrote, are read
    assert parse(index, "yardoc/Cri/Command.html").sections
    assert parse(listing.replace("full_list.js", "site.js"), "method_list.html").sections
    assert parse(index.replace("js/app.js", "site.js"), "_index.html").sections


def test_rdoc_s_table_of_contents_is_skipped() -> None:
    # ruby-rinku 1.7.3's Debian docs (RDoc's Darkfish): its list of every class and method read
    # as two sections of names beside the classes' own pages
    page = (
        '<html><head><title>Table of Contents - RDoc Documentation</title><script src="./js/'
        'darkfish.js"></script></head><body><main role="main"><h1 class="class">Table of '
        'Contents - RDoc Documentation</h1><h2 id="classes">Classes and Modules</h2><ul><li>'
        '<a href="Rinku.html">Rinku</a></li></ul></main></body></html>'
    )
    with pytest.raises(UnreadableDocument, match="RDoc's table of contents"):
        parse(page, "html/table_of_contents.html")
    assert parse(page, "html/Rinku.html").sections
    assert parse(page.replace("darkfish.js", "site.js"), "table_of_contents.html").sections
