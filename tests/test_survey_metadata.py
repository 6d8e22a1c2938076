"""What docbuild init reads of a library's name, version and summary: pyproject.toml (PEP 621
or Poetry's table), a source archive's PKG-INFO, a dynamic version's file, a setup.py's
package."""

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


def test_a_checkout_with_a_dynamic_version_takes_it_from_the_backends_file(
    tmp_path: Path,
) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n\nText.\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "thing"\ndynamic = ["version"]\n'
        '[tool.hatch.version]\npath = "thing/__version__.py"\n',
        encoding="utf-8",
    )
    (tmp_path / "thing").mkdir()
    (tmp_path / "thing" / "__version__.py").write_text('__version__ = "0.28.1"\n', "utf-8")
    survey = survey_project(tmp_path)
    assert (survey.version, survey.version_known) == ("0.28.1", True)


def test_a_setup_py_project_has_the_version_its_package_assigns(tmp_path: Path) -> None:
    # dramatiq 2.2.0: setup.py reads dramatiq/__init__.py's __version__; its pyproject.toml
    # names only the build system, and init proposed version 0.0.0.
    root = tmp_path / "tasks"
    (root / "tasks").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[build-system]\nrequires = ["setuptools"]\n')
    (root / "setup.py").write_text("from setuptools import setup\nsetup()\n")
    (root / "tasks" / "__init__.py").write_text('__version__ = "2.2.0"\n', encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Tasks\n", encoding="utf-8")
    survey = survey_project(root)
    assert (survey.name, survey.source_dir) == ("tasks", ".")
    assert (survey.version, survey.version_known) == ("2.2.0", True)
    # A package of another name says nothing of the project's version.
    (root / "tasks").rename(root / "helpers")
    survey = survey_project(root)
    assert (survey.version, survey.version_known) == ("0.0.0", False)


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


def test_a_setup_py_project_of_one_module_has_the_version_it_assigns(tmp_path: Path) -> None:
    # bottle 0.13.4 (its repository at 0.13.4): setup.py reads bottle.py's __version__, and
    # with no package folder init proposed version 0.0.0.
    root = tmp_path / "checkout"
    (root / "docs").mkdir(parents=True)
    (root / "setup.py").write_text(
        "import bottle\nfrom setuptools import setup\n"
        'setup(name="bottle", version=bottle.__version__, py_modules=["bottle"])\n',
        encoding="utf-8",
    )
    (root / "bottle.py").write_text("__version__ = '0.13.4'\n", encoding="utf-8")
    (root / "docs" / "index.rst").write_text("Bottle\n======\n", encoding="utf-8")
    survey = survey_project(root)
    assert (survey.version, survey.version_known) == ("0.13.4", True)


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


def test_a_private_workspace_root_is_its_one_published_package(tmp_path: Path) -> None:
    # Vue Router 5.2.0: the root package.json is the private "@vue/router-root", with no
    # version; init named the library after it, version 0.0.0. Its one published workspace
    # member, packages/router, is vue-router 5.2.0.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write("package.json", '{"name": "@vue/router-root", "private": true}')
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n")
    write("packages/docs/package.json", '{"name": "@vue/router-docs", "private": true}')
    write("packages/docs/index.md", "# Vue Router\n\nText.\n")
    write("packages/playground/package.json", '{"name": "pg", "version": "0.0.0", "private": true}')
    write(
        "packages/router/package.json",
        '{"name": "vue-router", "version": "5.2.0", "description": "The official router"}',
    )
    survey = survey_project(tmp_path)
    assert (survey.library_id, survey.name, survey.version, survey.packages) == (
        "vue-router",
        "vue-router",
        "5.2.0",
        ("npm:vue-router",),
    )
    assert survey.summary == "The official router"
    # Two published members: the root stays the name, as the workspace is no one package.
    write("packages/testing/package.json", '{"name": "vue-router-testing", "version": "1.0.0"}')
    assert survey_project(tmp_path).name == "@vue/router-root"


def test_a_private_workspace_root_is_its_published_package_of_the_same_name(
    tmp_path: Path,
) -> None:
    # valibot 1.4.2's repository: the private root "valibot" is 0.0.0; of its published
    # members (library/, packages/i18n, codemod/zod-to-valibot) library/ is valibot 1.4.2.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write("package.json", '{"name": "valibot", "version": "0.0.0", "private": true}')
    write("pnpm-workspace.yaml", "packages:\n  - 'codemod/*'\n  - 'library'\n  - 'packages/*'\n")
    write("codemod/zod-to-valibot/package.json", '{"name": "@valibot/zod", "version": "0.1.2"}')
    write("library/package.json", '{"name": "valibot", "version": "1.4.2", "description": "V"}')
    write("packages/i18n/package.json", '{"name": "@valibot/i18n", "version": "1.2.0"}')
    write("website/index.md", "# Valibot\n\nText.\n")
    survey = survey_project(tmp_path)
    assert (survey.name, survey.version, survey.summary) == ("valibot", "1.4.2", "V")
    assert "library/package.json: package valibot, the published package of the root's name" in (
        survey.found
    )


def test_a_private_workspace_roots_suffix_is_no_part_of_its_packages_name(
    tmp_path: Path,
) -> None:
    # Formik 2.4.9's repository: the private root "formik-project" beside the published
    # formik, formik-native and its site (fdocs3); init named the library formik-project
    # 0.0.0, npm:formik-project.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    workspaces = '"workspaces": ["packages/*", "website"]'
    write("package.json", '{"name": "formik-project", "private": true, ' + workspaces + "}")
    write("packages/formik/package.json", '{"name": "formik", "version": "2.4.9"}')
    write("packages/formik-native/package.json", '{"name": "formik-native", "version": "2.1.32"}')
    write("website/package.json", '{"name": "fdocs3", "version": "1.0.0"}')
    write("docs/overview.md", "# Overview\n\nText.\n")
    survey = survey_project(tmp_path)
    assert (survey.name, survey.version, survey.packages) == ("formik", "2.4.9", ("npm:formik",))
    assert (
        "packages/formik/package.json: package formik, the published package of the root's name"
        in (survey.found)
    )


def test_a_private_workspace_root_of_no_name_is_named_by_its_folder(tmp_path: Path) -> None:
    # wagmi 2.19.5's repository: the private root names nothing; of its published members
    # (@wagmi/core, @wagmi/vue, create-wagmi, ...) packages/react is wagmi. Init named the
    # library after the folder, version 0.0.0, with no registry name.
    root = tmp_path / "wagmi"

    def write(path: str, text: str) -> None:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")

    write("package.json", '{"private": true}')
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n")
    write("packages/core/package.json", '{"name": "@wagmi/core", "version": "2.22.1"}')
    write("packages/create-wagmi/package.json", '{"name": "create-wagmi", "version": "2.0.15"}')
    write("packages/react/package.json", '{"name": "wagmi", "version": "2.19.5"}')
    write("docs/index.md", "# Wagmi\n\nText.\n")
    survey = survey_project(root)
    assert (survey.name, survey.version, survey.packages) == ("wagmi", "2.19.5", ("npm:wagmi",))


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


def test_a_dynamic_version_comes_from_the_setup_call_of_setup_py(tmp_path: Path) -> None:
    # schedule 1.2.2: pyproject.toml lists the version as dynamic, setup.py passes
    # version=SCHEDULE_VERSION, a string it assigns above; init proposed version 0.0.0.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n\nText.\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "schedule"\ndynamic = ["version"]\n', encoding="utf-8"
    )
    setup_py = tmp_path / "setup.py"
    setup_py.write_text(
        'from setuptools import setup\nSCHEDULE_VERSION = "1.2.2"\n'
        'URL = "https://example.org/" + SCHEDULE_VERSION\n\n'
        'setup(name="schedule", version=SCHEDULE_VERSION, url=URL)\n',
        encoding="utf-8",
    )
    assert survey_project(tmp_path).version == "1.2.2"
    setup_py.write_text('import setuptools\nsetuptools.setup(version="3.0.1")\n', "utf-8")
    assert survey_project(tmp_path).version == "3.0.1"
    # A name bound again, by code that computes it, has no one string: setup() is given what
    # read_version() returns, not the placeholder above it.
    setup_py.write_text(
        'from setuptools import setup\nVERSION = "1.0.0"\ntry:\n    VERSION = read_version()\n'
        "except ImportError:\n    pass\nsetup(version=VERSION)\n",
        encoding="utf-8",
    )
    assert survey_project(tmp_path).version == "0.0.0"
    # Names bound in a function's body or a comprehension are not the module's.
    setup_py.write_text(
        'from setuptools import setup\nVERSION = "1.2.3"\n\n\ndef f():\n    VERSION = 2\n\n\n'
        "CODES = [VERSION for VERSION in ()]\nsetup(version=VERSION)\n",
        encoding="utf-8",
    )
    assert survey_project(tmp_path).version == "1.2.3"
    # sortedcontainers 2.4.0, with no pyproject.toml: setup() is given its package's
    # __version__ (and __title__ for the name), which the package's __init__.py assigns.
    (tmp_path / "pyproject.toml").unlink()
    (tmp_path / "src" / "sortedcontainers").mkdir(parents=True)
    (tmp_path / "src" / "sortedcontainers" / "__init__.py").write_text(
        "__title__ = 'sortedcontainers'\n__version__ = '2.4.0'\n", encoding="utf-8"
    )
    setup_py.write_text(
        "import sortedcontainers\nfrom setuptools import setup\n"
        "setup(name=sortedcontainers.__title__, version=sortedcontainers.__version__)\n",
        encoding="utf-8",
    )
    assert survey_project(tmp_path).version == "2.4.0"
    # The package linked in from out of the project is not the project's to read.
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    (tmp_path / "src" / "sortedcontainers").rename(outside)
    (tmp_path / "src" / "sortedcontainers").symlink_to(outside)
    assert survey_project(tmp_path).version == "0.0.0"
    # Nor is a setup.py linked in from out of the project: its name and version are another's.
    (tmp_path / "src" / "sortedcontainers").unlink()
    outside.rename(tmp_path / "src" / "sortedcontainers")
    linked = tmp_path.parent / f"{tmp_path.name}-setup.py"
    linked.write_text('from setuptools import setup\nsetup(name="other", version="7.7.7")\n')
    setup_py.unlink()
    setup_py.symlink_to(linked)
    assert survey_project(tmp_path).version == "0.0.0"
    setup_py.unlink()
    # A version setup.py computes, or a setup.py that is not Python, gives none.
    for text in ("setup(version=read_version())\n", "setup(version=V)\n", "setup(\n"):
        setup_py.write_text(text, encoding="utf-8")
        assert (survey_project(tmp_path).version, survey_project(tmp_path).version_known) == (
            "0.0.0",
            False,
        )


