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
        "def setup(app):\n"
        "    sys.path.append('c')\n"
        "sys.path.append(os.path.join(base, 'd'))\n"  # base was never assigned
        "sys.path += ['e']\n"
    )
    assert sys_path_folders(source) == ()
    assert sys_path_folders("sys.path.append(") == ()
