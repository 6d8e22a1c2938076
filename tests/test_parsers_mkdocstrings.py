"""mkdocstrings ``::: path`` blocks in Markdown pages, filled from a package's code."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.locate import find_code, open_source
from builder.api.model import ApiSettings
from builder.api.options import read_mkdocs_settings
from builder.model import ApiUse
from builder.parsers import parse_file
from builder.parsers.markdown.mkdocstrings import markdown_docstring, read_yaml
from tests.api_support import package_source

PAGE = (
    "# Shapes\n\n"  # 1-2
    "::: shapes.Circle\n"  # 3
    "    options:\n"  # 4
    "      members: [scale]\n"  # 5
    "      merge_init_into_class: true\n\n"  # 6-7
    "::: shapes.area\n"  # 8
    "    options:\n"  # 9
    "      docstring_style: sphinx\n\n"  # 10-11
    "## After\n\n"  # 12-13
    "Prose after the blocks.\n"  # 14
)


def test_blocks_become_sections_with_their_members(tmp_path: Path) -> None:
    parsed = parse_file("shapes.md", PAGE, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.level, s.line_start) for s in parsed.sections] == [
        ("Shapes", (), 1, 1),
        ("shapes.Circle", ("Shapes",), 2, 3),
        ("shapes.Circle.scale", ("Shapes", "shapes.Circle"), 3, 3),
        ("shapes.area", ("Shapes",), 2, 8),
        ("After", ("Shapes",), 2, 12),
    ]
    circle, scale, area, after = parsed.sections[1:]
    assert circle.anchor == "shapes.Circle"
    assert circle.body == (
        "`shapes.Circle(radius: float, *, name: str = 'c')`\n\nBases: `Shape`\n\nA round shape.\n\n"
        "Parameters:\n- radius (float): The distance from the centre.\n\n"
        "Make a circle of ``radius``."
    )
    assert scale.body.startswith("`scale(factor: float) -> Circle`\n\nGrow or shrink")
    assert "Raises:\n- ValueError: When the radius is negative." in area.body
    assert after.body == "Prose after the blocks."
    assert parsed.api == ApiUse(objects=3)


def test_ignore_init_summary_drops_the_merged_init_summary(tmp_path: Path) -> None:
    # griffe, textual and pydantic set docstring_options: {ignore_init_summary: true} with
    # merge_init_into_class: the class shows no "Initialize the loader." line from __init__.
    options = "    options:\n      merge_init_into_class: true\n"
    ignoring = options + "      docstring_options:\n        ignore_init_summary: true\n"
    source = package_source(tmp_path)
    bodies = [
        parsed.sections[1].body
        for text in (options, ignoring, ignoring + "      docstring_style: sphinx\n")
        if (parsed := parse_file("x.md", f"# X\n\n::: shapes.Circle\n{text}", source))
    ]
    assert [body.endswith("Make a circle of ``radius``.") for body in bodies] == [
        True, False, True,  # griffe's sphinx parser has no such option
    ]  # fmt: skip
    assert bodies[1].endswith("Parameters:\n- radius (float): The distance from the centre.")


def test_show_bases_is_on_unless_the_options_turn_it_off(tmp_path: Path) -> None:
    # mkdocstrings-python's show_bases (default true) shows the bases a class names, a member
    # class's too; a class that names none (Shape) shows no line; mkautodoc shows none.
    source = package_source(tmp_path)
    bodies = {
        text: [s.body.split("\n\n")[:2] for s in parsed.sections[1:]]
        for text in (
            "# X\n\n::: shapes.circle\n    options:\n      members: [Circle]\n",
            "# X\n\n::: shapes.Circle\n    options:\n      show_bases: false\n",
            "# X\n\n::: shapes.Circle\n    :docstring:\n",
        )
        if (parsed := parse_file("x.md", text, source)) is not None
    }
    module, turned_off, mkautodoc = bodies.values()
    assert module[1] == ["`Circle(radius: float, *, name: str = 'c')`", "Bases: `Shape`"]
    assert turned_off[0][1] == mkautodoc[0][1] == "A round shape."


def test_members_false_and_a_missing_object(tmp_path: Path) -> None:
    text = "# X\n\n::: shapes.Shape\n    options:\n      members: false\n\n::: shapes.Nope\n"
    parsed = parse_file("x.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("shapes.Shape", "`shapes.Shape()`\n\nAnything with an outline."),
        ("shapes.Nope", "`shapes.Nope`"),
    ]
    (warning,) = parsed.warnings
    assert warning.where == "x.md:7" and "mkdocstrings shapes.Nope: not found" in warning.message


def test_a_module_shows_what_it_imports_only_when_exported_or_named(tmp_path: Path) -> None:
    # shapes.circle imports Shape and has no __all__: mkdocstrings documents Shape where it is
    # defined; shapes lists it in __all__, and a members list can name it. A package's name
    # alone is a block too, not a Docusaurus container (which a bare ":::" line closes).
    source = package_source(tmp_path)
    headings = {
        text: [s.heading for s in parsed.sections[1:]]
        for text in (
            "# X\n\n::: shapes.circle\n",
            "# X\n\n::: shapes\n    options:\n      members_order: source\n",
            "# X\n\n::: shapes.circle\n    options:\n      members: [Shape]\n",
        )
        if (parsed := parse_file("x.md", text, source)) is not None
    }
    assert list(headings.values()) == [
        ["shapes.circle", "shapes.circle.Circle", "shapes.circle.Circle.__init__",
         "shapes.circle.Circle.scale", "shapes.circle.area"],
        ["shapes", "shapes.Circle", "shapes.Circle.__init__", "shapes.Circle.scale",
         "shapes.Shape", "shapes.Shape.sides", "shapes.Shape.describe", "shapes.Shape.__len__",
         "shapes.area"],
        # The members list is the module's; Shape shows its own members, as mkdocstrings-python
        # applies the list to the root object only.
        ["shapes.circle", "shapes.circle.Shape", "shapes.circle.Shape.__len__",
         "shapes.circle.Shape.describe", "shapes.circle.Shape.sides"],
    ]  # fmt: skip
    container = parse_file("x.md", "# X\n\n::: note\nInside.\n:::\n", source)
    assert container is not None and container.sections[0].body == "Note: Inside."


def test_a_module_with_all_shows_what_it_defines_and_what_all_names(tmp_path: Path) -> None:
    # textual's __init__.py: __all__ names log (and the imported on), not the Logger class it
    # defines, which mkdocstrings-python documents too (its templates drop only an import
    # __all__ leaves out); its own __all__ is no member.
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "events.py").write_text('def on() -> None:\n    """Decorate."""\n')
    (tmp_path / "app" / "__init__.py").write_text(
        "from app.events import on\nfrom os import path\n\n"
        '__all__ = ["log", "on"]\n\n\n'
        'def log() -> None:\n    """Log."""\n\n\n'
        'class Logger:\n    """Logs to the console."""\n\n'
        '    def info(self) -> None:\n        """Log at info level."""\n',
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    headings = [
        [s.heading for s in parsed.sections[1:]]
        for text in ("", "    options:\n      filters: public\n")
        if (parsed := parse_file("x.md", f"# X\n\n::: app\n{text}", source)) is not None
    ]
    assert headings == [
        ["app", "app.Logger", "app.Logger.info", "app.log", "app.on"],
        ["app", "app.log", "app.on"],  # griffe's is_public: what __all__ names
    ]


def test_a_module_shows_what_a_wildcard_import_brings(tmp_path: Path) -> None:
    # geemap 0.38.4rc1: kepler.py's 'from .common import *' puts common's functions on
    # geemap.kepler's page (kepler.md, '::: geemap.kepler'), 361 entries where 15 were read:
    # griffe does not count them among the module's imports, mkdocstrings shows them. A name
    # the module imports by name stays out, and autodoc shows neither.
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "__init__.py").write_text("")
    (tmp_path / "maps" / "common.py").write_text(
        'import os\n\n\ndef add_crs() -> None:\n    """Add a CRS."""\n\n\n'
        'def helper() -> None:\n    """Help."""\n'
    )
    (tmp_path / "maps" / "kepler.py").write_text(
        "from .common import *\nfrom .common import helper\n\n\n"
        'class Map:\n    """A Kepler map."""\n'
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    headings = [
        [s.heading for s in parsed.sections[1:]]
        for text in ("::: maps.kepler\n", ".. automodule:: maps.kepler\n   :members:\n")
        for name in (("x.md",) if text.startswith(":::") else ("x.rst",))
        if (parsed := parse_file(name, f"X\n=\n\n{text}", source)) is not None
    ]
    assert headings == [
        ["maps.kepler", "maps.kepler.Map", "maps.kepler.add_crs"],
        ["maps.kepler.Map"],  # autodoc: no section for a module without a docstring
    ]


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


def test_a_heading_written_before_the_block_sets_the_objects_level(tmp_path: Path) -> None:
    """``# ::: shapes`` (an API page of mkdocstrings' projects, markdown-exec's among them) is
    the block with its heading level given, not a heading titled '::: shapes' over its options
    as code."""
    text = (
        "---\ntitle: API reference\n---\n\n"
        "# ::: shapes.circle\n    options:\n      members: [area]\n\n"
        "## ::: shapes.Shape\n"
    )
    parsed = parse_file("api.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.level, s.heading_path) for s in parsed.sections] == [
        ("shapes.circle", 1, ()),
        ("shapes.circle.area", 2, ("shapes.circle",)),
        ("shapes.Shape", 2, ("shapes.circle",)),
        ("shapes.Shape.__len__", 3, ("shapes.circle", "shapes.Shape")),
        ("shapes.Shape.describe", 3, ("shapes.circle", "shapes.Shape")),
        ("shapes.Shape.sides", 3, ("shapes.circle", "shapes.Shape")),
    ]
    assert "options:" not in "".join(s.body for s in parsed.sections)


def test_without_code_blocks_are_signature_sections_never_raw_text() -> None:
    parsed = parse_file("x.md", "# X\n\n::: shapes.Shape\n    options:\n      a: 1\n\nText.\n")
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("X", ""), ("shapes.Shape", "`shapes.Shape`\n\nText."),
    ]  # fmt: skip
    assert parsed.api == ApiUse(without_code="mkdocstrings at x.md:3")


def test_read_yaml_reads_the_options_subset() -> None:
    text = (
        "options:\n"
        "  members:\n    - a\n    - b\n"
        "  show_root_heading: true  # a comment\n"
        "  heading_level: 3\n"
        "  filters: ['!^_', \"^x\"]\n"
    )
    assert read_yaml(text) == {
        "options": {
            "members": ["a", "b"], "show_root_heading": True, "heading_level": 3,
            "filters": ["!^_", "^x"],
        }
    }  # fmt: skip


SUBMODULES = {
    "tools/__init__.py": '"""Tools."""\n',
    "tools/core.py": '"""The core."""\n\n\ndef run() -> None:\n    """Run it."""\n',
    "tools/_internal.py": '"""Not for you."""\n',
    "tools/empty.py": "x = 1\n",
    "tools/sub/__init__.py": "",
    "tools/sub/deep.py": 'def find() -> None:\n    """Find it."""\n',
}


def test_show_submodules_documents_a_packages_modules_inside_it(tmp_path: Path) -> None:
    # As mkdocstrings-python shows them: after the package's own members, each module whose
    # name the filters keep and that has a docstring in it, its members below it.
    for relpath, text in SUBMODULES.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    block = "# API\n\n::: tools\n    options:\n      show_submodules: {}\n"
    shown = {
        setting: [(s.heading, s.level, s.body) for s in parsed.sections[1:]]
        for setting in ("true", "false")
        if (parsed := parse_file("api.md", block.format(setting), source)) is not None
    }
    assert shown["false"] == [("tools", 2, "Tools.")]
    assert shown["true"] == [
        ("tools", 2, "Tools."),
        ("tools.core", 3, "The core."),
        ("tools.core.run", 4, "`run() -> None`\n\nRun it."),
        ("tools.sub", 3, ""),
        ("tools.sub.deep", 4, ""),
        ("tools.sub.deep.find", 5, "`find() -> None`\n\nFind it."),
    ]


def test_a_submodule_over_the_member_of_its_name_is_documented_once(tmp_path: Path) -> None:
    # pyjanitor 0.29.2's janitor/functions/__init__.py has 'from .also import also' beside
    # janitor/functions/also.py, and its page names 'also' in members: griffe sets the
    # submodule over the member, so mkdocstrings shows the module with its function once.
    # Each function read twice, and the page had 46,659 words where the built site has 24,458.
    files = {
        "chain/__init__.py": '"""Chain."""\n\nfrom .also import also\n',
        "chain/also.py": (
            '"""Run a side effect."""\n\n\ndef also(df: int) -> int:\n    """Also."""\n'
        ),
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    block = "# API\n\n::: chain\n    options:\n      members: [also]\n      show_submodules: true\n"
    parsed = parse_file("api.md", block, source)
    assert parsed is not None
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections[1:]] == [
        ("chain", "chain", "Chain."),
        ("chain.also", "chain.also", "Run a side effect."),
        ("chain.also.also", "chain.also.also", "`also(df: int) -> int`\n\nAlso."),
    ]


def test_show_docstring_options_leave_those_sections_out(tmp_path: Path) -> None:
    # lancedb 0.37.1 sets show_docstring_attributes: false: each index class's long
    # "Attributes" section (IvfFlat's 600 words) is not on its page; it was read whole.
    (tmp_path / "index.py").write_text(
        "class IvfFlat:\n"
        '    """Describes an IVF Flat index.\n\n'
        "    Attributes:\n        distance_type: The distance metric used to train it.\n\n"
        "    Examples:\n        >>> IvfFlat()\n\n"
        "    Note:\n        Train it first.\n"
        '    """\n\n'
        "    def train(self, rows: int) -> None:\n"
        '        """Train it.\n\n        Args:\n            rows: How many.\n\n'
        '        Raises:\n            ValueError: When there are none.\n        """\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    hidden = (
        "      show_docstring_attributes: false\n      show_docstring_examples: false\n"
        "      show_docstring_raises: false\n"
    )
    block = "# API\n\n::: index.IvfFlat\n    options:\n      docstring_style: google\n"
    shown = {
        setting: [s.body for s in parsed.sections[1:]]
        for setting in ("", hidden, "      show_docstring_description: false\n")
        if (parsed := parse_file("api.md", block + setting, source)) is not None
    }
    assert shown[""] == [
        "`index.IvfFlat()`\n\nDescribes an IVF Flat index.\n\n"
        "Attributes:\n- distance_type: The distance metric used to train it.\n\n"
        "Examples:\n```pycon\n>>> IvfFlat()\n```\n\nNote: Train it first.",
        "`train(rows: int) -> None`\n\nTrain it.\n\nParameters:\n- rows (int): How many.\n\n"
        "Raises:\n- ValueError: When there are none.",
    ]
    assert shown[hidden] == [
        "`index.IvfFlat()`\n\nDescribes an IVF Flat index.\n\nNote: Train it first.",
        "`train(rows: int) -> None`\n\nTrain it.\n\nParameters:\n- rows (int): How many.",
    ]
    assert shown["      show_docstring_description: false\n"][1] == (
        "`train(rows: int) -> None`\n\nParameters:\n- rows (int): How many.\n\n"
        "Raises:\n- ValueError: When there are none."
    )


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


