"""autodoc directives in reST and MyST pages, filled from a package's code."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.api.options import read_conf_settings
from builder.model import ApiUse, ParsedFile
from builder.parsers import parse_file
from builder.parsers.rst.events import MAX_DEPTH
from tests.api_support import package_source, write_package


def _parse(
    tmp_path: Path, relpath: str, text: str, settings: ApiSettings | None = None
) -> ParsedFile:
    parsed = parse_file(relpath, text, package_source(tmp_path / "src", settings))
    assert parsed is not None
    return parsed


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
    parsed = _parse(tmp_path, "api.rst", text, ApiSettings(docstring_style="auto"))
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
    parsed = _parse(tmp_path, "api.rst", "API\n===\n\n.. autofunction:: shapes.area\n")
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
    parsed = _parse(tmp_path, "api.rst", text)
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
    parsed = _parse(tmp_path, "api.rst", "API\n===\n\n.. autoclass:: shapes.Circle\n", settings)
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
    parsed = _parse(tmp_path, "api.rst", text, settings)
    assert [s.heading for s in parsed.sections] == [
        "API",
        "shapes.Circle",
        "shapes.Circle.__init__",
        "shapes.Circle.scale",
    ]
    assert parsed.sections[2].body == (
        "`__init__(radius: float, *, name: str = 'c') -> None`\n\nMake a circle of `radius`."
    )
    assert [s.heading for s in _parse(tmp_path, "api.rst", text).sections][2:] == [
        "shapes.Circle.scale"
    ]


def test_a_separated_class_signature_adds_no_constructor_to_a_module(tmp_path: Path) -> None:
    # Sphinx's ClassDocumenter adds __init__ and __new__ to the members a directive names; a
    # package's automodule naming its members does not: its "__init__" read as the package
    # itself, a second entry of the package's docstring ("shapes.__init__").
    settings = read_conf_settings('autodoc_class_signature = "separated"\n')
    text = "API\n===\n\n.. automodule:: shapes\n   :members: Circle\n"
    assert [s.heading for s in _parse(tmp_path, "api.rst", text, settings).sections] == [
        "API",
        "shapes.Circle",
        "shapes.Circle.__init__",
        "shapes.Circle.scale",
    ]
    text = "API\n===\n\n.. autoclass:: shapes.Circle\n   :members: scale\n"
    assert [s.heading for s in _parse(tmp_path, "api.rst", text, settings).sections][1:] == [
        "shapes.Circle",
        "shapes.Circle.scale",
        "shapes.Circle.__init__",
    ]


def test_automodule_members_nest_below_the_page_heading(tmp_path: Path) -> None:
    text = "Shapes\n======\n\n.. automodule:: shapes.base\n   :members:\n   :undoc-members:\n"
    parsed = _parse(tmp_path, "api.rst", text, ApiSettings(class_content="both"))
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
    parsed = _parse(tmp_path, "api.rst", "API\n===\n\n.. autoclass:: shapes.Square\n   :members:\n")
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
    parsed = _parse(tmp_path, "api.rst", text)
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
    parsed = _parse(tmp_path, "api.md", text)
    assert [(s.heading, s.level) for s in parsed.sections] == [
        ("API", 1), ("shapes.Shape", 2), ("shapes.Shape.describe", 3),
    ]  # fmt: skip
    assert parsed.sections[1].body == "`shapes.Shape()`\n\nAnything with an outline."


def test_autosummary_lists_each_object_with_its_first_docstring_line(tmp_path: Path) -> None:
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        ".. autosummary::\n   :nosignatures:\n\n"
        "   Circle\n   ~shapes.base.Shape.describe\n   Nope\n"
    )
    parsed = _parse(tmp_path, "api.rst", text)
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
    parsed = _parse(tmp_path, "api.rst", text)
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
    parsed = _parse(tmp_path, "api.rst", text)
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
    parsed = _parse(tmp_path, "api.rst", text)
    assert [s.heading for s in parsed.sections] == ["API", "shapes.area", "Again"]
    assert parsed.sections[2].body.startswith("- `area`: The area of a circle.")


def test_extension_class_documenters_document_their_class_as_autoclass(tmp_path: Path) -> None:
    # pyramid 2.1's api/interfaces.rst documents 40 zope interfaces with
    # '.. autointerface::' (repoze.sphinx.autointerface): unknown, each gave nothing, and the
    # page's three sections were dropped as empty.
    package = tmp_path / "src" / "events"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "class Interface:\n    pass\n\n\n"
        "class INewRequest(Interface):\n"
        '    """Emitted whenever a new request begins."""\n\n'
        "    def describe(verbose):\n"
        '        """Say what happened."""\n\n\n'
        "class Colour:\n"
        '    """A colour."""\n',
        encoding="utf-8",
    )
    text = (
        "Events\n======\n\n"
        "  .. autointerface:: events.INewRequest\n     :members:\n\n"
        ".. autoenum:: events.Colour\n"
    )
    api = GriffeSource(tmp_path / "src", ApiSettings(), "src")
    parsed = parse_file("api.rst", text, api)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "events.INewRequest",
            "`events.INewRequest()`\n\nEmitted whenever a new request begins.",
        ),
        ("events.INewRequest.describe", "`describe(verbose)`\n\nSay what happened."),
        ("events.Colour", "`events.Colour()`\n\nA colour."),
    ]
    assert parsed.warnings == ()


def test_zope_interface_attributes_are_documented_by_their_declaration(tmp_path: Path) -> None:
    # pyramid 2.1's interfaces declare 93 attributes as 'app = Attribute("Created
    # application")'; with no docstring of their own, ':members:' left every one out.
    package = tmp_path / "src" / "events"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from zope.interface import Attribute, Interface\n"
        "import zope.interface as zi\n\n\n"
        "class IApplicationCreated(Interface):\n"
        '    """Emitted when the application is made."""\n\n'
        '    app = Attribute("Created application")\n'
        '    registry = zi.Attribute("""The registry.\n\n        Set at startup.""")\n'
        '    name = other.Attribute("Not zope")\n',
        encoding="utf-8",
    )
    text = "Events\n======\n\n.. autointerface:: events.IApplicationCreated\n   :members:\n"
    api = GriffeSource(tmp_path / "src", ApiSettings(), "src")
    parsed = parse_file("api.rst", text, api)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("events.IApplicationCreated.app", "`app`\n\nCreated application"),
        ("events.IApplicationCreated.registry", "`registry`\n\nThe registry.\n\nSet at startup."),
    ]


def test_descriptors_are_documented_by_their_doc_argument(tmp_path: Path) -> None:
    # Werkzeug 3.1.3's Response documents 36 headers as 'location = header_property("Location",
    # doc="...")' and 'data = property(get_data, set_data, doc="...")': the descriptor keeps
    # the text as its __doc__, which autodoc shows; ':members:' left them all out.
    package = tmp_path / "src" / "web"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "class header_property:\n"
        "    def __init__(self, name, doc=None):\n"
        "        self.__doc__ = doc\n\n\n"
        "class Response:\n"
        '    """An HTTP response."""\n\n'
        "    def get_data(self):\n"
        '        """The body."""\n\n'
        "    data = property(get_data, doc='A descriptor that calls get_data.')\n"
        "    location = header_property(\n"
        '        "Location",\n'
        '        doc="""The Location header field\n'
        '        redirects the recipient.""",\n'
        "    )\n"
        '    vary = header_property("Vary")\n',
        encoding="utf-8",
    )
    text = "Web\n===\n\n.. autoclass:: web.Response\n   :members:\n"
    parsed = parse_file("api.rst", text, GriffeSource(tmp_path / "src", ApiSettings(), "src"))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("web.Response.data", "`data`\n\nA descriptor that calls get_data."),
        ("web.Response.get_data", "`get_data()`\n\nThe body."),
        (
            "web.Response.location",
            "`location`\n\nThe Location header field redirects the recipient.",
        ),
    ]


