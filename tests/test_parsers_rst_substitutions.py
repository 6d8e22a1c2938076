"""builder.parsers.rst.substitutions: ``|name|`` reads as the page's definition of it."""

from __future__ import annotations

from pathlib import Path

from builder.api.model import ApiSettings
from builder.parsers import parse_file
from tests.api_support import package_source
from tests.rst_support import _body


def test_a_reference_reads_as_the_text_its_page_defines_before_or_after() -> None:
    text = (
        "Use |Logger| and |add|, a |missing| one and |loop|.\n\n"
        ".. |Logger| replace:: :class:`~loguru._logger.Logger`\n"
        ".. |add| replace:: the\n   :meth:`~Logger.add()` method\n"
        ".. |loop| replace:: see |loop|\n"
    )
    assert _body(text) == ("Use `Logger` and the `add()` method, a missing one and see loop.")


def test_a_docstring_s_definitions_serve_the_docstrings_after_it(tmp_path: Path) -> None:
    # loguru's module docstring defines |str|, |bool|... for the Logger's docstrings, whose
    # Google-style types kept the pipes: "reraise (|bool|, optional)".
    package = tmp_path / "logs"
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""Logging.\n\n.. |bool| replace:: :class:`bool`\n"""\n\n\n'
        "def catch(reraise=False):\n"
        '    """Catch errors.\n\n    Args:\n'
        '        reraise (|bool|, optional): Raise again.\n"""\n',
        encoding="utf-8",
    )
    page = "API\n===\n\n.. automodule:: logs\n\n.. autofunction:: logs.catch\n"
    source = package_source(tmp_path, ApiSettings(docstring_style="auto"))  # napoleon on
    parsed = parse_file("api.rst", page, source)
    assert parsed is not None
    body = parsed.sections[1].body
    assert body.endswith("Parameters:\n- reraise (`bool`, optional): Raise again.")


def test_a_type_that_is_a_linked_reference_alone_reads_as_its_definition(tmp_path: Path) -> None:
    # loguru 0.7.3's "onerror : |callable|_, optional" kept its pipes and underscore: a linked
    # reference alone in a type was not taken for markup ("|str| or |callable|_" was).
    package = tmp_path / "logs"
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""Logging.\n\n.. |callable| replace:: ``callable``\n'
        '.. _callable: https://docs.python.org/3/library/functions.html#callable\n"""\n\n\n'
        "def catch(onerror=None):\n"
        '    """Catch errors.\n\n    Parameters\n    ----------\n'
        '    onerror : |callable|_, optional\n        Called on error.\n    """\n',
        encoding="utf-8",
    )
    page = "API\n===\n\n.. automodule:: logs\n\n.. autofunction:: logs.catch\n"
    source = package_source(tmp_path, ApiSettings(docstring_style="auto"))
    parsed = parse_file("api.rst", page, source)
    assert parsed is not None
    body = parsed.sections[1].body
    assert body.endswith("Parameters:\n- onerror (`callable`, optional): Called on error.")


def test_a_union_type_from_the_code_is_not_read_as_markup(tmp_path: Path) -> None:
    # Any type holding a bar was read as reST: a union's Literal lost its backslashes
    # ("Literal['', 'n', 'rn'] | None"), and its asterisks or a trailing '_' went the same way.
    package = tmp_path / "texts"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from typing import Literal\n\n\n"
        'def split(text: str, newline: Literal["\\n", "\\r\\n"] | None = None) -> list[str]:\n'
        '    """Split text.\n\n    Args:\n        newline: Where lines end.\n    """\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path, ApiSettings(docstring_style="auto"))
    parsed = parse_file("api.rst", "API\n===\n\n.. autofunction:: texts.split\n", source)
    assert parsed is not None
    assert parsed.sections[1].body.endswith(
        "Parameters:\n- newline (Literal['\\n', '\\r\\n'] | None): Where lines end."
    )


def test_a_page_of_many_definitions_is_read_in_one_pass() -> None:
    # Each definition copied the rest of the page's lines to look for its continuation: these
    # 100,000 (1.8 MB) took 38 s, where the page without the rule takes half a second.
    text = "Title\n=====\n\n" + ".. |a| replace:: x\n" * 99_999 + ".. |a| replace:: last\n\n|a|\n"
    parsed = parse_file("page.rst", text)
    assert parsed is not None
    assert [s.body for s in parsed.sections] == ["last"]


