"""Jinja's ``jinja:filters`` and ``jinja:tests`` directives, filled from the dict they name."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file

FILTERS = (
    '"""Filters."""\n'
    "import operator\n\n\n"
    "def pass_environment(f):\n    return f\n\n\n"
    "def async_variant(normal):\n    return lambda f: f\n\n\n"
    "@pass_environment\n"
    "def do_attr(environment, obj, name: str):\n"
    '    """Get an attribute of an object."""\n\n\n'
    "def do_default(value, default_value='', boolean: bool = False):\n"
    '    """The value, or ``default_value`` when it is undefined."""\n\n\n'
    "def sync_do_first(environment, seq):\n"
    '    """Return the first item of a sequence."""\n\n\n'
    "@async_variant(sync_do_first)\n"
    "async def do_first(environment, seq):\n"
    "    pass\n\n\n"
    "FILTERS = {\n"
    '    "abs": abs,\n'
    '    "attr": do_attr,\n'
    '    "d": do_default,\n'
    '    "default": do_default,\n'
    '    "first": do_first,\n'
    '    "==": operator.eq,\n'
    '    "eq": operator.eq,\n'
    '    "equalto": operator.eq,\n'
    "}\n"
)
PAGE = (
    "Filters\n=======\n\n"  # 1-3
    ".. py:currentmodule:: jinja-filters\n\n"  # 4-5
    ".. jinja:filters:: tmpl.defaults.DEFAULT_FILTERS\n\n"  # 6-7
    ".. jinja:tests:: tmpl.defaults.MISSING\n"  # 8
)


def test_each_function_is_described_under_its_longest_name(tmp_path: Path) -> None:
    (tmp_path / "tmpl").mkdir()
    (tmp_path / "tmpl" / "__init__.py").write_text("")
    (tmp_path / "tmpl" / "filters.py").write_text(FILTERS)
    (tmp_path / "tmpl" / "defaults.py").write_text(
        "from .filters import FILTERS as DEFAULT_FILTERS\n"
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("filters.rst", PAGE, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        # The table of names (five columns), and text after the descriptions.
        ("Filters", "abs | attr | default | eq | first\n\n`tmpl.defaults.MISSING`"),
        ("jinja-filters.abs", "`abs(value)`"),
        ("jinja-filters.attr", "`attr(obj, name: str)`\n\nGet an attribute of an object."),
        (
            "jinja-filters.default",
            "`default(value, default_value='', boolean: bool = False)`\n\n"
            "The value, or `default_value` when it is undefined.\n\naliases: `d`",
        ),
        ("jinja-filters.eq", "`eq(value)`\n\naliases: `==`, `equalto`"),
        # An async filter has its docstring on the sync function it wraps.
        ("jinja-filters.first", "`first(seq)`\n\nReturn the first item of a sequence."),
    ]
    (warning,) = parsed.warnings
    assert warning.where == "filters.rst:8" and "tmpl.defaults.MISSING: no dict" in warning.message
