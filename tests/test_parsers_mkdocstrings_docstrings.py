"""mkdocstrings blocks: the docstrings they show, read in their style (Markdown headings,
doctest blocks, Sphinx roles and reST admonitions) within their object's section."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.model import ApiUse
from builder.parsers import parse_file
from builder.parsers.markdown.mkdocstrings import markdown_docstring
from builder.projects.layout import titled_by_navigation
from tests.api_support import package_source


def test_a_block_atop_a_page_titles_it_only_where_mkdocstrings_shows_a_level_1_heading(
    tmp_path: Path,
) -> None:
    # inline-snapshot's external_file() page: prose, then "::: inline_snapshot" (no root
    # heading shown), was titled after the module; MkDocs titles it from the nav.
    source = package_source(tmp_path)
    shown = "    options:\n      show_root_heading: true\n      heading_level: 1\n"
    pages = {}
    for options in ("", "    options:\n      show_root_heading: true\n", shown):
        parsed = parse_file("area.md", f"Lead.\n\n::: shapes.area\n{options}", source)
        assert parsed is not None
        pages[options] = parsed
    assert [(p.title, [(s.heading, s.level) for s in p.sections]) for p in pages.values()] == [
        ("area", [("area", 0), ("shapes.area", 2)]),
        ("area", [("area", 0), ("shapes.area", 2)]),
        ("shapes.area", [("shapes.area", 0), ("shapes.area", 1)]),
    ]
    titled = titled_by_navigation(pages[""], "area()")
    assert [(s.heading, s.heading_path) for s in titled.sections] == [
        ("area()", ()),
        ("shapes.area", ("area()",)),
    ]


def test_a_member_the_block_names_is_an_entry_without_a_docstring(tmp_path: Path) -> None:
    # pydantic's config.md names ExtraValues (a type alias without a docstring) among the
    # members: mkdocstrings renders it as an entry; unnamed bare members are a list.
    text = "# X\n\n::: shapes.base.Shape\n    options:\n      members: [undocumented, sides]\n"
    parsed = parse_file("x.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("shapes.base.Shape.undocumented", "`undocumented() -> None`"),
        ("shapes.base.Shape.sides", "`sides: int = 0`\n\nHow many sides the shape has."),
    ]


def test_mkautodoc_options_name_the_members_and_ask_for_the_docstring(tmp_path: Path) -> None:
    text = (
        "# X\n\n"
        "::: shapes.Circle\n    :docstring:\n    :members: scale describe\n\n"  # 3
        "::: shapes.Shape\n    :members: describe\n"  # 7: no :docstring:, no docstring
    )
    parsed = parse_file("x.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "shapes.Circle", "shapes.Circle.scale", "shapes.Circle.describe",
        "shapes.Shape", "shapes.Shape.describe",
    ]  # fmt: skip
    circle, _, describe, shape, _ = parsed.sections[1:]
    assert circle.body.endswith("A round shape.\n\nParameters:\n- radius (float): "
                                "The distance from the centre.")  # fmt: skip
    assert describe.body == "`describe() -> str`\n\nA sentence about the shape."  # inherited
    assert shape.body == "`shapes.Shape()`"
    assert parsed.warnings == ()


def test_a_class_without_a_docstring_shows_for_its_documented_members(tmp_path: Path) -> None:
    # mkdocstrings keeps an object with no docstring when a member of it has one (griffe's
    # has_docstrings): HTTPX's BaseTransport, with a documented handle_request, was dropped
    # from "::: httpx._transports" with the method, as autodoc would drop it.
    package = tmp_path / "transports"
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""Transports."""\n\n\n'
        "class Base:\n"
        "    def handle(self, request: str) -> str:\n"
        '        """Send a request and return the response."""\n\n\n'
        "class Bare:\n"
        "    def run(self) -> None:\n"
        "        pass\n"
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("api.md", "# API\n\n::: transports\n", source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("transports", "Transports."),
        ("transports.Base", "`Base()`"),
        (
            "transports.Base.handle",
            "`handle(request: str) -> str`\n\nSend a request and return the response.",
        ),
    ]


def test_markdown_headings_in_a_docstring_are_sections_below_its_object(tmp_path: Path) -> None:
    # mkdocstrings renders a docstring's "#" headings as the page's, shifted below the object's
    # heading, each id the toc slug (made unique in its text section) after "<object id>--";
    # a "#" in a code block is a comment, and Google sections ("Examples:") stay text.
    (tmp_path / "kit.py").write_text(
        '"""A kit.\n\n## Usage\n\nCall it.\n\n```python\n# not a heading\nrun()\n```\n\n'
        '### Notes\n\nSome notes.\n\n## Usage\n\nAgain.\n"""\n\n\n'
        'def run() -> None:\n    """Run.\n\n    # Caveats\n\n    Slow.\n\n'
        '    Examples:\n        >>> run()\n    """\n',
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    parsed = parse_file("x.md", "# Kit\n\n::: kit\n\n## After\n", source)
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.anchor) for s in parsed.sections] == [
        ("Kit", (), "kit"),
        ("kit", ("Kit",), "kit"),
        ("Usage", ("Kit", "kit"), "kit--usage"),
        ("Notes", ("Kit", "kit", "Usage"), "kit--notes"),
        ("Usage", ("Kit", "kit"), "kit--usage_1"),
        ("kit.run", ("Kit", "kit"), "kit.run"),
        ("Caveats", ("Kit", "kit", "kit.run"), "kit.run--caveats"),
        ("After", ("Kit",), "after"),
    ]
    kit, usage, notes, again, run, caveats = parsed.sections[1:7]
    assert kit.body == "A kit."
    assert usage.body == "Call it.\n\n```python\n# not a heading\nrun()\n```"
    assert (notes.body, again.body) == ("Some notes.", "Again.")
    assert run.body == "`run() -> None`\n\nRun."
    assert caveats.body == "Slow.\n\nExamples:\n```pycon\n>>> run()\n```"
    assert parsed.api == ApiUse(objects=2)


