"""reST include and literalinclude: the named file's text on the page, at the directive's line."""

from __future__ import annotations

import json
from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.rst.parser import parse

CHANGES = """\
Version 2.0
-----------

Released 2024-01-01.

-   Add ``frobnicate()``.

.. include:: notes/deprecations.rst

Version 1.0
-----------

First release.
"""
PAGE = """\
Changes
=======

.. include:: ../CHANGES.rst

After
-----

Text after.
"""


def parse_in(project: Path, relpath: str, text: str) -> tuple[ParsedFile, IncludeReader]:
    reader = IncludeReader(include_root(project / "docs", None, None))
    return parse(text, relpath, None, reader), reader


def make_project(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "CHANGES.rst").write_text(CHANGES, encoding="utf-8")
    (tmp_path / "notes" / "deprecations.rst").write_text(
        "Deprecated: ``old()``.\n", encoding="utf-8"
    )
    (tmp_path / "example.py").write_text(
        "import shapes\n\n\ndef main():\n    print(shapes.area(2))\n", encoding="utf-8"
    )
    return tmp_path


def test_an_included_changelog_gives_the_page_its_sections(tmp_path: Path) -> None:
    parsed, reader = parse_in(make_project(tmp_path), "changes.rst", PAGE)
    got = [(s.heading_path, s.heading, s.line_start, s.line_end, s.body) for s in parsed.sections]
    assert got == [
        ((), "Changes", 1, 2, ""),
        # Both sections the include opens stand on the directive's line, line 4.
        (
            ("Changes",),
            "Version 2.0",
            4,
            4,
            "Released 2024-01-01.\n\n- Add `frobnicate()`.\n\nDeprecated: `old()`.",
        ),
        (("Changes",), "Version 1.0", 4, 4, "First release."),
        (("Changes",), "After", 6, 9, "Text after."),
    ]
    # A nested include is looked for from the page's folder (Sphinx), then from the folder of
    # the file that includes it (docutils).
    digests = dict(reader.digests())
    assert list(digests) == ["CHANGES.rst", "docs/notes/deprecations.rst", "notes/deprecations.rst"]
    assert digests["docs/notes/deprecations.rst"] == "missing"
    assert parsed.warnings == ()


