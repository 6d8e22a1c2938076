"""The reStructuredText parser: titles, inline markup, directives, API sections (robustness:
test_parsers_rst_robustness)."""

from __future__ import annotations

import pytest

from builder.parsers.rst.inline import render_inline
from builder.sections import finalize_sections
from tests.rst_support import _body, _outline, _parse, _sections

# -- titles ------------------------------------------------------------------------------------


def test_underlined_and_overlined_titles_get_levels_in_order_of_first_appearance() -> None:
    text = (
        "=======\nProject\n=======\n\n"
        "Usage\n=====\n\n"
        "Install\n-------\n\n"
        "Details\n~~~~~~~\n\n"
        "Config\n------\n\n"
        "API\n===\n"
    )
    assert _outline(text) == [
        ("Project", (), 1, "project"),
        ("Usage", ("Project",), 2, "usage"),
        ("Install", ("Project", "Usage"), 3, "install"),
        ("Details", ("Project", "Usage", "Install"), 4, "details"),
        ("Config", ("Project", "Usage"), 3, "config"),
        ("API", ("Project",), 2, "api"),
    ]


def test_overline_and_underline_must_match() -> None:
    parsed = _parse("=====\nTitle\n-----\n\nText.\n")
    # docutils rejects the pair; the overline reads as a transition and the rest as a title.
    assert [(s.heading, s.level) for s in parsed.sections] == [("Title", 1)]
    assert parsed.warnings[0].message == "Title overline & underline mismatch."
    assert parsed.warnings[0].where == "docs/page.rst:1"


def test_a_line_block_of_one_bar_is_no_title_overline() -> None:
    # pygame 2.6.1's ref/pygame.rst spaces its environment variables with a "|" alone, then
    # a literal block's "::": docutils reads a line block, not an overline of another length
    # than its underline (13 warnings of a mismatch).
    parsed = _parse("Title\n=====\n\nIntro.\n\n|\n\n::\n\n PYGAME_DISPLAY\n\nText.\n")
    assert not parsed.warnings
    assert [s.heading for s in parsed.sections] == ["Title"]
    assert parsed.sections[0].body.endswith("```\nPYGAME_DISPLAY\n```\n\nText.")


def test_inset_overlined_title_is_stripped() -> None:
    assert _outline("==========\n  Inset  \n==========\n") == [("Inset", (), 1, "inset")]


def test_any_punctuation_character_can_adorn_a_title() -> None:
    text = "A\n#\n\nB\n^\n\nC\n'\n\nD\n+\n"
    assert [(s.heading, s.level) for s in _sections(text)] == [
        ("A", 1),
        ("B", 2),
        ("C", 3),
        ("D", 4),
    ]


def test_cjk_title_underlined_to_its_display_width_is_a_title() -> None:
    (section,) = _sections("快速开始\n========\n\n正文。\n")
    assert (section.heading, section.level, section.anchor, section.body) == (
        "快速开始",
        1,
        "快速开始",
        "正文。",
    )


def test_underline_shorter_than_four_and_than_the_title_is_text() -> None:
    parsed = _parse("快速开始\n===\n\nTitle\n--\n")
    assert [(s.heading, s.level, s.body) for s in parsed.sections] == [
        ("page", 0, "快速开始 ===\n\nTitle --"),
    ]


def test_short_underline_of_four_or_more_is_a_title_with_a_warning_like_docutils() -> None:
    parsed = _parse("快速开始\n====\n\nBody.\n")
    assert [(s.heading, s.body) for s in parsed.sections] == [("快速开始", "Body.")]
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("docs/page.rst:1", "Title underline too short."),
    ]


def test_one_character_title_with_one_character_underline() -> None:
    assert _outline("A\n=\n\nText.\n") == [("A", (), 1, "a")]


def test_transition_is_not_a_title() -> None:
    (section,) = _sections("Title\n=====\n\nBefore.\n\n----------\n\nAfter.\n")
    assert section.body == "Before.\n\nAfter."