def test_an_option_whose_value_is_on_the_line_below_reads_that_value(tmp_path: Path) -> None:
    # optimistix 0.1.0 writes "members:" over an indented "false" (YAML's value on the next
    # line): read as an empty mapping, the abstract classes it shows alone listed all their
    # methods (37 entries, 4,858 words its site does not have).
    assert read_yaml("options:\n  members:\n    false\n  heading_level: 2\n") == {
        "options": {"members": False, "heading_level": 2}
    }
    page = "# Shapes\n\n::: shapes.Circle\n    options:\n        members:\n            false\n"
    parsed = parse_file("shapes.md", page, package_source(tmp_path))
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == ["Shapes", "shapes.Circle"]


def test_a_mapping_entry_the_reader_cannot_read_is_no_value_of_the_key_above() -> None:
    # A key's value on the line below (7948011a) was taken from any line that is not a plain
    # key, so a first option written with a quoted key or a space before its colon became
    # the value of 'options:' (a string), and the options after it went to the top level:
    # 'members: false' there is no block option, and every member was listed.
    for first in ('"heading_level": 2', "show_root_heading : true", "<<: *shared"):
        assert read_yaml(f"options:\n  {first}\n  members: false\n") == {
            "options": {"members": False}
        }


def test_members_none_a_string_not_null_keeps_no_member(tmp_path: Path) -> None:
    # optimistix 0.1.0's abstract solvers say "members: none", which YAML reads as the string
    # "none": mkdocstrings keeps the members named by one of its characters, so none.
    page = "# Shapes\n\n::: shapes.Circle\n    options:\n      members: none\n"
    parsed = parse_file("shapes.md", page, package_source(tmp_path))
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == ["Shapes", "shapes.Circle"]


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


