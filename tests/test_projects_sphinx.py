"""Sphinx projects: conf.py settings and the toctree order from the root document."""

from pathlib import Path

from builder.projects import project_listing
from builder.projects.toctree import ToctreeEntry, toctree_entries
from tests.project_records_support import compiled_records, version

CONF_PY = """\
import os
project = "demo"
root_doc = "contents"
extensions = ["myst_parser"]
exclude_patterns = ["drafts", "**/skip-*"]
rst_prolog = '''
.. |product| replace:: Demo Server
.. |long| replace:: a name that goes
   over two lines
'''
default_role = "math"
html_theme_options = {"logo": os.environ.get("LOGO")}
version = release = "1.0"
"""


PAGES = {
    "contents.rst": (
        "Demo\n====\n\nAbout |product|.\n\n"
        ".. toctree::\n   :maxdepth: 2\n\n   self\n   usage\n   Reference <api/index>\n"
        "   https://example.com/elsewhere\n"
    ),
    "usage.rst": "Usage\n=====\n\nUse |product|, |long|. Not |other|. Math `x^2`.\n",
    "api/index.rst": ("API\n===\n\n.. toctree::\n   :glob:\n\n   mod-*\n   /topics/guide\n"),
    "api/mod-b.rst": "Module B\n========\n\nB.\n",
    "api/mod-a.rst": "Module A\n========\n\nA.\n",
    "api/skip-me.rst": "Skipped\n=======\n\nExcluded by a pattern.\n",
    "topics/guide.md": "# Guide\n\n```{toctree}\n---\nmaxdepth: 1\n---\nextra\n```\n",
    "topics/extra.md": "# Extra\n\nReached from a MyST toctree.\n",
    "aaa-orphan.rst": "Orphan\n======\n\nIn no toctree.\n",
    "drafts/new.rst": "Draft\n=====\n\nExcluded.\n",
    "_build/html/index.html": "<html><body><h1>Built</h1></body></html>\n",
    "_static/note.txt": "Static file.\n",
    "_templates/layout.html": "<html>{% block body %}{% endblock %}</html>\n",
    "notes.txt": "Not a source_suffix.\n",
}


def make_project(root: Path, conf: str | None = CONF_PY) -> Path:
    for relpath, text in PAGES.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if conf is not None:
        (root / "conf.py").write_text(conf, encoding="utf-8")
    return root


def test_toctree_entries_of_rst_and_myst() -> None:
    assert toctree_entries(PAGES["contents.rst"]) == [
        ToctreeEntry("self"),
        ToctreeEntry("usage"),
        ToctreeEntry("api/index", "Reference"),
    ]
    assert toctree_entries(PAGES["api/index.rst"]) == [
        ToctreeEntry("mod-*", is_glob=True),
        ToctreeEntry("/topics/guide"),
    ]
    assert toctree_entries(PAGES["topics/guide.md"]) == [ToctreeEntry("extra")]


def test_a_toctree_written_with_a_space_before_its_colons_orders_the_pages() -> None:
    # docutils reads one space before '::' and more than one after '..' ('.. toctree ::'
    # in many projects' index pages); its entries were not read, and the pages fell back
    # to the order of their names.
    text = "Home\n====\n\n.. toctree ::\n\n   zeta\n   alpha\n\n..  toctree::\n\n   beta\n"
    assert toctree_entries(text) == [
        ToctreeEntry("zeta"),
        ToctreeEntry("alpha"),
        ToctreeEntry("beta"),
    ]


def test_pages_follow_the_toctrees_from_the_root_document(tmp_path: Path) -> None:
    layout, listing = project_listing(version(make_project(tmp_path)))
    assert layout.kind == "sphinx"
    assert layout.config_file == "conf.py"
    assert [c.relpath for c in listing.candidates] == [
        "contents.rst",
        "usage.rst",
        "api/index.rst",
        "api/mod-a.rst",
        "api/mod-b.rst",
        "topics/guide.md",
        "topics/extra.md",
        "aaa-orphan.rst",
    ]


def test_a_toctree_glob_no_regular_expression_can_hold_lists_no_page(tmp_path: Path) -> None:
    # "[z-a]" (or "[]]") made a pattern re.compile refuses: project_listing raised re.error.
    make_project(tmp_path)
    index = tmp_path / "api" / "index.rst"
    index.write_text(index.read_text(encoding="utf-8") + "   mod-[z-a]\n   mod-[]]\n", "utf-8")
    _layout, listing = project_listing(version(tmp_path))
    assert "api/mod-a.rst" in [c.relpath for c in listing.candidates]


def test_build_folders_and_exclude_patterns_are_left_out(tmp_path: Path) -> None:
    _, listing = project_listing(version(make_project(tmp_path)))
    relpaths = {c.relpath for c in listing.candidates}
    assert not relpaths & {
        "api/skip-me.rst",
        "drafts/new.rst",
        "_build/html/index.html",
        "_templates/layout.html",
        "notes.txt",
    }


def test_prolog_substitutions_and_default_role_apply_to_rst_pages(tmp_path: Path) -> None:
    records = compiled_records(version(make_project(tmp_path)))
    bodies = {r["source"]: r["body"] for r in records}
    assert bodies["contents.rst"] == "About Demo Server."
    assert bodies["usage.rst"] == (
        "Use Demo Server, a name that goes over two lines. Not other. Math x^2."
    )


