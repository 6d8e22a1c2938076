"""builder.parsers.rst: literal blocks, code and version-note directives, admonitions, only,
footnotes and raw HTML (the titles, inline markup, lists and fields are in test_parsers_rst)."""

from __future__ import annotations

from builder.parsers.rst.events import footnote_symbol
from tests.rst_support import _body, _parse


def test_double_colon_forms_expand_like_docutils() -> None:
    text = (
        "Example::\n\n    code one\n\n"
        "Paragraph ::\n\n    code two\n\n"
        "::\n\n    code three\n      indented\n\n"
        "After.\n"
    )
    assert _body(text) == (
        "Example:\n\n```\ncode one\n```\n\n"
        "Paragraph\n\n```\ncode two\n```\n\n"
        "```\ncode three\n  indented\n```\n\n"
        "After."
    )


def test_literal_block_expected_but_missing_warns() -> None:
    parsed = _parse("Title\n=====\n\nSee this::\n\nNot indented.\n")
    assert parsed.sections[0].body == "See this:\n\nNot indented."
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("docs/page.rst:4", "Literal block expected; none found.")
    ]


def test_quoted_literal_block() -> None:
    assert (
        _body("Shell::\n\n> one\n> two\n\nDone.\n") == "Shell:\n\n```\n> one\n> two\n```\n\nDone."
    )


def test_highlight_sets_the_language_of_later_literal_blocks() -> None:
    text = (
        ".. highlight:: console\n\nRun::\n\n    $ make\n\n"
        ".. highlight:: none\n\nThen::\n\n    plain\n"
    )
    assert _body(text) == "Run:\n\n```console\n$ make\n```\n\nThen:\n\n```\nplain\n```"


def test_code_directives_become_fenced_blocks_under_their_caption() -> None:
    # Sphinx shows a caption above its code: flask 3.0.3's tutorial names the file each block
    # goes in so (':caption: flaskr/__init__.py', 54 blocks), which was dropped with the
    # options that only style the block (:linenos:).
    text = (
        ".. code-block:: python\n   :linenos:\n   :caption: ``flaskr/db.py``\n\n"
        "   def f():\n       return 1\n\n"
        ".. code:: js\n\n   let x = 1;\n\n"
        ".. sourcecode:: bash\n\n   ls\n\n"
        ".. code-block::\n\n   no language\n\n"
        ".. literalinclude:: ../examples/app.py\n   :lines: 1-10\n"
    )
    assert _body(text) == (
        "`flaskr/db.py`\n\n```python\ndef f():\n    return 1\n```\n\n"
        "```js\nlet x = 1;\n```\n\n"
        "```bash\nls\n```\n\n"
        "```\nno language\n```\n\n"
        "Source file: `../examples/app.py`"
    )


def test_a_math_directive_keeps_the_formula_written_on_its_line() -> None:
    # statsmodels 0.14.6's UnobservedComponents docstring writes '.. math:: y_t = \\mu' (and
    # a second line under it): the formula is the directive's argument, and was dropped.
    text = (
        ".. math:: y_t &= \\mu_t \\\\\n    \\mu_t &= \\mu_{t-1}\n\n"
        ".. math:: a = b\n   :label: eq\n\n   c = d\n\n"
        ".. math::\n\n   e = f\n"
    )
    assert _body(text) == (
        "```math\ny_t &= \\mu_t \\\\\n\\mu_t &= \\mu_{t-1}\n```\n\n"
        "```math\na = b\n\nc = d\n```\n\n"
        "```math\ne = f\n```"
    )


def test_doctest_blocks_become_pycon() -> None:
    text = "Try it:\n\n>>> 1 + 1\n2\n>>> print('x')\nx\n\nAnd a literal::\n\n    >>> 3\n    3\n"
    assert _body(text) == (
        "Try it:\n\n```pycon\n>>> 1 + 1\n2\n>>> print('x')\nx\n```\n\n"
        "And a literal:\n\n```pycon\n>>> 3\n3\n```"
    )


def test_a_doctest_block_given_hide_is_not_shown() -> None:
    # requests-mock 1.12.1's matching.rst sets a session up before each example so.
    text = (
        "Setup:\n\n.. doctest::\n    :hide:\n\n    >>> import requests\n\n"
        ".. testcode::\n   :hide:\n\n   secret = 1\n\n"
        ".. doctest::\n\n    >>> 1 + 1\n    2\n\n"
        ".. testcode::\n\n   shown = 2\n"
    )
    assert _body(text) == "Setup:\n\n```pycon\n>>> 1 + 1\n2\n```\n\n```python\nshown = 2\n```"


def test_code_containing_a_fence_gets_a_longer_fence() -> None:
    assert _body("::\n\n    ```\n    md\n    ```\n") == "````\n```\nmd\n```\n````"