def test_a_title_inside_a_block_is_a_line_of_its_own() -> None:
    # pytest's 52 hook docstrings end with "Use in conftest plugins" over '=': inside the
    # hook's description it ran into its underline and the next words as one paragraph.
    text = (
        ".. function:: hook(config)\n\n   Called once.\n\n"
        "   Use in conftest plugins\n   =======================\n\n   Any conftest.\n\n"
        ".. note::\n\n   ----\n   Over\n   ----\n   Text.\n"
    )
    assert [s.body for s in _sections("Top\n===\n\n" + text)][1:] == [
        "`hook(config)`\n\nCalled once.\n\nUse in conftest plugins\n\nAny conftest."
    ]
    assert _sections("Top\n===\n\n" + text)[0].body == "Note: Over\n\nText."
    # A list item over a line of dashes is no title.
    assert _body(".. note::\n\n   - item\n   ------\n") == "Note:\n- item"


def test_inline_markup_in_titles_becomes_plain_text() -> None:
    text = (
        "The ``run()`` and **bold** *em* `interp`\n"
        "=========================================\n\n"
        "Using :func:`os.path.join` with `docs <https://x.org>`_ and target_\n"
        "-------------------------------------------------------------------\n"
    )
    assert [s.heading for s in _sections(text)] == [
        "The run() and bold em interp",
        "Using os.path.join with docs and target",
    ]


def test_labels_before_a_title_become_its_anchor_and_the_first_label_wins() -> None:
    text = (
        ".. _install-guide:\n.. _setup:\n\n.. a comment\n\nInstalling\n==========\n\n"
        "Text.\n\n.. _orphan-label:\n\nA paragraph breaks the link.\n\nUsage\n-----\n"
    )
    assert [s.anchor for s in _sections(text)] == ["install-guide", "usage"]


def test_title_anchor_follows_docutils_ids() -> None:
    assert [s.anchor for s in _sections("Session.mount() & Co.\n=====================\n")] == [
        "session-mount-co"
    ]
    # docutils writes out the letters its table names before dropping accents: Große Straße is
    # #grosze-strasze (was #groe-strae), Łódź #lodz (was #odz), Ærø #aero (was #ro).
    text = "Große Straße\n============\n\nŁódź\n----\n\nÆrø\n---\n"
    assert [s.anchor for s in _sections(text)] == ["grosze-strasze", "lodz", "aero"]


# -- sections and lines ------------------------------------------------------------------------


def test_line_numbers_text_before_the_first_title_and_an_empty_section() -> None:
    text = (
        "\n"  # 1
        "Intro line one\n"  # 2
        "continues.\n"  # 3
        "\n"  # 4
        ".. _label:\n"  # 5
        "\n"  # 6
        "=====\n"  # 7
        "Title\n"  # 8
        "=====\n"  # 9
        "\n"  # 10
        "Empty\n"  # 11
        "-----\n"  # 12
        "\n"  # 13
        "Full\n"  # 14
        "----\n"  # 15
        "\n"  # 16
        "Body text.\n"  # 17
        "\n"  # 18
        ".. trailing comment\n"  # 19
        "\n"  # 20
    )
    parsed = _parse(text)
    assert parsed.title == "Title"
    assert [
        (s.heading, s.heading_path, s.level, s.anchor, s.body, s.line_start, s.line_end)
        for s in parsed.sections
    ] == [
        ("Title", (), 0, "top", "Intro line one continues.", 2, 3),
        ("Title", (), 1, "label", "", 7, 9),
        ("Empty", ("Title",), 2, "empty", "", 11, 12),
        ("Full", ("Title",), 2, "full", "Body text.", 14, 19),
    ]
    assert all(s.source == "docs/page.rst" for s in parsed.sections)


def test_text_above_the_title_leaves_the_title_its_own_anchor() -> None:
    # pytest 8.3.3's index.rst: a sidebar above the title took the title's id, and the title
    # section, where links to the page's title land on Sphinx's page, became "...-1".
    text = ".. sidebar:: Events\n\n   A training.\n\nMain title\n==========\n\nThe text.\n"
    parsed = finalize_sections(_parse(text))
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections] == [
        ("Main title", "top", "Events\n\nA training."),
        ("Main title", "main-title", "The text."),
    ]


