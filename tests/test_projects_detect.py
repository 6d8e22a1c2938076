"""builder.projects.detect: which tool a docs folder belongs to, and what that leaves out."""

from __future__ import annotations

from pathlib import Path

from builder.projects.detect import read_project_layout


def write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def test_a_built_sphinx_site_is_read_without_its_copies_of_the_sources(tmp_path: Path) -> None:
    # Debian's python-cryptography-doc 38.0.4 read every page twice: x509/reference.html and
    # _sources/x509/reference.rst.txt, 392 sections each.
    write(
        tmp_path,
        {
            "_static/documentation_options.js": "var DOCUMENTATION_OPTIONS = {VERSION: '38.0.4'}",
            "index.html": "<html><body><h1>Welcome</h1></body></html>",
            "_sources/index.rst.txt": "Welcome\n=======\n",
            "notes/_sources.txt": "a page whose name only looks like the folder\n",
            # viewcode's index of the modules' source pages (Pint 0.19.2's, Tornado 6.2's,
            # Sphinx 5.3's and pytest 7.2.1's Debian docs): a section of module names each
            "_modules/index.html": "<h1>All modules for which code is available</h1>",
            # pydata-sphinx-theme's template among its static files (pandas 1.5.3, SciPy 1.10.1)
            "_static/webpack-macros.html": "{% macro head_pre_icons() %} {% endmacro %}",
        },
    )
    layout = read_project_layout(tmp_path, "auto", None)
    assert layout.kind == "none"
    assert not layout.admits("_sources/index.rst.txt")
    assert not layout.admits("_sources/api/client.md.txt")
    assert not layout.admits("_modules/index.html")
    assert not layout.admits("_modules/pint/util.html")
    assert not layout.admits("_static/webpack-macros.html")
    assert layout.admits("index.html")
    assert layout.admits("notes/_sources.txt")
    assert layout.admits("api/_modules.html")
    assert any(
        all(folder in note for folder in ("_sources/", "_modules/", "_static/"))
        for note in layout.notes
    )


def test_a_folder_of_files_keeps_a_sources_folder_of_its_own(tmp_path: Path) -> None:
    write(tmp_path, {"_sources/index.rst.txt": "Welcome\n=======\n", "index.html": "<p>x</p>"})
    layout = read_project_layout(tmp_path, "auto", None)
    assert layout.admits("_sources/index.rst.txt")
    assert not layout.notes
