"""builder.api.main_guard: a module's __main__ block is not part of what it defines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from builder.api.main_guard import IMPORTED, MAIN, main_test
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


def test_the_reverse_guard_keeps_its_body_and_drops_its_else(tmp_path: Path) -> None:
    # 'if __name__ != "__main__":' runs its body on import and its else as a script: the
    # else's ring replaced the module's documented one and its variable was a member.
    (tmp_path / "tool").mkdir()
    (tmp_path / "tool" / "__init__.py").write_text(
        'def ring(n):\n    """Create a ring."""\n\n\nif __name__ != "__main__":\n'
        '    def helper(x):\n        """Help on import."""\n'
        "else:\n    def ring(n):\n        pass\n\n    attempts = 3\n",
        encoding="utf-8",
    )
    text = "T\n=\n\n.. automodule:: tool\n   :members:\n   :undoc-members:\n"
    parsed = parse_file("t.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [(section.heading, section.body) for section in parsed.sections[1:]] == [
        ("tool.helper", "`helper(x)`\n\nHelp on import."),
        ("tool.ring", "`ring(n)`\n\nCreate a ring."),
    ]
    assert "attempts" not in parsed.sections[0].body


@pytest.mark.parametrize(
    ("test", "kind"),
    [
        ("__name__ == '__main__'", MAIN),
        ('"__main__" == __name__', MAIN),
        ("__name__ != '__main__'", IMPORTED),
        ("'__main__' != __name__", IMPORTED),
        ("__name__ == 'tool'", ""),
        ("name == '__main__'", ""),
        ("__name__ is '__main__'", ""),
    ],
)
def test_main_tests_are_recognised(test: str, kind: str) -> None:
    assert main_test(ast.parse(test, mode="eval").body) == kind
