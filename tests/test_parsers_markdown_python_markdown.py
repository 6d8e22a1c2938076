"""builder.parsers.markdown.python_markdown: the inline syntax of Python-Markdown's
extensions read as text: attribute lists and theme icons, pymdownx keys, autorefs links."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.mkdocs_flavor import MkDocsMarkdown, mkdocs_pages
from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.python_markdown import read_bracketed_spans
from tests.test_parsers_markdown import bodies


def test_attribute_lists_and_theme_icons_leave_nothing() -> None:
    text = (
        "# A\n\n"
        "See [Printing](printing.md){.internal-link target=_blank} now.\n\n"
        "- :material-cube-scan:{ .lg .middle } **Loading**\n"
        "- :octicons-heart-fill-24:{ .pulse }{ .insiders } Sponsors\n\n"
        "A paragraph.\n{: .note #para }\n\n"
        "[](){#command-setup}\n"
        "Kept: `{.x}` in code, {name} in prose and {#id}word.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "See Printing now.\n\n- Loading\n- Sponsors\n\nA paragraph.\n\n"
        "Kept: `{.x}` in code, {name} in prose and {#id}word."
    ]


def test_a_bracketed_span_reads_as_its_text() -> None:
    # setuptools-scm 10.3.4's CHANGELOG.md (converted from reST by Pandoc) writes
    # "[setup.cfg]{.title-ref}" six times, and MyST's attrs_inline "[text]{.class}": both
    # show the text. A reference link's label, code and Python-Markdown's pages keep theirs.
    text = (
        "# Changes\n\n"
        "Read [pyproject.toml]{.title-ref} and [a *span*]{#id .c}, [ref][bar]{.c}, "
        "`[code]{.x}`.\n\n"
        "[bar]: https://example.org\n"
    )
    assert bodies(parse(text, "CHANGELOG.md")) == [
        "Read pyproject.toml and a span, ref, `[code]{.x}`."
    ]
    with mkdocs_pages(MkDocsMarkdown(frozenset({"attr_list"}))):
        assert bodies(parse("# A\n\nRead [setup.cfg]{.title-ref}.\n", "x.md")) == [
            "Read [setup.cfg]."
        ]


def test_a_javascript_spread_in_braces_is_no_attribute_list() -> None:
    # openai 6.49.0's api.md: "client.conversations.update(conversationID, { ...params })"
    # read "update(conversationID,)", every method's parameters gone (15 in its pages).
    text = (
        "# A\n\n"
        "- <code>client.items.<a href='x.ts'>update</a>(id, { ...params }) -> Item</code>\n"
        "- Call f({ ...options }).\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "- client.items.update(id, { ...params }) -> Item\n- Call f({ ...options })."
    ]


def test_an_attribute_list_that_opens_with_a_key_leaves_nothing() -> None:
    # Powertools for AWS Lambda marks its links so, 661 of them kept as text in its pages:
    # only a list opening with "#", "." or ":" was looked for.
    text = (
        '# A\n\nRead [the docs](https://x.org){target="_blank"} and '
        '[SAM](https://y.org){target="_blank" rel="nofollow"}.\n\nKept: {key} and {a=b}c.\n'
    )
    assert bodies(parse(text, "x.md")) == ["Read the docs and SAM.\n\nKept: {key} and {a=b}c."]


def test_braces_between_words_that_open_with_a_key_are_kept_as_text() -> None:
    # Since lists opening with a key were looked for, a template or a path in prose lost its
    # braces on every Markdown page; Python-Markdown reads no list there.
    text = (
        "# A\n\nThe template {name=World} says hello.\n\nGET /v1/{name=projects/*}/keys "
        'lists them.\n\nUse [it](https://x.org){target="_blank"} or `a`{l=python} now.\n'
    )
    assert bodies(parse(text, "x.md")) == [
        "The template {name=World} says hello.\n\nGET /v1/{name=projects/*}/keys lists them."
        "\n\nUse it or `a` now."
    ]


def test_pymdownx_keys_read_as_the_keys_they_draw() -> None:
    # Textual writes its key bindings so (59 of them in 19 pages), shown as Enter, Ctrl+Q.
    text = (
        "# Keys\n\nPress ++return++ or ++ctrl+q++; ++ctrl+alt+delete++, ++f5++,\n"
        '++ctrl+"My Key"++ and ++page-up++. Kept: C++ and C++, `++tab++` in code.\n'
    )
    assert bodies(parse(text, "x.md")) == [
        "Press Enter or Ctrl+Q; Ctrl+Alt+Del, F5, Ctrl+My Key and Page Up. "
        "Kept: C++ and C++, `++tab++` in code."
    ]


def test_autorefs_cross_references_read_as_their_text() -> None:
    text = (
        "# A\n\n"
        "Use [`NodeVisitor`][ast.NodeVisitor] and [`compile`][], or [the loader][griffe.load].\n"
        "Code keeps its brackets: `x[0][1]`, and so does [a shortcut].\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Use `NodeVisitor` and `compile`, or the loader. "
        "Code keeps its brackets: `x[0][1]`, and so does [a shortcut]."
    ]


def test_a_reference_wrapped_between_its_brackets_reads_as_its_text_in_mkdocs_pages() -> None:
    # Python-Markdown reads "[text]" and "[target]" on two lines as one reference: Material's
    # docs, wrapped at 80 columns, split 14 links to settings so ("inherited from
    # [`blog_toc`]" then "[config.blog_toc], unless"), which read "[`blog_toc`] [config...]".
    text = (
        "# Blog\n\nInherited from [`blog_toc`]\n[config.blog_toc], unless set.\n"
        "A note[^1]\n[on its own] stays.\n\n[^1]: Note.\n"
    )
    with mkdocs_pages(MkDocsMarkdown()):
        page = parse(text, "blog.md")
    assert page.sections[0].body.startswith(
        "Inherited from `blog_toc`, unless set. A note [on its own] stays.\n\n[1] Note."
    )
    # CommonMark reads them as two shortcuts, undefined here: the brackets stay.
    assert bodies(parse(text, "x.md"))[0].startswith(
        "Inherited from [`blog_toc`] [config.blog_toc], unless set."
    )


def test_an_index_in_prose_is_no_cross_reference() -> None:
    # "arr[0][1]" read as a link to "1" with the text "0": "arr0".
    text = "# A\n\nRead arr[0][1], rows[i][j] or f()[k][v], see _[the loader][griffe.load]_.\n"
    assert bodies(parse(text, "x.md")) == [
        "Read arr[0][1], rows[i][j] or f()[k][v], see the loader."
    ]
    # So in an MkDocs page whose paragraph also wraps a reference between its brackets.
    wrapped = "# A\n\nRead arr[0][1] and [the loader]\n[griffe.load].\n"
    with mkdocs_pages(MkDocsMarkdown()):
        assert bodies(parse(wrapped, "x.md")) == ["Read arr[0][1] and the loader."]
    # Chinese runs a link on from its words: still a cross-reference.
    assert bodies(parse("# A\n\n请参阅[加载器][griffe.load]。\n", "x.md")) == ["请参阅加载器。"]


def test_bracketed_spans_beside_unclosed_backtick_runs_are_read_in_linear_time() -> None:
    """Runs of one to 300 backticks, none closed (45 KB): the code span's regex looked for
    each run's closer from every backtick of every run, cubic (10 KB took half a minute).
    The subprocess's timeout guards against that hang; it is no timing."""
    script = (
        "from builder.parsers.markdown.python_markdown import read_bracketed_spans\n"
        "runs = ''.join('`' * n + 'a' for n in range(1, 300))\n"
        "print(read_bracketed_spans(runs + ' [x]{.c}').split()[-1])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.strip() == "x"


def test_a_code_span_is_closed_by_a_run_of_as_many_backticks() -> None:
    # A run of four is no code span's start when no other run of four follows: the span
    # read from a backtick inside it to the next lone one took "[x]{.c}" for code.
    text = "````a [x]{.c} `[y]{.c}` ``a`b``[z]{.c}"
    assert read_bracketed_spans(text) == "````a x `[y]{.c}` ``a`b``z"


def test_a_long_run_of_blanks_before_an_attribute_list_is_read_in_linear_time() -> None:
    """A match was tried at each blank of a run: '{:' and 200 KB of blanks then '.warning'
    took 34 s (quadratic). The subprocess's timeout guards against that hang; it is not a
    timing."""
    script = (
        "from builder.parsers.markdown.python_markdown import ATTRIBUTE_LIST\n"
        "line = '{:' + ' ' * 1_000_000 + '.warning'\n"
        "print(ATTRIBUTE_LIST.sub('', line) == line)\n"
        "print(repr(ATTRIBUTE_LIST.sub('', 'text  {: .note } and {#id}')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:2] == ["True", "'text and'"]
