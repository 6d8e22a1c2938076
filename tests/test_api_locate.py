"""builder.api.locate: where a version's code is, and a fingerprint that follows it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from builder.api.code_report import api_note
from builder.api.locate import CodeTree, candidate_folders, find_code, open_source
from builder.config import VersionConfig
from builder.model import ApiUse
from builder.stages.read import read_version
from tests.api_support import write_package

REPO = Path(__file__).resolve().parent.parent


def test_code_is_found_beside_the_docs(tmp_path: Path) -> None:
    docs = tmp_path / "project" / "docs"
    docs.mkdir(parents=True)
    assert find_code(docs) is None
    write_package(tmp_path / "project")  # <docs>/..
    tree = find_code(docs)
    assert tree is not None and tree.folder == docs.parent and tree.packages == ("shapes",)
    write_package(tmp_path / "project" / "src")  # <docs>/../src wins over <docs>/..
    tree = find_code(docs)
    assert tree is not None and tree.folder == docs.parent / "src" and tree.files == 3


def test_source_dir_and_code_root_are_looked_at(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    write_package(tmp_path / "elsewhere")
    tree = find_code(docs, source_dir=tmp_path / "elsewhere")
    assert tree is not None and tree.folder == tmp_path / "elsewhere"
    write_package(tmp_path / "tree" / "src")
    tree = find_code(docs, code_root=tmp_path / "tree")
    assert tree is not None and tree.folder == tmp_path / "tree" / "src"


def test_the_fingerprint_changes_with_code_and_conf_only(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    write_package(tmp_path / "src")

    def fingerprint() -> str:
        tree = find_code(docs)
        assert tree is not None
        return tree.fingerprint

    first = fingerprint()
    (docs / "index.rst").write_text("Title\n=====\n", encoding="utf-8")
    (tmp_path / "src" / "shapes" / "data.txt").write_text("not code", encoding="utf-8")
    assert fingerprint() == first
    (tmp_path / "src" / "shapes" / "base.py").write_text('"""Changed."""\n', encoding="utf-8")
    second = fingerprint()
    assert second != first
    (docs / "conf.py").write_text('autoclass_content = "both"\n', encoding="utf-8")
    assert fingerprint() != second


def test_usage_notes_say_where_the_api_came_from(tmp_path: Path) -> None:
    tree = find_code(tmp_path, source_dir=write_package(tmp_path / "src"))
    uses = [ApiUse(3, ""), ApiUse(), ApiUse(2, "")]
    assert api_note(tree, uses) == f"API from code in {tmp_path / 'src'}: 5 objects"
    missing = [ApiUse(0, "automodule at api.rst:4"), ApiUse(0, "autoclass at other.rst:9")]
    assert api_note(None, missing) == "no code found for automodule at api.rst:4"


def test_code_two_levels_above_a_sphinx_source_folder_is_found_at_the_project_root(
    tmp_path: Path,
) -> None:
    # sphinx-quickstart's separate source folder: conf.py in doc/source, the package two
    # levels up (tenacity); the docs' parent holds no package.
    docs = tmp_path / "project" / "doc" / "source"
    docs.mkdir(parents=True)
    write_package(tmp_path / "project")
    assert find_code(docs) is None
    tree = find_code(docs, project_root=tmp_path / "project")
    assert tree is not None and tree.folder == tmp_path / "project"
    assert tree.packages == ("shapes",)
    write_package(tmp_path / "project" / "doc")  # the usual places still come first
    tree = find_code(docs, project_root=tmp_path / "project")
    assert tree is not None and tree.folder == tmp_path / "project" / "doc"


def test_the_folders_conf_py_puts_on_sys_path_come_first(tmp_path: Path) -> None:
    # SQLAlchemy: conf.py in doc/build adds ../../lib (the package) and ../.. (its examples
    # and tests); the root was taken, holding no sqlalchemy, and 140 autodoc objects were lost.
    project = tmp_path / "project"
    docs = project / "doc" / "build"
    docs.mkdir(parents=True)
    for name in ("examples", "test"):
        (project / name).mkdir()
        (project / name / "__init__.py").write_text("", encoding="utf-8")
    write_package(project / "lib")
    (docs / "conf.py").write_text(
        "import os, sys\n"
        'sys.path.insert(0, os.path.abspath("../../lib"))\n'
        'sys.path.insert(0, os.path.abspath("../.."))\n'
        'sys.path.append(os.path.abspath("_ext"))\n'
        'sys.path.append("/elsewhere")\n',
        encoding="utf-8",
    )
    write_package(docs / "_ext")  # its own extensions, in the docs: not the documented code
    tree = find_code(docs, project_root=project)
    assert tree is not None and tree.folder == project / "lib" and tree.packages == ("shapes",)
    # Without it the project's root is the last place looked at, and holds only those two.
    (docs / "conf.py").write_text("", encoding="utf-8")
    tree = find_code(docs, project_root=project)
    assert tree is not None and tree.packages == ("examples", "test")


def test_the_other_folders_conf_py_puts_on_sys_path_are_searched_after_the_code(
    tmp_path: Path,
) -> None:
    # SQLAlchemy 2.1.9: orm/examples.rst documents the examples package at the project's root
    # ('.. automodule:: examples.adjacency_list'), which conf.py puts on sys.path beside lib/;
    # only lib/ was searched, so its 19 example modules were "not found in the code".
    project = tmp_path / "project"
    docs = project / "doc" / "build"
    docs.mkdir(parents=True)
    (project / "examples").mkdir()
    (project / "examples" / "__init__.py").write_text("", encoding="utf-8")
    (project / "examples" / "graphs.py").write_text('"""Directed graphs."""\n', encoding="utf-8")
    write_package(project / "lib")
    (docs / "conf.py").write_text(
        "import os, sys\n"
        'sys.path.insert(0, os.path.abspath("../../lib"))\n'
        'sys.path.insert(0, os.path.abspath("../.."))\n',
        encoding="utf-8",
    )
    tree = find_code(docs, project_root=project)
    assert tree is not None and tree.folder == project / "lib"
    assert tree.more_folders == (project,)
    found = open_source(tree, docs).find("examples.graphs", module=True)
    assert found is not None and found.doc[0].text == "Directed graphs."


def test_a_docs_folder_conf_py_puts_on_sys_path_is_searched_after_the_code(
    tmp_path: Path,
) -> None:
    # numpydoc 1.11.0: conf.py adds "." and "..", and doc/example.rst documents
    # doc/example.py ('.. automodule:: example'), which was not found: its section was lost.
    project = tmp_path / "project"
    docs = project / "doc"
    docs.mkdir(parents=True)
    write_package(project)
    (docs / "conf.py").write_text(
        'import os, sys\nsys.path.insert(0, os.path.abspath("."))\n'
        'sys.path.insert(0, os.path.abspath(".."))\n',
        encoding="utf-8",
    )
    (docs / "example.py").write_text('"""An example module."""\n', encoding="utf-8")
    tree = find_code(docs, project_root=project)
    assert tree is not None and tree.folder == project and tree.packages == ("shapes",)
    assert tree.more_folders == (docs,)
    found = open_source(tree, docs).find("example", module=True)
    assert found is not None and found.doc[0].text == "An example module."


def test_the_folders_mkdocstrings_searches_come_first_namespace_packages_too(
    tmp_path: Path,
) -> None:
    # mkdocstrings-python 1.16.12: mkdocs.yml's handler searches src, whose
    # mkdocstrings_handlers has no __init__.py (a namespace package), and docs/snippets; the
    # project's root holds only tests/ and a package beside the docs that is no API.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        "site_name: X\nplugins:\n- mkdocstrings:\n    handlers:\n      python:\n"
        "        paths: [src, docs/snippets, ../outside]\n",
        encoding="utf-8",
    )
    write_package(project / "src" / "handlers_ns")  # src/handlers_ns/shapes/__init__.py
    write_package(project / "docs" / "snippets")
    write_package(project)
    config = project / "mkdocs.yml"
    tree = find_code(project / "docs", mkdocs_config=config, project_root=project)
    assert tree is not None and tree.folder == project / "src"
    assert tree.packages == ("handlers_ns",)
    # docs/snippets is searched too (../outside is not in the project): 3 files each.
    assert tree.more_folders == (project / "docs" / "snippets",) and tree.files == 6
    (config).write_text("site_name: X\n", encoding="utf-8")  # no paths: beside the docs
    tree = find_code(project / "docs", mkdocs_config=config, project_root=project)
    assert tree is not None and tree.folder == project


def test_the_other_folders_mkdocstrings_searches_are_searched_too(tmp_path: Path) -> None:
    # griffe 1.7.3: paths [src, scripts, .]; its contributor guide documents scripts/make.py
    # and the root's duties.py with '::: make.setup' and '::: duties.check' blocks.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        "site_name: X\nplugins:\n- mkdocstrings:\n    handlers:\n      python:\n"
        "        paths: [src, scripts, .]\n",
        encoding="utf-8",
    )
    write_package(project / "src")
    (project / "scripts").mkdir()
    (project / "scripts" / "make.py").write_text(
        'def setup() -> None:\n    """Set up the environments."""\n', encoding="utf-8"
    )
    (project / "duties.py").write_text('def check():\n    """Check it all."""\n', "utf-8")
    config = project / "mkdocs.yml"

    def tree_of() -> CodeTree:
        found = find_code(
            project / "docs", project / "src", mkdocs_config=config, project_root=project
        )
        assert found is not None
        return found

    tree = tree_of()
    assert tree.folder == project / "src" and tree.packages == ("shapes",)
    assert tree.more_folders == (project / "scripts", project)
    source = open_source(tree, project / "docs")
    setup, check = source.find("make.setup"), source.find("duties.check")
    assert setup is not None and check is not None
    assert (setup.doc[0].text, setup.file, check.file) == (
        "Set up the environments.",
        "make.py",
        "duties.py",
    )
    first = tree.fingerprint
    (project / "scripts" / "make.py").write_text("def setup() -> None: ...\n", "utf-8")
    assert tree_of().fingerprint != first


def test_mkdocstrings_paths_that_cannot_be_resolved_are_passed_over(tmp_path: Path) -> None:
    # A symbolic link loop and a NUL byte in the handler's paths: the build goes on with the
    # folders it can use.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "loop").symlink_to(project / "loop")
    (project / "mkdocs.yml").write_text(
        "site_name: X\nplugins:\n- mkdocstrings:\n    handlers:\n      python:\n"
        '        paths: [loop, "a\\0b", src]\n',
        encoding="utf-8",
    )
    write_package(project / "src")
    tree = find_code(project / "docs", mkdocs_config=project / "mkdocs.yml", project_root=project)
    assert tree is not None and tree.folder == project / "src" and tree.packages == ("shapes",)


def test_a_distribution_of_one_module_is_found_in_the_project_folder(tmp_path: Path) -> None:
    # tabulate 0.8.10, docopt 0.6.2 and retrying 1.4.2 ship one module at the top of their
    # release archives, beside setup.py: no folder held a package, so '::: tabulate' and
    # 'automodule:: docopt' found no code and documented nothing.
    project = tmp_path / "tabulate-0.8.10"
    project.mkdir()
    (project / "setup.py").write_text("from setuptools import setup\n", "utf-8")
    module = project / "tabulate.py"
    code = '"""Pretty-print tables."""\n\ndef tabulate(rows):\n    """Draw."""\n'
    module.write_text(code, "utf-8")
    (tmp_path / "stray.py").write_text("x = 1\n", "utf-8")  # above the project: not its code
    assert find_code(project) is None
    tree = find_code(project, project_root=project)
    assert tree is not None and (tree.folder, tree.packages) == (project, ("tabulate",))
    found = open_source(tree, project).find("tabulate.tabulate")
    assert found is not None and found.doc[0].text == "Draw."
    first = tree.fingerprint
    module.write_text('"""Pretty-print tables."""\n', "utf-8")
    changed = find_code(project, project_root=project)
    assert changed is not None and changed.fingerprint != first
    write_package(project)  # a package, when there is one, is the code
    tree = find_code(project, project_root=project)
    assert tree is not None and tree.packages == ("shapes",)


def test_a_module_in_a_docs_folder_or_a_tool_script_is_not_the_code(tmp_path: Path) -> None:
    # A single-module project whose Sphinx docs are in doc/source: doc/ (the folder above the
    # docs, looked at before the project's root) holds the script that builds them, and the
    # root invoke's tasks.py; each was taken for the code, so 'automodule:: tabulate'
    # looked in doc/ and found nothing.
    project = tmp_path / "project"
    docs = project / "doc" / "source"
    docs.mkdir(parents=True)
    (docs / "conf.py").write_text("project = 'tabulate'\n", "utf-8")
    (project / "doc" / "make_api.py").write_text("import os\n", "utf-8")
    (project / "tasks.py").write_text("from invoke import task\n", "utf-8")
    (project / "fabfile.py").write_text("from fabric import task\n", "utf-8")
    assert find_code(docs, project_root=project) is None
    (project / "tabulate.py").write_text('"""Pretty-print tables."""\n', "utf-8")
    tree = find_code(docs, project_root=project)
    assert tree is not None and (tree.folder, tree.packages) == (project, ("tabulate",))


def test_no_code_is_looked_for_outside_the_project(tmp_path: Path) -> None:
    # A README-only folder read with path = "." (the catalog beside it): its parent, /tmp,
    # held a package of someone else's, which was taken for the version's code.
    project = tmp_path / "project"
    project.mkdir()
    (project / "README.md").write_text("# Demo\n", encoding="utf-8")
    write_package(tmp_path)  # beside the project, outside it
    (tmp_path / "stray.py").write_text('"""Not the project\'s."""\n', encoding="utf-8")
    assert find_code(project, project_root=project) is None
    assert all(
        folder.resolve().is_relative_to(project)
        for folder in candidate_folders(project, None, None, project)
    )
    version = VersionConfig(
        "1.0", project, None, None, (), (), None, None, catalog_folder=project, api=("shapes",)
    )
    with read_version("demo", version, tmp_path) as files:
        assert files.code is None
    write_package(project)  # the project's own package is still found
    tree = find_code(project, project_root=project)
    assert tree is not None and tree.folder == project and tree.packages == ("shapes",)