def test_sphinx_docs_name_the_release_when_the_package_does_not(tmp_path: Path) -> None:
    # A project whose metadata names no version (here a setup.py that reads it from a file)
    # has the release its conf.py writes, said in what init found.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.rst").write_text("Hello\n=====\n\nText.\n", encoding="utf-8")
    conf = tmp_path / "docs" / "conf.py"
    conf.write_text('project = "thing"\nversion = "2.1"\nrelease = "2.1.3"\n', encoding="utf-8")
    (tmp_path / "setup.py").write_text(
        'from setuptools import setup\nsetup(name="thing", version=open("V").read())\n',
        encoding="utf-8",
    )
    survey = survey_project(tmp_path)
    assert (survey.version, survey.version_known) == ("2.1.3", True)
    assert "docs/conf.py: release 2.1.3, the version" in survey.found
    # Only the short version written: that is the release; one computed is none.
    conf.write_text('project = "thing"\nversion = "2.1"\n', encoding="utf-8")
    assert survey_project(tmp_path).version == "2.1"
    conf.write_text('import thing\nproject = "thing"\nrelease = thing.__version__\n', "utf-8")
    assert survey_project(tmp_path).version == "0.0.0"


def test_a_package_version_that_is_no_version_leaves_the_next_source_to_say(
    tmp_path: Path,
) -> None:
    # glom 24.11.0: setup.py passes a __version__ built from glom/_version.py's tuple
    # ('.'.join(...), read as the version "."), docs/conf.py writes release = u'24.11.0'.
    (tmp_path / "glom").mkdir()
    (tmp_path / "glom" / "__init__.py").write_text(
        "from glom._version import __version__\n", encoding="utf-8"
    )
    (tmp_path / "glom" / "_version.py").write_text(
        "version_info = (24, 11, 0)\n__version__ = '.'.join(str(p) for p in version_info)\n",
        encoding="utf-8",
    )
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup\n__version__ = _version_mod.__version__\n"
        "setup(name='glom', version=__version__)\n",
        encoding="utf-8",
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.rst").write_text("glom\n====\n", encoding="utf-8")
    (tmp_path / "docs" / "conf.py").write_text("release = u'24.11.0'\n", encoding="utf-8")
    assert survey_project(tmp_path).version == "24.11.0"
    # A package that assigns a string that is no version ("dev") leaves it to conf.py too.
    (tmp_path / "glom" / "_version.py").write_text('__version__ = "dev"\n', encoding="utf-8")
    assert survey_project(tmp_path).version == "24.11.0"


