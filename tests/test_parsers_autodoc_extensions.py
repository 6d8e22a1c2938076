"""autodoc's extensions in reST and MyST pages, filled from a package's code: automodapi
(sphinx-automodapi), sphinx-autodoc2's directives and autodoc_pydantic's."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.api.options import read_conf_settings
from builder.parsers import parse_file
from tests.api_support import parse_page


def _write_units_package(root: Path) -> None:
    (root / "units").mkdir(parents=True)
    (root / "other").mkdir()
    (root / "other" / "__init__.py").write_text(
        'def helper():\n    """Help from elsewhere."""\n', encoding="utf-8"
    )
    (root / "units" / "__init__.py").write_text(
        '"""Units and their conversions."""\n\nfrom .core import *\nfrom other import helper\n',
        encoding="utf-8",
    )
    (root / "units" / "core.py").write_text(
        "class Unit:\n"
        '    """A unit of measure."""\n\n\n'
        "def convert(value, unit):\n"
        '    """Convert a value to a unit."""\n\n\n'
        "def _hidden():\n"
        '    """Private."""\n\n\n'
        "METRE = Unit()\n"
        '"""The metre."""\n',
        encoding="utf-8",
    )


def test_automodapi_documents_the_public_objects_of_a_module(tmp_path: Path) -> None:
    # astropy 8.0.1's API pages are 104 '.. automodapi::' directives: read as an unknown
    # directive each left nothing (units/ref_api.rst had only its note).
    _write_units_package(tmp_path / "src")
    source = GriffeSource(tmp_path / "src", ApiSettings(), "src")
    text = "API\n===\n\n.. automodapi:: units\n\nAfter.\n\n.. automodapi:: units\n"
    text += "   :no-main-docstr:\n   :skip: convert\n   :include-all-objects:\n"
    parsed = parse_file("api.rst", text, source)
    assert parsed is not None
    # Unit's page is generated once, whichever of the two directives lists it first. Each
    # directive writes its title, "units Package" ("... Module" for a module), as automodapi
    # does: asdf 6.0.0's Developer API holds 13 and read as one section of 11,586 characters.
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("API", ()),
        ("units Package", ("API",)),
        ("units.convert", ("API", "units Package")),
        ("units.Unit", ("API", "units Package")),
        ("units Package", ("API",)),
        ("units.METRE", ("API", "units Package")),
    ]
    assert parsed.sections[1].body == (
        "Units and their conversions.\n\n"
        "Functions:\n- `convert`: Convert a value to a unit.\n\n"
        "Classes:\n- `Unit`: A unit of measure.\n\n"
        "After."
    )
    assert parsed.sections[4].body == (
        "Classes:\n- `Unit`: A unit of measure.\n\nVariables:\n- `METRE`: The metre."
    )
    assert parsed.sections[2].body == "`units.convert(value, unit)`\n\nConvert a value to a unit."
    assert parsed.sections[3].body == "`units.Unit()`\n\nA unit of measure."
    assert parsed.sections[5].body == "`units.METRE = Unit()`\n\nThe metre."
    untitled = "API\n===\n\n.. automodapi:: units\n   :no-heading:\n"
    assert [s.heading for s in parse_file("api.rst", untitled, source).sections] == [
        "API", "units.convert", "units.Unit",
    ]  # fmt: skip


def test_automodapi_documents_a_class_s_own_members_in_full(tmp_path: Path) -> None:
    # automodapi's class template writes Attributes and Methods summaries, then an
    # autoattribute or automethod for each member the class defines: regions 0.12's classes
    # had their methods' summary lines alone (CirclePixelRegion.contains' parameters and
    # return value were nowhere). Inherited members are left to their classes' pages.
    text = "API\n===\n\n.. automodapi:: shapes\n   :no-main-docstr:\n   :no-heading:\n"
    parsed = parse_page(tmp_path, "api.rst", text)
    assert [(s.heading, s.heading_path) for s in parsed.sections[2:]] == [
        ("shapes.Circle", ("API",)),
        ("shapes.Circle.scale", ("API", "shapes.Circle")),
        ("shapes.Shape", ("API",)),
        ("shapes.Shape.sides", ("API", "shapes.Shape")),
        ("shapes.Shape.describe", ("API", "shapes.Shape")),
        ("shapes.Shape.undocumented", ("API", "shapes.Shape")),
    ]
    circle, scale, shape = parsed.sections[2], parsed.sections[3], parsed.sections[4]
    assert circle.body.endswith("Methods:\n- `scale`: Grow or shrink the circle.")
    assert "Bases: `Shape`" in circle.body
    assert scale.body.startswith("`scale(factor: float) -> Circle`\n\nGrow or shrink")
    assert shape.body.endswith(
        "Attributes:\n- `sides`: How many sides the shape has.\n\n"
        "Methods:\n- `describe`: A sentence about the shape.\n- `undocumented`"
    )


def test_automodapi_s_inherited_members_option_documents_them_too(tmp_path: Path) -> None:
    # sphinx-automodapi's ':inherited-members:' has automodsumm read the class's dir(), not its
    # __dict__: Circle's page lists and documents Shape's describe and sides too. The option
    # was not read, so the inherited members were dropped from the class's page.
    text = "API\n===\n\n.. automodapi:: shapes\n   :no-main-docstr:\n   :no-heading:\n"
    text += "   :inherited-members:\n"
    parsed = parse_page(tmp_path, "api.rst", text)
    headings = [s.heading for s in parsed.sections]
    assert headings[2:6] == [
        "shapes.Circle", "shapes.Circle.sides", "shapes.Circle.scale", "shapes.Circle.describe",
    ]  # fmt: skip
    assert parsed.sections[2].body.endswith(
        "Attributes:\n- `sides`: How many sides the shape has.\n\n"
        "Methods:\n- `scale`: Grow or shrink the circle.\n"
        "- `describe`: A sentence about the shape.\n- `undocumented`"
    )


def test_conf_py_s_automodsumm_inherited_members_is_the_automodapi_default(
    tmp_path: Path,
) -> None:
    # conf.py's automodsumm_inherited_members = True has every automodapi's class pages
    # document inherited members, unless the directive says ':no-inherited-members:'; it was
    # not read, so Circle's page left out Shape's describe and sides.
    text = "API\n===\n\n.. automodapi:: shapes\n   :no-main-docstr:\n   :no-heading:\n"
    settings = ApiSettings(automodsumm_inherited_members=True)
    headings = [s.heading for s in parse_page(tmp_path, "api.rst", text, settings).sections]
    assert headings[2:6] == [
        "shapes.Circle", "shapes.Circle.sides", "shapes.Circle.scale", "shapes.Circle.describe",
    ]  # fmt: skip
    refused = text + "   :no-inherited-members:\n"
    headings = [s.heading for s in parse_page(tmp_path, "api.rst", refused, settings).sections]
    assert headings[2:4] == ["shapes.Circle", "shapes.Circle.scale"]


def test_autodoc2_docstring_reads_the_docstring_and_its_summary_tables_read_as_rows(
    tmp_path: Path,
) -> None:
    # sphinx-autodoc2 0.5.0's apidocs: each module page opens with its docstring and lists its
    # objects in list-tables whose second cell is an autodoc2-docstring with :summary:; both
    # read ".. autodoc2-docstring:: autodoc2.setup :summary:", the directive as written.
    text = (
        "shapes.base\n===========\n\n"
        ".. autodoc2-docstring:: shapes.base\n\n"
        ".. list-table::\n"
        "   :class: autosummary longtable\n\n"
        "   * - :py:obj:`Shape <shapes.base.Shape>`\n"
        "     - .. autodoc2-docstring:: shapes.base.Shape\n"
        "          :summary:\n"
        "   * - :py:obj:`Gone <shapes.base.Gone>`\n"
        "     - .. autodoc2-docstring:: shapes.base.Gone\n"
        "          :summary:\n"
    )
    parsed = parse_page(tmp_path, "apidocs/shapes.base.rst", text)
    assert [s.body for s in parsed.sections] == [
        "The base class.\n\n`Shape` | Anything with an outline.\n`Gone` |"
    ]
    assert parsed.warnings == ()  # an object the code lacks (cloned from git) is no warning


def test_autodoc2_object_documents_the_object_and_autodoc2_summary_lists_them(
    tmp_path: Path,
) -> None:
    # MyST-Parser's code_and_apis.md: "```{autodoc2-object} myst_parser.sphinx_ext.main.
    # setup_sphinx" read as its TOML settings in a code block, and its autodoc2-summary as
    # the "~name" lines it lists.
    text = (
        "# API\n\n"  # 1-2
        "```{autodoc2-summary}\n:renderer: myst\n\n~shapes.circle.area\n```\n\n"  # 3-8
        '```{autodoc2-object} shapes.base.Shape\nrender_plugin = "myst"\n```\n\n'  # 9-12
        "```{autodoc2-object} shapes.nothing\n```\n"  # 13-14
    )
    parsed = parse_page(tmp_path, "api.md", text)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        # Text after a description returns to the section around it, as Sphinx shows it.
        ("API", "- `shapes.circle.area`: The area of a circle.\n\n`shapes.nothing`"),
        ("shapes.base.Shape", "`shapes.base.Shape()`\n\nAnything with an outline."),
        ("shapes.base.Shape.describe", "`describe() -> str`\n\nA sentence about the shape."),
        ("shapes.base.Shape.sides", "`sides: int = 0`\n\nHow many sides the shape has."),
    ]
    assert [w.message for w in parsed.warnings] == [
        "autodoc2-object shapes.nothing: not found in the code in " + str(tmp_path / "src")
    ]


def test_a_summary_line_with_a_title_after_the_name_lists_the_named_object(
    tmp_path: Path,
) -> None:
    # sphinx-autodoc2 0.5.0's summary.md: "autodoc2.sphinx.docstring._example my example" read
    # as one name, found nowhere; autodoc2 (and autosummary) take the first word as the name.
    text = (
        "# API\n\n"
        "```{autodoc2-summary}\n:renderer: myst\n\n"
        "shapes.circle.area the area\n~shapes.base.Shape\n```\n"
    )
    parsed = parse_page(tmp_path, "api.md", text)
    assert [s.body for s in parsed.sections] == [
        "- `shapes.circle.area`: The area of a circle.\n"
        "- `shapes.base.Shape`: Anything with an outline."
    ]


def test_autofunction_on_a_callable_instance_shows_the_signature_of_its_call(
    tmp_path: Path,
) -> None:
    # python-dateutil 2.9.0's "autofunction:: gettz" (gettz = __get_gettz(), an instance of
    # the class it defines) read '`dateutil.tz.gettz = __get_gettz()`'; Sphinx shows its
    # __call__'s signature. autodata shows the value still.
    (tmp_path / "src" / "tz").mkdir(parents=True)
    (tmp_path / "src" / "tz" / "__init__.py").write_text(
        "def __get_gettz():\n"
        "    class GettzFunc(object):\n"
        '        """Retrieve a time zone by its name."""\n\n'
        "        def __call__(self, name=None): ...\n\n"
        "    return GettzFunc()\n\n\n"
        "gettz = __get_gettz()\n",
        encoding="utf-8",
    )
    text = "tz\n==\n\n.. autofunction:: tz.gettz\n\n.. autodata:: tz.gettz\n"
    parsed = parse_page(tmp_path, "tz.rst", text)
    assert [s.body.partition("\n")[0] for s in parsed.sections[1:]] == [
        "`tz.gettz(name=None)`",
        "`tz.gettz = __get_gettz()`",
    ]


def test_autopydantic_model_documents_the_model_s_fields(tmp_path: Path) -> None:
    # libensemble 1.6.1: '.. autopydantic_model:: libensemble.specs.ExitCriteria' (no
    # :members:) showed the class's docstring alone; autodoc_pydantic documents the fields
    # by default (not model_config), and conf.py's autodoc_pydantic_model_members = False
    # leaves them out.
    (tmp_path / "specs.py").write_text(
        "from pydantic import BaseModel, ConfigDict\n\n\n"
        "class ExitCriteria(BaseModel):\n"
        '    """When to stop a run."""\n\n'
        "    model_config = ConfigDict(extra='forbid')\n\n"
        "    sim_max: int | None = None\n"
        '    """Stop after this many simulations."""\n\n'
        "    wallclock_max: float | None = None\n",
        encoding="utf-8",
    )
    text = ".. autopydantic_model:: specs.ExitCriteria\n   :model-show-json: False\n"
    parsed = parse_file("api.rst", text, GriffeSource(tmp_path, ApiSettings(), "src"))
    assert parsed is not None and parsed.warnings == ()
    assert [(s.heading, s.body) for s in parsed.sections] == [
        (
            "specs.ExitCriteria",
            "`specs.ExitCriteria()`\n\nWhen to stop a run.\n\n"
            "Members without a description:\n- `wallclock_max: float | None = None`",
        ),
        (
            "specs.ExitCriteria.sim_max",
            "`sim_max: int | None = None`\n\nStop after this many simulations.",
        ),
    ]
    settings = read_conf_settings("autodoc_pydantic_model_members = False\n")
    alone = parse_file("api.rst", text, GriffeSource(tmp_path, settings, "src"))
    assert alone is not None and [s.heading for s in alone.sections] == ["specs.ExitCriteria"]