def test_the_packages_of_a_uv_workspace_s_members_are_the_code(tmp_path: Path) -> None:
    # pydantic-ai: no mkdocs.yml; docs/api/*.md name pydantic_ai.* and pydantic_evals.*,
    # whose packages are in the workspace members pydantic_ai_slim/ and pydantic_evals/.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[tool.uv.workspace]\nmembers = ["slim", "plugins/*"]\nexclude = ["plugins/old"]\n',
        encoding="utf-8",
    )
    write_package(project / "slim")
    for member in ("evals", "old"):
        package = project / "plugins" / member / f"{member}_pkg"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text(f'"""The {member} plugin."""\n', "utf-8")
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.folder == project / "slim" and tree.packages == ("shapes",)
    assert tree.more_folders == (project / "plugins" / "evals",)
    found = open_source(tree, project / "docs").find("evals_pkg")
    assert found is not None and found.doc[0].text == "The evals plugin."
    # A package where the docs' code usually is still comes first.
    write_package(project / "src")
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.folder == project / "src"
    assert tree.more_folders == (project / "slim", project / "plugins" / "evals")


def test_workspace_members_may_each_hold_a_part_of_one_namespace(tmp_path: Path) -> None:
    # titiler 2.2.1: members src/titiler/core, src/titiler/mosaic, ... each hold titiler/ (no
    # __init__.py) with its own subpackage; no member counted as code, and its 25 API pages
    # (::: titiler.core.factory ...) were bare names, 181 of the site's 206 entries missing.
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[tool.uv.workspace]\nmembers = ["src/titiler/*"]\n', encoding="utf-8"
    )
    for member in ("core", "mosaic"):
        package = project / "src" / "titiler" / member / "titiler" / member
        package.mkdir(parents=True)
        (package / "__init__.py").write_text(f'"""The {member} part."""\n', "utf-8")
        tests = project / "src" / "titiler" / member / "tests"
        tests.mkdir()
        (tests / "__init__.py").write_text("", encoding="utf-8")
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.folder == project / "src" / "titiler" / "core"
    assert tree.packages == ("titiler",)
    source = open_source(tree, project / "docs")
    for member in ("core", "mosaic"):
        found = source.find(f"titiler.{member}")
        assert found is not None and found.doc[0].text == f"The {member} part."


