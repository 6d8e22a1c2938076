"""builder.projects.vuepress: a VuePress site's pages come in the order of its config's
literal sidebar, and in path order when the config computes it."""

from __future__ import annotations

from pathlib import Path

from builder.projects.detect import read_project_layout
from builder.projects.vuepress import read_vuepress
from builder.survey import survey_project

# Chart.js v4.5.1's docs/.vuepress/config.ts, cut down: a sidebar per part of the site, the
# root's written last; VuePress 1's strings, [path, title] pairs and { title, children }.
CONFIG = """\
import { defineConfig } from 'vuepress/config';
const docsVersion = "VERSION";
export default defineConfig({
  base: `/docs/${docsVersion}/`,
  themeConfig: {
    nav: [{text: 'Samples', link: `/samples/`}],
    // sidebar: ['commented-out'],
    sidebar: {
      '/api/': 'API',
      '/samples/': [
        'information',
        { title: 'Bar Charts', children: ['bar/vertical'] },
      ],
      '/': [
        '',
        {
          title: 'Axes',
          children: [
            'axes/',
            { title: 'Cartesian', children: ['axes/cartesian/', "axes/cartesian/linear"] },
            ['api/', 'TypeDoc'],
            'https://example.org/elsewhere',
            '../outside',
          ]
        },
        { text: 'Developers', link: '/developers/',
          children: [{ text: 'API', link: '/developers/api.html' }] },
      ],
    } as any
  } as DefaultThemeConfig
});
"""

PAGES = {
    "docs/.vuepress/config.ts": CONFIG,
    "docs/.vuepress/theme/README.md": "# The theme\n",
    "docs/index.md": "# Chart.js\n",
    "docs/axes/index.md": "# Axes\n",
    "docs/axes/_common.md": "| Name | Type |\n",
    "docs/axes/cartesian/README.md": "# Cartesian axes\n",
    "docs/axes/cartesian/linear.md": "# Linear axis\n",
    "docs/developers/index.md": "# Developers\n",
    "docs/developers/api.md": "# API\n",
    "docs/samples/information.md": "# Information\n",
    "docs/samples/bar/vertical.md": "# Vertical bar chart\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_pages_come_in_the_literal_sidebar_s_order(tmp_path: Path) -> None:
    # Chart.js v4.5.1: its pages in path order (axes/, its partials, charts/, ...), the samples
    # among them -> the root sidebar's order, then the samples' sidebar.
    _write(tmp_path, PAGES)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("vuepress", "docs")
    assert "docs/.vuepress/config.ts: VuePress, pages in the order of its sidebar" in survey.found
    layout = read_project_layout(tmp_path / "docs", "auto", None, tmp_path)
    assert (layout.kind, layout.config_file) == ("vuepress", ".vuepress/config.ts")
    assert layout.order == (
        "index.md",
        "axes/index.md",
        "axes/cartesian/README.md",
        "axes/cartesian/linear.md",
        "api/README.md",
        "developers/index.md",
        "developers/api.md",
        "samples/information.md",
        "samples/bar/vertical.md",
    )
    assert not layout.admits(".vuepress/theme/README.md")


def test_a_computed_sidebar_gives_path_order(tmp_path: Path) -> None:
    config = tmp_path / ".vuepress" / "config.js"
    config.parent.mkdir()
    for text in (
        "module.exports = { themeConfig: { sidebar: getSidebar() } }",
        "module.exports = { themeConfig: { sidebar: [...guide, 'intro'] } }",
        "module.exports = { themeConfig: { sidebar: { '/': [`${base}/intro`] } } }",
        "module.exports = { themeConfig: { sidebar: [ 'intro', { title: 'A', children } ] } }",
    ):
        config.write_text(text)
        layout = read_vuepress(config, tmp_path)
        assert (layout.order, layout.markdown_flavor) == ((), "vuepress")
        assert layout.notes == (
            "the sidebar is computed when the config runs; pages in path order",
        )
    config.write_text("module.exports = { themeConfig: { sidebar: 'auto' } }")
    assert read_vuepress(config, tmp_path).notes == (
        ".vuepress/config.js: its sidebar names no page; path order",
    )
    config.write_text("module.exports = { themeConfig: { sidebar: " + "[" * 5000)
    assert read_vuepress(config, tmp_path).order == ()
    config.write_text("module.exports = { title: 'No sidebar' }")
    assert read_vuepress(config, tmp_path).notes == ()


def test_a_sidebar_folder_name_longer_than_the_system_takes_is_a_missing_page(
    tmp_path: Path,
) -> None:
    # is_file raises on a name longer than the system takes (Python 3.11): the build stopped.
    config = tmp_path / ".vuepress" / "config.js"
    config.parent.mkdir()
    long = "a" * 300
    config.write_text(f"module.exports = {{ themeConfig: {{ sidebar: ['/', '/{long}/'] }} }}")
    (tmp_path / "README.md").write_text("# Home\n")
    assert read_vuepress(config, tmp_path).order == ("README.md", f"{long}/README.md")
