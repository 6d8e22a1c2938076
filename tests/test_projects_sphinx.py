"""Sphinx projects: conf.py settings and the toctree order from the root document."""

from pathlib import Path
from typing import Any

import orjson

from builder.cache import BuildCache
from builder.cached_stages import compile_version_cached
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.parsers.rst.object_types import ObjectType
from builder.parsers.rst.plot_files import PlotSettings
from builder.projects import ProjectLayout, project_listing
from builder.projects.toctree import ToctreeEntry, toctree_entries
from builder.stages.read import read_version

SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("demo", "Demo", "", (), None, None, (), ())


def compiled_records(version: VersionConfig) -> list[dict[str, Any]]:
    """The version's section records, as the read and compile stages make them."""
    with read_version(LIBRARY.id, version, Path()) as files:
        compiled = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    return [orjson.loads(record) for record in compiled.records]


CONF_PY = """\
import os
project = "demo"
root_doc = "contents"
extensions = ["myst_parser"]
exclude_patterns = ["drafts", "**/skip-*"]
rst_prolog = '''
.. |product| replace:: Demo Server
.. |long| replace:: a name that goes
   over two lines
'''
default_role = "math"
html_theme_options = {"logo": os.environ.get("LOGO")}
version = release = "1.0"
"""

PAGES = {
    "contents.rst": (
        "Demo\n====\n\nAbout |product|.\n\n"
        ".. toctree::\n   :maxdepth: 2\n\n   self\n   usage\n   Reference <api/index>\n"
        "   https://example.com/elsewhere\n"
    ),
    "usage.rst": "Usage\n=====\n\nUse |product|, |long|. Not |other|. Math `x^2`.\n",
    "api/index.rst": ("API\n===\n\n.. toctree::\n   :glob:\n\n   mod-*\n   /topics/guide\n"),
    "api/mod-b.rst": "Module B\n========\n\nB.\n",
    "api/mod-a.rst": "Module A\n========\n\nA.\n",
    "api/skip-me.rst": "Skipped\n=======\n\nExcluded by a pattern.\n",
    "topics/guide.md": "# Guide\n\n```{toctree}\n---\nmaxdepth: 1\n---\nextra\n```\n",
    "topics/extra.md": "# Extra\n\nReached from a MyST toctree.\n",
    "aaa-orphan.rst": "Orphan\n======\n\nIn no toctree.\n",
    "drafts/new.rst": "Draft\n=====\n\nExcluded.\n",
    "_build/html/index.html": "<html><body><h1>Built</h1></body></html>\n",
    "_static/note.txt": "Static file.\n",
    "_templates/layout.html": "<html>{% block body %}{% endblock %}</html>\n",
    "notes.txt": "Not a source_suffix.\n",
}


def make_project(root: Path, conf: str | None = CONF_PY) -> Path:
    for relpath, text in PAGES.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if conf is not None:
        (root / "conf.py").write_text(conf, encoding="utf-8")
    return root


def version(
    directory: Path, project: str = "auto", catalog_folder: Path | None = None
) -> VersionConfig:
    return VersionConfig(
        "1.0.0",
        directory,
        None,
        None,
        (),
        (),
        None,
        None,
        project=project,
        catalog_folder=catalog_folder,
    )


def test_toctree_entries_of_rst_and_myst() -> None:
    assert toctree_entries(PAGES["contents.rst"]) == [
        ToctreeEntry("self"),
        ToctreeEntry("usage"),
        ToctreeEntry("api/index", "Reference"),
    ]
    assert toctree_entries(PAGES["api/index.rst"]) == [
        ToctreeEntry("mod-*", is_glob=True),
        ToctreeEntry("/topics/guide"),
    ]
    assert toctree_entries(PAGES["topics/guide.md"]) == [ToctreeEntry("extra")]


def test_a_toctree_written_with_a_space_before_its_colons_orders_the_pages() -> None:
    # docutils reads one space before '::' and more than one after '..' ('.. toctree ::'
    # in many projects' index pages); its entries were not read, and the pages fell back
    # to the order of their names.
    text = "Home\n====\n\n.. toctree ::\n\n   zeta\n   alpha\n\n..  toctree::\n\n   beta\n"
    assert toctree_entries(text) == [
        ToctreeEntry("zeta"),
        ToctreeEntry("alpha"),
        ToctreeEntry("beta"),
    ]


def test_pages_follow_the_toctrees_from_the_root_document(tmp_path: Path) -> None:
    layout, listing = project_listing(version(make_project(tmp_path)))
    assert layout.kind == "sphinx"
    assert layout.config_file == "conf.py"
    assert [c.relpath for c in listing.candidates] == [
        "contents.rst",
        "usage.rst",
        "api/index.rst",
        "api/mod-a.rst",
        "api/mod-b.rst",
        "topics/guide.md",
        "topics/extra.md",
        "aaa-orphan.rst",
    ]