def test_traitlets_traits_are_documented_by_their_help(tmp_path: Path) -> None:
    # ipywidgets 8.1.8 declares each widget's traits as 'indent = Bool(True, help="...")
    # .tag(sync=True)', of traitlets' types or its own (Color(Unicode)): TraitType keeps help
    # as its __doc__, which autodoc shows; ':members:' left out 222 of them (202 -> 424
    # objects). A help= of anything else is no docstring.
    package = tmp_path / "src" / "widgets"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from traitlets import Bool, HasTraits, Unicode\n"
        "import traitlets\n\n\n"
        "class Color(Unicode):\n"
        '    """A string holding a valid HTML color."""\n\n\n'
        "class Shade(Color):\n"
        "    pass\n\n\n"
        "class Option:\n"
        "    def __init__(self, help=None):\n"
        "        self.help = help\n\n\n"
        "class Checkbox(HasTraits):\n"
        '    """A checkbox."""\n\n'
        '    indent = Bool(True, help="Indent the control.").tag(sync=True).tag(a=1)\n'
        "    color = Shade('black', help='The color.').tag(sync=True)\n"
        '    label = traitlets.Unicode(help="""The label\n    text.""")\n'
        '    option = Option(help="Not a trait.")\n'
        '    width = Bool(help="Not a literal" + "!")\n',
        encoding="utf-8",
    )
    text = "Widgets\n=======\n\n.. autoclass:: widgets.Checkbox\n   :members:\n"
    parsed = parse_file("api.rst", text, GriffeSource(tmp_path / "src", ApiSettings(), "src"))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("widgets.Checkbox.color", "`color`\n\nThe color."),
        ("widgets.Checkbox.indent", "`indent`\n\nIndent the control."),
        ("widgets.Checkbox.label", "`label`\n\nThe label text."),
    ]


