"""builder.projects.doc_builder: Hugging Face doc-builder's pages come in its _toctree.yml's
order, and init finds its docs folder (or its en/)."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects.detect import read_project_layout
from builder.projects.doc_builder import read_doc_builder
from builder.projects.listing import project_listing
from builder.survey import survey_project

TOCTREE = """\
- title: Get started
  sections:
  - local: index
    title: PEFT
  - local: quicktour
    title: Quicktour
- title: Guides
  sections:
  - sections:
    - local: accelerate/deepspeed
      title: DeepSpeed
    title: Distributed Training
  - local: gone
    title: Not there
  - local: https://example.org/elsewhere
    title: Elsewhere
  - local: ../outside
    title: Outside
- title: Reference
  isExpanded: false
  sections:
  - local: package_reference/config
    title: Configuration
"""

PAGES = {
    "docs/README.md": "# Generating the documentation\n\nRun doc-builder.\n",
    "docs/source/_toctree.yml": TOCTREE,
    "docs/source/accelerate/deepspeed.md": "# DeepSpeed\n",
    "docs/source/accelerate/unlisted.md": "# Unlisted\n",
    "docs/source/index.md": "# PEFT\n",
    "docs/source/package_reference/config.md": "[[autodoc]] config.PeftConfigMixin\n",
    "docs/source/quicktour.mdx": "# Quicktour\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_pages_come_in_the_toctree_s_order(tmp_path: Path) -> None:
    # PEFT v0.20.0: docs/README.md, then accelerate/, developer_guides/ ... in path order, the
    # quicktour 50th -> index, quicktour, install, ... as its _toctree.yml lists them.
    _write(tmp_path, PAGES)
    docs = tmp_path / "docs" / "source"
    layout = read_project_layout(docs, "auto", None, tmp_path)
    assert (layout.kind, layout.config_file) == ("docbuilder", "_toctree.yml")
    assert layout.order == (
        "index.md",
        "quicktour.mdx",
        "accelerate/deepspeed.md",
        "gone.md",
        "package_reference/config.md",
    )
    assert layout.title_of("package_reference/config.md") == "Configuration"
    version = VersionConfig(
        "1.0", docs, None, None, (), (), None, None, code_root=tmp_path, catalog_folder=tmp_path
    )
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "quicktour.mdx",
        "accelerate/deepspeed.md",
        "package_reference/config.md",
        "accelerate/unlisted.md",
    ]
    assert "_toctree.yml names 1 page(s) that are not there: gone.md" in layout.notes
    assert "1 page(s) not in _toctree.yml, listed after it: accelerate/unlisted.md" in (
        layout.notes
    )


def test_init_reads_the_toctree_s_folder_or_its_english_one(tmp_path: Path) -> None:
    _write(tmp_path, PAGES)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("docbuilder", "docs/source")
    assert "docs/source/_toctree.yml: Hugging Face doc-builder, pages in its order" in (
        survey.found
    )
    languages = tmp_path / "languages"
    _write(
        languages,
        {
            "docs/source/en/_toctree.yml": "- title: A\n  sections:\n  - local: index\n",
            "docs/source/en/index.md": "# Index\n",
            "docs/source/ja/_toctree.yml": "- title: A\n  sections:\n  - local: index\n",
            "docs/source/ja/index.md": "# 索引\n",
        },
    )
    survey = survey_project(languages)
    assert (survey.kind, survey.docs) == ("docbuilder", "docs/source/en")


def test_odd_toctrees_give_path_order(tmp_path: Path) -> None:
    toc = tmp_path / "_toctree.yml"
    for text, note in (
        ("- title: [unclosed\n", "_toctree.yml: not readable YAML; pages in path order"),
        ("just a string\n", "_toctree.yml names no page; pages in path order"),
        ("- local: 3\n- sections: {local: 4}\n", "_toctree.yml names no page; pages in path order"),
    ):
        toc.write_text(text)
        layout = read_doc_builder(toc)
        assert (layout.order, layout.notes) == ((), (note,))
    deep = "x: &a [*a]\n"  # a list holding itself
    toc.write_text("- local: index\n- sections: " + "[" * 40 + "]" * 40 + "\n")
    assert read_doc_builder(toc).order == ("index.md",)
    toc.write_text(deep)
    assert read_doc_builder(toc).order == ()


def test_a_toctree_page_name_longer_than_the_system_takes_is_a_missing_page(
    tmp_path: Path,
) -> None:
    # is_file raises on a name longer than the system takes (Python 3.11): the build stopped.
    toc = tmp_path / "_toctree.yml"
    long = "a" * 300
    toc.write_text(f"- local: index\n- local: {long}\n- local: {long}/page\n")
    (tmp_path / "index.md").write_text("# Home\n")
    assert read_doc_builder(toc).order == ("index.md", f"{long}.md", f"{long}/page.md")