def test_a_version_file_at_the_top_gives_the_version_when_nothing_else_does(
    tmp_path: Path,
) -> None:
    # LightGBM v4.6.0: a C++ project whose Python package lives in python-package/; its
    # VERSION.txt at the top holds 4.6.0 alone, and init proposed version 0.0.0.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.rst").write_text("LightGBM\n========\n", encoding="utf-8")
    (tmp_path / "docs" / "conf.py").write_text("release = get_version()\n", encoding="utf-8")
    (tmp_path / "VERSION.txt").write_text("4.6.0\n", encoding="utf-8")
    survey = survey_project(tmp_path)
    assert (survey.version, survey.version_known) == ("4.6.0", True)
    assert "VERSION.txt: 4.6.0, the version" in survey.found
    # A file that holds more than the version says nothing.
    (tmp_path / "VERSION.txt").write_text("4.6.0\nreleased in 2025\n", encoding="utf-8")
    assert survey_project(tmp_path).version == "0.0.0"
    # esbuild v0.28.2 writes it in lowercase.
    (tmp_path / "VERSION.txt").unlink()
    (tmp_path / "version.txt").write_text("0.28.2\n", encoding="utf-8")
    assert survey_project(tmp_path).version == "0.28.2"


def test_setup_py_s_version_imported_from_a_module_of_the_project(tmp_path: Path) -> None:
    # construct v2.10.70: setup.py passes version_string, which it imports from
    # construct/version.py; its conf.py's release says only '2.10', which init took.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.rst").write_text("Construct\n=========\n", encoding="utf-8")
    (tmp_path / "docs" / "conf.py").write_text("release = '2.10'\n", encoding="utf-8")
    (tmp_path / "construct").mkdir()
    (tmp_path / "construct" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "construct" / "version.py").write_text(
        'version = (2, 10, 70)\nversion_string: str = "2.10.70"\n', encoding="utf-8"
    )
    setup_py = tmp_path / "setup.py"
    setup_py.write_text(
        "from setuptools import setup\nfrom construct.version import version_string as v\n"
        "setup(name='construct', version=v)\n",
        encoding="utf-8",
    )
    assert survey_project(tmp_path).version == "2.10.70"
    # A module outside the project (a link out of it) is not read: conf.py says then.
    (tmp_path / "construct" / "version.py").unlink()
    outside = tmp_path.parent / f"{tmp_path.name}-outside.py"
    outside.write_text('version_string = "9.9.9"\n', encoding="utf-8")
    (tmp_path / "construct" / "version.py").symlink_to(outside)
    assert survey_project(tmp_path).version == "2.10"


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


