"""What docbuild init reads of a library's name, version and summary: pyproject.toml (PEP 621
or Poetry's table), a source archive's PKG-INFO, a dynamic version's file, a setup.py's
package."""

from __future__ import annotations

from pathlib import Path

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


def test_a_setup_py_whose_name_is_a_variable_names_no_project(tmp_path: Path) -> None:
    # name=NAME is no name written in the call: the first string after another "name=" was
    # taken, here the C extension's, and the project was called "fastjson._speedups".
    root = tmp_path / "fastjson-checkout"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text("# fastjson\n", encoding="utf-8")
    (root / "setup.py").write_text(
        'from setuptools import Extension, setup\nNAME = "fastjson"\n\nsetup(\n    name=NAME,\n'
        '    ext_modules=[Extension(name="fastjson._speedups", sources=["s.c"])],\n)\n',
        encoding="utf-8",
    )
    survey = survey_project(root)
    assert survey.name != "fastjson._speedups"
    assert not any(line.startswith("setup.py:") for line in survey.found)
