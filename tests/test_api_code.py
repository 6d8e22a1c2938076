"""builder.api.code: objects found by dotted path in code read statically, as frozen records."""

from __future__ import annotations

from pathlib import Path

from builder.api.model import DocField, MemberOptions
from builder.api.render import select_members
from builder.parsers import parse_file
from tests.api_support import package_source


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