def test_a_toctree_glob_no_regular_expression_can_hold_lists_no_page(tmp_path: Path) -> None:
    # "[z-a]" (or "[]]") made a pattern re.compile refuses: project_listing raised re.error.
    make_project(tmp_path)
    index = tmp_path / "api" / "index.rst"
    index.write_text(index.read_text(encoding="utf-8") + "   mod-[z-a]\n   mod-[]]\n", "utf-8")
    _layout, listing = project_listing(version(tmp_path))
    assert "api/mod-a.rst" in [c.relpath for c in listing.candidates]


def test_build_folders_and_exclude_patterns_are_left_out(tmp_path: Path) -> None:
    _, listing = project_listing(version(make_project(tmp_path)))
    relpaths = {c.relpath for c in listing.candidates}
    assert not relpaths & {
        "api/skip-me.rst",
        "drafts/new.rst",
        "_build/html/index.html",
        "_templates/layout.html",
        "notes.txt",
    }


def test_prolog_substitutions_and_default_role_apply_to_rst_pages(tmp_path: Path) -> None:
    records = compiled_records(version(make_project(tmp_path)))
    bodies = {r["source"]: r["body"] for r in records}
    assert bodies["contents.rst"] == "About Demo Server."
    assert bodies["usage.rst"] == (
        "Use Demo Server, a name that goes over two lines. Not other. Math x^2."
    )


def test_default_role_reads_interpreted_text(tmp_path: Path) -> None:
    records = compiled_records(version(make_project(tmp_path), "none"))
    bodies = {r["source"]: r["body"] for r in records}
    assert bodies["usage.rst"].endswith("Math `x^2`.")  # no project: code, as before


def test_non_literal_settings_are_ignored_with_a_note(tmp_path: Path) -> None:
    conf = CONF_PY.replace('root_doc = "contents"', "root_doc = os.environ['ROOT']")
    layout, listing = project_listing(version(make_project(tmp_path, conf)))
    assert "conf.py: root_doc is not a literal value; ignored" in layout.notes
    # Sphinx's default root, index, is not there: the pages no toctree names lead.
    assert "root document 'index' is not among the pages; its toctrees are unknown" in (
        layout.notes
    )
    assert [c.relpath for c in listing.candidates][:3] == [
        "aaa-orphan.rst",
        "contents.rst",
        "usage.rst",
    ]
    # Settings that are not read are not mentioned.
    assert not any("html_theme_options" in note for note in layout.notes)


def test_sphinx_without_conf_py_uses_its_defaults(tmp_path: Path) -> None:
    docs = make_project(tmp_path, conf=None)
    (docs / "index.rst").write_text(
        "Home\n====\n\n.. toctree::\n\n   usage\n   contents\n", encoding="utf-8"
    )
    assert project_listing(version(docs))[0].kind == "none"  # auto finds no conf.py
    layout, listing = project_listing(version(docs, project="sphinx"))
    assert layout.kind == "sphinx"
    assert layout.config_file == ""
    relpaths = [c.relpath for c in listing.candidates]
    assert relpaths[:3] == ["index.rst", "usage.rst", "contents.rst"]
    assert "topics/guide.md" not in relpaths  # .md is a source only with myst_parser


def test_explicit_toctree_title_names_an_untitled_page(tmp_path: Path) -> None:
    docs = make_project(tmp_path)
    (docs / "api" / "index.rst").write_text("Some text and no title.\n", encoding="utf-8")
    records = compiled_records(version(docs))
    api = [r for r in records if r["source"] == "api/index.rst"]
    assert api[0]["heading"] == "Reference"


def test_version_and_release_come_from_conf_py_else_from_the_catalog(tmp_path: Path) -> None:
    page = "Demo\n====\n\nRelease v\\ |version| (|release|).\n"
    for folder, conf, expected in (
        ("literal", 'version = "2.1"\nrelease = "2.1.0rc1"\n', "Release v2.1 (2.1.0rc1)."),
        ("computed", "import importlib.metadata\nrelease = importlib.metadata.version('demo')\n",
         "Release v1.0.0 (1.0.0)."),
    ):  # fmt: skip
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "index.rst").write_text(page, encoding="utf-8")
        (tmp_path / folder / "conf.py").write_text(conf, encoding="utf-8")
        (record,) = compiled_records(version(tmp_path / folder))
        assert record["body"] == expected


def test_a_myst_substitution_reference_reads_the_release(tmp_path: Path) -> None:
    # structlog's index.md: "Release **{sub-ref}`release`**" read "Release release".
    (tmp_path / "index.md").write_text(
        "# Demo\n\nRelease **{sub-ref}`release`**, {sub-ref}`today`.\n", encoding="utf-8"
    )
    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser"]\nimport importlib.metadata\n'
        "release = importlib.metadata.version('demo')\n",
        encoding="utf-8",
    )
    (record,) = compiled_records(version(tmp_path))
    assert record["body"] == "Release 1.0.0, today."


