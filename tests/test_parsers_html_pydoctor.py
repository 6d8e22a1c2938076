"""Pages pydoctor writes: its members are API entries, without their permalinks
(builder.parsers.html.generator_entries, main_content), and its indexes are skipped
(generated_pages)."""

from __future__ import annotations

import pytest

from builder.errors import UnreadableDocument
from builder.parsers.html.parser import parse

# pydoctor 25.10's page of a class (requests 2.34.2's Session), cut down.
_PYDOCTOR_PAGE = (
    '<html><head><title>requests.Session</title><meta name="generator" content="pydoctor '
    '25.10.1"></head><body><nav class="navbar"><a href="index.html">requests</a></nav>'
    '<main class=""><div class="page-header"><h1 class="class"><code><a href="index.html">'
    "requests</a>.<a>Session</a></code></h1></div>"
    '<div class="moduleDocstring"><div><p>A Requests session.</p></div></div>'
    '<div id="child-list"><div class="basemethod"><a name="requests.Session.get"></a>'
    '<a name="get"></a><div class="functionHeader"><span class="py-keyword">def</span>&#160;'
    '<span class="py-defname">get</span><span class="function-signature">(self, url):</span>'
    '<a class="headerLink" href="#get" title="requests.Session.get">¶</a></div>'
    '<div class="docstring functionBody"><div><p>Sends a GET request.</p></div></div></div>'
    '<div class="baseinstancevariable"><a name="requests.Session.trust_env"></a>'
    '<a name="trust_env"></a><div class="functionHeader"><span class="py-defname">trust_env'
    '</span>: <code>bool</code> = <a class="headerLink" href="#trust_env">¶</a></div>'
    '<div class="functionBody"><div><p>Trust environment settings.</p></div></div></div>'
    "</div></main></body></html>"
)


def test_pydoctor_s_members_are_api_entries() -> None:
    # requests 2.34.2 with pydoctor 25.10: each class and module was one section, its members'
    # signatures ending in their "¶" (433 of them); now a section per member (136 -> 559).
    sections = parse(_PYDOCTOR_PAGE, "requests.Session.html").sections
    assert [(s.heading, s.anchor, s.body) for s in sections] == [
        ("requests.Session", "requestssession", "A Requests session."),
        ("requests.Session.get", "get", "`def get(self, url):`\n\nSends a GET request."),
        ("requests.Session.trust_env", "trust_env",
         "`trust_env: bool =`\n\nTrust environment settings."),
    ]  # fmt: skip


def test_pydoctor_s_label_of_a_page_s_kind_is_left_out() -> None:
    # requests 2.34.2 with pydoctor 25.10: each of its 72 pages opened with such a line.
    page = _PYDOCTOR_PAGE.replace(
        '<div class="moduleDocstring">',
        '<div class="categoryHeader">class documentation</div><div class="extrasDocstring">'
        '<p class="class-signature"><code>class Session(SessionRedirectMixin):</code></p></div>'
        '<div class="moduleDocstring">',
    )
    assert parse(page, "requests.Session.html").sections[0].body == (
        "`class Session(SessionRedirectMixin):`\n\nA Requests session."
    )


def test_pydoctor_s_link_to_the_class_index_is_left_out() -> None:
    # requests 2.34.2 with pydoctor 21.12, 22.3 and 25.10: 52 classes' first sections held a
    # line "View In Hierarchy", a link to classIndex.html (a page the build skips)
    page = _PYDOCTOR_PAGE.replace(
        '<div class="moduleDocstring">',
        '<div class="extrasDocstring"><p class="class-signature"><code>class Session'
        '(SessionRedirectMixin):</code></p><p><a href="classIndex.html#requests.Session">View In '
        'Hierarchy</a></p><p>Known subclasses: <a href="classIndex.html#requests.Sub">Sub</a>'
        '</p></div><div class="moduleDocstring">',
    )
    assert parse(page, "requests.Session.html").sections[0].body == (
        "`class Session(SessionRedirectMixin):`\n\nKnown subclasses: Sub\n\nA Requests session."
    )


@pytest.mark.parametrize(
    "relpath",
    ["nameIndex.html", "classIndex.html", "moduleIndex.html", "undoccedSummary.html",
     "all-documents.html", "api/apidocs-help.html"],
)  # fmt: skip
def test_pydoctor_s_indexes_are_skipped(relpath: str) -> None:
    # requests 2.34.2 with pydoctor 25.10: these six pages were 54 sections and 129,242 of
    # the version's 268,398 characters ("requests.Session.get - Sends a GET request.").
    page = _PYDOCTOR_PAGE.replace("<title>requests.Session</title>", "<title>Index</title>")
    with pytest.raises(UnreadableDocument, match=r"pydoctor's (index|help)"):
        parse(page, relpath)
    # a page of a name of the code's is read, and so is that name on a page pydoctor did not write
    assert parse(page, "nameIndex.Session.html").sections
    assert parse(page.replace("pydoctor 25.10.1", "other"), relpath).sections