def test_file_without_titles_is_one_section_named_after_the_file() -> None:
    parsed = _parse("Just some text.\n")
    assert parsed.title == "page"
    assert [(s.heading, s.level, s.anchor, s.line_start, s.line_end) for s in parsed.sections] == [
        ("page", 0, "page", 1, 1)
    ]


@pytest.mark.parametrize("text", ["", "   \n\n\t\n", ".. only a comment\n"])
def test_empty_documents_have_no_sections(text: str) -> None:
    parsed = _parse(text)
    assert (parsed.title, parsed.sections) == ("page", ())


# -- inline markup and roles -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (":func:`os.path.join`", "`os.path.join`"),
        (":meth:`~werkzeug.Request.get_data`", "`get_data`"),
        # Alembic writes most references relative (907 in its docs), and paramrefs too.
        (
            ":meth:`.Operations.add_column` :class:`~.MetaData`",
            "`Operations.add_column` `MetaData`",
        ),
        (":paramref:`.configure.include_object`", "`configure.include_object`"),
        (":paramref:`~.Operations.batch_alter_table.reflect_args`", "`reflect_args`"),
        (":file:`.bashrc` :samp:`.{ext}`", "`.bashrc` `.{ext}`"),
        (":class:`!Request`", "`Request`"),
        (":py:attr:`Response.status`", "`Response.status`"),
        (":c:func:`PyObject_New`", "`PyObject_New`"),
        (
            ":envvar:`HOME` :option:`--port` :file:`setup.cfg` :kbd:`C-x`",
            "`HOME` `--port` `setup.cfg` `C-x`",
        ),
        (
            ":samp:`print({x})` :command:`ls` :program:`pip` :code:`a + b`",
            "`print({x})` `ls` `pip` `a + b`",
        ),
        (":func:`join <os.path.join>`", "`join`"),
        (":doc:`The guide <guide/index>`", "The guide"),
        (":doc:`guide/index`", "guide/index"),
        # xarray's, werkzeug's and pyperf's docs link another project's pages through an
        # intersphinx inventory ("python:library/pdb"); the raw target read as the title.
        (
            ":doc:`python:library/pdb`, :std:doc:`numpy:reference/routines.testing`, "
            ":doc:`xarray-tutorial:fundamentals/02.1_indexing_Basic`, "
            ":external+sphinx:doc:`usage/configuration`, :doc:`pyperf:index`",
            "pdb, routines.testing, 02.1 indexing Basic, configuration, pyperf",
        ),
        (":ref:`my-label`", "my-label"),
        # alembic 1.20.1 links SQLAlchemy's sections through intersphinx ("sqla:" labels),
        # whose titles are not known here: the raw target read as the text.
        (
            ":ref:`sqla:constraint_naming_conventions`, :external+sqla:ref:`schema_name`",
            "constraint naming conventions, schema name",
        ),
        (":ref:`Read this <my-label>`", "Read this"),
        (":term:`WSGI`", "WSGI"),
        # pytest 9.2.0 links 16 names to Python's docs through intersphinx's "python:" prefix,
        # which Sphinx leaves out; a C++ scope and an explicit title stay as written.
        (
            ":func:`python:re.match`, :envvar:`python:PYTHONWARNINGS`, "
            ":class:`~python:collections.OrderedDict`, :cpp:class:`std::vector`, "
            ":meth:`amqp:Channel.x <amqp.channel.x>`",
            "`re.match`, `PYTHONWARNINGS`, `OrderedDict`, `std::vector`, `amqp:Channel.x`",
        ),
        (":pep:`8`", "PEP 8"),
        (":rfc:`2616`", "RFC 2616"),
        (":abbr:`LIFO (last-in, first-out)`", "LIFO (last-in, first-out)"),
        # sympy 1.14.0 and astropy 8.0.1: ":math:`\sin{(x)} = 0`" read "sin{(x)} = 0", every
        # LaTeX command without its backslash ("mathbb{Z}", "left{-1, 1right}").
        (
            r":math:`\sin{(x)} = 0` in :math:`\{2 n \pi | n \in \mathbb{Z}\}`",
            r"\sin{(x)} = 0 in \{2 n \pi | n \in \mathbb{Z}\}",
        ),
        (":octicon:`heart-fill;1em;sd-text-danger` Sponsor :fab:`github`", " Sponsor "),
        (":fa:`check,text-success mr-1` Fast :opticon:`mark-github`", " Fast "),
        # sphinx-panels' badges: snowmobile's pages read "./usage/sql.html,cls=badge-primary
        # text-white,Usage: SQL,tooltip=..." for a link badge titled "Usage: SQL".
        (
            ":badge:`Tutorials, badge-success text-white` :link-badge:`./sql.html,cls=badge-"
            'primary text-white,Usage: SQL,tooltip=Docs` :link-badge:`https://x.org,"a, b"`',
            "Tutorials Usage: SQL a, b",
        ),
        ("``literal *not em*``", "`literal *not em*`"),
        ("`default role`", "`default role`"),
        # asyncpg 0.32.0's type table: a role right after an inline literal's end is a role to
        # docutils ("``list[``:class:`asyncpg.Range` ``]``"); it read as its markup.
        (
            "``list[``:class:`asyncpg.Range <asyncpg.types.Range>` ``]``, `x`:meth:`y`",
            "`list[asyncpg.Range` `]`, `xy`",
        ),
        # invoke 3.0.3 (its conf.py in sites/docs/, read as plain reST): 220 references read
        # as their markup, "`~invoke.runners.Promise`" and "`@task <invoke.tasks.task>`".
        (
            "`~invoke.runners.Promise`, `@task <invoke.tasks.task>`, `~.Context.run`, "
            "`Collections <.Collection>`, `python -m invoke <args>`, `~x`",
            "`Promise`, `@task`, `run`, `Collections`, `python -m invoke <args>`, `~x`",
        ),
        ("`link text <https://example.org>`_ and `anon <https://x.org>`__", "link text and anon"),
        ("`named`_ and `anonymous`__", "named and anonymous"),
        # Sphinx 9.0.4's changelog: "the new `\<search\>`_ element" read "the new \ element";
        # SQLAlchemy's raw docstrings end a link's title in an escaped line break.
        (r"the new `\<search\>`_ element", "the new <search> element"),
        ("`The utf8mb4 set \\\n<https://x.invalid/>`_ docs", "The utf8mb4 set docs"),
        ("see Python_ or docs__ now", "see Python or docs now"),
        ("|version| and |name|_", "version and name"),
        ("A claim [1]_ and [#note]_ and [CIT2002]_.", "A claim and and."),
        # setuptools 84.2.1's "``setup.py`` [#setup.py]_" (15 marks) kept the mark.
        ("``setup.py`` [#setup.py]_, [#a+b:c]_ and [Ref.2]_.", "`setup.py`, and."),
        # A literal shows a footnote mark as written (Sphinx's primer: "use ``[#name]_``").
        ("use ``[#name]_`` or (``[1]_``) [2]_", "use `[#name]_` or (`[1]_`)"),
        ("**strong** and *emphasis*", "strong and emphasis"),
        ("f(*args, **kwargs) and 2*3*4", "f(*args, **kwargs) and 2*3*4"),
        ("__init__ and snake_case_name", "__init__ and snake_case_name"),
        ("an inline _`target` here", "an inline target here"),
        (r"escaped \*star\* and no\ space", "escaped *star* and nospace"),
        ("``/`` then ``b``", "`/` then `b`"),
        # Code holding backticks is fenced by a longer run, as a Markdown code span.
        (
            "``a`b`` and ```Link <https://x.invalid/>`_``",
            "``a`b`` and `` `Link <https://x.invalid/>`_ ``",
        ),
        # docutils' rule 5: markup between a quote or bracket and its closing one is text.
        # mypy 2.3.1: "'*' character (e.g. ``foo.bar.*``)" read as emphasis into the literal.
        (
            "the '*' character (e.g. ``foo.bar.*``, ``foo.*.baz``)",
            "the '*' character (e.g. `foo.bar.*`, `foo.*.baz`)",
        ),
        ('"**", (*) and [|] then **b**, *c* and |d|', '"**", (*) and [|] then b, c and d'),
        # Literals joined by an escaped space are one run of code (psycopg 3.3.4 writes
        # ``writer=``\ `FileWriter` and `!Connection.info`\ `!.encoding`); a space parts them.
        (r"using ``writer=``\ :class:`~io.FileWriter`.", "using `writer=FileWriter`."),
        (r"``a``\ ``.b``\ ``()`` and ``c`` ``d``", "`a.b()` and `c` `d`"),
        (r"``x``\ s and *e*\ ``y``", "`x`s and e`y`"),
        (r"``a`b``\ ``c``", "``a`bc``"),
        # '!' makes no reference: the text stays as written, a leading dot kept.
        (
            r":obj:`psycopg.adapters`\ :obj:`!.types`, :meth:`!~a.b`",
            "`psycopg.adapters.types`, `~a.b`",
        ),
    ],
)
def test_inline_markup_in_body(source: str, expected: str) -> None:
    assert render_inline(source) == expected


