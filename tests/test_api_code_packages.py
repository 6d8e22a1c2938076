"""builder.api.code: which package or module a dotted name is (a package's ``__init__``, a
subpackage's, a folder without one, a member named as a submodule), and that only the
version's own code folder is read for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from tests.api_support import package_source, write_package


def test_a_packages_init_module_is_the_package(tmp_path: Path) -> None:
    # xdoctest's index.rst: ".. automodule:: xdoctest.__init__", its overview, was not found.
    source = package_source(tmp_path)
    init, package = source.find("shapes.__init__", module=True), source.find("shapes", module=True)
    assert init is not None and package is not None and init.doc == package.doc
    assert init.path == "shapes.__init__" and init.kind == "module"
    assert source.find("shapes.circle.__init__") is None  # a module has none
    method = source.find("shapes.Circle.__init__")  # a class's is its method
    assert method is not None and method.kind == "function"


def test_a_subpackages_init_module_is_the_subpackage_and_its_members_its_own(
    tmp_path: Path,
) -> None:
    # Mesa 3.3.1's ".. automodule:: mesa.discrete_space.__init__" with :members: was "not
    # found in the code": only a top package's __init__ was read as the package.
    code = write_package(tmp_path)
    (code / "shapes" / "solids").mkdir()
    (code / "shapes" / "solids" / "__init__.py").write_text(
        '"""Solid shapes."""\nfrom shapes.solids.cube import Cube\n\n__all__ = ["Cube"]\n'
    )
    (code / "shapes" / "solids" / "cube.py").write_text(
        'class Cube:\n    """A cube."""\n\n    def volume(self):\n        """Its volume."""\n'
    )
    source = GriffeSource(code, ApiSettings(), str(tmp_path))
    init = source.find("shapes.solids.__init__", module=True)
    assert init is not None and init.kind == "module" and init.doc[0].text == "Solid shapes."
    cube = source.find("shapes.solids.__init__.Cube")
    method = source.find("shapes.solids.__init__.Cube.volume")
    assert cube is not None and cube.kind == "class" and cube.doc[0].text == "A cube."
    assert method is not None and method.doc[0].text == "Its volume."
    # A module's, or a name the subpackage lacks, is none.
    assert source.find("shapes.solids.cube.__init__") is None
    assert source.find("shapes.solids.__init__.Sphere") is None
    assert source.find("shapes.circle.__init__.area") is None


def test_a_folder_named_like_the_package_where_the_build_runs_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # griffe takes a name that is also a path relative to the working directory for that
    # path: a build run beside another "shapes/" read that one, and found nothing in it.
    elsewhere = tmp_path / "cwd"
    (elsewhere / "shapes").mkdir(parents=True)
    (elsewhere / "shapes" / "__init__.py").write_text('"""Another package."""\n')
    monkeypatch.chdir(elsewhere)
    source = package_source(tmp_path / "code")
    found = source.find("shapes.Circle")
    assert found is not None and found.kind == "class"


def test_a_package_member_named_as_a_submodule_is_the_member_except_for_a_module(
    tmp_path: Path,
) -> None:
    # Python binds the package's attribute to what __init__ defines after loading the
    # submodule; griffe sets the submodule over it. prompt_toolkit.shortcuts.prompt (from
    # .prompt import prompt) and tenacity.retry (def retry beside retry.py) read as modules.
    package = tmp_path / "ask"
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""Asking."""\nfrom .prompt import prompt\n\n\ndef retry():\n    """Ask again."""\n',
        encoding="utf-8",
    )
    (package / "prompt.py").write_text(
        '"""The prompt module."""\n\n\ndef prompt(text: str) -> str:\n    """Ask once."""\n',
        encoding="utf-8",
    )
    (package / "retry.py").write_text('"""Retry strategies."""\nFOREVER = 0\n', encoding="utf-8")
    source = package_source(tmp_path)

    def read(path: str, *, module: bool = False) -> tuple[str, str, str]:
        found = source.find(path, module=module)
        assert found is not None
        return found.kind, found.signature, found.doc[0].text

    assert read("ask.prompt") == ("function", "prompt(text: str) -> str", "Ask once.")
    assert read("ask.retry") == ("function", "retry()", "Ask again.")
    assert read("ask.prompt", module=True) == ("module", "", "The prompt module.")
    assert read("ask.retry", module=True) == ("module", "", "Retry strategies.")
    assert read("ask.prompt.prompt")[0] == "function"  # the submodule's own names still resolve


