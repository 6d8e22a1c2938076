"""builder.projects.sphinx_gallery: the pages sphinx-gallery writes, read without running."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.config import VersionConfig
from builder.model import SourceFile
from builder.projects import project_listing
from builder.projects.sphinx_gallery import MAX_GALLERY_DEPTH, example_page, gallery_pages
from builder.reference_scan import scan_version
from builder.sources import read_source

SCRIPT = '''"""
==========
Properties
==========

Compute some properties.
"""

import networkx as nx
# sphinx_gallery_thumbnail_number = 2

G = nx.path_graph(4)

# %%
# Draw it
# -------
#
# With ``nx.draw``.

nx.draw(G)
###############################################################################
# The end.
'''

CONF = """\
from sphinx_gallery.sorting import ExplicitOrder
extensions = ["sphinx.ext.autodoc", "sphinx_gallery.gen_gallery"]
sphinx_gallery_conf = {
    "examples_dirs": "../examples",
    "subsection_order": ExplicitOrder(["../examples/zeta", "../examples/alpha"]),
    "gallery_dirs": "auto_examples",
    "image_scrapers": (Scraper(),),
}
"""


def test_an_example_is_its_docstring_then_text_and_code_blocks() -> None:
    assert example_page(SCRIPT) == (
        "==========\nProperties\n==========\n\nCompute some properties.\n\n"
        ".. code-block:: python\n\n    import networkx as nx\n\n    G = nx.path_graph(4)\n\n"
        "Draw it\n-------\n\nWith ``nx.draw``.\n\n"
        ".. code-block:: python\n\n    nx.draw(G)\n\n"
        "The end.\n"
    )


def _project(root: Path, conf: str = CONF) -> Path:
    docs = root / "doc"
    docs.mkdir()
    (docs / "conf.py").write_text(conf, encoding="utf-8")
    (docs / "index.rst").write_text(
        "Home\n====\n\n.. toctree::\n\n   auto_examples/index\n", encoding="utf-8"
    )
    examples = root / "examples"
    for folder, header in (("", "Gallery"), ("alpha", "Alpha"), ("zeta", "Zeta"), ("none", "")):
        (examples / folder).mkdir(parents=True, exist_ok=True)
        if header:
            (examples / folder / "README.txt").write_text(
                f"{header}\n{'=' * len(header)}\n", encoding="utf-8"
            )
        (examples / folder / "plot_one.py").write_text(SCRIPT, encoding="utf-8")
    (examples / "__init__.py").write_text("", encoding="utf-8")
    return docs


def _version(docs: Path) -> VersionConfig:
    return VersionConfig("1.0", docs, None, None, (), (), None, None, code_root=docs.parent)


def test_a_gallery_is_pages_in_its_folders_order(tmp_path: Path) -> None:
    # networkx 3.6.1: its 100 examples (auto_examples/ in the toctree) were missing.
    docs = _project(tmp_path)
    layout, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "auto_examples/index.rst",
        "auto_examples/plot_one.rst",
        "auto_examples/zeta/index.rst",  # ExplicitOrder's order, not the folders'
        "auto_examples/zeta/plot_one.rst",
        "auto_examples/alpha/index.rst",
        "auto_examples/alpha/plot_one.rst",
    ]  # no none/ (it has no header), no __init__.py
    read = "sphinx-gallery: 6 page(s) under auto_examples/ from ../examples/, the examples read"
    assert f"{read}, not run" in layout.notes
    page = read_source(listing.candidates[2])
    assert isinstance(page, SourceFile)
    assert page.text == example_page(SCRIPT, "sphx_glr_auto_examples_plot_one.py")
    # An edit to an example changes the layout's key, so the build reads it again.
    assert "auto_examples/zeta/plot_one.py" in dict(layout.generated_from)


def test_a_setting_that_names_a_variable_conf_py_assigned_reads_its_value(
    tmp_path: Path,
) -> None:
    # sphinx-gallery 0.10.1's own conf.py: examples_dirs = ['../examples', '../tutorials'],
    # then 'examples_dirs': examples_dirs in sphinx_gallery_conf; the name was no literal, so
    # the default (../examples alone) was read and its tutorials gallery was missing.
    for folder in ("examples", "tutorials"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "README.txt").write_text(f"{folder.title()}\n=====\n")
        (tmp_path / folder / "plot_a.py").write_text(SCRIPT)
    conf = (
        "examples_dirs = ['../examples', '../tutorials']\n"
        "gallery_dirs = ['auto_examples', 'tutorials']\n"
        "sphinx_gallery_conf = {'examples_dirs': examples_dirs, 'gallery_dirs': gallery_dirs,\n"
        "                       'within_subsection_order': FileNameSortKey}\n"
    )
    pages = gallery_pages(conf, tmp_path / "docs", tmp_path)
    assert sorted(page.relpath for page in pages.pages) == [
        "auto_examples/index.rst", "auto_examples/plot_a.rst",
        "tutorials/index.rst", "tutorials/plot_a.rst",
    ]  # fmt: skip
    # A name assigned what is no literal reads as none (the default).
    computed = conf.replace("['../examples', '../tutorials']", "find_examples()")
    pages = gallery_pages(computed, tmp_path / "docs", tmp_path)
    assert sorted(page.relpath for page in pages.pages) == [
        "auto_examples/index.rst",
        "auto_examples/plot_a.rst",
    ]


def test_an_example_is_referred_to_by_the_label_sphinx_gallery_gives_it(tmp_path: Path) -> None:
    # skops 0.16.0's examples.rst lists its examples as :ref:`sphx_glr_auto_examples_...py`:
    # without the label each read as the label's text, not the example's title.
    assert example_page(SCRIPT, "sphx_glr_x.py").startswith(".. _sphx_glr_x.py:\n\n=====")
    _, listing = project_listing(_version(_project(tmp_path)))
    titles = scan_version(listing.candidates)
    assert titles.resolve("ref:sphx_glr_auto_examples_zeta_plot_one.py") == "Properties"
    assert titles.resolve("ref:sphx_glr_auto_examples_plot_one.py") == "Properties"


def test_a_gallery_index_lists_its_examples_by_title(tmp_path: Path) -> None:
    # sphinx-gallery draws a thumbnail per example under the folder's header, titled as the
    # example is; imbalanced-learn 0.14.2's gallery indexes showed their header text alone.
    _, listing = project_listing(_version(_project(tmp_path)))
    index = read_source(listing.candidates[3])
    assert isinstance(index, SourceFile)
    assert index.relpath == "auto_examples/zeta/index.rst"
    assert index.text.startswith("Zeta\n====\n\n\n* :doc:`plot_one`\n\n.. toctree::")


def test_a_linked_script_outside_the_project_is_not_read(tmp_path: Path) -> None:
    docs = _project(tmp_path)
    (tmp_path / "secret.txt").write_text('"""\nSecret\n======\n"""\n', encoding="utf-8")
    (tmp_path / "examples" / "plot_linked.py").symlink_to(tmp_path / "secret.txt")
    assert "auto_examples/plot_linked.rst" in _listed(_version(docs))
    # The project is examples/ alone here: the link leads out of it.
    version = VersionConfig(
        "1.0", docs, None, None, (), (), None, None, code_root=tmp_path / "examples"
    )
    assert "auto_examples/plot_linked.rst" not in _listed(version)


def _listed(version: VersionConfig) -> list[str]:
    return [c.relpath for c in project_listing(version)[1].candidates]


def test_no_gallery_without_the_extension(tmp_path: Path) -> None:
    docs = _project(tmp_path, conf='extensions = ["sphinx.ext.autodoc"]\n')
    _, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]


def _examples(root: Path) -> tuple[Path, Path]:
    docs, examples = root / "docs", root / "examples"
    docs.mkdir()
    examples.mkdir()
    (examples / "README.txt").write_text("Gallery\n=======\n")
    (examples / "plot_a.py").write_text('"""A\n=\n"""\nx = 1\n')
    return docs, examples


def test_an_ignore_pattern_that_is_no_regex_is_a_note(tmp_path: Path) -> None:
    # re.compile("(") raised re.error out of read_sphinx: the version failed to build.
    docs, _ = _examples(tmp_path)
    gallery = gallery_pages('sphinx_gallery_conf = {"ignore_pattern": "("}', docs, tmp_path)
    assert [page.relpath for page in gallery.pages] == [
        "auto_examples/index.rst",
        "auto_examples/plot_a.rst",
    ]
    assert "sphinx-gallery: ignore_pattern '(' is not a regex; not used" in gallery.notes


def test_a_gallery_folder_outside_the_docs_is_skipped(tmp_path: Path) -> None:
    # gallery_dirs "../../outside" gave pages named "../../outside/index.rst".
    docs, _ = _examples(tmp_path)
    conf = 'sphinx_gallery_conf = {"gallery_dirs": ["../../outside"]}'
    gallery = gallery_pages(conf, docs, tmp_path)
    assert gallery.pages == ()
    assert gallery.notes == ("sphinx-gallery: ../../outside is not a folder of the docs; skipped",)


def test_folders_nested_too_deep_are_not_read(tmp_path: Path) -> None:
    # Each nested folder with a README.txt was a level of recursion: 1,100 of them raised
    # RecursionError. Here 300 under a lowered limit (a tree 1,100 deep would make pytest's
    # own clean-up of tmp_path, shutil.rmtree, raise it too).
    docs, folder = _examples(tmp_path)
    for _ in range(300):
        folder = folder / "d"
        folder.mkdir()
        (folder / "README.txt").write_text("Sub\n===\n")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(250)
    try:
        gallery = gallery_pages("", docs, tmp_path)
    finally:
        sys.setrecursionlimit(limit)
    pages = [page.relpath for page in gallery.pages]
    assert pages[-1] == "auto_examples/" + "d/" * MAX_GALLERY_DEPTH + "index.rst"
    assert len(pages) == MAX_GALLERY_DEPTH + 2  # each folder's index, and plot_a
    assert "d/index" not in gallery.pages[-1].text  # it lists no folder that is not read


def test_a_long_last_line_of_hashes_is_read_in_linear_time() -> None:
    """A line of 20 "#" or more starts a text block; "#{20,}.*\\n" on a last line of a
    million "#" without a newline backtracked quadratically (hours). The subprocess's timeout
    guards against that hang; it is not a timing."""
    script = (
        "from builder.projects.sphinx_gallery import example_page; "
        "print(len(example_page('x = 1\\n' + '#' * 1_000_000)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert int(done.stdout) > 1_000_000


def test_a_gallery_folder_named_with_a_nul_is_a_note(tmp_path: Path) -> None:
    # A NUL in a conf.py path raised ValueError out of the path's resolve, stopping the build.
    docs, _ = _examples(tmp_path)
    conf = 'sphinx_gallery_conf = {"examples_dirs": ["../ex\\x00"], "gallery_dirs": ["auto"]}'
    gallery = gallery_pages(conf, docs, tmp_path)
    assert gallery.pages == ()
    assert gallery.notes == ("sphinx-gallery: ../ex\x00 is not a folder of the project; skipped",)


def test_examples_two_folders_above_the_docs_are_read_inside_the_catalogs_folder(
    tmp_path: Path,
) -> None:
    # pvlib 0.16.1: docs/sphinx/source/conf.py reads ../../examples (docs/examples), above
    # the folder that holds the docs: its 56 gallery pages were skipped as "not a folder of the
    # project" when the catalog was the project's.
    docs = tmp_path / "docs" / "sphinx" / "source"
    docs.mkdir(parents=True)
    (docs / "conf.py").write_text(
        'extensions = ["sphinx_gallery.gen_gallery"]\n'
        'sphinx_gallery_conf = {"examples_dirs": ["../../examples"], "gallery_dirs": ["gallery"]}\n'
    )
    (docs / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   gallery/index\n")
    examples = tmp_path / "docs" / "examples"
    examples.mkdir()
    (examples / "README.rst").write_text("Gallery\n=======\n")
    (examples / "plot_a.py").write_text('"""A\n=\n"""\nx = 1\n')
    version = VersionConfig("1.0", docs, None, None, (), (), None, None, catalog_folder=tmp_path)
    _, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "index.rst", "gallery/index.rst", "gallery/plot_a.rst",
    ]  # fmt: skip


def test_a_gallery_is_built_when_conf_py_configures_it_and_imports_its_extensions(
    tmp_path: Path,
) -> None:
    # lmfit 1.3.4: 'from extensions import extensions', a module its Makefile copies in
    # before building, left its sphinx_gallery_conf unread: gallery pages 0 -> 23.
    conf = "from extensions import extensions\nsphinx_gallery_conf = {'gallery_dirs': 'examples'}\n"
    docs = _project(tmp_path, conf=conf)
    (docs / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   examples/index\n")
    _, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates][:3] == [
        "index.rst", "examples/index.rst", "examples/plot_one.rst",
    ]  # fmt: skip


def test_a_folder_s_header_may_have_a_suffix_sphinx_reads(tmp_path: Path) -> None:
    # lark 1.1.5 (Debian python-lark-doc): examples/composition/ and standalone/ have a
    # README.md, a header to sphinx-gallery as its conf.py reads Markdown (recommonmark):
    # their 4 examples were missing. Its text is read as reST, as sphinx-gallery does.
    docs = _project(tmp_path)
    (docs / "conf.py").write_text(
        CONF + 'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n',
        encoding="utf-8",
    )
    (tmp_path / "examples" / "none" / "README.md").write_text(
        "Grammar Composition\n===================\n", encoding="utf-8"
    )
    _, listing = project_listing(_version(docs))
    relpaths = [c.relpath for c in listing.candidates]
    assert relpaths[-2:] == ["auto_examples/none/index.rst", "auto_examples/none/plot_one.rst"]
    index = read_source(listing.candidates[-2])
    assert isinstance(index, SourceFile)
    assert index.text.startswith("Grammar Composition\n===================\n")
    # Where Sphinx reads no Markdown, a README.md is no header: the folder is no section.
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    _, listing = project_listing(_version(docs))
    assert "auto_examples/none/index.rst" not in [c.relpath for c in listing.candidates]
