"""builder.api.signatures: parameters written as Python writes them."""

from __future__ import annotations

from pathlib import Path

from builder.api.model import ApiSettings, DocField, DocPart
from builder.api.options import read_conf_settings
from builder.api.render import signature_text
from tests.api_support import package_source


def test_markers_defaults_and_annotations(tmp_path: Path) -> None:
    (tmp_path / "sig").mkdir()
    (tmp_path / "sig" / "__init__.py").write_text(
        "def f(a, b: int = 1, /, c=2, *args: str, d, e: bool = False, **kw) -> None: ...\n"
        "def g(*, only: int) -> 'g': ...\n"
        "class K:\n"
        "    @staticmethod\n"
        "    def s(x): ...\n"
        "    def m(self, y): ...\n"
        "    @property\n"
        "    def p(self) -> int: ...\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)

    def signature(path: str) -> str:
        found = source.find(path)
        assert found is not None
        return found.signature

    assert signature("sig.f") == (
        "f(a, b: int = 1, /, c=2, *args: str, d, e: bool = False, **kw) -> None"
    )
    assert signature("sig.g") == "g(*, only: int) -> g"
    assert signature("sig.K.s") == "s(x)"
    assert signature("sig.K.m") == "m(y)"
    assert signature("sig.K.p") == "p: int"
    assert signature("sig.K") == "K()"


def test_a_function_decorated_as_a_property_reads_as_one(tmp_path: Path) -> None:
    # Werkzeug's Request.args, form, files... are its own cached_property: read as methods,
    # they said 'args() -> MultiDict[str, str]', a call that fails; autodoc says "property".
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "__init__.py").write_text(
        "import functools\n"
        "from web.utils import cached_property\n"
        "class Request:\n"
        "    @cached_property\n"
        "    def args(self) -> dict:\n"
        '        """The parsed query string."""\n'
        "    @functools.cached_property\n"
        "    def form(self) -> dict: ...\n"
        "    @functools.lru_cache(maxsize=2)\n"
        "    def get_data(self, cache: bool = True) -> bytes: ...\n",
        encoding="utf-8",
    )
    (tmp_path / "web" / "utils.py").write_text(
        "class cached_property(property):\n    pass\n", encoding="utf-8"
    )
    source = package_source(tmp_path)
    found = {name: source.find(f"web.Request.{name}") for name in ("args", "form", "get_data")}
    assert {name: o.signature for name, o in found.items() if o is not None} == {
        "args": "args: dict",
        "form": "form: dict",
        "get_data": "get_data(cache: bool = True) -> bytes",
    }


