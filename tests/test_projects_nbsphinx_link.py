"""builder.projects.nbsphinx_link: the notebooks .nblink files make pages of."""

from __future__ import annotations

import json
from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.nbsphinx_link import linked_notebooks

NOTEBOOK = json.dumps(
    {
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Training\n"]}],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
)


def _project(root: Path) -> Path:
    docs = root / "docs" / "source"
    docs.mkdir(parents=True)
    (docs / "conf.py").write_text("extensions = ['nbsphinx', 'nbsphinx_link']\n")
    (docs / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   training\n")
    (docs / "training.nblink").write_text('{\n"path": "../../examples/training.ipynb"\n}\n')
    (root / "examples").mkdir()
    (root / "examples" / "training.ipynb").write_text(NOTEBOOK)
    return docs


def test_a_link_is_the_page_of_the_notebook_it_names(tmp_path: Path) -> None:
    # chemprop 2.3.1's docs/source/*.nblink name its 23 tutorials in examples/: none was a
    # page (pages 90 -> 113, sections 926 -> 1161).
    docs = _project(tmp_path)
    version = VersionConfig("1.0", docs, None, None, (), (), None, None, catalog_folder=tmp_path)
    _, listing = project_listing(version)
    assert [(c.relpath, c.text) for c in listing.candidates][1:] == [("training.ipynb", NOTEBOOK)]


def test_a_link_to_no_notebook_of_the_project_is_a_note(tmp_path: Path) -> None:
    docs = _project(tmp_path)
    (docs / "outside.nblink").write_text('{"path": "../../../elsewhere.ipynb"}')
    (docs / "broken.nblink").write_text("not json")
    linked = linked_notebooks(docs, tmp_path)
    assert [page.relpath for page in linked.pages] == ["training.ipynb"]
    assert linked.notes == (
        "nbsphinx-link: broken.nblink names no notebook; skipped",
        "nbsphinx-link: outside.nblink: ../../../elsewhere.ipynb is not a notebook of the project",
    )
