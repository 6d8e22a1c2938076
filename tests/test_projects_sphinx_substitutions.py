"""Sphinx projects: rst_prolog definitions and MyST's substitutions, field lists and heading
anchors, as conf.py sets them."""

from pathlib import Path

from builder.projects import project_listing
from tests.project_records_support import compiled_records, version


def test_prolog_substitutions_keep_grid_tables_and_literals_whole(tmp_path: Path) -> None:
    # networkx 3.6.1's shortest paths table names |dijkstra| (rst_prolog) in a cell narrower
    # than its text: replaced in the page's text first, it pushed the row's cells over the
    # column borders ("ithms/shortes | _paths/dijkstra"); a literal block keeps the name, and
    # a project directive's argument (pytest's towncrier-draft-entries) has it replaced.
    (tmp_path / "conf.py").write_text(
        "rst_prolog = '''\n.. |dijkstra| replace:: Dijkstra's *algorithm*\n"
        ".. |next| replace:: 9.2.0\n'''\n",
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(
        "Paths\n=====\n\n"
        "+------------+--------+\n| Algorithm  | Time   |\n+============+========+\n"
        "| |dijkstra| | O(E)   |\n+------------+--------+\n\n"
        "Use |dijkstra|::\n\n    |dijkstra|\n\n.. draft-entries:: |next| [DRAFT]\n",
        encoding="utf-8",
    )
    (record,) = compiled_records(version(tmp_path))
    assert record["body"] == (
        "Algorithm | Time\nDijkstra's algorithm | O(E)\n\n"
        "Use Dijkstra's algorithm:\n\n```\n|dijkstra|\n```\n\n`9.2.0 [DRAFT]`"
    )


def test_myst_field_lists_are_read_only_where_conf_py_enables_them(tmp_path: Path) -> None:
    # MyST reads ":name: body" lines as a field list only with its fieldlist extension; without
    # it (sphinx-book-theme 1.1.3, sphinx-copybutton 0.5.2) Sphinx shows them as a paragraph.
    (tmp_path / "index.md").write_text(
        "# Team\n\n:Author: Ann\n:Date: 2024\n\nText.\n", encoding="utf-8"
    )
    conf = 'extensions = ["myst_parser"]\nmyst_enable_extensions = ["colon_fence"]\n'
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.myst_extensions == ("colon_fence",)
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == ":Author: Ann :Date: 2024\n\nText."
    (tmp_path / "conf.py").write_text(conf.replace('"colon_fence"', '"fieldlist"'), "utf-8")
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "Author: Ann\nDate: 2024\n\nText."
    # A conf.py that names no MyST extension in a literal list leaves them all read.
    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser"]\nmyst_enable_extensions = X\n', "utf-8"
    )
    assert project_listing(version(tmp_path))[0].myst_extensions is None


def test_myst_headings_are_anchored_as_sphinx_anchors_a_title(tmp_path: Path) -> None:
    # A MyST page Sphinx builds is a docutils document: its sections' ids are made as a reST
    # title's (installer 0.6.0's api/scripts.html #installer-scripts), where the GitHub slug
    # of Markdown elsewhere drops the dot (#installerscripts, no id of the built page).
    (tmp_path / "index.md").write_text(
        "# Welcome to installer's documentation!\n\nText.\n\n## `installer.scripts`\n\nMore.\n",
        encoding="utf-8",
    )
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser"]\n', encoding="utf-8")
    assert [r["anchor"] for r in compiled_records(version(tmp_path))] == [
        "welcome-to-installer-s-documentation",
        "installer-scripts",
    ]


def test_a_page_definition_naming_a_prolog_one_reads_through_it(tmp_path: Path) -> None:
    # Replaced in the page's text first, rst_prolog's |proj| read inside the page's own
    # definition; read where inline markup is, it showed its bare name ("page proj docs").
    (tmp_path / "conf.py").write_text(
        "rst_prolog = '''\n.. |proj| replace:: Acme *Kit*\n'''\n", encoding="utf-8"
    )
    (tmp_path / "index.rst").write_text(
        "Title\n=====\n\nSee |docs|.\n\n.. |docs| replace:: the |proj| docs\n", encoding="utf-8"
    )
    (record,) = compiled_records(version(tmp_path))
    assert record["body"] == "See the Acme Kit docs."


def test_conf_py_myst_substitutions_read_under_the_pages_own(tmp_path: Path) -> None:
    # MyST-Parser's docs give "role" and "directive" in conf.py's myst_substitutions; a page
    # read "{{ name }}" as the name alone, whatever the value.
    (tmp_path / "index.md").write_text(
        "---\nmyst:\n  substitutions:\n    product: Page Kit\n---\n"
        "# Demo\n\n{{ product }} needs {{ python }}; see {{ rtd }}.\n",
        encoding="utf-8",
    )
    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser"]\nmyst_substitutions = {\n'
        '    "product": "Conf Kit", "python": "Python **3.10**",\n'
        '    "rtd": "[Read the Docs](https://example.invalid/)",\n}\n',
        encoding="utf-8",
    )
    layout, _ = project_listing(version(tmp_path))
    assert dict(layout.myst_substitutions)["python"] == "Python **3.10**"
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "Page Kit needs Python 3.10; see Read the Docs."


def test_indented_prolog_definitions_apply_to_every_page(tmp_path: Path) -> None:
    # Sphinx's own example indents rst_prolog with the code around it: a block quote, whose
    # definitions docutils applies to the page; read from column 0 only, they were lost.
    (tmp_path / "conf.py").write_text(
        "rst_prolog = '''\n    .. |sg| replace:: structure\n       gene\n"
        "    .. |arrow| unicode:: U+02192\n    .. |gap| raw:: html\n\n       <span></span>\n"
        "    '''\n",
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(
        "Title\n=====\n\nEach |sg| |arrow| a cell.|gap|\n", encoding="utf-8"
    )
    (record,) = compiled_records(version(tmp_path))
    assert record["body"] == "Each structure gene → a cell."