def test_a_workspace_member_s_code_is_in_its_maturin_python_source(tmp_path: Path) -> None:
    # pydantic 2.13.4: the member pydantic-core/ keeps pydantic_core/ in python/ (maturin's
    # python-source, beside its Rust src/); ::: pydantic_core was read from the pydantic_core
    # installed where docbuild ran (2.50.5), not the checkout's (2.46.4).
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[tool.uv.workspace]\nmembers = ["core", "plain", "long"]\n', encoding="utf-8"
    )
    write_package(project)
    (project / "core" / "src").mkdir(parents=True)
    (project / "core" / "src" / "lib.rs").write_text("// the extension\n", encoding="utf-8")
    (project / "core" / "pyproject.toml").write_text(
        '[tool.maturin]\npython-source = "python"\nmodule-name = "core_pkg._core"\n',
        encoding="utf-8",
    )
    package = project / "core" / "python" / "core_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""The core, in Rust."""\n', encoding="utf-8")
    (project / "plain").mkdir()
    (project / "plain" / "pyproject.toml").write_text(
        '[tool.maturin]\npython-source = "../.."\n', encoding="utf-8"
    )
    # One longer than the system takes for a name is none (is_dir raised, the build stopped).
    (project / "long").mkdir()
    (project / "long" / "pyproject.toml").write_text(
        f'[tool.maturin]\npython-source = "{"a" * 300}"\n', encoding="utf-8"
    )
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.folder == project and tree.packages == ("shapes",)
    # A python-source that leaves the member is not followed: the member's own folder is.
    assert tree.more_folders == (
        project / "core" / "python",
        project / "plain",
        project / "long",
    )
    found = open_source(tree, project / "docs").find("core_pkg")
    assert found is not None and found.doc[0].text == "The core, in Rust."
    # docbuild init's source_dir = "." is the project's root: its members are searched too.
    tree = find_code(project / "docs", source_dir=project, project_root=project)
    assert tree is not None
    assert tree.more_folders == (
        project / "core" / "python",
        project / "plain",
        project / "long",
    )