def test_raw_and_unicode_definitions_read_as_what_they_show() -> None:
    # xarray 2026.07.0's indexing table breaks its cells with '.. |br| raw:: html': the cells
    # read "da.isel(space=0) or br da[dict(space=0)]". A unicode definition is its characters.
    text = (
        ".. |br| raw:: html\n\n   <br />\n\n"
        ".. |copy| unicode:: 0xA9 .. copyright sign\n"
        ".. |--| unicode:: U+2013 &#x2014;\n   :trim:\n\n"
        "``da.isel(space=0)`` or |br| ``da[dict(space=0)]``, |copy| 2024 |--| Acme.\n"
    )
    assert _body(text) == "`da.isel(space=0)` or  `da[dict(space=0)]`, © 2024 –— Acme."


def test_an_image_definition_reads_as_its_alt_text() -> None:
    # urllib3 2.2.3's index.rst: its "For Enterprise" section read "tideliftlogo | Professional
    # support ..." and "learn-more request-a-demo", the images' names instead of their alt text.
    text = (
        ".. |tideliftlogo| image:: https://example.org/tidelift.png\n"
        "   :width: 75\n"
        "   :alt: Tidelift\n\n"
        ".. |logo| image:: https://example.org/logo.svg\n\n"
        ".. list-table::\n\n"
        "   * - |tideliftlogo|_\n"
        "     - Professional support.\n\n"
        "|logo| and |tideliftlogo|\n\n"
        ".. _tideliftlogo: https://example.org/\n"
    )
    assert _body(text) == "Tidelift | Professional support.\n\nlogo and Tidelift"


def test_a_table_of_sphinx_toolbox_badges_inside_a_directive_reads_as_nothing() -> None:
    # domdf_python_tools (repo_helper's index): a list-table of badges in ".. only:: html",
    # defined there by sphinx-toolbox's shields and images, read "Docs | docs docs_check".
    text = (
        "Intro.\n\n"
        ".. only:: html\n\n"
        "\t.. list-table::\n"
        "\t\t:stub-columns: 1\n\n"
        "\t\t* - Docs\n"
        "\t\t  - |docs| |conda|\n"
        "\t\t* - Notes\n"
        "\t\t  - |note|\n\n"
        "\t.. |docs| rtfd-shield::\n"
        "\t\t:project: domdf-python-tools\n\n"
        "\t.. |conda| image:: https://img.shields.io/conda/v/conda-forge/x\n"
        "\t\t:target: https://anaconda.org/conda-forge/x\n"
        "\t\t:alt: Conda\n\n"
        "\t.. |note| replace:: Read the\n"
        "\t\tchangelog.\n"
    )
    assert _body(text) == "Intro.\n\nNotes | Read the changelog."


def test_a_definition_naming_another_reads_through_it() -> None:
    # docutils resolves a reference inside a definition's text; read once and not followed,
    # it showed the bare name ("the Acme tool" read "the proj tool"). A cycle stops where it
    # comes back, and definitions each naming the next many times over (40**7 x's) show the name
    # whose text passes MAX_NESTED_TEXT, each read once, not once per path.
    text = (
        "Use |tool|, |loop| and |wide|.\n\n"
        ".. |proj| replace:: *Acme*\n"
        ".. |tool| replace:: the |proj| tool\n"
        ".. |loop| replace:: see |back|\n"
        ".. |back| replace:: |loop| again\n"
        ".. |wide| replace:: |w1|\n"
        + "".join(f".. |w{n}| replace:: {f'|w{n + 1}| ' * 40}\n" for n in range(1, 8))
        + ".. |w8| replace:: x\n"
    )
    assert _body(text) == "Use the Acme tool, see loop again and " + "w2 " * 39 + "w2."


def test_a_long_chain_of_definitions_stops_at_max_nesting() -> None:
    chain = "".join(f".. |d{n}| replace:: |d{n + 1}|\n" for n in range(3000))
    assert _body(f"Start |d0| end.\n\n{chain}") == "Start d8 end."


def test_a_definition_shown_in_a_literal_block_or_a_comment_defines_nothing() -> None:
    # Sphinx 8.2.3's basics.rst shows ".. |name| replace:: replacement *text*" after "like
    # this::", and sphinx-substitution-extensions' README defines |release| as 0.1 in a
    # code block: docutils reads them as text, and a page's own definition wins over the
    # project's, so the example replaced the real one on the page.
    text = (
        "Define one like this::\n\n   .. |name| replace:: example\n\n"
        ".. code-block:: rst\n\n   .. |what| replace:: shown\n\n"
        "..\n   .. |hidden| replace:: commented\n\n"
        ".. note::\n\n   .. |real| replace:: real\n\n"
        "Then |name|, |what|, |hidden| and |real|.\n"
    )
    assert _body(text).endswith("Then name, what, hidden and real.")
