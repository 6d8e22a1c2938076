"""MkDocs projects whose config is not a plain mkdocs.yml: Zensical's zensical.toml and
zensical.yml, ProperDocs' properdocs.yml, a config that inherits another, one found above the
docs folder."""

from dataclasses import replace
from pathlib import Path

from builder.projects import project_listing
from builder.projects.mkdocs_config import load_config
from tests.api_support import write_package
from tests.test_projects_mkdocs import MKDOCS_YML, compiled_records, make_project, version

ZENSICAL_TOML = """\
[project]
site_name = "Demo"
nav = [
  { "Home" = "index.md" },
  { "Guide" = ["guide/start.md", { "Advanced use" = "guide/advanced.md" }] },
  { "Usage" = "usage.md" },
]
[project.markdown_extensions.admonition]
[project.markdown_extensions.pymdownx.blocks.tab]
[project.markdown_extensions.pymdownx.snippets]
base_path = [".", "docs/snippets"]
"""


def test_a_zensical_toml_is_read_as_the_mkdocs_yml_it_stands_for(tmp_path: Path) -> None:
    """Zensical's zensical.toml (markdown-exec 1.12.6) holds mkdocs.yml's settings under
    [project], with each dotted extension name nested as TOML tables: its nav orders the pages
    and the snippets are read from the base_path it names."""
    docs = make_project(tmp_path, config="")
    (tmp_path / "mkdocs.yml").unlink()
    (tmp_path / "zensical.toml").write_text(ZENSICAL_TOML, encoding="utf-8")
    (docs / "snippets").mkdir()
    (docs / "snippets" / "install.txt").write_text("pip install demo\n", encoding="utf-8")
    (docs / "usage.md").write_text('# Usage\n\n--8<-- "install.txt"\n', encoding="utf-8")
    layout, listing = project_listing(version(tmp_path))
    assert (layout.kind, layout.config_file) == ("mkdocs", "zensical.toml")
    assert layout.snippet_base == (".", "docs/snippets")
    assert [c.relpath for c in listing.candidates][:4] == [
        "index.md",
        "guide/start.md",
        "guide/advanced.md",
        "usage.md",
    ]
    usage = [r for r in compiled_records(version(tmp_path)) if r["source"] == "usage.md"]
    assert usage[0]["body"] == "pip install demo"
    assert load_config("zensical.toml", ZENSICAL_TOML)["markdown_extensions"] == [
        {"admonition": {}},
        {"pymdownx.blocks.tab": {}},
        {"pymdownx.snippets": {"base_path": [".", "docs/snippets"]}},
    ]
    (tmp_path / "zensical.toml").write_text("[project\n", encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.notes[0] == (
        "zensical.toml: not readable TOML (Expected ']' at the end of a table declaration"
        " (at line 1, column 9)); MkDocs defaults used until it is fixed"
    )


def test_a_config_three_folders_up_counts_when_its_docs_dir_holds_the_docs(
    tmp_path: Path,
) -> None:
    """soupsieve and wcmatch keep their pages in docs/src/markdown, three folders below their
    config: a catalog naming that folder read it as a folder of files. A config that far up
    whose docs_dir is elsewhere is no config of this folder."""
    docs = make_project(tmp_path, config=MKDOCS_YML + "docs_dir: docs/src/markdown\n")
    pages = docs / "src" / "markdown"
    pages.mkdir(parents=True)
    for page in docs.glob("*.md"):
        page.rename(pages / page.name)
    (docs / "guide").rename(pages / "guide")
    layout, listing = project_listing(version(pages))
    assert (layout.kind, layout.config_file) == ("mkdocs", "mkdocs.yml")
    assert [c.relpath for c in listing.candidates][:2] == ["index.md", "guide/start.md"]
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + "docs_dir: site\n", encoding="utf-8")
    (tmp_path / "site").mkdir()  # there: another folder than the docs
    assert project_listing(version(pages))[0].kind == "none"


