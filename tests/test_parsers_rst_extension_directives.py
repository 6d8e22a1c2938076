"""Directives of Sphinx extensions and of Sphinx's own domains that real docs use: sphinx-design
cards, sphinx-tabs' code tabs, Pallets' click domain, sphinxcontrib-mermaid, and the glossary."""

from __future__ import annotations

from tests.rst_support import _body, _sections


def test_a_sphinx_tabs_code_tab_keeps_its_label() -> None:
    # '.. code-tab:: LANGUAGE LABEL': the label told nox's two ways of picking sessions apart
    # (CLI options, environment variables); without one the tab is named by its language.
    text = (
        ".. tabs::\n\n"
        "   .. code-tab:: console CLI options\n\n         nox -s lint\n\n"
        "   .. code-tab:: console Environment *variables*\n\n         NOXSESSION=lint nox\n\n"
        "   .. code-tab:: py\n\n         import nox\n"
    )
    assert _body(text) == (
        "CLI options\n\n```console\nnox -s lint\n```\n\n"
        "Environment variables\n\n```console\nNOXSESSION=lint nox\n```\n\n"
        "```py\nimport nox\n```"
    )


def test_a_code_tab_with_a_caption_keeps_its_label_too() -> None:
    # The tab's label and the code's caption say different things (which way, which file).
    text = (
        ".. tabs::\n\n"
        "   .. code-tab:: ini Settings file\n      :caption: .coveragerc\n\n"
        "         [run]\n         branch = True\n"
    )
    assert _body(text) == "Settings file\n\n.coveragerc\n\n```ini\n[run]\nbranch = True\n```"


def test_sphinx_design_cards_keep_their_title_header_and_footer_apart() -> None:
    # A grid-item-card's title was lost, and the ^^^ and +++ lines that end a card's header
    # and start its footer ran into one line with them ("Header ^^^ Card content").
    text = (
        ".. grid:: 2\n\n"
        "    .. grid-item-card:: Getting started\n\n"
        "        Header\n        ^^^\n        Card content\n        +++\n        Footer\n\n"
        ".. card:: Card Title\n\n    Body\n    +++++\n    More\n"
    )
    assert _body(text) == (
        "Getting started\n\nHeader\n\nCard content\n\nFooter\n\nCard Title\n\nBody\n\nMore"
    )


def test_pallets_click_examples_and_runs_are_python_code() -> None:
    # click's docs hold 96 '.. click:example::' and 83 '.. click:run::' blocks; read as text,
    # their code ran together ("@click.command() def hello():").
    text = (
        ".. click:example::\n"
        "    @click.command()\n    def hello():\n        click.echo('Hi')\n\n"
        ".. click:run::\n    invoke(hello, args=['--help'])\n"
    )
    assert _body(text) == (
        "```python\n@click.command()\ndef hello():\n    click.echo('Hi')\n```\n\n"
        "```python\ninvoke(hello, args=['--help'])\n```"
    )


def test_a_mermaid_diagram_is_kept_as_its_source() -> None:
    # structlog's standard-library page draws what passes records to logging in three
    # diagrams; they were dropped, while a Markdown page's ```mermaid fence is kept as code.
    # One read from a file says nothing here and stays out.
    text = (
        "Before.\n\n"
        ".. mermaid::\n   :align: center\n\n   flowchart TD\n       User --> structlog\n\n"
        ".. mermaid:: diagrams/flow.mmd\n\n"
        "After.\n"
    )
    assert _body(text) == (
        "Before.\n\n```mermaid\nflowchart TD\n    User --> structlog\n```\n\nAfter."
    )


GLOSSARY = (
    ".. glossary::\n   :sorted:\n\n"
    "   source directory\n   root\n      The directory of *sources*.\n\n"
    "      Its second paragraph.\n\n"
    "   environment\n      Where information is kept.\n\n"
    "   >>>\n      The prompt.\n"
)


def test_each_glossary_term_is_a_section_anchored_as_sphinx_anchors_it() -> None:
    # Read as one list, the Python docs' glossary was one section cut into nine parts by
    # size; each term is its own section, #term-<its name> (numbered when its name makes no
    # id), sorted under ':sorted:', its synonyms (terms above one definition) leading it.
    sections = _sections("Terms\n=====\n\nWords used.\n\n" + GLOSSARY + "\nAfter them.\n")
    assert [(s.heading, s.anchor, s.level, s.kind, s.body) for s in sections] == [
        ("Terms", "terms", 1, "text", "Words used.\n\nAfter them."),
        (">>>", "term-0", 2, "text", "The prompt."),
        ("environment", "term-environment", 2, "text", "Where information is kept."),
        (
            "source directory",
            "term-source-directory",
            2,
            "text",
            "root\n\nThe directory of sources.\n\nIts second paragraph.",
        ),
    ]


