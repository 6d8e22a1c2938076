"""The part of an included file that include and literalinclude options select."""

from __future__ import annotations

import pytest

from builder.parsers.included_lines import (
    SelectionError,
    language_of,
    select_include,
    select_literal,
)

CHANGELOG = "Header\n.. start\nVersion 2\n---------\n.. end\nFooter\n"
CODE = """import os


@decorator
def helper():
    return 1


class Shape:
    def area(self):
        return 0

    def name(self):
        return "shape"
"""


def test_include_selects_by_line_numbers_then_by_markers() -> None:
    assert select_include(CHANGELOG, {"start-after": ".. start\n", "end-before": ".. end"}) == (
        "Version 2\n---------\n"
    )
    assert select_include(CHANGELOG, {"start-line": "2", "end-line": "4"}) == (
        "Version 2\n---------"
    )
    with pytest.raises(SelectionError, match="start-after text 'nowhere' not found"):
        select_include(CHANGELOG, {"start-after": "nowhere"})
    # apscheduler's ':start-after: Reporting bugs' continued by the title's underline on the
    # next line: docutils keeps the line break, the directive's reader gives a space.
    assert select_include(CHANGELOG, {"start-after": "Version 2 ---------"}) == (
        "\n.. end\nFooter\n"
    )
    with pytest.raises(SelectionError, match="not a number"):
        select_include(CHANGELOG, {"start-line": "two"})


def test_literalinclude_takes_an_object_with_its_decorators() -> None:
    assert select_literal(CODE, {"pyobject": "helper"}) == [
        "@decorator",
        "def helper():",
        "    return 1",
    ]
    assert select_literal(CODE, {"pyobject": "Shape.name", "dedent": "4"}) == [
        "def name(self):",
        '    return "shape"',
    ]
    with pytest.raises(SelectionError, match=r"pyobject 'Shape\.volume' not found"):
        select_literal(CODE, {"pyobject": "Shape.volume"})
    with pytest.raises(SelectionError, match="not Python"):
        select_literal("def (:\n", {"pyobject": "f"})


def test_literalinclude_lines_markers_and_additions() -> None:
    assert select_literal(CODE, {"lines": "1,9-10"}) == [
        "import os",
        "class Shape:",
        "    def area(self):",
    ]
    assert select_literal(CODE, {"lines": "14-"}) == ['        return "shape"']
    assert select_literal(CODE, {"start-at": "class", "end-before": "def name"}) == [
        "class Shape:",
        "    def area(self):",
        "        return 0",
        "",
    ]
    assert select_literal(CODE, {"start-after": "import", "end-at": "@", "prepend": "# p"}) == [
        "# p",
        "",
        "",
        "@decorator",
    ]
    with pytest.raises(SelectionError, match="selects nothing"):
        select_literal(CODE, {"lines": "40-50"})
    with pytest.raises(SelectionError, match="not a list"):
        select_literal(CODE, {"lines": "a-b"})


def test_the_language_follows_the_suffix() -> None:
    assert language_of("examples/app.py") == "python"
    assert language_of("conf/settings.TOML") == "toml"
    assert language_of("Makefile", "text") == "text"


def test_end_before_passes_over_the_first_line_as_sphinx_does() -> None:
    """``:start-at: def area`` with ``:end-before: def`` is the usual way to show one
    method: the first line holds the marker too, and Sphinx's end filter skips it."""
    options = {"start-at": "def area", "end-before": "def "}
    assert select_literal(CODE, options) == ["    def area(self):", "        return 0", ""]
    # end-at stops at the first line that holds its marker, that line kept.
    assert select_literal(CODE, {"start-at": "def area", "end-at": "def "}) == [
        "    def area(self):"
    ]
    with pytest.raises(SelectionError, match="end-before text 'def area' not found"):
        select_literal(CODE, {"start-at": "def area", "end-before": "def area"})
