"""builder.projects.jupytext_scripts: a Jupyter Book's scripts that MyST-NB reads with
jupytext are pages, their text cells as Markdown and their code cells fenced."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.jupytext_scripts import jupytext_suffixes, script_markdown

PERCENT = '''\
# -*- coding: utf-8 -*-
# ---
# jupyter:
#   jupytext:
#     formats: py:percent
# ---

# %% [markdown]
# # Variation of the width
#
# The modes change with the width.

# %% tags=["hide-input"]
import numpy as np

# %% tags=["remove-cell"]
secret = 1

# %% [markdown]
"""
Then **plot** them.
"""

# %%
widths = np.linspace(0.5, 3.5, 100)
'''


def test_a_percent_script_is_its_cells_as_markdown() -> None:
    assert script_markdown(PERCENT, "python") == (
        "# Variation of the width\n\nThe modes change with the width.\n\n"
        "```python\nimport numpy as np\n```\n\n"
        "Then **plot** them.\n\n"
        "```python\nwidths = np.linspace(0.5, 3.5, 100)\n```\n"
    )


def test_a_light_script_s_comment_paragraphs_are_its_text() -> None:
    light = "# # Title\n#\n# Some text.\n\nx = 1\n# not text\n\n# +\ny = 2\n# -\n"
    assert script_markdown(light, "python") == (
        "# Title\n\nSome text.\n\n```python\nx = 1\n# not text\n```\n\n```python\ny = 2\n```\n"
    )


def test_a_script_with_windows_line_ends_reads_as_with_unix_ones() -> None:
    # "\r\n\r\n" parted no paragraph: the light script's text was read as its code.
    light = "# # Title\n#\n# Some text.\n\nx = 1\n# not text\n\n# +\ny = 2\n# -\n"
    for script in (light, PERCENT):
        windows = script.replace("\n", "\r\n")
        assert script_markdown(windows, "python") == script_markdown(script, "python")


def test_only_suffixes_read_with_jupytext_count() -> None:
    config = {
        "sphinx": {
            "config": {
                "nb_custom_formats": {
                    ".py": ["jupytext.reads", {"fmt": "py:percent"}],
                    ".jl": "jupytext.reads",
                    ".Rmd": "jupytext.reads",
                    ".txt": "other.reads",
                }
            }
        }
    }
    assert jupytext_suffixes(config) == (".py", ".jl")
    assert jupytext_suffixes({"sphinx": None}) == ()


def test_a_book_s_scripts_are_pages_in_its_toc_order(tmp_path: Path) -> None:
    # femwell 0.1.12's _toc.yml lists 36 examples as photonics/examples/*.py, which
    # _config.yml's nb_custom_formats reads with jupytext: none was a page.
    (tmp_path / "_toc.yml").write_text(
        "format: jb-book\nroot: index\nchapters:\n  - file: examples/width.py\n"
        "  - file: examples/light\n  - file: install\n",
        "utf-8",
    )
    (tmp_path / "_config.yml").write_text(
        "sphinx:\n  config:\n    nb_custom_formats:\n      .py:\n        - jupytext.reads\n"
        "        - fmt: py\n",
        "utf-8",
    )
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "width.py").write_text(PERCENT, "utf-8")
    (tmp_path / "examples" / "light.py").write_text("# # Light\n\nx = 1\n", "utf-8")
    (tmp_path / "examples" / "helper.py").write_text("# # Not a page\n", "utf-8")
    (tmp_path / "index.md").write_text("# Home\n", "utf-8")
    (tmp_path / "install.md").write_text("# Install\n", "utf-8")
    version = VersionConfig("1.0.0", tmp_path, None, None, ("**/*.md",), (), None, None)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "index.md", "examples/width.md", "examples/light.md", "install.md",
    ]  # fmt: skip
    assert listing.candidates[2].text == "# Light\n\n```python\nx = 1\n```\n"
    assert layout.notes[0] == (
        "2 script(s) read as notebooks with jupytext (_config.yml's nb_custom_formats),"
        " each the page of its name with .md"
    )


def test_a_toc_entry_no_file_system_can_name_is_no_script(tmp_path: Path) -> None:
    # A name longer than a file system takes raised ENAMETOOLONG from the look for its
    # script, and docbuild build stopped on the traceback.
    long = "a" * 300
    (tmp_path / "_toc.yml").write_text(
        f"format: jb-book\nroot: index\nchapters:\n  - file: {long}\n  - file: x\n", "utf-8"
    )
    (tmp_path / "_config.yml").write_text(
        "sphinx:\n  config:\n    nb_custom_formats:\n      .py: jupytext.reads\n", "utf-8"
    )
    (tmp_path / "index.md").write_text("# Home\n", "utf-8")
    (tmp_path / "x.py").write_text("# # X\n", "utf-8")
    version = VersionConfig("1.0.0", tmp_path, None, None, ("**/*.md",), (), None, None)
    _, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "x.md"]


def test_a_script_linked_from_outside_the_book_is_not_read(tmp_path: Path) -> None:
    # A script, or a folder, linked in from outside the book: its text was read into a page.
    book, outside = tmp_path / "book", tmp_path / "outside"
    book.mkdir()
    outside.mkdir()
    (outside / "secret.py").write_text('TOKEN = "outside"\n', "utf-8")
    (book / "linked.py").symlink_to(outside / "secret.py")
    (book / "folder").symlink_to(outside)
    (book / "_toc.yml").write_text(
        "format: jb-book\nroot: index\nchapters:\n  - file: linked\n  - file: folder/secret\n",
        "utf-8",
    )
    (book / "_config.yml").write_text(
        "sphinx:\n  config:\n    nb_custom_formats:\n      .py: jupytext.reads\n", "utf-8"
    )
    (book / "index.md").write_text("# Home\n", "utf-8")
    version = VersionConfig("1.0.0", book, None, None, ("**/*.md",), (), None, None)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md"]
    assert layout.generated == ()