def test_a_named_tuple_takes_its_fields(tmp_path: Path) -> None:
    # Python writes a NamedTuple's __init__, so the code has none: its fields are the
    # parameters, as Sphinx shows them (prompt_toolkit's Size, Point and Attrs).
    (tmp_path / "tup").mkdir()
    (tmp_path / "tup" / "__init__.py").write_text(
        "import typing\n"
        "from typing import ClassVar, NamedTuple\n"
        "class Size(NamedTuple):\n"
        '    """Rows and columns."""\n'
        "    rows: int\n"
        "    columns: int = 80\n"
        "    def area(self) -> int: ...\n"
        "class Point(typing.NamedTuple):\n"
        "    x: float\n"
        "class Plain:\n"
        "    x: int = 0\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)

    def signature(path: str) -> str:
        found = source.find(path)
        assert found is not None
        return found.signature

    assert signature("tup.Size") == "Size(rows: int, columns: int = 80)"
    assert signature("tup.Point") == "Point(x: float)"
    assert signature("tup.Plain") == "Plain()"


def test_an_attrs_class_takes_the_init_attrs_writes(tmp_path: Path) -> None:
    # referencing 0.37.0: its @frozen Registry, Resource and every exception read "Registry()";
    # autodoc shows the __init__ attrs generates (54 such signatures across referencing,
    # jsonschema and outcome).
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "import attr\n"
        "from typing import ClassVar\n"
        "from attrs import define, field, frozen\n"
        "@frozen\n"
        "class Registry:\n"
        "    _resources: dict = field(default={}, alias='resources')\n"
        "    _anchors: dict = field(factory=dict)\n"
        "    OPAQUE: ClassVar[int]\n"
        "    hidden: int = field(init=False, default=0)\n"
        "    retrieve: object = None\n"
        "    made: list = attr.Factory(list)\n"
        "    def crawl(self) -> None:\n"
        "        self.seen: int = 1\n"
        "@define(kw_only=True)\n"
        "class Child(Registry):\n"
        "    name: str\n"
        "@attr.s\n"
        "class Classic:\n"
        "    x = attr.ib()\n"
        "    y: int = 3\n"
        "@define\n"
        "class Own:\n"
        "    x: int\n"
        "    def __init__(self, y: str) -> None: ...\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)

    def signature(path: str) -> str:
        found = source.find(path)
        assert found is not None
        return found.signature

    own = (
        "resources: dict = {}, anchors: dict = NOTHING, retrieve: object = None,"
        " made: list = NOTHING"
    )
    assert signature("box.Registry") == f"Registry({own})"
    assert signature("box.Child") == f"Child({own}, *, name: str)"
    assert signature("box.Classic") == "Classic(x)"  # attr.s: attr.ib() alone makes a field
    assert signature("box.Own") == "Own(y: str)"


def test_an_attribute_shows_its_value_unless_it_is_a_table_of_data(tmp_path: Path) -> None:
    # marshmallow's Boolean.truthy (a set of 15 strings, 96 characters) lost its value, the
    # answer to "which strings read as true", to a limit of 80 characters.
    truthy = "{" + ", ".join(f"'{word}'" for word in ("t", "true", "on", "y", "yes") * 3) + "}"
    table = "[" + ", ".join(f"'name{index}'" for index in range(100)) + "]"
    (tmp_path / "val").mkdir()
    (tmp_path / "val" / "__init__.py").write_text(
        f"class Boolean:\n    truthy = {truthy}\nNAMES = {table}\n", encoding="utf-8"
    )
    source = package_source(tmp_path)
    truthy_found, names_found = source.find("val.Boolean.truthy"), source.find("val.NAMES")
    assert truthy_found is not None and names_found is not None
    assert truthy_found.signature == f"truthy = {truthy}"
    assert names_found.signature == "NAMES"


def test_overloaded_functions_show_each_overload_then_the_implementations_docstring(
    tmp_path: Path,
) -> None:
    # anyio's RunVar.get read 'get(default: D | Literal[...] = NO_VALUE_SET) -> T | D', the
    # union no caller writes; autodoc and mkdocstrings show 'get() -> T' and 'get(default: D)'.
    (tmp_path / "ovl").mkdir()
    (tmp_path / "ovl" / "__init__.py").write_text(
        "from typing import overload\n"
        "import typing\n"
        "class Var:\n"
        "    @overload\n"
        "    def get(self) -> int: ...\n"
        "    @typing.overload\n"
        "    def get(self, default: str) -> int | str: ...\n"
        "    def get(self, *args, **kwargs):\n"
        '        """Read the value."""\n'
        "@overload\n"
        "async def fetch(url: str) -> bytes: ...\n"
        "@overload\n"
        "async def fetch(url: str, text: bool) -> str: ...\n"
        "async def fetch(url, text=False):\n"
        '        """Fetch a page."""\n'
        "def plain(x: int) -> int: ...\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    get, fetch, plain = (source.find(f"ovl.{name}") for name in ("Var.get", "fetch", "plain"))
    assert get is not None and fetch is not None and plain is not None
    assert get.overloads == ("get() -> int", "get(default: str) -> int | str")
    assert signature_text(get, "Var.") == "`Var.get() -> int`\n`Var.get(default: str) -> int | str`"
    assert get.doc == (DocPart("", "Read the value."),)
    assert signature_text(fetch, "ovl.") == (
        "`async ovl.fetch(url: str) -> bytes`\n`async ovl.fetch(url: str, text: bool) -> str`"
    )
    # A signature written in the page is shown as written; a plain function shows its own.
    assert signature_text(fetch, "", "fetch(url)") == "`async fetch(url)`"
    assert signature_text(plain, "") == "`plain(x: int) -> int`"


def test_an_attribute_copied_from_a_parameter_shows_no_value(tmp_path: Path) -> None:
    # anyio's RunVar._default read '_default = default' and Condition._lock '_lock = lock or
    # Lock()': the method's parameters, which say nothing of the attribute's value.
    (tmp_path / "inst").mkdir()
    (tmp_path / "inst" / "__init__.py").write_text(
        "from threading import Event, Lock\n"
        "def fn(): ...\n"
        "class Runner:\n"
        "    kind = 'runner'\n"
        "    def __init__(self, fn, lock=None, *, size: int = 3):\n"
        "        self.fn = fn\n"
        "        self.lock = lock or Lock()\n"
        "        self.size: int = size\n"
        "        self.parent = self\n"
        "        self.closed = False\n"
        "        self.events = Event()\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)

    def signature(path: str) -> str:
        found = source.find(f"inst.Runner.{path}")
        assert found is not None
        return found.signature

    assert signature("fn") == "fn"
    assert signature("lock") == "lock"
    assert signature("size") == "size: int"
    assert signature("parent") == "parent"
    assert signature("closed") == "closed = False"
    assert signature("events") == "events = Event()"
    assert signature("kind") == "kind = 'runner'"


def test_a_class_with_overloaded_init_shows_each_overload_as_a_call_without_its_return(
    tmp_path: Path,
) -> None:
    # pydantic-ai's providers (DeepSeekProvider, AzureProvider, ...) overload __init__; with
    # merge_init_into_class mkdocstrings writes each as 'DeepSeekProvider(*, api_key: str)',
    # as autodoc does, where each read '... -> None'.
    (tmp_path / "prov").mkdir()
    (tmp_path / "prov" / "__init__.py").write_text(
        "from typing import overload\n"
        "class Provider:\n"
        "    @overload\n"
        "    def __init__(self) -> None: ...\n"
        "    @overload\n"
        "    def __init__(self, *, api_key: str) -> None: ...\n"
        "    def __init__(self, *, api_key: str | None = None) -> None:\n"
        '        """Make a provider."""\n',
        encoding="utf-8",
    )
    provider = package_source(tmp_path).find("prov.Provider")
    assert provider is not None
    assert signature_text(provider, "prov.") == (
        "`prov.Provider()`\n`prov.Provider(*, api_key: str)`"
    )


def test_a_docstring_s_first_lines_that_write_the_call_are_its_signatures(
    tmp_path: Path,
) -> None:
    # packaging 26.4's Version.__replace__ opens its docstring with
    # '__replace__(*, epoch=..., release=..., ...)', which autodoc shows as the signature
    # (autodoc_docstring_signature, on by default); the line read as the text's first.
    (tmp_path / "sig").mkdir()
    (tmp_path / "sig" / "__init__.py").write_text(
        "from typing import Annotated, Callable, overload\n\n"
        "from typing_extensions import Doc\n\n\n"
        "class V:\n"
        "    def __replace__(self, *, epoch=_UNSET):\n"
        '        """__replace__(*, epoch=...) -> V\n'
        "        V.__replace__(*, local=...,   \\\n"
        "                      dev=...)\n\n"
        '        Return a new version."""\n\n'
        "    @overload\n"
        "    def extra(self, a: int) -> int: ...\n"
        "    def extra(self, a):\n"
        '        """extra(a)\n\n        Overloads win."""\n\n'
        "    def plain(self):\n"
        '        """plainly(x) is not its call."""\n\n'
        "    def add_job(self, func: Callable, size: Annotated[int, Doc('How many.')] = 1):\n"
        '        """add_job(func, size=1)\n\n        :param func: The callable.\n        """\n\n\n'
        "class Timer:\n"
        '    """Timer(interval, function)\n\n    Call a function later."""\n\n'
        "    def __init__(self, *args, **kwargs):\n        pass\n\n\n"
        "class Lock:\n"
        '    """__init__(blocking=True)\n\n    A lock."""\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path, ApiSettings(docstring_signature=True))
    replace = source.find("sig.V.__replace__")
    assert replace is not None
    assert (replace.signature, replace.overloads) == (
        "__replace__(*, epoch=...) -> V",
        ("__replace__(*, local=..., dev=...)",),
    )
    # apscheduler's add_job writes its line over two with a backslash; anyio's extra, with
    # @overload variants, keeps the line as text, as autodoc shows the overloads instead.
    extra = source.find("sig.V.extra")
    assert extra is not None and extra.overloads == ("extra(a: int) -> int",)
    assert extra.doc[0] == DocPart("", "extra(a)\n\nOverloads win.")
    assert replace.doc == (DocPart("", "Return a new version."),)
    # Its parameters keep their annotations' types and Doc texts, as without the line.
    add_job = source.find("sig.V.add_job")
    assert add_job is not None and add_job.signature == "add_job(func, size=1)"
    assert add_job.doc == (
        DocPart(
            "Parameters",
            fields=(
                DocField("func", "Callable", "The callable."),
                DocField("size", "int", "How many."),
            ),
        ),
    )
    # A class's docstring writes its call so too, or its __init__'s, as threading's Timer.
    timer, lock = source.find("sig.Timer"), source.find("sig.Lock")
    assert timer is not None and lock is not None
    assert (timer.signature, timer.doc) == (
        "Timer(interval, function)",
        (DocPart("", "Call a function later."),),
    )
    assert (lock.signature, lock.doc) == ("Lock(blocking=True)", (DocPart("", "A lock."),))
    plain = source.find("sig.V.plain")
    assert plain is not None and plain.signature == "plain()"
    # mkdocstrings reads no signature there; nor does a conf.py that turns it off.
    unread = package_source(tmp_path).find("sig.V.__replace__")
    assert unread is not None and unread.signature == "__replace__(*, epoch=_UNSET)"
    assert read_conf_settings("").docstring_signature is True
    assert read_conf_settings("autodoc_docstring_signature = False\n").docstring_signature is False


def test_an_attrs_class_whose_decorator_says_init_false_gets_no_written_init(
    tmp_path: Path,
) -> None:
    # outcome 1.3.0's '@attr.s(repr=False, init=False, slots=True) class Outcome' read
    # 'Outcome()' only because its one field is init=False; attrs writes no __init__ there.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "import attr\n"
        "from attrs import define\n"
        "@attr.s(init=False)\n"
        "class Classic:\n"
        "    x = attr.ib()\n"
        "@define(init=False)\n"
        "class Modern:\n"
        "    a: int\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    for path, expected in (("box.Classic", "Classic()"), ("box.Modern", "Modern()")):
        found = source.find(path)
        assert found is not None
        assert found.signature == expected


def test_an_attrs_field_with_a_converter_takes_the_converter_s_parameter_type(
    tmp_path: Path,
) -> None:
    # jsonschema 4.26.0's TypeChecker read 'type_checkers: HashTrieMap[...]', the field's type;
    # attrs annotates the parameter with its converter's first parameter's type, or not at all.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "from typing import Mapping\n"
        "from attrs import define, field\n"
        "def to_map(value: Mapping[str, int]) -> dict:\n"
        "    return dict(value)\n"
        "@define\n"
        "class Checker:\n"
        "    table: dict = field(factory=dict, converter=to_map)\n"
        "    path: str = field(default='.', converter=str)\n",
        encoding="utf-8",
    )
    found = package_source(tmp_path).find("box.Checker")
    assert found is not None
    assert found.signature == "Checker(table: Mapping[str, int] = NOTHING, path='.')"


def test_an_attrs_class_takes_the_fields_of_an_attrs_base_with_its_own_init(
    tmp_path: Path,
) -> None:
    # A base's own __init__ replaces only its own; attrs still writes the subclass's with every
    # field of the base first (attrs 26.1: 'Child(a: int, z: int = 0)').
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "from attrs import define\n"
        "@define(init=False)\n"
        "class Base:\n"
        "    a: int\n"
        "    def __init__(self, q: int) -> None:\n"
        "        self.__attrs_init__(q)\n"
        "@define\n"
        "class Child(Base):\n"
        "    z: int = 0\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    for path, expected in (
        ("box.Base", "Base(q: int)"),
        ("box.Child", "Child(a: int, z: int = 0)"),
    ):
        found = source.find(path)
        assert found is not None
        assert found.signature == expected


def test_an_attrs_field_s_default_given_by_position_by_factory_or_by_decorator(
    tmp_path: Path,
) -> None:
    # attrs 26.1: 'Classic(x, y=7, z=NOTHING, w=NOTHING)'; these read 'Classic(x, y,
    # z=attr.Factory(list), w)', a default lost or shown as the factory's call.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "import attr\n"
        "@attr.s\n"
        "class Classic:\n"
        "    x = attr.ib()\n"
        "    y = attr.ib(7)\n"
        "    z = attr.ib(default=attr.Factory(list))\n"
        "    w = attr.ib()\n"
        "    @w.default\n"
        "    def _w(self):\n"
        "        return []\n",
        encoding="utf-8",
    )
    found = package_source(tmp_path).find("box.Classic")
    assert found is not None
    assert found.signature == "Classic(x, y=7, z=NOTHING, w=NOTHING)"


def test_define_reads_annotations_unless_a_field_call_is_unannotated(tmp_path: Path) -> None:
    # attrs' define retries with auto_attribs=False when 'x = field()' has no annotation, and
    # then only field calls are fields (attrs 26.1: 'Mixed(x, z=2)', 'Off(x: int)'); these read
    # 'Mixed(x, y: int = 3, z=2)' and 'Off(x: int, y: int = 3)'. attr.dataclass is attr.s
    # reading annotations.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "import attr\n"
        "from attrs import define, field\n"
        "@define\n"
        "class Mixed:\n"
        "    x = field()\n"
        "    y: int = 3\n"
        "    z = field(default=2)\n"
        "@define(auto_attribs=False)\n"
        "class Off:\n"
        "    x: int = field()\n"
        "    y: int = 3\n"
        "@attr.dataclass\n"
        "class Data:\n"
        "    m: int\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    expected = {"Mixed": "Mixed(x, z=2)", "Off": "Off(x: int)", "Data": "Data(m: int)"}
    for name, signature in expected.items():
        found = source.find(f"box.{name}")
        assert found is not None
        assert found.signature == signature


def test_attrs_field_calls_imported_under_another_name_are_fields(tmp_path: Path) -> None:
    # 'from attrs import field as f': 'x: int = f(default=2)' showed the call as the default.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "from attrs import Factory as F, define, field as f\n"
        "@define\n"
        "class Renamed:\n"
        "    x: int = f(default=2)\n"
        "    y: list = F(list)\n",
        encoding="utf-8",
    )
    found = package_source(tmp_path).find("box.Renamed")
    assert found is not None
    assert found.signature == "Renamed(x: int = 2, y: list = NOTHING)"