# -- admonitions and version notes ---------------------------------------------------------------


def test_admonitions_become_labelled_paragraphs() -> None:
    text = (
        ".. note:: This is\n   a note.\n\n   Second paragraph.\n\n"
        ".. warning::\n\n   Careful with :func:`rm`.\n\n"
        ".. seealso:: :doc:`other`\n\n"
        ".. tip::\n\n   - first\n   - second\n\n"
        ".. admonition:: Custom title\n\n   Custom text.\n"
    )
    assert _body(text) == (
        "Note: This is a note.\n\nSecond paragraph.\n\n"
        "Warning: Careful with `rm`.\n\n"
        "See also: other\n\n"
        "Tip:\n- first\n- second\n\n"
        "Custom title: Custom text."
    )


def test_an_admonition_title_ending_a_sentence_gets_no_colon() -> None:
    # beets 2.14.1's guide: ".. admonition:: Need more information?" read
    # "Need more information?:".
    text = (
        ".. admonition:: Need more information?\n\n   See the guide.\n\n"
        ".. admonition:: Found a Bug?\n\n   - Report it\n"
    )
    assert _body(text) == "Need more information? See the guide.\n\nFound a Bug?\n- Report it"


def test_version_notes() -> None:
    text = (
        ".. versionadded:: 2.0 Supports streaming.\n\n"
        ".. versionadded:: 2.1\n\n"
        ".. versionchanged:: 3.0\n\n   The default changed.\n\n"
        ".. deprecated:: 3.1\n   Use :meth:`other` instead.\n"
    )
    assert _body(text) == (
        "Added in version 2.0: Supports streaming.\n\n"
        "Added in version 2.1.\n\n"
        "Changed in version 3.0: The default changed.\n\n"
        "Deprecated since version 3.1: Use `other` instead."
    )


def test_version_note_text_runs_on_to_a_blank_line_as_one_paragraph() -> None:
    # mako 1.4.3's syntax.rst: the text under the version, up to a blank line, is the note's
    # argument, one paragraph; it was read as a list item ("- added the ...") cut off by its
    # next line, which went on as a paragraph of its own.
    text = (
        ".. versionadded:: 1.0.2 - added the ``STOP_RENDERING`` symbol which serves\n"
        '   as a semantic identifier for the empty string ``""``.\n\n'
        ".. versionchanged:: 2.0\n   The default\n   changed.\n\n   Second paragraph.\n"
    )
    assert _body(text) == (
        "Added in version 1.0.2:\n- added the `STOP_RENDERING` symbol which serves as a semantic"
        ' identifier for the empty string `""`.\n\n'
        "Changed in version 2.0: The default changed.\n\nSecond paragraph."
    )


def test_version_notes_under_their_sphinx_9_names() -> None:
    # Sphinx 9.0.4's own docs write '.. version-changed:: 9.0' with the text under it: it read
    # as an unknown directive's argument ("9.0 The :rst:dir:`versionadded` directive ...").
    text = (
        ".. version-added:: 2.5\n   The *spam* parameter.\n\n"
        ".. version-changed:: 9.0\n   Renamed from :rst:dir:`versionchanged`.\n\n"
        ".. version-deprecated:: 3.1\n\n"
        ".. version-removed:: 4.0 Use :py:func:`!spam`.\n"
    )
    assert _body(text) == (
        "Added in version 2.5: The spam parameter.\n\n"
        "Changed in version 9.0: Renamed from `versionchanged`.\n\n"
        "Deprecated since version 3.1.\n\n"
        "Removed in version 4.0: Use `spam`."
    )


# -- other directives and explicit markup ------------------------------------------------------


def test_only_keeps_what_the_html_builder_shows() -> None:
    # Sphinx reads the argument as an expression of tags; the HTML builder sets "html" and
    # "format_html". A project's own tag (is_release) may be set or not: its content is kept.
    text = (
        ".. only:: not latex\n\n   The wide table.\n\n"
        ".. only:: latex\n\n   The narrow table.\n\n"
        ".. only:: format_html and not epub\n\n   Web only.\n\n"
        ".. only:: man or texinfo\n\n   Print only.\n\n"
        ".. only:: not is_release\n\n   Unreleased changes.\n\n"
        ".. only:: is_release and latex\n\n   Never on the web.\n"
    )
    assert _body(text) == "The wide table.\n\nWeb only.\n\nUnreleased changes."


