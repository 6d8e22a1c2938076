"""Sphinx projects: pages read as the extensions conf.py loads show them (notebooks, roles,
plots, object types, changelogs and section labels)."""

from pathlib import Path

import orjson

from builder.parsers.rst.object_types import ObjectType
from builder.parsers.rst.plot_files import PlotSettings
from builder.projects import project_listing
from tests.project_records_support import compiled_records, version


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
