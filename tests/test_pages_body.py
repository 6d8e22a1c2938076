"""A section body as HTML (builder.pages_body): paragraphs, lists, code fences and inline code
spans, escaped, and in linear time on hostile input."""

from __future__ import annotations

import itertools

import pytest

from builder import pages_body
from builder.pages_body import render_body


@pytest.mark.parametrize(
    ("body", "html"),
    [
        ("", ""),
        ("One\ntwo\n\nThree", "<p>One<br>\ntwo</p>\n<p>Three</p>"),
        (
            "Use ``a ` b`` and `c`, not `d.",
            "<p>Use <code>a ` b</code> and <code>c</code>, not `d.</p>",
        ),
        ("`a` & ` b ` `c", "<p><code>a</code> &amp; <code>b</code> `c</p>"),
        ("```\nx < y", "<pre><code>x &lt; y</code></pre>"),
        (
            "~~~py\na < b\n~~~\ntext",
            '<pre><code class="language-py">a &lt; b</code></pre>\n<p>text</p>',
        ),
        (
            "```{doctest}\n>>> 1\n```",
            '<pre><code class="language-doctest">&gt;&gt;&gt; 1</code></pre>',
        ),
        ('```py"><script>\nx\n```', '<pre><code class="language-pyscript">x</code></pre>'),
        ("```x``` is inline", "<p><code>x</code> is inline</p>"),
        ("- a\n- b\n  - c\n- d", "<ul><li>a</li><li>b<ul><li>c</li></ul></li><li>d</li></ul>"),
        ("3. three\n4. four\n   more", '<ol start="3"><li>three</li><li>four<br>more</li></ol>'),
        (
            "- item\n\n  ```\n  code\n    indented\n  ```",
            "<ul><li>item</li></ul>\n<pre><code>code\n  indented</code></pre>",
        ),
        (
            "a | b\n<c> | d",
            '<div class="table"><table><tr><td>a</td><td>b</td></tr>'
            "<tr><td>&lt;c&gt;</td><td>d</td></tr></table></div>",
        ),
        ("one | line", "<p>one | line</p>"),
    ],
)
def test_render_body(body: str, html: str) -> None:
    assert render_body(body) == html


@pytest.mark.parametrize(
    "text",
    ["`a`", "`", "a`b", "`a` and `b` and `c", "` a ` `  ` ` `", "x<`y&`>z` '", "`a`\n`b`"],
)
def test_single_backtick_spans_pair_as_any_runs_do(text: str) -> None:
    # Text whose backtick runs are all single takes a shortcut: it must pair them the same.
    assert pages_body._single_tick_spans(text) == pages_body._paired_spans(text)


def test_single_backtick_spans_pair_as_any_runs_do_for_every_short_text() -> None:
    # The shortcut escapes the whole text before splitting it at backticks; every text of up
    # to six of these characters (no double backtick, as the shortcut is only given) must
    # come out as the general pairing gives it.
    alphabet = ["a", "`", " ", "<", "&", "'", '"']
    for length in range(1, 7):
        for letters in itertools.product(alphabet, repeat=length):
            text = "".join(letters)
            if "``" not in text:
                expected = pages_body._paired_spans(text)
                assert pages_body._single_tick_spans(text) == expected, repr(text)


def test_the_next_fence_is_the_one_the_fence_search_finds() -> None:
    # Fences are looked for only at the start of lines holding a fence marker; every body of
    # up to four of these lines, from every position, must give the regex search's match.
    lines = ["```", "~~~ py", "  ````x", "a ```", "`` ~~", "x", "", "```a`"]
    for count in range(1, 5):
        for chosen in itertools.product(lines, repeat=count):
            body = "\n".join(chosen)
            for position in range(len(body) + 1):
                found = pages_body._next_fence(body, position)
                expected = pages_body._FENCE.search(body, position)
                assert (found and found.span()) == (expected and expected.span()), (body, position)


def test_the_closing_fence_is_the_one_the_closing_search_finds() -> None:
    # A closing fence is looked for only at the start of lines holding the opening marker's
    # run; every body of up to four of these lines, from every position, must give the
    # regex search's match.
    lines = ["```", "````", " ``` ", "~~~", "a ```", "```a", "x", "", "\t~~~~"]
    for marker in ("```", "````", "~~~"):
        closing = pages_body._closing_fence(marker[0], len(marker))
        for count in range(1, 5):
            for chosen in itertools.product(lines, repeat=count):
                body = "\n".join(chosen)
                for start in range(len(body) + 2):
                    found = pages_body._next_closing_fence(body, marker, start)
                    expected = closing.search(body, start)
                    assert (found and found.span()) == (expected and expected.span()), (
                        body,
                        marker,
                        start,
                    )


def test_render_body_stays_fast_on_hostile_input() -> None:
    # Linear pairing of backtick runs: this finishes at once instead of stalling the build.
    body = "`" + " a``" * 200_000
    assert render_body(body).count("<code>") == 100_000
