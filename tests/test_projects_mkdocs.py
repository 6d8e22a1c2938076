"""MkDocs projects: mkdocs.yml gives the pages, their order and the titles of untitled pages."""

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from builder.api.options import read_mkdocs_settings
from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.layout import path_order_key
from builder.projects.mkdocs_config import load_config, load_mkdocs_yaml
from tests.api_support import write_package
from tests.project_records_support import compiled_records

MKDOCS_YML = """\
site_name: Demo
theme:
  name: material
  custom_dir: docs/theme
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
extra:
  secret: !ENV [DEMO_SECRET, none]
exclude_docs: |
  drafts/
  *.tmp.md
not_in_nav: |
  hidden.md
nav:
  - Home: index.md
  - Guide:
      - guide/start.md
      - Deep dive:
          - Advanced use: guide/advanced.md
  - GitHub: https://github.com/example/demo
  - Usage: usage.md
"""

PAGES = {
    "index.md": "# Welcome\n\nHome page.\n",
    "usage.md": "Text before any heading.\n\n## Install\n\nRun it.\n",
    "guide/start.md": "# Start\n\nBegin here.\n",
    "guide/advanced.md": "# Advanced\n\nMore.\n",
    "about.md": "# About\n\nNot in nav.\n",
    "hidden.md": "# Hidden\n\nLeft out of nav on purpose.\n",
    "drafts/wip.md": "# Draft\n\nNot published.\n",
    "notes.tmp.md": "# Temp\n\nNot published.\n",
    "theme/main.html": "{% extends 'base.html' %}{% block content %}x{% endblock %}\n",
    "overrides/partials/footer.html": "<footer>{{ config.copyright }}</footer>\n",
    "page.html": "<html><body><h1>Static</h1><p>copied, not a page</p></body></html>\n",
}


def make_project(root: Path, config: str = MKDOCS_YML, docs: str = "docs") -> Path:
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    for relpath, text in PAGES.items():
        path = root / docs / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / docs


def version(directory: Path, project: str = "auto") -> VersionConfig:
    return VersionConfig("1.0.0", directory, None, None, (), (), None, None, project=project)


def test_unknown_tags_are_read_as_plain_values() -> None:
    document = load_mkdocs_yaml("a: !!python/name:pkg.mod.func\nb: !ENV [HOME, x]\nc: !relative\n")
    assert document == {"a": "pkg.mod.func", "b": ["HOME", "x"], "c": ""}


def test_an_integer_python_will_not_read_is_unreadable_yaml() -> None:
    # int() refuses over 4300 digits: PyYAML's ValueError escaped every caller's YAMLError
    # catch, and an mkdocs.yml or a .pages file holding such a number stopped the build.
    with pytest.raises(yaml.YAMLError):
        load_mkdocs_yaml("site_name: Demo\nx: " + "9" * 5000 + "\n")


def test_pages_follow_the_nav_then_path_order(tmp_path: Path) -> None:
    layout, listing = project_listing(version(make_project(tmp_path)))
    assert layout.kind == "mkdocs"
    assert layout.config_file == "mkdocs.yml"
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "guide/start.md",
        "guide/advanced.md",
        "usage.md",
        "about.md",
        "hidden.md",
    ]
    # The external link is no page; about.md is reported, hidden.md is in not_in_nav.
    assert layout.notes == ("1 page(s) not in nav, listed after it: about.md",)


def test_without_a_nav_pages_come_in_the_order_mkdocs_lists_them(tmp_path: Path) -> None:
    # pyee 13.0.1 has no nav: its api page came first and every page was "not in nav".
    (tmp_path / "mkdocs.yml").write_text("site_name: Demo\n", encoding="utf-8")
    for relpath in ("api.md", "index.md", "zeta.md", "guide/a.md", "guide/index.md"):
        (tmp_path / "docs" / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / relpath).write_text("# T\n", encoding="utf-8")
    layout, listing = project_listing(version(tmp_path / "docs"))
    assert [c.relpath for c in listing.candidates] == [
        "index.md", "api.md", "zeta.md", "guide/index.md", "guide/a.md",
    ]  # fmt: skip
    assert layout.notes == ()


