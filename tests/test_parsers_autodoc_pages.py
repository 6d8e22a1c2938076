"""autosummary tables, their generated pages, and the titles a module's docstring gives a page."""

from __future__ import annotations

from pathlib import Path

from builder.parsers import parse_file
from tests.api_support import package_source, parse_page, write_package


def test_autosummary_lists_each_object_with_its_first_docstring_line(tmp_path: Path) -> None:
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        ".. autosummary::\n   :nosignatures:\n\n"
        "   Circle\n   ~shapes.base.Shape.describe\n   Nope\n"
    )
    parsed = parse_page(tmp_path, "api.rst", text)
    assert parsed.sections[0].body == (
        "- `Circle`: A round shape.\n- `shapes.base.Shape.describe`: A sentence about the shape.\n"
        "- `Nope`"
    )


def test_a_module_docstring_title_titles_an_automodule_page(tmp_path: Path) -> None:
    write_package(tmp_path / "src")
    (tmp_path / "src" / "shapes" / "proxy.py").write_text(
        '"""\nProxy\n=====\n\nForwards requests.\n\n.. autoclass:: Proxy\n"""\n\n\n'
        'class Proxy:\n    """Sends it on."""\n',
        encoding="utf-8",
    )
    parsed = parse_file(
        "proxy.rst", ".. automodule:: shapes.proxy\n", package_source(tmp_path / "src")
    )
    assert parsed is not None
    assert [(s.heading, s.level, s.body, s.line_start) for s in parsed.sections] == [
        ("Proxy", 1, "Forwards requests.", 1),
        ("shapes.proxy.Proxy", 2, "`shapes.proxy.Proxy()`\n\nSends it on.", 1),
    ]


def test_titles_in_an_automodule_content_are_the_page_titles(tmp_path: Path) -> None:
    # Sphinx parses a module's content with titles allowed: tornado's pages group their
    # autoclass directives under titles written inside '.. automodule::'.
    text = (
        "Shapes\n======\n\n"  # 1-3
        ".. automodule:: shapes.circle\n\n"  # 4-5
        "   Round things\n   ------------\n"  # 6-7
        "   .. autoclass:: Circle\n\n"  # 8-9
        "   Sums\n   ----\n\n"  # 10-12
        "   .. autofunction:: area\n"  # 13
    )
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [(s.heading, s.heading_path, s.level, s.line_start) for s in parsed.sections] == [
        ("Shapes", (), 1, 1),
        ("Round things", ("Shapes",), 2, 6),
        ("shapes.circle.Circle", ("Shapes", "Round things"), 3, 8),
        ("Sums", ("Shapes",), 2, 10),
        ("shapes.circle.area", ("Shapes", "Sums"), 3, 13),
    ]
    assert parsed.sections[0].body == "Circles."
    assert parsed.sections[2].body.startswith("`shapes.circle.Circle(radius: float")


def test_automodules_nested_in_automodule_content_are_read_to_the_depth_limit() -> None:
    # Content read at the top level, for its titles, read an automodule inside it at the top
    # level too, and so on: 200 nested (65 KB) raised RecursionError.
    lines = ["Title", "=====", ""]
    for level in range(300):
        lines += ["   " * level + f".. automodule:: m{level}", ""]
    parsed = parse_file("api.rst", "\n".join([*lines, "   " * 300 + "Deepest words."]) + "\n")
    assert parsed is not None
    (section,) = parsed.sections
    # Past the depth limit the lines are kept as one paragraph, as in any nested block.
    assert section.heading == "Title"
    assert section.body.endswith(".. automodule:: m299 Deepest words.")


