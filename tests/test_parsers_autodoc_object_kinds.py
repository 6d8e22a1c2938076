"""How autodoc documents objects other than plain functions and classes: extension documenters,
zope interfaces, descriptors, traitlets, properties and coroutines."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file


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