def test_inline_markup_in_a_heading_loses_code_backticks() -> None:
    assert render_inline(":class:`~a.Request` and ``x``", heading=True) == "Request and x"


def test_a_role_the_page_defines_from_a_code_role_reads_as_code() -> None:
    # Sphinx 9.0.4's docs define '.. role:: code-py(code)' on the pages that use it (876
    # times): "Type: :code-py:`bool`" read "Type: bool". A role without a base stays text.
    text = (
        ".. role:: code-py(code)\n   :language: python\n\n.. role:: Tex(literal)\n\n"
        ".. role:: plain\n\n"
        "Type :code-py:`bool`, default :tex:`\\\\alpha`, :plain:`words`.\n"
    )
    assert _body(text) == "Type `bool`, default `\\alpha`, words."


def test_a_role_the_page_defines_from_raw_shows_the_text_of_its_html_alone() -> None:
    # LightGBM 4.6.0's Parameters.rst writes a link mark after each of its parameters
    # (':raw-html:`<a id="config" ...>&#x1F517;&#xFE0E;</a>`'): 140 read as the markup, the
    # closing tag cut ('<a id="config" ...>&#x1F517;&#xFE0E;'). LaTeX's shows nothing.
    text = (
        ".. role:: raw-html(raw)\n    :format: html\n\n"
        ".. role:: raw-tex(raw)\n   :format: latex\n\n"
        '``config`` :raw-html:`<a id="config" href="#config">&#x1F517;&#xFE0E;</a>`, default '
        ":raw-html:`<b>no   file</b>`.\n\n:raw-tex:`\\newpage`\n"
    )
    assert _body(text) == "`config` \U0001f517\ufe0e, default no file."