def test_theme_folders_exclude_docs_and_html_are_never_pages(tmp_path: Path) -> None:
    _, listing = project_listing(version(make_project(tmp_path)))
    relpaths = {c.relpath for c in listing.candidates}
    for left_out in ("theme/main.html", "overrides/partials/footer.html", "page.html"):
        assert left_out not in relpaths
    assert "drafts/wip.md" not in relpaths
    assert "notes.tmp.md" not in relpaths


def test_a_leading_slash_anchors_an_exclude_docs_line_at_docs_dir(tmp_path: Path) -> None:
    # gitignore lines: "/README.md" is the top folder's README; "usage.md" is every folder's.
    config = MKDOCS_YML.replace("  drafts/\n", "  drafts/\n  /README.md\n  usage.md\n")
    docs = make_project(tmp_path, config)
    for relpath in ("README.md", "guide/README.md", "guide/usage.md"):
        (docs / relpath).write_text("# Page\n", encoding="utf-8")
    relpaths = {c.relpath for c in project_listing(version(docs))[1].candidates}
    assert "guide/README.md" in relpaths
    assert {"README.md", "usage.md", "guide/usage.md"}.isdisjoint(relpaths)


def test_the_exclude_plugins_globs_are_never_pages(tmp_path: Path) -> None:
    # textual's mkdocs.yml: "plugins: [exclude: {glob: ['**/_template.md', 'snippets/*']}]",
    # the mkdocs-exclude plugin, which MkDocs' exclude_docs came after.
    config = MKDOCS_YML + (
        "plugins:\n  - search\n  - exclude:\n      glob:\n        - 'guide/*'\n"
        "        - 'about.md'\n      regex: ['.*\\.tmp$']\n"
    )
    layout, listing = project_listing(version(make_project(tmp_path, config)))
    relpaths = {c.relpath for c in listing.candidates}
    assert {"guide/start.md", "guide/advanced.md", "about.md"}.isdisjoint(relpaths)
    assert {"index.md", "usage.md"} <= relpaths
    assert "exclude plugin: its regex patterns are not supported; ignored" in layout.notes


def test_the_exclude_plugins_globs_match_as_fnmatch_does(tmp_path: Path) -> None:
    # The plugin matches each glob with fnmatch against the page's whole path in docs_dir: a
    # name alone is the page at the top only, and "*" crosses folders.
    config = MKDOCS_YML + (
        "plugins:\n  - exclude:\n      glob:\n        - 'usage.md'\n        - 'guide/*'\n"
    )
    docs = make_project(tmp_path, config)
    for relpath in ("guide/deep/more.md", "api/usage.md"):
        (docs / relpath).parent.mkdir(parents=True, exist_ok=True)
        (docs / relpath).write_text("# Page\n", encoding="utf-8")
    relpaths = {c.relpath for c in project_listing(version(docs))[1].candidates}
    assert {"usage.md", "guide/start.md", "guide/deep/more.md"}.isdisjoint(relpaths)
    assert {"index.md", "api/usage.md"} <= relpaths


def test_the_pages_a_redirect_replaces_are_no_pages(tmp_path: Path) -> None:
    # dspy 3.3.1: its learn/ pages stayed in docs/ when they moved to getting-started/, and
    # mkdocs-redirects writes a redirect over each built page, so 13 stale copies were read.
    config = MKDOCS_YML + (
        "plugins:\n  - redirects:\n      redirect_maps:\n"
        "        'about.md': 'usage.md'\n        '/hidden.md': 'guide/start.md'\n"
        "        'old/gone.md': 'index.md'\n        'jobs.md': 'https://example.org/jobs/'\n"
    )
    layout, listing = project_listing(version(make_project(tmp_path, config)))
    relpaths = [c.relpath for c in listing.candidates]
    assert relpaths == ["index.md", "guide/start.md", "guide/advanced.md", "usage.md"]
    assert layout.notes == ()


