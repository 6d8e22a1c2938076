"""builder.api.installed_dependencies: a name the project re-exports from a declared dependency
is read from that dependency as installed where docbuild runs (FastAPI's Starlette classes)."""

from __future__ import annotations

import platform
from pathlib import Path

import pytest

from builder.api.code_report import api_note
from builder.api.installed_dependencies import (
    Declared,
    declared_dependencies,
    declared_requirements,
    poetry_specifier,
)
from builder.api.locate import find_code, open_source
from builder.api.not_found import not_found
from builder.model import ApiUse

# Names no real package has, so the test's own folder on sys.path is the only place they are.
DEPENDENCY, UNDECLARED = "doctrove_test_requests", "doctrove_test_extra"


def _installed_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder on sys.path (a site-packages) holding two packages, one of them declared."""
    folder = tmp_path / "site-packages"
    for name, doc in ((DEPENDENCY, "An incoming HTTP request."), (UNDECLARED, "Not declared.")):
        (folder / name).mkdir(parents=True)
        (folder / name / "__init__.py").write_text('"""The package."""\n', encoding="utf-8")
        (folder / name / "things.py").write_text(
            f'class Request:\n    """{doc}"""\n\n    def json(self) -> dict:\n'
            '        """The body, decoded."""\n',
            encoding="utf-8",
        )
    monkeypatch.syspath_prepend(str(folder))
    return folder


def _project(tmp_path: Path, dependencies: str) -> Path:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        f'[project]\nname = "webapp"\ndependencies = [{dependencies}]\n', encoding="utf-8"
    )
    (project / "webapp").mkdir()
    # Re-exported in two steps, as fastapi.Request is fastapi.requests.Request, Starlette's.
    (project / "webapp" / "__init__.py").write_text(
        '"""The web app."""\n'
        "from webapp.http import Request as Request\n"
        f"from {UNDECLARED}.things import Request as Other\n",
        encoding="utf-8",
    )
    (project / "webapp" / "http.py").write_text(
        f"from {DEPENDENCY}.things import Request as Request\n", encoding="utf-8"
    )
    return project


def test_a_name_re_exported_from_a_declared_dependency_is_read_from_where_it_is_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _installed_folder(tmp_path, monkeypatch)
    project = _project(
        tmp_path, f"'{DEPENDENCY.replace('_', '-')}[socks] >= 1.0; python_version >= \"3.9\"'"
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and [package.name for package in tree.installed] == [DEPENDENCY]
    source = open_source(tree, project / "docs")
    found = source.find("webapp.Request")
    assert found is not None and found.doc is not None
    assert "An incoming HTTP request." in str(found.doc)
    assert found.file == f"{DEPENDENCY}/things.py"  # as a reader of that package knows it
    method = source.find("webapp.Request.json")
    assert method is not None and "The body, decoded." in str(method.doc)
    # The rest of the folder it is installed in is not the project's code.
    assert source.find("webapp.Other") is None


def test_without_the_declaration_the_installed_package_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _installed_folder(tmp_path, monkeypatch)
    project = _project(tmp_path, '"click"')
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and DEPENDENCY not in [package.name for package in tree.installed]
    source = open_source(tree, project / "docs")
    assert source.find("webapp.Request") is None
    # The build's warning says where the name comes from, and how to have it read.
    assert source.defined_elsewhere("webapp.Request") == f"{DEPENDENCY}.things.Request"
    assert not_found("autoclass", "webapp.Request", source) == (
        f"autoclass webapp.Request: not found in the code in {project}; it is "
        f"{DEPENDENCY}.things.Request: install {DEPENDENCY} where docbuild runs, as a "
        "dependency the project's pyproject.toml declares, and it is read from there"
    )
    assert source.defined_elsewhere("webapp.Missing") == ""
    assert not_found("autoclass", "webapp.Missing", source).endswith(str(project))


def test_the_fingerprint_follows_an_upgrade_of_the_installed_dependency(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _installed_folder(tmp_path, monkeypatch)
    project = _project(tmp_path, f'"{DEPENDENCY}"')

    def fingerprint() -> str:
        tree = find_code(project / "docs", project_root=project)
        assert tree is not None
        return tree.fingerprint

    first = fingerprint()
    assert fingerprint() == first
    (folder / DEPENDENCY / "__init__.py").write_text('"""Release 2."""\n', encoding="utf-8")
    assert fingerprint() != first


def test_the_declared_dependencies_are_read_from_pep_621_and_poetry(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        "[project]\n"
        'dependencies = ["Starlette>=0.46", "typing_extensions", "pydantic[email] ; extra", 7]\n'
        "[tool.poetry.dependencies]\n"
        'python = "^3.9"\n'
        'PyYAML = "*"\n',
        encoding="utf-8",
    )
    assert declared_dependencies(pyproject) == (
        "starlette",
        "typing-extensions",
        "pydantic",
        "pyyaml",
    )
    pyproject.write_text("[project\n", encoding="utf-8")
    assert declared_dependencies(pyproject) == ()
    assert declared_dependencies(tmp_path / "missing.toml") == ()


def test_the_docs_dependency_group_is_read_after_the_dependencies(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\ndependencies = ["Starlette>=0.46"]\n'
        "[dependency-groups]\n"
        'docs = ["mkdocs", "Pydantic-Settings>=2", {include-group = "dev"}]\n'
        'dev = ["pytest"]\n'
        "[tool.poetry.group.docs.dependencies]\n"
        'pydantic_extra_types = "*"\n'
        "[tool.poetry.group.test.dependencies]\n"
        'coverage = "*"\n',
        encoding="utf-8",
    )
    assert declared_dependencies(pyproject) == (
        "starlette",
        "mkdocs",
        "pydantic-settings",
        "pydantic-extra-types",
    )


def test_a_package_the_docs_group_installs_is_read_where_it_is_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pydantic's docs document ::: pydantic_settings, a package of its docs group, not its own.
    _installed_folder(tmp_path, monkeypatch)
    project = _project(tmp_path, '"click"')
    pyproject = project / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8")
        + f'[dependency-groups]\ndocs = ["{DEPENDENCY.replace("_", "-")}"]\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and DEPENDENCY in [package.name for package in tree.installed]
    found = open_source(tree, project / "docs").find(f"{DEPENDENCY}.things.Request")
    assert found is not None and "An incoming HTTP request." in str(found.doc)


def test_a_dependency_named_unlike_its_package_without_top_level_txt_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Wheels built by flit, hatchling or maturin (markdown-it-py's: markdown_it) have no
    # top_level.txt; the files the distribution installed say which package it is.
    folder = _installed_folder(tmp_path, monkeypatch)
    metadata = folder / "doctrove_test_http-1.0.dist-info"
    metadata.mkdir()
    (metadata / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: doctrove-test-http\nVersion: 1.0\n", encoding="utf-8"
    )
    (metadata / "RECORD").write_text(
        f"{DEPENDENCY}/__init__.py,,\n{DEPENDENCY}/things.py,,\n"
        "doctrove_test_http-1.0.dist-info/METADATA,,\n"
        "doctrove_test_http-1.0.dist-info/RECORD,,\n../../bin/doctrove-test-http,,\n",
        encoding="utf-8",
    )
    project = _project(tmp_path, '"doctrove-test-http >= 1"')
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and [package.name for package in tree.installed] == [DEPENDENCY]
    found = open_source(tree, project / "docs").find("webapp.Request")
    assert found is not None and "An incoming HTTP request." in str(found.doc)


def test_a_package_beside_a_declared_one_is_not_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The undeclared package sits in the folder a declared one is installed in: a subclass of
    # its class does not inherit members from it, and its name says where it comes from.
    _installed_folder(tmp_path, monkeypatch)
    project = _project(tmp_path, f'"{DEPENDENCY}"')
    with (project / "webapp" / "__init__.py").open("a", encoding="utf-8") as init:
        init.write('\n\nclass Sub(Other):\n    """A subclass."""\n')
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    source = open_source(tree, project / "docs")
    assert source.find("webapp.Request") is not None  # the declared one is read
    sub = source.find("webapp.Sub", inherited=True)
    assert sub is not None and [member.name for member in sub.members] == []
    assert source.defined_elsewhere("webapp.Other") == f"{UNDECLARED}.things.Request"


def test_a_name_the_code_re_exports_from_itself_asks_for_nothing_to_be_installed(
    tmp_path: Path,
) -> None:
    project = _project(tmp_path, "")
    # A chain of re-exports that loops, and a name imported from a module the code lacks.
    (project / "webapp" / "__init__.py").write_text(
        '"""The web app."""\nfrom webapp.http import Loop as Loop\n'
        "from webapp.gone import Thing as Thing\n",
        encoding="utf-8",
    )
    (project / "webapp" / "http.py").write_text("from webapp import Loop as Loop\n")
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None
    source = open_source(tree, project / "docs")
    for path in ("webapp.Loop", "webapp.http.Loop", "webapp.Thing"):
        assert source.find(path) is None
        assert source.defined_elsewhere(path) == ""
        assert not_found("autoclass", path, source) == (
            f"autoclass {path}: not found in the code in {project}"
        )


def test_a_package_of_a_declared_dependency_not_installed_is_named_in_the_warning(
    tmp_path: Path,
) -> None:
    # pydantic's docs document ::: pydantic_settings, which its docs group declares: without it
    # installed, the warning said only "not found in the code".
    project = _project(tmp_path, '"click"')
    pyproject = project / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8")
        + '[dependency-groups]\ndocs = ["doctrove-test-not-installed>=2"]\n',
        encoding="utf-8",
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.missing_dependencies == ("doctrove-test-not-installed",)
    source = open_source(tree, project / "docs")
    path = "doctrove_test_not_installed.Settings"
    assert source.find(path) is None
    assert not_found("mkdocstrings", path, source) == (
        f"mkdocstrings {path}: not found in the code in {project}; doctrove-test-not-installed, "
        "which the project's pyproject.toml declares, is not installed where docbuild runs: "
        "install it, and it is read from there"
    )
    # A name of the project's own package, or of no declared dependency, gets no such hint.
    for plain in ("webapp.Missing", "typo_package.Thing"):
        assert not_found("mkdocstrings", plain, source) == (
            f"mkdocstrings {plain}: not found in the code in {project}"
        )


def _dist_info(folder: Path, distribution: str, version: str) -> None:
    """Installed metadata saying ``distribution`` is at ``version`` in ``folder``."""
    metadata = folder / f"{distribution.replace('-', '_')}-{version}.dist-info"
    metadata.mkdir()
    (metadata / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n", encoding="utf-8"
    )
    (metadata / "top_level.txt").write_text(f"{DEPENDENCY}\n", encoding="utf-8")


def test_a_dependency_installed_in_a_release_the_project_does_not_ask_for_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An old tag built beside today's release of a dependency: entries come from a release
    # other than the one the pages were written for, and the report says so.
    folder = _installed_folder(tmp_path, monkeypatch)
    name = DEPENDENCY.replace("_", "-")
    _dist_info(folder, name, "2.5.0")
    project = _project(tmp_path, f'"{name}>=1.0,<2"')
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and [package.name for package in tree.installed] == [DEPENDENCY]
    assert [other.describe() for other in tree.other_releases] == [
        f"{name} 2.5.0 (pyproject.toml asks for <2,>=1.0)"
    ]
    use = ApiUse(objects=3)
    assert api_note(tree, [use]) == (
        f"API from code in {tree.folder}: 3 objects; read from dependencies installed in "
        f"releases the project does not ask for: {name} 2.5.0 (pyproject.toml asks for "
        "<2,>=1.0); install the releases it asks for where docbuild runs to document those"
    )
    # Asking for the release installed (or any) says nothing more; a new pin is a new build.
    pinned = tree.fingerprint
    for wanted in (f"{name}>=2", name):
        (project / "pyproject.toml").write_text(
            f'[project]\nname = "webapp"\ndependencies = ["{wanted}"]\n', encoding="utf-8"
        )
        tree = find_code(project / "docs", project_root=project)
        assert tree is not None and tree.other_releases == ()
        assert tree.fingerprint != pinned
        assert api_note(tree, [use]) == f"API from code in {tree.folder}: 3 objects"


def test_a_requirement_whose_marker_does_not_hold_here_is_not_declared(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        "[project]\n"
        'dependencies = ["tomli>=1; python_version < \'3.11\'", "anyio>=4; python_version >= '
        "'3.11'\", \"colorama; sys_platform == 'doctrove-no-such-platform'\"]\n"
        "[project.optional-dependencies]\n"
        'docs = ["Sphinx>=7", "furo"]\n'
        'test = ["pytest"]\n',
        encoding="utf-8",
    )
    assert declared_requirements(pyproject) == (
        Declared("anyio", ">=4"),
        Declared("sphinx", ">=7"),
        Declared("furo", ""),
    )


@pytest.mark.parametrize(
    ("constraint", "specifier"),
    [
        ("^1.2.3", ">=1.2.3,<2.0.0"),
        ("^0.2.3", ">=0.2.3,<0.3.0"),
        ("^0.0.3", ">=0.0.3,<0.0.4"),
        ("^1", ">=1,<2"),
        ("~1.2.3", ">=1.2.3,<1.3.0"),
        ("~1", ">=1,<2"),
        ("1.2.3", "==1.2.3"),
        ("1.2.*", "==1.2.*"),
        (">= 1.0, < 2.0", ">=1.0,<2.0"),
        ("~=1.4", "~=1.4"),
        ("*", ""),
        ("^1.0 || ^2.0", ""),  # alternatives: no one specifier
        ("latest", ""),
    ],
)
def test_a_poetry_constraint_reads_as_a_pep_440_specifier(constraint: str, specifier: str) -> None:
    assert poetry_specifier(constraint) == specifier


def test_a_poetry_dependency_keeps_its_constraint(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        "[tool.poetry.dependencies]\n"
        'python = "^3.9"\n'
        'starlette = "^0.40"\n'
        'pydantic = {version = "~2.5", extras = ["email"]}\n'
        'local = {path = "../local"}\n'
        'tomli = {version = "^2.0", python = "<3.11"}\n'
        'colorama = {version = "*", markers = "sys_platform == \'doctrove-no-such\'"}\n'
        'anyio = {version = "^4", python = ">=3.9", markers = "python_version >= \'3.8\'"}\n',
        encoding="utf-8",
    )
    assert declared_requirements(pyproject) == (
        Declared("starlette", ">=0.40,<0.41"),
        Declared("pydantic", ">=2.5,<2.6"),
        Declared("local", ""),
        Declared("anyio", ">=4,<5"),
    )


def test_a_marker_packaging_cannot_evaluate_is_taken_to_hold(tmp_path: Path) -> None:
    # "~=" needs a version of two parts; packaging raises UndefinedComparison, which stopped
    # the whole build with a traceback.
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        "[project]\n"
        "dependencies = [\"anyio>=4; python_version ~= '3'\"]\n"
        "[tool.poetry.dependencies]\n"
        'colorama = {version = "^0.4", markers = "sys_platform ~= \'linux\'"}\n',
        encoding="utf-8",
    )
    assert declared_requirements(pyproject) == (
        Declared("anyio", ">=4"),
        Declared("colorama", ">=0.4,<0.5"),
    )


def test_a_poetry_python_constraint_holds_on_a_python_built_from_a_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Such a Python says "3.13.0+", which no specifier contains: every Poetry dependency with
    # a python constraint was left out, its code unread.
    monkeypatch.setattr(platform, "python_version", lambda: "3.13.0+")
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        "[tool.poetry.dependencies]\n"
        'anyio = {version = "^4", python = ">=3.9"}\n'
        'tomli = {version = "^2.0", python = "<3.11"}\n',
        encoding="utf-8",
    )
    assert declared_requirements(pyproject) == (Declared("anyio", ">=4,<5"),)