def test_a_package_of_stubs_beside_its_c_code_is_the_code(tmp_path: Path) -> None:
    # mmh3 5.1.0: src/mmh3/ holds mmh3module.c and __init__.pyi, no __init__.py; its 21
    # autofunctions named objects that were never found.
    package = tmp_path / "project" / "src" / "fasthash"
    package.mkdir(parents=True)
    (package / "fasthashmodule.c").write_text("/* the extension */\n", encoding="utf-8")
    (package / "__init__.pyi").write_text(
        "def hash(key: bytes, seed: int = 0) -> int: ...\n", encoding="utf-8"
    )
    docs = tmp_path / "project" / "docs"
    docs.mkdir()
    tree = find_code(docs, project_root=tmp_path / "project")
    assert tree is not None and tree.packages == ("fasthash",)
    found = open_source(tree, docs).find("fasthash.hash")
    assert found is not None and found.signature == "hash(key: bytes, seed: int = 0) -> int"


def test_a_src_folder_of_namespace_packages_is_the_code(tmp_path: Path) -> None:
    # PyScaffold's layout of a package in a namespace: src/pyscaffoldext/markdown/__init__.py
    # (pyscaffoldext-markdown 0.5: no code found, 0 API objects).
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    write_package(project / "tools")  # tools/shapes/__init__.py: no src/, no namespace
    assert find_code(project / "docs", project_root=project) is None
    (project / "tests").mkdir()  # its tests, a package beside src/
    (project / "tests" / "__init__.py").write_text("", encoding="utf-8")
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.folder == project and tree.packages == ("tests",)
    write_package(project / "src" / "acme")
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.folder == project / "src" and tree.packages == ("acme",)
    # A folder that holds a package comes first.
    write_package(project)
    tree = find_code(project / "docs", project_root=project)
    assert tree is not None and tree.folder == project and tree.packages == ("shapes", "tests")


