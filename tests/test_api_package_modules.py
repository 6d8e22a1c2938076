"""builder.api.package_modules: a loaded package's modules, all the way down."""

from __future__ import annotations

from pathlib import Path

import griffe

from builder.api.package_modules import package_modules


def test_each_module_once_parents_first_without_the_aliases(tmp_path: Path) -> None:
    package = tmp_path / "shapes"
    (package / "solid").mkdir(parents=True)
    # The package binds its submodule again under another name: an alias, not a module.
    (package / "__init__.py").write_text("from . import solid as bodies\n", encoding="utf-8")
    (package / "flat.py").write_text("", encoding="utf-8")
    (package / "solid" / "__init__.py").write_text("", encoding="utf-8")
    (package / "solid" / "cube.py").write_text("", encoding="utf-8")
    loaded = griffe.load("shapes", search_paths=[tmp_path])
    assert sorted(module.path for module in package_modules(loaded)) == [
        "shapes", "shapes.flat", "shapes.solid", "shapes.solid.cube",
    ]  # fmt: skip
    paths = [module.path for module in package_modules(loaded)]
    assert paths[0] == "shapes"
    assert paths.index("shapes.solid") < paths.index("shapes.solid.cube")
