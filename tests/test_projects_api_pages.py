"""The catalog's ``api`` key: a page per module or package it names, documented from the code,
for a project whose docs are its README."""

from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.archive_source import check_archive
from builder.cache import BuildCache
from builder.cached_stages import compile_version_cached
from builder.config import LibraryConfig, SiteConfig, VersionConfig, load_catalog
from builder.projects import project_listing
from builder.projects.api_pages import api_pages
from builder.stages.read import read_version
from tests.source_support import tar_member, write_tar

SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("demo", "Demo", "", (), None, None, (), ())
README = "demo\n====\n\nColour text. See the API.\n"
# colorama 0.4.6's shape: the package imports its functions from a module, with no __all__.
INIT = '"""Colour for terminals."""\n\nfrom .initialise import init\n'
INITIALISE = 'def init(autoreset=False):\n    """Wrap stdout so that colours work."""\n'
# tabulate 0.8.10's shape: one module beside setup.py.
MODULE = '"""Tables."""\n\n__all__ = ["table"]\n\ndef table(rows):\n    """Draw rows."""\n'


def make_project(root: Path) -> VersionConfig:
    (root / "README.rst").write_text(README, "utf-8")
    (root / "setup.py").write_text("from setuptools import setup\n", "utf-8")
    (root / "demo").mkdir()
    (root / "demo" / "__init__.py").write_text(INIT, "utf-8")
    (root / "demo" / "initialise.py").write_text(INITIALISE, "utf-8")
    (root / "tables.py").write_text(MODULE, "utf-8")
    # As docbuild init writes it for such a project: its README, and only reST.
    return VersionConfig("1.0.0", root, None, None, ("*.rst",), (), None, None, project="none")


def compiled(version: VersionConfig, notes: list[str] | None = None) -> list[dict[str, Any]]:
    with read_version(LIBRARY.id, version, Path()) as files:
        result = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    if notes is not None:
        notes.append(result.api_note)
    return [orjson.loads(record) for record in result.records]


def test_without_the_api_key_the_readme_is_all(tmp_path: Path) -> None:
    records = compiled(make_project(tmp_path))
    assert {record["source"] for record in records} == {"README.rst"}


def test_each_name_is_a_page_of_its_api_whatever_the_include_globs(tmp_path: Path) -> None:
    version = replace(make_project(tmp_path), api=("demo", "tables"))
    listed = [c.relpath for c in project_listing(version)[1].candidates]
    assert listed == ["README.rst", "api/demo.md", "api/tables.md"]
    records = compiled(version)
    shown = {(r["source"], r["heading"]): r["body"] for r in records}
    assert "Wrap stdout so that colours work." in shown["api/demo.md", "demo.initialise.init"]
    assert "Draw rows." in shown["api/tables.md", "tables.table"]
    excluded = replace(version, exclude=("api/tables.md",))
    assert [c.relpath for c in project_listing(excluded)[1].candidates][-1] == "api/demo.md"


def test_a_package_without_all_is_shown_with_its_modules(tmp_path: Path) -> None:
    make_project(tmp_path)
    demo, tables = api_pages(("demo", "tables"), "none", (tmp_path / "src", tmp_path))
    assert demo.text == (
        "::: demo\n    options:\n      show_submodules: true\n      docstring_style: auto\n"
    )
    assert tables.text == "::: tables\n    options:\n      docstring_style: auto\n"
    # mkdocs.yml names the style its docstrings are written in, or mkdocstrings' default.
    assert api_pages(("tables",), "mkdocs", (tmp_path,))[0].text == "::: tables\n"
    # In a Sphinx project too: automodule's :members: leaves out what the package imports,
    # so the page read its docstring alone; its modules follow it now.
    (rst,) = api_pages(("demo",), "sphinx", (tmp_path,))
    assert rst.text == (
        "demo\n====\n\n.. automodule:: demo\n   :members:\n\n"
        ".. automodule:: demo.initialise\n   :members:\n"
    )
    (tmp_path / "demo" / "_private.py").write_text("x = 1\n", "utf-8")
    (tmp_path / "demo" / "sub").mkdir()
    (tmp_path / "demo" / "sub" / "__init__.py").write_text("", "utf-8")
    (tmp_path / "demo" / "sub" / "more.py").write_text("", "utf-8")
    (md,) = api_pages(("demo",), "sphinx", (tmp_path,), suffixes=(".md",))
    assert md.text == (
        "# demo\n\n```{automodule} demo\n:members:\n```\n\n"
        "```{automodule} demo.initialise\n:members:\n```\n\n"
        "```{automodule} demo.sub\n:members:\n```\n\n"
        "```{automodule} demo.sub.more\n:members:\n```\n"
    )
    (tmp_path / "demo" / "__init__.py").write_text(INIT + '__all__ = ["init"]\n', "utf-8")
    assert api_pages(("demo",), "mkdocs", (tmp_path,))[0].text == "::: demo\n"
    (rst,) = api_pages(("demo",), "sphinx", (tmp_path,))
    assert (rst.relpath, rst.text) == (
        "api/demo.rst",
        "demo\n====\n\n.. automodule:: demo\n   :members:\n",
    )


