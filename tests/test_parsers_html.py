"""Tests for builder.parsers.html.parser: literal pages in, exact sections out."""

from __future__ import annotations

import itertools
import re

import pytest
from lxml import etree

from builder.model import Section
from builder.parsers.html.body_text import (
    _PERMALINK_MARK,
    collapse,
    join_inline,
    render_blocks,
    space,
    without_permalink_mark,
)
from builder.parsers.html.parser import parse

SPHINX_PAGE = """\
<!DOCTYPE html>
<html lang="en">
<head><title>demo — Demo encoder &#8212; Demo 1.0 documentation</title>
<script>var x = "<h2>not a heading</h2>";</script></head>
<body>
<div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="index.html">index</a></li></ul></div>
<div class="document">
<div class="documentwrapper"><div class="bodywrapper">
<div class="body" role="main">
<section id="module-demo">
<span id="demo-encoder"></span><h1><code>demo</code> — Demo encoder<a class="headerlink" href="#module-demo" title="Permalink to this heading">¶</a></h1>
<p>Intro with <code class="docutils literal"><span class="pre">inline</span> <span class="pre">code</span></code> and <em>emphasis</em>.</p>
<div class="admonition note">
<p class="admonition-title">Note</p>
<p>Be careful.</p>
</div>
<section id="basic-usage">
<h2>Basic Usage<a class="headerlink" href="#basic-usage">¶</a></h2>
<dl class="py function">
<dt class="sig sig-object py" id="demo.dumps">
<span class="sig-prename descclassname"><span class="pre">demo.</span></span><span class="sig-name descname"><span class="pre">dumps</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">obj</span></span></em>, <em class="sig-param"><span class="o"><span class="pre">*</span></span></em>, <em class="sig-param"><span class="n"><span class="pre">indent</span></span><span class="o"><span class="pre">=</span></span><span class="default_value"><span class="pre">None</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#demo.dumps" title="Permalink to this definition">¶</a></dt>
<dd><p>Serialize <em>obj</em> to a <code class="xref">str</code>.</p>
<div class="versionchanged">
<p><span class="versionmodified changed">Changed in version 1.1: </span>Added <em>indent</em>.</p>
</div>
</dd></dl>

<dl class="py class">
<dt class="sig sig-object py" id="demo.Encoder">
<em class="property"><span class="pre">class</span><span class="w"> </span></em><span class="sig-prename descclassname"><span class="pre">demo.</span></span><span class="sig-name descname"><span class="pre">Encoder</span></span><a class="headerlink" href="#demo.Encoder">¶</a></dt>
<dd><p>Encodes things.</p>
<dl class="py method">
<dt class="sig sig-object py" id="demo.Encoder.encode">
<span class="sig-name descname"><span class="pre">encode</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">o</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#demo.Encoder.encode">¶</a></dt>
<dd><p>Return a string.</p>
</dd></dl>

</dd></dl>

<p>Text after the class.</p>
<div class="highlight-python3 notranslate"><div class="highlight"><pre><span></span><span class="gp">&gt;&gt;&gt; </span><span class="kn">import</span> <span class="nn">demo</span>
<span class="gp">&gt;&gt;&gt; </span><span class="n">demo</span><span class="o">.</span><span class="n">dumps</span><span class="p">([</span><span class="mi">1</span><span class="p">])</span>
<span class="go">&#39;[1]&#39;</span>
</pre></div>
</div>
</section>
<section id="reference">
<h2>Reference tables<a class="headerlink" href="#reference">¶</a></h2>
<table class="docutils align-default">
<thead><tr><th><p>Python</p></th><th><p>JSON</p></th></tr></thead>
<tbody><tr><td><p>dict</p></td><td><p>object</p></td></tr>
<tr><td><p>list, tuple</p></td><td><p>array</p></td></tr></tbody>
</table>
<ul class="simple">
<li><p>first</p></li>
<li><p>second</p>
<ol><li>nested one</li><li>nested two</li></ol></li>
</ul>
</section>
</section>
<div class="clearer"></div>
</div>
</div></div>
<div class="sphinxsidebar" role="navigation" aria-label="main navigation">
<div class="sphinxsidebarwrapper"><h3>Table of Contents</h3><ul><li><a href="#">demo</a></li></ul></div>
</div>
</div>
<div class="footer">&copy; Copyright 2024. Created using Sphinx.</div>
</body>
</html>
"""  # noqa: E501


