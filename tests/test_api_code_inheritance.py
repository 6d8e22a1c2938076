"""builder.api.code: what a class takes from its bases (overridden members' docstrings and doc
comments), and bases loaded from other packages of the folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from tests.api_support import package_source, write_package


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