def test_a_package_s_own_tests_are_not_its_api(tmp_path: Path) -> None:
    # towncrier 24.8.0 ships towncrier/test/: its test modules came out as API pages.
    version = replace(make_project(tmp_path), api=("demo",))
    (tmp_path / "demo" / "tests").mkdir()
    (tmp_path / "demo" / "tests" / "__init__.py").write_text("", "utf-8")
    (tmp_path / "demo" / "tests" / "test_init.py").write_text("def test_init(): pass\n", "utf-8")
    (tmp_path / "demo" / "conftest.py").write_text("", "utf-8")
    (rst,) = api_pages(("demo",), "sphinx", (tmp_path,))
    assert rst.text == (
        "demo\n====\n\n.. automodule:: demo\n   :members:\n\n"
        ".. automodule:: demo.initialise\n   :members:\n"
    )
    (md,) = api_pages(("demo",), "none", (tmp_path,))
    assert md.text == (
        "::: demo\n    options:\n      show_submodules: true\n      docstring_style: auto\n"
        '      filters: ["!^_[^_]", "!^(tests?|conftest|vendor|vendored|externals)$"]\n'
    )
    headings = {r["heading"] for r in compiled(version)}
    assert "demo.initialise.init" in headings
    assert not any("tests" in heading or "conftest" in heading for heading in headings)


def test_a_package_s_vendored_copies_are_not_its_api(tmp_path: Path) -> None:
    # datasette 0.65.5 keeps a copy of pint in datasette/vendored/pint: 595 of its 676
    # sections documented pint, its classes twice (re-exported by pint's __init__).
    version = replace(make_project(tmp_path), api=("demo",))
    vendored = tmp_path / "demo" / "vendored" / "pint"
    vendored.mkdir(parents=True)
    (vendored.parent / "__init__.py").write_text("", "utf-8")
    (vendored / "__init__.py").write_text("from .registry import UnitRegistry\n", "utf-8")
    (vendored / "registry.py").write_text(
        'class UnitRegistry:\n    """Units."""\n\n    def parse(self):\n        """Parse."""\n',
        "utf-8",
    )
    (rst,) = api_pages(("demo",), "sphinx", (tmp_path,))
    assert "vendored" not in rst.text
    headings = {r["heading"] for r in compiled(version)}
    assert "demo.initialise.init" in headings
    assert not any("vendored" in heading or "pint" in heading for heading in headings)


def test_a_release_archive_read_at_its_top_gets_its_api_and_says_where_from(
    tmp_path: Path,
) -> None:
    # backoff 2.2.1's sdist, read as the README suggests: its top folder, api = ["demo"]. The
    # report named the scratch folder the archive was extracted to, gone after the build
    # ("API from code in /tmp/.site.work-123/source-x1/archive/backoff-2.2.1: 9 objects").
    archive = write_tar(
        tmp_path / "demo-1.0.0.tar.gz",
        [
            tar_member("demo-1.0.0/README.rst", README.encode()),
            tar_member("demo-1.0.0/src/demo/__init__.py", INIT.encode()),
            tar_member("demo-1.0.0/src/demo/initialise.py", INITIALISE.encode()),
            tar_member("demo-1.0.0/demo.egg-info/SOURCES.txt", b"README.rst\n"),
        ],
    )
    version = VersionConfig(
        "1.0.0", None, None, None, (), (), None, None,
        archive=check_archive(archive.name, archive, "."), api=("demo",),
    )  # fmt: skip
    notes: list[str] = []
    records = compiled(version, notes)
    assert sorted({r["source"] for r in records}) == ["README.rst", "api/demo.md"]
    assert notes == ["API from code in the archive's src/: 3 objects"]