def test_a_private_workspace_root_s_version_is_its_library_s_newest_release(
    tmp_path: Path,
) -> None:
    # emotion (HEAD): the private root "emotion-monorepo" says 10.0.0, never released; its
    # packages are @emotion/react 11.14.0, @emotion/jest 11.14.2 ... Init wrote 10.0.0.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write(
        "package.json",
        '{"name": "emotion-monorepo", "version": "10.0.0", "private": true,'
        ' "workspaces": ["packages/*", "site"]}',
    )
    write("packages/react/package.json", '{"name": "@emotion/react", "version": "11.14.0"}')
    write("packages/jest/package.json", '{"name": "@emotion/jest", "version": "11.14.2"}')
    write("packages/hash/package.json", '{"name": "@emotion/hash", "version": "0.9.2"}')
    write("packages/other/package.json", '{"name": "stylis-plugin", "version": "12.0.0"}')
    write("site/package.json", '{"name": "emotion-site", "version": "99.0.0", "private": true}')
    write("docs/index.md", "Text.\n")
    survey = survey_project(tmp_path)
    assert (survey.name, survey.version) == ("emotion", "11.14.2")
    assert (
        "packages/jest/package.json: @emotion/jest 11.14.2, the newest of the library's "
        "published packages, is the version"
    ) in survey.found


