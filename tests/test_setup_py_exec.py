"""builder.setup_py_exec: the version a setup.py reads by running a file of the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.project_metadata import setup_py_version

# pathvalidate 2.5.2's setup.py (the lines that read its version): other files read by "f"
# before and after the one it runs.
_INTO_A_DICT = """import os.path
import setuptools

MODULE_NAME = "pathvalidate"
pkg_info = {}

with open("README.rst") as f:
    long_description = f.read()

with open(os.path.join(MODULE_NAME, "__version__.py")) as f:
    exec(f.read(), pkg_info)

with open(os.path.join("requirements", "requirements.txt")) as f:
    INSTALL_REQUIRES = [line.strip() for line in f if line.strip()]

setuptools.setup(name=MODULE_NAME, version=pkg_info["__version__"])
"""
# fastjsonschema 2.16.3's: execfile on Python 2, exec of the file's text on Python 3.
_INTO_THE_MODULE = """from setuptools import setup

try:
    execfile('fastjsonschema/version.py')
except NameError:
    exec(open('fastjsonschema/version.py').read())

setup(name='fastjsonschema', version=VERSION)
"""
# The "setup.py for humans" template: the path joined below the setup.py's own folder.
_ABOUT = """import os
from setuptools import setup

here = os.path.abspath(os.path.dirname(__file__))
about = {}
with open(os.path.join(here, "mypkg", "__version__.py")) as f:
    exec(f.read(), about)

setup(name="mypkg", version=about["__version__"])
"""


@pytest.mark.parametrize(
    ("setup_py", "path", "version_file"),
    [
        (_INTO_A_DICT, "pathvalidate/__version__.py", '__version__ = "2.5.2"\n'),
        (_INTO_THE_MODULE, "fastjsonschema/version.py", "VERSION = '2.5.2'\n"),
        (_ABOUT, "mypkg/__version__.py", "__title__ = 'mypkg'\n__version__ = '2.5.2'\n"),
    ],
)
def test_the_version_is_read_from_the_file_setup_py_runs(
    tmp_path: Path, setup_py: str, path: str, version_file: str
) -> None:
    (tmp_path / "setup.py").write_text(setup_py, encoding="utf-8")
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(version_file, encoding="utf-8")
    assert setup_py_version(tmp_path) == "2.5.2"


def test_a_name_the_file_does_not_assign_or_another_dict_gives_no_version(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text(
        _ABOUT.replace('about["__version__"]', 'other["__version__"]'), encoding="utf-8"
    )
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__version__.py").write_text("__version__ = '2.5.2'\n")
    assert setup_py_version(tmp_path) == ""
    (tmp_path / "setup.py").write_text(_INTO_THE_MODULE, encoding="utf-8")
    (tmp_path / "fastjsonschema").mkdir()
    (tmp_path / "fastjsonschema" / "version.py").write_text("VERSION = get_version()\n")
    assert setup_py_version(tmp_path) == ""


def test_an_expression_nested_deep_leaves_the_file_run_found(tmp_path: Path) -> None:
    # A long description joined with '+' over many lines nests a few hundred deep, which
    # ast.parse reads; the walk for exec() recursed once a level and its RecursionError
    # stopped docbuild init.
    joined = " +\n    ".join(f'"line {n}\\n"' for n in range(1000))
    described = f"long_description = (\n    {joined}\n)\n\ntry:"
    setup_py = _INTO_THE_MODULE.replace("try:", described)
    (tmp_path / "setup.py").write_text(setup_py, encoding="utf-8")
    (tmp_path / "fastjsonschema").mkdir()
    (tmp_path / "fastjsonschema" / "version.py").write_text("VERSION = '2.16.3'\n")
    assert setup_py_version(tmp_path) == "2.16.3"
