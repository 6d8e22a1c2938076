"""A Sphinx project that loads sphinx-external-toc (the conf.py ``jupyter-book config sphinx``
writes) is ordered by its _toc.yml, as the Jupyter Book it was is."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing

CONF = """\
extensions = ['myst_nb', 'sphinx_external_toc']
external_toc_path = '_toc.yml'
"""
TOC = """\
format: jb-book
root: intro
parts:
  - caption: Tutorials
    chapters:
    - file: tutorials/Demo.ipynb
    - file: tutorials/Missing.ipynb
  - caption: Pages
    chapters:
    - file: pages/benchmarks
"""


def test_a_conf_py_loading_sphinx_external_toc_orders_the_pages_by_its_toc(
    tmp_path: Path,
) -> None:
    # pyJedAI 0.3.6's docs: the root document 'index' was not there, so the pages came in
    # path order (the API page first, the introduction second), with a note.
    files = {
        "conf.py": CONF,
        "_toc.yml": TOC,
        "intro.md": "# Intro\n",
        "code/api.rst": "API\n===\n",
        "pages/benchmarks.md": "# Benchmarks\n",
        "tutorials/Demo.ipynb": '{"cells": [], "metadata": {}, "nbformat": 4}',
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, "utf-8")
    # docbuild init writes project = "sphinx" for a folder with a conf.py.
    include = ("**/*.md", "**/*.rst", "**/*.ipynb")
    version = VersionConfig("1.0", tmp_path, None, None, include, (), None, None, project="sphinx")
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "intro.md", "tutorials/Demo.ipynb", "pages/benchmarks.md", "code/api.rst",
    ]  # fmt: skip
    assert "conf.py: sphinx_external_toc, pages in the order of _toc.yml" in layout.notes
    assert "_toc.yml names 1 page(s) that are not there: tutorials/Missing.ipynb" in layout.notes
    # Without the extension, the toctrees from the root document order them.
    (tmp_path / "conf.py").write_text("extensions = ['myst_nb']\nroot_doc = 'intro'\n", "utf-8")
    layout, listing = project_listing(version)
    assert listing.candidates[0].relpath == "intro.md"
    assert not any("external_toc" in note for note in layout.notes)
