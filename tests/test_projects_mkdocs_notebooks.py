"""builder.projects.mkdocs_notebooks: a nav's Markdown page that a build step writes from the
notebook of its name is that notebook."""

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing

NOTEBOOK = '{"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Intro"]}]}'


def test_a_nav_page_converted_from_a_notebook_is_the_notebook(tmp_path: Path) -> None:
    # leafmap 0.63.1's zensical.toml and mlxtend 0.25.0's mkdocs.yml name notebooks/X.md,
    # which a script writes from notebooks/X.ipynb before the build: the nav's 242 and 86
    # pages were reported not there and left out.
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Demo\nnav:\n  - Home: index.md\n  - Intro: notebooks/intro.md\n"
        "  - Absent: notebooks/absent.md\n",
        "utf-8",
    )
    docs = tmp_path / "docs"
    (docs / "notebooks").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n", "utf-8")
    (docs / "notebooks" / "intro.ipynb").write_text(NOTEBOOK, "utf-8")
    version = VersionConfig("1.0.0", docs, None, None, (), (), None, None)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "notebooks/intro.ipynb"]
    assert layout.title_of("notebooks/intro.ipynb") == "Intro"
    assert layout.notes == (
        "mkdocs.yml: nav names 1 page(s) a build step writes from the notebook of its name;"
        " the notebooks are read",
        "nav names 1 page(s) that are not there: notebooks/absent.md",
    )
    # A page that is there is read, not the notebook beside it.
    (docs / "notebooks" / "intro.md").write_text("# Intro\n", "utf-8")
    _, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "notebooks/intro.md"]


SCRIPT = "# %% [markdown]\n# # Jupytext demo\n#\n# Some text.\n\n# %%\na = 1\n"


def test_a_script_the_nav_names_is_a_page_when_mkdocs_jupyter_reads_it(tmp_path: Path) -> None:
    # mkdocs-jupyter 0.26.2's own site names demo-script.py and
    # variational-inference-script.py, which the plugin reads with jupytext: both were
    # reported not there.
    config = (
        "site_name: Demo\nnav:\n  - Home: index.md\n  - A .py file: demo-script.py\n"
        "  - Ignored: ignored.py\nplugins:\n  - mkdocs-jupyter:\n      ignore: [ignored.py]\n"
    )
    (tmp_path / "mkdocs.yml").write_text(config, "utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n", "utf-8")
    (docs / "demo-script.py").write_text(SCRIPT, "utf-8")
    (docs / "ignored.py").write_text(SCRIPT, "utf-8")
    version = VersionConfig("1.0.0", docs, None, None, ("**/*.md",), (), None, None)
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md", "demo-script.md"]
    assert listing.candidates[1].text == (
        "# Jupytext demo\n\nSome text.\n\n```python\na = 1\n```\n"
    )
    assert layout.title_of("demo-script.md") == "A .py file"
    assert layout.notes[0] == (
        "1 script(s) the nav names read as notebooks with jupytext (mkdocs-jupyter),"
        " each the page of its name with .md"
    )
    # Without the plugin a script is no page.
    (tmp_path / "mkdocs.yml").write_text(config.split("plugins:")[0], "utf-8")
    _, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["index.md"]