@pytest.mark.parametrize(
    ("root_name", "library"),
    [("@vueuse/monorepo", "vueuse"), ("emotion-monorepo", "emotion"), ("@vue/router-root", "")],
)
def test_a_private_workspace_root_named_by_a_workspace_word_is_the_library(
    tmp_path: Path, root_name: str, library: str
) -> None:
    # VueUse 14.4.0 and emotion: the private roots "@vueuse/monorepo" and "emotion-monorepo",
    # beside many published packages none of which is the library; init named the library
    # vueuse-monorepo and emotion-monorepo. A scoped name with more than the word stays.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write("package.json", f'{{"name": "{root_name}", "version": "14.4.0", "private": true}}')
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n")
    write("packages/core/package.json", '{"name": "@x/core", "version": "14.4.0"}')
    write("packages/shared/package.json", '{"name": "@x/shared", "version": "14.4.0"}')
    write("docs/index.md", "Text.\n")
    survey = survey_project(tmp_path)
    expected = library or root_name
    assert (survey.name, survey.version, survey.packages) == (expected, "14.4.0", ())
    assert survey.library_id == (library or root_name.lstrip("@").replace("/", "-"))


def test_a_placeholder_version_the_build_replaces_is_no_release(tmp_path: Path) -> None:
    # poetry-dynamic-versioning's "0.0.0" and setuptools-scm's fallbacks ("0+unknown") stand
    # in the package until its build writes the release in: the sources after it are asked,
    # here the release conf.py names, and with none the version is one to set.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.rst").write_text("Hello\n=====\n\nText.\n", encoding="utf-8")
    conf = tmp_path / "docs" / "conf.py"
    conf.write_text('project = "thing"\nrelease = "2.1.3"\n', encoding="utf-8")
    (tmp_path / "thing").mkdir()
    init = tmp_path / "thing" / "__init__.py"
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "thing"\ndynamic = ["version"]\n'
        '[tool.setuptools.dynamic]\nversion = {attr = "thing.__version__"}\n',
        encoding="utf-8",
    )
    for placeholder in ("0.0.0", "0+unknown", "0.1.dev0+unknown"):
        init.write_text(f'__version__ = "{placeholder}"\n', encoding="utf-8")
        assert (survey_project(tmp_path).version, survey_project(tmp_path).version_known) == (
            "2.1.3",
            True,
        )
    conf.write_text('project = "thing"\n', encoding="utf-8")
    init.write_text('__version__ = "0.0.0+unknown"\n', encoding="utf-8")
    assert (survey_project(tmp_path).version, survey_project(tmp_path).version_known) == (
        "0.0.0",
        False,
    )
    init.write_text('__version__ = "0.0.1"\n', encoding="utf-8")  # a release, if an early one
    assert survey_project(tmp_path).version == "0.0.1"