def test_jaraco_packaging_names_the_project_from_the_package_metadata(tmp_path: Path) -> None:
    # jaraco's skeleton: index.rst is titled with the |project| its extension defines.
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text('extensions = ["jaraco.packaging.sphinx"]\n', "utf-8")
    (docs / "index.rst").write_text(
        "Welcome to |project| docs!\n==========================\n\nAbout |project|.\n"
    )
    (tmp_path / "setup.cfg").write_text("[metadata]\nname = keyring\n", "utf-8")
    assert [(r["heading"], r["body"]) for r in compiled_records(version(docs))] == [
        ("Welcome to keyring docs!", "About keyring.")
    ]
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "zipp"\n', "utf-8")
    assert compiled_records(version(docs))[0]["heading"] == "Welcome to zipp docs!"
    (docs / "conf.py").write_text("extensions = []\n", "utf-8")  # |project| is not defined
    assert compiled_records(version(docs))[0]["heading"] == "Welcome to project docs!"


def test_version_substitutions_default_to_the_version_built_in_sphinx_projects_only() -> None:
    sphinx = ProjectLayout(kind="sphinx", substitutions=(("release", "3.0.0rc1"),))
    assert sphinx.substitutions_for("3.0") == (("release", "3.0.0rc1"), ("version", "3.0"))
    plain = ProjectLayout(kind="none", substitutions=(("name", "x"),))
    assert plain.substitutions_for("3.0") == (("name", "x"),)


def test_notebooks_are_pages_when_a_notebook_extension_is_loaded(tmp_path: Path) -> None:
    # emcee (myst_nb) lists its tutorials, .ipynb files, in its toctree.
    (tmp_path / "index.rst").write_text(
        "Home\n====\n\n.. toctree::\n\n   tutorials/quickstart\n", encoding="utf-8"
    )
    (tmp_path / "tutorials").mkdir()
    (tmp_path / "tutorials" / "quickstart.ipynb").write_text('{"cells": []}', encoding="utf-8")
    for extension, listed in (("myst_nb", True), ("nbsphinx", True), ("myst_parser", False)):
        (tmp_path / "conf.py").write_text(f"extensions = [{extension!r}]\n", encoding="utf-8")
        _, listing = project_listing(version(tmp_path))
        relpaths = [c.relpath for c in listing.candidates]
        assert ("tutorials/quickstart.ipynb" in relpaths) is listed, extension


def test_zzzeeksphinx_references_read_as_it_shows_them(tmp_path: Path) -> None:
    # SQLAlchemy's 8,500 references name their module by a prefix its conf.py maps; read as
    # plain roles they showed it ("the `_sql.select` function").
    conf = (
        'extensions = ["zzzeeksphinx"]\n'
        'zzzeeksphinx_module_prefixes = {"_sql": "sqlalchemy.sql", "_orm": "sqlalchemy.orm"}\n'
    )
    (tmp_path / "index.rst").write_text(
        "Select\n======\n\n:func:`_sql.select` builds a :class:`_sql.Select`; "
        ":meth:`_orm.Session.execute` runs it.\n",
        encoding="utf-8",
    )
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.module_prefixes == (("_orm", "sqlalchemy.orm"), ("_sql", "sqlalchemy.sql"))
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "`select` builds a `Select`; `Session.execute` runs it."
    # Without the extension the references read as Sphinx shows them.
    (tmp_path / "conf.py").write_text(conf.replace("zzzeeksphinx", "other"), encoding="utf-8")
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == (
        "`_sql.select` builds a `_sql.Select`; `_orm.Session.execute` runs it."
    )


def test_sphinx_issues_roles_read_as_the_page_shows_them(tmp_path: Path) -> None:
    # pytest's changelog: ":issue:`9283`" read "9283" where the page shows "#9283".
    (tmp_path / "index.rst").write_text(
        "Changes\n=======\n\n:issue:`9283` and :pr:`12` fixed by :user:`asottile`.\n",
        encoding="utf-8",
    )
    conf = 'extensions = ["sphinx.ext.autodoc", "sphinx_issues"]\nissues_pr_prefix = "!"\n'
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.issue_roles == (("issue", "#"), ("pr", "!"), ("commit", "@"), ("user", "@"))
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "#9283 and !12 fixed by @asottile."
    # Without the extension the roles are a project's own: their text as written.
    (tmp_path / "conf.py").write_text('extensions = ["sphinx.ext.autodoc"]\n', encoding="utf-8")
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "9283 and 12 fixed by asottile."


