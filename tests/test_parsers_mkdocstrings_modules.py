"""mkdocstrings blocks on modules: what a module shows of its imports, ``__all__`` and
submodules."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file
from tests.api_support import package_source


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