def test_a_page_of_the_docs_at_the_api_path_stays_beside_the_generated_one(
    tmp_path: Path,
) -> None:
    # Plain docs with a hand-written api/tables.md (and an api/demo.rst), given api by docbuild
    # init: the generated page replaced the project's page of the same path, its words lost.
    version = make_project(tmp_path)
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "tables.md").write_text("# Tables\n\nHow rows are drawn.\n", "utf-8")
    (tmp_path / "api" / "demo.rst").write_text("Demo\n====\n\nStart with init.\n", "utf-8")
    version = replace(version, include=("*.rst", "api/*"), api=("demo", "tables"))
    shown = {(r["source"], r["heading"]): r["body"] for r in compiled(version)}
    assert shown["api/tables.md", "Tables"] == "How rows are drawn."
    assert shown["api/demo.rst", "Demo"] == "Start with init."
    assert "Draw rows." in shown["api/tables-docstrings.md", "tables.table"]
    assert "Wrap stdout" in shown["api/demo-docstrings.md", "demo.initialise.init"]


@pytest.mark.parametrize(
    ("files", "page"),
    [
        # A MyST-only Sphinx project (source_suffix = {".md": ...}): api/tables.rst is no page.
        (
            {"docs/conf.py": "extensions = ['myst_parser']\nsource_suffix = {'.md': 'markdown'}\n",
             "docs/index.md": "# Demo\n\nHello.\n"},
            "api/tables.md",
        ),
        # Django's docs: reST in .txt files.
        ({"docs/conf.py": "source_suffix = '.txt'\n", "docs/index.txt": "Demo\n====\n"},
         "api/tables.txt"),
        # mdBook renders only the chapters SUMMARY.md lists.
        ({"book.toml": "[book]\ntitle = 'Demo'\n", "src/SUMMARY.md": "- [Intro](intro.md)\n",
          "src/intro.md": "# Demo\n\nHello.\n"}, "api/tables.md"),
    ],
)  # fmt: skip
def test_the_api_pages_are_pages_the_project_reads(
    tmp_path: Path, files: dict[str, str], page: str
) -> None:
    # Each of these projects left the asked-for page out, silently: no docstring was read.
    version = make_project(tmp_path)
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, "utf-8")
    docs = tmp_path / "docs" if "docs/conf.py" in files else tmp_path
    version = replace(
        version, directory=docs, include=(), project="auto", source_dir=tmp_path, api=("tables",)
    )
    shown = {(r["source"], r["heading"]): r["body"] for r in compiled(version)}
    assert "Draw rows." in shown[page, "tables.table"]


def test_a_name_the_archive_lacks_is_a_warning_that_names_its_place_in_the_archive(
    tmp_path: Path,
) -> None:
    # api = ["nosuch"] on a release archive: the warning named the scratch folder the archive
    # was extracted to ("not found in the code in /tmp/.site.work-123/source-x1/archive/
    # demo-1.0.0/src"), gone after the build and kept so by the cache for the next one.
    archive = write_tar(
        tmp_path / "demo-1.0.0.tar.gz",
        [
            tar_member("demo-1.0.0/README.rst", README.encode()),
            tar_member("demo-1.0.0/src/demo/__init__.py", INIT.encode()),
        ],
    )
    version = VersionConfig(
        "1.0.0", None, None, None, (), (), None, None,
        archive=check_archive(archive.name, archive, "."), api=("nosuch",),
    )  # fmt: skip
    with read_version(LIBRARY.id, version, tmp_path) as files:
        result = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    assert [(w.where, w.message) for w in result.warnings] == [
        (
            "demo 1.0.0: api/nosuch.md",
            "api name 'nosuch': no module or package of that name in the archive's src/; check "
            "the spelling (a git or archive version's code is in its own tree)",
        )
    ]


