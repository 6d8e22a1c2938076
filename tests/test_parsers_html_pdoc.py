"""Pages pdoc writes: its hidden source code and its toggles are chrome
(builder.parsers.html.main_content), its members API entries with the parts of their docstrings
as labels (builder.parsers.html.generator_entries)."""

from __future__ import annotations

from builder.parsers.html.parser import parse

# pdoc 16's page of a module (requests 2.34.2), cut down: the module's docstring and its source
# behind a "View Source" toggle, then a class with its signature, source and docstring.
_PDOC_PAGE = (
    "<html><head><title>requests API documentation</title></head><body>"
    '<nav class="pdoc"><input type="search" placeholder="Search..."><h2>API Documentation</h2>'
    '<ul><li><a href="#ConnectionError">ConnectionError</a></li></ul></nav>'
    '<main class="pdoc"><section class="module-info"><h1 class="modulename">requests </h1>'
    '<div class="docstring"><p>Requests HTTP Library</p><div class="pdoc-code codehilite">'
    "<pre><code>&gt;&gt;&gt; import requests</code></pre></div></div>"
    '<input id="mod-requests-view-source" class="view-source-toggle-state" type="checkbox">'
    '<label class="view-source-button" for="mod-requests-view-source"><span>View Source</span>'
    '</label><div class="pdoc-code codehilite"><pre><span></span><span id="L-1"><a href="#L-1">'
    '<span class="linenos">1</span></a><span class="c1"># __init__.py</span>\n</span></pre></div>'
    '</section><section id="ConnectionError"><input id="ConnectionError-view-source" '
    'class="view-source-toggle-state" type="checkbox"><div class="attr class">'
    '<span class="def">class</span> <span class="name">ConnectionError</span>(<span '
    'class="base"><a href="#RequestException">requests.RequestException</a></span>):'
    '<label class="view-source-button" for="ConnectionError-view-source"><span>View Source'
    '</span></label></div><a class="headerlink" href="#ConnectionError"></a>'
    '<div class="pdoc-code codehilite"><pre><span></span><span id="ConnectionError-71">'
    '<span class="k">class</span> ConnectionError(RequestException):\n</span><span>    """A '
    'Connection error occurred."""\n</span></pre></div><div class="docstring"><p>A Connection '
    "error occurred.</p></div></section></main></body></html>"
)


def test_pdoc_s_hidden_source_and_its_toggle_are_left_out() -> None:
    # requests 2.34.2's pdoc pages: 224,990 characters, 192,321 of them the source of the
    # modules, classes and functions that a "View Source" toggle shows.
    assert [s.body for s in parse(_PDOC_PAGE, "requests.html").sections] == [
        "Requests HTTP Library\n\n```\n>>> import requests\n```",
        "`class ConnectionError(requests.RequestException):`\n\nA Connection error occurred.",
    ]


def test_pdoc_s_members_are_api_entries_and_their_h6_labels() -> None:
    # requests 2.34.2's pdoc pages: each module was one section (cut in ten parts) and then a
    # section per docstring's "Parameters" or "Returns"; now a section per member, headed by
    # its qualified name, anchored at its id, its signature its first line.
    page = _PDOC_PAGE.replace(
        "error occurred.</p></div></section>",
        'error occurred.</p></div><div id="ConnectionError.retry" class="classattr">'
        '<div class="attr function"><span class="def">def</span> <span class="name">retry'
        '</span><span class="signature">(self, times: int = 3)</span>:</div>'
        '<a class="headerlink" href="#ConnectionError.retry"></a><div class="docstring">'
        '<p>Retry the request.</p><h6 id="parameters">Parameters</h6><ul><li><strong>times:'
        "</strong> how many times.</li></ul></div></div></section>"
        '<section id="get"><div class="attr function"><span class="def">def</span> '
        '<span class="name">get</span><span class="signature">(url)</span>:</div>'
        '<div class="docstring"><p>Sends a GET request.</p><h6 id="returns">Returns</h6>'
        "<p>a Response.</p></div></section>",
    )
    sections = parse(page, "requests.html").sections
    assert [(s.heading, s.anchor, s.heading_path) for s in sections] == [
        ("requests", "requests", ()),
        ("requests.ConnectionError", "ConnectionError", ("requests",)),
        ("requests.ConnectionError.retry", "ConnectionError.retry",
         ("requests", "requests.ConnectionError")),
        ("requests.get", "get", ("requests",)),
    ]  # fmt: skip
    assert [s.body for s in sections[1:]] == [
        "`class ConnectionError(requests.RequestException):`\n\nA Connection error occurred.",
        "`def retry(self, times: int = 3):`\n\nRetry the request.\n\nParameters\n\n"
        "- times: how many times.",
        "`def get(url):`\n\nSends a GET request.\n\nReturns\n\na Response.",
    ]


# pdoc 7.4's page of a module (requests 2.34.2), cut down: the module's heading in a <section>
# without a class, each source folded in a <details> under the signature it belongs to.
_PDOC_7_PAGE = (
    '<html><head><title>requests.utils API documentation</title></head><body><main class="pdoc">'
    '<section><h1 class="modulename"><a href="./../requests.html">requests</a><wbr>.utils</h1>'
    '<div class="docstring"><p>Utility functions.</p></div><details><summary>View Source'
    '</summary><div class="codehilite"><pre><span class="c1"># utils.py</span></pre></div>'
    '</details></section><section id="super_len"><div class="attr function">'
    '<a class="headerlink" href="#super_len">#&nbsp;&nbsp</a><span class="def">def</span> '
    '<span class="name">super_len</span><span class="signature">(o: Any) -&gt; int</span>:'
    '</div><details><summary>View Source</summary><div class="codehilite"><pre><span class="k">'
    'def</span> super_len(o):\n    return len(o)</pre></div></details><div class="docstring">'
    "<p>The length of <em>o</em>.</p><details><summary>Example</summary><p>super_len([1])</p>"
    "</details></div></section></main></body></html>"
)


def test_pdoc_7_s_folded_source_is_left_out() -> None:
    # requests 2.34.2's pdoc 7.4 pages: 250,135 characters, 101 "View Source"; 34,673 without
    # the folded source. A <details> of a docstring is read.
    assert [s.body for s in parse(_PDOC_7_PAGE, "requests/utils.html").sections] == [
        "Utility functions.",
        "`def super_len(o: Any) -> int:`\n\nThe length of o.\n\nExample: super_len([1])",
    ]


def test_pdoc_7_s_members_are_headed_by_their_qualified_names() -> None:
    # requests 2.34.2's pdoc 7.4 pages: 120 entries were headed by their names alone
    # ("super_len"), the module's name being in a <section> without pdoc 16's class
    sections = parse(_PDOC_7_PAGE, "requests/utils.html").sections
    assert [(s.heading, s.anchor) for s in sections] == [
        ("requests.utils", "requestsutils"),
        ("requests.utils.super_len", "super_len"),
    ]
