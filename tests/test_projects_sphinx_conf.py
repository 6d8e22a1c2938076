"""Sphinx projects: the version, release and project name conf.py gives, and the settings it
reads from the modules it imports or from pyproject.toml."""

from pathlib import Path

from builder.projects import ProjectLayout, project_listing
from tests.project_records_support import compiled_records, version


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