def test_extlinks_roles_read_as_the_page_shows_them(tmp_path: Path) -> None:
    # blinker 1.9.0's changelog (CHANGES.rst, included by its one page): ":pr:`175`" read
    # "175" where the page shows "#175", as its conf.py's extlinks caption says.
    (tmp_path / "index.rst").write_text(
        "Changes\n=======\n\nDrop support for Python 3.8. :pr:`175`\n", encoding="utf-8"
    )
    conf = (
        'extensions = ["sphinx.ext.autodoc", "sphinx.ext.extlinks"]\n'
        "extlinks = {\n"
        '    "issue": ("https://github.com/pallets-eco/blinker/issues/%s", "#%s"),\n'
        '    "pr": ("https://github.com/pallets-eco/blinker/pull/%s", "#%s"),\n'
        "}\n"
    )
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.extlinks == (
        ("issue", "https://github.com/pallets-eco/blinker/issues/%s", "#%s"),
        ("pr", "https://github.com/pallets-eco/blinker/pull/%s", "#%s"),
    )
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "Drop support for Python 3.8. #175"
    # Without the extension the roles are a project's own: their text as written.
    (tmp_path / "conf.py").write_text('extensions = ["sphinx.ext.autodoc"]\n', encoding="utf-8")
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "Drop support for Python 3.8. 175"


def test_a_plot_directive_s_script_is_shown_as_conf_py_says(tmp_path: Path) -> None:
    # PyWavelets 1.1.1: '.. plot:: pyplots/plot_mallat_2d.py' with plot_include_source = True
    # shows the script's code above its figure; the page showed neither.
    (tmp_path / "pyplots").mkdir()
    (tmp_path / "pyplots" / "mallat.py").write_text(
        "import pywt\n\nc = pywt.wavedec2(x, 'db1')\n", encoding="utf-8"
    )
    (tmp_path / "ref").mkdir()
    (tmp_path / "shapes.py").write_text("draw('circle')\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text(
        "Overview\n========\n\nThe Mallat decomposition:\n\n"
        ".. plot:: pyplots/mallat.py\n\n   The *coefficients* of each level.\n\n"
        ".. plot:: pyplots/mallat.py\n   :include-source: false\n\nEnd.\n",
        encoding="utf-8",
    )
    (tmp_path / "ref" / "index.rst").write_text(
        "Shapes\n======\n\n.. plot:: shapes.py\n   :include-source:\n", encoding="utf-8"
    )
    plots = '"matplotlib.sphinxext.plot_directive"'
    conf = f'extensions = [{plots}]\nplot_include_source = True\nmaster_doc = "index"\n'
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.plot_settings == PlotSettings(include_source=True)
    bodies = {record["heading"]: record["body"] for record in compiled_records(version(tmp_path))}
    assert bodies["Overview"] == (
        "The Mallat decomposition:\n\n"
        "```python\nimport pywt\n\nc = pywt.wavedec2(x, 'db1')\n```\n\n"
        "The coefficients of each level.\n\nEnd."
    )
    # The option shows it whatever conf.py says; a script is named from the docs' folder, as
    # matplotlib opens it, whichever folder the page is in.
    assert bodies["Shapes"] == "```python\ndraw('circle')\n```"
    # By default (or without the extension) a script's code is not shown.
    (tmp_path / "conf.py").write_text(f"extensions = [{plots}]\n", encoding="utf-8")
    bodies = {record["heading"]: record["body"] for record in compiled_records(version(tmp_path))}
    assert bodies["Overview"] == (
        "The Mallat decomposition:\n\nThe coefficients of each level.\n\nEnd."
    )
    # plot_basedir names the scripts from a folder of the docs.
    (tmp_path / "ref" / "index.rst").write_text(
        "Shapes\n======\n\n.. plot:: mallat.py\n   :include-source: true\n", encoding="utf-8"
    )
    based = f'extensions = [{plots}]\nplot_basedir = "pyplots"\n'
    (tmp_path / "conf.py").write_text(based, encoding="utf-8")
    bodies = {record["heading"]: record["body"] for record in compiled_records(version(tmp_path))}
    assert bodies["Shapes"] == "```python\nimport pywt\n\nc = pywt.wavedec2(x, 'db1')\n```"