CATALOG = (
    '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
    '[[libraries]]\nid = "demo"\nname = "Demo"\n\n'
    '[[libraries.versions]]\nversion = "1.0.0"\npath = "."\nproject = "{project}"\n'
    "api = [{api}]\n"
)


@pytest.mark.parametrize("project", ["none", "sphinx"])
def test_a_misspelt_api_name_is_one_warning_that_names_the_catalog_key(
    tmp_path: Path, project: str
) -> None:
    # api = ["tabls"] for tables.py: the report said only "mkdocstrings tabls: not found in
    # the code in <folder>" at api/tabls.md:1, a page the user never wrote, and nothing of
    # the catalog line to correct.
    make_project(tmp_path)
    if project == "sphinx":
        (tmp_path / "conf.py").write_text('project = "demo"\n', "utf-8")
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text(CATALOG.format(project=project, api='"demo", "tabls"'), "utf-8")
    (version,) = load_catalog(catalog).libraries[0].versions
    with read_version(LIBRARY.id, version, tmp_path) as files:
        result = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    suffix = ".rst" if project == "sphinx" else ".md"
    assert [(w.where, w.message) for w in result.warnings] == [
        (
            f"demo 1.0.0: api/tabls{suffix}",
            "api name 'tabls' (docbuild.toml libraries[0] (id 'demo').versions[0].api): no "
            f"module or package of that name in {tmp_path}; check the spelling, or set "
            "source_dir to the folder that holds it",
        )
    ]


def test_an_api_name_without_any_code_says_where_the_code_was_looked_for(
    tmp_path: Path,
) -> None:
    (tmp_path / "README.rst").write_text(README, "utf-8")
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text(CATALOG.format(project="none", api='"demo"'), "utf-8")
    (version,) = load_catalog(catalog).libraries[0].versions
    with read_version(LIBRARY.id, version, tmp_path) as files:
        result = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    assert [(w.where, w.message) for w in result.warnings] == [
        (
            "demo 1.0.0: api/demo.md",
            "api name 'demo' (docbuild.toml libraries[0] (id 'demo').versions[0].api): no "
            f"module or package of that name in {tmp_path}, which holds no code; check the "
            "spelling, or set source_dir to the folder that holds it",
        )
    ]


@pytest.mark.parametrize("patterns", ['["api"]', '["api/*"]', '["**/*.rst", "_build"]'])
def test_the_api_pages_stay_whatever_the_projects_exclude_patterns(
    tmp_path: Path, patterns: str
) -> None:
    # A conf.py that leaves out its own api/ folder (pages sphinx-apidoc writes there at
    # build time) left out the pages the catalog asked for by name too, without a note.
    version = make_project(tmp_path)
    (tmp_path / "conf.py").write_text(f"exclude_patterns = {patterns}\n", "utf-8")
    version = replace(version, include=(), project="sphinx", api=("tables",))
    listed = [c.relpath for c in project_listing(version)[1].candidates]
    assert "api/tables.rst" in listed
    assert "README.rst" in listed  # '**/' matches a folder, as Sphinx reads it
    shown = {(r["source"], r["heading"]): r["body"] for r in compiled(version)}
    assert "Draw rows." in shown["api/tables.rst", "tables.table"]
    # The catalog's own exclude globs still leave them out.
    excluded = replace(version, exclude=("api/*",))
    assert "api/tables.rst" not in [c.relpath for c in project_listing(excluded)[1].candidates]


def test_the_api_pages_read_each_docstring_in_its_own_style(tmp_path: Path) -> None:
    # prompt_toolkit 3.0.53 (no docs in its release) writes Sphinx fields, which the Google
    # style mkdocstrings defaults to left as text: 95 lines read "param layout: ...".
    version = replace(make_project(tmp_path), api=("tables",))
    (tmp_path / "tables.py").write_text(
        '__all__ = ["table"]\n\ndef table(rows):\n    """Draw rows.\n\n'
        '    :param rows: The rows.\n    :returns: The table.\n    """\n',
        "utf-8",
    )
    shown = {r["heading"]: r["body"] for r in compiled(version)}
    assert shown["tables.table"] == (
        "`table(rows)`\n\nDraw rows.\n\nParameters:\n- rows: The rows.\n\nReturns:\n- The table."
    )
