"""A Docusaurus site whose docs plugin says lastVersion: 'current' has its docs folder as the
latest release, which docbuild init offers first, named by its label."""

from __future__ import annotations

from pathlib import Path

from builder.projects.docusaurus_current import current_release_label
from builder.starter import render_catalog
from builder.survey import survey_project

# socket.io's site (socketio/socket.io-website): docs/ is 4.x, versions.json lists 3.x and 2.x.
CONFIG = """\
module.exports = {
  presets: [
    [
      "@docusaurus/preset-classic",
      {
        docs: {
          sidebarPath: require.resolve("./sidebars.js"),
          // lastVersion: "3.x",
          lastVersion: "current",
          versions: {
            current: {
              label: "4.x",
              path: "v4",
            },
            "3.x": { label: "3.x", path: "v3" },
          },
        },
      },
    ],
  ],
};
"""


def write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def make_site(root: Path, config: str = CONFIG, versions: str = '["3.x", "2.x"]') -> None:
    write(
        root,
        {
            "docusaurus.config.js": config,
            "versions.json": versions,
            "package.json": '{"name": "sample-website", "version": "0.0.0", "private": true}',
            "docs/index.md": "# Introduction\n\nVersion 4.\n",
            "versioned_docs/version-3.x/index.md": "# Introduction\n\nVersion 3.\n",
            "versioned_docs/version-2.x/index.md": "# Introduction\n\nVersion 2.\n",
            "versioned_docs/version-1.x/index.md": "# Introduction\n\nVersion 1.\n",
        },
    )


def test_the_docs_folder_is_the_latest_release_named_by_its_label(tmp_path: Path) -> None:
    # init offered 3 and 2, and the docs of socket.io 4, the site's own, were in no version.
    make_site(tmp_path)
    survey = survey_project(tmp_path)
    assert survey.versioned == (
        ("4", "docs"),
        ("3", "versioned_docs/version-3.x"),
        ("2", "versioned_docs/version-2.x"),
    )
    assert "docs/: the latest release, 4 (lastVersion: 'current')" in survey.found
    assert "2 released version(s) in versioned_docs/: 3, 2" in survey.found
    catalog = render_catalog(survey)
    assert 'version = "4"\n  path = "docs"' in catalog
    assert "holds the next, unreleased one" not in catalog
    # Three versions at most, the docs folder first.
    (tmp_path / "versions.json").write_text('["3.x", "2.x", "1.x"]', encoding="utf-8")
    assert [name for name, _ in survey_project(tmp_path).versioned] == ["4", "3", "2"]


def test_by_default_the_docs_folder_is_the_next_version(tmp_path: Path) -> None:
    make_site(tmp_path, CONFIG.replace('lastVersion: "current"', 'lastVersion: "3.x"'))
    assert [name for name, _ in survey_project(tmp_path).versioned] == ["3", "2"]
    # lastVersion in a version's own options is not the plugin's.
    nested = CONFIG.replace('lastVersion: "current",', "").replace(
        'label: "3.x",', 'label: "3.x", lastVersion: "current",'
    )
    assert current_release_label(_config(tmp_path, nested)) is None
    assert current_release_label(_config(tmp_path, "module.exports = {}")) is None


def test_a_label_that_is_no_version_names_the_project_s_own(tmp_path: Path) -> None:
    make_site(tmp_path, CONFIG.replace('label: "4.x"', "label: 'Latest'"))
    (tmp_path / "package.json").write_text('{"name": "widget", "version": "4.8.1"}')
    assert survey_project(tmp_path).versioned[0] == ("4.8.1", "docs")
    # Without versions.current, the docs folder is still the latest, of the project's version.
    without = CONFIG.replace('current: {\n              label: "4.x",', "next: {\n")
    assert current_release_label(_config(tmp_path, without)) == ""


def test_another_docs_instance_reads_its_own_options(tmp_path: Path) -> None:
    config = CONFIG.replace(
        "  ],\n};",
        "  ],\n  plugins: [\n    ['@docusaurus/plugin-content-docs', {\n      id: 'api',\n"
        "      path: 'api',\n      lastVersion: 'current',\n"
        "      versions: { 'current': { label: 'v2.1' } },\n    }],\n  ],\n};",
    )
    path = _config(tmp_path, config)
    assert current_release_label(path, "api") == "v2.1"
    assert current_release_label(path, "other") is None
    assert current_release_label(path) == "4.x"


def _config(folder: Path, text: str) -> Path:
    path = folder / "config" / "docusaurus.config.js"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