def headings(text: str) -> list[tuple[str, tuple[str, ...], str, int]]:
    return [(s.heading, s.heading_path, s.anchor, s.level) for s in parse(text, "p.html").sections]


def bodies(text: str) -> list[str]:
    return [s.body for s in parse(text, "p.html").sections]


def test_sphinx_page_sections_exactly() -> None:
    parsed = parse(SPHINX_PAGE, "library/demo.html")
    assert parsed.title == "demo — Demo encoder"
    assert parsed.warnings == ()
    top = "demo — Demo encoder"
    usage = (top, "Basic Usage")
    assert parsed.sections == (
        Section(
            heading=top,
            heading_path=(),
            body="Intro with `inline code` and emphasis.\n\nNote: Be careful.",
            source="library/demo.html",
            line_start=11,
            line_end=15,
            anchor="module-demo",
            level=1,
        ),
        Section(
            heading="Basic Usage",
            heading_path=(top,),
            body="Text after the class.\n\n"
            "```python\n>>> import demo\n>>> demo.dumps([1])\n'[1]'\n```",
            source="library/demo.html",
            line_start=18,
            line_end=18,  # the text after the entries joins the body, not the range
            anchor="basic-usage",
            level=2,
        ),
        Section(
            heading="demo.dumps",
            heading_path=usage,
            body="`demo.dumps(obj, *, indent=None)`\n\n"
            "Serialize obj to a `str`.\n\n"
            "Changed in version 1.1: Added indent.",
            source="library/demo.html",
            line_start=20,
            line_end=24,
            anchor="demo.dumps",
            level=3,
            kind="api",
        ),
        Section(
            heading="demo.Encoder",
            heading_path=usage,
            body="`demo.Encoder`\n\nEncodes things.",
            source="library/demo.html",
            line_start=29,
            line_end=31,
            anchor="demo.Encoder",
            level=3,
            kind="api",
        ),
        Section(
            heading="demo.Encoder.encode",
            heading_path=(*usage, "demo.Encoder"),
            body="`encode(o)`\n\nReturn a string.",
            source="library/demo.html",
            line_start=33,
            line_end=35,
            anchor="demo.Encoder.encode",
            level=4,
            kind="api",
        ),
        Section(
            heading="Reference tables",
            heading_path=(top,),
            body="Python | JSON\ndict | object\nlist, tuple | array\n\n"
            "- first\n- second\n  1. nested one\n  2. nested two",
            source="library/demo.html",
            line_start=48,
            line_end=57,
            anchor="reference",
            level=2,
        ),
    )


def test_chrome_never_reaches_a_body() -> None:
    text = "\n".join(s.heading + "\n" + s.body for s in parse(SPHINX_PAGE, "d.html").sections)
    for chrome in ("Navigation", "Table of Contents", "Copyright", "index", "not a heading", "¶"):
        assert chrome not in text


def test_heading_id_wins_over_section_id_and_marks_are_removed() -> None:
    page = (
        '<section id="outer"><h1 id="own">Own id <a class="headerlink" href="#own">#</a></h1>'
        '<section id="from-section"><h2>From section §</h2></section>'
        "<h2>Slugged Heading ¶</h2><h3>C#</h3></section>"
    )
    assert headings(page) == [
        ("Own id", (), "own", 1),
        ("From section", ("Own id",), "from-section", 2),
        ("Slugged Heading", ("Own id",), "slugged-heading", 2),
        ("C#", ("Own id", "Slugged Heading"), "c", 3),
    ]