def test_a_trait_s_help_marked_for_translation_is_its_text(tmp_path: Path) -> None:
    # jupyter_server 2.20.0's ServerApp: 'allow_root = Bool(False, config=True,
    # help=_i18n("Whether to allow ..."))', its text passed through gettext; autodoc shows
    # it, and its api/jupyter_server.rst listed 50 such traits as without a description:
    # 145 -> 195 sections (Sphinx renders 225 objects). Another call's result is not read.
    package = tmp_path / "src" / "server"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from traitlets import Bool, Unicode\n"
        "from traitlets.config import Application\n"
        "from .i18n import trans\n\n"
        "_i18n = trans.gettext\n\n\n"
        "class ServerApp(Application):\n"
        '    """The server application."""\n\n'
        '    allow_root = Bool(False, config=True, help=_i18n("Whether to allow root."))\n'
        "    root_dir = Unicode(config=True, help=trans.gettext('The root directory.'))\n"
        "    token = Unicode(help=make_help('token'))\n",
        encoding="utf-8",
    )
    text = "Server\n======\n\n.. autoclass:: server.ServerApp\n   :members:\n"
    parsed = parse_file("api.rst", text, GriffeSource(tmp_path / "src", ApiSettings(), "src"))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("server.ServerApp.allow_root", "`allow_root`\n\nWhether to allow root."),
        ("server.ServerApp.root_dir", "`root_dir`\n\nThe root directory."),
    ]


def test_a_property_of_getter_and_setter_is_documented_by_its_getter(tmp_path: Path) -> None:
    # tablib 3.10's Dataset makes 'headers = property(_get_headers, _set_headers)': Python
    # gives the property its getter's docstring, which autodoc shows; ':members:' left it out.
    package = tmp_path / "src" / "tables"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "class Dataset:\n"
        '    """Rows."""\n\n'
        "    def _get_headers(self):\n"
        '        """Names of the columns."""\n\n'
        "    def _set_headers(self, names):\n"
        '        """Validating setter."""\n\n'
        "    headers = property(_get_headers, _set_headers)\n"
        "    width = property(lambda self: 2)\n"
        "    names = property(fget=_get_headers)\n",
        encoding="utf-8",
    )
    text = "Tables\n======\n\n.. autoclass:: tables.Dataset\n   :members:\n"
    parsed = parse_file("api.rst", text, GriffeSource(tmp_path / "src", ApiSettings(), "src"))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("tables.Dataset.headers", "`headers`\n\nNames of the columns."),
        ("tables.Dataset.names", "`names`\n\nNames of the columns."),
    ]