def test_conf_py_s_folders_are_searched_after_a_given_source_dir(tmp_path: Path) -> None:
    # sphinx-click 6.2.0: conf.py puts examples/ on sys.path and its example pages document
    # '.. click:: commands.cli:cli' from there; docbuild init writes source_dir = ".", and
    # with a source_dir those folders were not searched: "no click command in the code".
    project = tmp_path / "project"
    docs = project / "docs"
    docs.mkdir(parents=True)
    write_package(project)
    (project / "examples" / "commands").mkdir(parents=True)
    (project / "examples" / "commands" / "cli.py").write_text('"""The CLI."""\n', encoding="utf-8")
    (docs / "conf.py").write_text(
        "import os, sys\n"
        'sys.path.insert(0, os.path.abspath(".."))\n'
        'sys.path.insert(0, os.path.abspath("../examples"))\n',
        encoding="utf-8",
    )
    tree = find_code(docs, source_dir=project, project_root=project)
    assert tree is not None and tree.folder == project
    assert tree.more_folders == (project / "examples",)
    found = open_source(tree, docs).find("commands.cli", module=True)
    assert found is not None and found.doc[0].text == "The CLI."


def test_a_package_setuptools_maps_to_a_folder_of_another_name_is_found(tmp_path: Path) -> None:
    # psycopg2 2.9.13: package_dir={'psycopg2': 'lib'}; each autodoc entry was not found.
    project = tmp_path / "project"
    (project / "doc").mkdir(parents=True)
    (project / "lib").mkdir()
    (project / "lib" / "__init__.py").write_text('"""The adapter."""\n', encoding="utf-8")
    (project / "lib" / "extras.py").write_text(
        'class DictCursor:\n    """A cursor of dicts."""\n', encoding="utf-8"
    )
    (project / "setup.py").write_text(
        "setup(package_dir={'psycopg2': 'lib', 'away': '../outside', 'linked': 'link'})\n",
        encoding="utf-8",
    )
    # A folder outside the project, and a link from inside to it, are never read.
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "__init__.py").write_text('"""Secret."""\n', encoding="utf-8")
    (project / "link").symlink_to(tmp_path / "outside")
    tree = find_code(project / "doc", source_dir=project, project_root=project)
    assert tree is not None and tree.renamed == (("psycopg2", project / "lib"),)
    source = open_source(tree, project / "doc")
    found = source.find("psycopg2.extras.DictCursor")
    assert found is not None and "A cursor of dicts." in str(found.doc)
    assert source.find("away") is None and source.find("linked") is None
    # Nor under the link's own name: the code search follows it to a package outside.
    assert source.find("link") is None