def test_section_id_only_for_its_first_heading() -> None:
    page = '<section id="sec"><h2>First</h2><p>a</p><h2>Second</h2></section>'
    assert headings(page) == [("First", (), "sec", 2), ("Second", (), "second", 2)]


def test_text_before_first_heading_is_a_title_section() -> None:
    page = (
        "<html><head><title>Guide | Acme docs</title></head>"
        "<body><p>Lead.</p><h2>Next</h2></body></html>"
    )
    parsed = parse(page, "guide.html")
    assert parsed.title == "Guide"
    assert [(s.heading, s.level, s.anchor, s.body) for s in parsed.sections] == [
        ("Guide", 0, "top", "Lead."),
        ("Next", 2, "next", ""),
    ]


def test_a_page_without_h1_is_headed_by_its_title_in_its_sections_paths() -> None:
    # python-typer-doc 0.7.0 (MkDocs' HTML): 58 of 60 pages begin at "##", their title only
    # in <title>; "The simplest example" named no page (sections with no path 252 -> 55).
    page = (
        "<html><head><title>First Steps - Typer</title></head><body><div role='main'>"
        "<h2>The simplest example</h2><p>a</p><h3>Run it</h3><p>b</p></div></body></html>"
    )
    assert [(s.heading, s.heading_path) for s in parse(page, "first-steps.html").sections] == [
        ("The simplest example", ("First Steps - Typer",)),
        ("Run it", ("First Steps - Typer", "The simplest example")),
    ]
    # An <h1> heads the page as before, and a page with no title names no path.
    assert headings("<h2>Alone</h2><p>a</p>") == [("Alone", (), "alone", 2)]


def test_a_page_of_mkdocs_readthedocs_theme_is_headed_by_its_own_name() -> None:
    # python-typer-doc 0.7.0's theme names the page alone in a script of its head: its title
    # "First Steps - Typer" headed the page and every section's path with the site's name.
    page = (
        "<html><head><title>First Steps - Typer</title><script>\n"
        '        var mkdocs_page_name = "First \\"Steps\\"";\n'
        '        var mkdocs_page_input_path = "tutorial/first-steps.md";\n'
        "</script></head><body><div role='main'><h2>The simplest example</h2><p>a</p></div>"
        "</body></html>"
    )
    parsed = parse(page, "first-steps.html")
    assert parsed.title == 'First "Steps"'
    assert [s.heading_path for s in parsed.sections] == [('First "Steps"',)]
    # with no name there (the home page's null), the <title> as before
    unnamed = page.replace('"First \\"Steps\\""', "null")
    assert parse(unnamed, "index.html").title == "First Steps - Typer"


def test_a_page_titled_after_the_site_its_navbar_names_is_headed_by_its_own_name() -> None:
    # MkDocs' default theme (httpx 0.28.1's docs so built): a page with no <h1> was headed
    # "Authentication - HTTPX", the site's name in every section's path.
    page = (
        "<html><head><title>Authentication - HTTPX</title></head><body><div class='navbar'>"
        "<a class='navbar-brand' href='../..'>HTTPX</a></div><div role='main'><p>Auth.</p>"
        "<h2 id='basic'>Basic</h2><p>b</p></div></body></html>"
    )
    parsed = parse(page, "authentication.html")
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("Authentication", ()),
        ("Basic", ("Authentication",)),
    ]
    # a title that does not end with the brand stays whole
    other = page.replace(">HTTPX</a>", ">Home</a>")
    assert parse(other, "authentication.html").title == "Authentication - HTTPX"