def test_build_directives_leave_no_junk_and_content_directives_keep_text() -> None:
    text = (
        ".. toctree::\n   :maxdepth: 2\n\n   intro\n   usage\n\n"
        ".. image:: pic.png\n   :alt: A diagram of the flow\n\n"
        ".. image:: noalt.png\n\n"
        ".. figure:: fig.png\n   :alt: ignored\n\n   The caption.\n\n"
        ".. raw:: html\n\n   <div>junk</div>\n\n"
        ".. only:: html\n\n   HTML text.\n\n"
        ".. only:: latex\n\n   LaTeX text.\n\n"
        ".. index:: single: foo\n\n"
        ".. meta::\n   :description: junk\n\n"
        ".. include:: other.rst\n\n"
        ".. |name| replace:: replaced\n\n"
        ".. _external: https://example.org\n\n"
        "__ https://example.org/anon\n\n"
        ".. mystery-directive:: argument\n\n   Kept content.\n\n"
        ".. rubric:: Footnotes\n\n"
        ".. [1] Footnote text.\n"
    )
    assert _body(text) == (
        "A diagram of the flow\n\nThe caption.\n\nHTML text.\n\n`argument`\n\nKept content.\n\n"
        "Footnotes\n\n[1] Footnote text."
    )


def test_auto_numbered_footnotes_show_their_number() -> None:
    # setuptools 84.2.1 names its notes ("[#setup.py]_"): 38 showed "[#setup.py] New projects
    # are advised ...", where Sphinx numbers them in page order.
    text = (
        "Text [#setup.py]_ and [#]_.\n\n.. rubric:: Notes\n\n"
        ".. [#setup.py] New projects.\n.. [#] Caching.\n.. [CIT] A citation.\n"
    )
    assert _body(text) == (
        "Text [1] and [2].\n\nNotes\n\n[1] New projects.\n\n[2] Caching.\n\n[CIT] A citation."
    )
    # Anonymous marks are matched to anonymous footnotes in order; with two of each, which
    # mark is which is not known before the page is read, and they go.
    two = "A [#]_ and B [#]_.\n\n.. [#] First.\n.. [#] Second.\n"
    assert _body(two).startswith("A and B.\n\n[1] First.")
    # A mark in a literal is no mark ("Use ``[#]_`` to mark it"): the one outside is the one.
    literal = "Use ``[#]_`` to mark [#]_.\n\n.. [#] The note.\n"
    assert _body(literal) == "Use `[#]_` to mark [1].\n\n[1] The note."


NOTES = (
    ".. rubric:: Footnotes\n\n"
    ".. [#t1] localization support\n.. [3] Numbered.\n.. [#] Anonymous.\n"
    ".. [#t4] timezone names\n.. [CIT] A citation.\n"
)


def test_a_footnote_reference_reads_as_its_footnotes_label() -> None:
    # Arrow 1.3.0's token table: "MMMM | January, February, March ... [#t1]_", its footnotes
    # below it. The marks went, and with them which tokens "[1] localization support for
    # parsing and formatting" and "[4] timezone names ... use the full IANA zone name" are for.
    text = (
        "+------+------------------------+\n"
        "|Token |Output                  |\n"
        "+======+========================+\n"
        "|MMMM  |January ... [#t1]_      |\n"
        "+------+------------------------+\n"
        "|ZZZ   |Asia/Baku ... [#t4]_    |\n"
        "+------+------------------------+\n\n"
        "See [3]_, [CIT]_ and [#]_ and [#gone]_.\n\n" + NOTES
    )
    assert _body(text) == (
        "Token | Output\nMMMM | January ... [1]\nZZZ | Asia/Baku ... [4]\n\n"
        "See [3], [CIT] and [2] and.\n\nFootnotes\n\n[1] localization support\n\n[3] Numbered."
        "\n\n[2] Anonymous.\n\n[4] timezone names\n\n[CIT] A citation."
    )
    # Read without an include reader, an include brings in nothing, and no footnote of its
    # (test_parsers_rst_includes has a page whose included files number footnotes).
    included = ".. include:: other.rst\n\nSee [3]_, [CIT]_ and [#t1]_.\n\n" + NOTES
    assert _body(included).startswith("See [3], [CIT] and [1].\n\n")


def test_a_footnote_written_in_an_example_takes_no_number() -> None:
    # A page that shows how to write footnotes ("Write them like this::") and has its own:
    # the example's "[#f1]" and "[3]" were counted, and the page's mark read "[3]" beside its
    # footnote "[1]", which Sphinx shows as [1] too.
    text = (
        "Write them like this::\n\n   Text [#f1]_.\n\n   .. [#f1] An example.\n   .. [3] Three.\n\n"
        ".. code-block:: rst\n\n   .. [#] Another example.\n\n"
        "..\n   .. [#] Commented out.\n\n"
        ".. a comment\n   .. [#] Commented out too.\n\n"
        ".. note::\n\n   Real [#real]_.\n\n"
        ".. [#real] The real footnote.\n"
    )
    body = _body(text)
    assert "Real [1]." in body
    assert body.endswith("[1] The real footnote.")


