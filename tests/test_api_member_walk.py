"""builder.api.member_walk: dotted lookups that read each object's members once."""

from __future__ import annotations

from pathlib import Path

import griffe

from builder.api.code import GriffeSource
from builder.api.member_walk import MemberWalk
from builder.api.model import ApiSettings
from tests.api_support import write_package


def _no_lines(found: object) -> list[str]:
    return []


def test_a_class_s_members_are_read_once_for_lookups_in_a_row(tmp_path: Path) -> None:
    package = griffe.load("shapes", search_paths=[write_package(tmp_path)])
    walk = MemberWalk(_no_lines)
    # griffe makes a new alias of an inherited member at each lookup; the walk keeps the one.
    describe = walk.walked(package, ["Circle", "describe"])
    assert walk.walked(package, ["Circle", "describe"]) is describe
    assert describe.inherited and describe.path == "shapes.Circle.describe"
    assert walk.walked(package, ["Circle", "scale"]).path == "shapes.Circle.scale"
    walk.forget()
    assert walk.walked(package, ["Circle", "describe"]) is not describe


def test_a_class_s_own_member_is_found_without_listing_what_it_inherits(tmp_path: Path) -> None:
    package = griffe.load("shapes", search_paths=[write_package(tmp_path)])
    circle = package.members["circle"].members["Circle"]
    describe = package.members["base"].members["Shape"].members["describe"]
    scale = MemberWalk(_no_lines).walked(package, ["circle", "Circle", "scale"])
    assert scale is circle.members["scale"]
    # griffe registers each alias it makes of an inherited member on the member.
    assert "shapes.circle.Circle.describe" not in describe.aliases
    MemberWalk(_no_lines).walked(package, ["circle", "Circle", "describe"])
    assert "shapes.circle.Circle.describe" in describe.aliases


def test_a_base_in_a_package_loaded_later_gives_its_members(tmp_path: Path) -> None:
    (tmp_path / "low").mkdir()
    (tmp_path / "low" / "__init__.py").write_text(
        'class Base:\n    def lowered(self) -> None:\n        """From the base."""\n'
    )
    (tmp_path / "high").mkdir()
    (tmp_path / "high" / "__init__.py").write_text(
        'import low\n\n\nclass Sub(low.Base):\n    """Above."""\n'
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    # Its base's package is not loaded yet: the lookup loads it, whichever pages came first.
    found = source.find("high.Sub.lowered", "google")
    assert found is not None and found.doc[0].text == "From the base."
