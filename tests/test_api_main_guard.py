"""builder.api.main_guard: a module's __main__ block is not part of what it defines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from builder.api.main_guard import is_main_test
from builder.parsers import parse_file
from tests.api_support import package_source


def test_a_name_the_main_block_imports_again_is_still_the_module_function(
    tmp_path: Path,
) -> None:
    # libpysal 4.7.0's weights/util.py: lat2W defined, then tested under the guard after
    # 'from libpysal.weights import lat2W', an alias of itself that no lookup followed.
    (tmp_path / "grid").mkdir()
    (tmp_path / "grid" / "__init__.py").write_text("from .util import *\n", encoding="utf-8")
    (tmp_path / "grid" / "util.py").write_text(
        '__all__ = ["lattice", "ring"]\n\n\n'
        'def lattice(rows=5):\n    """Create a regular lattice."""\n\n\n'
        'def ring(n):\n    """Create a ring."""\n\n\n'
        'if __name__ == "__main__":\n'
        "    from grid import lattice\n\n"
        "    def ring(n):\n        pass\n\n"
        "    attempts = 3\n    assert lattice(attempts)\n",
        encoding="utf-8",
    )
    text = (
        "Grid\n====\n\n.. autofunction:: grid.lattice\n\n.. autofunction:: grid.util.ring\n\n"
        ".. automodule:: grid.util\n   :members:\n   :undoc-members:\n"
    )
    parsed = parse_file("grid.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [(section.heading, section.body) for section in parsed.sections[1:3]] == [
        ("grid.lattice", "`grid.lattice(rows=5)`\n\nCreate a regular lattice."),
        ("grid.util.ring", "`grid.util.ring(n)`\n\nCreate a ring."),
    ]
    # The block's variable is none of the module's members.
    assert "attempts" not in "\n".join(section.body for section in parsed.sections)


def test_the_else_of_a_main_guard_runs_on_import(tmp_path: Path) -> None:
    (tmp_path / "tool").mkdir()
    (tmp_path / "tool" / "__init__.py").write_text(
        "if __name__ == '__main__':\n    MODE = 'script'\nelse:\n"
        "    #: How the module was loaded.\n    MODE = 'library'\n",
        encoding="utf-8",
    )
    parsed = parse_file("t.rst", "T\n=\n\n.. autodata:: tool.MODE\n", package_source(tmp_path))
    assert parsed is not None
    assert parsed.sections[-1].body == "`tool.MODE = 'library'`\n\nHow the module was loaded."


@pytest.mark.parametrize(
    ("test", "main"),
    [
        ("__name__ == '__main__'", True),
        ('"__main__" == __name__', True),
        ("__name__ != '__main__'", False),
        ("__name__ == 'tool'", False),
        ("name == '__main__'", False),
    ],
)
def test_main_tests_are_recognised(test: str, main: bool) -> None:
    assert is_main_test(ast.parse(test, mode="eval").body) is main
