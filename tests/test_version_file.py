"""builder.version_file: a dynamic version read from the file each build backend names."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from builder.version_file import version_from_file, version_in_package


@pytest.mark.parametrize(
    ("pyproject", "relpath", "code"),
    [
        ('[tool.hatch.version]\npath = "httpx/__version__.py"\n', "httpx/__version__.py",
         '__title__ = "httpx"\n__version__ = "0.28.1"\n'),
        ('[tool.pdm.version]\nsource = "file"\npath = "typer/__init__.py"\n', "typer/__init__.py",
         '"""Typer."""\n\n__version__ = "0.15.1"\n'),
        ('[tool.setuptools.dynamic]\nversion = {attr = "thing.about.__version__"}\n',
         "src/thing/about/__init__.py", "__version__: str = 'v2.0.0rc1'\n"),
        ('[build-system]\nbuild-backend = "flit_core.buildapi"\n[project]\nname = "my-lib"\n',
         "my_lib/__init__.py", 'VERSION = "3.1"\n'),
    ],
)  # fmt: skip
def test_each_backend_names_the_file_the_version_is_read_from(
    tmp_path: Path, pyproject: str, relpath: str, code: str
) -> None:
    path = tmp_path / relpath
    path.parent.mkdir(parents=True)
    path.write_text(code, encoding="utf-8")
    expected = code.split("=")[-1].strip().strip("'\"").removeprefix("v")
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == expected


def test_no_file_or_no_assignment_is_no_version(tmp_path: Path) -> None:
    (tmp_path / "pkg.py").write_text("__version__ = compute()\n", encoding="utf-8")
    assert (
        version_from_file(tmp_path, tomllib.loads('[tool.hatch.version]\npath = "pkg.py"\n')) == ""
    )
    assert (
        version_from_file(tmp_path, tomllib.loads('[tool.hatch.version]\npath = "gone.py"\n')) == ""
    )
    assert version_from_file(tmp_path, {}) == ""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("__version__ = '.'.join(str(part) for part in version_info)\n", ""),  # glom 24.11.0
        ('__version__ = "1" + SUFFIX\n', ""),
        ('__version__ = "2.0.1"  # bumped by the release script\n', "2.0.1"),
        ('__version__ = "2.0.2"\r\nVERSION_INFO = (2, 0, 2)\r\n', "2.0.2"),
        ("__version__: Final = '9.1.0'\n", "9.1.0"),  # Sphinx 9.1.0
        ('__version__: typing.Final[str] = "1.4"\n', "1.4"),
    ],
)
def test_only_a_string_that_is_the_whole_value_is_the_version(
    tmp_path: Path, code: str, expected: str
) -> None:
    (tmp_path / "pkg.py").write_bytes(code.encode("utf-8"))
    pyproject = tomllib.loads('[tool.hatch.version]\npath = "pkg.py"\n')
    assert version_from_file(tmp_path, pyproject) == expected


def test_a_path_leading_out_of_the_project_is_not_read(tmp_path: Path) -> None:
    project, outside = tmp_path / "project", tmp_path / "outside.py"
    project.mkdir()
    outside.write_text('__version__ = "9.9"\n', encoding="utf-8")
    for path in (str(outside), "../outside.py"):
        pyproject = {"tool": {"hatch": {"version": {"path": path}}}}
        assert version_from_file(project, pyproject) == ""
    # Nor through a link inside it that leads out (a package folder linked elsewhere).
    (project / "src").symlink_to(tmp_path)
    pyproject = {"tool": {"hatch": {"version": {"path": "src/outside.py"}}}}
    assert version_from_file(project, pyproject) == ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_is_no_version_file(tmp_path: Path) -> None:
    # Reading a pipe named as the version file waited for a writer that never came.
    os.mkfifo(tmp_path / "pkg.py")
    pyproject = {"tool": {"hatch": {"version": {"path": "pkg.py"}}}}
    assert version_from_file(tmp_path, pyproject) == ""


PKG_ATTR = '[tool.setuptools.dynamic]\nversion = {attr = "pkg._v.__version__"}\n'


def test_setuptools_attr_is_read_below_the_package_dir_setuptools_names(tmp_path: Path) -> None:
    # python-dotenv 1.2.2: package-dir {"" = "src"} and attr "dotenv.version.__version__", the
    # version in src/dotenv/version.py, a module, not a package: the catalog read 0.0.0.
    (tmp_path / "src" / "dotenv").mkdir(parents=True)
    (tmp_path / "src" / "dotenv" / "version.py").write_text('__version__ = "1.2.2"\n', "utf-8")
    attr = '[tool.setuptools.dynamic]\nversion = {attr = "dotenv.version.__version__"}\n'
    assert version_from_file(tmp_path, tomllib.loads(attr)) == "1.2.2"
    (tmp_path / "lib" / "pkg").mkdir(parents=True)
    (tmp_path / "lib" / "pkg" / "_v.py").write_text('__version__ = "4.0"\n', "utf-8")
    for where in (
        'package-dir = {"" = "lib/"}',
        '[tool.setuptools.packages.find]\nwhere = ["lib"]',
    ):
        found = f"[tool.setuptools]\n{where}\n{PKG_ATTR}"
        assert version_from_file(tmp_path, tomllib.loads(found)) == "4.0"
    # A root that leads out of the project, or is no string, is not read.
    outside = tmp_path / "project"
    outside.mkdir()
    for where in ('package-dir = {"" = "../lib"}', 'package-dir = {"" = 3}'):
        found = f"[tool.setuptools]\n{where}\n{PKG_ATTR}"
        assert version_from_file(outside, tomllib.loads(found)) == ""


def test_setuptools_reads_a_file_holding_the_version_alone(tmp_path: Path) -> None:
    # dynaconf 3.3.5: version = {file = "dynaconf/VERSION"}, a file of "3.3.5" and no newline;
    # init wrote version 0.0.0 for its checkout.
    (tmp_path / "dynaconf").mkdir()
    (tmp_path / "dynaconf" / "VERSION").write_text("3.3.5", encoding="utf-8")
    pyproject = '[tool.setuptools.dynamic]\nversion = {file = "dynaconf/VERSION"}\n'
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == "3.3.5"
    # A list of files: the first holds the version.
    (tmp_path / "VERSION.txt").write_text("  2.1.0\n\n", encoding="utf-8")
    pyproject = '[tool.setuptools.dynamic]\nversion = {file = ["VERSION.txt", "extra"]}\n'
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == "2.1.0"
    # A file of anything else than one version names none, nor does one out of the project.
    (tmp_path / "VERSION.txt").write_text("version 2\nbuilt today\n", encoding="utf-8")
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == ""
    (tmp_path.parent / "outside").write_text("9.9\n", encoding="utf-8")
    pyproject = '[tool.setuptools.dynamic]\nversion = {file = "../outside"}\n'
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == ""
    pyproject = f'[tool.setuptools.dynamic]\nversion = {{file = "{tmp_path.parent}/outside"}}\n'
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == ""


def test_a_package_gives_the_version_its_init_imports_from_a_module_of_its_own(
    tmp_path: Path,
) -> None:
    # respx 0.23.1: setup.py reads respx/__version__.py, which respx/__init__.py imports from;
    # init read the __init__.py alone and wrote version 0.0.0.
    package = tmp_path / "respx"
    package.mkdir()
    (package / "__version__.py").write_text('__version__ = "0.23.1"\n', "utf-8")
    init = package / "__init__.py"
    init.write_text("from .__version__ import __version__\nfrom .api import mock\n", "utf-8")
    assert version_in_package(tmp_path, "respx") == "0.23.1"
    init.write_text("from .__version__ import VERSION, __version__\n", "utf-8")
    assert version_in_package(tmp_path, "respx") == "0.23.1"
    # sanic 25.12.0 names its own package: "from sanic.__version__ import __version__".
    init.write_text("import os\nfrom respx.__version__ import __version__\n", "utf-8")
    assert version_in_package(tmp_path, "respx") == "0.23.1"
    # An assignment in __init__.py comes first; a module not of the package, or a name
    # other than __version__, gives none.
    init.write_text('from .__version__ import __version__\n__version__ = "1.0"\n', "utf-8")
    assert version_in_package(tmp_path, "respx") == "1.0"
    for text in (
        "from __version__ import __version__\n",
        "from other.__version__ import __version__\n",
        "from .__version__ import __version_info__\n",
        "from .missing import __version__\n",
    ):
        init.write_text(text, "utf-8")
        assert version_in_package(tmp_path, "respx") == "", text


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # gunicorn 26.1.0's gunicorn/__init__.py
        ('version_info = (26, 1, 0)\n__version__ = ".".join([str(v) for v in version_info])\n',
         "26.1.0"),
        ("VERSION = (0, 13, 'dev1')\n__version__ = '.'.join(map(str, VERSION))\n", "0.13.dev1"),
        ("v = (2, 0)\nVERSION = '.'.join(str(p) for p in v)\n", "2.0"),
        # Not a tuple of literals, another function, parts that make no version: no version.
        ("version_info = (major(), 1)\n__version__ = '.'.join(map(str, version_info))\n", ""),
        ("version_info = (1, 2)\n__version__ = '.'.join(map(repr, version_info))\n", ""),
        ("version_info = (1, 'final', 0)\n__version__ = '-'.join(map(str, version_info))\n", ""),
        ("__version__ = '.'.join(map(str, version_info))\nversion_info = (1, 2)\n", ""),
        ("version_info = (1, 2\n__version__ = '.'.join(map(str, version_info))\n", ""),
    ],
)  # fmt: skip
def test_a_version_joined_from_a_tuple_the_module_assigns_is_read(
    tmp_path: Path, code: str, expected: str
) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(code, encoding="utf-8")
    pyproject = '[tool.setuptools.dynamic]\nversion = {attr = "pkg.__version__"}\n'
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == expected
    assert version_in_package(tmp_path, "pkg") == expected


@pytest.mark.parametrize(
    ("release", "expected"),
    [
        ('(7, 4, 3, "final", 1)', "7.4.3"),  # Wagtail 7.4.3's wagtail/__init__.py
        ('(5, 2, 0, "final", 0)', "5.2"),  # Django leaves out a micro of 0
        ('(6, 0, 0, "rc", 1)', "6.0rc1"),
        ('(6, 1, 2, "beta", 2)', "6.1.2b2"),
        # A development release (its version read from git), a level Django has not, a
        # tuple of another length: none.
        ('(6, 1, 0, "alpha", 0)', ""),
        ('(6, 1, 0, "gamma", 1)', ""),
        ("(6, 1, 0)", ""),
    ],
)
def test_a_version_django_s_get_version_makes_of_the_release_tuple_is_read(
    tmp_path: Path, release: str, expected: str
) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        "from pkg.utils.version import get_version\n\n"
        f"VERSION = {release}\n"
        "__version__ = get_version(VERSION)\n",
        encoding="utf-8",
    )
    pyproject = '[tool.setuptools.dynamic]\nversion = {attr = "pkg.__version__"}\n'
    assert version_from_file(tmp_path, tomllib.loads(pyproject)) == expected


def test_a_project_of_one_module_gives_the_version_it_assigns(tmp_path: Path) -> None:
    # bottle 0.13.4: setup.py reads bottle.__version__ from bottle.py, beside it.
    (tmp_path / "bottle.py").write_text("__version__ = '0.13.4'\n", encoding="utf-8")
    assert version_in_package(tmp_path, "bottle") == "0.13.4"
    # Linked out of the project, the module is not read.
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "bottle.py").symlink_to(tmp_path / "bottle.py")
    assert version_in_package(tmp_path / "project", "bottle") == ""
    # A package of that name comes first.
    (tmp_path / "bottle").mkdir()
    (tmp_path / "bottle" / "__init__.py").write_text("__version__ = '1.0'\n", encoding="utf-8")
    assert version_in_package(tmp_path, "bottle") == "1.0"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # Kivy 2.3.1's kivy/_version.py, which kivy/__init__.py imports __version__ from.
        ("MAJOR = 2\nMINOR = 3\nMICRO = 1\n__version__ = '%d.%d.%d' % (MAJOR, MINOR, MICRO)\n",
         "2.3.1"),
        ("version_info = (1, 4, 'rc1')\n__version__ = '%d.%d%s' % version_info\n", "1.4rc1"),
        ("__version__ = '%s.%s' % (1, 2)\n", "1.2"),
        # A width, a name assigned later or not a literal, a wrong count: none.
        ("MAJOR = 2\n__version__ = '%999999d' % (MAJOR,)\n", ""),
        ("__version__ = '%d.%d' % (MAJOR, 1)\nMAJOR = 2\n", ""),
        ("MAJOR = 2\nMAJOR = compute()\n__version__ = '%d.%d' % (MAJOR, 1)\n", ""),
        ("__version__ = '%d.%d' % (1,)\n", ""),
    ],
)  # fmt: skip
def test_a_version_formatted_of_numbers_the_module_assigns_is_read(
    tmp_path: Path, code: str, expected: str
) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("from pkg._version import __version__\n")
    (tmp_path / "pkg" / "_version.py").write_text(code, encoding="utf-8")
    assert version_in_package(tmp_path, "pkg") == expected


def test_a_package_folder_or_version_module_linked_out_of_the_project_gives_no_version(
    tmp_path: Path,
) -> None:
    # A checkout's package folder linked elsewhere (foo -> ../outside/foo) gave the catalog
    # that other folder's version, where the backend's own file is checked to stay inside.
    outside = tmp_path / "outside" / "foo"
    outside.mkdir(parents=True)
    (outside / "__init__.py").write_text('__version__ = "9.9.9"\n', encoding="utf-8")
    (outside / "_version.py").write_text('__version__ = "8.8.8"\n', encoding="utf-8")
    project = tmp_path / "project"
    project.mkdir()
    (project / "foo").symlink_to(outside)
    assert version_in_package(project, "foo") == ""
    assert version_in_package(project / "src", "foo", project) == ""
    # The package inside, its version module linked out.
    (project / "foo").unlink()
    (project / "foo").mkdir()
    (project / "foo" / "__init__.py").write_text(
        "from ._version import __version__\n", encoding="utf-8"
    )
    (project / "foo" / "_version.py").symlink_to(outside / "_version.py")
    assert version_in_package(project, "foo") == ""
    (project / "foo" / "_version.py").unlink()
    (project / "foo" / "_version.py").write_text('__version__ = "1.0"\n', encoding="utf-8")
    assert version_in_package(project, "foo") == "1.0"


def test_a_line_importing_many_names_is_read_in_one_pass(tmp_path: Path) -> None:
    # The spaces around each comma were read two ways, 2**n tries on a line importing n
    # names and not __version__: 22 names took 2.6 s, 30 minutes; these 64 never ended.
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "_version.py").write_text('__version__ = "3.1.4"\n', encoding="utf-8")
    names = ", ".join(f"name{i}" for i in range(64))
    (package / "__init__.py").write_text(
        f"from .core import {names}\nfrom .more import (a as b,  c)\n"
        "from ._version import ( VERSION as V,  __version__ )\n",
        encoding="utf-8",
    )
    assert version_in_package(tmp_path, "pkg") == "3.1.4"
