"""The NAME section of an AsciiDoc manual page, written in its header, is read."""

from __future__ import annotations

from builder.parsers.html.parser import parse

# AsciiDoc's manpage layout (git-doc's git-var.html), whose Asciidoctor form is alike.
MANPAGE = (
    '<html><head><title>git-var(1)</title></head><body class="manpage">'
    '<div id="header"><h1>git-var(1) Manual Page</h1><h2>NAME</h2>'
    '<div class="sectionbody"><p>git-var -\n   Show a Git logical variable\n</p></div></div>\n'
    '<div id="content"><div class="sect1"><h2 id="_synopsis">SYNOPSIS</h2>'
    '<div class="sectionbody"><p>git var (-l | &lt;variable&gt;)</p></div></div></div>'
    '<div id="footer"><div id="footer-text">Last updated 2024-05-31</div></div></body></html>'
)


def test_the_name_line_of_a_manpage_is_its_first_section() -> None:
    parsed = parse(MANPAGE, "git-var.html")
    assert parsed.title == "git-var(1)"
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("NAME", "git-var - Show a Git logical variable"),
        ("SYNOPSIS", "git var (-l | <variable>)"),
    ]
    assert parsed.sections[0].line_start == 1


def test_an_article_header_without_a_name_section_stays_out() -> None:
    # AsciiDoc's article layout: the header holds the title, author and table of contents.
    page = (
        '<body class="article"><div id="header"><h1>Git User Manual</h1>'
        '<span id="author">Linus</span><div id="toc"><div id="toctitle">Table of Contents</div>'
        '</div></div><div id="content"><h2 id="_intro">Introduction</h2><p>Git is fast.</p>'
        "</div></body>"
    )
    parsed = parse(page, "user-manual.html")
    assert [(s.heading, s.body) for s in parsed.sections] == [("Introduction", "Git is fast.")]
