"""builder.api.code: objects found by dotted path in code read statically, as frozen records."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings, DocField, MemberOptions
from builder.api.render import select_members
from builder.parsers import parse_file
from tests.api_support import package_source, write_package


def test_a_class_has_its_signature_docstring_and_members_in_source_order(tmp_path: Path) -> None:
    source = package_source(tmp_path)
    circle = source.find("shapes.Circle", "auto")
    assert circle is not None
    assert (circle.path, circle.kind) == ("shapes.Circle", "class")
    assert circle.signature == "Circle(radius: float, *, name: str = 'c')"
    assert circle.file == "shapes/circle.py" and circle.line == 5
    assert circle.doc[0].text == "A round shape."
    assert circle.doc[1].fields == (DocField("radius", "float", "The distance from the centre."),)
    assert circle.init_doc[0].text == "Make a circle of ``radius``."
    # self.radius is listed marked: only mkdocstrings shows it (show_if_no_docstring).
    assert [(m.name, m.set_in_method) for m in circle.members] == [
        ("__init__", False), ("radius", True), ("scale", False),
    ]  # fmt: skip


def test_inherited_members_are_listed_only_when_asked(tmp_path: Path) -> None:
    source = package_source(tmp_path)
    with_inherited = source.find("shapes.Circle", "auto", inherited=True)
    assert with_inherited is not None
    inherited = [m.name for m in with_inherited.members if m.inherited]
    assert inherited == ["sides", "describe", "undocumented", "_private", "__len__"]


def test_doc_comments_document_attributes_and_signatures_show_types(tmp_path: Path) -> None:
    source = package_source(tmp_path)
    sides = source.find("shapes.base.Shape.sides")
    assert sides is not None
    assert (sides.kind, sides.signature) == ("attribute", "sides: int = 0")
    assert sides.doc[0].text == "How many sides the shape has."
    shape = source.find("shapes.base.Shape")
    assert shape is not None
    documented = {m.name: m.documented for m in shape.members}
    assert documented == {
        "sides": True, "describe": True, "undocumented": False, "_private": True, "__len__": True,
    }  # fmt: skip
    describe = source.find("shapes.Shape.describe")
    assert describe is not None and describe.signature == "describe() -> str"


def test_a_module_with_all_lists_its_exports_then_what_it_defines(tmp_path: Path) -> None:
    package = package_source(tmp_path).find("shapes")
    assert package is not None
    assert package.kind == "module" and package.signature == ""
    assert [(m.name, m.kind, m.unlisted) for m in package.members] == [
        ("Circle", "class", False), ("Shape", "class", False), ("area", "function", False),
    ]  # fmt: skip
    (tmp_path / "logs.py").write_text(
        '__all__ = ["log"]\n\n\ndef log() -> None:\n    """Log."""\n\n\n'
        'class Logger:\n    """Not exported."""\n',
        encoding="utf-8",
    )
    logs = package_source(tmp_path).find("logs")
    assert logs is not None
    assert [(m.name, m.unlisted) for m in logs.members] == [("log", False), ("Logger", True)]
    # autodoc's automodule lists exactly what __all__ names.
    assert [m.name for m in select_members(logs, MemberOptions(members=()))] == ["log"]
    # ... unless its :ignore-module-all: (sphinx-autodoc2's way) asks for all it defines.
    everything = MemberOptions(members=(), ignore_all=True)
    assert [m.name for m in select_members(logs, everything)] == ["Logger", "log"]


def test_missing_objects_and_packages_are_none(tmp_path: Path) -> None:
    source = package_source(tmp_path)
    assert source.find("shapes.Square") is None
    assert source.find("shapes.Circle.perimeter") is None
    assert source.find("nowhere.Thing") is None


def test_code_with_a_syntax_error_is_none_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "__init__.py").write_text("def f(:\n", encoding="utf-8")
    source = package_source(tmp_path)
    assert source.find("broken.f") is None
    assert source.find("shapes.area") is not None


def test_an_override_without_docstring_shows_the_overridden_one(tmp_path: Path) -> None:
    write_package(tmp_path)
    (tmp_path / "shapes" / "square.py").write_text(
        "from shapes.base import Shape\n\n\nclass Square(Shape):\n"
        "    def describe(self) -> str:\n        return 'square'\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    square = source.find("shapes.square.Square")
    describe = source.find("shapes.square.Square.describe")
    assert square is not None and describe is not None
    assert [(m.name, m.documented) for m in square.members] == [("describe", True)]
    assert describe.doc[0].text == "A sentence about the shape."


def test_an_overriding_property_or_attribute_shows_the_base_ones_docstring(
    tmp_path: Path,
) -> None:
    # xmlschema 4.3.2: XMLSchemaBase.built overrides XsdValidator.built without a docstring,
    # and autodoc shows the base's, as it does for a method.
    (tmp_path / "grid").mkdir()
    (tmp_path / "grid" / "__init__.py").write_text(
        "import functools\n\n\nclass Base:\n"
        '    @property\n    def built(self) -> bool:\n        """Whether it is built."""\n\n'
        "    @functools.cached_property\n    def status(self) -> str:\n"
        '        """How far it got."""\n\n'
        '    size: int = 0\n    """How many cells."""\n\n'
        '    def fill(self) -> None:\n        """Fill the grid."""\n\n\n'
        "class Grid(Base):\n"
        "    @property\n    def built(self) -> bool:\n        return True\n\n"
        "    @functools.cached_property\n    def status(self) -> str:\n        return 'full'\n\n"
        "    size = 4\n    fill = None\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    texts = {}
    for name in ("built", "status", "size", "fill"):
        found = source.find(f"grid.Grid.{name}")
        assert found is not None
        texts[name] = found.doc[0].text if found.doc else ""
    # A data attribute takes an attribute's docstring only, as autodoc's comment lookup does.
    assert texts == {
        "built": "Whether it is built.", "status": "How far it got.", "size": "How many cells.",
        "fill": "",
    }  # fmt: skip


def test_a_class_attribute_naming_another_classs_method_is_that_method(tmp_path: Path) -> None:
    # sounddevice 0.5.6's RawInputStream: "read = _InputStreamBase._raw_read", which autodoc
    # documents as the method it names; it showed the assignment alone.
    (tmp_path / "streams").mkdir()
    (tmp_path / "streams" / "__init__.py").write_text(
        "class _Base:\n"
        "    def _raw_read(self, frames: int) -> bytes:\n"
        '        """Read frames from the stream."""\n\n\n'
        "class Raw(_Base):\n    read = _Base._raw_read\n",
        encoding="utf-8",
    )
    read = package_source(tmp_path).find("streams.Raw.read")
    assert read is not None
    assert (read.kind, read.signature) == ("function", "read(frames: int) -> bytes")
    assert read.doc[0].text == "Read frames from the stream."


def test_a_class_attribute_naming_a_function_by_its_module_is_that_function(
    tmp_path: Path,
) -> None:
    # h5netcdf 1.1.0's legacyapi.Group: "createGroup = core.Group.create_group", which
    # autodoc documents as the method it names; it showed the assignment alone.
    (tmp_path / "nc").mkdir()
    (tmp_path / "nc" / "core.py").write_text(
        "class Group:\n"
        "    def create_group(self, name: str) -> None:\n"
        '        """Create a group."""\n\n\n'
        "def _read(self, size: int) -> bytes:\n"
        '    """Read bytes."""\n',
        encoding="utf-8",
    )
    (tmp_path / "nc" / "legacy.py").write_text(
        "from nc import core\n\n\nclass Group(core.Group):\n"
        "    createGroup = core.Group.create_group\n    read = core._read\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    found = {}
    for name in ("createGroup", "read"):
        record = source.find(f"nc.legacy.Group.{name}")
        assert record is not None
        found[name] = (record.kind, record.signature, record.doc[0].text)
    assert found == {
        "createGroup": ("function", "createGroup(name: str) -> None", "Create a group."),
        "read": ("function", "read(size: int) -> bytes", "Read bytes."),
    }


def test_names_a_package_re_exports_from_a_sibling_package_are_found(tmp_path: Path) -> None:
    # griffe's layout: the public package imports everything from a private one beside it.
    (tmp_path / "_impl").mkdir()
    (tmp_path / "_impl" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "_impl" / "core.py").write_text(
        'def visit(path: str) -> int:\n    """Visit a file."""\n    return 0\n\n\n'
        'class Loader:\n    """Load packages."""\n\n'
        '    def load(self, name: str) -> None:\n        """Load one package."""\n',
        encoding="utf-8",
    )
    (tmp_path / "public").mkdir()
    (tmp_path / "public" / "__init__.py").write_text(
        "from _impl.core import Loader, visit\n\n__all__ = ['Loader', 'visit']\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    visit = source.find("public.visit")
    assert visit is not None
    assert (visit.signature, visit.doc[0].text) == ("visit(path: str) -> int", "Visit a file.")
    load = source.find("public.Loader.load")
    assert load is not None and load.doc[0].text == "Load one package."
    assert source.find("public.missing") is None


def test_a_package_whose_stubs_re_export_a_sibling_package_loads(tmp_path: Path) -> None:
    # attrs' layout: attrs re-exports attr's names, and its __init__.pyi too; griffe follows
    # those aliases while merging the stubs, so attr must be loaded first.
    (tmp_path / "attr").mkdir()
    (tmp_path / "attr" / "__init__.py").write_text(
        'def define(x):\n    """Define a class."""\n', encoding="utf-8"
    )
    (tmp_path / "attrs").mkdir()
    (tmp_path / "attrs" / "__init__.py").write_text("from attr import define\n", encoding="utf-8")
    (tmp_path / "attrs" / "__init__.pyi").write_text(
        "from typing import overload\nfrom attr import define as define\n\n"
        "@overload\ndef define(x: int) -> int: ...\n@overload\ndef define(x: str) -> str: ...\n",
        encoding="utf-8",
    )
    define = package_source(tmp_path).find("attrs.define")
    assert define is not None and define.doc[0].text == "Define a class."


def test_an_instance_without_a_docstring_shows_its_classs(tmp_path: Path) -> None:
    # pytest's layout: `pytest.fail` is an instance of a documented class; autodoc shows the
    # object's __doc__, which an instance takes from its class. A builtin's is not shown.
    (tmp_path / "outcomes").mkdir()
    (tmp_path / "outcomes" / "__init__.py").write_text(
        "class _Fail:\n"
        '    """Fail the running test.\n\n    :param reason: Why.\n    """\n\n'
        "    def __call__(self, reason: str = '') -> None: ...\n\n\n"
        "fail: _Fail = _Fail()\n"
        "#: How many.\ncount = int(3)\n"
        "other = dict()\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    fail = source.find("outcomes.fail")
    assert fail is not None
    assert fail.doc[0].text == "Fail the running test."
    assert fail.doc[1].fields == (DocField("reason", "", "Why."),)
    count, other = source.find("outcomes.count"), source.find("outcomes.other")
    assert count is not None and count.doc[0].text == "How many."
    assert other is not None and other.doc == ()


def test_an_instance_of_a_class_a_function_defines_and_returns_is_documented_by_it(
    tmp_path: Path,
) -> None:
    # python-dateutil 2.9.0's dateutil.tz.gettz = __get_gettz(), a function that defines class
    # GettzFunc and returns an instance: gettz read as '`gettz = __get_gettz()`' alone, and
    # 'automethod:: gettz.nocache' and 'gettz.cache_clear' were "not found in the code".
    (tmp_path / "tz").mkdir()
    (tmp_path / "tz" / "__init__.py").write_text(
        "def __get_gettz():\n"
        "    cache = {}\n\n"
        "    class GettzFunc(object):\n"
        '        """Retrieve a time zone by its name."""\n\n'
        "        def __call__(self, name=None): ...\n\n"
        "        def nocache(self, name=None):\n"
        '            """A non-cached version of gettz."""\n\n'
        "    def helper(): ...\n\n"
        "    return GettzFunc()\n\n\n"
        "gettz = __get_gettz()\n"
        "def _plain():\n    return dict()\n\n\n"
        "other = _plain()\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    gettz, nocache = source.find("tz.gettz"), source.find("tz.gettz.nocache")
    assert gettz is not None and gettz.doc[0].text == "Retrieve a time zone by its name."
    assert nocache is not None and nocache.doc[0].text == "A non-cached version of gettz."
    other = source.find("tz.other")
    assert other is not None and other.doc == ()
    assert source.find("tz.other.keys") is None


def test_meta_private_and_public_fields_set_a_members_visibility(tmp_path: Path) -> None:
    # pytest 8.4.2's PytestPluginManager: eight hooks documented ":meta private:" had sections
    # of their signature alone; autodoc leaves them out unless private members are asked for.
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "__init__.py").write_text(
        "class Manager:\n"
        '    """Manages plugins."""\n\n'
        "    def consider_env(self) -> None:\n"
        '        """:meta private:"""\n\n'
        "    def _hook(self) -> None:\n"
        '        """Called for each plugin.\n\n        :meta public:\n        """\n\n'
        "    def register(self) -> None:\n"
        '        """Register a plugin."""\n',
        encoding="utf-8",
    )
    manager = package_source(tmp_path).find("plugins.Manager")
    assert manager is not None
    options = MemberOptions(members=(), order="bysource")
    assert [m.name for m in select_members(manager, options)] == ["_hook", "register"]
    options = MemberOptions(members=(), order="bysource", private=())
    assert [m.name for m in select_members(manager, options)] == [
        "consider_env",
        "_hook",
        "register",
    ]


def test_annotated_doc_documents_parameters_and_attributes(tmp_path: Path) -> None:
    # FastAPI's layout (PEP 727): the prose is in Annotated[..., Doc(...)], not the docstring.
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text(
        "from typing import Annotated\n\nfrom typing_extensions import Doc\n\n\n"
        "class App:\n"
        '    """The app."""\n\n'
        "    def __init__(\n        self,\n"
        '        debug: Annotated[bool, Doc("""\n            Show tracebacks.\n            """)]'
        " = False,\n"
        "        title: Annotated[str, Meta(1), Doc('The title.')] = '',\n"
        "        plain: int = 0,\n"
        "        old: Annotated[int, Doc('Kept.'), deprecated('Use plain.')] = 0,\n    ) -> None:\n"
        "        self.version: Annotated[str, Doc('The OpenAPI version.')] = '3.1.0'\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    app = source.find("app.App")
    assert app is not None
    assert app.signature == (
        "App(debug: bool = False, title: Annotated[str, Meta(1)] = '', plain: int = 0, "
        "old: int = 0)"
    )
    assert app.doc[0].text == "The app."
    assert app.doc[1].fields == (
        DocField("debug", "bool", "Show tracebacks."),
        DocField("title", "Annotated[str, Meta(1)]", "The title."),
        DocField("old", "int", "Kept.\n\nDeprecated: Use plain."),
    )
    version = source.find("app.App.version")
    assert version is not None
    assert version.signature == "version: str = '3.1.0'"
    assert version.doc[0].text == "The OpenAPI version."


def test_an_undocumented_name_for_a_function_is_documented_as_that_function(
    tmp_path: Path,
) -> None:
    # more-itertools 11.2.1's stubs write `batched = _batched`, which read as the attribute
    # '`batched = _batched`'; autodoc imports the function, its signature and docstring.
    (tmp_path / "recipes").mkdir()
    (tmp_path / "recipes" / "__init__.py").write_text(
        "def _batched(iterable, n, *, strict=False):\n"
        '    """Batch data into tuples of length *n*."""\n\n\n'
        "batched = _batched\n"
        "#: Documented on its own.\n"
        "chunks = _batched\n"
        "limit = len\n\n\n"
        "class Base:\n"
        '    """A base."""\n\n\n'
        "Alias = Base\n",
        encoding="utf-8",
    )
    # cattrs.cols re-exports cattrs.gen's name for a function under a name of its own.
    (tmp_path / "recipes" / "cols.py").write_text(
        "from recipes import batched as grouped\n", encoding="utf-8"
    )
    source = package_source(tmp_path)
    grouped = source.find("recipes.cols.grouped")
    assert grouped is not None and grouped.signature == "grouped(iterable, n, *, strict=False)"
    batched = source.find("recipes.batched")
    assert batched is not None
    assert (batched.kind, batched.signature) == (
        "function",
        "batched(iterable, n, *, strict=False)",
    )
    assert batched.doc[0].text == "Batch data into tuples of length *n*."
    chunks, limit = source.find("recipes.chunks"), source.find("recipes.limit")
    assert chunks is not None and chunks.kind == "attribute"
    assert chunks.doc[0].text == "Documented on its own."
    assert limit is not None and limit.kind == "attribute"
    alias = source.find("recipes.Alias")  # autodoc: "alias of Base"
    assert alias is not None and (alias.kind, alias.signature) == ("attribute", "Alias = Base")


def test_a_function_imported_under_another_name_is_signed_with_that_name(tmp_path: Path) -> None:
    # cattrs.cols writes 'from ._compat import is_mutable_set as is_set' and lists is_set in
    # __all__: autodoc documents 'is_set(type)', the page said 'is_mutable_set(type: Any)'.
    (tmp_path / "kinds").mkdir()
    (tmp_path / "kinds" / "_compat.py").write_text(
        'def is_mutable_set(type) -> bool:\n    """A predicate for sets."""\n', encoding="utf-8"
    )
    (tmp_path / "kinds" / "__init__.py").write_text(
        'from ._compat import is_mutable_set as is_set\n\n__all__ = ["is_set"]\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    found = source.find("kinds.is_set")
    assert found is not None and found.signature == "is_set(type) -> bool"
    assert found.doc[0].text == "A predicate for sets."


def test_an_undocumented_name_for_a_method_of_an_instance_is_documented_as_that_method(
    tmp_path: Path,
) -> None:
    # cattrs writes `structure = global_converter.structure` (global_converter = Converter()):
    # autodoc imports a bound method and shows its signature, without self, and docstring.
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks" / "__init__.py").write_text(
        "class Base:\n"
        "    def structure(self, obj, cl):\n"
        '        """Convert *obj* to *cl*."""\n\n\n'
        "class Converter(Base):\n"
        '    """A converter."""\n\n'
        "    threshold = 3\n\n\n"
        "converter = Converter()\n"
        "structure = converter.structure\n"
        "threshold = converter.threshold\n"
        "split = str.split\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    structure = source.find("hooks.structure")
    assert structure is not None
    assert (structure.kind, structure.signature) == ("function", "structure(obj, cl)")
    assert structure.doc[0].text == "Convert *obj* to *cl*."
    threshold, split = source.find("hooks.threshold"), source.find("hooks.split")
    assert threshold is not None and threshold.kind == "attribute"
    assert split is not None and split.kind == "attribute"


def test_a_class_a_module_binds_by_assignment_is_looked_up_through_that_name(
    tmp_path: Path,
) -> None:
    # psycopg 3.3 re-exports its classes as `Copy = _copy.Copy` (psycopg/copy.py), then
    # `from .copy import Copy`: autodoc imports psycopg.Copy and finds the class and its methods.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        "from .copy import Copy, Renamed\n", encoding="utf-8"
    )
    (tmp_path / "pkg" / "_copy.py").write_text(
        "class Copy:\n"
        '    """Manage a COPY operation."""\n\n'
        "    def write_row(self, row: tuple) -> None:\n"
        '        """Write a record."""\n',
        encoding="utf-8",
    )
    (tmp_path / "pkg" / "copy.py").write_text(
        "from . import _copy\n\nCopy = _copy.Copy\nRenamed = _copy.Copy\n", encoding="utf-8"
    )
    source = package_source(tmp_path)
    copy = source.find("pkg.Copy")
    assert copy is not None and copy.kind == "class"
    assert copy.doc[0].text == "Manage a COPY operation."
    assert [m.name for m in copy.members] == ["write_row"]
    write_row = source.find("pkg.Copy.write_row")
    assert write_row is not None and write_row.doc[0].text == "Write a record."
    assert source.find("pkg.Renamed.write_row") is not None
    renamed = source.find("pkg.Renamed")  # autodoc: "alias of Copy"
    assert renamed is not None and renamed.kind == "attribute"
    assert source.find("pkg.Copy.missing") is None


def test_a_base_from_another_package_of_the_folder_is_loaded_for_the_class(
    tmp_path: Path,
) -> None:
    # python-statemachine 3.2.2: tests.machines.showcase_simple.SimpleSC(StateChart), its
    # base imported from the statemachine package, read 'SimpleSC()' when the parsing process
    # had not loaded statemachine for another page before (griffe's mro() leaves the base out
    # without a word), and its StateChart signature otherwise: builds with -j 2 differed.
    from builder.api.code import GriffeSource
    from builder.api.model import ApiSettings

    (tmp_path / "machine").mkdir()
    (tmp_path / "machine" / "__init__.py").write_text("from machine.core import Chart\n")
    (tmp_path / "machine" / "core.py").write_text(
        "class Chart:\n    def __init__(self, model: object = None) -> None:\n"
        '        """Make a chart."""\n\n    def send(self, event: str) -> None:\n'
        '        """Send an event."""\n'
    )
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "__init__.py").write_text("")
    (tmp_path / "examples" / "simple.py").write_text(
        "from machine import Chart\n\n\nclass Simple(Chart):\n"
        '    """A simple chart."""\n\n    class Inner(Chart):\n        """Nested."""\n'
    )
    for path in ("examples.simple.Simple", "examples.simple"):
        source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
        found = source.find(path, inherited=True)
        assert found is not None
        simple = source.find("examples.simple.Simple", inherited=True)
        assert simple is not None and simple.signature == "Simple(model: object = None)"
        assert [m.name for m in simple.members if m.inherited] == ["__init__", "send"]


def test_a_base_another_package_re_exports_is_loaded_before_its_subclass_is_read(
    tmp_path: Path,
) -> None:
    # examples.Simple(Chart), Chart imported from machine, which imports it from core: core was
    # loaded only when another page had asked for it, so the signature depended on page order.
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "__init__.py").write_text(
        "class Chart:\n    def __init__(self, model: object = None) -> None:\n"
        '        """Make a chart."""\n'
    )
    (tmp_path / "machine").mkdir()
    (tmp_path / "machine" / "__init__.py").write_text("from core import Chart\n")
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "__init__.py").write_text(
        'from machine import Chart\n\n\nclass Simple(Chart):\n    """A simple chart."""\n'
    )
    fresh = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    found = fresh.find("examples.Simple", inherited=True)
    warmed = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    assert warmed.find("core.Chart") is not None
    after = warmed.find("examples.Simple", inherited=True)
    assert found is not None and after is not None
    assert found.signature == after.signature
    assert [m.name for m in found.members] == [m.name for m in after.members]


def test_a_class_s_bases_are_looked_up_once_for_all_its_members(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each member's lookup walked its class's members and bases again: a class of 4,000
    # methods took 12 s to document where 1.7 s do. Once a package loads, they are walked
    # again, for a base it defines may resolve only now.
    (tmp_path / "kit").mkdir()
    methods = "".join(f'    def m{i}(self):\n        """Do {i}."""\n\n' for i in range(20))
    (tmp_path / "kit" / "__init__.py").write_text(
        f"class Base:\n    pass\n\n\nclass Big(Base):\n{methods}"
    )
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "__init__.py").write_text('def f():\n    """Do f."""\n')
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    looked_up: list[str] = []
    target_at = GriffeSource._target_at

    def counted(self: GriffeSource, path: str) -> object:
        looked_up.append(path)
        return target_at(self, path)

    monkeypatch.setattr(GriffeSource, "_target_at", counted)
    found = [source.find(f"kit.Big.m{i}") for i in range(20)]
    assert all(member is not None and member.doc for member in found)
    assert looked_up.count("kit.Base") == 1
    assert source.find("other.f") is not None  # loads another package
    assert source.find("kit.Big.m3", style="google") is not None
    assert looked_up.count("kit.Base") == 2


def test_code_nested_past_the_parsers_depth_leaves_the_page_its_text(tmp_path: Path) -> None:
    # An '__all__' of 5,000 lists added together: ast.parse raised RecursionError out of the
    # page's parse, and the page was skipped; another package of the version still reads
    deep = tmp_path / "deep"
    deep.mkdir()
    terms = " + ".join(["['f']"] * 5000)
    (deep / "__init__.py").write_text(f"__all__ = {terms}\n\n\ndef f():\n    pass\n", "utf-8")
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "__init__.py").write_text('def g():\n    """Do g."""\n', encoding="utf-8")
    text = "Guide\n=====\n\nSome words.\n\n.. autofunction:: deep.f\n\n.. autofunction:: plain.g\n"
    parsed = parse_file("api.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Guide", "Some words."),
        ("deep.f", "`deep.f`"),
        ("plain.g", "`plain.g()`\n\nDo g."),
    ]
    assert [w.message.split(":")[0] for w in parsed.warnings] == ["autofunction deep.f"]


def test_an_overriding_attribute_shows_the_base_attributes_doc_comment(tmp_path: Path) -> None:
    # Authlib 1.2.0's AuthorizationCodeGrant.GRANT_TYPE overrides BaseGrant's, documented by a
    # "#:" comment alone: autodoc lists it with that comment, where it was left out.
    (tmp_path / "grants").mkdir()
    (tmp_path / "grants" / "__init__.py").write_text(
        "class Base:\n"
        '    #: Designed for which "grant_type".\n    GRANT_TYPE = None\n\n'
        '    SIZE = 1\n    """How many."""\n\n\n'
        "class Code(Base):\n"
        "    GRANT_TYPE = 'authorization_code'\n"
        "    #: Its own comment.\n    SIZE = 2\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    code = source.find("grants.Code")
    assert code is not None
    assert [(m.name, m.documented) for m in code.members] == [("GRANT_TYPE", True), ("SIZE", True)]
    texts = {}
    for name in ("GRANT_TYPE", "SIZE"):
        found = source.find(f"grants.Code.{name}")
        assert found is not None
        texts[name] = found.doc[0].text
    assert texts == {"GRANT_TYPE": 'Designed for which "grant_type".', "SIZE": "Its own comment."}


def test_a_class_without_an_init_shows_its_new_s_signature(tmp_path: Path) -> None:
    # icalendar 4.0.3's vUri(str) defines only __new__(cls, value, encoding=...): autodoc
    # shows vUri(value, encoding='utf-8'); it read as "vUri()".
    (tmp_path / "props").mkdir()
    (tmp_path / "props" / "__init__.py").write_text(
        "class vUri(str):\n"
        "    def __new__(cls, value, encoding='utf-8'):\n"
        "        return str.__new__(cls, value)\n\n\n"
        "class Sub(vUri):\n    pass\n\n\n"
        "class Both(vUri):\n    def __init__(self, value, strict=False):\n        pass\n\n\n"
        "class Plain:\n    __new__ = object.__new__\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    signatures = {}
    for name in ("vUri", "Sub", "Both", "Plain"):
        found = source.find(f"props.{name}")
        assert found is not None
        signatures[name] = found.signature
    assert signatures == {
        "vUri": "vUri(value, encoding='utf-8')",
        "Sub": "Sub(value, encoding='utf-8')",
        "Both": "Both(value, strict=False)",  # an __init__ is shown first
        "Plain": "Plain()",
    }


def test_another_name_for_an_undocumented_method_takes_the_base_s_docstring(
    tmp_path: Path,
) -> None:
    # WebOb 1.8.6's NestedMultiDict(MultiDict): 'add = clear = ... = _readonly', a function
    # without a docstring. autodoc's getdoc looks each name up along the bases, as for a
    # method: MultiDict.add's docstring, MutableMapping.clear's through MultiDict's own
    # undocumented clear; ':members:' left all six out as undocumented.
    (tmp_path / "multi").mkdir()
    (tmp_path / "multi" / "__init__.py").write_text(
        "from collections.abc import MutableMapping\n\n\n"
        "class MultiDict(MutableMapping):\n"
        '    """Many values a key."""\n\n'
        "    def add(self, key, value):\n"
        '        """Add the key and value, not overwriting any previous value."""\n\n'
        "    def clear(self):\n"
        "        pass\n\n\n"
        "class Nested(MultiDict):\n"
        '    """Read only."""\n\n'
        "    def _readonly(self, *args, **kw):\n"
        '        raise KeyError("read-only")\n\n'
        "    add = _readonly\n"
        "    clear = _readonly\n"
        "    named = _readonly\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    add = source.find("multi.Nested.add")
    assert add is not None and add.signature == "add(*args, **kw)"
    assert add.doc[0].text == "Add the key and value, not overwriting any previous value."
    clear = source.find("multi.Nested.clear")
    assert clear is not None and clear.doc[0].text.startswith("D.clear() -> None.")
    named = source.find("multi.Nested.named")  # no base has the name: nothing to inherit
    assert named is not None and named.doc == ()
    listed = source.find("multi.Nested")
    assert listed is not None
    documented = {member.name for member in listed.members if member.documented}
    assert {"add", "clear"} <= documented and "named" not in documented


def test_another_name_is_looked_up_where_it_is_bound_first(tmp_path: Path) -> None:
    # attrs 22.2.0 (Debian python-attr-doc, api.html): attr/__init__.py and its .pyi stub
    # write 's = attributes = attrs', the stub's attrs only overloads. griffe reads the name
    # in the merged stub, where it named nothing, or once the top-level package 'attrs' was
    # loaded, that package: 'autofunction::
    # attr.s' and 'attr.ib' showed no docstring, 1,600 and 800 words of the page.
    (tmp_path / "deco").mkdir()
    (tmp_path / "deco" / "_make.py").write_text(
        'def attrs(maybe_cls=None):\n    """A class decorator that adds dunder methods."""\n',
        encoding="utf-8",
    )
    (tmp_path / "deco" / "__init__.py").write_text(
        "from ._make import attrs\n\ns = attributes = attrs\n", encoding="utf-8"
    )
    (tmp_path / "deco" / "__init__.pyi").write_text(
        "from typing import Any, overload\n\n"
        "@overload\ndef attrs(maybe_cls: None = ...) -> Any: ...\n"
        "@overload\ndef attrs(maybe_cls: type) -> type: ...\n\n"
        "s = attributes = attrs\n",
        encoding="utf-8",
    )
    (tmp_path / "attrs").mkdir()
    (tmp_path / "attrs" / "__init__.py").write_text(
        '"""The newer namespace."""\n\nfrom deco import s as define\n', encoding="utf-8"
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    assert source.find("attrs") is not None  # the package of the same name, loaded first
    found = source.find("deco.s")
    assert found is not None and found.kind == "function"
    assert found.doc[0].text == "A class decorator that adds dunder methods."
