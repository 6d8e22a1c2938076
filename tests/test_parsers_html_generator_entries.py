"""The HTML reader on the API entries RDoc and Haddock write without heading elements, and on
erl_docgen's "Types" label inside a function (builder/parsers/html/generator_entries.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.html.parser import parse


def _sections(page: str, relpath: str) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(s.heading, s.anchor, s.body, s.heading_path) for s in parse(page, relpath).sections]


def test_rdoc_methods_are_sections_of_their_own() -> None:
    # RDoc's Darkfish pages (Debian's asciidoctor-doc 2.0.18): every method of a class joined
    # the class's section, 111 pages read as 196 sections.
    page = (
        '<html><body><main role="main">'
        '<h1 id="class-Asciidoctor::Document" class="class">class Asciidoctor::Document</h1>'
        "<p>A parsed document.</p>"
        '<section class="public-methods"><h3>Public Instance Methods</h3>'
        '<div id="method-i-parse" class="method-detail ">'
        '<div class="method-heading"><span class="method-name">parse</span>'
        '<span class="method-args">(data = nil)</span>'
        '<span class="method-click-advice">click to toggle source</span></div>'
        '<div class="method-description"><p>Parse the source.</p>'
        '<div class="method-source-code"><pre>def parse data = nil\nend</pre></div></div></div>'
        '<div id="method-i-title" class="method-detail ">'
        '<div class="method-heading"><span class="method-name">title</span>'
        '<span class="method-args">()</span></div>'
        '<div class="method-description"><p>The title.</p></div></div>'
        "</section></main></body></html>"
    )
    assert _sections(page, "Asciidoctor/Document.html") == [
        (
            "class Asciidoctor::Document",
            "class-Asciidoctor::Document",
            "A parsed document.",
            (),
        ),
        (
            "Public Instance Methods",
            "public-instance-methods",
            "",
            ("class Asciidoctor::Document",),
        ),
        (
            "parse",
            "method-i-parse",
            "`parse(data = nil)`\n\nParse the source.\n\n```\ndef parse data = nil\nend\n```",
            ("class Asciidoctor::Document", "Public Instance Methods"),
        ),
        (
            "title",
            "method-i-title",
            "`title()`\n\nThe title.",
            ("class Asciidoctor::Document", "Public Instance Methods"),
        ),
    ]


def test_haddock_declarations_are_sections_of_their_own() -> None:
    # Haddock (Debian's libghc-aeson-doc 2.0.3.0): a module's functions and types joined the
    # section of the heading above them, "Source #" beside each signature.
    page = (
        '<html><body><div id="content"><div id="interface">'
        '<a href="#g:1" id="g:1"><h1>Core JSON types</h1></a>'
        '<div class="top"><p class="src"><a id="v:object" class="def">object</a> :: '
        '[<a href="#t:Pair">Pair</a>] -&gt; <a href="#t:Value">Value</a> '
        '<a href="src/Data.Aeson.Types.Internal.html#object" class="link">Source</a> '
        '<a href="#v:object" class="selflink">#</a></p>'
        '<div class="doc"><p>Create a <code>Value</code> from a list of pairs.</p></div></div>'
        '<div class="top"><p class="src"><span class="keyword">data</span> '
        '<a id="t:Series" class="def">Series</a> <a href="#t:Series" class="selflink">#</a></p>'
        '<div class="doc"><p>A series of values.</p></div></div>'
        "</div></div></body></html>"
    )
    assert _sections(page, "Data-Aeson-Types.html") == [
        ("Core JSON types", "core-json-types", "", ()),
        (
            "object",
            "v:object",
            "`object :: [Pair] -> Value`\n\nCreate a `Value` from a list of pairs.",
            ("Core JSON types",),
        ),
        ("Series", "t:Series", "`data Series`\n\nA series of values.", ("Core JSON types",)),
    ]


def test_erl_docgen_types_label_stays_in_its_function() -> None:
    # Erlang/OTP 25's stdlib pages (Debian's erlang-doc): the h3 "Types" inside each function's
    # article closed the h4 function heading; 1830 function sections were dropped as empty and
    # 1039 sections were headed "Types".
    page = (
        '<html><body><div id="content"><h3 id="exports">Exports</h3>'
        '<div class="exports-body"><article class="func">'
        '<h4 id="all-2" class="bold_code title-link func-head">'
        '<span class="title-name">all(Pred, List) -&gt; boolean()</span></h4>'
        '<div class="REFBODY fun-types"><h3 id="types" class="func-types-title">Types</h3>'
        '<div class="REFTYPES rt-1"><span class="bold_code bc-2">List = [T]</span></div></div>'
        '<div class="exports-tube"><div class="REFBODY rb-7"><p>Returns true if all match.</p>'
        "</div></div></article></div></div></body></html>"
    )
    assert _sections(page, "lists.html") == [
        (
            "all(Pred, List) -> boolean()",
            "all-2",
            "Types\n\nList = [T]\n\nReturns true if all match.",
            (),
        ),
    ]


def test_divs_of_those_classes_without_a_signature_are_plain_content() -> None:
    page = (
        '<html><body><main role="main"><h1>Page</h1>'
        '<div class="top"><p>Back to the top.</p></div>'
        '<div class="method-detail"><p>No heading here.</p></div>'
        "</main></body></html>"
    )
    assert _sections(page, "page.html") == [
        ("Page", "page", "Back to the top.\n\nNo heading here.", ()),
    ]


def test_typedoc_parameters_and_returns_stay_in_their_member() -> None:
    # TypeDoc 0.25 (postmark.js 4.0.7's docs/, 149 pages): each method's h4 "Parameters", h5
    # per parameter and h4 "Returns ..." opened sections of their own, a method read as five
    # sections of a line each; the breadcrumb links made the page's first section.
    page = (
        '<html class="default"><body><div class="container container-main">'
        '<div class="col-content"><div class="tsd-page-title"><ul class="tsd-breadcrumb">'
        '<li><a href="../modules.html">Postmark.js</a></li><li><a href="">ServerClient</a></li>'
        '</ul><h1>Class ServerClient</h1></div><section class="tsd-panel-group tsd-member-group">'
        '<h2>Methods</h2><section class="tsd-panel tsd-member"><a id="getBounce" '
        'class="tsd-anchor"></a><h3 class="tsd-anchor-link"><span>get<wbr/>Bounce</span></h3>'
        '<ul class="tsd-signatures"><li class="tsd-signature tsd-anchor-link">getBounce(id): '
        'Promise&lt;Bounce&gt;</li><li class="tsd-description"><div class="tsd-comment">'
        '<p>Get a Bounce.</p></div><div class="tsd-parameters">'
        '<h4 class="tsd-parameters-title">Parameters</h4><ul class="tsd-parameter-list"><li>'
        '<h5><span class="tsd-kind-parameter">id</span>: <span>number</span></h5>'
        '<div class="tsd-comment"><p>The ID of the Bounce.</p></div></li></ul></div>'
        '<h4 class="tsd-returns-title">Returns Promise&lt;Bounce&gt;</h4><p>The bounce.</p>'
        "</li></ul></section></section></div></div></body></html>"
    )
    assert _sections(page, "classes/ServerClient.html") == [
        ("Class ServerClient", "class-serverclient", "", ()),
        ("Methods", "methods", "", ("Class ServerClient",)),
        (
            "getBounce",
            "getBounce",
            "- getBounce(id): Promise<Bounce>\n- Get a Bounce.\n  Parameters\n  - id: number\n"
            "    The ID of the Bounce.\n  Returns Promise<Bounce>\n  The bounce.",
            ("Class ServerClient", "Methods"),
        ),
    ]


def test_jsdoc_member_parts_stay_in_their_member() -> None:
    # JSDoc 3 (croner 5.6.4's docs/, 9 pages): each member's h5 "Parameters:" took its
    # parameters and source line away from it, and "opt" ran into an optional parameter's name.
    page = (
        '<html><body><div id="main"><h3 class="subsection-title">Methods</h3>'
        '<h4 class="name" id="enumerate"><span class="type-signature"></span>.enumerate'
        '<span class="signature">(n, previous<span class="signature-attributes">opt</span>)'
        '</span></h4><div class="description"><p>Find next n runs.</p></div>'
        '<h5>Parameters:</h5><table class="params"><tr><td class="name"><code>n</code></td>'
        "<td>Number of runs</td></tr></table><h5>Returns:</h5><p>Dates.</p>"
        '<h4 class="name" id="stop">.stop<span class="signature">()</span></h4>'
        "<p>Stops.</p></div></body></html>"
    )
    assert _sections(page, "Cron.html") == [
        ("Methods", "main", "", ()),
        (
            ".enumerate(n, previous)",
            "enumerate",
            "Find next n runs.\n\nParameters:\n\n`n` | Number of runs\n\nReturns:\n\nDates.",
            ("Methods",),
        ),
        (".stop()", "stop", "Stops.", ("Methods",)),
    ]


def test_haddock_instance_rows_lose_their_source_links() -> None:
    # Each of a type's instances is a row ending "Source #" (4543 of them in aeson 2.0.3.0's
    # pages, a fifth of whose text is instance lists).
    page = (
        '<html><body><div id="content"><div id="interface">'
        '<div class="top"><p class="src"><span class="keyword">data</span> '
        '<a id="t:Key" class="def">Key</a> <a href="src/Data.Aeson.Key.html#Key" class="link">'
        'Source</a> <a href="#t:Key" class="selflink">#</a></p>'
        '<div class="subs instances"><h4 class="instances details-toggle-control details-toggle"'
        ' data-details-id="i:Key">Instances</h4><details id="i:Key" open="open"><summary '
        'class="hide-when-js-enabled">Instances details</summary><table><tr><td class="src '
        'clearfix"><span class="inst-left">FromJSON <a href="#t:Key">Key</a></span> <a href='
        '"src/Data.Aeson.Types.FromJSON.html#line-1" class="link">Source</a> <a href="#t:Key:'
        'FromJSON:1" class="selflink">#</a></td><td class="doc empty">&nbsp;</td></tr></table>'
        "</details></div></div></div></div></body></html>"
    )
    assert [(s.heading, s.body) for s in parse(page, "Data-Aeson-Key.html").sections] == [
        ("Key", "`data Key`"),
        # The instances' empty doc column is left out with the rest of the table's.
        ("Instances", "Instances details: FromJSON Key"),
    ]


def test_a_page_sphinx_built_is_not_read_with_other_generators_rules() -> None:
    # Sphinx writes none of these entries or labels, so its pages skip the six scans for their
    # marks (1% of a cold build of Python's docs); markup that looks like them stays content.
    body = (
        "<body><main><h1>Guide</h1>"
        '<div class="method-detail"><div class="method-heading">'
        '<span class="method-name">parse</span></div><p>Parse it.</p></div>'
        "<h2>Part</h2><p>Text.</p>"
        '<h3 class="func-types-title">Types</h3><p>More.</p></main></body></html>'
    )
    sphinx_head = (
        '<html><head><script id="documentation_options" data-url_root="./" '
        'src="_static/documentation_options.js"></script></head>'
    )
    plain = [s.heading for s in parse("<html><head></head>" + body, "a.html").sections]
    sphinx = [s.heading for s in parse(sphinx_head + body, "a.html").sections]
    assert plain == ["Guide", "parse", "Part"]  # RDoc's entry; erl_docgen's label joins "Part"
    assert sphinx == ["Guide", "Part", "Types"]
    inline_options = "<html><head><script>var DOCUMENTATION_OPTIONS = {};</script></head>"
    assert [s.heading for s in parse(inline_options + body, "a.html").sections] == sphinx
    # Furo (SymPy 1.11.1's Debian docs) loads the script at the end of <body>: its pages were
    # searched for the six marks as a page of unknown origin; it names Sphinx in its head.
    furo = '<html><head><meta name="generator" content="sphinx-4.5.0, furo 2022.09.29"/></head>'
    assert [s.heading for s in parse(furo + body, "a.html").sections] == sphinx
    # From 2022.12.07 Furo names Sphinx in a comment (mypy 1.0.1's Debian docs, and every
    # Furo site since), its pages read as of unknown origin again.
    furo = "<html><head><!-- Generated with Sphinx 9.0.4 and Furo 2025.12.19 --></head>"
    assert [s.heading for s in parse(furo + body, "a.html").sections] == sphinx


def test_typedoc_members_nested_deep_are_searched_once() -> None:
    """Each TypeDoc member's labels were looked for from every member around it: 250 members
    nested in one another over 10,000 elements took 62 s. The subprocess's timeout guards
    against that hang; it is not a timing."""
    script = (
        "from builder.parsers.html.parser import parse\n"
        "opened = '<section class=\"tsd-panel tsd-member\"><h3>m</h3>' * 250\n"
        "labels = '<h4>Parameters</h4><p>x</p>' * 30_000\n"
        "page = '<html><body><h1>C</h1>' + opened + labels + '</section>' * 250\n"
        "print([s.heading for s in parse(page, 'c.html').sections][-1])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["m"]