def test_a_module_linked_in_from_outside_the_project_is_not_read(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "pkg").mkdir()
    (project / "pkg" / "__init__.py").write_text('"""The package."""\n', encoding="utf-8")
    (tmp_path / "secret.py").write_text('"""Private."""\nTOKEN = 1\n', encoding="utf-8")
    (project / "pkg" / "secret.py").symlink_to(tmp_path / "secret.py")
    tree = find_code(project / "docs", source_dir=project, project_root=project)
    assert tree is not None
    source = open_source(tree, project / "docs")
    found = source.find("pkg")
    assert found is not None and "The package." in str(found.doc)
    assert source.find("pkg.secret") is None and source.find("pkg.secret.TOKEN") is None


def test_the_distributions_below_a_monorepo_s_root_are_the_code(tmp_path: Path) -> None:
    # ipywidgets 8.1.8: docs/source/reference/ipywidgets.md documents ipywidgets, whose
    # package is in python/ipywidgets/ipywidgets (python/ipywidgets/pyproject.toml), beside
    # python/jupyterlab_widgets and the JavaScript packages/, with no workspace declared:
    # "no code found for automodule", 0 of the 412 objects Sphinx renders.
    project = tmp_path / "project"
    (project / "docs" / "source").mkdir(parents=True)
    (project / "package.json").write_text("{}", encoding="utf-8")
    for name in ("widgets", "lab_widgets"):
        distribution = project / "python" / name
        write_package(distribution)
        (distribution / "pyproject.toml").write_text(f'[project]\nname = "{name}"\n', "utf-8")
    (project / "python" / "widgets" / "shapes").rename(project / "python" / "widgets" / "wdg")
    # A src layout's package is in its src/; a Rust extension's src/ is not the code.
    labs = project / "python" / "lab_widgets"
    (labs / "shapes").rename(labs / "src")
    (labs / "src" / "labs").mkdir()
    (labs / "src" / "labs" / "__init__.py").write_text('"""Labs."""\n', "utf-8")
    rust = project / "rust" / "core"
    (rust / "src").mkdir(parents=True)
    (rust / "src" / "lib.rs").write_text("", encoding="utf-8")
    (rust / "pyproject.toml").write_text('[project]\nname = "core"\n', "utf-8")
    (rust / "core").mkdir()
    (rust / "core" / "__init__.py").write_text('"""Core."""\n', "utf-8")
    # Examples and installed JavaScript packages are no distribution of the project's.
    example = project / "examples" / "demo"
    write_package(example)
    (example / "setup.py").write_text("", encoding="utf-8")
    docs = project / "docs" / "source"
    tree = find_code(docs, project_root=project)
    assert tree is not None and tree.folder == labs / "src" and tree.packages == ("labs",)
    assert tree.more_folders == (project / "python" / "widgets", rust)
    found = open_source(tree, docs).find("wdg.circle.area")
    assert found is not None and found.doc[0].text.startswith("The area of a circle.")
    # A package where the code usually is comes first, and the distributions are not read.
    write_package(project)
    tree = find_code(docs, project_root=project)
    assert tree is not None and tree.folder == project and tree.more_folders == ()


def test_a_named_pipe_in_the_code_is_fingerprinted_unopened(tmp_path: Path) -> None:
    # Reading a FIFO called __init__.py waits for a writer: the suite hung in find_code's
    # fingerprint when a project's folders reached another test's pipe.
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text('"""A package."""\n', encoding="utf-8")
    os.mkfifo(package / "pipe.py")
    (tmp_path / "docs").mkdir()
    os.mkfifo(tmp_path / "docs" / "conf.py")
    # In a child process, so that code which waits in open() fails here instead of hanging
    # the suite; the limit guards against that wait, it measures nothing.
    script = (
        "import sys; from pathlib import Path; from builder.api.locate import find_code; "
        "root = Path(sys.argv[1]); "
        "print(find_code(root / 'docs', root, None, None, root).packages)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=False, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "('pkg',)"