def test_the_i18n_plugins_other_languages_are_left_out(tmp_path: Path) -> None:
    # merlya 0.8.5 (mkdocs-static-i18n, "suffix" structure): index.fr.md repeats index.md in
    # French; with the "folder" structure the French pages are under fr/.
    i18n = (
        "plugins:\n  - i18n:\n      docs_structure: {}\n      languages:\n"
        "        - locale: en\n          default: true\n        - locale: fr\n"
    )
    docs = make_project(tmp_path, MKDOCS_YML + i18n.format("suffix"))
    (docs / "index.fr.md").write_text("# Bienvenue\n", encoding="utf-8")
    (docs / "fr").mkdir()
    (docs / "fr" / "usage.md").write_text("# Utilisation\n", encoding="utf-8")
    layout, listing = project_listing(version(docs))
    relpaths = {c.relpath for c in listing.candidates}
    assert "index.fr.md" not in relpaths and {"index.md", "fr/usage.md"} <= relpaths
    assert "i18n plugin: the pages in fr are left out" in layout.notes
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + i18n.format("folder"), encoding="utf-8")
    (docs / "en" / "guide" / "fr").mkdir(parents=True)
    (docs / "en" / "guide" / "fr" / "notes.md").write_text("# Notes\n", encoding="utf-8")
    relpaths = {c.relpath for c in project_listing(version(docs))[1].candidates}
    assert "fr/usage.md" not in relpaths and "index.fr.md" in relpaths
    assert "en/guide/fr/notes.md" in relpaths  # a folder named fr in the default's pages