def test_object_types_conf_py_adds_are_entries_of_their_pages(tmp_path: Path) -> None:
    # GSD 2.7.0: setup(app) calls app.add_object_type('chunk', 'chunk', ...) and the schema
    # page writes '.. chunk:: particles/N'; the chunks' names were lost, their texts one run.
    n_text = "Number of particles in the frame, written once per frame."
    mass_text = "Mass of each particle, in the units of the simulation."
    (tmp_path / "index.rst").write_text(
        f"Schema\n======\n\nChunks:\n\n.. chunk:: particles/N\n\n    {n_text}\n\n"
        f".. chunk:: particles/mass\n\n    :Type: float\n\n    {mass_text}\n",
        encoding="utf-8",
    )
    conf = (
        "extensions = []\n\n\ndef setup(app):\n"
        "    app.add_object_type('chunk', 'chunk', objname='Data chunk',\n"
        "                        indextemplate='single: %s (data chunk)')\n"
    )
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.object_types == (ObjectType("chunk"),)
    records = compiled_records(version(tmp_path))
    assert [(r["heading"], r["anchor"], r["body"]) for r in records] == [
        # The page lists its entries, each by its first line, as it lists a module's.
        ("Schema", "schema", f"Chunks:\n\n- particles/N: {n_text}\n- particles/mass: Type: float"),
        ("particles/N", "chunk-particles-N", f"`particles/N`\n\n{n_text}"),
        (
            "particles/mass",
            "chunk-particles-mass",
            f"`particles/mass`\n\nType: float\n\n{mass_text}",
        ),
    ]
    # Without the call, the directive is no object of the project: its text stays the page's.
    (tmp_path / "conf.py").write_text("extensions = []\n", encoding="utf-8")
    [record] = compiled_records(version(tmp_path))
    assert "particles/N" not in record["body"]


