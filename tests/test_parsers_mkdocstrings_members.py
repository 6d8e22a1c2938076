"""mkdocstrings blocks on classes: which members they show, inherited or their own, and the
docstrings those members read."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.locate import find_code, open_source
from builder.api.model import ApiSettings
from builder.parsers import parse_file


def test_attributes_a_method_sets_show_when_undocumented_ones_do(tmp_path: Path) -> None:
    # marimo 0.24.0's slider sets self.start, self.stop and self.step in __init__ (no doc
    # comment): griffe lists them as instance attributes, and under show_if_no_docstring
    # mkdocstrings shows them; autodoc never does, :undoc-members: or not.
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "__init__.py").write_text(
        'class Slider:\n    """A slider."""\n\n'
        "    def __init__(self, start: int) -> None:\n        self.start: int = start\n"
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    bodies = [
        parsed.sections[-1].body
        for text in (
            "# X\n\n::: ui.Slider\n    options:\n      show_if_no_docstring: true\n",
            "# X\n\n::: ui.Slider\n",
            "X\n=\n\n.. autoclass:: ui.Slider\n   :members:\n   :undoc-members:\n",
        )
        if (parsed := parse_file("x.rst" if "auto" in text else "x.md", text, source))
    ]
    assert "- `start: int`" in bodies[0]
    assert "- `start" not in bodies[1] and "- `start" not in bodies[2]


def test_inherited_members_come_from_the_packages_griffe_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # app-model 0.5.1 documents its pydantic models with inherited_members: true; griffe
    # loads no package for a base class, so its site lists none of BaseModel's members, where
    # each model read pydantic's model_dump, model_validate, ... (191 entries, 22,789 words).
    # A class of the dependency that the project documents (FastAPI's Starlette Request) is
    # loaded, and so are its own bases.
    installed = tmp_path / "site-packages" / "doctrove_test_models"
    installed.mkdir(parents=True)
    (installed / "__init__.py").write_text(
        "class BaseModel:\n"
        '    """A model."""\n\n'
        '    def model_dump(self) -> dict:\n        """Dump it."""\n\n\n'
        "class Request(BaseModel):\n"
        '    """A request."""\n\n'
        '    def json(self) -> dict:\n        """The body."""\n',
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(installed.parent))
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[project]\nname = "app"\ndependencies = ["doctrove-test-models"]\n', encoding="utf-8"
    )
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text(
        "from doctrove_test_models import BaseModel, Request as Request\n\n\n"
        "class Item(BaseModel):\n"
        '    """An item."""\n\n'
        '    def price(self) -> int:\n        """Its price."""\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    source = open_source(tree, project / "docs")
    options = "    options:\n      inherited_members: true\n"
    page = f"# API\n\n::: app.Item\n{options}\n::: app.Request\n{options}"
    parsed = parse_file("api.md", page, source)
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "app.Item",
        "app.Item.price",
        "app.Request",
        "app.Request.json",
        "app.Request.model_dump",
    ]


def test_a_base_s_slots_are_no_members_of_a_documented_class(tmp_path: Path) -> None:
    # pyiceberg 0.11.1: pydantic's BaseModel declares __slots__ (__pydantic_extra__,
    # __pydantic_fields_set__, __pydantic_private__), which autodoc finds on every model by
    # dir(); griffe reads no __slots__, so the site lists none of them, where each of the
    # project's models read three (320 entries).
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text(
        "class Base:\n"
        '    """A base."""\n\n'
        '    __slots__ = ("__dict__", "__extra__", "size")\n\n'
        "    __extra__: dict\n"
        '    """Extra values."""\n\n'
        "    size: int\n"
        '    """How big."""\n\n\n'
        "class Item(Base):\n"
        '    """An item."""\n\n'
        '    def price(self) -> int:\n        """Its price."""\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    parsed = parse_file("api.md", "# API\n\n::: app.Item\n", open_source(tree, project / "docs"))
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == ["app.Item", "app.Item.price"]
    # The base's own, declared in its body, are its members.
    parsed = parse_file("api.md", "# API\n\n::: app.Base\n", open_source(tree, project / "docs"))
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "app.Base",
        "app.Base.__extra__",
        "app.Base.size",
    ]


def test_a_class_documented_only_by_its_bases_methods_is_not_shown(tmp_path: Path) -> None:
    # pyiceberg 0.11.1's expressions/literals: BinaryLiteral has no docstring, and its methods
    # none of their own (``to`` overrides Literal's documented one). griffe's has_docstrings
    # reads own docstrings only, so its site leaves the class out; 37 such classes were shown.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text(
        "class Literal:\n"
        '    """A literal."""\n\n'
        '    def to(self, kind: str) -> "Literal":\n        """Convert it."""\n\n\n'
        "class BinaryLiteral(Literal):\n"
        '    def to(self, kind: str) -> "Literal":\n        return self\n\n\n'
        "class FloatLiteral(Literal):\n"
        '    def __eq__(self, other: object) -> bool:\n        """Equal as floats."""\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    parsed = parse_file("api.md", "# API\n\n::: app\n", open_source(tree, project / "docs"))
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "app",
        "app.FloatLiteral",
        "app.FloatLiteral.__eq__",
        "app.Literal",
        "app.Literal.to",
    ]


def test_an_attribute_naming_a_class_is_undocumented(tmp_path: Path) -> None:
    # stac-fastapi 6.5.0: each extension's "GET: type[APIRequest] = FieldsExtensionGetRequest"
    # has no docstring; autodoc documents it as "alias of ...", griffe gives it none, so its
    # site leaves it out, where 20 such entries were listed.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text(
        "class GetRequest:\n"
        '    """The GET request."""\n\n\n'
        "class FieldsExtension:\n"
        '    """Fields Extension."""\n\n'
        "    GET: type = GetRequest\n"
        "    POST: type = GetRequest\n"
        '    """Documented."""\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    source = open_source(tree, project / "docs")
    parsed = parse_file("api.md", "# API\n\n::: app.FieldsExtension\n", source)
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "app.FieldsExtension",
        "app.FieldsExtension.POST",
    ]
    page = "# API\n\n::: app.FieldsExtension\n    options:\n      show_if_no_docstring: true\n"
    parsed = parse_file("api.md", page, source)
    assert parsed is not None
    assert "app.FieldsExtension.GET" in [s.heading for s in parsed.sections]


def test_listed_members_are_the_class_s_own_without_inherited_members(tmp_path: Path) -> None:
    # sqladmin 0.24.0's api_reference/model_view.md lists "members: [name, icon, category,
    # ..., list_columns]" under ::: sqladmin.models.ModelView; name, icon and category are
    # BaseView's, which mkdocstrings leaves out without inherited_members (6 entries shown).
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text(
        "class BaseView:\n"
        '    """A view."""\n\n'
        '    name: str = ""\n'
        '    """Name of the view."""\n\n\n'
        "class ModelView(BaseView):\n"
        '    """A model\'s view."""\n\n'
        "    list_columns: list = []\n"
        '    """The columns listed."""\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    source = open_source(tree, project / "docs")
    block = "# API\n\n::: app.ModelView\n    options:\n      members:\n        - name\n"
    block += "        - list_columns\n"
    parsed = parse_file("api.md", block, source)
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "app.ModelView",
        "app.ModelView.list_columns",
    ]
    parsed = parse_file("api.md", block + "      inherited_members: true\n", source)
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "app.ModelView",
        "app.ModelView.name",
        "app.ModelView.list_columns",
    ]


