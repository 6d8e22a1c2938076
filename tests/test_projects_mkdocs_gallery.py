"""builder.projects.mkdocs_gallery: mkdocs-gallery's example pages, read from the scripts."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects.mkdocs import read_mkdocs
from tests.project_records_support import compiled_records

MKDOCS_YML = """\
site_name: Demo
plugins:
  - search
  - gallery:
      examples_dirs: [docs/examples]
      gallery_dirs: [docs/generated_examples]
      ignore_pattern: /__init__.py
nav:
  - Home: index.md
  - Examples: generated_examples
"""

SCRIPT = '''\
"""# Basic example

A basic example using magicgui.
"""

from magicgui import magicgui

# %%
# Then show it:

example.show(run=True)
'''


def _project(root: Path) -> Path:
    (root / "docs" / "examples" / "napari").mkdir(parents=True)
    (root / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (root / "docs" / "index.md").write_text("# Demo\n\nHello.\n", encoding="utf-8")
    examples = root / "docs" / "examples"
    (examples / "README.md").write_text("# Getting started\n\nA gallery.\n", encoding="utf-8")
    (examples / "basic_example.py").write_text(SCRIPT, encoding="utf-8")
    (examples / "__init__.py").write_text("", encoding="utf-8")
    (examples / "napari" / "README.md").write_text("# napari\n", encoding="utf-8")
    (examples / "napari" / "img_math.py").write_text('"""# Image math"""\nx = 1\n')
    return root


def test_the_gallery_pages_go_where_the_nav_names_their_folder(tmp_path: Path) -> None:
    # magicgui 0.10.2: "Examples: generated_examples", the folder mkdocs-gallery writes from
    # docs/examples; the nav named a page 'not there' and the 33 examples were missing.
    layout = read_mkdocs(_project(tmp_path) / "mkdocs.yml", tmp_path / "docs")
    assert [p for p in layout.order if not p.startswith("examples/")] == [
        "index.md",
        "generated_examples/index.md",
        "generated_examples/basic_example.md",
        "generated_examples/napari/index.md",
        "generated_examples/napari/img_math.md",
    ]


def test_a_script_reads_as_its_docstring_text_and_code(tmp_path: Path) -> None:
    _project(tmp_path)
    version = VersionConfig("1.0.0", tmp_path / "docs", None, None, (), (), None, None)
    records = compiled_records(version)
    bodies = {(r["source"], r["heading"]): r["body"] for r in records}
    assert bodies["generated_examples/basic_example.md", "Basic example"] == (
        "A basic example using magicgui.\n\n"
        "```python\nfrom magicgui import magicgui\n```\n\n"
        "Then show it:\n\n```python\nexample.show(run=True)\n```"
    )
    assert bodies["generated_examples/index.md", "Getting started"] == (
        "A gallery.\n\n- Basic example"
    )
    assert ("generated_examples/__init__.md", "__init__") not in bodies