def test_include_options_select_part_of_the_file(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    page = (
        "Page\n====\n\n.. include:: ../CHANGES.rst\n"
        "   :start-after: Released 2024-01-01.\n   :end-before: Version 1.0\n"
    )
    parsed, _ = parse_in(project, "page.rst", page)
    assert parsed.sections[0].body.startswith("- Add `frobnicate()`.")
    assert "First release" not in parsed.sections[0].body
    literal = "Page\n====\n\n.. include:: ../example.py\n   :code: python\n"
    parsed, _ = parse_in(project, "page.rst", literal)
    assert parsed.sections[0].body.startswith("```python\nimport shapes\n")


def test_literalinclude_shows_the_code_under_its_caption(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    page = (
        "Example\n=======\n\n.. literalinclude:: ../example.py\n"
        "   :pyobject: main\n   :caption: The entry point\n"
    )
    parsed, _ = parse_in(project, "example.rst", page)
    assert parsed.sections[0].body == (
        "The entry point\n\n```python\ndef main():\n    print(shapes.area(2))\n```"
    )
    # Without a reader (a page parsed on its own) the file is named, not read.
    alone = parse(page, "example.rst")
    assert alone.sections[0].body == "The entry point"


def test_a_jupyter_execute_cell_shows_the_file_it_runs(tmp_path: Path) -> None:
    # lmfit 1.3.4: '.. jupyter-execute:: ../examples/doc_parameters_basic.py' (17 cells) runs
    # and shows the example file; its code was left out, the cell's empty body read instead.
    project = make_project(tmp_path)
    page = "Example\n=======\n\n.. jupyter-execute:: ../example.py\n    :hide-output:\n"
    parsed, _ = parse_in(project, "example.rst", page)
    assert parsed.sections[0].body.startswith("```python\nimport shapes\n")
    hidden = page + "    :hide-code:\n"
    assert parse_in(project, "example.rst", hidden)[0].sections[0].body == ""


def test_a_csv_table_reads_the_file_it_names(tmp_path: Path) -> None:
    # ":file:" tables were empty (only the caption was left); ":delim:" was not read.
    project = make_project(tmp_path)
    (project / "docs" / "data").mkdir()
    (project / "docs" / "data" / "codes.csv").write_text(
        'code;meaning\n200;"OK, done"\n404;"Not\nFound"\n', encoding="utf-8"
    )
    page = (
        "Codes\n=====\n\n.. csv-table:: Status codes\n   :file: data/codes.csv\n"
        "   :delim: ;\n   :header-rows: 1\n\n"
        ".. csv-table:: Missing\n   :file: data/none.csv\n"
    )
    parsed, reader = parse_in(project, "codes.rst", page)
    assert parsed.sections[0].body == (
        "Status codes\n\ncode | meaning\n200 | OK, done\n404 | Not\nFound\n\nMissing"
    )
    assert [w.message for w in parsed.warnings] == ["include not read: data/none.csv was not found"]
    # Its file is a dependency of the page, as an included file is.
    assert "docs/data/codes.csv" in dict(reader.digests())


def test_refused_and_broken_includes_warn_and_bring_nothing(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (tmp_path.parent / "outside.rst").write_text("Outside\n", encoding="utf-8")
    page = (
        "Page\n====\n\nKept.\n\n.. include:: ../../outside.rst\n\n.. include:: gone.rst\n\n"
        ".. literalinclude:: ../example.py\n   :pyobject: nowhere\n"
    )
    parsed, reader = parse_in(project, "page.rst", page)
    assert parsed.sections[0].body == "Kept.\n\nSource file: `../example.py`"
    messages = [(w.where, w.message.split(":")[0]) for w in parsed.warnings]
    assert messages == [
        ("page.rst:6", "include not read"),
        ("page.rst:8", "include not read"),
        ("page.rst:10", "literalinclude ../example.py"),
    ]
    assert "outside the project" in parsed.warnings[0].message
    assert dict(reader.digests())["docs/gone.rst"] == "missing"


def test_the_file_rst_linker_writes_reads_as_its_source(tmp_path: Path) -> None:
    # jaraco's skeleton: history.rst includes what rst.linker makes of NEWS.rst at build time.
    project = make_project(tmp_path)
    (project / "NEWS.rst").write_text("v1.0.0\n======\n\n#12: First release.\n", "utf-8")
    page = (
        "History\n*******\n\n.. include:: ../NEWS (links).rst\n\n.. include:: ../gone (links).rst\n"
    )
    parsed, reader = parse_in(project, "history.rst", page)
    assert [(s.heading_path, s.heading, s.body) for s in parsed.sections] == [
        ((), "History", ""),
        (("History",), "v1.0.0", "#12: First release."),
    ]
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("history.rst:6", "include not read: ../gone (links).rst was not found")
    ]
    assert dict(reader.digests())["NEWS (links).rst"] == "missing"


def test_an_include_cycle_stops_where_docutils_stops_it(tmp_path: Path) -> None:
    """docutils refuses a file that is already being included with the same options (or
    the page itself): "circular inclusion", the text once."""
    project = make_project(tmp_path)
    (project / "docs" / "loop.rst").write_text(
        "Loop text.\n\n.. include:: loop.rst\n", encoding="utf-8"
    )
    parsed, _ = parse_in(project, "page.rst", "Page\n====\n\n.. include:: loop.rst\n")
    assert parsed.sections[0].body == "Loop text."
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("loop.rst:3", "include loop.rst: circular inclusion; nothing included")
    ]
    back = "Page\n====\n\n.. include:: back.rst\n"
    (project / "docs" / "back.rst").write_text(
        "Back text.\n\n.. include:: page.rst\n", encoding="utf-8"
    )
    (project / "docs" / "page.rst").write_text(back, encoding="utf-8")
    parsed, _ = parse_in(project, "page.rst", back)
    assert parsed.sections[0].body == "Back text."
    # The same file with other options is another part of it, not a cycle.
    (project / "docs" / "parts.rst").write_text(
        "One.\n\n.. include:: parts.rst\n   :start-after: Two.\n\nTwo. Three.\n",
        encoding="utf-8",
    )
    parsed, _ = parse_in(project, "page.rst", "Page\n====\n\n.. include:: parts.rst\n")
    assert parsed.sections[0].body.count("Three.") == 2


def test_an_include_in_an_included_file_is_read_from_the_page_as_sphinx_does(
    tmp_path: Path,
) -> None:
    """Sphinx resolves every include and literalinclude path from the page's folder
    (``env.relfn2path``), also one inside an included file; docutils alone resolves it from
    the included file's folder. The page's folder is tried first, then the file's."""
    project = make_project(tmp_path)
    (project / "docs" / "fragments").mkdir()
    (project / "docs" / "fragments" / "support.rst").write_text(
        "Supported until 2030.\n", encoding="utf-8"
    )
    (project / "notes" / "deprecations.rst").write_text(
        ".. include:: fragments/support.rst\n\n.. literalinclude:: example.py\n   :lines: 1\n",
        encoding="utf-8",
    )
    (project / "docs" / "example.py").write_text("import docs_example\n", encoding="utf-8")
    parsed, reader = parse_in(project, "changes.rst", PAGE)
    assert parsed.sections[1].body == (
        "Released 2024-01-01.\n\n- Add `frobnicate()`.\n\nSupported until 2030.\n\n"
        "Source file: `example.py`\n\n```python\nimport docs_example\n```"
    )
    assert parsed.warnings == ()
    # The page's folder held both: the included file's folder was not looked in.
    assert "notes/fragments/support.rst" not in dict(reader.digests())


def test_a_markdown_file_included_with_a_myst_parser_keeps_its_headings(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "README.md").write_text(
        "# shapes\n\nDraw shapes.\n\n## Install\n\n```sh\npip install shapes\n```\n",
        encoding="utf-8",
    )
    page = (
        "Welcome\n=======\n\nIntro.\n\n.. include:: ../README.md\n"
        "   :parser: myst_parser.sphinx_\n\nAPI\n---\n\nSee the API.\n"
    )
    parsed, _ = parse_in(project, "index.rst", page)
    got = [(s.heading_path, s.heading, s.line_start, s.body) for s in parsed.sections]
    assert got == [
        ((), "Welcome", 1, "Intro."),
        (("Welcome",), "shapes", 6, "Draw shapes."),
        (("Welcome", "shapes"), "Install", 6, "```sh\npip install shapes\n```"),
        # The page's own next title: its style is the page's second, whatever came between.
        (("Welcome",), "API", 9, "See the API."),
    ]


def test_an_included_files_substitutions_apply_before_their_definitions(tmp_path: Path) -> None:
    # Invoke 2.2.0's site index includes its README, whose badge row (|version| |python|)
    # comes before the image definitions: it read "2.2.0 python license ci coverage" (the
    # project's release for |version|, the names for the rest) in a section of its own.
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.rst").write_text(
        "|version| |python|\n\n"
        ".. |version| image:: https://img.shields.io/pypi/v/invoke\n"
        "    :target: https://pypi.org/project/invoke/\n"
        ".. |python| image:: https://img.shields.io/pypi/pyversions/invoke\n"
        "    :alt: PyPI - Python Version\n\n"
        "Welcome\n=======\n\nInvoke |what|.\n\n.. |what| replace:: runs tasks\n",
        encoding="utf-8",
    )
    parsed, _ = parse_in(tmp_path, "index.rst", ".. include:: ../README.rst\n")
    assert [(s.heading, s.body) for s in parsed.sections] == [("Welcome", "Invoke runs tasks.")]


