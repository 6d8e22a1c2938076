"""builder.projects.autosummary_stubs: the pages an earlier build's autosummary left."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.autosummary_stubs import autosummary_stubs

TABLE = """\
Over-sampling
=============

.. currentmodule:: imblearn.over_sampling

.. autosummary::
   :toctree: generated/
   :template: class.rst

   SMOTE
   ~imblearn.over_sampling.ADASYN

.. autosummary::

   RandomOverSampler

.. currentmodule:: imblearn

.. autosummary::
   :toctree: generated/

   datasets
"""

CLASS_STUB = """\
SMOTE
=====

.. currentmodule:: imblearn.over_sampling

.. autoclass:: SMOTE
"""

MODULE_STUB = "imblearn.datasets\n=================\n\n.. automodule:: imblearn.datasets\n"


def test_the_stubs_of_the_objects_a_toctree_table_lists_are_found() -> None:
    texts = {
        "references/over_sampling.rst": TABLE,
        "references/generated/imblearn.over_sampling.SMOTE.rst": CLASS_STUB,
        "references/generated/imblearn.over_sampling.ADASYN.rst": CLASS_STUB,
        # Not in a table with a toctree, a module's, and a hand-written page.
        "references/generated/imblearn.over_sampling.RandomOverSampler.rst": CLASS_STUB,
        "references/generated/imblearn.datasets.rst": MODULE_STUB,
        "references/generated/notes.rst": "Notes\n=====\n",
    }
    assert autosummary_stubs(texts) == {
        "references/generated/imblearn.over_sampling.SMOTE.rst",
        "references/generated/imblearn.over_sampling.ADASYN.rst",
    }


def test_a_toctree_without_a_folder_is_the_tables_own() -> None:
    table = ".. autosummary::\n   :toctree:\n\n   pkg.func\n"
    texts = {"api.rst": table, "pkg.func.rst": ".. autofunction:: pkg.func\n"}
    assert autosummary_stubs(texts) == {"pkg.func.rst"}


def test_directives_written_with_a_space_before_their_colons_are_read() -> None:
    # docutils reads one space before '::' ('.. autosummary ::'), as Sphinx's pages use it.
    table = ".. currentmodule :: pkg\n\n.. autosummary ::\n   :toctree:\n\n   func\n"
    texts = {"api.rst": table, "pkg.func.rst": ".. autofunction :: pkg.func\n"}
    assert autosummary_stubs(texts) == {"pkg.func.rst"}


def test_the_stubs_an_archive_ships_are_no_pages(tmp_path: Path) -> None:
    # imbalanced-learn 0.14.2 ships doc/references/generated/*.rst from its own build: each
    # class was documented twice, below its table and on that page (sections 653 -> 501).
    docs = tmp_path / "doc"
    (docs / "references" / "generated").mkdir(parents=True)
    (docs / "conf.py").write_text("extensions = ['sphinx.ext.autosummary']\n")
    (docs / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   references/over_sampling\n")
    (docs / "references" / "over_sampling.rst").write_text(TABLE)
    for name in ("imblearn.over_sampling.SMOTE", "imblearn.over_sampling.ADASYN"):
        (docs / "references" / "generated" / f"{name}.rst").write_text(CLASS_STUB)
    (docs / "references" / "generated" / "imblearn.datasets.rst").write_text(MODULE_STUB)
    version = VersionConfig("1.0", docs, None, None, (), (), None, None, catalog_folder=tmp_path)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "references/over_sampling.rst",
        "references/generated/imblearn.datasets.rst",
    ]
    assert layout.notes[-1].startswith("2 page(s) autosummary wrote on an earlier build left out")