def test_a_sorted_glossarys_terms_keep_their_own_lines() -> None:
    # ':sorted:' (Pyramid's, Plone's, Arrow's glossaries) puts the sections out of their lines'
    # order: each section ran to the line before the next one shown, so a term lost its
    # definition ('environment' was its term line alone) and the text above the glossary took
    # the lines of the first term written.
    text = "Terms\n=====\n\nWords used.\n\n" + GLOSSARY + "\nAfter them.\n"
    lines = text.split("\n")
    assert [(s.heading, lines[s.line_start - 1 : s.line_end]) for s in _sections(text)] == [
        ("Terms", ["Terms", "=====", "", "Words used.", "", ".. glossary::", "   :sorted:"]),
        (">>>", ["   >>>", "      The prompt."]),
        ("environment", ["   environment", "      Where information is kept."]),
        (
            "source directory",
            ["   source directory", "   root", "      The directory of *sources*.", "",
             "      Its second paragraph."],
        ),
    ]  # fmt: skip


def test_a_glossary_terms_index_key_is_not_its_text() -> None:
    # 'term : key' gives the general index a grouping key (Sphinx's docs: "term 1 : A"); Sphinx
    # shows and anchors the term alone (#term-term-1), where it was 'term 1 : A', #term-term-1-A.
    text = "Terms\n=====\n\n.. glossary::\n\n   term 1 : A\n   term 2 : B\n      Both.\n"
    assert [(s.heading, s.anchor, s.body) for s in _sections(text)][1:] == [
        ("term 1", "term-term-1", "term 2\n\nBoth."),
    ]


def test_glossary_terms_are_numbered_as_sphinx_numbers_them() -> None:
    # Sphinx makes a term's id as it reads it (sphinx.util.nodes.make_id), before ':sorted:'
    # reorders the terms, and numbers through the page the terms it can make no id of (a
    # Russian glossary's every term) or has given (a term written twice). Numbered in sorted
    # order and afresh in each glossary, every anchor of a sorted Russian glossary was another
    # term's, and a repeated term shared its first's.
    text = (
        "Terms\n=====\n\n.. glossary::\n   :sorted:\n\n"
        "   термин\n      A.\n\n   слово\n      B.\n\n   буква\n      C.\n\n"
        ".. glossary::\n\n   foo\n      One.\n\n   foo\n      Two.\n\n   >>>\n      P.\n"
    )
    assert [(s.heading, s.anchor) for s in _sections(text)][1:] == [
        ("буква", "term-2"),
        ("слово", "term-1"),
        ("термин", "term-0"),
        ("foo", "term-foo"),
        ("foo", "term-3"),
        (">>>", "term-4"),
    ]


def test_a_glossary_terms_letters_without_an_accent_to_drop_are_spelled_as_sphinx_does() -> None:
    # Sphinx's make_id writes ß, ł, ø as sz, l, o before it drops what is not ASCII; they were
    # dropped, so a German, Polish or Danish term's anchor was not the built page's.
    text = "Terms\n=====\n\n.. glossary::\n\n   Straße\n      S.\n\n   węzeł\n      W.\n"
    assert [s.anchor for s in _sections(text)][1:] == ["term-Strasze", "term-wezel"]


def test_a_comment_among_glossary_terms_is_no_term() -> None:
    # multi-user's glossary.rst puts a label above each term ('.. _admin:'): it became the
    # term, and the real term ('administrator') a synonym in its body; a comment's indented
    # lines were a definition. Sphinx's Glossary.run skips both.
    text = (
        "Terms\n=====\n\n.. glossary::\n\n"
        "   .. _admin:\n\n   administrator\n      Manages users.\n\n"
        "   .. a commented-out term\n         and its definition\n\n"
        "   session status\n      The connection state.\n"
    )
    assert [(s.heading, s.anchor, s.body) for s in _sections(text)][1:] == [
        ("administrator", "term-administrator", "Manages users."),
        ("session status", "term-session-status", "The connection state."),
    ]


def test_a_glossary_where_no_section_may_open_is_its_terms_above_their_definitions() -> None:
    # Inside a note: several terms a line each above one definition, as Sphinx shows them;
    # read as a definition list, they ran into one paragraph and the definition lost its indent.
    text = ".. note::\n\n" + "\n".join(
        f"   {line}" if line else "" for line in GLOSSARY.split("\n")
    )
    assert _body(text) == (
        "Note:\n>>>\n  The prompt.\n\nenvironment\n  Where information is kept.\n\n"
        "source directory\nroot\n  The directory of sources.\n\n  Its second paragraph."
    )