def test_main_element_content_only() -> None:
    page = (
        "<body><header><h1>Site</h1></header><nav><a>Home</a></nav>"
        "<main><h1>Real</h1><p>Body <br>line two</p><aside>ad</aside></main>"
        "<footer>foot</footer></body>"
    )
    parsed = parse(page, "x.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [("Real", "Body\nline two")]


def test_a_definition_terms_classifier_keeps_its_colon() -> None:
    # numpydoc's parameters are definition terms with a classifier, whose " : " the
    # stylesheet draws: pandas 1.5.3's read "rightDataFrame or named Series".
    page = (
        "<h1>T</h1><dl><dt><strong>right</strong>"
        '<span class="classifier">DataFrame or named Series</span></dt>'
        "<dd><p>Object to merge with.</p></dd>"
        '<dt>how<span class="classifier-delimiter">:</span> <span class="classifier">str</span>'
        "</dt><dd><p>Type of merge.</p></dd></dl>"
    )
    assert bodies(page) == [
        "right : DataFrame or named Series\n  Object to merge with.\nhow: str\n  Type of merge."
    ]


def test_code_blocks_keep_language_and_verbatim_text() -> None:
    page = (
        '<h1>T</h1><pre><code class="language-js">'
        "let a = 1;\n\n  if (a &lt; 2) { f(`x`) }\n</code></pre>"
        "<pre>plain   spaced\ttext</pre>"
        '<div class="highlight-none"><div class="highlight"><pre>no language</pre></div></div>'
    )
    assert bodies(page) == [
        "```js\nlet a = 1;\n\n  if (a < 2) { f(`x`) }\n```\n\n"
        "```\nplain   spaced\ttext\n```\n\n```\nno language\n```"
    ]


def test_a_line_break_element_in_code_breaks_its_line() -> None:
    # TypeDoc 0.28 (cheerio 1.2.0's API) ends each line of highlighted code with <br/> and no
    # newline: the examples read as one line, '<ul id="fruits">  <li class="apple">...'.
    page = (
        '<h1>T</h1><pre><code class="html"><span class="hl-0">&lt;ul&gt;</span><br/>'
        '<span class="hl-2">  </span><span>&lt;li&gt;Apple&lt;/li&gt;</span><br/>'
        "<span>&lt;/ul&gt;</span><br/></code><button>Copy</button></pre>"
    )
    assert bodies(page) == ["```\n<ul>\n  <li>Apple</li>\n</ul>\n```"]


def test_inline_markup() -> None:
    page = (
        "<h1>T</h1><p>Use <tt>x</tt>, <a href='y'>a <b>link</b></a> and "
        "<img src='i.png' alt='a picture'> &amp; &lt;tags&gt;\n   collapse   spaces.</p>"
    )
    assert bodies(page) == ["Use `x`, a link and a picture & <tags> collapse spaces."]


def test_an_image_whose_alt_text_is_its_address_has_no_text() -> None:
    # docutils writes an image's address as its alt text when the page gives none: scikit-learn
    # 1.2.1's and pandas 1.5.3's pages had 275 lines such as "../_images/plot_ols_001.png".
    page = (
        '<h1>T</h1><p>Fit.</p><img alt="../_images/plot_ols_001.png" '
        'src="../_images/plot_ols_001.png"/><p>Then <img alt="lasso path" src="l.png"/>.</p>'
    )
    assert bodies(page) == ["Fit.\n\nThen lasso path."]


def test_admonitions_lists_and_definitions() -> None:
    page = (
        '<h1>T</h1><div class="admonition warning"><p class="admonition-title">Warning</p>'
        "<p>First.</p><p>Second.</p></div>"
        '<ol start="3"><li>three</li><li>four<ul><li>deep</li></ul></li></ol>'
        '<dl class="field-list simple"><dt>Parameters<span class="colon">:</span></dt>'
        "<dd><p><strong>obj</strong> – the object</p></dd></dl>"
        "<details><summary>More</summary><p>Hidden text.</p></details>"
    )
    assert bodies(page) == [
        "Warning: First.\n\nSecond.\n\n"
        "3. three\n4. four\n  - deep\n\n"
        "Parameters:\n  obj – the object\n\n"
        "More: Hidden text."
    ]


def test_old_sphinx_api_entries_and_c_domain() -> None:
    page = (
        '<div class="section" id="api"><h1>API</h1>'
        '<dl class="function"><dt id="mod.func"><code class="descclassname">mod.</code>'
        '<code class="descname">func</code>(<em>a</em>)</dt><dd><p>Old style.</p></dd></dl>'
        '<dl class="c function"><dt class="sig sig-object c" id="c.Py_Run">'
        '<span class="kt">int</span> <span class="sig-name descname">'
        '<span class="n">Py_Run</span></span>'
        "(<span>void</span>)</dt><dd><p>C style.</p></dd></dl>"
        '<dl class="simple"><dt>term</dt><dd>not an API entry</dd></dl></div>'
    )
    parsed = parse(page, "api.html")
    assert [(s.heading, s.anchor, s.level, s.body) for s in parsed.sections] == [
        ("API", "api", 1, "term\n  not an API entry"),
        ("mod.func", "mod.func", 2, "`mod.func(a)`\n\nOld style."),
        ("Py_Run", "c.Py_Run", 2, "`int Py_Run(void)`\n\nC style."),
    ]


def test_a_cpp_template_s_parameters_are_no_part_of_its_name() -> None:
    # {fmt} 9.1.0 (Debian's libfmt-doc): Sphinx writes a template's parameters on a line of
    # their own, each a descname too: 41 of its 79 entries were headed 'Tfmt::format',
    # 'OutputItTfmt::format_to', their signatures 'template<typename ...T>inline auto ...'.
    page = (
        '<dl class="cpp function"><dt class="sig sig-object cpp" id="_CPPv4I0EN3fmt9format_toE">'
        '<span class="k">template</span>&lt;<span class="k">typename</span> '
        '<span class="sig-name descname">OutputIt</span>&gt;<br /><span class="k">auto</span> '
        '<span class="sig-prename descclassname">fmt::</span><span class="sig-name descname">'
        "format_to</span>(OutputIt out) -&gt; OutputIt<br /></dt><dd>Formats.</dd></dl>"
    )
    assert [(s.heading, s.body) for s in parse(page, "api.html").sections] == [
        ("fmt::format_to",
         "`template<typename OutputIt> auto fmt::format_to(OutputIt out) -> OutputIt`\n\n"
         "Formats."),
    ]  # fmt: skip


def test_an_id_that_repeats_its_module_is_named_as_the_page_writes_it() -> None:
    # Scrapy 2.11 (Debian's python-scrapy-doc): '.. class:: scrapy.item.Item' under 'module::
    # scrapy.item' has the id scrapy.item.scrapy.item.Item; the page shows scrapy.item.Item.
    page = (
        '<dl class="py class"><dt class="sig sig-object py" id="scrapy.item.scrapy.item.Item">'
        '<em class="property">class </em><span class="sig-prename descclassname">scrapy.item.'
        '</span><span class="sig-name descname">Item</span></dt><dd>An item.</dd></dl>'
        '<dl class="py class"><dt class="sig sig-object py" id="os.path.os">'
        '<span class="sig-prename descclassname">path.</span>'
        '<span class="sig-name descname">os</span></dt><dd>Kept.</dd></dl>'
    )
    assert [(s.heading, s.anchor) for s in parse(page, "items.html").sections] == [
        ("scrapy.item.Item", "scrapy.item.scrapy.item.Item"),
        ("os.path.os", "os.path.os"),
    ]


def test_an_entry_without_an_id_in_a_class_is_named_by_the_class() -> None:
    # psycopg 3.1.7 (Debian's python-psycopg-doc): the second overload of Connection.cursor,
    # written with :noindex:, was an entry headed "cursor"; SQLAlchemy 1.4.46: 63 such entries
    # ("__init__" of each dialect's types, its class written as a link before the name).
    page = (
        '<dl class="py class"><dt class="sig sig-object py" id="psycopg.Connection">'
        '<span class="sig-prename descclassname">psycopg.</span><span class="sig-name descname">'
        'Connection</span></dt><dd><p>A connection.</p><dl class="py method">'
        '<dt class="sig sig-object py"><span class="sig-name descname">cursor</span>(name)</dt>'
        '<dd><p>A server cursor.</p></dd></dl></dd></dl><dl class="py function">'
        '<dt class="sig sig-object py"><span class="sig-name descname">connect</span>()</dt>'
        "<dd><p>Connect.</p></dd></dl>"
    )
    assert [(s.heading, s.heading_path) for s in parse(page, "connections.html").sections] == [
        ("psycopg.Connection", ()),
        ("psycopg.Connection.cursor", ("psycopg.Connection",)),
        ("connect", ()),
    ]


def test_rst_domain_descriptions_are_entries_headed_by_their_signature() -> None:
    # Sphinx 5.3's docs (Debian's sphinx-doc): its 91 directives, 71 directive options and 49
    # roles were text of the sections around them ('Table of contents' in two parts), where
    # the reST reader gives each its section; now headed as it heads them.
    page = (
        '<section id="toc"><h1>Table of contents</h1><dl class="rst directive">'
        '<dt class="sig sig-object rst" id="directive-toctree"><span class="sig-name descname">'
        '<span class="pre">..</span> <span class="pre">toctree::</span></span>'
        '<a class="headerlink" href="#directive-toctree">¶</a></dt><dd><p>Inserts a tree.</p>'
        '<dl class="rst directive:option"><dt class="sig sig-object rst" '
        'id="directive-option-toctree-maxdepth"><span class="sig-name descname">'
        '<span class="pre">:maxdepth:</span></span></dt><dd><p>The depth.</p></dd></dl>'
        '</dd></dl><dl class="rst role"><dt class="sig sig-object rst" id="role-doc">'
        '<span class="sig-name descname"><span class="pre">:doc:</span></span></dt>'
        "<dd><p>Links to a document.</p></dd></dl></section>"
    )
    assert [
        (s.heading, s.anchor, s.heading_path, s.body) for s in parse(page, "d.html").sections
    ] == [
        ("Table of contents", "toc", (), ""),
        (
            ".. toctree::",
            "directive-toctree",
            ("Table of contents",),
            "`.. toctree::`\n\nInserts a tree.",
        ),
        (
            ":maxdepth:",
            "directive-option-toctree-maxdepth",
            ("Table of contents", ".. toctree::"),
            "`:maxdepth:`\n\nThe depth.",
        ),
        (":doc:", "role-doc", ("Table of contents",), "`:doc:`\n\nLinks to a document."),
    ]


def test_api_entry_without_heading_sits_under_the_title() -> None:
    page = '<dl class="py data"><dt id="pkg.VALUE">pkg.VALUE</dt><dd>A constant.</dd></dl>'
    assert headings(page) == [("pkg.VALUE", (), "pkg.VALUE", 1)]


def test_table_with_caption_and_empty_rows() -> None:
    page = (
        "<h1>T</h1><table><caption>Sizes</caption><tr><th>a</th><th>b</th></tr>"
        "<tr><td></td><td></td></tr><tr><td>1</td><td><code>2</code></td></tr></table>"
    )
    assert bodies(page) == ["Sizes\na | b\n1 | `2`"]


def test_malformed_html_degrades() -> None:
    page = "<h1>Title<p>para <b>bold <i>both</p><h2>Sub</h2><ul><li>a<li>b</ul><td>stray"
    parsed = parse(page, "bad.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Title", "para bold both"),
        ("Sub", "- a\n- b\n\nstray"),
    ]