def test_footnote_marks_keep_their_labels_beside_an_included_file_without_footnotes(
    tmp_path: Path,
) -> None:
    # Arrow 1.2.3's index includes its README (which has no footnotes) above its token table:
    # "MMMM | January, February, March ... [#t1]_" lost its mark, where Arrow 1.3.0's guide,
    # which includes nothing, reads "[1]" beside the footnote "[1] localization support".
    project = make_project(tmp_path)
    (project / "README.rst").write_text("Arrow\n=====\n\nBetter dates.\n", encoding="utf-8")
    (project / "docs" / "notes.rst").write_text(".. [#] An included note.\n", encoding="utf-8")
    table = (
        "Tokens\n------\n\nMMMM is January [#t1]_ and [3]_.\n\n"
        ".. [#t1] localization\n.. [3] Three.\n"
    )
    parsed, _ = parse_in(project, "index.rst", ".. include:: ../README.rst\n\n" + table)
    assert parsed.sections[-1].body == (
        "MMMM is January [1] and [3].\n\n[1] localization\n\n[3] Three."
    )
    # A file included as a literal numbers nothing either; one whose footnotes take numbers
    # of the page leaves a named mark out, its number not known from the page's lines.
    literal = ".. include:: notes.rst\n   :literal:\n\n"
    parsed, _ = parse_in(project, "index.rst", literal + table)
    assert parsed.sections[-1].body.startswith("MMMM is January [1] and [3].")
    parsed, reader = parse_in(project, "index.rst", ".. include:: notes.rst\n\n" + table)
    assert parsed.sections[-1].body.startswith("MMMM is January and [3].")
    # Looked at before the page is read, an included file is counted once in its size.
    assert reader.bytes_read == len(".. [#] An included note.\n")


