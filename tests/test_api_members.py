"""builder.api.members: the members autodoc lists, as ``:undoc-members:`` shows them."""

from __future__ import annotations

from pathlib import Path

from builder.api.model import ApiSettings
from builder.parsers import parse_file
from tests.api_support import package_source


def test_names_the_class_body_annotates_are_members_and_self_attributes_are_not(
    tmp_path: Path,
) -> None:
    # twine 7.0.0's TrustedPublishingToken (a TypedDict) and Hexdigest (a NamedTuple) showed
    # no field: griffe labels "message: str" in a class body an instance attribute, as it does
    # "self.x = ...", and those autodoc lists only when documented.
    (tmp_path / "tokens").mkdir()
    (tmp_path / "tokens" / "__init__.py").write_text(
        "from typing import TypedDict\n\n\n"
        "class Token(TypedDict, total=False):\n"
        "    message: str\n"
        "    expires: int\n\n\n"
        "class Resolver:\n"
        "    cached: int = 0\n\n"
        "    def __init__(self) -> None:\n"
        "        self.config = {}\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Tokens\n======\n\n.. automodule:: tokens\n   :members:\n   :undoc-members:\n"
    parsed = parse_file("tokens.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [  # autodoc's order: by name
        ("tokens.Resolver", "`Resolver()`\n\nMembers without a description:\n- `cached: int = 0`"),
        (
            "tokens.Token",
            "`Token()`\n\nMembers without a description:\n- `expires: int`\n- `message: str`",
        ),
    ]


def test_a_class_whose_module_assigns_its_docstring_is_documented(tmp_path: Path) -> None:
    # asyncpg 0.32.0's asyncpg.types.Type, Attribute and ServerVersion (NamedTuples whose
    # docstrings, and their fields', the module sets after: 'Type.__doc__ = ...',
    # 'Type.oid.__doc__ = ...'): ':members:' left them out, as if undocumented.
    (tmp_path / "pgtypes").mkdir()
    (tmp_path / "pgtypes" / "__init__.py").write_text(
        "import typing\n\n\n"
        "class Type(typing.NamedTuple):\n"
        "    oid: int\n"
        "    name: str\n\n\n"
        "Type.__doc__ = 'Database data type.'\n"
        "Type.oid.__doc__ = 'OID of the type.'\n\n\n"
        "class Hidden:\n"
        "    pass\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Types\n=====\n\n.. automodule:: pgtypes\n   :members:\n"
    parsed = parse_file("types.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("pgtypes.Type", "`Type(oid: int, name: str)`\n\nDatabase data type."),
        # A field the module gives no docstring has Python's (test_a_named_tuple_s_fields_...).
        ("pgtypes.Type.name", "`name: str`\n\nAlias for field number 1"),
        ("pgtypes.Type.oid", "`oid: int`\n\nOID of the type."),
    ]


def test_a_field_the_class_docstring_describes_reads_that_description(tmp_path: Path) -> None:
    # svcs 26.2.0's ServicePing: its fields named in ':members: name, ping, aping, is_async'
    # are described only in the class docstring's 'Attributes:' section, which napoleon shows
    # on the class; their sections held 'name: str' alone.
    (tmp_path / "pings").mkdir()
    (tmp_path / "pings" / "__init__.py").write_text(
        "class ServicePing:\n"
        '    """A health check.\n\n'
        "    Attributes:\n"
        "        name: A fully-qualified name of the service type.\n"
        '    """\n\n'
        "    name: str\n"
        "    is_async: bool\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path, ApiSettings(docstring_style="google"))
    text = ".. autoclass:: pings.ServicePing()\n   :members: name, is_async\n"
    parsed = parse_file("pings.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("pings.ServicePing.name", "`name: str`\n\nA fully-qualified name of the service type."),
        ("pings.ServicePing.is_async", "`is_async: bool`"),
    ]


def test_a_computed_all_lists_the_public_names_the_package_gathers(tmp_path: Path) -> None:
    # funcy 2.1 computes its __all__ from its submodules' ("lcat(sys.modules['funcy.' +
    # m].__all__ for m in modules)"), which griffe reads as an empty list: its API page
    # listed none of the 160 functions its wildcard imports bring.
    from builder.api.code import GriffeSource

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        "import sys\n\nfrom .calc import *\n\nmodules = ('calc',)\n"
        "__all__ = sum((sys.modules['pkg.' + m].__all__ for m in modules), [])\n",
        encoding="utf-8",
    )
    (tmp_path / "pkg" / "calc.py").write_text(
        '__all__ = ["memoize"]\n\n\ndef memoize(f):\n    """Cache the results of f."""\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("api/pkg.md", "::: pkg\n", source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("pkg", ""),
        ("pkg.memoize", "`memoize(f)`\n\nCache the results of f."),
    ]


def test_another_name_for_a_documented_function_is_documented(tmp_path: Path) -> None:
    # autodoc's :members: keeps a member whose object has a docstring: "close = shutdown",
    # "read = _Base._raw_read" and a module's "batched = _batched" name documented functions.
    (tmp_path / "streams").mkdir()
    (tmp_path / "streams" / "__init__.py").write_text(
        "def _batched(items):\n"
        '    """Yield batches."""\n\n\n'
        "batched = _batched\n"
        "plain = 3\n\n\n"
        "class _Base:\n"
        "    def _raw_read(self, frames):\n"
        '        """Read frames."""\n\n\n'
        "class Raw(_Base):\n"
        "    def shutdown(self):\n"
        '        """Stop the stream."""\n\n'
        "    close = shutdown\n"
        "    read = _Base._raw_read\n"
        "    size = 4\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    raw = source.find("streams.Raw")
    module = source.find("streams", module=True)
    assert raw is not None and module is not None
    assert [(m.name, m.documented) for m in raw.members] == [
        ("shutdown", True), ("close", True), ("read", True), ("size", False),
    ]  # fmt: skip
    documented = {m.name: m.documented for m in module.members}
    assert (documented["batched"], documented["plain"]) == (True, False)


def test_a_class_whose_base_has_a_docstring_is_documented_for_autodoc(tmp_path: Path) -> None:
    # ipywidgets 8.1.8's Widget, which has no docstring, below LoggingHasTraits, which has one:
    # inspect.getdoc returns the base's, so autodoc's ':members:' lists Widget and its
    # documented methods; they were left out as undocumented (with CoreWidget, ColorPicker
    # and 19 other widgets).
    (tmp_path / "widgets").mkdir()
    (tmp_path / "widgets" / "__init__.py").write_text(
        "class Logging:\n"
        '    """A parent class that logs."""\n\n\n'
        "class Widget(Logging):\n"
        "    def close(self):\n"
        '        """Close the widget."""\n\n\n'
        "class Lone:\n"
        "    def open(self):\n"
        '        """Open it."""\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Widgets\n=======\n\n.. automodule:: widgets\n   :members:\n"
    parsed = parse_file("widgets.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("widgets.Logging", "`Logging()`\n\nA parent class that logs."),
        ("widgets.Widget", "`Widget()`"),
        ("widgets.Widget.close", "`close()`\n\nClose the widget."),
    ]


def test_an_attribute_a_subclass_sets_over_a_base_property_is_the_property(
    tmp_path: Path,
) -> None:
    # pika 1.2.0's ConnectionParameters(Parameters), ':members: :inherited-members:': its
    # __init__ sets self.host, self.port, ... (each a property of Parameters, the setter run),
    # which griffe reads as its own undocumented attributes over the base's: none of the 17
    # properties Sphinx shows was there. A documented assignment stays the class's own.
    (tmp_path / "params").mkdir()
    (tmp_path / "params" / "__init__.py").write_text(
        "class Base:\n"
        "    @property\n"
        "    def host(self):\n"
        '        """The host to connect to."""\n'
        "        return self._host\n\n"
        "    @host.setter\n"
        "    def host(self, value):\n"
        "        self._host = value\n\n"
        "    @property\n"
        "    def port(self):\n"
        '        """The port to connect to."""\n'
        "        return 1\n\n\n"
        "class Child(Base):\n"
        '    """Parameters."""\n\n'
        "    def __init__(self, host=None):\n"
        "        self.host = host\n"
        "        #: The port, for this child.\n"
        "        self.port = 2\n\n\n"
        "class GrandChild(Child):\n"
        '    """More parameters."""\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    options = "   :members:\n   :inherited-members:\n"
    text = f"API\n===\n\n.. autoclass:: params.GrandChild\n{options}\n.. autoclass:: params.Child\n"
    parsed = parse_file("api.rst", text + f"{options}\n.. autoclass:: params.Base\n", source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("params.GrandChild", "`params.GrandChild(host=None)`\n\nMore parameters."),
        ("params.GrandChild.host", "`host`\n\nThe host to connect to."),
        ("params.GrandChild.port", "`port = 2`\n\nThe port, for this child."),
        ("params.Child", "`params.Child(host=None)`\n\nParameters."),
        ("params.Child.host", "`host`\n\nThe host to connect to."),
        ("params.Child.port", "`port = 2`\n\nThe port, for this child."),
        ("params.Base", "`params.Base()`"),
    ]
    # Without :inherited-members:, the base's property is not the class's to list.
    page = "API\n===\n\n.. autoclass:: params.Child\n   :members:\n"
    alone = parse_file("alone.rst", page, source)
    assert alone is not None
    assert [s.heading for s in alone.sections[1:]] == ["params.Child", "params.Child.port"]


def test_a_property_a_class_body_names_again_is_that_property(tmp_path: Path) -> None:
    # pika 1.2.0's BlockingConnection: 'basic_nack = basic_nack_supported' (legacy names of
    # its four properties), which autodoc shows as properties with their docstrings, read as
    # undocumented attributes and left out of ':members:'.
    (tmp_path / "conn").mkdir()
    (tmp_path / "conn" / "__init__.py").write_text(
        "class Connection:\n"
        '    """A connection."""\n\n'
        "    @property\n"
        "    def nack_supported(self) -> bool:\n"
        '        """Whether the server supports basic.nack."""\n'
        "        return True\n\n"
        "    nack = nack_supported\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "API\n===\n\n.. autoclass:: conn.Connection\n   :members:\n"
    parsed = parse_file("api.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("conn.Connection", "`conn.Connection()`\n\nA connection."),
        ("conn.Connection.nack", "`nack: bool`\n\nWhether the server supports basic.nack."),
        (
            "conn.Connection.nack_supported",
            "`nack_supported: bool`\n\nWhether the server supports basic.nack.",
        ),
    ]


def test_a_function_of_an_imported_module_named_again_is_that_function(tmp_path: Path) -> None:
    # python-stdnum 1.18's stdnum.be.iban ('from stdnum import iban', 'compact =
    # iban.compact', listed in __all__): autodoc shows compact(number) with its docstring;
    # it read as an undocumented attribute, and ':members:' left it out.
    (tmp_path / "num" / "be").mkdir(parents=True)
    (tmp_path / "num" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "num" / "iban.py").write_text(
        'def compact(number):\n    """Convert the number to its minimal representation."""\n',
        encoding="utf-8",
    )
    (tmp_path / "num" / "be" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "num" / "be" / "iban.py").write_text(
        '"""Belgian IBAN."""\n\nfrom num import iban\n\n'
        "__all__ = ['compact', 'Checker']\n\ncompact = iban.compact\n\n\n"
        "class Checker:\n"
        "    def __init__(self):\n"
        "        self.fetch = iban.compact\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    parsed = parse_file("be.rst", "Be\n==\n\n.. automodule:: num.be.iban\n   :members:\n", source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "num.be.iban.compact",
            "`compact(number)`\n\nConvert the number to its minimal representation.",
        )
    ]
    # An instance's attribute so set is no member autodoc sees (ubelt 1.2.3's
    # DownloadManager: 'self.dl_func = ub.download' in __init__).
    text = "Be\n==\n\n.. autoclass:: num.be.iban.Checker\n   :members:\n"
    checker = parse_file("checker.rst", text, source)
    assert checker is not None
    assert [s.heading for s in checker.sections[1:]] == ["num.be.iban.Checker"]


def test_a_named_tuple_s_fields_are_documented_as_python_documents_them(tmp_path: Path) -> None:
    # xsdata 22.12's XmlDateTime(NamedTuple) (Debian python-xsdata-doc): Python gives each
    # field the docstring "Alias for field number N", so ':members:' lists year, month, ...
    # with it; they read as undocumented and were left out.
    (tmp_path / "points").mkdir()
    (tmp_path / "points" / "__init__.py").write_text(
        "from typing import NamedTuple\n\n\n"
        "class Point(NamedTuple):\n"
        '    """A point."""\n\n'
        "    x: int\n"
        "    #: How high.\n"
        "    y: int = 0\n\n"
        "    def norm(self) -> int:\n"
        '        """Its norm."""\n'
        "        return 0\n\n\n"
        "class Plain:\n"
        "    z: int\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Points\n======\n\n.. automodule:: points\n   :members:\n"
    parsed = parse_file("points.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("points.Point", "`Point(x: int, y: int = 0)`\n\nA point."),
        ("points.Point.norm", "`norm() -> int`\n\nIts norm."),
        ("points.Point.x", "`x: int`\n\nAlias for field number 0"),
        ("points.Point.y", "`y: int = 0`\n\nHow high."),  # a comment is autodoc's first
    ]


def test_names_a_class_s_slots_declare_are_members_its_own_and_its_subclasses(
    tmp_path: Path,
) -> None:
    # py-amqp 5.1.1's AbstractChannel declares __slots__ ("channel_id", "auto_decode", ...)
    # that only __init__ assigns, and Channel below has none of its own: autodoc lists each
    # name on both under :undoc-members: (a descriptor of the class, found through the bases
    # as getattr finds __slots__), where the "self.x = ..." attributes were left out.
    (tmp_path / "channels").mkdir()
    (tmp_path / "channels" / "__init__.py").write_text(
        "class Base:\n"
        '    """A channel."""\n\n'
        "    __slots__ = ('channel_id', '_pending')\n\n"
        "    def __init__(self, channel_id):\n"
        "        self.channel_id = channel_id\n"
        "        self._pending = {}\n"
        "        self.other = None\n\n\n"
        "class Channel(Base):\n"
        '    """A user channel."""\n\n'
        "    def __init__(self, channel_id):\n"
        "        super().__init__(channel_id)\n"
        "        self.active = True\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Channels\n========\n\n.. automodule:: channels\n   :members:\n   :undoc-members:\n"
    parsed = parse_file("channels.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "channels.Base",
            "`Base(channel_id)`\n\nA channel.\n\nMembers without a description:\n- `channel_id`",
        ),
        (
            "channels.Channel",
            "`Channel(channel_id)`\n\nA user channel.\n\nMembers without a description:\n"
            "- `channel_id`",
        ),
    ]


def test_napoleon_shows_an_init_and_special_methods_with_docstrings_of_their_own(
    tmp_path: Path,
) -> None:
    # pygtrie 2.2 (napoleon_include_init_with_doc, napoleon_include_special_with_doc):
    # Trie.__init__ "Initialises the trie." and __getitem__, __len__ ... under ':members:'.
    (tmp_path / "tries").mkdir()
    (tmp_path / "tries" / "__init__.py").write_text(
        "class Base:\n"
        "    def __len__(self):\n"
        '        """The number of values."""\n\n\n'
        "class Trie(Base):\n"
        '    """A trie."""\n\n'
        "    def __init__(self, *args):\n"
        '        """Initialises the trie."""\n\n'
        "    def __len__(self):\n"
        "        return 0\n\n"
        "    def __getitem__(self, key):\n"
        '        """The value at key."""\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path, ApiSettings(napoleon_includes=("init", "special")))
    text = "Tries\n=====\n\n.. autoclass:: tries.Trie\n   :members:\n"
    parsed = parse_file("tries.rst", text, source)
    assert parsed is not None
    # __len__ reads its base's docstring (autodoc's), but napoleon asks for one of its own.
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("tries.Trie", "`tries.Trie(*args)`\n\nA trie."),
        ("tries.Trie.__getitem__", "`__getitem__(key)`\n\nThe value at key."),
        ("tries.Trie.__init__", "`__init__(*args)`\n\nInitialises the trie."),
    ]