def test_a_named_tuple_s_fields_without_docstrings_are_undocumented(tmp_path: Path) -> None:
    # morecantile 7.0.3: BoundingBox(NamedTuple)'s left, bottom, right, top have no docstring;
    # autodoc documents each as "Alias for field number N", griffe gives none, so its site
    # shows none of them, where 9 such entries were listed.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text(
        "from typing import NamedTuple\n\n\n"
        "class BoundingBox(NamedTuple):\n"
        '    """A xmin,ymin,xmax,ymax coordinates tuple."""\n\n'
        "    left: float\n"
        "    bottom: float\n"
        '    """The min vertical coordinate."""\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    parsed = parse_file(
        "api.md", "# API\n\n::: app.BoundingBox\n", open_source(tree, project / "docs")
    )
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "app.BoundingBox",
        "app.BoundingBox.bottom",
    ]


def test_a_method_without_a_docstring_reads_no_bases_docstring(tmp_path: Path) -> None:
    # griffe reads no overridden member's docstring unless its inherited-docstrings extension
    # is loaded: ragas 0.4.0's metrics listed score, ascore, ... their bases document (24
    # entries its site does not have), lancedb 0.37.1's create_table read 733 words where its
    # site shows the signature alone.
    (tmp_path / "jobs.py").write_text(
        "class Base:\n"
        '    """A base."""\n\n'
        '    def run(self) -> None:\n        """Run the job."""\n\n\n'
        "class Child(Base):\n"
        '    """A child."""\n\n'
        "    def run(self) -> None:\n        pass\n\n"
        '    def stop(self) -> None:\n        """Stop it."""\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    block = "# API\n\n::: jobs.Child\n    options:\n"
    shown = {
        options: [(s.heading, s.body) for s in parsed.sections[1:]]
        for options in (
            "      members_order: source\n",
            "      show_if_no_docstring: true\n      members_order: source\n",
            "      extensions: [griffe_inherited_docstrings]\n      members_order: source\n",
        )
        if (parsed := parse_file("api.md", block + options, source)) is not None
    }
    child = ("jobs.Child", "`jobs.Child()`\n\nBases: `Base`\n\nA child.")
    stop = ("jobs.Child.stop", "`stop() -> None`\n\nStop it.")
    assert list(shown.values()) == [
        [child, stop],
        [child, ("jobs.Child.run", "`run() -> None`"), stop],
        [child, ("jobs.Child.run", "`run() -> None`\n\nRun the job."), stop],
    ]


def test_an_attribute_reads_no_text_from_its_class_docstring(tmp_path: Path) -> None:
    # griffe gives an attribute no text from its class's "Attributes" section (napoleon's
    # reading shows it on the class): lancedb 0.37.1's IvfFlat.distance_type read the 280
    # words its class says of it, where its site shows the attribute's signature alone.
    (tmp_path / "index.py").write_text(
        "class IvfFlat:\n"
        '    """An index.\n\n    Attributes:\n        distance_type: The metric it trains with.\n'
        '    """\n\n'
        '    distance_type: str = "l2"\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    page = "# API\n\n::: index.IvfFlat\n    options:\n      show_if_no_docstring: true\n"
    parsed = parse_file("api.md", page, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "index.IvfFlat",
            "`index.IvfFlat()`\n\nAn index.\n\n"
            "Attributes:\n- distance_type (str): The metric it trains with.",
        ),
        ("index.IvfFlat.distance_type", "`distance_type: str = 'l2'`"),
    ]


def test_a_class_documented_by_its_bases_methods_shows_under_inherited_docstrings(
    tmp_path: Path,
) -> None:
    # griffe's inherited-docstrings extension gives an override its base's docstring, and
    # has_docstrings reads it: a class without a docstring of its own whose overrides have
    # none of theirs is shown, its override with the base's text. 531800fa's own-docstrings
    # reading of a class's members held under the extension too, and the class was dropped.
    (tmp_path / "literals.py").write_text(
        "class Literal:\n"
        '    """A literal."""\n\n'
        '    def to(self, kind: str) -> "Literal":\n        """Convert it."""\n\n\n'
        "class BinaryLiteral(Literal):\n"
        '    def to(self, kind: str) -> "Literal":\n        return self\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    block = "# API\n\n::: literals\n    options:\n      members_order: source\n"
    shown = [
        [s.heading for s in parsed.sections[1:]]
        for extensions in ("", "      extensions: [griffe_inherited_docstrings]\n")
        if (parsed := parse_file("api.md", block + extensions, source)) is not None
    ]
    assert shown == [
        ["literals", "literals.Literal", "literals.Literal.to"],
        [
            "literals",
            "literals.Literal",
            "literals.Literal.to",
            "literals.BinaryLiteral",
            "literals.BinaryLiteral.to",
        ],
    ]