def test_a_zensical_yml_is_read_as_an_mkdocs_yml(tmp_path: Path) -> None:
    """soupsieve, wcmatch and coloraide build with "zensical build -f zensical.yml", an
    mkdocs.yml by another name: read as a folder of files before, without its nav, its
    snippets' base_path or Python-Markdown's rules (soupsieve's tabs and admonitions)."""
    docs = make_project(tmp_path)
    (tmp_path / "mkdocs.yml").rename(tmp_path / "zensical.yml")
    layout, listing = project_listing(version(docs))
    assert (layout.kind, layout.config_file) == ("mkdocs", "zensical.yml")
    assert [c.relpath for c in listing.candidates][:4] == [
        "index.md",
        "guide/start.md",
        "guide/advanced.md",
        "usage.md",
    ]


def test_an_inheriting_config_reads_its_parents_nav_and_overrides_the_rest(
    tmp_path: Path,
) -> None:
    """MkDocs' INHERIT (textual 8.2.8's mkdocs-online.yml inherits mkdocs-common.yml): the
    parent's settings hold unless the config sets them; mappings merge key by key, lists
    are replaced; relative paths stay relative to the config itself."""
    docs = make_project(tmp_path, "INHERIT: base/common.yml\nexclude_docs: drafts/\n")
    (tmp_path / "base").mkdir()
    nav = MKDOCS_YML[MKDOCS_YML.index("nav:") :]
    (tmp_path / "base" / "common.yml").write_text(
        "site_name: Demo\nnot_in_nav: hidden.md\nexclude_docs: '*.md'\n" + nav, encoding="utf-8"
    )
    layout, listing = project_listing(version(docs))
    assert layout.kind == "mkdocs" and not any("INHERIT" in note for note in layout.notes)
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "guide/start.md",
        "guide/advanced.md",
        "usage.md",
        "about.md",
        "hidden.md",
        "notes.tmp.md",  # the config's own exclude_docs replaced the parent's
    ]


def test_an_inherit_chain_that_loops_or_names_nothing_is_a_note(tmp_path: Path) -> None:
    docs = make_project(tmp_path, "INHERIT: other.yml\nnav: [usage.md]\n")
    (tmp_path / "other.yml").write_text("INHERIT: mkdocs.yml\nsite_name: x\n", encoding="utf-8")
    layout, listing = project_listing(version(docs))
    assert listing.candidates[0].relpath == "usage.md"
    assert any("INHERIT 'mkdocs.yml' goes round in a circle" in n for n in layout.notes)
    (tmp_path / "other.yml").unlink()
    layout, _ = project_listing(version(docs))
    assert "mkdocs.yml: INHERIT names 'other.yml', which is not a file" in layout.notes


def test_mkdocstrings_options_come_from_the_inherited_config_too(tmp_path: Path) -> None:
    docs = make_project(tmp_path, "INHERIT: common.yml\n")
    (tmp_path / "common.yml").write_text(
        "plugins:\n  - mkdocstrings:\n      handlers:\n        python:\n"
        "          options:\n            merge_init_into_class: true\n",
        encoding="utf-8",
    )
    (docs / "usage.md").write_text("# API\n\n::: shapes.Circle\n", encoding="utf-8")
    source = write_package(tmp_path / "src")
    records = compiled_records(replace(version(tmp_path), source_dir=source))
    api = {r["heading"]: r["body"] for r in records if r["source"] == "usage.md"}
    assert "shapes.Circle.__init__" not in api  # merged into the class, as the parent says
    assert api["shapes.Circle"].endswith("Make a circle of ``radius``.")


def test_a_properdocs_yml_is_read_as_mkdocs_yml(tmp_path: Path) -> None:
    """ProperDocs, MkDocs 1's continuation, reads mkdocs.yml's settings from properdocs.yml
    (mkdocs-gen-files 0.6's docs); the pages were read as a folder of files, in path order."""
    docs = make_project(tmp_path)
    (tmp_path / "mkdocs.yml").rename(tmp_path / "properdocs.yml")
    layout, listing = project_listing(version(docs))
    assert (layout.kind, layout.config_file) == ("mkdocs", "properdocs.yml")
    assert [c.relpath for c in listing.candidates][:2] == ["index.md", "guide/start.md"]