def test_a_property_s_doc_may_be_another_function_s_docstring(tmp_path: Path) -> None:
    # WebOb 1.8.6's BaseRequest (Debian python-webob-doc): 'headers = property(_headers__get,
    # _headers__set, doc=_headers__get.__doc__)', and content_type's doc the fourth argument
    # so: autodoc shows the getter's docstring; ':members:' left them out.
    package = tmp_path / "src" / "requests_"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "class Request:\n"
        '    """A request."""\n\n'
        "    def _headers__get(self):\n"
        '        """All the request headers."""\n\n'
        "    def _headers__set(self, value):\n"
        "        pass\n\n"
        "    def _type__get(self):\n"
        '        """The Content-Type."""\n\n'
        "    headers = property(_headers__get, _headers__set, doc=_headers__get.__doc__)\n"
        "    content_type = property(_type__get, None, None, _type__get.__doc__)\n"
        "    other = property(_headers__set, doc=missing.__doc__)\n",
        encoding="utf-8",
    )
    text = "Requests\n========\n\n.. autoclass:: requests_.Request\n   :members:\n"
    parsed = parse_file("api.rst", text, GriffeSource(tmp_path / "src", ApiSettings(), "src"))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("requests_.Request.content_type", "`content_type`\n\nThe Content-Type."),
        ("requests_.Request.headers", "`headers`\n\nAll the request headers."),
    ]


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
    parsed = _parse(tmp_path, "api.rst", text)
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
    parsed = _parse(tmp_path, "api.rst", text)
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
    parsed = _parse(tmp_path, "api.rst", text)
    assert [s.heading for s in parsed.sections] == [
        "API", "shapes.circle.Circle", "shapes.circle.Circle.scale", "shapes.circle.area", "Next",
    ]  # fmt: skip
    assert parsed.sections[0].body == "Circles.\n\nAfter text."
    assert parsed.sections[3].body.endswith("area(Circle(1))\n```")


def test_a_class_page_autosummary_generates_lists_its_methods_and_attributes(
    tmp_path: Path,
) -> None:
    # Sphinx's class template puts a Methods and an Attributes table on the page it writes for
    # each class: statsmodels 0.14.6's regression.rst documents OLS, GLS and 30 more classes so,
    # and their sections held the signature alone (OLS.fit, OLS.predict were nowhere).
    text = "API\n===\n\n.. currentmodule:: shapes\n\n"
    text += ".. autosummary::\n   :toctree: api/\n\n   Circle\n"
    parsed = _parse(tmp_path, "api.rst", text)
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


def test_coroutine_functions_class_and_static_methods_say_so_before_their_name(
    tmp_path: Path,
) -> None:
    # autodoc writes "async" before a coroutine function's name (trio 0.35's reference pages
    # document 60 of them): without it trio.sleep read as a plain call, never awaited.
    package = tmp_path / "src" / "timers"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "async def sleep(seconds: float) -> None:\n"
        '    """Pause the current task."""\n\n\n'
        "class Clock:\n"
        '    """A clock."""\n\n'
        "    @classmethod\n"
        "    def system(cls) -> 'Clock':\n"
        '        """The system clock."""\n\n'
        "    @staticmethod\n"
        "    def resolution() -> float:\n"
        '        """The smallest step."""\n\n'
        "    async def tick(self, steps):\n"
        '        """Wait for the next tick."""\n',
        encoding="utf-8",
    )
    text = (
        "API\n===\n\n"
        ".. autofunction:: timers.sleep\n\n"
        ".. autoclass:: timers.Clock\n   :members: system, resolution\n\n"
        "   .. automethod:: tick(steps=1)\n"
    )
    parsed = parse_file("api.rst", text, GriffeSource(tmp_path / "src", ApiSettings(), "src"))
    assert parsed is not None
    assert [(s.heading, s.body.split("\n\n")[0]) for s in parsed.sections[1:]] == [
        ("timers.sleep", "`async timers.sleep(seconds: float) -> None`"),
        ("timers.Clock", "`timers.Clock()`"),
        ("timers.Clock.tick", "`async tick(steps=1)`"),  # the signature the page writes
        ("timers.Clock.system", "`classmethod system() -> Clock`"),
        ("timers.Clock.resolution", "`staticmethod resolution() -> float`"),
    ]


