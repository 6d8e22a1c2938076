"""builder.projects.sphinx_copies: the files a conf.py copies into the docs are pages."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.sphinx_copies import copied_pages, literal_copies

CHANGELOG = "# Changelog\n\n## Version 6.16.0\n\n- Detect cycles.\n"
PYPDF_CONF = """\
import shutil

extensions = ["myst_parser"]

shutil.copyfile("../CHANGELOG.md", "meta/CHANGELOG.md")
shutil.copyfile("../CONTRIBUTORS.md", "meta/CONTRIBUTORS.md")
"""


def _pypdf_like(root: Path) -> Path:
    """pypdf 6.16.1's layout: docs/conf.py copies the changelog its toctree names."""
    docs = root / "docs"
    (docs / "meta").mkdir(parents=True)
    (docs / "conf.py").write_text(PYPDF_CONF, "utf-8")
    (docs / "index.rst").write_text(
        "pypdf\n=====\n\n.. toctree::\n\n   meta/CHANGELOG\n   meta/faq\n", "utf-8"
    )
    (docs / "meta" / "faq.md").write_text("# FAQ\n", "utf-8")
    (root / "CHANGELOG.md").write_text(CHANGELOG, "utf-8")
    (root / "CONTRIBUTORS.md").write_text("# Contributors\n", "utf-8")
    (root / "pyproject.toml").write_text("[project]\nname = 'pypdf'\n", "utf-8")
    return docs


def test_a_file_conf_py_copies_into_the_docs_is_a_page_in_the_toctree_s_order(
    tmp_path: Path,
) -> None:
    # pypdf 6.16.1: meta/CHANGELOG.md is in no checkout and its toctree names it; the
    # changelog was missing (pages 59 -> 61, sections 684 -> 821).
    docs = _pypdf_like(tmp_path)
    version = VersionConfig("1.0", docs, None, None, (), (), None, None, catalog_folder=tmp_path)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "meta/CHANGELOG.md",
        "meta/faq.md",
        "meta/CONTRIBUTORS.md",
    ]
    assert listing.candidates[1].text == CHANGELOG
    assert (
        "conf.py copies 2 page(s) into the docs as it runs: meta/CHANGELOG.md from "
        "../CHANGELOG.md, meta/CONTRIBUTORS.md from ../CONTRIBUTORS.md"
    ) in layout.notes


def test_only_literal_copies_at_the_module_level_are_read() -> None:
    source = """\
import shutil
from shutil import copy as cp, copy2

try:
    shutil.copyfile("../CHANGES.rst", "CHANGES.rst")
except IOError:
    pass
if True:
    cp("../README.rst", dst="README.rst")
copy2(src="../AUTHORS", dst="authors/")
shutil.copyfile(name, "computed.rst")
shutil.move("../A.rst", "a.rst")
os.copyfile("../B.rst", "b.rst")

def setup(app):
    shutil.copyfile("../C.rst", "c.rst")
"""
    assert literal_copies(source) == [
        ("../CHANGES.rst", "CHANGES.rst"),
        ("../README.rst", "README.rst"),
        ("../AUTHORS", "authors/"),
    ]
    assert literal_copies("shutil.copyfile(") == []


def test_a_copy_from_outside_the_project_or_to_outside_the_docs_is_no_page(
    tmp_path: Path,
) -> None:
    project = tmp_path / "project"
    docs = project / "docs"
    (docs / "authors").mkdir(parents=True)
    (tmp_path / "secret.rst").write_text("Secret\n======\n", "utf-8")
    (project / "AUTHORS").write_text("Ann\n", "utf-8")
    (project / "NEWS.rst").write_text("News\n====\n", "utf-8")
    source = """\
import shutil
shutil.copyfile("../../secret.rst", "secret.rst")
shutil.copyfile("../NEWS.rst", "../NEWS-copy.rst")
shutil.copyfile("../missing.rst", "missing.rst")
shutil.copy("../AUTHORS", "authors")
"""
    copied = copied_pages(source, docs, project)
    assert [(page.relpath, page.text) for page in copied.pages] == [("authors/AUTHORS", "Ann\n")]
    assert copied.notes == (
        "conf.py copies ../../secret.rst to secret.rst: not a file of the project",
        "conf.py copies ../missing.rst to missing.rst: not a file of the project",
        "conf.py copies 1 page(s) into the docs as it runs: authors/AUTHORS from ../AUTHORS",
    )