def test_autosummary_with_a_toctree_documents_each_object_as_its_generated_page(
    tmp_path: Path,
) -> None:
    # Sphinx writes a page per name (autoclass, autofunction...); without them the objects'
    # docstrings would be known only by their first line.
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"  # 1-5
        ".. autosummary::\n   :toctree: generated/\n\n"  # 6-8
        "   area\n   ~shapes.base.Shape.describe\n   base\n   Nope\n\n"  # 9-13
        "After the table.\n"  # 14
    )
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [(s.heading, s.level, s.line_start) for s in parsed.sections] == [
        ("API", 1, 1), ("shapes.area", 2, 6), ("shapes.base.Shape.describe", 2, 6),
        ("shapes.base", 2, 6),
    ]  # fmt: skip
    summary, area, describe, module = parsed.sections
    assert summary.body.startswith("- `area`: The area of a circle.\n")
    assert summary.body.endswith("- `Nope`\n\nAfter the table.")
    assert "Raises:\n- ValueError: When the radius is negative." in area.body
    assert describe.body == "`shapes.base.Shape.describe() -> str`\n\nA sentence about the shape."
    # A module's page, from Sphinx's module template: its docstring and a table of its classes.
    assert module.body == "The base class.\n\nClasses:\n- `Shape`: Anything with an outline."


def test_an_object_two_autosummary_tables_list_has_one_generated_page(tmp_path: Path) -> None:
    # xarray's api/dataset.rst lists Dataset.count under "Computation" and "Aggregation":
    # Sphinx generates its page once; it was documented twice ("xarray.Dataset.count-1").
    table = ".. autosummary::\n   :toctree: generated/\n\n   area\n\n"
    text = f"API\n===\n\n.. currentmodule:: shapes\n\n{table}Again\n-----\n\n{table}"
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [s.heading for s in parsed.sections] == ["API", "shapes.area", "Again"]
    assert parsed.sections[2].body.startswith("- `area`: The area of a circle.")


def test_module_docstring_titles_rank_their_styles_below_the_page_title(tmp_path: Path) -> None:
    # werkzeug.exceptions' docstring has a "Usage Example" underlined with "-", and the page
    # goes on with "Error Classes" underlined with "=": Sphinx ranks a docstring's styles
    # afresh, so both are the page title's subsections. Ranked by the page's styles, "-"
    # came second and "Error Classes" third: every class on the page sat under the example.
    write_package(tmp_path / "src")
    (tmp_path / "src" / "shapes" / "errors.py").write_text(
        '"""Errors.\n\nUsage Example\n-------------\n\nRaise them.\n"""\n\n\n'
        'class NotFound(Exception):\n    """Nothing there."""\n',
        encoding="utf-8",
    )
    text = (
        "===========\nHTTP Errors\n===========\n\n"  # 1-3
        ".. automodule:: shapes.errors\n\n"  # 5
        "Error Classes\n=============\n\n"  # 7-8
        ".. autoclass:: NotFound\n\n"  # 10
        "Usage Notes\n-----------\n\nMore.\n"  # 12-15
    )
    parsed = parse_file("errors.rst", text, package_source(tmp_path / "src"))
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.level) for s in parsed.sections] == [
        ("HTTP Errors", (), 1),
        ("Usage Example", ("HTTP Errors",), 2),
        ("Error Classes", ("HTTP Errors",), 2),
        ("shapes.errors.NotFound", ("HTTP Errors", "Error Classes"), 3),
        ("Usage Notes", ("HTTP Errors", "Error Classes"), 3),
    ]


def test_a_class_page_autosummary_generates_lists_its_methods_and_attributes(
    tmp_path: Path,
) -> None:
    # Sphinx's class template puts a Methods and an Attributes table on the page it writes for
    # each class: statsmodels 0.14.6's regression.rst documents OLS, GLS and 30 more classes so,
    # and their sections held the signature alone (OLS.fit, OLS.predict were nowhere).
    text = "API\n===\n\n.. currentmodule:: shapes\n\n"
    text += ".. autosummary::\n   :toctree: api/\n\n   Circle\n"
    parsed = parse_page(tmp_path, "api.rst", text)
    circle = parsed.sections[1]
    assert circle.heading == "shapes.Circle"
    assert circle.body.startswith("`shapes.Circle(radius: float, *, name: str = 'c')`")
    assert circle.body.endswith(
        "The distance from the centre.\n\n"
        "Methods:\n"
        "- `scale`: Grow or shrink the circle.\n"
        "- `describe`: A sentence about the shape.\n"
        "- `undocumented`\n\n"
        "Attributes:\n- `sides`: How many sides the shape has."
    )