def test_a_members_docstring_keeps_its_list_a_blank_line_below_its_paragraph(
    tmp_path: Path,
) -> None:
    # Deprecated 1.3.1's SphinxAdapter: shown through "automodule:: deprecated.sphinx" with
    # :members:, its paragraph and the list under it were joined as a list item's text is.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "adapters.py").write_text(
        '"""Adapters."""\n\n\nclass Adapter:\n'
        '    """Sphinx adapter.\n\n    Such a directive is a `markup <https://x.invalid/>`_\n\n'
        '    - The directive can be one of "versionadded".\n    - The version is added.\n    """\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path / "src", ApiSettings(), "src")
    parsed = parse_file("api.rst", "API\n===\n\n.. automodule:: adapters\n   :members:\n", source)
    assert parsed is not None
    assert parsed.sections[-1].body == (
        "`Adapter()`\n\nSphinx adapter.\n\nSuch a directive is a markup\n\n"
        '- The directive can be one of "versionadded".\n- The version is added.'
    )


def test_a_docstring_s_citations_of_its_own_references_keep_their_labels(
    tmp_path: Path,
) -> None:
    # pvlib 0.16.1: "Comparison among several models is reported in [10]_." read "reported
    # in." and "'kasten1966' - See [1]_" read "See -": the marks cite the docstring's own
    # References, which the page does not define (citation marks 374 -> 940).
    package = tmp_path / "src" / "airmass"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "def relative(zenith, model='kasten'):\n"
        '    """Relative airmass, as reported in [2]_.\n\n'
        "    Parameters\n    ----------\n"
        "    model : str\n        'kasten' - See [1]_, [CIT]_ - apparent zenith\n\n"
        "    References\n    ----------\n"
        "    .. [1] F. Kasten, 1965.\n    .. [2] A. Young, 1994.\n"
        '    """\n',
        encoding="utf-8",
    )
    settings = ApiSettings(docstring_style="numpydoc")
    source = GriffeSource(tmp_path / "src", settings, str(tmp_path / "src"))
    parsed = parse_file("api.rst", "API\n===\n\n.. autofunction:: airmass.relative\n", source)
    assert parsed is not None
    body = parsed.sections[-1].body
    assert "Relative airmass, as reported in [2]." in body
    assert "- model (str): 'kasten' - See [1], [CIT] - apparent zenith" in body
    # A page's own marks still read as its footnotes label them, unknown ones go.
    page = parse_file("page.rst", "Page\n====\n\nSee [9]_ and [1]_.\n\n.. [1] One.\n", None)
    assert page is not None and page.sections[0].body.startswith("See and [1].")


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


def test_a_member_class_s_docstring_describing_attributes_makes_them_sections(
    tmp_path: Path,
) -> None:
    # WebTest 3.0.0's api.rst, "automodule:: webtest.forms" with ":members:": Form's
    # docstring describes its attributes (".. attribute:: action" ...), each an entry of its
    # own in Sphinx's page, as for "autoclass:: webtest.forms.Form"; listed by the module, they
    # were lines of the class's text.
    (tmp_path / "src" / "forms").mkdir(parents=True)
    (tmp_path / "src" / "forms" / "__init__.py").write_text(
        '"""Forms."""\n\n\n'
        "class Form:\n"
        '    """A form.\n\n'
        "    .. attribute:: action\n\n"
        "        the relative URI of the action.\n"
        '    """\n\n'
        "    def submit(self):\n"
        '        """Submit it."""\n\n\n'
        "def helper():\n"
        '    """Helps.\n\n'
        "    .. note:: Not a description.\n"
        '    """\n',
        encoding="utf-8",
    )
    text = "Forms\n=====\n\n.. automodule:: forms\n   :members:\n"
    parsed = _parse(tmp_path, "forms.rst", text)
    assert [(s.heading, s.heading_path, s.body) for s in parsed.sections] == [
        ("Forms", (), "Forms."),
        ("forms.Form", ("Forms",), "`Form()`\n\nA form."),
        (
            "forms.Form.action",
            ("Forms", "forms.Form"),
            "`action`\n\nthe relative URI of the action.",
        ),
        ("forms.Form.submit", ("Forms", "forms.Form"), "`submit()`\n\nSubmit it."),
        ("forms.helper", ("Forms",), "`helper()`\n\nHelps.\n\nNote: Not a description."),
    ]