def test_includes_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each including the next a hundred times: a million includes from 30
    # kilobytes. A page follows at most MAX_INCLUDE_TAGS, with one warning for the rest.
    docs = make_project(tmp_path) / "docs"
    for name, tag in (("b", "c"), ("c", "d")):
        (docs / f"{name}.rst").write_text(f".. include:: {tag}.rst\n\n" * 100, encoding="utf-8")
    (docs / "d.rst").write_text("Word.\n", encoding="utf-8")
    parsed, _ = parse_in(tmp_path, "page.rst", "Page\n====\n\n" + ".. include:: b.rst\n\n" * 100)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]


def test_nbsite_notebook_directive_reads_the_notebook_from_its_offset(tmp_path: Path) -> None:
    # HoloViews 1.23.1's doc/user_guide/Annotating_Data.rst: the page is a title and the
    # notebook, whose first cell (its own title) ':offset: 1' leaves out; it read as one line
    # of the directive's argument.
    notebook = tmp_path / "examples" / "user_guide" / "01-Annotating_Data.ipynb"
    notebook.parent.mkdir(parents=True)
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Annotating Data"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": ["import holoviews as hv"]},
        {
            "cell_type": "markdown",
            "metadata": {},
            "source": ["## Dimensions\n", "\n", "Name them."],
        },
    ]
    notebook.write_text(json.dumps({"cells": cells, "metadata": {}}), encoding="utf-8")
    (tmp_path / "docs" / "user_guide").mkdir(parents=True)
    page = (
        "Annotating your Data\n____________________\n\n"
        ".. notebook:: holoviews ../../examples/user_guide/01-Annotating_Data.ipynb\n"
        "    :offset: 1\n"
    )
    parsed, _ = parse_in(tmp_path, "user_guide/Annotating_Data.rst", page)
    assert [(s.heading, s.heading_path, s.body) for s in parsed.sections] == [
        ("Annotating your Data", (), "```python\nimport holoviews as hv\n```"),
        ("Dimensions", ("Annotating your Data",), "Name them."),
    ]
    assert not parsed.warnings
    # A file that is no notebook is said so; an argument naming none gives nothing.
    notebook.write_text("not JSON", encoding="utf-8")
    parsed, _ = parse_in(tmp_path, "user_guide/Annotating_Data.rst", page)
    assert "not a Jupyter notebook" in parsed.warnings[0].message
    parsed, _ = parse_in(tmp_path, "p.rst", "T\n=\n\n.. notebook:: holoviews\n")
    assert [s.body for s in parsed.sections] == [""] and not parsed.warnings