def test_directives_written_with_a_space_before_their_colons_read_as_without_one() -> None:
    # docutils reads one space before '::' ('.. role :: code-py(code)', '.. |x| replace :: y');
    # the page's role definitions and substitutions were not read so, and the text kept
    # the markup (':code-py:`bool`', '|x|').
    text = (
        ".. role :: code-py(code)\n\n.. |name| replace :: Doctrove\n\n"
        "Type :code-py:`bool` of |name|.\n"
    )
    assert _body(text) == "Type `bool` of Doctrove."


def test_a_literal_role_shows_its_text_as_written() -> None:
    # celery 5.7.0's ":program:`celery -A proj control revoke <task_id>`" read as a title and
    # a target, "celery -A proj control revoke"; code, kbd and program roles (and the roles
    # a page defines from them) have no target, and show "<...>" and a leading "~" as well.
    text = (
        ".. role:: code-cpp(code)\n\n"
        ":program:`celery control revoke <task_id>`, :code-cpp:`std::vector<int>`, "
        ":kbd:`<Tab>` and :code:`~/.config`, not :func:`~a.b`.\n"
    )
    assert _body(text) == (
        "`celery control revoke <task_id>`, `std::vector<int>`, `<Tab>` and `~/.config`, not `b`."
    )


def test_sqlalchemy_sql_markers_leave_console_code() -> None:
    # 751 markers in SQLAlchemy 2.0.43's docs, shown raw in its console examples.
    body = _body(
        ".. sourcecode:: pycon+sql\n\n"
        "    >>> conn.execute(text('select 1'))\n"
        "    {execsql}SELECT 1{stop}\n"
        "    >>> session.commit()\n"
        "    {execsql}\n"
        "    COMMIT\n\n"
        "    >>> print(stmt)\n"
        "    {printsql}SELECT x{stop}\n\n"
        ".. code-block:: python\n\n"
        "    d = {stop}\n\n"
        ".. highlight:: pycon+sql\n\n"
        "A literal block::\n\n"
        "    >>> print(insert(user))\n"
        "    {printsql}INSERT INTO user DEFAULT VALUES\n"
    )
    assert body == (
        "```pycon+sql\n>>> conn.execute(text('select 1'))\nSELECT 1\n>>> session.commit()\n"
        "COMMIT\n\n>>> print(stmt)\nSELECT x\n```\n\n```python\nd = {stop}\n```\n\n"
        "A literal block:\n\n```pycon+sql\n>>> print(insert(user))\n"
        "INSERT INTO user DEFAULT VALUES\n```"
    )