def test_changelog_extension_tickets_read_as_the_page_shows_them(tmp_path: Path) -> None:
    # alembic 1.20.1's changelog: "introduced in :ticket:`151`" read "introduced in 151"
    # where the page shows "#151".
    (tmp_path / "index.rst").write_text(
        "Changes\n=======\n\nIntroduced in :ticket:`151`.\n", encoding="utf-8"
    )
    (tmp_path / "conf.py").write_text('extensions = ["changelog"]\n', encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.issue_roles == (("ticket", "#"),)
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "Introduced in #151."


def test_prolog_substitutions_keep_grid_tables_and_literals_whole(tmp_path: Path) -> None:
    # networkx 3.6.1's shortest paths table names |dijkstra| (rst_prolog) in a cell narrower
    # than its text: replaced in the page's text first, it pushed the row's cells over the
    # column borders ("ithms/shortes | _paths/dijkstra"); a literal block keeps the name, and
    # a project directive's argument (pytest's towncrier-draft-entries) has it replaced.
    (tmp_path / "conf.py").write_text(
        "rst_prolog = '''\n.. |dijkstra| replace:: Dijkstra's *algorithm*\n"
        ".. |next| replace:: 9.2.0\n'''\n",
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(
        "Paths\n=====\n\n"
        "+------------+--------+\n| Algorithm  | Time   |\n+============+========+\n"
        "| |dijkstra| | O(E)   |\n+------------+--------+\n\n"
        "Use |dijkstra|::\n\n    |dijkstra|\n\n.. draft-entries:: |next| [DRAFT]\n",
        encoding="utf-8",
    )
    (record,) = compiled_records(version(tmp_path))
    assert record["body"] == (
        "Algorithm | Time\nDijkstra's algorithm | O(E)\n\n"
        "Use Dijkstra's algorithm:\n\n```\n|dijkstra|\n```\n\n`9.2.0 [DRAFT]`"
    )


def test_myst_field_lists_are_read_only_where_conf_py_enables_them(tmp_path: Path) -> None:
    # MyST reads ":name: body" lines as a field list only with its fieldlist extension; without
    # it (sphinx-book-theme 1.1.3, sphinx-copybutton 0.5.2) Sphinx shows them as a paragraph.
    (tmp_path / "index.md").write_text(
        "# Team\n\n:Author: Ann\n:Date: 2024\n\nText.\n", encoding="utf-8"
    )
    conf = 'extensions = ["myst_parser"]\nmyst_enable_extensions = ["colon_fence"]\n'
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.myst_extensions == ("colon_fence",)
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == ":Author: Ann :Date: 2024\n\nText."
    (tmp_path / "conf.py").write_text(conf.replace('"colon_fence"', '"fieldlist"'), "utf-8")
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "Author: Ann\nDate: 2024\n\nText."
    # A conf.py that names no MyST extension in a literal list leaves them all read.
    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser"]\nmyst_enable_extensions = X\n', "utf-8"
    )
    assert project_listing(version(tmp_path))[0].myst_extensions is None


def test_myst_headings_are_anchored_as_sphinx_anchors_a_title(tmp_path: Path) -> None:
    # A MyST page Sphinx builds is a docutils document: its sections' ids are made as a reST
    # title's (installer 0.6.0's api/scripts.html #installer-scripts), where the GitHub slug
    # of Markdown elsewhere drops the dot (#installerscripts, no id of the built page).
    (tmp_path / "index.md").write_text(
        "# Welcome to installer's documentation!\n\nText.\n\n## `installer.scripts`\n\nMore.\n",
        encoding="utf-8",
    )
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser"]\n', encoding="utf-8")
    assert [r["anchor"] for r in compiled_records(version(tmp_path))] == [
        "welcome-to-installer-s-documentation",
        "installer-scripts",
    ]


def test_a_notebook_nbsphinx_reads_is_anchored_as_jupyter_anchors_its_headings(
    tmp_path: Path,
) -> None:
    # nbsphinx gives a notebook's sections Jupyter's ids, the title with spaces made dashes
    # (ipyparallel 7.1.0's examples/dask.html #Working-with-IPython-and-dask.distributed);
    # myst-nb leaves Sphinx's, as a MyST page's.
    cell = {"cell_type": "markdown", "metadata": {}, "source": []}
    cells = [
        {**cell, "source": ["# Working with IPython and dask.distributed\n", "\n", "Text."]},
        {**cell, "source": ["## Wigner's nearest neighbor\n", "\n", "More."]},
    ]
    notebook = orjson.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    (tmp_path / "index.ipynb").write_bytes(notebook)
    conf = tmp_path / "conf.py"
    conf.write_text('extensions = ["nbsphinx", "myst_parser"]\n', encoding="utf-8")
    assert [r["anchor"] for r in compiled_records(version(tmp_path))] == [
        "Working-with-IPython-and-dask.distributed",
        "Wigner\u2019s-nearest-neighbor",
    ]
    conf.write_text('extensions = ["myst_nb"]\n', encoding="utf-8")
    assert [r["anchor"] for r in compiled_records(version(tmp_path))] == [
        "working-with-ipython-and-dask-distributed",
        "wigner-s-nearest-neighbor",
    ]


def test_a_page_definition_naming_a_prolog_one_reads_through_it(tmp_path: Path) -> None:
    # Replaced in the page's text first, rst_prolog's |proj| read inside the page's own
    # definition; read where inline markup is, it showed its bare name ("page proj docs").
    (tmp_path / "conf.py").write_text(
        "rst_prolog = '''\n.. |proj| replace:: Acme *Kit*\n'''\n", encoding="utf-8"
    )
    (tmp_path / "index.rst").write_text(
        "Title\n=====\n\nSee |docs|.\n\n.. |docs| replace:: the |proj| docs\n", encoding="utf-8"
    )
    (record,) = compiled_records(version(tmp_path))
    assert record["body"] == "See the Acme Kit docs."


def test_object_types_an_extension_of_the_project_adds_are_entries(tmp_path: Path) -> None:
    # Django 3.2's docs/_ext/djangodocs.py adds the django-admin object type; conf.py puts
    # _ext on sys.path and loads it. Its commands ('.. django-admin:: help') were text.
    (tmp_path / "_ext").mkdir()
    (tmp_path / "_ext" / "djangodocs.py").write_text(
        "def setup(app):\n    app.add_object_type(\n"
        '        directivename="django-admin", rolename="djadmin",\n    )\n',
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(
        "Commands\n========\n\n.. django-admin:: help\n\nLists the commands.\n", "utf-8"
    )
    conf = (
        "import sys\nfrom os.path import abspath, dirname, join\n"
        'sys.path.append(abspath(join(dirname(__file__), "_ext")))\n'
        'extensions = ["djangodocs"]\n'
    )
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.object_types == (ObjectType("django-admin"),)
    records = compiled_records(version(tmp_path))
    assert [(r["heading"], r["anchor"]) for r in records] == [
        ("Commands", "commands"),
        ("help", "django-admin-help"),
    ]


def test_settings_from_a_module_the_conf_py_imports_apply(tmp_path: Path) -> None:
    # Invoke's, Fabric's and Paramiko's docs: sites/docs/conf.py puts sites/ on sys.path and
    # imports shared_conf, which sets default_role = "obj".
    docs = tmp_path / "sites" / "docs"
    docs.mkdir(parents=True)
    (tmp_path / "sites" / "shared_conf.py").write_text('default_role = "obj"\n', "utf-8")
    (tmp_path / "outside.py").write_text('default_role = "math"\n', "utf-8")
    (docs / "index.rst").write_text(
        "Use `.Context`\n==============\n\nCall `.Context.run` on it.\n", "utf-8"
    )
    conf = 'import os, sys\nsys.path.append(os.path.abspath(".."))\nfrom shared_conf import *\n'
    (docs / "conf.py").write_text(conf, "utf-8")
    (record,) = compiled_records(version(docs))
    assert (record["heading"], record["body"]) == ("Use Context", "Call `Context.run` on it.")
    # A module outside the project (the folder above the docs' own) is not read.
    (docs / "conf.py").write_text(conf.replace("..", "../..").replace("shared_conf", "outside"))
    (record,) = compiled_records(version(docs))
    assert record["body"] == "Call `.Context.run` on it."


def test_a_settings_module_above_the_catalog_folder_is_not_read(tmp_path: Path) -> None:
    # A catalog beside a conf.py (path "."): the folder above is not the project's, and an
    # include of a file there is refused; the settings module a conf.py imports from there
    # was read, its rst_epilog put on every page.
    docs = tmp_path / "site"
    docs.mkdir()
    (tmp_path / "outside_conf.py").write_text('rst_epilog = ".. |leak| replace:: SECRET"\n')
    (docs / "index.rst").write_text("Title\n=====\n\nSome |leak| text.\n", "utf-8")
    conf = 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nfrom outside_conf import *\n'
    (docs / "conf.py").write_text(conf, "utf-8")
    (record,) = compiled_records(version(docs, catalog_folder=docs))
    assert "SECRET" not in record["body"]
    # Inside the catalog's folder it is read.
    (record,) = compiled_records(version(docs, catalog_folder=tmp_path))
    assert record["body"] == "Some SECRET text."


def test_autosectionlabel_in_conf_py_labels_the_titles(tmp_path: Path) -> None:
    # Litestar's conf.py loads sphinx.ext.autosectionlabel with its docname prefix; its
    # ":ref:`usage/routing/parameters:type coercion`" read as the label, not the title.
    (tmp_path / "index.rst").write_text(
        "Home\n====\n\nSee :ref:`usage:type coercion`.\n\n.. toctree::\n\n   usage\n", "utf-8"
    )
    (tmp_path / "usage.rst").write_text(
        "Usage\n=====\n\nType coercion\n-------------\n\nT.\n", "utf-8"
    )
    conf = 'extensions = ["sphinx.ext.autosectionlabel"]\nautosectionlabel_prefix_document = True\n'
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    assert project_listing(version(tmp_path))[0].section_labels == "document"
    assert compiled_records(version(tmp_path))[0]["body"] == "See Type coercion."
    (tmp_path / "conf.py").write_text(conf.replace("True", "False"), encoding="utf-8")
    assert project_listing(version(tmp_path))[0].section_labels == ""
    (tmp_path / "conf.py").write_text("extensions = []\n", encoding="utf-8")
    assert project_listing(version(tmp_path))[0].section_labels is None
    assert compiled_records(version(tmp_path))[0]["body"] == "See usage:type coercion."


def test_conf_py_myst_substitutions_read_under_the_pages_own(tmp_path: Path) -> None:
    # MyST-Parser's docs give "role" and "directive" in conf.py's myst_substitutions; a page
    # read "{{ name }}" as the name alone, whatever the value.
    (tmp_path / "index.md").write_text(
        "---\nmyst:\n  substitutions:\n    product: Page Kit\n---\n"
        "# Demo\n\n{{ product }} needs {{ python }}; see {{ rtd }}.\n",
        encoding="utf-8",
    )
    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser"]\nmyst_substitutions = {\n'
        '    "product": "Conf Kit", "python": "Python **3.10**",\n'
        '    "rtd": "[Read the Docs](https://example.invalid/)",\n}\n',
        encoding="utf-8",
    )
    layout, _ = project_listing(version(tmp_path))
    assert dict(layout.myst_substitutions)["python"] == "Python **3.10**"
    [record] = compiled_records(version(tmp_path))
    assert record["body"] == "Page Kit needs Python 3.10; see Read the Docs."


def test_a_release_conf_py_computes_is_the_catalog_s_version(tmp_path: Path) -> None:
    # scikit-build-core 1.1.2: conf.py imports __version__ as version and gives it to MyST
    # ({"version": version}); 'Generated using scikit-build-core {{ version }}.' read
    # '... version.', as |release| from 'release = version("pkg")' did.
    (tmp_path / "index.md").write_text(
        "# Demo\n\nGenerated with {{ version }}.\n\n```{toctree}\nnotes\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "notes.rst").write_text("Notes\n=====\n\nThis is |release|.\n")
    (tmp_path / "conf.py").write_text(
        "from importlib.metadata import version as installed\n"
        "try:\n    from demo import __version__ as version\nexcept ImportError:\n"
        '    version = installed("demo")\nrelease = version.split("+")[0]\n'
        'extensions = ["myst_parser"]\nmyst_substitutions = {"version": version}\n'
        'html_title = f"Demo {release}"\n',
        encoding="utf-8",
    )
    layout, _ = project_listing(version(tmp_path))
    assert dict(layout.substitutions)["release"] == "1.0.0"
    bodies = [record["body"] for record in compiled_records(version(tmp_path))]
    assert bodies == ["Generated with 1.0.0.", "This is 1.0.0."]


def test_settings_kept_in_pyproject_through_sphinx_pyproject_are_read(tmp_path: Path) -> None:
    # whey-pth 0.0.6 (as every repo_helper project): conf.py names no extension and takes its
    # summary from pyproject.toml, so its index page's summary line was lost.
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "demo_pkg"\nversion = "0.0.6"\ndescription = "Does *one* thing."\n'
        '[[project.authors]]\nname = "A. Author"\n\n[tool.sphinx-pyproject]\n'
        'extensions = ["sphinx_toolbox.documentation_summary"]\nmaster_doc = "start"\n',
        encoding="utf-8",
    )
    docs = tmp_path / "doc-source"
    docs.mkdir()
    (docs / "conf.py").write_text(
        "from sphinx_pyproject import SphinxConfig\n\n"
        "config = SphinxConfig(globalns=globals())\n"
        "documentation_summary = config.description\n",
        encoding="utf-8",
    )
    (docs / "start.rst").write_text(
        "Demo\n====\n\n.. documentation-summary::\n\t:meta:\n\n.. toctree::\n\n   other\n",
        encoding="utf-8",
    )
    (docs / "other.rst").write_text("Other\n=====\n\nText.\n", encoding="utf-8")
    layout, _ = project_listing(version(docs, "sphinx", catalog_folder=tmp_path))
    assert layout.order[0] == "start.rst"
    assert layout.documentation_summary == "Does *one* thing."
    records = compiled_records(version(docs, "sphinx", catalog_folder=tmp_path))
    assert [r["body"] for r in records if r["heading"] == "Demo"] == ["Does one thing."]


def test_indented_prolog_definitions_apply_to_every_page(tmp_path: Path) -> None:
    # Sphinx's own example indents rst_prolog with the code around it: a block quote, whose
    # definitions docutils applies to the page; read from column 0 only, they were lost.
    (tmp_path / "conf.py").write_text(
        "rst_prolog = '''\n    .. |sg| replace:: structure\n       gene\n"
        "    .. |arrow| unicode:: U+02192\n    .. |gap| raw:: html\n\n       <span></span>\n"
        "    '''\n",
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(
        "Title\n=====\n\nEach |sg| |arrow| a cell.|gap|\n", encoding="utf-8"
    )
    (record,) = compiled_records(version(tmp_path))
    assert record["body"] == "Each structure gene → a cell."


def test_a_markdown_root_document_is_read_with_its_pages(tmp_path: Path) -> None:
    # tmuxp 1.76.0: a shared helper's call makes every setting (gp-sphinx loads myst_parser),
    # so conf.py names no Markdown parser; its pages, all Markdown, were read as none.
    (tmp_path / "conf.py").write_text(
        "conf = merge_sphinx_config(project='demo')\nglobals().update(conf)\n", encoding="utf-8"
    )
    (tmp_path / "index.md").write_text(
        "# Home\n\nText.\n\n```{toctree}\nguide\n```\n", encoding="utf-8"
    )
    (tmp_path / "guide.md").write_text("# Guide\n\nHow to.\n", encoding="utf-8")
    layout, listing = project_listing(version(tmp_path, "sphinx"))
    assert [c.relpath for c in listing.candidates] == ["index.md", "guide.md"]
    assert "conf.py: names no Markdown parser, but the root document is Markdown" in layout.notes
    records = compiled_records(version(tmp_path, "sphinx"))
    assert [(r["heading"], r["body"]) for r in records] == [("Home", "Text."), ("Guide", "How to.")]


def test_a_markdown_page_beside_an_rst_root_document_stays_out(tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text("globals().update(make())\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text("Home\n====\n\nText.\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# Readme\n", encoding="utf-8")
    _, listing = project_listing(version(tmp_path, "sphinx"))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]


def test_a_release_tag_conf_py_adds_is_set_for_only_blocks(tmp_path: Path) -> None:
    # aiohttp 3.14.3: conf.py adds the tag is_release when Read the Docs builds a git tag, and
    # its changelog's ".. only:: not is_release" holds the draft of the next release, which
    # the release's docs do not show; it was kept, a section "To be included in v3.14.3".
    (tmp_path / "index.rst").write_text(
        "Changelog\n=========\n\n.. only:: not is_release\n\n"
        "   To be included in v1.0.0\n   ^^^^^^^^^^^^^^^^^^^^^^^^\n\n   Draft entries.\n\n"
        ".. only:: is_release\n\n   Released.\n\n"
        "1.0.0 (2026-07-22)\n------------------\n\n- A fix.\n",
        encoding="utf-8",
    )
    conf = (
        "import os\n\nextensions = []\n"
        "IS_RELEASE_ON_RTD = os.getenv('READTHEDOCS_VERSION_TYPE') == 'tag'\n"
        "if IS_RELEASE_ON_RTD:\n    tags.add('is_release')\n"
    )
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.only_tags == ("is_release",)
    records = compiled_records(version(tmp_path))
    assert [(r["heading"], r["body"]) for r in records] == [
        ("Changelog", "Released."),
        ("1.0.0 (2026-07-22)", "- A fix."),
    ]
