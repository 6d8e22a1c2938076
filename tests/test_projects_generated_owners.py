"""builder.projects.generated_owners: one page writes what several pages' tables ask for."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.parsers import parse_file
from builder.parsers.rst.page_owners import page_owners
from builder.projects import project_listing
from builder.projects.generated_owners import generated_owners
from tests.api_support import package_source

TABLE = ".. currentmodule:: shapes\n\n.. autosummary::\n   :toctree: generated/\n\n   area\n"


def test_the_first_page_that_asks_writes_a_generated_page() -> None:
    pages = [
        ("spectrum.rst", "Spectrum\n========\n\n.. automodapi:: specutils\n   :no-heading:\n"),
        ("collection.rst", f"Collection\n==========\n\n.. automodapi:: specutils\n\n{TABLE}"),
        ("regions.rst", f"Regions\n=======\n\n{TABLE}.. automodapi:: specutils.fitting\n"),
    ]
    assert generated_owners(pages) == (
        ("automodapi:specutils", "spectrum.rst"),
        ("autosummary:shapes.area", "collection.rst"),
    )


def test_a_page_whose_objects_another_page_writes_keeps_its_table(tmp_path: Path) -> None:
    # specutils 2.4.0 has '.. automodapi:: specutils' on three pages: each documented every
    # class in full (sections 392 -> 270, the copies gone).
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text("extensions = ['sphinx.ext.autosummary']\n")
    (docs / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   one\n   two\n")
    (docs / "one.rst").write_text(f"One\n===\n\n{TABLE}")
    (docs / "two.rst").write_text(f"Two\n===\n\n{TABLE}")
    version = VersionConfig("1.0", docs, None, None, (), (), None, None, catalog_folder=tmp_path)
    layout, _ = project_listing(version)
    assert layout.owners == (("autosummary:shapes.area", "one.rst"),)
    source = package_source(tmp_path / "src")
    headings = {}
    with page_owners(layout.owners):
        for page in ("one.rst", "two.rst"):
            parsed = parse_file(page, (docs / page).read_text(), source)
            assert parsed is not None
            headings[page] = [section.heading for section in parsed.sections]
    assert headings == {"one.rst": ["One", "shapes.area"], "two.rst": ["Two"]}