def test_robustness_inputs() -> None:
    assert parse("", "e.html").sections == ()
    assert parse(" \n\t", "e.html").sections == ()
    junk = parse("\x01\x02 binary \x7f junk <<<>>> &&&", "junk.html")
    assert [(s.heading, s.body) for s in junk.sections] == [
        ("junk", "\x01\x02 binary \x7f junk <<<>>> &&&")
    ]
    xml = '<?xml version="1.0" encoding="utf-8"?><html><body><h1>X</h1><p>y</p></body></html>'
    assert bodies(xml) == ["y"]
    head_only = parse("<html><head><title>Only — X docs</title><style>p{}</style></head>", "h.html")
    assert (head_only.title, head_only.sections) == ("Only", ())


def test_fifty_deep_nesting_keeps_headings() -> None:
    page = "<h1>Top</h1>" + "<div>" * 50 + "<h2>Deep</h2><p>deep text</p>" + "</div>" * 50
    assert [(s.heading, s.heading_path, s.body) for s in parse(page, "d.html").sections] == [
        ("Top", (), ""),
        ("Deep", ("Top",), "deep text"),
    ]


def test_nesting_lxml_refuses_falls_back_to_text_with_warning() -> None:
    page = "<h1>Top</h1>" + "<div>" * 3000 + "<p>deep text</p>" + "</div>" * 3000
    parsed = parse(page, "d.html")
    assert [w.where for w in parsed.warnings] == ["d.html:1"]
    assert [(s.heading, s.body) for s in parsed.sections] == [("d", "Top\ndeep text")]


