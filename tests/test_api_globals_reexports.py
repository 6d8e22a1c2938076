"""builder.api.globals_reexports: names a package copies into its globals from a submodule."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file

INIT = '''"""A package."""

__all__ = ["Error"]


class Error(Exception):
    """Its own."""


def _reexport(mod):
    __all__.extend(mod.__all__)
    for var in mod.__all__:
        globals()[var] = getattr(mod, var)


import pkg.high
_reexport(pkg.high)
'''

HIGH = '''__all__ = ["dmatrix"]
__all__ += ["Error"]


def dmatrix(formula):
    """Build a design matrix."""


def hidden():
    """Not listed."""


class Error(Exception):
    """Shadowed by the package's own."""
'''


def test_names_a_helper_copies_into_the_package_s_globals_are_its_own(tmp_path: Path) -> None:
    # patsy 1.0.3's __init__ re-exports each submodule's __all__ with a "_reexport" helper:
    # every autofunction and autoclass of its reference ("patsy.dmatrix") was not found.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(INIT, encoding="utf-8")
    (tmp_path / "pkg" / "high.py").write_text(HIGH, encoding="utf-8")
    page = (
        "API\n===\n\n.. autofunction:: pkg.dmatrix\n\n.. autoclass:: pkg.Error\n\n"
        ".. autofunction:: pkg.hidden\n"
    )
    parsed = parse_file("api.rst", page, GriffeSource(tmp_path, ApiSettings(), str(tmp_path)))
    assert parsed is not None
    bodies = {section.heading: section.body for section in parsed.sections}
    assert bodies["pkg.dmatrix"] == "`pkg.dmatrix(formula)`\n\nBuild a design matrix."
    assert bodies["pkg.Error"] == "`pkg.Error()`\n\nIts own."
    assert [warning.message for warning in parsed.warnings] == [
        "autofunction pkg.hidden: not found in the code in " + str(tmp_path)
    ]


def test_names_no_python_name_can_be_are_not_copied(tmp_path: Path) -> None:
    # griffe sets a member named "x.y" as member y of a member x: with no x, loading the
    # package raised KeyError out of the build.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(INIT, encoding="utf-8")
    (tmp_path / "pkg" / "high.py").write_text(
        HIGH.replace('["dmatrix"]', '["x.y", "", "dmatrix"]'), encoding="utf-8"
    )
    page = "API\n===\n\n.. autofunction:: pkg.dmatrix\n"
    parsed = parse_file("api.rst", page, GriffeSource(tmp_path, ApiSettings(), str(tmp_path)))
    assert parsed is not None
    bodies = {section.heading: section.body for section in parsed.sections}
    assert bodies["pkg.dmatrix"] == "`pkg.dmatrix(formula)`\n\nBuild a design matrix."