def test_a_matplotlib_plot_keeps_the_code_it_shows() -> None:
    # pint 0.25.3's plotting page shows its three examples with
    # '.. plot::\n   :include-source: true'; the directive was dropped whole, and the page
    # read "This allows plotting quantities with different units:" and then nothing.
    text = (
        "Units:\n\n"
        ".. plot::\n   :include-source: true\n\n   import matplotlib.pyplot as plt\n"
        "   plt.plot([1, 2])\n\n"
        ".. plot::\n   :include-source: false\n\n   hidden()\n\n"
        ".. plot:: pyplots/ellipses.py\n\n"
        ".. plot::\n\n   >>> plt.plot([1, 2])\n\n"
        "End."
    )
    assert _body(text) == (
        "Units:\n\n```python\nimport matplotlib.pyplot as plt\nplt.plot([1, 2])\n```\n\n"
        "```pycon\n>>> plt.plot([1, 2])\n```\n\nEnd."
    )


def test_a_project_directive_holding_python_keeps_it_as_code() -> None:
    # bokeh 3.6.0's user guide writes examples inline in its own '.. bokeh-plot::' directive;
    # read as paragraphs, each ran into one line and its comments swallowed the code after
    # them ("# create a figure object p = figure(width=300)").
    text = (
        ".. bokeh-plot::\n    :source-position: above\n\n"
        "    from bokeh.plotting import figure\n\n"
        "    # create a figure object\n    p = figure(width=300)\n\n"
        ".. custom-note::\n\n    Keep this *text*.\n\n"
        ".. custom-name::\n\n    bokeh.plotting\n"
    )
    assert _body(text) == (
        "```python\nfrom bokeh.plotting import figure\n\n"
        "# create a figure object\np = figure(width=300)\n```\n\n"
        "Keep this text.\n\nbokeh.plotting"
    )


def test_a_project_directive_holding_name_value_lines_keeps_them_as_text() -> None:
    # "Type: int" parses as a bare Python annotation; a directive's fields are prose.
    text = ".. option-info::\n\n    Type: int\n\n    Default: None\n\n.. ex::\n\n    x: int = 5\n"
    assert _body(text) == "Type: int\n\nDefault: None\n\n```python\nx: int = 5\n```"


def test_a_project_directive_whose_text_runs_on_under_it_keeps_it_as_text() -> None:
    # SQLAlchemy 2.1.9's '.. legacy::' and '.. deepalchemy::' (zzzeeksphinx) take their text
    # as the argument, written from the directive's line on: its roles stayed raw
    # (":class:`.Query`"), and when paragraphs followed, the first was lost.
    text = (
        ".. legacy:: The ORM :class:`.Query` object is a legacy\n"
        "   construct as of SQLAlchemy 2.0.\n\n"
        ".. legacy::\n   The :class:`Foo` thing.\n\n"
        ".. deepalchemy:: This approach is\n   **controversial**.\n\n   More text.\n"
    )
    assert _body(text) == (
        "The ORM `Query` object is a legacy construct as of SQLAlchemy 2.0.\n\n"
        "The `Foo` thing.\n\nThis approach is controversial.\n\nMore text."
    )


def test_a_cross_reference_target_before_what_shows_its_name_shows_nothing() -> None:
    # celery 5.7.0's 414 '.. setting::' targets (app.add_crossref_type) each stand over the
    # title naming the setting; kept as code, each name ended the section before it.
    text = (
        "Intro.\n\n.. setting:: broker_url\n\n``broker_url``\n--------------\n\nDefault.\n\n"
        ".. hook:: pytest_addoption\n.. describe:: pytest_addoption\n\n   A hook.\n\n"
        ".. reqmeta:: a_list\n\n.. reqmeta:: a_all\n\nThe ``a_list`` key.\n\n"
        ".. conftabs:: build-dir\n\nOther text.\n"
    )
    assert [section.body for section in _sections(text)] == [
        "Intro.",
        "Default.\n\n`pytest_addoption`\n\nA hook.\n\n`a_all`\n\nThe `a_list` key.\n\n"
        "`build-dir`\n\nOther text.",
    ]


def test_a_project_directive_keeps_its_caption() -> None:
    # python-statemachine's diagram directive (its pages are MyST; reST reads it alike).
    text = ".. statemachine-diagram:: shop.OrderControl\n   :caption: After *payment*\n"
    assert _body(text) == "`shop.OrderControl`\n\nAfter payment"


