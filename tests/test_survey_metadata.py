"""What docbuild init reads of a library's name and summary: pyproject.toml (PEP 621 or
Poetry's table), a source archive's PKG-INFO, setup.cfg, a setup.py's setup call."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.starter import render_catalog
from builder.survey import survey_project


def test_metadata_comes_from_pyproject_and_a_source_archives_pkg_info(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n\nText.\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "Flask-Thing"\ndynamic = ["version"]\ndescription = "Does things"\n'
        '[project.urls]\nDocumentation = "https://thing.example/docs/"\nChat = "irc://x"\n',
        encoding="utf-8",
    )
    (tmp_path / "PKG-INFO").write_text(
        "Metadata-Version: 2.1\nName: Flask-Thing\nVersion: 2.4.1\n", encoding="utf-8"
    )
    survey = survey_project(tmp_path)
    assert (survey.library_id, survey.name, survey.version, survey.version_known) == (
        "flask-thing",
        "Flask-Thing",
        "2.4.1",
        True,
    )
    assert survey.summary == "Does things" and survey.homepage == "https://thing.example/docs/"
    assert survey.packages == ("pypi:flask-thing",)
    assert (survey.kind, survey.docs) == ("markdown", "docs")


def test_metadata_comes_from_poetry_s_table(tmp_path: Path) -> None:
    # textual 8.2.8 keeps its metadata in [tool.poetry]: init named the library after its
    # folder, version 0.0.0.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n\nText.\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.poetry]\nname = "Textual"\nversion = "8.2.8"\ndescription = "TUIs"\n'
        'repository = "https://git.example/textual"\n'
        'documentation = "https://textual.example/"\n',
        encoding="utf-8",
    )
    survey = survey_project(tmp_path)
    assert (survey.library_id, survey.name, survey.version, survey.summary) == (
        "textual",
        "Textual",
        "8.2.8",
        "TUIs",
    )
    assert survey.homepage == "https://textual.example/" and survey.packages == ("pypi:textual",)
    # A table of other shapes is no metadata, and no crash.
    for text in ('tool = "poetry"\n', "[tool]\npoetry = [1]\n", "[tool.poetry]\nname = 5\n"):
        (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
        assert survey_project(tmp_path).name != "Textual"


def test_a_setup_cfg_project_has_the_name_and_version_of_its_metadata(tmp_path: Path) -> None:
    # cairocffi 1.4.0 (its repository at v1.4.0): a bare setup() and setup.cfg's [metadata]
    # "name = cairocffi", "version = file: cairocffi/VERSION"; init named it by its folder and
    # proposed version 0.0.0.
    root = tmp_path / "cairocffi-checkout"
    (root / "cairocffi").mkdir(parents=True)
    (root / "setup.py").write_text("from setuptools import setup\nsetup()\n", encoding="utf-8")
    (root / "setup.cfg").write_text(
        "[metadata]\nname = cairocffi\nversion = file: cairocffi/VERSION\n"
        "description = cffi-based cairo bindings for Python\n",
        encoding="utf-8",
    )
    (root / "cairocffi" / "VERSION").write_text("1.4.0\n", encoding="utf-8")
    (root / "cairocffi" / "__init__.py").write_text('"""Bindings."""\n', encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# cairocffi\n", encoding="utf-8")
    survey = survey_project(root)
    assert (survey.library_id, survey.version, survey.version_known) == (
        "cairocffi",
        "1.4.0",
        True,
    )
    assert survey.summary == "cffi-based cairo bindings for Python"
    assert "setup.cfg: package cairocffi 1.4.0" in survey.found


def test_a_setup_py_s_written_name_names_the_project_and_its_package(tmp_path: Path) -> None:
    # PEFT v0.20.0 checked out in a folder of another name: its pyproject.toml has no
    # [project], setup.py writes name="peft", src/peft/__init__.py the version; init named
    # the project after the folder and proposed version 0.0.0.
    root = tmp_path / "checkout"
    (root / "src" / "peft").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[tool.black]\nline-length = 119\n", encoding="utf-8")
    (root / "setup.py").write_text(
        'from setuptools import setup\nVERSION = "0.20.0"\n\n'
        'setup(\n    name="peft",\n    version=VERSION,\n    package_dir={"": "src"},\n)\n',
        encoding="utf-8",
    )
    (root / "src" / "peft" / "__init__.py").write_text('__version__ = "0.20.0"\n', "utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# PEFT\n", encoding="utf-8")
    survey = survey_project(root)
    assert (survey.name, survey.source_dir) == ("peft", "src")
    assert (survey.version, survey.version_known) == ("0.20.0", True)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        # numba 0.67.0: a docstring says "setup()" above Extension(name="numba._devicearray"),
        # and setup() takes its name from a dict: the project was "numba._devicearray".
        ("metadata = dict(\n    name='numba',\n    ext_modules=exts,\n)\nsetup(**metadata)\n",
         "numba"),
        ("meta = {'name': 'numba'}\nsetuptools.setup(version='1', **meta)\n", "numba"),
        ("setup(name=NAME)\n", None),  # no name written: the folder's
    ],
)  # fmt: skip
def test_a_setup_py_s_name_is_its_setup_call_s(tmp_path: Path, call: str, name: str | None) -> None:
    root = tmp_path / "checkout"
    (root / "docs").mkdir(parents=True)
    (root / "setup.py").write_text(
        'def get_ext_modules():\n    """Return the Extension instances for the setup() call."""\n'
        "    return [Extension(name='numba._devicearray', sources=[])]\n\n" + call,
        encoding="utf-8",
    )
    (root / "docs" / "index.rst").write_text("Numba\n=====\n", encoding="utf-8")
    assert survey_project(root).name == (name or "checkout")


def test_a_setup_py_whose_name_is_a_variable_names_its_string(tmp_path: Path) -> None:
    # name=NAME is no name written in the call: the first string after another "name=" was
    # taken, here the C extension's, and the project was called "fastjson._speedups"; the
    # string the file assigns NAME once is the name; a name bound twice names none.
    root = tmp_path / "fastjson-checkout"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text("# fastjson\n", encoding="utf-8")
    setup_py = (
        'from setuptools import Extension, setup\nNAME = "fastjson"\n\nsetup(\n    name=NAME,\n'
        '    ext_modules=[Extension(name="fastjson._speedups", sources=["s.c"])],\n)\n'
    )
    (root / "setup.py").write_text(setup_py, encoding="utf-8")
    survey = survey_project(root)
    assert survey.name == "fastjson" and "setup.py: package fastjson" in survey.found
    rebound = setup_py.replace("\n\nsetup(", "\nif FAST:\n    NAME = 'fastjson-fast'\nsetup(")
    (root / "setup.py").write_text(rebound, encoding="utf-8")
    survey = survey_project(root)
    assert survey.name != "fastjson._speedups"
    assert not any(line.startswith("setup.py:") for line in survey.found)


def test_a_python_project_s_javascript_extension_does_not_name_it(tmp_path: Path) -> None:
    # ipyparallel 7.1.0: no [project] table; setup.py's setup(**setup_args) names the variable
    # name = 'ipyparallel', its version comes from ipyparallel/_version.py; the package.json
    # beside it is its JupyterLab extension's. Init named the library
    # "ipyparallel-labextension" 7.0.0, the extension's name and version.
    files = {
        "pyproject.toml": '[build-system]\nbuild-backend = "setuptools.build_meta"\n',
        "package.json": '{"name": "ipyparallel-labextension", "version": "7.0.0"}\n',
        "setup.py": (
            "import setuptools\n\n# the name of the project\nname = 'ipyparallel'\n\n"
            "version_ns = {}\nwith open('ipyparallel/_version.py') as f:\n"
            "    exec(f.read(), {}, version_ns)\n\n"
            "setup_args = dict(\n    name=name,\n    version=version_ns['__version__'],\n)\n\n"
            "if __name__ == '__main__':\n    setuptools.setup(**setup_args)\n"
        ),
        "ipyparallel/__init__.py": "from ._version import __version__  # noqa\n",
        "ipyparallel/_version.py": (
            'version_info = (7, 1, 0)\n__version__ = ".".join(map(str, version_info))\n'
        ),
        "docs/source/index.md": "# IPython Parallel\n",
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.library_id, survey.name, survey.version) == (
        "ipyparallel",
        "ipyparallel",
        "7.1.0",
    )
    assert survey.packages == ("pypi:ipyparallel",)
    assert "setup.py: package ipyparallel" in survey.found


def test_the_names_a_project_is_imported_by_become_its_aliases(tmp_path: Path) -> None:
    # beautifulsoup4 is imported as bs4, dnspython as dns (vcrpy as vcr, django-ninja as
    # ninja): an agent asking catalog_lookup for "bs4" found nothing, init wrote no alias.
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "beautifulsoup4"\nversion = "4.13.0"\n', encoding="utf-8"
    )
    (tmp_path / "bs4").mkdir()
    (tmp_path / "bs4" / "__init__.py").write_text('"""Beautiful Soup."""\n', encoding="utf-8")
    (tmp_path / "buildhelpers").mkdir()  # a package of the build, which no page imports
    (tmp_path / "buildhelpers" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.rst").write_text(
        "Beautiful Soup\n==============\n\n::\n\n    >>> from bs4 import BeautifulSoup\n",
        encoding="utf-8",
    )
    survey = survey_project(tmp_path)
    assert survey.aliases == ("bs4",)
    assert "imported as bs4: aliases agents may ask by" in survey.found
    assert 'aliases = ["bs4"]' in render_catalog(survey)
    # Documented by its dotted name counts too (dnspython's ".. autoclass:: dns.name.Name").
    (tmp_path / "docs" / "index.rst").write_text(".. autoclass:: bs4.Tag\n", encoding="utf-8")
    assert survey_project(tmp_path).aliases == ("bs4",)
    # A project whose own package is there is imported by its name: no alias.
    (tmp_path / "beautifulsoup4").mkdir()
    (tmp_path / "beautifulsoup4" / "__init__.py").write_text("", encoding="utf-8")
    assert survey_project(tmp_path).aliases == ()
