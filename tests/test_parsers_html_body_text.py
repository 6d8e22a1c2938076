"""Blocks of a built HTML page as text (builder.parsers.html.body_text): field lists, code,
inline markup, admonitions and tables, and the whitespace and permalink shortcuts."""

from __future__ import annotations

import itertools
import re

import pytest
from lxml import etree

from builder.parsers.html.body_text import (
    _PERMALINK_MARK,
    collapse,
    join_inline,
    render_blocks,
    space,
    without_permalink_mark,
)
from builder.parsers.html.parser import parse
from tests.html_support import bodies


def test_a_field_name_ends_in_a_colon_as_the_stylesheet_shows_it() -> None:
    # sortedcontainers 2.4.0's Debian HTML (Sphinx before 5) writes "<dt>Parameters</dt>" and
    # its basic.css adds the colon; the entries read "Parameters\n  value - ...", unlike the
    # "Parameters:" of newer Sphinx's pages and of the same docs read from their source.
    old = (
        '<h1>T</h1><dl class="field-list simple"><dt class="field-odd">Parameters</dt>'
        "<dd><p><strong>value</strong> – the value</p></dd>"
        '<dt class="field-even">Returns</dt><dd><p>index</p></dd></dl>'
    )
    assert bodies(old) == ["Parameters:\n  value – the value\nReturns:\n  index"]
    new = old.replace("Parameters</dt>", 'Parameters<span class="colon">:</span></dt>')
    assert bodies(new) == bodies(old)
    # A definition list that is not a field list keeps its terms as written.
    plain = '<h1>T</h1><dl class="simple"><dt>term</dt><dd><p>text</p></dd></dl>'
    assert bodies(plain) == ["term\n  text"]
    # An empty field name, or a field list of nothing, gives no stray colon.
    empty = '<h1>T</h1><p>x</p><dl class="field-list"><dt></dt><dd><p>y</p></dd><dt/></dl>'
    assert bodies(empty) == ["x\n\n  y"]


def test_an_admonition_title_ending_a_sentence_gets_no_colon() -> None:
    # As the reST reader writes it (de4e5901): a built page's "Need more information?" read
    # "Need more information?:", and sphinx-immaterial's version notes, a title alone,
    # "Added in version 2020.08.14.beta5.:" (Furo 2025.12.19's docs so built: 27 sections).
    page = (
        '<div class="body" role="main"><h1 id="t">T</h1><div class="admonition versionadded">'
        '<p class="admonition-title"><span class="versionmodified added">Added in version 2.0.'
        '</span></p></div><div class="admonition hint"><p class="admonition-title">Need more '
        'information?</p><p>See the guide.</p></div><div class="admonition note"><p class='
        '"admonition-title">Note</p><p>Kept.</p></div></div>'
    )
    (section,) = parse(page, "t.html").sections
    assert section.body == (
        "Added in version 2.0.\n\nNeed more information? See the guide.\n\nNote: Kept."
    )


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


def test_table_with_caption_and_empty_rows() -> None:
    page = (
        "<h1>T</h1><table><caption>Sizes</caption><tr><th>a</th><th>b</th></tr>"
        "<tr><td></td><td></td></tr><tr><td>1</td><td><code>2</code></td></tr></table>"
    )
    assert bodies(page) == ["Sizes\na | b\n1 | `2`"]


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