def test_default_role_reads_interpreted_text(tmp_path: Path) -> None:
    records = compiled_records(version(make_project(tmp_path), "none"))
    bodies = {r["source"]: r["body"] for r in records}
    assert bodies["usage.rst"].endswith("Math `x^2`.")  # no project: code, as before


def test_non_literal_settings_are_ignored_with_a_note(tmp_path: Path) -> None:
    conf = CONF_PY.replace('root_doc = "contents"', "root_doc = os.environ['ROOT']")
    layout, listing = project_listing(version(make_project(tmp_path, conf)))
    assert "conf.py: root_doc is not a literal value; ignored" in layout.notes
    # Sphinx's default root, index, is not there: the pages no toctree names lead.
    assert "root document 'index' is not among the pages; its toctrees are unknown" in (
        layout.notes
    )
    assert [c.relpath for c in listing.candidates][:3] == [
        "aaa-orphan.rst",
        "contents.rst",
        "usage.rst",
    ]
    # Settings that are not read are not mentioned.
    assert not any("html_theme_options" in note for note in layout.notes)


def test_sphinx_without_conf_py_uses_its_defaults(tmp_path: Path) -> None:
    docs = make_project(tmp_path, conf=None)
    (docs / "index.rst").write_text(
        "Home\n====\n\n.. toctree::\n\n   usage\n   contents\n", encoding="utf-8"
    )
    assert project_listing(version(docs))[0].kind == "none"  # auto finds no conf.py
    layout, listing = project_listing(version(docs, project="sphinx"))
    assert layout.kind == "sphinx"
    assert layout.config_file == ""
    relpaths = [c.relpath for c in listing.candidates]
    assert relpaths[:3] == ["index.rst", "usage.rst", "contents.rst"]
    assert "topics/guide.md" not in relpaths  # .md is a source only with myst_parser


def test_explicit_toctree_title_names_an_untitled_page(tmp_path: Path) -> None:
    docs = make_project(tmp_path)
    (docs / "api" / "index.rst").write_text("Some text and no title.\n", encoding="utf-8")
    records = compiled_records(version(docs))
    api = [r for r in records if r["source"] == "api/index.rst"]
    assert api[0]["heading"] == "Reference"


def test_a_markdown_root_document_is_read_with_its_pages(tmp_path: Path) -> None:
    # tmuxp 1.76.0: a shared helper's call makes every setting (gp-sphinx loads myst_parser),
    # so conf.py names no Markdown parser; its pages, all Markdown, were read as none.
    (tmp_path / "conf.py").write_text(
        "conf = merge_sphinx_config(project='demo')\nglobals().update(conf)\n", encoding="utf-8"
    )
    (tmp_path / "index.md").write_text(
        "# Home\n\nText.\n\n```{toctree}\nguide\n```\n", encoding="utf-8"
    )
    (tmp_path / "guide.md").write_text("# Guide\n\nHow to.\n", encoding="utf-8")
    layout, listing = project_listing(version(tmp_path, "sphinx"))
    assert [c.relpath for c in listing.candidates] == ["index.md", "guide.md"]
    assert "conf.py: names no Markdown parser, but the root document is Markdown" in layout.notes
    records = compiled_records(version(tmp_path, "sphinx"))
    assert [(r["heading"], r["body"]) for r in records] == [("Home", "Text."), ("Guide", "How to.")]


def test_a_markdown_page_beside_an_rst_root_document_stays_out(tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text("globals().update(make())\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text("Home\n====\n\nText.\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# Readme\n", encoding="utf-8")
    _, listing = project_listing(version(tmp_path, "sphinx"))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]


def test_a_release_tag_conf_py_adds_is_set_for_only_blocks(tmp_path: Path) -> None:
    # aiohttp 3.14.3: conf.py adds the tag is_release when Read the Docs builds a git tag, and
    # its changelog's ".. only:: not is_release" holds the draft of the next release, which
    # the release's docs do not show; it was kept, a section "To be included in v3.14.3".
    (tmp_path / "index.rst").write_text(
        "Changelog\n=========\n\n.. only:: not is_release\n\n"
        "   To be included in v1.0.0\n   ^^^^^^^^^^^^^^^^^^^^^^^^\n\n   Draft entries.\n\n"
        ".. only:: is_release\n\n   Released.\n\n"
        "1.0.0 (2026-07-22)\n------------------\n\n- A fix.\n",
        encoding="utf-8",
    )
    conf = (
        "import os\n\nextensions = []\n"
        "IS_RELEASE_ON_RTD = os.getenv('READTHEDOCS_VERSION_TYPE') == 'tag'\n"
        "if IS_RELEASE_ON_RTD:\n    tags.add('is_release')\n"
    )
    (tmp_path / "conf.py").write_text(conf, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.only_tags == ("is_release",)
    records = compiled_records(version(tmp_path))
    assert [(r["heading"], r["body"]) for r in records] == [
        ("Changelog", "Released."),
        ("1.0.0 (2026-07-22)", "- A fix."),
    ]