def test_comments_are_dropped_with_their_indented_continuation() -> None:
    text = (
        "Before.\n\n.. This is a comment\n   that continues here\n\n   and here.\n\n"
        "..\n\n   An empty comment ends at the blank line; this is a block quote.\n\nAfter.\n"
    )
    assert _body(text) == (
        "Before.\n\nAn empty comment ends at the blank line; this is a block quote.\n\nAfter."
    )


def test_a_target_ends_at_the_blank_line_and_an_indented_block_after_it_stays() -> None:
    # docutils reads a hyperlink target to the first blank line (babel 2.19's pattern table,
    # a block quote below its specification's link target, was dropped with the target).
    text = (
        "Before.\n\n .. _`Spec`:\n    https://x.org/spec\n\n"
        "  +------+-------+\n  | Sym  | Desc  |\n  +======+=======+\n"
        "  | ``0``| Digit |\n  +------+-------+\n\n"
        ".. _label:\n\n   A quoted paragraph.\n\nAfter.\n"
    )
    assert _body(text) == "Before.\n\nSym | Desc\n`0` | Digit\n\nA quoted paragraph.\n\nAfter."


def test_file_wide_metadata_fields_are_dropped() -> None:
    (section,) = _sections(":orphan:\n:tocdepth: 2\n\nTitle\n=====\n\nText.\n")
    assert (section.heading, section.body) == ("Title", "Text.")


def test_a_field_list_opening_the_page_is_its_metadata_whatever_its_fields() -> None:
    # imbalanced-learn 0.14.2's index.rst opens with a comment and pydata-sphinx-theme's
    # ':notoc:', which Sphinx keeps off the page: it read as a section of its own, 'notoc:'.
    text = (
        ".. a comment\n   on two lines\n\n:notoc:\n:sd_hide_title: true\n\nTitle\n=====\n\nText.\n"
    )
    (section,) = _sections(text)
    assert (section.heading, section.body) == ("Title", "Text.")
    # Below a title, or after anything but comments, a field list is text.
    assert _body(":notoc:\n\nText.\n") == "notoc:\n\nText."
    assert _body(".. |x| replace:: y\n\n:notoc:\n\nText.\n") == "notoc:\n\nText."
    (above, _) = _sections(".. [1] A note.\n\n:notoc:\n\nTitle\n=====\n\nText.\n")
    assert above.body == "[1] A note.\n\nnotoc:"