def test_a_member_of_a_class_named_as_its_submodule_is_found(tmp_path: Path) -> None:
    # kindred's __init__: 'from kindred.Corpus import Corpus'; kindred.Corpus is the class
    # (as the test above reads it), and kindred.Corpus.addDocument its method, which griffe
    # looked up in the submodule: not found, so the class's members were never documented.
    package = tmp_path / "kin"
    package.mkdir()
    (package / "__init__.py").write_text("from kin.Corpus import Corpus\n", encoding="utf-8")
    (package / "Corpus.py").write_text(
        'class Corpus:\n    """Documents."""\n\n'
        '    def addDocument(self, doc):\n        """Add one."""\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    found = source.find("kin.Corpus.addDocument")
    assert found is not None
    assert (found.kind, found.signature, found.doc[0].text) == (
        "function", "addDocument(doc)", "Add one."
    )  # fmt: skip
    assert source.find("kin.Corpus.missing") is None


def test_a_class_a_wildcard_import_binds_over_its_submodule_is_the_class(tmp_path: Path) -> None:
    # pyqtgraph 0.13.1: flowchart/__init__.py 'from .Flowchart import *' binds the package's
    # Flowchart to the class its submodule Flowchart.py defines; pyqtgraph/__init__.py
    # 'from .imageview import *' re-exports imageview.ImageView, which imageview/__init__.py
    # binds over its submodule ('from .ImageView import ImageView'). griffe read each name as
    # the submodule, so '.. autoclass:: pyqtgraph.flowchart.Flowchart' and
    # 'pyqtgraph.ImageView' with ':members:' documented a module: its classes as members
    # (Flowchart.Flowchart.addNode), not the class's methods (Flowchart.addNode).
    package = tmp_path / "graph"
    (package / "chart").mkdir(parents=True)
    (package / "view").mkdir()
    (package / "__init__.py").write_text("from .view import *\n", encoding="utf-8")
    (package / "chart" / "__init__.py").write_text("from .Chart import *\n", encoding="utf-8")
    (package / "chart" / "Chart.py").write_text(
        'from .Node import Node\n\n\nclass Chart:\n    """A chart."""\n\n'
        '    def addNode(self, node):\n        """Add one."""\n',
        encoding="utf-8",
    )
    # flowchart.Node: the class Flowchart.py imports from its sibling Node.py, and so exports.
    (package / "chart" / "Node.py").write_text(
        'class Node:\n    """A node."""\n\n    def close(self):\n        """Close it."""\n',
        encoding="utf-8",
    )
    (package / "view" / "__init__.py").write_text(
        "from .View import View\n\n__all__ = ['View']\n", encoding="utf-8"
    )
    (package / "view" / "View.py").write_text(
        '__all__ = [\'View\']\n\n\nclass View:\n    """A view."""\n\n'
        '    def autoRange(self):\n        """Fit."""\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)

    def read(path: str, *, module: bool = False) -> tuple[str, str]:
        found = source.find(path, module=module)
        assert found is not None
        return found.kind, found.doc[0].text if found.doc else ""

    assert read("graph.chart.Chart") == ("class", "A chart.")
    assert read("graph.chart.Chart.addNode") == ("function", "Add one.")
    assert read("graph.chart.Node") == ("class", "A node.")
    assert read("graph.chart.Node.close") == ("function", "Close it.")
    assert read("graph.View") == ("class", "A view.")
    assert read("graph.View.autoRange") == ("function", "Fit.")
    assert read("graph.chart.Chart", module=True)[0] == "module"
    assert source.find("graph.chart.Chart.Chart") is not None  # the submodule's own names


def test_a_folder_without_init_inside_a_package_is_its_subpackage(tmp_path: Path) -> None:
    # Flask 3.1 keeps its App and Scaffold bases in flask/sansio/, which has no __init__.py:
    # Python imports flask.sansio.app, griffe skipped the folder, and Flask's inherited
    # members (route, errorhandler...) and flask.blueprints.BlueprintSetupState were lost.
    (tmp_path / "web" / "core" / "deep").mkdir(parents=True)
    (tmp_path / "web" / "__init__.py").write_text("from .app import Web\n", encoding="utf-8")
    (tmp_path / "web" / "app.py").write_text(
        "from .core.base import Base\n"
        "from .core.deep.state import State as State\n\n\n"
        "class Web(Base):\n"
        '    """The application."""\n',
        encoding="utf-8",
    )
    (tmp_path / "web" / "core" / "base.py").write_text(
        'class Base:\n    def route(self, rule: str) -> None:\n        """Register a view."""\n',
        encoding="utf-8",
    )
    (tmp_path / "web" / "core" / "deep" / "state.py").write_text(
        'class State:\n    """Setup state."""\n', encoding="utf-8"
    )
    source = package_source(tmp_path)
    web = source.find("web.Web", inherited=True)
    assert web is not None and [m.name for m in web.members] == ["route"]
    route = source.find("web.Web.route")
    assert route is not None and route.doc[0].text == "Register a view."
    state = source.find("web.app.State")
    assert state is not None and state.doc[0].text == "Setup state."
