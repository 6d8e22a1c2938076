"""Tests for builder.parsers.html.parser: literal pages in, exact sections out."""

from __future__ import annotations

from builder.model import Section
from builder.parsers.html.parser import parse
from tests.html_support import headings

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


def test_api_entry_without_heading_sits_under_the_title() -> None:
    page = '<dl class="py data"><dt id="pkg.VALUE">pkg.VALUE</dt><dd>A constant.</dd></dl>'
    assert headings(page) == [("pkg.VALUE", (), "pkg.VALUE", 1)]