def test_a_description_written_with_a_space_before_its_colons_is_one_too(
    tmp_path: Path,
) -> None:
    # nose2 0.12.0's events module writes '.. attribute :: loader' in its classes' docstrings
    # (docutils allows one space there); their 89 attributes were lines of the classes' text.
    (tmp_path / "src" / "events").mkdir(parents=True)
    (tmp_path / "src" / "events" / "__init__.py").write_text(
        '"""Events."""\n\n\n'
        "class CreateTestsEvent:\n"
        '    """Event fired before test loading.\n\n'
        "    .. attribute :: loader\n\n"
        "       Test loader instance\n"
        '    """\n',
        encoding="utf-8",
    )
    text = "Events\n======\n\n.. automodule :: events\n   :members:\n"
    parsed = _parse(tmp_path, "events.rst", text)
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("events.CreateTestsEvent", "`CreateTestsEvent()`\n\nEvent fired before test loading."),
        ("events.CreateTestsEvent.loader", "`loader`\n\nTest loader instance"),
    ]


def test_a_member_class_s_docstring_listing_its_own_module_again_stops(tmp_path: Path) -> None:
    # Its descriptions were read at depth 1 whatever the depth around them, so a docstring
    # whose automodule lists the class again recursed until Python's stack ran out: a
    # RecursionError that stopped the page. It nests to MAX_DEPTH, as other blocks do.
    (tmp_path / "src" / "forms").mkdir(parents=True)
    (tmp_path / "src" / "forms" / "__init__.py").write_text(
        '"""Forms."""\n\n\n'
        "class Form:\n"
        '    """A form.\n\n'
        "    .. attribute:: action\n\n"
        "        the relative URI of the action.\n\n"
        "    .. automodule:: forms\n"
        "        :members:\n"
        '    """\n',
        encoding="utf-8",
    )
    text = "Forms\n=====\n\n.. automodule:: forms\n   :members:\n"
    parsed = _parse(tmp_path, "forms.rst", text)
    assert [s.heading for s in parsed.sections[:4]] == [
        "Forms", "forms.Form", "forms.Form.action", "forms.Form",
    ]  # fmt: skip
    assert len(parsed.sections) < 2 * MAX_DEPTH


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
    parsed = _parse(tmp_path, "a.rst", text, napoleon)
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


def test_napoleon_attributes_are_objects_of_their_own_below_the_class(tmp_path: Path) -> None:
    # pyresample 1.26.0's AreaDefinition: 'Attributes:' lists area_id, crs, ...; napoleon
    # writes each as '.. attribute:: crs' with ':type:', which Sphinx makes an entry of the
    # class ('AreaDefinition.crs'). They were a list in the class's text, no object to find.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        "class Area:\n"
        '    """Holds an area.\n\n'
        "    Attributes:\n"
        "        area_id (str): Identifier for the area\n"
        "        crs (pyproj.CRS): Coordinate reference\n            system, not thread-safe.\n"
        "        size: Number of points\n\n"
        "    Examples:\n        >>> Area('a')\n"
        '    """\n\n'
        "    def __init__(self, area_id):\n        self.area_id = area_id\n\n"
        "    @property\n    def size(self):\n"
        '        """Number of points in the grid."""\n        return 1\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    own = ("geo.Area.area_id", "`area_id: str`\n\nIdentifier for the area")
    crs = ("geo.Area.crs", "`crs: pyproj.CRS`\n\nCoordinate reference system, not thread-safe.")
    examples = "Holds an area.\n\nExamples:\n```pycon\n>>> Area('a')\n```"
    listed = _parse(tmp_path, "a.rst", "A\n=\n\n.. automodule:: geo\n   :members:\n", napoleon)
    # Under :members:, the documented property is its own entry, once.
    assert [(s.heading, s.body) for s in listed.sections[1:]] == [
        ("geo.Area", f"`Area(area_id)`\n\n{examples}"),
        own,
        crs,
        ("geo.Area.size", "`size`\n\nNumber of points in the grid."),
    ]
    alone = _parse(tmp_path, "b.rst", "B\n=\n\n.. autoclass:: geo.Area\n", napoleon)
    assert [(s.heading, s.body) for s in alone.sections[1:]] == [
        ("geo.Area", f"`geo.Area(area_id)`\n\n{examples}"),
        own,
        crs,
        ("geo.Area.size", "`size`\n\nNumber of points"),
    ]
    # With napoleon_use_ivar (or numpydoc) the section stays a list in the class's text.
    ivar = ApiSettings(docstring_style="auto", napoleon_attributes=False)
    fields = _parse(tmp_path, "c.rst", "C\n=\n\n.. autoclass:: geo.Area\n", ivar)
    assert "Attributes:\n- area_id (str): Identifier for the area" in fields.sections[1].body
    # Sphinx's own ':ivar:' fields are a field list whatever napoleon does (structlog's
    # LogCapture.entries).
    (tmp_path / "src" / "geo" / "fields.py").write_text(
        'class Capture:\n    """Captures entries.\n\n'
        '    :ivar list entries: The entries.\n    """\n',
        encoding="utf-8",
    )
    sphinx = _parse(tmp_path, "d.rst", "D\n=\n\n.. autoclass:: geo.fields.Capture\n", napoleon)
    assert [s.heading for s in sphinx.sections] == ["D", "geo.fields.Capture"]
    assert "Attributes:\n- entries (list): The entries." in sphinx.sections[1].body