def test_the_i18n_plugins_build_only_locale_is_the_language_built(tmp_path: Path) -> None:
    # mkdocs-static-i18n 1.3.1 makes build_only_locale the default language and builds no
    # other: its French pages (index.fr.md in place of index.md) were left out, and the
    # English kept. An "!ENV [VARIABLE, default]" is its default; one without a default
    # leaves the languages as they are.
    i18n = (
        "plugins:\n  - i18n:\n      build_only_locale: {}\n      docs_structure: {}\n"
        "      languages:\n        - locale: en\n          default: true\n"
        "        - locale: fr\n        - locale: de\n"
    )
    docs = make_project(tmp_path, MKDOCS_YML + i18n.format("fr", "suffix"))
    for relpath in ("index.fr.md", "index.de.md", "guide/advanced.fr.md", "usage.en.md"):
        (docs / relpath).write_text("# Page\n", encoding="utf-8")
    (docs / "fr").mkdir()
    (docs / "fr" / "usage.md").write_text("# Utilisation\n", encoding="utf-8")
    (docs / "de").mkdir()
    (docs / "de" / "usage.md").write_text("# Verwendung\n", encoding="utf-8")

    def relpaths() -> set[str]:
        return {c.relpath for c in project_listing(version(docs))[1].candidates}

    french = {"index.fr.md", "guide/advanced.fr.md", "usage.md"}
    english = {"index.md", "guide/advanced.md", "usage.en.md"}
    assert french <= relpaths() and not english & relpaths() and "index.de.md" not in relpaths()
    for given in ("!ENV [BUILD_ONLY_LOCALE, fr]", "fr"):
        config = MKDOCS_YML + i18n.format(given, "suffix")
        (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
        assert french <= relpaths()
    layout = project_listing(version(docs))[0]
    assert "i18n plugin (build_only_locale: fr): the pages in en, de are left out" in layout.notes
    for given in ("!ENV [BUILD_ONLY_LOCALE]", "zh"):
        config = MKDOCS_YML + i18n.format(given, "suffix")
        (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
        assert english <= relpaths() and "index.fr.md" not in relpaths()
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + i18n.format("fr", "folder"), encoding="utf-8")
    assert {"fr/usage.md", "index.md"} <= relpaths() and "de/usage.md" not in relpaths()


def test_a_page_without_heading_takes_its_nav_title(tmp_path: Path) -> None:
    records = compiled_records(version(make_project(tmp_path)))
    usage = [r for r in records if r["source"] == "usage.md"]
    assert [(r["heading"], r.get("headingPath", [])) for r in usage] == [
        ("Usage", []),
        ("Install", ["Usage"]),
    ]
    advanced = [r for r in records if r["source"] == "guide/advanced.md"]
    assert advanced[0]["heading"] == "Advanced"  # its own heading wins over the nav title


def test_docs_dir_names_the_pages_folder(tmp_path: Path) -> None:
    config = MKDOCS_YML.replace("site_name: Demo", "site_name: Demo\ndocs_dir: source")
    make_project(tmp_path, config.replace("docs/theme", "source/theme"), docs="source")
    # The catalog points at the project root: the pages are read from docs_dir.
    layout, listing = project_listing(version(tmp_path))
    assert layout.directory == (tmp_path / "source").resolve()
    assert [c.relpath for c in listing.candidates][:2] == ["index.md", "guide/start.md"]
    assert "theme/main.html" not in {c.relpath for c in listing.candidates}


def test_a_docs_folder_that_is_not_docs_dir_is_read_as_files(tmp_path: Path) -> None:
    docs = make_project(tmp_path, MKDOCS_YML + "docs_dir: elsewhere\n")
    # A docs_dir that is not there is made by a build step, from the folder holding the nav's
    # pages (builder.projects.mkdocs_copied_docs); one that is there is another folder.
    (tmp_path / "elsewhere").mkdir()
    layout, listing = project_listing(version(docs))
    assert layout.kind == "none"
    assert "is not this docs folder" in layout.notes[0]
    assert listing.candidates[0].relpath == "index.md"  # a folder's front page first


def test_a_docs_dir_that_links_to_the_pages_folder_is_that_folder(tmp_path: Path) -> None:
    # nautobot 3.1.6 keeps its pages in nautobot/docs, with docs -> nautobot/docs beside
    # mkdocs.yml: docs/ resolved to the folder the link names, and the config's docs_dir,
    # taken as written, was another, so the project was read as a folder of files (no nav,
    # no gen-files pages, no snippets).
    make_project(tmp_path, docs="pkg/docs")
    (tmp_path / "docs").symlink_to("pkg/docs", target_is_directory=True)
    layout, listing = project_listing(version(tmp_path / "docs"))
    assert layout.kind == "mkdocs"
    assert [c.relpath for c in listing.candidates][:4] == [
        "index.md",
        "guide/start.md",
        "guide/advanced.md",
        "usage.md",
    ]


def test_a_docs_dir_that_is_a_link_loop_does_not_stop_the_build(tmp_path: Path) -> None:
    # Resolving docs_dir through its link (865795fc) raised RuntimeError ('Symlink loop')
    # for a docs_dir link that names itself, which stopped the build; written as it stands,
    # it is no folder, so the folder holding the nav's pages is read with the config, as for
    # a docs_dir a build step makes (builder.projects.mkdocs_copied_docs).
    docs = make_project(tmp_path, MKDOCS_YML + "docs_dir: loop\n")
    (tmp_path / "loop").symlink_to("loop", target_is_directory=True)
    layout, listing = project_listing(version(docs))
    assert layout.kind == "mkdocs"
    assert listing.candidates[0].relpath == "index.md"


def test_project_none_keeps_the_folder_of_files(tmp_path: Path) -> None:
    layout, listing = project_listing(version(make_project(tmp_path), project="none"))
    assert layout.kind == "none"
    relpaths = [c.relpath for c in listing.candidates]
    assert relpaths == sorted(relpaths, key=path_order_key)
    assert "overrides/partials/footer.html" in relpaths


def test_broken_yaml_is_a_note_not_a_failure(tmp_path: Path) -> None:
    docs = make_project(tmp_path, "nav: [unclosed\n")
    layout, listing = project_listing(version(docs))
    assert layout.kind == "mkdocs"
    assert layout.notes[0] == (
        "mkdocs.yml: not readable YAML (expected ',' or ']', but got '<stream end>'"
        " at line 2, column 1); MkDocs defaults used until it is fixed"
    )
    assert listing.candidates[0].relpath == "index.md"  # as MkDocs lists pages without a nav


def test_snippets_are_found_in_the_base_paths_mkdocs_yml_gives(tmp_path: Path) -> None:
    """pymdownx.snippets' base_path (a folder or a list, from where MkDocs runs): a snippet
    is read from the first that holds it, as pymdownx does."""
    config = MKDOCS_YML.replace(
        "markdown_extensions:\n",
        "markdown_extensions:\n  - pymdownx.snippets:\n      base_path: [docs/snippets, .]\n",
    )
    docs = make_project(tmp_path, config)
    (docs / "snippets").mkdir()
    (docs / "snippets" / "install.txt").write_text("pip install demo\n", encoding="utf-8")
    (tmp_path / "LICENSE.txt").write_text("MIT licensed.\n", encoding="utf-8")
    (docs / "usage.md").write_text(
        '# Usage\n\n--8<-- "install.txt"\n\n--8<-- "LICENSE.txt"\n', encoding="utf-8"
    )
    usage = [r for r in compiled_records(version(tmp_path)) if r["source"] == "usage.md"]
    assert usage[0]["body"] == "pip install demo\n\nMIT licensed."
    one = config.replace("base_path: [docs/snippets, .]", "base_path: docs/snippets")
    (tmp_path / "mkdocs.yml").write_text(one, encoding="utf-8")
    layout, _ = project_listing(version(tmp_path))
    assert layout.snippet_base == ("docs/snippets",)


def test_snippet_base_paths_written_with_mkdocs_relative_tag(tmp_path: Path) -> None:
    """``base_path: [!relative $config_dir]`` (mkdocstrings' projects) is the folder of
    mkdocs.yml, and ``!relative $docs_dir/...`` a folder in the docs: the README and the
    changelog their pages include are read from there, not from a folder named
    ``$config_dir``."""
    config = MKDOCS_YML.replace(
        "markdown_extensions:\n",
        "markdown_extensions:\n  - pymdownx.snippets:\n"
        "      base_path: [!relative $config_dir, !relative $docs_dir/snippets]\n",
    )
    docs = make_project(tmp_path, config)
    (tmp_path / "CHANGELOG.md").write_text("## 1.0.0\n\nFirst release.\n", encoding="utf-8")
    (docs / "snippets").mkdir()
    (docs / "snippets" / "install.txt").write_text("pip install demo\n", encoding="utf-8")
    (docs / "usage.md").write_text(
        '# Usage\n\n--8<-- "install.txt"\n\n--8<-- "CHANGELOG.md"\n', encoding="utf-8"
    )
    layout, _ = project_listing(version(tmp_path))
    assert layout.snippet_base == (".", "docs/snippets")
    usage = [r for r in compiled_records(version(tmp_path)) if r["source"] == "usage.md"]
    assert [(r["heading"], r["body"]) for r in usage] == [
        ("Usage", "pip install demo"),
        ("1.0.0", "First release."),
    ]


def test_mkdocstrings_options_the_config_gives_every_block(tmp_path: Path) -> None:
    """The Python handler's options under ``plugins: mkdocstrings`` (mkdocs.yml or
    zensical.toml) hold for every block, under the block's own: markdown-exec 1.12.6 merges
    ``__init__`` into each class there, dirty-equals 0.9.0 too."""
    config = MKDOCS_YML.replace("markdown_extensions:\n", "markdown_extensions:\n  - mkautodoc\n")
    config += (
        "plugins:\n  - search\n  - mkdocstrings:\n      handlers:\n        python:\n"
        "          options:\n            merge_init_into_class: true\n"
        "            show_if_no_docstring: true\n"
    )
    docs = make_project(tmp_path, config)
    (docs / "usage.md").write_text(
        "# API\n\n::: shapes.Circle\n\n::: shapes.Shape\n\n::: shapes.base.Shape\n"
        "    options:\n      show_if_no_docstring: false\n",
        encoding="utf-8",
    )
    # mkautodoc's blocks (":members:" lines, the extension enabled) are no mkdocstrings
    # blocks: its options hold alone.
    (docs / "about.md").write_text(
        "# About\n\n::: shapes.circle.Circle\n    :docstring:\n    :members:\n",
        encoding="utf-8",
    )
    source = write_package(tmp_path / "src")
    records = compiled_records(replace(version(tmp_path), source_dir=source))
    api = {r["heading"]: r["body"] for r in records if r["source"] == "usage.md"}
    about = {r["heading"] for r in records if r["source"] == "about.md"}
    assert "shapes.circle.Circle.__init__" in about
    assert "shapes.Circle.__init__" not in api
    # self.radius, set in __init__ without a doc comment, shows as griffe lists it.
    assert api["shapes.Circle"].endswith(
        "Make a circle of ``radius``.\n\nMembers without a description:\n- `radius`"
    )
    assert "`undocumented() -> None`" in api["shapes.Shape"]
    assert "undocumented" not in api["shapes.base.Shape"]
    zensical = '[project.plugins.mkdocstrings.handlers.python.options]\nfilters = ["!^s"]\n'
    assert read_mkdocs_settings(load_config("zensical.toml", zensical)).mkdocstrings_options == (
        ("filters", ["!^s"]),
    )


def test_option_lines_of_an_extension_not_enabled_leave_the_config_options(
    tmp_path: Path,
) -> None:
    """mkautodoc's ":members:" lines under a block of a project whose config enables
    mkdocstrings and not mkautodoc are YAML keys mkdocstrings ignores: marimo 0.24.0's
    api/inputs/dates.md ('::: marimo.ui.date' then '  :members:') showed __init__ apart and
    no undocumented member, though its config merges one and shows the other."""
    config = MKDOCS_YML + (
        "plugins:\n  - mkdocstrings:\n      handlers:\n        python:\n"
        "          options:\n            merge_init_into_class: true\n"
        "            show_if_no_docstring: true\n"
    )
    docs = make_project(tmp_path, config)
    (docs / "usage.md").write_text("# API\n\n::: shapes.Shape\n  :members:\n", encoding="utf-8")
    source = write_package(tmp_path / "src")
    records = compiled_records(replace(version(tmp_path), source_dir=source))
    api = {r["heading"]: r["body"] for r in records if r["source"] == "usage.md"}
    assert "shapes.Shape.__init__" not in api
    assert "`undocumented() -> None`" in api["shapes.Shape"]


def test_a_config_too_big_for_the_layout_gives_no_api_options_either(tmp_path: Path) -> None:
    # The layout refused a config over the limit ("MkDocs defaults used"), read whole, while
    # the API settings read and applied it: merge_init_into_class held from a refused file.
    config = MKDOCS_YML + (
        "plugins:\n  - mkdocstrings:\n      handlers:\n        python:\n"
        "          options:\n            merge_init_into_class: true\n"
    )
    docs = make_project(tmp_path, config + "#" * (1024 * 1024) + "\n")
    (docs / "usage.md").write_text("# API\n\n::: shapes.Circle\n", encoding="utf-8")
    source = write_package(tmp_path / "src")
    layout, _ = project_listing(version(tmp_path))
    assert layout.notes[0] == "mkdocs.yml: larger than 1024 KiB; MkDocs defaults used"
    records = compiled_records(replace(version(tmp_path), source_dir=source))
    assert "shapes.Circle.__init__" in {r["heading"] for r in records}


def test_notebooks_are_pages_when_a_notebook_plugin_is_loaded(tmp_path: Path) -> None:
    docs = make_project(tmp_path)
    (docs / "demo.ipynb").write_text('{"cells": []}', encoding="utf-8")
    _, listing = project_listing(version(docs))
    assert "demo.ipynb" not in {c.relpath for c in listing.candidates}
    for plugins in ("plugins:\n  - search\n  - mkdocs-jupyter\n",
                    "plugins:\n  - mkdocs-jupyter:\n      execute: false\n",
                    "plugins:\n  mkdocs-jupyter: {}\n",
                    # distilabel 1.5.3's tutorials, equinox 0.13.8's examples (mkdocs-ipynb)
                    "plugins:\n  - mknotebooks\n",
                    "plugins:\n  - ipynb\n"):  # fmt: skip
        make_project(tmp_path, MKDOCS_YML + plugins)
        _, listing = project_listing(version(docs))
        assert "demo.ipynb" in {c.relpath for c in listing.candidates}, plugins


def test_include_markdown_plugins_include_tag_puts_a_file_in_as_it_is(tmp_path: Path) -> None:
    """mkdocs-include-markdown's ``{% include "file" %}`` (rich-click's changelog page and its
    examples) is the file's text, its lines indented as the tag is; the tag was kept as the
    page's text and the file lost. Jinja's and Liquid's tag of that name reads another folder:
    without the plugin, the tag stays as it is."""
    config = MKDOCS_YML.replace("not_in_nav:", "plugins:\n  - include-markdown\nnot_in_nav:")
    docs = make_project(tmp_path, config)
    (tmp_path / "CHANGELOG.md").write_text("# Changes\n\n## 1.0.0\n\nFirst.\n", encoding="utf-8")
    (tmp_path / "cli.py").write_text("# start\nimport click\n\n\nclick.echo(1)\n", "utf-8")
    (docs / "changes.md").write_text("{% include '../CHANGELOG.md' %}\n", encoding="utf-8")
    (docs / "usage.md").write_text(
        '# Usage\n\n!!! example\n    ```python\n    {%\n      include "../cli.py"\n'
        '      start="# start"\n    %}\n    ```\n',
        encoding="utf-8",
    )
    read = {r["source"] + "#" + r["anchor"]: r["body"] for r in compiled_records(version(docs))}
    assert read["changes.md#100"] == "First."
    assert read["usage.md#usage"] == "Example:\n```python\n\nimport click\n\n\nclick.echo(1)\n```"
    # mkdocs-macros' docs set the plugin's tags to "[%" and "%]": theirs show Jinja's include.
    custom = "plugins:\n  - include-markdown:\n      opening_tag: '[%'\n      closing_tag: '%]'\n"
    for other in (MKDOCS_YML, MKDOCS_YML.replace("not_in_nav:", custom + "not_in_nav:")):
        (tmp_path / "mkdocs.yml").write_text(other, encoding="utf-8")
        records = compiled_records(version(docs))
        read = {r["source"] + "#" + r["anchor"]: r["body"] for r in records}
        assert read["changes.md#top"] == "{% include '../CHANGELOG.md' %}"


def test_raw_includes_are_found_in_the_base_path_of_their_extension(tmp_path: Path) -> None:
    """markdown-include reads ``{! file !}`` from its own ``base_path`` (rich-click: ``docs``,
    its examples in docs/code_snippets/); looked for from mkdocs.yml's folder only, the file
    was not found and the code block left empty. Snippets keep their folder."""
    config = MKDOCS_YML.replace(
        "markdown_extensions:\n",
        "markdown_extensions:\n  - pymdownx.snippets\n"
        "  - markdown_include.include:\n      base_path: docs\n",
    )
    docs = make_project(tmp_path, config)
    (docs / "code").mkdir()
    (docs / "code" / "hello.py").write_text("print('hello')\n", encoding="utf-8")
    (tmp_path / "LICENSE.txt").write_text("MIT licensed.\n", encoding="utf-8")
    (docs / "usage.md").write_text(
        '# Usage\n\n```python\n{!code/hello.py!}\n```\n\n--8<-- "LICENSE.txt"\n', "utf-8"
    )
    usage = [r for r in compiled_records(version(tmp_path)) if r["source"] == "usage.md"]
    assert usage[0]["body"] == "```python\nprint('hello')\n```\n\nMIT licensed."
    assert project_listing(version(tmp_path))[0].snippet_base == (".", "docs")


def test_the_i18n_plugins_default_language_nav_orders_the_pages(tmp_path: Path) -> None:
    """mkdocs-static-i18n builds a language's pages in the nav its entry gives, over the
    config's own: the OpenAI Agents SDK's docs have no other, and their 282 pages were all
    'not in nav', in path order, and untitled ones named after their file."""
    config = MKDOCS_YML.split("nav:\n")[0] + (
        "plugins:\n  - i18n:\n      languages:\n        - locale: en\n          default: true\n"
        "          nav:\n            - Usage: usage.md\n            - Home: index.md\n"
        "        - locale: fr\n          nav:\n            - Accueil: index.md\n"
    )
    layout, listing = project_listing(version(make_project(tmp_path, config)))
    assert [c.relpath for c in listing.candidates][:2] == ["usage.md", "index.md"]
    assert dict(layout.titles)["usage.md"] == "Usage"
