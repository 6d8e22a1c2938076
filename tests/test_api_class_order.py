"""builder.api.class_order: each class's bases in order, computed once per packages loaded."""

from __future__ import annotations

from pathlib import Path

import griffe

from builder.api.class_order import class_order
from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from tests.api_support import write_package


def test_a_class_s_order_is_griffe_s_and_computed_once(tmp_path: Path) -> None:
    package = griffe.load("shapes", search_paths=[write_package(tmp_path)])
    circle = package["circle.Circle"]
    order = class_order(circle)
    assert [base.path for base in order] == [base.path for base in circle.mro()]
    assert [base.path for base in order] == ["shapes.base.Shape"]
    assert class_order(circle) is order
    assert class_order(package["Circle"]) is order  # an alias: its target's


def test_an_override_reads_the_docstring_of_a_base_loaded_later(tmp_path: Path) -> None:
    (tmp_path / "low").mkdir()
    (tmp_path / "low" / "__init__.py").write_text(
        'class Base:\n    def run(self) -> None:\n        """From the base."""\n'
    )
    (tmp_path / "high").mkdir()
    (tmp_path / "high" / "__init__.py").write_text(
        "import low\n\n\nclass Sub(low.Base):\n    def run(self) -> None:\n        pass\n"
    )
    # The method's class's bases are loaded before it is read: the same docstring whether or
    # not another page had loaded low before (builds with -j 2 differed).
    fresh = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    found = fresh.find("high.Sub.run", "google")
    assert found is not None and found.doc[0].text == "From the base."
    warmed = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    assert warmed.find("low.Base") is not None
    after = warmed.find("high.Sub.run", "google")
    assert after is not None and after.doc == found.doc