def test_huge_heading_and_huge_line() -> None:
    heading = "word " * 2000
    parsed = parse(f"<h1>{heading}</h1><p>{'lorem ipsum ' * 100_000}</p>", "h.html")
    (section,) = parsed.sections
    assert section.heading == heading.strip()
    assert section.anchor == "word-" * 15 + "word"
    assert section.body == ("lorem ipsum " * 100_000).strip()


def test_text_is_read_as_decoded_whatever_charset_the_page_names() -> None:
    # The page reaches libxml2 as UTF-8 bytes: a charset in its markup must not re-decode them.
    page = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'
        '<meta charset="windows-1252"></head>'
        "<body><h1>Café — 中文</h1><p>naïve &amp; ½ ¶ \u00a0x</p></body></html>"
    )
    (section,) = parse(page, "c.html").sections
    assert (section.heading, section.body) == ("Café — 中文", "naïve & ½ ¶ \u00a0x")


def test_a_page_given_with_its_utf8_is_read_from_those_bytes() -> None:
    page = "<html><head><title>T — X docs</title></head><body><h1>Café</h1><p>½ ¶</p></body></html>"
    assert parse(page, "u.html", page.encode()) == parse(page, "u.html")
    # The bytes are what libxml2 reads; the text is kept for what lxml cannot parse.
    (section,) = parse(page, "u.html", page.replace("½", "¼").encode()).sections
    assert (section.heading, section.body) == ("Café", "¼ ¶")
    # An XML declaration is cut from the text, so the bytes no longer match it and are not read.
    declared = '<?xml version="1.0" encoding="utf-8"?>' + page
    assert parse(declared, "u.html", b"<h1>Other</h1>") == parse(page, "u.html")


