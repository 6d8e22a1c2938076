"""builder.parsers.html.mkdocstrings_headings: an object mkdocstrings documents is named by its
path, its signature the first line of its text."""

from __future__ import annotations

from builder.parsers.html.parser import parse

# As mkdocstrings-python 2.0 writes a method under Material for MkDocs (httpx 0.28.1's
# Client.request, shortened).
_PAGE = (
    '<html><head><meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.8.2"></head>'
    '<body><article class="md-content__inner md-typeset"><h1 id="reference">Reference</h1>'
    '<div class="doc doc-object doc-function"><h2 id="httpx.Client.request" class="doc '
    'doc-heading">\n  <code class=" language-python"><span class="n">request</span>(method, '
    "url, *, content=None, data=None, files=None, json=None, params=None, headers=None, "
    "cookies=None, auth=USE_CLIENT_DEFAULT, follow_redirects=USE_CLIENT_DEFAULT, "
    'timeout=USE_CLIENT_DEFAULT, extensions=None)</code>\n\n<span class="doc doc-labels">'
    '<small class="doc doc-label doc-label-async"><code>async</code></small></span>\n'
    '<a href="#httpx.Client.request" class="headerlink" title="Permanent link">&para;</a></h2>'
    '<div class="doc doc-contents"><p>Build and send a request.</p></div></div>'
    '<div class="doc doc-object doc-class"><h2 id="httpx.Timeout" class="doc doc-heading">'
    '<code>Timeout</code><a href="#httpx.Timeout" class="headerlink">&para;</a></h2>'
    '<div class="doc doc-contents"><p>Timeout configuration.</p></div></div>'
    "</article></body></html>"
)


def test_a_signature_heading_names_its_object_and_opens_its_text() -> None:
    # The heading held the signature, cut at the heading's length: 'extensions=None' and
    # 'timeout=...' were on no section, and the entry was named by a call, not its object.
    sections = parse(_PAGE, "reference.html").sections
    assert [(s.heading, s.anchor) for s in sections] == [
        ("Reference", "reference"),
        ("httpx.Client.request", "httpx.Client.request"),
        ("Timeout", "httpx.Timeout"),
    ]
    assert sections[1].body == (
        "`request(method, url, *, content=None, data=None, files=None, json=None, params=None, "
        "headers=None, cookies=None, auth=USE_CLIENT_DEFAULT, follow_redirects="
        "USE_CLIENT_DEFAULT, timeout=USE_CLIENT_DEFAULT, extensions=None)` `async`\n\n"
        "Build and send a request."
    )
    # a heading that names the object alone stays as it is
    assert sections[2].body == "Timeout configuration."


def test_a_heading_showing_its_symbol_type_is_named_by_its_path() -> None:
    # show_symbol_type_heading puts an empty <code class="doc-symbol ..."> (the kind's badge,
    # drawn by the stylesheet) before the signature's: taken for the signature, it was moved
    # out alone and the heading read 'httpx.Client.request request(method, ...)', its label
    # moved out from beside the signature it still held.
    page = _PAGE.replace(
        '\n  <code class=" language-python">',
        '\n<code class="doc-symbol doc-symbol-heading doc-symbol-method"></code>'
        '            <code class=" language-python">',
    )
    sections = parse(page, "reference.html").sections
    assert sections[1].heading == "httpx.Client.request"
    assert sections[1].body.startswith("`request(method, url, *, content=None,")
    assert sections[1].body.endswith("extensions=None)` `async`\n\nBuild and send a request.")