def test_auto_numbered_footnotes_skip_the_numbers_numbered_ones_take() -> None:
    # scikit-learn 1.5.2's linear_model.rst numbers its references [1] to [16] by hand and
    # its Theil-Sen notes [#f1] and [#f2]: counted from 1, those showed "[1]" and "[2]"
    # beside Bishop's and Wipf's; docutils gives an auto-numbered footnote the next number
    # no footnote of the page takes, before or after it.
    text = (
        ".. [1] Bishop.\n.. [#f1] Dang.\n.. [#] Anonymous.\n.. [2] Wipf.\n.. [4] Fletcher.\n"
        "\n.. [#f2] Kärkkäinen.\n"
    )
    assert _body(text) == (
        "[1] Bishop.\n\n[3] Dang.\n\n[5] Anonymous.\n\n[2] Wipf.\n\n[4] Fletcher.\n\n"
        "[6] Kärkkäinen."
    )


def test_auto_numbered_footnotes_skip_the_numbers_other_footnotes_are_named() -> None:
    # scikit-learn 1.5.2's svm.rst names its notes "[#1]" to "[#8]": docutils gives no
    # footnote a number that is already a name on the page, and Sphinx shows them as [9] to
    # [16] ("Platt scaling [9]"); read as [1] to [8], they named other footnotes than the
    # published page's.
    text = "Platt scaling [#1]_ and Wu [#2]_.\n\n.. [#2] Wu.\n.. [#1] Platt.\n.. [#] Other.\n"
    assert _body(text) == "Platt scaling [4] and Wu [3].\n\n[3] Wu.\n\n[4] Platt.\n\n[5] Other."


def test_symbol_footnotes_show_docutils_symbols_in_order() -> None:
    # Celery 5.7.0's optimizing guide has three "[*]" notes: each read "[*] ...", where Sphinx
    # shows "*", "†" and "‡" (its marks, three, still go: which is which is not known before
    # the page is read); its security guide's one mark reads as its one note's symbol.
    three = "A [*]_, B [*]_.\n\n.. [*] One.\n.. [*] Two.\n.. [*] Three.\n"
    assert _body(three) == "A, B.\n\n[*] One.\n\n[†] Two.\n\n[‡] Three."
    one = "Pickle is insecure [*]_, and ``[*]_`` marks one.\n\n.. [*] Why.\n"
    assert _body(one) == "Pickle is insecure [*], and `[*]_` marks one.\n\n[*] Why."
    assert [footnote_symbol(n) for n in (1, 10, 11, 21)] == ["*", "♣", "**", "***"]


def test_raw_html_keeps_the_text_of_its_preformatted_elements_as_code() -> None:
    # Rich draws terminal output (and its table of colour names) as coloured <pre> spans.
    text = (
        "Output:\n\n"
        ".. raw:: html\n\n"
        '    <pre style="font-family:Menlo"><span style="color: #800000">Hello</span> World\n'
        "    <span>{</span>&#x27;a&#x27;: 1 &amp; 2,&nbsp;\n"
        "    <span>}</span></pre>\n\n"
        '.. raw:: html\n\n   <iframe src="https://example.org/video"></iframe>\n\n'
        ".. raw:: latex\n\n   <pre>Not for the web.</pre>\n\n"
        "After.\n"
    )
    assert _body(text) == "Output:\n\n```\nHello World\n{'a': 1 & 2,\n}\n```\n\nAfter."


def test_a_parsed_literal_shows_its_inline_markup_as_text() -> None:
    # watchdog 6.0.0's installation page: |project_name| is ``watchdog``, and its commands
    # read "pip install -U `watchdog`" inside the code blocks (4 such marks on the page).
    text = (
        ".. |name| replace:: ``watchdog``\n\n"
        ".. parsed-literal::\n\n"
        "    $ pip install -U '|name|\\[watchmedo]'\n"
        "    $ cd **build**/`src`\n"
    )
    assert _body(text) == "```\n$ pip install -U 'watchdog[watchmedo]'\n$ cd build/src\n```"


def test_class_directives_show_their_content_and_nothing_of_their_class() -> None:
    # Polyfactory 3.5's landing page says what the library is in '.. rst-class:: lead': the
    # class only styles its content, which was dropped with it.
    text = (
        ".. rst-class:: lead\n\n   Polyfactory makes mock data from :class:`type hints <T>`.\n\n"
        ".. rst-class:: wide\n\n"
        "A paragraph the class above styles.\n\n"
        ".. cssclass:: table\n\n   Old spelling.\n"
    )
    assert _body(text) == (
        "Polyfactory makes mock data from `type hints`.\n\n"
        "A paragraph the class above styles.\n\n"
        "Old spelling."
    )