def test_a_lone_surrogate_is_read_as_text_with_a_warning() -> None:
    # Such a str has no UTF-8 form (no decoded file holds one); it still parses as a str.
    parsed = parse("<html><body><h1>T</h1><p>a \ud800 b</p></body></html>", "s.html")
    assert [w.message for w in parsed.warnings] == [
        "HTML too malformed or deeply nested; read as text"
    ]
    assert [s.body for s in parsed.sections] == ["T\na \ud800 b"]


@pytest.mark.parametrize(
    ("text", "spaced"),
    [
        ("\n", " "),
        ("\r\n\t\x0b\x0c ", " "),
        ("\u00a0", "\u00a0"),
        ("\x1c", "\x1c"),
        ("\n\u00a0\n", " \u00a0 "),
        (" a \n\n b ", " a b "),
    ],
)
def test_space_collapses_ascii_whitespace_runs_only(text: str, spaced: str) -> None:
    # A text node of whitespace alone takes a shortcut; other spaces (no-break, separators)
    # are text, as the regex for mixed text treats them.
    assert space(text) == spaced


def test_space_shortcuts_give_what_the_regex_gives() -> None:
    # Every string of up to five of these characters: the shortcuts (no whitespace to change,
    # lone line breaks, whitespace alone) and the str replacing of the rest must agree with a
    # regex collapsing runs of ASCII whitespace.
    alphabet = ["a", " ", "\n", "\t", "\r", "\f", "\v", "\u00a0", "\x1c", "é"]
    for length in range(1, 6):
        for letters in itertools.product(alphabet, repeat=length):
            text = "".join(letters)
            collapsed = re.sub(r"[ \t\n\r\f\v]+", " ", text)
            assert (space(text), collapse(text)) == (collapsed, collapsed.strip()), repr(text)
    # Runs of any length shrink to one space, however many passes that takes.
    for run in range(1, 70):
        text = "a." + " " * run + "b\t\n" * run + "c"
        assert space(text) == re.sub(r"[ \t\n\r\f\v]+", " ", text), run


