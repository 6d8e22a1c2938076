"""autodoc directives in reST and MyST pages, filled from a package's code."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.api.options import read_conf_settings
from builder.model import ApiUse
from builder.parsers import parse_file
from tests.api_support import parse_page


def test_autoclass_with_members_documents_the_class_and_its_members(tmp_path: Path) -> None:
    text = (
        "API\n===\n\n"  # 1-3
        ".. autoclass:: shapes.Circle\n"  # 4
        "   :members:\n"  # 5
        "   :inherited-members:\n"  # 6
        "   :exclude-members: undocumented\n\n"  # 7-8
        "   Written in the page.\n"  # 9
    )
    # napoleon on: Google and NumPy sections are read (without it Sphinx shows them as text)
    parsed = parse_page(tmp_path, "api.rst", text, ApiSettings(docstring_style="auto"))
    outline = [(s.heading, s.heading_path, s.level, s.line_start) for s in parsed.sections]
    assert outline == [
        ("API", (), 1, 1),
        ("shapes.Circle", ("API",), 2, 4),
        ("shapes.Circle.describe", ("API", "shapes.Circle"), 3, 4),
        ("shapes.Circle.scale", ("API", "shapes.Circle"), 3, 4),
        ("shapes.Circle.sides", ("API", "shapes.Circle"), 3, 4),
    ]
    circle = parsed.sections[1]
    assert circle.anchor == "shapes.Circle"
    assert circle.body == (
        "`shapes.Circle(radius: float, *, name: str = 'c')`\n\n"
        "A round shape.\n\n"
        "Parameters:\n- radius (float): The distance from the centre.\n\n"
        "Written in the page."
    )
    scale = parsed.sections[3].body
    assert scale == (
        "`scale(factor: float) -> Circle`\n\nGrow or shrink the circle.\n\n"
        "Parameters:\n- factor (float): How much bigger.\n\n"
        "Returns:\n- Circle: A new circle."
    )
    assert parsed.api == ApiUse(objects=4)
    assert parsed.warnings == ()


def test_sphinx_docstrings_reduce_their_markup_like_pages(tmp_path: Path) -> None:
    parsed = parse_page(tmp_path, "api.rst", "API\n===\n\n.. autofunction:: shapes.area\n")
    assert parsed.sections[1].body == (
        "`shapes.area(circle: Circle, precise: bool = False) -> float`\n\n"
        "The area of a circle.\n\n"
        "Parameters:\n"
        "- circle (Circle): The circle to measure, see `Circle`.\n"
        "- precise (bool): Use more digits.\n\n"  # the type from the signature
        "Returns:\n- The area.\n\n"
        "Raises:\n- ValueError: When the radius is negative.\n\n"
        "Changed in version 2.0: Added `precise`.\n\n"
        "Example:\n\n```\narea(Circle(1))\n```"
    )


def test_show_inheritance_names_the_bases_under_the_signature(tmp_path: Path) -> None:
    text = (
        "API\n===\n\n"
        ".. autoclass:: shapes.Circle\n   :show-inheritance:\n\n"
        ".. automodule:: shapes.base\n   :members:\n   :show-inheritance:\n\n"
        ".. autoclass:: shapes.Shape\n"  # 10: the option is off
    )
    parsed = parse_page(tmp_path, "api.rst", text)
    bodies = {s.heading: s.body for s in parsed.sections}
    # As autodoc writes it: the bases' short names, "object" for a class that names none.
    assert bodies["shapes.Circle"].startswith(
        "`shapes.Circle(radius: float, *, name: str = 'c')`\n\nBases: `Shape`\n\nA round shape."
    )
    assert bodies["shapes.base.Shape"].startswith(
        "`Shape()`\n\nBases: `object`\n\nAnything with an outline."
    )
    assert "Bases:" not in bodies["shapes.Shape"]


def test_show_inheritance_in_autodoc_default_options_applies_to_every_class(
    tmp_path: Path,
) -> None:
    settings = ApiSettings(default_options=(("show-inheritance", ""),))
    parsed = parse_page(tmp_path, "api.rst", "API\n===\n\n.. autoclass:: shapes.Circle\n", settings)
    assert "\n\nBases: `Shape`\n\n" in parsed.sections[1].body


def test_a_separated_class_signature_documents_the_constructor_as_a_member(
    tmp_path: Path,
) -> None:
    # autodoc_class_signature = "separated" (installer 0.6.0): Sphinx shows __init__ (and
    # __new__) as members of their own, with their docstrings, which autoclass_content =
    # "class" otherwise leaves out: WheelSource.__init__'s "Initialize a WheelSource object"
    # and its parameters. conf.py's setting reads so too.
    text = "API\n===\n\n.. autoclass:: shapes.Circle\n   :members:\n"
    settings = read_conf_settings('autodoc_class_signature = "separated"\n')
    parsed = parse_page(tmp_path, "api.rst", text, settings)
    assert [s.heading for s in parsed.sections] == [
        "API",
        "shapes.Circle",
        "shapes.Circle.__init__",
        "shapes.Circle.scale",
    ]
    assert parsed.sections[2].body == (
        "`__init__(radius: float, *, name: str = 'c') -> None`\n\nMake a circle of `radius`."
    )
    assert [s.heading for s in parse_page(tmp_path, "api.rst", text).sections][2:] == [
        "shapes.Circle.scale"
    ]


def test_a_separated_class_signature_adds_no_constructor_to_a_module(tmp_path: Path) -> None:
    # Sphinx's ClassDocumenter adds __init__ and __new__ to the members a directive names; a
    # package's automodule naming its members does not: its "__init__" read as the package
    # itself, a second entry of the package's docstring ("shapes.__init__").
    settings = read_conf_settings('autodoc_class_signature = "separated"\n')
    text = "API\n===\n\n.. automodule:: shapes\n   :members: Circle\n"
    assert [s.heading for s in parse_page(tmp_path, "api.rst", text, settings).sections] == [
        "API",
        "shapes.Circle",
        "shapes.Circle.__init__",
        "shapes.Circle.scale",
    ]
    text = "API\n===\n\n.. autoclass:: shapes.Circle\n   :members: scale\n"
    assert [s.heading for s in parse_page(tmp_path, "api.rst", text, settings).sections][1:] == [
        "shapes.Circle",
        "shapes.Circle.scale",
        "shapes.Circle.__init__",
    ]


def test_automodule_members_nest_below_the_page_heading(tmp_path: Path) -> None:
    text = "Shapes\n======\n\n.. automodule:: shapes.base\n   :members:\n   :undoc-members:\n"
    parsed = parse_page(tmp_path, "api.rst", text, ApiSettings(class_content="both"))
    assert [(s.heading, s.level) for s in parsed.sections] == [
        ("Shapes", 1),
        ("shapes.base.Shape", 2),
        ("shapes.base.Shape.describe", 3),
        ("shapes.base.Shape.sides", 3),
    ]
    assert parsed.sections[0].body == "The base class."
    # A member with nothing but its signature is a line of its class, not a section.
    assert parsed.sections[1].body.endswith(
        "Members without a description:\n- `undocumented() -> None`"
    )


def test_a_missing_object_is_a_warning_and_a_signature_only_section(tmp_path: Path) -> None:
    parsed = parse_page(
        tmp_path, "api.rst", "API\n===\n\n.. autoclass:: shapes.Square\n   :members:\n"
    )
    (_, square) = parsed.sections
    assert (square.heading, square.body, square.line_start) == (
        "shapes.Square",
        "`shapes.Square`",
        4,
    )
    (warning,) = parsed.warnings
    assert warning.where == "api.rst:4"
    assert warning.message.startswith("autoclass shapes.Square: not found in the code in ")


def test_an_explicit_module_before_two_colons_is_the_object_s_module(tmp_path: Path) -> None:
    # imageio 2.38.2's 'autoclass:: imageio.core::Format.Reader' (autodoc's "module::path"):
    # read as the module imageio.core, its docstring stood twice under that name and the two
    # classes with their 16 members were missing.
    text = "API\n===\n\n.. automethod:: shapes::Circle.scale\n\n.. autoclass:: shapes::Circle\n"
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [s.heading for s in parsed.sections] == ["API", "shapes.Circle.scale", "shapes.Circle"]
    assert parsed.sections[1].body.startswith("`shapes.Circle.scale(factor: float) -> Circle`")
    assert parsed.warnings == ()


def test_without_code_the_first_directive_is_noted_not_warned() -> None:
    parsed = parse_file("api.rst", "API\n===\n\n.. autofunction:: shapes.area\n")
    assert parsed is not None and parsed.warnings == ()
    assert parsed.sections[1].body == "`shapes.area`"
    assert parsed.api == ApiUse(without_code="autofunction at api.rst:4")
    plain = parse_file("plain.rst", "Plain\n=====\n\n.. function:: f()\n")
    assert plain is not None and plain.api is None


def test_myst_autoclass_fences_are_filled_too(tmp_path: Path) -> None:
    text = "# API\n\n```{autoclass} shapes.Shape\n:members: describe\n```\n"
    parsed = parse_page(tmp_path, "api.md", text)
    assert [(s.heading, s.level) for s in parsed.sections] == [
        ("API", 1), ("shapes.Shape", 2), ("shapes.Shape.describe", 3),
    ]  # fmt: skip
    assert parsed.sections[1].body == "`shapes.Shape()`\n\nAnything with an outline."


def test_autoapi_directives_document_their_objects_as_autodoc_does(tmp_path: Path) -> None:
    # sphinx-autoapi 3.8.0's reference/templates.rst documents its eleven template classes
    # with '.. autoapiclass:: autoapi._objects.PythonObject' and ':members:': unknown, each
    # gave nothing. autoapi's directives take autodoc's options and show the same.
    text = (
        "API\n===\n\n"
        ".. autoapisummary::\n\n   shapes.circle.area\n\n"
        ".. autoapiclass:: shapes.base.Shape\n   :members:\n\n"
        ".. autoapifunction:: shapes.circle.area\n"
    )
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [s.heading for s in parsed.sections] == [
        "API",
        "shapes.base.Shape",
        "shapes.base.Shape.describe",
        "shapes.base.Shape.sides",
        "shapes.circle.area",
    ]
    assert parsed.sections[0].body == "- `shapes.circle.area`: The area of a circle."
    assert parsed.sections[2].body.endswith("A sentence about the shape.")
    assert "Use more digits." in parsed.sections[4].body
    assert parsed.warnings == ()


def test_text_after_a_class_and_its_members_returns_to_the_section_around(
    tmp_path: Path,
) -> None:
    # jinja 3.1.4's api.rst: 'The context is immutable...' follows '.. autoclass::
    # jinja2.runtime.Context()' with :members:, under 'The Context'; it was read into one of
    # the members (get_exported), the Resume that ends the class taken for a member's.
    text = "API\n===\n\n.. autoclass:: shapes.Circle\n   :members:\n\nAfter text.\n"
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [s.heading for s in parsed.sections] == [
        "API", "shapes.Circle", "shapes.Circle.scale",
    ]  # fmt: skip
    assert parsed.sections[0].body == "After text."
    assert parsed.sections[2].body.endswith("A new circle.")


def test_text_after_an_automodule_s_members_returns_to_the_section_around(
    tmp_path: Path,
) -> None:
    # An automodule has no heading of its own, so nothing ended its members: the text after
    # 'automodule:: ... :members:' was read into its last member's section (here 'area').
    text = "API\n===\n\n.. automodule:: shapes.circle\n   :members:\n\nAfter text.\n\n"
    text += "Next\n====\n\nMore.\n"
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [s.heading for s in parsed.sections] == [
        "API", "shapes.circle.Circle", "shapes.circle.Circle.scale", "shapes.circle.area", "Next",
    ]  # fmt: skip
    assert parsed.sections[0].body == "Circles.\n\nAfter text."
    assert parsed.sections[3].body.endswith("area(Circle(1))\n```")


def test_inherited_members_naming_a_base_stop_at_that_base(tmp_path: Path) -> None:
    # werkzeug 3.1.3's datastructures.rst: ':inherited-members: ImmutableDictMixin,
    # CallbackDict' on RequestCacheControl. Sphinx walks the class's method resolution order
    # and leaves out a member it meets a named class before (or at) the one defining it;
    # every inherited member was shown, the value read as a flag.
    (tmp_path / "stops").mkdir()
    (tmp_path / "stops" / "__init__.py").write_text(
        "class Top:\n"
        "    def far(self):\n"
        '        """Beyond the stop."""\n\n\n'
        "class Stop(Top):\n"
        "    def at(self):\n"
        '        """At the stop."""\n\n\n'
        "class Middle(Stop):\n"
        "    def near(self):\n"
        '        """Before the stop."""\n\n\n'
        "class Child(Middle):\n"
        '    """The class."""\n\n'
        "    def own(self):\n"
        '        """Its own."""\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")

    def shown(option: str) -> list[str]:
        text = f"A\n=\n\n.. autoclass:: stops.Child\n   :members:\n   :inherited-members:{option}\n"
        parsed = parse_file("a.rst", text, source)
        assert parsed is not None
        return [s.heading.rpartition(".")[2] for s in parsed.sections[2:]]

    assert shown(" Stop") == ["near", "own"]
    assert shown(" Top") == ["at", "near", "own"]
    assert shown("") == ["at", "far", "near", "own"]  # object alone: all of them


def test_a_no_index_directive_and_what_it_documents_take_no_target(tmp_path: Path) -> None:
    # pygit2 1.11.1's branches.rst shows 'autoclass:: pygit2.Repository' with ':members:
    # lookup_branch' under ':noindex:', where repository.rst documents it: Sphinx gives the
    # class, the members autodoc passes the option on to and the attributes napoleon writes
    # with it no id. Each took the object's name as its anchor, so a page documenting it
    # twice had the real target second ('geo.Area-1').
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        "class Area:\n"
        '    """Holds an area.\n\n'
        "    Attributes:\n"
        "        crs (str): Coordinate reference\n"
        '    """\n\n'
        "    def lookup(self, name):\n"
        '        """Find a point."""\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    text = (
        "A\n=\n\n.. autoclass:: geo.Area\n   :members: lookup\n   :noindex:\n\n"
        "   .. attribute:: extra\n\n"
        "B\n=\n\n.. autoclass:: geo.Area\n   :members: lookup\n"
    )
    parsed = parse_page(tmp_path, "a.rst", text, napoleon)
    assert [(s.heading, s.anchor) for s in parsed.sections] == [
        ("A", "a"),
        ("geo.Area", "geo-area"),
        ("geo.Area.crs", "geo-area-crs"),
        # Written in the directive's content, not by autodoc: Sphinx gives it an id.
        ("geo.Area.extra", "geo.Area.extra"),
        ("geo.Area.lookup", "geo-area-lookup"),
        ("B", "b"),
        ("geo.Area", "geo.Area"),
        ("geo.Area.crs", "geo.Area.crs"),
        ("geo.Area.lookup", "geo.Area.lookup"),
    ]