def test_parameters_after_a_docstring_heading_stay_in_their_objects_section(
    tmp_path: Path,
) -> None:
    # Typer and FastAPI end a docstring with "## Example" and document the parameters in
    # Doc(...) annotations: the Parameters list is the function's, not the example's, and so
    # is a Returns section the docstring gives after its heading.
    (tmp_path / "cli.py").write_text(
        "from typing import Annotated\n\nfrom typing_extensions import Doc\n\n\n"
        "def option(\n    default: Annotated[str, Doc('The value when none is given.')] = '',\n"
        ") -> str:\n"
        '    """Declare an option.\n\n    ## Example\n\n    ```python\n    option("x")\n    ```\n\n'
        '    Returns:\n        The option.\n    """\n',
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    parsed = parse_file("x.md", "# CLI\n\n::: cli.option\n", source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "cli.option",
            "`cli.option(default: str = '') -> str`\n\nDeclare an option.\n\n"
            "Parameters:\n- default (str): The value when none is given.\n\n"
            "Returns:\n- str: The option.",
        ),
        ("Example", '```python\noption("x")\n```'),
    ]


def test_a_docstrings_doctest_blocks_are_code(tmp_path: Path) -> None:
    # rich 13.9.4's Console.capture: "Example:" over ">>>" lines (an admonition to griffe,
    # not an Examples section) read "Example: > > > from rich.console import Console ...",
    # and a Sphinx-style docstring's bare doctest block alike.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    """Do f.\n\n    Example:\n        >>> f()\n        1\n    """\n\n\n'
        'def g():\n    """Do g.\n\n    >>> g()\n    2\n\n'
        '    ```\n\n    >>> in code\n    ```\n"""\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert [section.body for section in parsed.sections[-2:]] == [
        "`f()`\n\nDo f.\n\nExample:\n```pycon\n>>> f()\n1\n```",
        "`g()`\n\nDo g.\n\n```pycon\n>>> g()\n2\n```\n\n```\n\n>>> in code\n```",
    ]


def test_a_docstrings_sphinx_roles_read_as_sphinx_shows_them(tmp_path: Path) -> None:
    # rich 13.9.4's Google-style docstrings write Sphinx roles: ":meth:`~rich.console.Console
    # .capture`" and 32 more stayed as written on its api pages.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f():\n    """See :meth:`~pkg.Console.capture` and :py:class:`pkg.Console`.\n\n'
        "    Args:\n        x (int): Like :func:`len`, not ``:func:`len` ``.\n"
        '    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f()`\n\nSee `capture` and `pkg.Console`.\n\n"
        "Parameters:\n- x (int): Like `len`, not ``:func:`len` ``."
    )


def test_docstring_style_auto_reads_each_docstring_in_its_own_style(tmp_path: Path) -> None:
    # mkdocstrings' "docstring_style: auto" (griffe infers each docstring's style) was read as
    # Google, so a Sphinx-style docstring's ":param x:" fields stayed text ("param x: ...").
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def s(x):\n    """Sphinx.\n\n    :param x: The x.\n    :returns: Twice x.\n    """\n\n\n'
        'def n(x):\n    """NumPy.\n\n    Parameters\n    ----------\n    x : int\n'
        '        The x.\n    """\n',
        encoding="utf-8",
    )
    page = "# API\n\n::: pkg\n    options:\n      docstring_style: auto\n"
    parsed = parse_file("api.md", page, GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert [section.body for section in parsed.sections[2:]] == [
        "`n(x)`\n\nNumPy.\n\nParameters:\n- x (int): The x.",
        "`s(x)`\n\nSphinx.\n\nParameters:\n- x: The x.\n\nReturns:\n- Twice x.",
    ]


def test_a_docstrings_rest_admonitions_read_as_admonitions(tmp_path: Path) -> None:
    # pyfakefs 6.3.2's docstrings write ".. note:: text" and ".. caution::": read as Markdown,
    # seven stayed as written on its API page, and prompt_toolkit's note text became code.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'def f(x):\n    """Do f.\n\n    .. note:: The resolution of\n'
        "        :func:`time.time` applies.\n\n    .. warning::\n\n       Careful.\n\n"
        "       - one\n       - two\n\n    Args:\n        x: The x.\n\n"
        '            .. caution:: Reloading has side effects.\n    """\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.md", "# API\n\n::: pkg\n", GriffeSource(tmp_path, ApiSettings(), ""))
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`f(x)`\n\nDo f.\n\nNote: The resolution of `time.time` applies.\n\n"
        "Warning: Careful.\n\n- one\n- two\n\n"
        "Parameters:\n- x: The x.\n\n  Caution: Reloading has side effects."
    )


def test_a_docstrings_roles_cut_by_line_breaks_join_each_once() -> None:
    # A role left open joined every line of its paragraph, each onto all the lines before it
    # and searched again: the square of the paragraph's length.
    assert markdown_docstring(
        "See :meth:`Cache.push\n<pkg.Cache.push>` and :class:`A\nB` too."
    ) == ("See `Cache.push` and `A B` too.")
    assert markdown_docstring("A :meth:`x\ny` then :attr:`z\nw`.\n\nNext.") == (
        "A `x y` then `z w`.\n\nNext."
    )
    never_closed = ":meth:`open\n" + "\n".join(f"word{number}" for number in range(20000))
    assert markdown_docstring(never_closed + "\n\nAfter.").split("\n") == [
        " ".join(never_closed.split("\n")),
        "",
        "After.",
    ]
