"""What docbuild init reads of a library's version: a dynamic version's file, a setup.py's
package or setup call, Sphinx's release, a version file, and what is no release."""

from __future__ import annotations

from pathlib import Path

from builder.survey import survey_project


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
