"""builder.parsers.rst.console_scripts: the commands a project declares, read as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.includes import IncludeReader, include_root
from builder.parsers.rst.console_scripts import console_scripts


def _scripts(tmp_path: Path, files: dict[str, str]) -> dict[str, str]:
    (tmp_path / "docs").mkdir()
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return console_scripts(IncludeReader(include_root(tmp_path / "docs", None, None)))


def test_scripts_from_each_place_a_project_declares_them(tmp_path: Path) -> None:
    files = {
        "setup.py": 'EP = {"console_scripts": ("a = pkg.a:main",), "gui_scripts": ["g=x:y"]}\n',
        "setup.cfg": "[options.entry_points]\nconsole_scripts =\n    b = pkg.b:main\n",
        "pyproject.toml": '[project.scripts]\nc = "pkg.c:main"\n'
        '[tool.poetry.scripts]\nd = "pkg.d:main"\n',
    }
    assert _scripts(tmp_path, files) == {
        "a": "pkg.a:main",
        "b": "pkg.b:main",
        "c": "pkg.c:main",
        "d": "pkg.d:main",
    }


@pytest.mark.parametrize(
    "setup_py",
    [
        "console_scripts = (",  # not Python
        "x = {'console_scripts': SCRIPTS, 'console_scripts ': [1, 'a=b:c']}\n",
        "x = " + "[" * 100_000 + "'console_scripts'" + "]" * 100_000 + "\n",  # too deep
        "x = {**{'console_scripts': ['=b:c', 'name=']}}\n",
    ],
)
def test_a_setup_py_of_other_shapes_declares_nothing(tmp_path: Path, setup_py: str) -> None:
    assert _scripts(tmp_path, {"setup.py": setup_py}) == {}