def test_a_napoleon_attribute_whose_member_is_not_shown_keeps_its_entry(tmp_path: Path) -> None:
    # The member documenting an attribute itself takes the entry only when the directive shows
    # it: under ':exclude-members: size' (or a private name, or ':members:' naming others)
    # napoleon's '.. attribute:: size' is the only entry Sphinx has; it was dropped, its text
    # with it, while the section's other attributes kept theirs.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        'class Area:\n    """Holds an area.\n\n    Attributes:\n'
        '        name: Its name\n        size: Number of points\n    """\n\n'
        '    @property\n    def size(self):\n        """Number of points in the grid."""\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    text = "A\n=\n\n.. autoclass:: geo.Area\n   :members:\n   :exclude-members: size\n"
    parsed = _parse(tmp_path, "a.rst", text, napoleon)
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("geo.Area", "`geo.Area()`\n\nHolds an area."),
        ("geo.Area.name", "`name`\n\nIts name"),
        ("geo.Area.size", "`size`\n\nNumber of points"),
    ]


def test_a_napoleon_attribute_no_directive_can_name_stays_in_the_class_s_text(
    tmp_path: Path,
) -> None:
    # NumPy's 'x, y : float' names two attributes at once: napoleon's '.. attribute:: x, y' is
    # no Python name, and Sphinx shows its text with no entry. The item was dropped, its
    # description with it, while the section's other items became entries.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        'class Area:\n    """Holds an area.\n\n    Attributes\n    ----------\n'
        "    x, y : float\n        The corner's coordinates.\n"
        '    name : str\n        Its name.\n    """\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    parsed = _parse(tmp_path, "a.rst", "A\n=\n\n.. autoclass:: geo.Area\n", napoleon)
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "geo.Area",
            "`geo.Area()`\n\nHolds an area.\n\n"
            "Attributes:\n- x, y (float): The corner's coordinates.",
        ),
        ("geo.Area.name", "`name: str`\n\nIts name."),
    ]


