"""builder.api.conf_paths: the folders a conf.py puts on sys.path, read without running it."""

from __future__ import annotations

from builder.api.conf_paths import sys_path_folders


def test_paths_are_read_relative_to_the_conf_py_in_sys_path_order() -> None:
    source = (
        "import os, sys\n"
        "from pathlib import Path\n"
        'sys.path.insert(0, os.path.abspath("../../lib"))\n'  # SQLAlchemy's two lines
        'sys.path.insert(0, os.path.abspath("../.."))\n'
        "here = os.path.dirname(os.path.abspath(__file__))\n"
        'sys.path.append(os.path.join(here, "..", "src"))\n'
        'sys.path.append(str(Path(__file__).parents[1] / "pkg"))\n'
        "sys.path.append(str(Path(__file__).resolve().parent.parent))\n"
        "project_root = os.path.dirname(os.getcwd())\n"  # cattrs' conf.py
        "sys.path.insert(0, project_root)\n"
        "if True:\n"
        '    sys.path.insert(0, str(Path("..", "code").resolve()))\n'
    )
    # Each insert at 0 goes before the ones made earlier; appends follow, in order.
    assert sys_path_folders(source) == (
        "../code", "..", "../..", "../../lib", "../src", "../pkg",
    )  # fmt: skip


def test_paths_built_any_other_way_are_not_read() -> None:
    source = (
        "import os, sys\n"
        'sys.path.insert(0, os.environ["CODE"])\n'
        "for folder in ['a', 'b']:\n"
        "    sys.path.append(folder)\n"
        "sys.path.append(os.path.join(base, 'd'))\n"  # base was never assigned
        "sys.path += ['e', os.environ['F']]\n"  # one path of the list not read
        "sys.path = folders + sys.path\n"  # folders was never assigned a list
        "def setup_extra(app):\n"
        "    sys.path.append('g')\n"
        "def other(app):\n"  # a function Sphinx does not call
        "    sys.path.append('c')\n"
        "sys.path = sys.path[1:] + [os.environ['E']]\n"
        "sys.path[1:1] = ['f']\n"
    )
    assert sys_path_folders(source) == ()


def test_lists_of_paths_and_the_setup_function_s_paths_are_read() -> None:
    # pyodide 314.0.5's docs/conf.py: extra_sys_path_dirs = [str(base_dir), str(base_dir /
    # "src/py")], put first in setup(app) by "sys.path = extra_sys_path_dirs + sys.path": its
    # python-api pages' six automodules were "not found in the code in src".
    source = (
        "import sys\n"
        "from pathlib import Path\n"
        "base_dir = Path(__file__).resolve().parent.parent\n"
        'extra = [str(base_dir), str(base_dir / "src/py")]\n'
        "if True:\n"
        '    sys.path = [str(base_dir / "docs/ext")] + sys.path\n'
        "sys.path.extend(['../lib', '../tools'])\n"
        "sys.path += ('../more',)\n"
        "sys.path = sys.path + ['../last']\n"
        "def setup(app):\n"
        "    sys.path = extra + sys.path\n"
        "    sys.path[:0] = ['../first']\n"
    )
    assert sys_path_folders(source) == (
        "../first", "..", "../src/py", "../docs/ext", "../lib", "../tools", "../more", "../last",
    )  # fmt: skip
    assert sys_path_folders("sys.path.append(") == ()


def test_lists_of_paths_and_the_lines_of_setup_are_read() -> None:
    """Pyodide 314.0.5's docs/conf.py assigns a list of its folders at the top level and puts
    it before sys.path in setup() (src/py holds the package autodoc documents)."""
    source = (
        "import sys\n"
        "from pathlib import Path\n"
        "base_dir = Path(__file__).resolve().parent.parent\n"
        "extra_sys_path_dirs = [\n"
        "    str(base_dir),\n"
        '    str(base_dir / "src/py"),\n'
        "]\n"
        "sys.path.insert(0, 'first')\n"
        "def setup(app):\n"
        "    sys.path = extra_sys_path_dirs + sys.path\n"
        "    if app:\n"
        "        sys.path.append('last')\n"
        "sys.path[:0] = ('a', 'b')\n"
        "sys.path += ['c']\n"
        "sys.path = sys.path + ['d']\n"
        "sys.path.extend([str(base_dir / 'e')])\n"
    )
    # The file's lines run first, then setup()'s: its list goes before all of them.
    assert sys_path_folders(source) == (
        "..",
        "../src/py",
        "a",
        "b",
        "first",
        "c",
        "d",
        "../e",
        "last",
    )