def test_show_overloads_false_shows_the_implementations_signature(tmp_path: Path) -> None:
    # Typer's reference turns show_overloads off for typer.Option and typer.Argument: each
    # showed its two overloads' signatures (3,000 characters), not the one the page shows.
    (tmp_path / "conv.py").write_text(
        "from typing import overload\n\n\n"
        "@overload\ndef read(value: int) -> int: ...\n"
        "@overload\ndef read(value: str) -> str: ...\n"
        'def read(value: int | str) -> int | str:\n    """Read it."""\n    return value\n\n\n'
        "class Box:\n"
        "    @overload\n    def get(self, key: int) -> int: ...\n"
        "    @overload\n    def get(self, key: str) -> str: ...\n"
        '    def get(self, key: int | str) -> int | str:\n        """Get it."""\n'
        "        return key\n",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    page = "# Conv\n\n::: conv.read\n{0}\n::: conv.Box\n{0}"
    off = "    options:\n      show_overloads: false\n"
    shown = {
        name: [(s.heading, s.body) for s in parsed.sections[1:]]
        for name, options in (("default", ""), ("off", off))
        if (parsed := parse_file("x.md", page.format(options), source)) is not None
    }
    assert shown["default"] == [
        ("conv.read", "`conv.read(value: int) -> int`\n`conv.read(value: str) -> str`\n\nRead it."),
        ("conv.Box", "`conv.Box()`"),
        ("conv.Box.get", "`get(key: int) -> int`\n`get(key: str) -> str`\n\nGet it."),
    ]
    assert shown["off"] == [
        ("conv.read", "`conv.read(value: int | str) -> int | str`\n\nRead it."),
        ("conv.Box", "`conv.Box()`"),
        ("conv.Box.get", "`get(key: int | str) -> int | str`\n\nGet it."),
    ]


def test_unwrap_annotated_shows_the_type_without_its_metadata(tmp_path: Path) -> None:
    # FastAPI, Typer and mkdocstrings-python's docs set it: PythonOptions' signature spelt
    # each field's Annotated[bool, _Field(group=..., description=...)], 12,000 characters.
    (tmp_path / "opts.py").write_text(
        "from dataclasses import dataclass\nfrom typing import Annotated\n\n\n"
        "@dataclass\nclass Options:\n"
        '    """Options."""\n\n'
        "    show: Annotated[bool, Field(description='Show it.')] = True\n"
        '    """Whether to show it."""\n',
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    page = "# Opts\n\n::: opts.Options\n    options:\n      unwrap_annotated: {}\n"
    shown = {
        setting: [s.body.split("\n")[0] for s in parsed.sections[1:]]
        for setting in ("true", "false")
        if (parsed := parse_file("x.md", page.format(setting), source)) is not None
    }
    assert shown["true"] == ["`opts.Options(show: bool = True)`", "`show: bool = True`"]
    assert shown["false"] == [
        "`opts.Options(show: Annotated[bool, Field(description='Show it.')] = True)`",
        "`show: Annotated[bool, Field(description='Show it.')] = True`",
    ]


def test_unwrap_annotated_shows_a_parameter_lists_types_without_their_metadata(
    tmp_path: Path,
) -> None:
    # mkdocstrings writes every annotation through one template, the types of a docstring's
    # Args as a signature's: LangChain's tools take Annotated[dict, InjectedState] so.
    (tmp_path / "tools.py").write_text(
        "from typing import Annotated\n\n\n"
        "def lookup(state: Annotated[dict, InjectedState], key: str) -> Annotated[str, 'v']:\n"
        '    """Look a key up.\n\n'
        "    Args:\n        state: The graph's state.\n        key: The key.\n\n"
        '    Returns:\n        The value.\n    """\n',
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    page = "# Tools\n\n::: tools.lookup\n    options:\n      unwrap_annotated: true\n"
    parsed = parse_file("x.md", page, source)
    assert parsed is not None
    assert parsed.sections[1].body == (
        "`tools.lookup(state: dict, key: str) -> str`\n\nLook a key up.\n\n"
        "Parameters:\n- state (dict): The graph's state.\n- key (str): The key.\n\n"
        "Returns:\n- str: The value."
    )


def test_selection_and_rendering_are_read_only_before_mkdocstrings_0_23(tmp_path: Path) -> None:
    # mkdocstrings 0.19 to 0.22 read the older selection and rendering keys as options; 0.23
    # removed them and later releases leave them unread. jumanji 1.1.1 pins 0.27.0 and its
    # blocks list a few members under selection: its site shows every member, 81 of the 233
    # API objects it shows were missing here.
    page = "# X\n\n::: shapes\n    selection:\n      members: [area]\n"
    older_settings = ApiSettings(mkdocstrings_older_keys=True)
    newer = parse_file("x.md", page, package_source(tmp_path / "a"))
    older = parse_file("x.md", page, package_source(tmp_path / "b", older_settings))
    assert newer is not None and older is not None
    assert [s.heading for s in older.sections] == ["X", "shapes", "shapes.area"]
    assert {"shapes.Circle", "shapes.Circle.scale", "shapes.area"} <= {
        s.heading for s in newer.sections
    }
    plugin = {"handlers": {"python": {"selection": {"docstring_style": "sphinx"}}}}
    config = {"plugins": [{"mkdocstrings": plugin}]}
    assert read_mkdocs_settings(config).mkdocstrings_options == ()
    assert read_mkdocs_settings(config, older_keys=True).mkdocstrings_options == (
        ("docstring_style", "sphinx"),
    )
    sphinx_style = "Raises:\n- ValueError: When the radius is negative."
    local = "# X\n\n::: shapes.area\n    selection:\n      docstring_style: sphinx\n"
    read = parse_file("x.md", local, package_source(tmp_path / "c", older_settings))
    unread = parse_file("x.md", local, package_source(tmp_path / "d"))
    assert read is not None and unread is not None
    assert sphinx_style in read.sections[1].body
    assert sphinx_style not in unread.sections[1].body


def test_a_heading_that_names_the_block_s_object_is_its_heading(tmp_path: Path) -> None:
    # pydantic-ai's API pages: "# `pydantic_ai.output`" over "::: pydantic_ai.output" read
    # as a heading over "- pydantic_ai.output", the module's section under it, and each
    # member under the module's name twice.
    page = (
        "# `shapes.Circle`\n\n::: shapes.Circle\n    options:\n      members: [scale]\n\n"
        "## `shapes.area`\n\nThe area.\n\n::: shapes.area\n"
    )
    parsed = parse_file("circle.md", page, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.level, s.line_start) for s in parsed.sections] == [
        ("shapes.Circle", (), 1, 1),
        ("shapes.Circle.scale", ("shapes.Circle",), 2, 3),
        ("shapes.area", ("shapes.Circle",), 2, 7),
        ("shapes.area", ("shapes.Circle", "shapes.area"), 3, 11),
    ]
    assert parsed.title == "shapes.Circle"
    assert parsed.sections[0].body.startswith("`shapes.Circle(radius: float")
    assert parsed.sections[0].anchor == "shapes.Circle"


def test_a_block_without_a_space_after_the_colons_is_a_block(tmp_path: Path) -> None:
    # supervision's API pages write ":::supervision.annotators.core.BoxAnnotator": mkdocstrings'
    # pattern ("::: ?") reads it; a closed ":::tip" stays a container.
    text = "# X\n\n:::shapes.Shape\n    options:\n      members: false\n\n:::tip\nHint.\n:::\n"
    parsed = parse_file("x.md", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("shapes.Shape", "`shapes.Shape()`\n\nAnything with an outline.\n\nTip: Hint."),
    ]


def test_a_block_inside_an_admonition_is_read_as_a_block(tmp_path: Path) -> None:
    # starlette's applications.md opens with '??? abstract "API Reference"' over
    # "::: starlette.applications.Starlette": the block was the admonition's text, its
    # options YAML shown and the class not described. The text after the admonition stays
    # the page's, before the object's section, as the reST parser keeps text after a
    # description.
    text = (
        "# Shapes\n\n"  # 1-2
        '??? abstract "API Reference"\n'  # 3
        "    ::: shapes.area\n"  # 4
        "        options:\n"  # 5
        "            show_root_heading: true\n\n"  # 6-7
        "Shapes have areas.\n\n"  # 8-9
        '!!! note "Also"\n'  # 10
        "    Lead.\n\n"  # 11-12
        "    ::: shapes.Circle\n"  # 13
        "        options:\n"  # 14
        "            members: false\n\n"  # 15-16
        "## After\n\n"  # 17-18
        "Prose.\n"
    )
    source = package_source(tmp_path)
    parsed = parse_file("shapes.md", text, source)
    assert parsed is not None
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("Shapes", ()),
        ("shapes.area", ("Shapes",)),
        ("shapes.Circle", ("Shapes",)),
        ("After", ("Shapes",)),
    ]
    shapes, area, circle, after = parsed.sections
    assert after.body == "Prose."
    assert shapes.body == "Shapes have areas.\n\nNote: Also\n\nLead."
    assert area.body.startswith("`shapes.area(")
    assert circle.body.startswith("`shapes.Circle(radius: float")
    assert "options" not in shapes.body + area.body + circle.body
    assert parsed.api == ApiUse(objects=2)
    # Above every heading, the text after the admonition is the page's, on its own lines.
    parsed = parse_file("x.md", '??? abstract "API"\n    ::: shapes.area\n\nText.\n', source)
    assert parsed is not None
    assert [(s.heading, s.line_start, s.line_end) for s in parsed.sections] == [
        ("x", 4, 4),
        ("shapes.area", 2, 2),
    ]


def test_a_shown_root_heading_sits_at_its_heading_level(tmp_path: Path) -> None:
    # starlette's testclient.md: "::: starlette.testclient.TestClient" with show_root_heading
    # and heading_level 3 above the page's "### Debug information": mkdocstrings shows the
    # class as an h3, beside them; at level 2 they read as subsections of TestClient. A level
    # above the heading the block is under, or without show_root_heading, changes nothing.
    source = package_source(tmp_path)
    shown = "    options:\n      show_root_heading: true\n      heading_level: {}\n"
    pages = {
        "top": "::: shapes.area\n" + shown.format(3) + "\n### Later\n\nText.\n",
        "under": "# X\n\n::: shapes.area\n" + shown.format(3) + "\n### Later\n\nText.\n",
        "shallower": "# X\n\n## Y\n\n::: shapes.area\n" + shown.format(2),
        "hidden": "::: shapes.area\n    options:\n      heading_level: 3\n",
    }
    levels = {}
    for name, text in pages.items():
        parsed = parse_file("x.md", text, source)
        assert parsed is not None
        levels[name] = [(s.heading, s.level) for s in parsed.sections]
    assert levels == {
        "top": [("shapes.area", 3), ("Later", 3)],
        "under": [("X", 1), ("shapes.area", 3), ("Later", 3)],
        "shallower": [("X", 1), ("Y", 2), ("shapes.area", 3)],
        "hidden": [("shapes.area", 2)],
    }


def test_a_role_opened_in_a_doctest_joins_no_lines() -> None:
    # A doctest's string that opens a role (":func:`f") joined the doctest's next lines onto
    # its own, prompts and all, in one line of the pycon block.
    docstring = 'Use it:\n\n>>> s = ":func:`f"\n>>> print(s)\n:func:`f\n\nSee :meth:`a\nb` here.'
    assert markdown_docstring(docstring) == (
        'Use it:\n\n```pycon\n>>> s = ":func:`f"\n>>> print(s)\n:func:`f\n```\n\nSee `a b` here.'
    )


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
