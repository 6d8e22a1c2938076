"""Tests for builder.parsers.html.main_content's chrome stripping: navigation, sidebars and
widgets leave the page, content asides stay, and every shortcut finds what the plain rule finds."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html import chrome_attributes, main_content
from builder.parsers.html.dropped import drop_keeping_tails
from builder.parsers.html.parser import parse


def bodies_of(page: str) -> list[str]:
    return [section.body for section in parse(page, "p.html").sections]


def test_chrome_is_judged_per_element_not_per_tag_and_class() -> None:
    # Class verdicts are remembered per class value; role and label stay each element's own.
    page = (
        '<main><h1>T</h1><div class="box" role="navigation">nav</div><div class="box">one</div>'
        '<p class="x" aria-label="breadcrumb">crumbs</p><p class="x">two</p>'
        '<aside class="note">side</aside><aside class="note admonition">three</aside></main>'
    )
    (section,) = parse(page, "j.html").sections
    assert section.body == "one\n\ntwo\n\nthree"


def test_a_sidebar_directive_box_is_content_and_a_sidebar_of_navigation_is_not() -> None:
    # Python 3.11's argparse page opens with docutils' sidebar, '<aside class="sidebar">'
    # and its '<p class="sidebar-title">Tutorial</p>': dropped with the theme's asides, the
    # page lost its pointer to the tutorial (and enum's its "Important" box).
    page = (
        '<div role="main"><section id="t"><h1>T</h1>'
        '<aside class="sidebar"><p class="sidebar-title">Tutorial</p>'
        "<p>For a gentler introduction, see the tutorial.</p></aside>"
        '<aside class="sidebar"><ul><li><a href="a.html">Home</a></li></ul></aside>'
        "<p>Body.</p></section></div>"
    )
    (section,) = parse(page, "s.html").sections
    assert section.body == "Tutorial\n\nFor a gentler introduction, see the tutorial.\n\nBody."


def test_docutils_table_of_contents_box_is_chrome_as_its_nav_is() -> None:
    # docutils before 0.18 (lxml 4.9.2's pages, docutils' own, Sphinx builds of those years)
    # writes ".. contents::" as a div.contents.topic, later ones as a <nav>: the list of every
    # heading of the page read as the top section's body (46 of docutils 0.19's doc pages, 20
    # of lxml's). A topic box of text and Doxygen's div.contents stay.
    page = (
        '<div class="document"><h1 class="title">Tutorial</h1>'
        '<div class="contents topic" id="contents"><p class="topic-title">Contents</p>'
        '<ul class="simple"><li><a class="reference internal" href="#the-element-class">'
        "The Element class</a></li></ul></div>"
        '<p>Intro.</p><div class="topic"><p class="topic-title">Note</p><p>Kept.</p></div>'
        '<div class="section" id="the-element-class"><h1>The Element class</h1><p>Body.</p>'
        '<div class="contents local topic" id="c2"><ul><li><a href="#x">X</a></li></ul></div>'
        "</div></div>"
    )
    assert [(s.heading, s.body) for s in parse(page, "tutorial.html").sections] == [
        ("Tutorial", "Intro.\n\nNote\n\nKept."),
        ("The Element class", "Body."),
    ]
    doxygen = (
        '<div class="header"><div class="title">json.h</div></div>'
        '<div class="contents"><p>Core API.</p></div>'
    )
    assert [s.body for s in parse(doxygen, "json_8h.html").sections] == ["Core API."]


def test_gtk_doc_navigation_table_is_chrome() -> None:
    # GLib 2.74's GTK-Doc reference (libglib2.0-doc): each of its 386 pages opened with a
    # title section of its navigation bar alone.
    page = (
        "<html><head><title>Hash Tables: GLib Reference Manual</title></head><body>"
        '<table class="navigation" id="top" width="100%"><tr valign="middle">'
        '<td class="shortcuts"><a href="#" class="shortcut">Top</a><span id="nav_description">'
        '  <span class="dim">|</span> <a href="#d" class="shortcut">Description</a></span></td>'
        '<td><a accesskey="h" href="index.html"><img src="home.png" alt="Home"></a></td>'
        '<td><a accesskey="n" href="glib-Strings.html"><img src="right.png" alt="Next"></a></td>'
        '</tr></table><div class="refentry"><div class="refnamediv"><h2>Hash Tables</h2>'
        "<p>Hash Tables — associations between keys and values</p></div></div></body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "glib-Hash-Tables.html").sections] == [
        ("Hash Tables", "Hash Tables — associations between keys and values")
    ]


def test_a_bootstrap_main_content_column_is_the_article() -> None:
    # Django REST framework 3.14's MkDocs theme (python-djangorestframework-doc): no <main>
    # or role="main", so <body> was read and 71 pages opened with the navbar ("GitHub Next
    # Previous Search") and the whole site's menu from the sidebar.
    page = (
        '<body><div class="wrapper"><div class="navbar navbar-inverse"><div class="navbar-inner">'
        '<a class="brand" href="/">Django REST framework</a><ul class="nav"><li>Home</li>'
        '</ul></div></div><div class="body-content"><div class="row-fluid"><div class="span3">'
        '<div id="table-of-contents"><ul class="nav nav-list side-nav"><li>Views</li></ul>'
        '</div></div><div id="main-content" class="span9"><h1 id="class-based-views">'
        "Class-based Views</h1><p>Django's class-based views.</p></div></div></div></div>"
        '<a id="main-content"></a></body>'
    )
    assert [(s.heading, s.body) for s in parse(page, "views.html").sections] == [
        ("Class-based Views", "Django's class-based views.")
    ]
    # a skip link's target is no article
    skip = '<body><a id="main-content"></a><h1>Title</h1><p>Text.</p></body>'
    assert [(s.heading, s.body) for s in parse(skip, "s.html").sections] == [("Title", "Text.")]
    skip = '<body><div id="main-content" tabindex="-1"></div><h1>Title</h1><p>Text.</p></body>'
    assert [(s.heading, s.body) for s in parse(skip, "s.html").sections] == [("Title", "Text.")]


def test_texinfo_table_of_contents_is_chrome() -> None:
    # R 4.2.2's single-page manuals (r-doc-html, makeinfo 6): each opened with a section
    # "Table of Contents" listing every heading of the manual (seven such sections).
    page = (
        '<html><head><meta name="Generator" content="makeinfo"></head><body>'
        '<h1 class="settitle">An Introduction to R</h1><p>This is an introduction.</p>'
        '<div class="Contents_element" id="SEC_Contents"><h2 class="contents-heading">'
        'Table of Contents</h2><div class="contents"><ul class="no-bullet"><li><a id="toc-P" '
        'href="#Preface">Preface</a></li></ul></div></div>'
        '<div class="unnumbered" id="Preface"><h2 class="unnumbered">Preface</h2>'
        "<p>This introduction to R.</p></div></body></html>"
    )
    expected = [
        ("An Introduction to R", "This is an introduction."),
        ("Preface", "This introduction to R."),
    ]
    assert [(s.heading, s.body) for s in parse(page, "R-intro.html").sections] == expected
    utf8 = page.encode()  # read as a build reads it: the generator looked for in its head
    assert [(s.heading, s.body) for s in parse(page, "R-intro.html", utf8).sections] == expected


def test_texinfo_indices_are_chrome() -> None:
    # R 4.2.2's manuals: 'Concept index' and 'Function and variable index' were sections of
    # their tables' rows (about 100,000 characters of the manuals' 1.58 million).
    jump = (
        '<table><tr><th valign="top">Jump to: &nbsp; </th><td><a class="summary-letter" '
        'href="#Concept-index_cp_letter-B"><b>B</b></a></td></tr></table>'
    )
    page = (
        '<html><head><meta name="Generator" content="texi2any"></head><body>'
        '<h2 class="chapter">1 Linear algebra</h2><p>BLAS.</p>'
        '<h2 class="appendix">Concept index</h2>'
        + jump
        + '<table summary="" class="index-cp" border="0"><tr><td></td><th align="left">Index '
        'Entry</th><td></td><th align="left"> Section</th></tr><tr><td></td><td valign="top">'
        '<a href="#index-BLAS-library">BLAS library</a>:</td><td></td><td valign="top">'
        '<a href="#Linear-algebra">Linear algebra</a></td></tr></table>'
        + jump
        + '<h2 class="appendix">Variable index</h2><table class="vr-entries-printindex"><tr>'
        '<td><a href="#index-R_005fHOME">R_HOME</a>:</td><td><a href="#S">Setup</a></td></tr>'
        "</table></body></html>"
    )
    expected = [("1 Linear algebra", "BLAS."), ("Concept index", ""), ("Variable index", "")]
    assert [(s.heading, s.body) for s in parse(page, "R-admin.html").sections] == expected
    utf8 = page.encode()
    assert [(s.heading, s.body) for s in parse(page, "R-admin.html", utf8).sections] == expected


def test_matplotlib_plot_format_links_are_chrome() -> None:
    # statsmodels 0.13.5 and SymPy 1.11.1 (Debian's docs): 48 and 88 sections held the line
    # "(Source code, png, hires.png, pdf)" above each figure.
    page = (
        # Furo (SymPy's theme) loads documentation_options.js at the end of <body>
        "<html><head><title>Plots</title>"
        '<link rel="stylesheet" href="_static/plot_directive.css" /></head><body>'
        '<div role="main"><h1>Plots</h1><p>The residuals:</p><p>(<a class="reference external" '
        'href="../plots/ceres.py">Source code</a>, <a class="reference external" '
        'href="../plots/ceres.png">png</a>, <a class="reference external" '
        'href="../plots/ceres.hires.png">hires.png</a>, <a class="reference external" '
        'href="../plots/ceres.pdf">pdf</a>)</p><figure class="align-default"><img alt="" '
        'class="plot-directive" src="../_images/ceres.png" /></figure>'
        '<p>(See <a href="fit.html">fitting</a>.)</p><figure><img class="plot-directive" '
        'src="f.png" alt="" /></figure>'
        # code drawing two figures: the links are each one's caption (SymPy's PlotGrid)
        '<figure class="align-default" id="id5"><img class="plot-directive" src="g_00.png" '
        'alt="" /><figcaption><p><span class="caption-text">(<a href="g_00.png">png</a>, '
        '<a href="g_00.hires.png">hires.png</a>, <a href="g_00.pdf">pdf</a>)</span></p>'
        '</figcaption></figure><figure><img class="plot-directive" src="g_01.png" alt="" />'
        '<figcaption><p><span class="caption-text">The grid (<a href="g_01.png">png</a>)</span>'
        "</p></figcaption></figure></div></body></html>"
    )
    assert bodies_of(page) == ["The residuals:\n\n(See fitting.)\n\nThe grid (png)"]
    utf8 = page.encode()  # read as a build reads it: the marks looked for in its head
    assert [s.body for s in parse(page, "p.html", utf8).sections] == bodies_of(page)


def test_a_paragraph_of_links_before_a_section_with_a_plot_is_read() -> None:
    # Only the figure right after the links makes them the directive's: here the next element
    # is a section that draws a plot further down.
    page = (
        '<html><head><link rel="stylesheet" href="_static/plot_directive.css" /></head><body>'
        '<div role="main"><section id="plots"><h1>Plots</h1><p><a href="guide.html">Read the '
        'plotting guide first</a></p><section id="line"><h2>Line</h2><p>A line.</p><figure>'
        '<img class="plot-directive" src="line.png" alt="" /></figure></section></section>'
        "</div></body></html>"
    )
    assert [s.body for s in parse(page, "p.html", page.encode()).sections] == [
        "Read the plotting guide first",
        "A line.",
    ]


def test_a_side_menu_inside_the_article_is_chrome() -> None:
    # lxml 4.9.2's pages (python-lxml-doc): 24 of them opened with a section of the site's menu.
    page = (
        '<body><div class="document" id="the-lxml-etree-tutorial"><div class="sidemenu" '
        'id="sidemenu"><div class="menutrigger">Menu</div><div class="menu"><div class="banner">'
        'Like the tool?</div><ul><li><a href="index.html">lxml</a></li></ul></div></div>'
        '<h1 class="title">The lxml.etree Tutorial</h1><p>This is a tutorial.</p></div></body>'
    )
    assert [(s.heading, s.body) for s in parse(page, "tutorial.html").sections] == [
        ("The lxml.etree Tutorial", "This is a tutorial.")
    ]


def test_a_headings_source_link_is_chrome() -> None:
    # json-glib 1.6.6's gi-docgen reference (libjson-glib-doc): 480 headings, one on every
    # class, struct and function page, read "Description [src]" and "Declaration [src]".
    page = (
        '<section id="main" class="content"><section><h4 id="description">Description'
        '<a href="#description" class="anchor"></a><a class="srclink" title="go to source '
        'location" href="https://example.invalid/json-builder.c#L25">[src]</a></h4>'
        '<div class="docblock"><p>JsonBuilder provides an object.</p></div></section></section>'
    )
    assert [(s.heading, s.body) for s in parse(page, "class.Builder.html").sections] == [
        ("Description", "JsonBuilder provides an object.")
    ]


def _strip_by_rule(root: Element) -> None:
    """The chrome rule checked element by element, with no shortcut: what strip_chrome does."""
    doomed = []
    for element in root.iter():
        names = set((element.get("class") or "").split())
        if (
            element.tag in main_content._CHROME_TAGS
            or (
                element.tag == "aside"
                and not names & main_content._CONTENT_ASIDES
                and not ("sidebar" in names and main_content._SIDEBAR_TITLE(element))
            )
            or names & main_content._CHROME_CLASSES
            or any(group <= names for group in main_content._CHROME_CLASS_GROUPS)
            or element.get("role") in chrome_attributes.CHROME_ROLES
            or element.get("aria-label") in chrome_attributes.CHROME_LABELS
        ):
            doomed.append(element)
    drop_keeping_tails(element for element in doomed if element is not root)


def test_chrome_found_by_tag_class_and_attribute_shortcuts_is_what_the_rule_finds() -> None:
    # strip_chrome finds chrome tags with lxml's tag filter, roles and labels with one XPath,
    # and judges each class value once; every mix of tag, class, role and label, nested and
    # with tails, must lose exactly the elements the plain rule drops.
    tags = ["div", "span", "nav", "aside", "button", "p"]
    values = [None, "", "note", "admonition", "headerlink", "x  sphinxsidebar", "topic contents"]
    roles = [None, "navigation", "main", "NAVIGATION", "search"]
    labels = [None, "breadcrumb", "Breadcrumb", "other"]
    pieces = []
    for n, (tag, value, role, label) in enumerate(itertools.product(tags, values, roles, labels)):
        attributes = "".join(
            f' {name}="{given}"'
            for name, given in (("class", value), ("role", role), ("aria-label", label))
            if given is not None
        )
        inner = f'<span class="{values[n % len(values)] or ""}">in{n}</span>'
        pieces.append(f"<{tag}{attributes}>t{n}{inner}</{tag}>tail{n} ")
    page = f"<html><body><main>{''.join(pieces)}</main></body></html>"
    stripped, expected = main_content.load_document(page), main_content.load_document(page)
    assert stripped is not None and expected is not None
    main_content.strip_chrome(stripped)
    _strip_by_rule(expected)
    assert etree.tostring(stripped) == etree.tostring(expected)
    assert b"tail5 " in etree.tostring(stripped) and b"t5<" not in etree.tostring(stripped)


def test_roles_and_labels_looked_for_in_the_source_first_are_what_the_rule_finds() -> None:
    # With the page's bytes, strip_chrome reads the roles and labels written on the lines of
    # the elements under the main content before running its XPath; chrome written in every
    # way the source allows (names in any case, values with spaces, references or no quotes,
    # start tags over several lines, beside the content on its last line) is still found,
    # and chrome around the content alone lets the XPath be skipped.
    inside = [
        '<div ROLE="navigation">a</div>',
        '<div\n  aria-label = "breadcrumb"\n>b</div>',
        "<div role='search'>c</div>",
        '<div role="&#110;avigation">d</div>',
        "<div role=banner>e</div>",
        '<div role="contentinfo"\n>f</div>',
        '<p>g</p><div role="navigation">h</div>',
    ]
    pages = [
        '<html><body>\n<nav role="navigation">x</nav>\n<div role="main">\n<p>keep</p>\n'
        f"{chrome}\n</div>\n<div role='navigation'>y</div>\n</body></html>"
        for chrome in inside
    ]
    # On the line the content starts on, and the only chrome of the page.
    pages.append('<html><body>\n<div role="main"><div role="search">z</div>\n<p>keep</p></div>')
    for page in pages:
        data = page.encode()
        stripped, expected = (
            main_content.load_document(page, data),
            main_content.load_document(page),
        )
        assert stripped is not None and expected is not None
        main_content.strip_chrome(main_content.find_main(stripped), data)
        _strip_by_rule(main_content.find_main(expected))
        assert etree.tostring(stripped) == etree.tostring(expected), page
    around = (
        '<html><body>\n<div role="navigation" aria-label="breadcrumb">x</div>\n'
        '<div role="main">\n<p role="note">keep</p></div>\n<div role="search">y</div>\n'
        "</body></html>"
    )
    document = main_content.load_document(around, around.encode())
    assert document is not None
    main = main_content.find_main(document)
    assert not chrome_attributes.may_hold_chrome_attributes(main, around.encode())
    assert chrome_attributes.may_hold_chrome_attributes(main, None)


def test_a_header_holding_its_section_s_heading_alone_is_content() -> None:
    # RDoc's Darkfish (ruby-rubymail-doc 1.1.4) heads each list of a class's members with a
    # <header><h3>Constants</h3></header>; read as chrome, the constants' names ran into the
    # class's description and its methods stood under no "Public Instance Methods".
    page = (
        '<html><body><header class="top"><a href="/">Home</a><h1>Site</h1></header><main>'
        "<h1>class Address</h1><section><p>Parses addresses.</p></section>"
        '<section class="constants-list"><header><h3>Constants</h3></header><dl><dt>ATEXT'
        "<dd>Atom text.</dd></dl></section></main></body></html>"
    )
    parsed = parse(page, "Address.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("class Address", "Parses addresses."),
        ("Constants", "ATEXT\n  Atom text."),
    ]


def test_apache_httpd_s_page_content_is_the_article_without_its_language_links() -> None:
    # apache2-doc 2.4.71: every page opened with its header of links, its breadcrumbs and the
    # links to its other languages ("Modules | Directives | FAQ ... Apache > HTTP Server >
    # Documentation", "Available Languages: en | fr | ja").
    page = (
        '<html><head><title>mod_alias</title></head><body><div id="page-header"><p '
        'class="menu"><a href="index.html">Modules</a> | <a href="g.html">Glossary</a></p>'
        '<p class="apache">Apache HTTP Server Version 2.4</p></div><div id="path"><a '
        'href="/">Apache</a> &gt; <a href="../">Modules</a></div><div id="page-content">'
        '<div id="preamble"><h1>Apache Module mod_alias</h1><div class="toplang"><p><span>'
        'Available Languages: </span><a href="fr.html">fr</a></p></div><p>Maps URLs.</p>'
        '</div><div class="bottomlang"><p>Available Languages: <a href="fr.html">fr</a></p>'
        "</div></div></body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "mod_alias.html").sections] == [
        ("Apache Module mod_alias", "Maps URLs.")
    ]


def test_a_link_back_to_the_page_s_top_is_chrome() -> None:
    # Apache httpd 2.4.71's manual ends each section with a div.top holding an arrow linking
    # to the page's header, its alt text "top": a line "top" ended 1,519 of 3,565 sections.
    page = (
        '<html><body><main><h1>mod_alias</h1><p>Maps URLs.</p><div class="top"><a '
        'href="#page-header"><img alt="top" src="up.gif"></a></div><h2>Alias</h2><p>Maps '
        'one, <a href="#top">see the top</a>.</p><p><a href="#">Back to top</a></p>'
        '<p>Go to the <a href="#x">top</a> of it.</p></main></body></html>'
    )
    assert bodies_of(page) == ["Maps URLs.", "Maps one, see the top.\n\nGo to the top of it."]


def test_a_table_of_related_modules_is_content_where_sphinx_s_related_bar_is_chrome() -> None:
    # Apache httpd 2.4.71's manual lists a page's related modules and directives in a
    # table.related, dropped as Sphinx's div.related bar of links (34 such tables).
    page = (
        '<html><body><main><div class="related"><ul><li><a href="genindex.html">index</a></li>'
        '</ul></div><h1>.htaccess files</h1><table class="related"><tr><th>Related Modules</th>'
        "</tr><tr><td>mod_rewrite</td></tr></table></main></body></html>"
    )
    assert bodies_of(page) == ["Related Modules\nmod_rewrite"]


def test_top_links_are_looked_for_where_the_page_s_bytes_write_one() -> None:
    from lxml import html as lxml_html

    from builder.parsers.html.top_links import top_links

    root = lxml_html.fromstring('<main><p><a href="#top">top</a></p></main>')
    written = [
        b'<img alt="top" src="up.gif">',
        b"<img alt=TOP>",
        b"<a href='#'>Back to top</a>",
        b"<a href='#'> \n top </a>",
        b"<img alt='Back to Top'/>",
    ]
    for source in written:
        assert len(top_links(root, source)) == 1, source
    for source in [b"<p>stop</p>", b"<b>desktop</b>", b">topic<", b"top of it<", b""]:
        assert top_links(root, source) == [], source


def test_a_box_of_lists_linking_to_the_page_s_own_sections_is_chrome() -> None:
    # apache2-doc 2.4.71: each page's div#quickview ("Topics", "Directives": a link to each
    # section below) read as sections repeating the page's headings. Its list of other pages
    # ("See also") stays, and so does a list among a section's text naming a directive of the
    # page, or a box list linking to an anchor the page lacks or with words of its own; and
    # sqlite3-doc 3.40.1's columns of an object's methods (a div holding one list).
    page = (
        '<html><body><main><h1>mod_alias</h1><p>Maps URLs.</p><div id="quickview">'
        '<h3>Topics</h3><ul id="topics"><li><img alt="" src="down.gif"> <a href="#order">'
        'Order</a></li></ul><h3>Directives</h3><ul id="toc"><li><a href="#alias">Alias</a>'
        '</li><li><a href="#redirect">Redirect</a></li></ul><h3>See also</h3><ul><li><a '
        'href="../urlmapping.html">Mapping URLs</a></li></ul><h3>Elsewhere</h3><ul><li><a '
        'href="#gone">Gone</a></li><li><a href="#alias">Alias</a>, the first</li></ul></div>'
        '<h2 id="order">Order</h2><p>First redirects.</p>'
        '<h2><a id="alias">Alias</a></h2><p>Maps one.</p><h3>See also</h3><ul><li><a '
        'href="#redirect">Redirect</a></li></ul>'
        '<h2><a name="redirect">Redirect</a></h2><p>Redirects.</p><p>1 Method:</p><div '
        'class="columns"><ul><li><a href="#alias">Alias</a></li></ul></div></main></body></html>'
    )
    assert [(s.heading, s.body) for s in parse(page, "mod_alias.html").sections] == [
        ("mod_alias", "Maps URLs."),
        ("Topics", ""),  # empty sections are dropped when the build gathers them
        ("Directives", ""),
        ("See also", "- Mapping URLs"),
        ("Elsewhere", "- Gone\n- Alias, the first"),
        ("Order", "First redirects."),
        ("Alias", "Maps one."),
        ("See also", "- Redirect"),
        ("Redirect", "Redirects.\n\n1 Method:\n\n- Alias"),
    ]


def test_fragment_lists_pass_over_empty_and_deep_boxes() -> None:
    from lxml import html as lxml_html

    from builder.parsers.html.fragment_lists import fragment_lists

    assert fragment_lists(lxml_html.fromstring('<ul><li><a href="#">x</a></li></ul>')) == []
    assert fragment_lists(lxml_html.fromstring("<div><ul></ul><ul><li></li></ul></div>")) == []
    deep = "<ul><li>" * 2000 + '<a href="#a" id="a">a</a>' + "</li></ul>" * 2000
    assert len(fragment_lists(lxml_html.fromstring(f"<div><div>{deep}</div></div>"))) <= 1


def test_the_text_after_each_of_a_long_run_of_chrome_stays_in_place() -> None:
    # Each dropped element added its tail to the text before it, read and set again for each:
    # 20,000 navs with words after each took 12 s. Runs first in their parent and after a kept
    # element both keep every word, in order.
    count = 5000
    words = "".join(f"<nav>menu</nav>w{n} " for n in range(count))
    page = f"<main><h1>T</h1><p>{words}</p><p><b>lead</b>{words}end</p></main>"
    (section,) = bodies_of(page)
    run = " ".join(f"w{n}" for n in range(count))
    assert section == f"{run}\n\nlead{run} end"


def test_links_to_generated_pages_are_found_as_the_pattern_finds_them() -> None:
    # The pattern the scan stands for: a :ref: link whose address ends in a generated page.
    pattern = re.compile(
        rb'class="reference internal" href="[^"]*(?:genindex|modindex|search)\.html'
    )
    written = [
        b'<a class="reference internal" href="genindex.html">Index</a>',
        b'<a class="reference internal" href="../py-modindex.html">Modules</a>',
        b'<a class="reference internal" href="research.html">Research</a>',
        b'<a class="reference internal" href="a\nb/search.html#x">s</a>',
        b'<a class="reference internal" href="user.html">U</a> genindex.html',
        b'<a class="reference external" href="genindex.html">Index</a>',
        b'<a href="genindex.html" class="reference internal">Index</a>',
        b'class="reference internal" href="x" y="genindex.html"',
        b'"genindex.html',
        b"genindex.html",
        b'class="reference internal" href="',
        b"",
    ]
    for source in written:
        assert main_content.links_generated_page(source) == bool(pattern.search(source)), source
    # Pieces put together at random: every place a name, a quote or the link's opening can be.
    pieces = [b'class="reference internal" href="', b'"', b"genindex.html", b"py-modindex.html",
              b"search.html", b"x", b"/", b"\n", b'href="', b"class=", b".html"]  # fmt: skip
    chosen = random.Random(16)
    for _ in range(3000):
        source = b"".join(chosen.choices(pieces, k=chosen.randint(0, 8)))
        assert main_content.links_generated_page(source) == bool(pattern.search(source)), source


class _ScannedBytes(bytes):
    """Bytes that add up how far back each ``rfind`` looks."""

    looked = 0

    def rfind(self, sub: Any, start: Any = None, end: Any = None) -> int:
        low, high = start or 0, len(self) if end is None else end
        type(self).looked += max(0, high - low)
        return super().rfind(sub, start, end)


def test_a_long_run_naming_generated_pages_is_scanned_back_once() -> None:
    # An unhighlighted <pre> naming genindex.html on each of its lines, with no quote in it:
    # each name looked back to the block's start, in time the square of the block (160,000
    # lines: 18.8 s).
    lines = b"".join(b"docs/section%d/genindex.html\n" % n for n in range(2000))
    source = _ScannedBytes(
        b'<a class="reference internal" href="intro.html">x</a><pre>' + lines + b"</pre>"
    )
    _ScannedBytes.looked = 0
    assert not main_content.links_generated_page(source)
    assert _ScannedBytes.looked <= len(source)