def test_a_module_s_napoleon_attributes_are_objects_of_the_module(tmp_path: Path) -> None:
    # GSD 2.7.0's gsd/__init__.py: 'Attributes: __version__ (str): GSD software version
    # number.' napoleon writes '.. attribute::' whatever object the docstring is of, and
    # Sphinx's page has the entry gsd.__version__; it was a list in the module's text.
    (tmp_path / "src" / "geo").mkdir(parents=True)
    (tmp_path / "src" / "geo" / "__init__.py").write_text(
        '"""Geometry.\n\nAttributes:\n    RADIUS (float): The earth\'s radius.\n'
        '    unit: The unit of lengths.\n"""\n\nunit = "m"\n"""The unit, documented."""\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    radius = ("geo.RADIUS", "`RADIUS: float`\n\nThe earth's radius.")
    alone = _parse(tmp_path, "a.rst", "A\n=\n\n.. automodule:: geo\n", napoleon)
    assert [(s.heading, s.body) for s in alone.sections] == [
        ("A", "Geometry."),
        radius,
        ("geo.unit", "`unit`\n\nThe unit of lengths."),
    ]
    # Under :members:, the variable documented in the code is its own entry, once.
    text = "A\n=\n\n.. automodule:: geo\n   :members:\n"
    listed = _parse(tmp_path, "b.rst", text, napoleon)
    assert [(s.heading, s.body) for s in listed.sections] == [
        ("A", "Geometry."),
        radius,
        ("geo.unit", "`unit = 'm'`\n\nThe unit, documented."),
    ]


def test_napoleon_attributes_in_a_method_s_docstring_are_objects_of_its_class(
    tmp_path: Path,
) -> None:
    # pyswarms 1.3.0's GlobalBestPSO.__init__ (shown by ':special-members: __init__') lists
    # n_particles, dimensions, ... under 'Attributes'. napoleon writes '.. attribute::' for that
    # section whatever object the docstring is of, and Sphinx names each under the class, as a
    # method does not change the class its content is read in ('GlobalBestPSO.n_particles');
    # a function's are the module's. They were a list in the method's text, no object to find.
    (tmp_path / "src" / "swarm").mkdir(parents=True)
    (tmp_path / "src" / "swarm" / "__init__.py").write_text(
        "class Swarm:\n"
        "    def __init__(self, n_particles):\n"
        '        """Initialize the swarm\n\n'
        "        Attributes\n        ----------\n"
        "        n_particles : int\n            number of particles in the swarm.\n"
        '        """\n\n'
        "def make():\n"
        '    """Make one.\n\n    Attributes:\n        made (bool): Whether it is made.\n    """\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    text = (
        "A\n=\n\n.. autoclass:: swarm.Swarm\n   :special-members: __init__\n\n"
        ".. autofunction:: swarm.make\n"
    )
    parsed = _parse(tmp_path, "a.rst", text, napoleon)
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections[1:]] == [
        ("swarm.Swarm", "swarm.Swarm", "`swarm.Swarm(n_particles)`"),
        (
            "swarm.Swarm.__init__",
            "swarm.Swarm.__init__",
            "`__init__(n_particles)`\n\nInitialize the swarm",
        ),
        (
            "swarm.Swarm.n_particles",
            "swarm.Swarm.n_particles",
            "`n_particles: int`\n\nnumber of particles in the swarm.",
        ),
        ("swarm.make", "swarm.make", "`swarm.make()`\n\nMake one."),
        ("swarm.made", "swarm.made", "`made: bool`\n\nWhether it is made."),
    ]
    alone = _parse(tmp_path, "b.rst", "B\n=\n\n.. automethod:: swarm.Swarm.__init__\n", napoleon)
    assert [s.anchor for s in alone.sections[1:]] == [
        "swarm.Swarm.__init__",
        "swarm.Swarm.n_particles",
    ]


def test_a_napoleon_attribute_s_type_shows_its_markup_as_text(tmp_path: Path) -> None:
    # pyswarms 1.3.0: 'options : dict with keys :code:`{'c1', 'c2', 'w'}`'. napoleon writes the
    # type as a ':type:' field of the attribute, which Sphinx renders as text ("Type: dict with
    # keys {'c1', 'c2', 'w'}"); it was the signature's annotation with the role left raw.
    (tmp_path / "src" / "swarm").mkdir(parents=True)
    (tmp_path / "src" / "swarm" / "__init__.py").write_text(
        'class Swarm:\n    """A swarm.\n\n    Attributes\n    ----------\n'
        "    options : dict with keys :code:`{'c1', 'w'}`\n        The parameters.\n"
        "    center : :class:`~numpy.ndarray` or ``None``\n        Its center.\n"
        '    """\n',
        encoding="utf-8",
    )
    napoleon = ApiSettings(docstring_style="auto", napoleon_attributes=True)
    parsed = _parse(tmp_path, "a.rst", "A\n=\n\n.. autoclass:: swarm.Swarm\n", napoleon)
    assert [(s.heading, s.body) for s in parsed.sections[2:]] == [
        ("swarm.Swarm.options", "`options: dict with keys {'c1', 'w'}`\n\nThe parameters."),
        ("swarm.Swarm.center", "`center: ndarray or None`\n\nIts center."),
    ]