def test_docinfo_may_follow_targets_and_substitutions_and_keeps_its_topics() -> None:
    # docutils' DocInfo transform takes the first element that is not a comment, target,
    # substitution definition or raw block; an Abstract or Dedication field becomes a topic
    # that stays on the page (docutils 0.19, doctitle_xform off as in Sphinx).
    for above in (".. _label:", ".. |x| replace:: y", ".. raw:: html\n\n   <b>x</b>"):
        (section,) = _sections(f"{above}\n\n:notoc:\n\nTitle\n=====\n\nText.\n")
        assert (section.heading, section.body) == ("Title", "Text.")
    text = ":Author: Me\n:Abstract: This paper shows.\n\nTitle\n=====\n\nText.\n"
    above, section = _sections(text)
    assert (above.body, section.body) == ("Abstract: This paper shows.", "Text.")


# -- lists, definitions, tables ----------------------------------------------------------------


def test_bullet_and_enumerated_lists() -> None:
    text = (
        "- one\n- two\n\n  - nested a\n  - nested b\n\n- three\n  continues\n\n"
        "#. auto one\n#. auto two\n\n"
        "3) three\n4) four\n\n"
        "(a) alpha\n(b) beta\n\n"
        "A. Smith wrote this paragraph\nabout things.\n"
    )
    assert _body(text) == (
        "- one\n- two\n  - nested a\n  - nested b\n- three continues\n\n"
        "1. auto one\n2. auto two\n\n"
        "3. three\n4. four\n\n"
        "a. alpha\nb. beta\n\n"
        "A. Smith wrote this paragraph about things."
    )


def test_list_item_with_code_keeps_the_fence_at_column_zero() -> None:
    assert _body("- Run::\n\n      make\n\n- Done\n") == "- Run:\n\n```\nmake\n```\n- Done"


def test_list_item_wider_than_its_continuation_keeps_its_own_lines_one_paragraph() -> None:
    # scrapy 2.19.0's install page: "*   " items, a paragraph indented by two below one.
    text = (
        "* First item.\n\n"
        "*   *(Optional)* :ref:`Install it in a virtual environment\n"
        "    <intro-using-virtualenv>`.\n\n"
        "  This method is a workaround.\n"
    )
    assert _body(text) == (
        "- First item.\n"
        "- (Optional) Install it in a virtual environment.\n\n"
        "  This method is a workaround."
    )


def test_field_option_and_definition_lists() -> None:
    text = (
        ":param x: The x.\n:returns: Nothing\n   at all.\n\n"
        "-a, --all     Show all.\n--output=FILE  Write to FILE.\n\n"
        "term\n    Definition.\nother : classifier\n    First.\n\n    Second.\n"
    )
    assert _body(text) == (
        "param x: The x.\nreturns: Nothing at all.\n\n"
        "-a, --all: Show all.\n--output=FILE: Write to FILE.\n\n"
        "term\n  Definition.\n\n"
        "other (classifier)\n  First.\n\n  Second."
    )


def test_line_block_and_block_quote() -> None:
    assert _body("| line one\n| line *two*\n\n    Quoted text.\n") == (
        "line one\nline two\n\nQuoted text."
    )


def test_links_to_sphinx_generated_index_and_search_pages_are_left_out() -> None:
    # sphinx-quickstart's "Indices and tables": the site has no genindex or search page, so the
    # list named three labels and nothing else, and its section is dropped as empty.
    text = (
        "Guide\n=====\n\nRead on.\n\nIndices and tables\n==================\n\n"
        "* :ref:`genindex`\n* :ref:`modindex`\n* :ref:`Search <search>`\n"
    )
    assert [s.heading for s in finalize_sections(_parse(text)).sections] == ["Guide"]
    # Only an item that is nothing but such a link goes; the rest of a list stays.
    assert _body("- :ref:`genindex`\n- see :ref:`search` for more\n- other\n") == (
        "- see search for more\n- other"
    )
    # jsonschema 4.23.0 links them with its default role (default_role = "any").
    assert _body("- `genindex`\n- :any:`modindex`\n- `search`\n- `run`\n") == "- `run`"
    assert _body("- `search`\n- `run`\n") == "- `search`\n- `run`"  # a function's name
