"""Tests for builder.parsers.html.parser: literal pages in, exact sections out."""

from __future__ import annotations

import itertools
import re

import pytest
from lxml import etree
from lxml.etree import _Element as Element

from builder.model import Section
from builder.parsers.html import main_content
from builder.parsers.html.body_text import (
    _PERMALINK_MARK,
    collapse,
    join_inline,
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
            body="`class demo.Encoder`\n\nEncodes things.",
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


def test_the_article_header_of_pydata_themes_is_chrome() -> None:
    # sphinx-book-theme (Alembic 1.16.5's built docs): the download and full-screen buttons
    # above the article, inside <main>, read "- .rst" under each page's title.
    page = (
        '<main id="main-content" role="main"><div class="bd-header-article d-print-none"><ul>'
        '<li><a href="_sources/api/commands.rst"><span>.rst</span></a></li></ul></div>'
        '<article><section id="commands"><h1>Commands</h1><p>Run them.</p></section></article>'
        "</main>"
    )
    assert [(s.heading, s.body) for s in parse(page, "c.html").sections] == [
        ("Commands", "Run them.")
    ]


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


def test_main_element_content_only() -> None:
    page = (
        "<body><header><h1>Site</h1></header><nav><a>Home</a></nav>"
        "<main><h1>Real</h1><p>Body <br>line two</p><aside>ad</aside></main>"
        "<footer>foot</footer></body>"
    )
    parsed = parse(page, "x.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [("Real", "Body\nline two")]


def test_the_contents_column_of_older_pydata_themes_is_chrome() -> None:
    # sphinx-book-theme 0.3 (Dask 2022.12.1's Debian docs): the "Contents" column of the
    # page's headings is inside <main>; its nav went, its label stayed as a section.
    page = (
        '<main role="main"><div class="topbar"><div class="bd-toc show">'
        '<div class="tocsection onthispage">Contents</div><nav><ul><li>rollaxis()</li></ul>'
        '</nav></div></div><section id="r"><h1>dask.array.rollaxis</h1><p>Roll.</p></section>'
        "</main>"
    )
    assert [(s.heading, s.body) for s in parse(page, "r.html").sections] == [
        ("dask.array.rollaxis", "Roll.")
    ]


def test_rustdoc_widgets_are_chrome() -> None:
    # rustdoc 1.63 (Rust's std::collections in Debian's rust-doc): "1.0.0 · source · [−]",
    # "Expand description", "Run" under each example and, inside a method's heading, the
    # "ⓘ Notable traits for Keys..." tooltip (969 headings cut at 200 characters).
    page = (
        '<html><body class="rustdoc struct">'
        '<section id="main-content" class="content"><div class="main-heading">'
        '<h1 class="fqn"><span class="in-band">Struct HashMap</span></h1>'
        '<span class="out-of-band"><span class="since">1.0.0</span> · <a class="srclink">'
        'source</a> · <a id="toggle-all-docs">[<span class="inner">&#x2212;</span>]</a></span>'
        '</div><details class="rustdoc-toggle top-doc" open><summary class="hideme">'
        '<span>Expand description</span></summary><div class="docblock"><p>A map.</p>'
        '<div class="example-wrap"><pre class="rust">let m = 1;</pre>'
        '<a class="test-arrow" href="https://play.invalid/">Run</a></div></div></details>'
        '<div class="impl-items"><section id="method.keys" class="method has-srclink">'
        '<span class="rightside"><span class="since">1.0.0</span> · <a class="srclink">'
        'source</a></span><h4 class="code-header">pub fn keys(&amp;self) -&gt; Keys'
        '<span class="notable-traits"><span class="notable-traits-tooltip">ⓘ'
        '<span class="notable-traits-tooltiptext">Notable traits for Keys</span></span></span>'
        '</h4></section><div class="docblock"><p>Visits all keys.</p></div></div></section>'
        "</body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "struct.HashMap.html").sections] == [
        ("Struct HashMap", "A map.\n\n```\nlet m = 1;\n```"),
        ("pub fn keys(&self) -> Keys", "Visits all keys."),
    ]


def test_rustdoc_s_layout_names_are_content_on_other_pages() -> None:
    # A hand-made page's content column beside its menu is "rightside": taken for rustdoc's
    # "1.0.0 · source" line, the whole article was dropped.
    page = (
        '<html><body><div class="leftside"><p>Menu</p></div><div class="rightside">'
        "<h1>Installing</h1><p>Run the installer.</p><h2>Options</h2><p>Pass.</p></div>"
        "</body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "guide.html").sections] == [
        ("Installing", "Menu"),
        ("Installing", "Run the installer."),
        ("Options", "Pass."),
    ]


# A Doxygen 1.9 page (json-c 0.16's Debian docs), cut down: the title area and the header's
# jump links are chrome, the member table holds its heading, each member's title starts with
# a permalink mark, its declaration is a table of cells and a macro's value a div per line.
DOXYGEN_PAGE = r"""<html><head><title>json-c: json_object.h File Reference</title></head><body>
<div id="top"><div id="titlearea"><div id="projectname">json-c 0.16</div></div>
<div id="main-nav"></div></div>
<div class="header"><div class="summary"><a href="#define-members">Macros</a> &#124;
<a href="#func-members">Functions</a></div>
<div class="headertitle"><div class="title">json_object.h File Reference</div></div></div>
<div class="contents">
<p>Core json-c API.</p>
<table class="memberdecls">
<tr class="heading"><td colspan="2"><h2 class="groupheader">Functions</h2></td></tr>
<tr class="memitem:a1"><td class="memItemLeft">int&#160;</td>
<td class="memItemRight"><a class="el" href="#a1">json_object_put</a>
 (struct json_object *obj)</td></tr>
<tr class="separator:a1"><td class="memSeparator" colspan="2">&#160;</td></tr>
<tr class="memitem:a2"><td class="memItemLeft">void&#160;</td>
<td class="memItemRight"><a class="el" href="#a2">json_object_free</a> (void)</td></tr>
</table>
<h2 class="groupheader">Macro Definition Documentation</h2>
<a id="a3" name="a3"></a>
<h2 class="memtitle"><span class="permalink"><a href="#a3">&#9670;&nbsp;</a></span>foreach</h2>
<div class="memitem"><div class="memproto"><table class="memname"><tr>
<td class="memname">#define foreach</td><td>(</td><td class="paramtype">&#160;</td>
<td class="paramname">obj</td><td>)</td></tr></table></div>
<div class="memdoc">Value:<div class="fragment">
<div class="line">    <span class="keywordtype">char</span> *key = NULL; \</div>
<div class="line">    <span class="keywordflow">for</span> (;;)</div></div>
</div></div>
</div>
<hr class="footer"/><address class="footer"><small>Generated by doxygen</small></address>
</body></html>"""


def test_a_fragment_of_prose_is_no_code_block() -> None:
    # reveal.js marks the steps of a slide div.fragment; only Doxygen's hold div.line.
    page = '<main><h1>Slide</h1><div class="fragment"><p>First point.</p></div></main>'
    assert bodies(page) == ["First point."]


def test_a_summary_table_class_around_a_table_reads_as_the_table() -> None:
    page = (
        '<main><h1>T</h1><div class="summary-table"><table><tr><td>a</td><td>b</td></tr>'
        "<tr><td>c</td><td>d</td></tr></table></div></main>"
    )
    assert bodies(page) == ["a | b\nc | d"]


def test_a_doxygen_page_reads_as_its_contents() -> None:
    sections = parse(DOXYGEN_PAGE, "json__object_8h.html").sections
    assert [(s.heading, s.body) for s in sections] == [
        ("json-c: json_object.h File Reference", "Core json-c API."),
        (
            "Functions",
            "int | json_object_put (struct json_object *obj)\nvoid | json_object_free (void)",
        ),
        ("Macro Definition Documentation", ""),
        ("foreach", "`#define foreach(obj)`\n\nValue:\n\n```\nchar *key = NULL; \\\nfor (;;)\n```"),
    ]


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


def test_a_javadoc_summary_grid_reads_a_row_a_line() -> None:
    # javadoc 17 (commons-lang3 3.12.0's Debian docs) lays its summaries out as a CSS grid of
    # divs: read cell by cell, 7 of StringUtils' 16 split summary parts began mid-row, a
    # description cut from the method it describes.
    page = (
        '<main role="main"><section class="method-summary" id="method-summary">'
        "<h2>Method Summary</h2>"
        '<div class="summary-table three-column-summary">'
        '<div class="table-header col-first">Modifier and Type</div>'
        '<div class="table-header col-second">Method</div>'
        '<div class="table-header col-last">Description</div>'
        '<div class="col-first even-row-color"><code>static Processor</code></div>'
        '<div class="col-second even-row-color"><code><a href="#g()">getProcessor</a>()</code>'
        "</div>"
        '<div class="col-last even-row-color"><div class="block">Returns the JVM\'s.</div></div>'
        '<div class="col-first odd-row-color"><code>static boolean</code></div>'
        '<div class="col-second odd-row-color"><code>is64()</code></div>'
        '<div class="col-last odd-row-color"></div>'
        "</div></section></main>"
    )
    assert bodies(page) == [
        "Modifier and Type | Method | Description\n"
        "`static Processor` | `getProcessor()` | Returns the JVM's.\n"
        "`static boolean` | `is64()` |"
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


def test_a_javadoc_members_heading_holds_its_parameters() -> None:
    # commons-lang3 3.12.0: StringUtils' four abbreviate overloads were four sections headed
    # "abbreviate" (854 of its 1610 sections shared a heading with another of their page).
    page = (
        '<main role="main"><section class="details"><h2>Method Details</h2>'
        '<section class="detail" id="abbreviate(java.lang.String,int)"><h3>abbreviate</h3>'
        '<div class="member-signature"><span class="modifiers">public static</span>&nbsp;'
        '<span class="return-type">String</span>&nbsp;<span class="element-name">abbreviate'
        '</span><wbr><span class="parameters">(String&nbsp;str,\n int&nbsp;maxWidth)</span>'
        '</div><div class="block">Abbreviates.</div></section>'
        '<section class="detail" id="trim()"><h3>trim</h3><div class="block">Trims.</div>'
        "</section></section></main>"
    )
    assert [(s.heading, s.anchor) for s in parse(page, "StringUtils.html").sections] == [
        ("Method Details", "method-details"),
        ("abbreviate(String str, int maxWidth)", "abbreviate(java.lang.String,int)"),
        ("trim", "trim()"),
    ]


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


def test_a_code_element_deeper_in_the_pre_names_its_language() -> None:
    # mdBook (the Rust book of Rust 1.63's Debian docs) nests a playground <pre> in the <pre>:
    # the language-rust class was never seen, so no block named its language.
    page = (
        '<main><h1>Ownership</h1><pre><pre class="playground"><code class="language-rust">'
        "fn main() {}\n</code></pre></pre></main>"
    )
    assert bodies(page) == ["```rust\nfn main() {}\n```"]


def test_inline_markup() -> None:
    page = (
        "<h1>T</h1><p>Use <tt>x</tt>, <a href='y'>a <b>link</b></a> and "
        "<img src='i.png' alt='a picture'> &amp; &lt;tags&gt;\n   collapse   spaces.</p>"
    )
    assert bodies(page) == ["Use `x`, a link and a picture & <tags> collapse spaces."]


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


def test_chrome_is_judged_per_element_not_per_tag_and_class() -> None:
    # Class verdicts are remembered per class value; role and label stay each element's own.
    page = (
        '<main><h1>T</h1><div class="box" role="navigation">nav</div><div class="box">one</div>'
        '<p class="x" aria-label="breadcrumb">crumbs</p><p class="x">two</p>'
        '<aside class="note">side</aside><aside class="note admonition">three</aside></main>'
    )
    (section,) = parse(page, "j.html").sections
    assert section.body == "one\n\ntwo\n\nthree"


def _strip_by_rule(root: Element) -> None:
    """The chrome rule checked element by element, with no shortcut: what strip_chrome does."""
    doomed = []
    for element in root.iter():
        names = set((element.get("class") or "").split())
        if (
            element.tag in main_content._CHROME_TAGS
            or (element.tag == "aside" and not names & main_content._CONTENT_ASIDES)
            or names & main_content._CHROME_CLASSES
            or element.get("role") in main_content._CHROME_ROLES
            or element.get("aria-label") in main_content._CHROME_LABELS
        ):
            doomed.append(element)
    for element in doomed:
        if element is not root:
            main_content._drop(element)


def test_chrome_found_by_tag_class_and_attribute_shortcuts_is_what_the_rule_finds() -> None:
    # strip_chrome finds chrome tags with lxml's tag filter, roles and labels with one XPath,
    # and judges each class value once; every mix of tag, class, role and label, nested and
    # with tails, must lose exactly the elements the plain rule drops.
    tags = ["div", "span", "nav", "aside", "button", "p"]
    values = [None, "", "note", "admonition", "headerlink", "x  sphinxsidebar"]
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


def test_permalink_mark_shortcut_gives_what_the_regex_gives() -> None:
    # Collapsed text that does not end with a mark character skips the regex; every string
    # of up to five of these characters must come out as the regex alone leaves it.
    alphabet = ["a", " ", "\n", "¶", "§", "🔗", "#", "\u00a0"]
    for length in range(1, 6):
        for letters in itertools.product(alphabet, repeat=length):
            text = collapse("".join(letters))
            assert without_permalink_mark(text) == _PERMALINK_MARK.sub("", text), repr(text)


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
    assert not main_content._may_hold_chrome_attributes(main, around.encode())
    assert main_content._may_hold_chrome_attributes(main, None)


def test_inline_elements_are_skipped_by_class_however_many_class_values_were_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from builder.parsers.html import body_text

    monkeypatch.setattr(body_text, "_REMEMBERED_CLASS_VALUES", 3)
    body_text._SKIPPED_BY_CLASS.clear()
    html = "".join(f'<span class="c{n}">{n}</span>' for n in range(10))
    html += '<a class="x headerlink">¶</a><span class="pre">kept</span><a class="headerlink">¶</a>'
    element = etree.fromstring(f"<p>{html}</p>", etree.HTMLParser()).find(".//p")
    assert element is not None
    assert body_text.render_inline(element) == "0123456789kept"
    assert len(body_text._SKIPPED_BY_CLASS) <= 3


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