def test_a_run_need_not_start_with_whitespace_alone() -> None:
    # The walk opens no run with a piece of whitespace alone (most are the line breaks between
    # block elements): join_inline gives the same paragraph without such leading pieces.
    pieces = [" ", "\n", "\u00a0", "\x1c", " \n ", "a", " b ", "\nc", "  d\n"]
    for length in range(1, 5):
        for run in itertools.product(pieces, repeat=length):
            start = next((i for i, p in enumerate(run) if not p.isspace()), len(run))
            assert join_inline(list(run[start:])) == join_inline(list(run)), run


def test_whitespace_between_blocks_and_around_inline_text_renders_as_before() -> None:
    page = (
        "<main><h1>T</h1>\n  <div>\n <p>one</p>\n\u00a0 <em>two</em>\n <p>three</p> \n</div>"
        "<div> \n<b>four</b>\n five <br/>\n six </div>\n</main>"
    )
    (section,) = parse(page, "w.html").sections
    assert section.body == "one\n\ntwo\n\nthree\n\nfour five\nsix"


def test_permalink_mark_shortcut_gives_what_the_regex_gives() -> None:
    # Collapsed text that does not end with a mark character skips the regex; every string
    # of up to five of these characters must come out as the regex alone leaves it.
    alphabet = ["a", " ", "\n", "¶", "§", "🔗", "#", "\u00a0"]
    for length in range(1, 6):
        for letters in itertools.product(alphabet, repeat=length):
            text = collapse("".join(letters))
            assert without_permalink_mark(text) == _PERMALINK_MARK.sub("", text), repr(text)


def test_inline_elements_are_skipped_by_class_however_many_class_values_were_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from builder.parsers.html import body_text, class_names

    monkeypatch.setattr(class_names, "_REMEMBERED_CLASS_VALUES", 3)
    body_text._SKIPPED_BY_CLASS.clear()
    html = "".join(f'<span class="c{n}">{n}</span>' for n in range(10))
    html += '<a class="x headerlink">¶</a><span class="pre">kept</span><a class="headerlink">¶</a>'
    element = etree.fromstring(f"<p>{html}</p>", etree.HTMLParser()).find(".//p")
    assert element is not None
    assert body_text.render_inline(element) == "0123456789kept"
    assert len(body_text._SKIPPED_BY_CLASS) <= 3


@pytest.mark.parametrize(
    ("markup", "expected"),
    [
        # Sphinx writes reST literals joined by an escaped space as adjacent code elements
        # (psycopg 3.1.7's `EnumInfo`\ `!.fetch()`), drawn as one run of code.
        (
            '<p>using <a href="#e"><code class="xref"><span class="pre">EnumInfo</span></code>'
            '</a><code class="xref"><span class="pre">.fetch()</span></code> and</p>',
            "using `EnumInfo.fetch()` and",
        ),
        ("<p><code>a</code><code>.</code><em><code>b</code></em></p>", "`a.b`"),
        ("<p><code>a</code> <code>b</code>, <code>c</code>s</p>", "`a` `b`, `c`s"),
        ("<p><code>a`b</code><code>c</code></p>", "``a`b```c`"),
    ],
)
def test_adjacent_code_elements_read_as_one_span(markup: str, expected: str) -> None:
    assert render_blocks(etree.fromstring(markup)) == [expected]