def test_a_diagram_keeps_only_its_caption() -> None:
    # Sphinx's graphviz, digraph and inheritance-diagram: the caption under the drawing was
    # lost with it; the graph's code and the diagram's options are no text for a reader.
    text = (
        "Intro.\n\n"
        ".. graphviz::\n   :caption: How a *request* flows\n   :align: center\n\n"
        "   digraph { a -> b }\n\n"
        ".. digraph:: flow\n   :caption: The flow\n\n   a -> b\n\n"
        ".. inheritance-diagram:: shop.Order\n   :caption: Order's bases\n   :parts: 1\n\n"
        ".. graphviz:: drawn.dot\n\nAfter.\n"
    )
    assert _body(text) == "Intro.\n\nHow a request flows\n\nThe flow\n\nOrder's bases\n\nAfter."


def test_a_label_between_a_target_and_what_shows_its_name_is_looked_past() -> None:
    # scrapy 2.19.0's '.. setting:: SCHEDULER_PRIORITY_QUEUE' stands over a label, then the
    # title naming it: the name ended the section before. pip 25.3's options pages end their
    # '.. pip-index-options:: install' over a label that names the command ('pip install
    # Examples'): taken for a target, the directive's only word went.
    text = (
        "Before\n------\n\nText.\n\n.. setting:: QUEUE\n.. _queue-label:\n\nQUEUE\n-----\n\n"
        "Default.\n\n.. pip-index-options:: install\n\n\n.. _`pip install Examples`:\n\n"
        "Examples\n--------\n\nMore.\n"
    )
    assert [section.body for section in _sections(text)] == [
        "Text.",
        "Default.\n\n`install`",
        "More.",
    ]


def test_sphinx_toolboxs_installation_directive_shows_its_commands() -> None:
    # domdf_python_tools' index (repo_helper's template) read "`domdf_python_tools`" alone.
    text = (
        ".. installation:: domdf_python_tools\n"
        "\t:pypi:\n\t:pypi-name: domdf-python-tools\n\t:github:\n\t:anaconda:\n"
        "\t:conda-name: domdf-python-tools\n\t:conda-channels: conda-forge, domdfcoding\n"
    )
    assert _body(text) == (
        "from PyPI\n\n```console\n$ python3 -m pip install domdf-python-tools --user\n```\n\n"
        "from Anaconda\n\n```console\n"
        "$ conda config --add channels https://conda.anaconda.org/conda-forge\n"
        "$ conda config --add channels https://conda.anaconda.org/domdfcoding\n"
        "$ conda install domdf-python-tools\n```"
    )
    assert _body(".. installation:: tool\n   :pypi:\n") == (
        "from PyPI\n\n```console\n$ python3 -m pip install tool --user\n```"
    )


def test_sphinx_toolboxs_latex_space_shows_nothing() -> None:
    # consolekit's index (repo_helper's template) read "`-20px`" above its highlights.
    assert _body(".. latex:vspace:: -20px\n\nHighlights.\n") == "Highlights."


def test_sphinx_toolboxs_extensions_directive_shows_the_conf_py_lines() -> None:
    # sphinx-toolbox's extension modules open their docstrings with one; enum_tools'
    # autoenum page too. It showed nothing, or the other extensions' names alone.
    assert _body(".. extensions:: enum_tools.autoenum\n") == (
        "Enable `enum_tools.autoenum` by adding the following to the `extensions` variable "
        "in your `conf.py`:\n\n"
        "```python\nextensions = [\n    ...\n    'enum_tools.autoenum',\n    ]\n```"
    )
    text = (
        ".. extensions:: sphinx-toolbox\n\t:import-name: sphinx_toolbox\n\t:no-preamble:\n"
        "\t:first:\n\n\tsphinx.ext.viewcode\n"
    )
    assert _body(text) == (
        "```python\nextensions = [\n    ...\n    'sphinx_toolbox',\n    'sphinx.ext.viewcode',"
        "\n    ]\n```"
    )


def test_a_project_description_directive_keeps_the_name_it_describes() -> None:
    # beets 2.14.1's own ".. conf:: name" (a docs/extensions ObjectDescription): 68 settings'
    # text came out with no name over it. A count or a condition is no such name.
    text = (
        ".. conf:: client_id\n    :default: mcjmpl1bPATJXcBT\n\n    The API client ID.\n\n"
        ".. conf:: tokenfile\n\n    The token's file.\n\n"
        ".. grid:: 2\n\n    Grid text.\n\n"
        ".. ifconfig:: todo_include_todos\n\n    Todo text.\n"
    )
    assert _body(text) == (
        "`client_id` (default: `mcjmpl1bPATJXcBT`)\n\nThe API client ID.\n\n"
        "`tokenfile`\n\nThe token's file.\n\nGrid text.\n\nTodo text."
    )