def test_attr_s_kw_only_makes_the_bases_fields_keyword_only_too(tmp_path: Path) -> None:
    # attrs 26.1: 'Classic(*, a: int, e: int = 0)' (attr.s) but 'Modern(a: int, *, e: int = 0)'
    # (define, whose kw_only covers its own fields only).
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "import attr\n"
        "from attrs import define\n"
        "@define\n"
        "class Base:\n"
        "    a: int\n"
        "@attr.s(auto_attribs=True, kw_only=True)\n"
        "class Classic(Base):\n"
        "    e: int = 0\n"
        "@define(kw_only=True)\n"
        "class Modern(Base):\n"
        "    e: int = 0\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    expected = {
        "Classic": "Classic(*, a: int, e: int = 0)",
        "Modern": "Modern(a: int, *, e: int = 0)",
    }
    for name, signature in expected.items():
        found = source.find(f"box.{name}")
        assert found is not None
        assert found.signature == signature


def test_attr_s_these_gives_the_fields_in_place_of_the_body(tmp_path: Path) -> None:
    # attrs 26.1: 'Made(p, q=1)'; it read 'Made()', the empty body's fields.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "import attr\n"
        "@attr.s(these={'p': attr.ib(), 'q': attr.ib(default=1)})\n"
        "class Made:\n"
        "    ignored: int = 3\n",
        encoding="utf-8",
    )
    found = package_source(tmp_path).find("box.Made")
    assert found is not None
    assert found.signature == "Made(p, q=1)"


def test_an_attrs_field_with_two_leading_underscores_is_named_as_python_mangles_it(
    tmp_path: Path,
) -> None:
    # attrs 26.1: 'Priv(x: int, Priv__y: int = 0)' ('__y' is stored as '_Priv__y'); read 'y'.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "from attrs import frozen\n@frozen\nclass Priv:\n    _x: int\n    __y: int = 0\n",
        encoding="utf-8",
    )
    found = package_source(tmp_path).find("box.Priv")
    assert found is not None
    assert found.signature == "Priv(x: int, Priv__y: int = 0)"
