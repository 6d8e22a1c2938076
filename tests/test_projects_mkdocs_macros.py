"""builder.projects.mkdocs_macros: mkdocs-macros' variables, read from mkdocs.yml."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.config import VersionConfig
from builder.projects.mkdocs_macros import macro_variables, macros_rendering
from tests.test_projects_mkdocs import compiled_records

CONFIG = {
    "site_name": "Demo",
    "repo_url": "https://example.org/demo",
    "plugins": ["search", "macros"],
    "extra": {
        "version": "1.2.3",
        "python": 3.11,
        "project": {"repo": "https://example.org/demo", "stars": ["a", "b"]},
        "version_provider": {"provider": "mike"},
    },
}


def test_extra_and_the_configs_settings_are_variables() -> None:
    variables = dict(macro_variables(CONFIG))
    assert variables["version"] == "1.2.3"
    assert variables["python"] == "3.11"
    assert variables["project.repo"] == "https://example.org/demo"
    assert variables["config.extra.version"] == "1.2.3"
    assert variables["config.site_name"] == "Demo"
    assert variables["config.repo_url"] == "https://example.org/demo"
    assert "project.stars" not in variables  # a list is no text


@pytest.mark.parametrize(
    ("plugins", "rendering"),
    [
        (["search"], ()),  # no macros plugin: no variables
        (["macros"], ("macros",)),
        # A page is rendered only when its front matter asks.
        ([{"macros": {"render_by_default": False}}], ("macros (opt-in)",)),
        # Other delimiters than "{{ }}": the pages' "{{ x }}" is no variable.
        ([{"macros": {"j2_variable_start_string": "[["}}], ()),
    ],
)
def test_variables_where_the_plugin_renders_pages(
    plugins: list[object], rendering: tuple[str, ...]
) -> None:
    config = {**CONFIG, "plugins": plugins}
    assert macros_rendering(config) == rendering
    assert bool(macro_variables(config)) == bool(rendering)


def _bodies(root: Path, plugin: str, pages: dict[str, str]) -> dict[str, str]:
    root.mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text(
        f"site_name: Demo\nplugins:\n  - {plugin}\n"
        "extra:\n  version: '1.2.3'\n  project:\n    repo: https://example.org/demo\n",
        encoding="utf-8",
    )
    for name, text in pages.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    version = VersionConfig("1.0.0", root / "docs", None, None, (), (), None, None)
    return {record["source"]: record["body"] for record in compiled_records(version)}


VARIABLES = "# Home\n\nInstall {{ version }} from {{ project.repo }} ({{ config.site_name }}).\n"


def test_a_page_reads_the_values_of_its_variables(tmp_path: Path) -> None:
    # A page of mkdocs-macros read "Install version from project.repo.": the variables'
    # names, not the values extra gives them.
    bodies = _bodies(tmp_path, "macros", {"index.md": VARIABLES})
    assert bodies["index.md"] == "Install 1.2.3 from https://example.org/demo (Demo)."


def test_with_render_by_default_off_only_a_page_that_asks_is_rendered(tmp_path: Path) -> None:
    # veridelta 0.41.2's roadmap.md sets render_macros: true for its
    # "v{{ config.extra.version }}"; its other pages quote GitHub's "${{ secrets.X }}".
    plugin = "macros:\n      render_by_default: false"
    asking = "---\nrender_macros: true\n---\n\n" + VARIABLES
    bodies = _bodies(tmp_path, plugin, {"index.md": asking, "other.md": VARIABLES})
    assert bodies["index.md"] == "Install 1.2.3 from https://example.org/demo (Demo)."
    assert "1.2.3" not in bodies["other.md"]


RAW_IN_CODE = (
    "# Vault\n\n"
    '```yaml\napi_key: "{% raw %}{{ vault_api_key }}{% endraw %}"\n```\n\n'
    "Write `{% raw %}{{ item }}{% endraw %}` in a task.\n"
)


def test_raw_tags_in_code_go_where_the_plugin_renders_the_page(tmp_path: Path) -> None:
    # molecule 26.10.0's Ansible examples keep their "{{ }}" from Jinja so: the code read
    # '"{% raw %}{{ vault_test_api_key }}{% endraw %}"', where the site shows the variable.
    body = _bodies(tmp_path / "a", "macros", {"index.md": RAW_IN_CODE})["index.md"]
    assert body == ('```yaml\napi_key: "{{ vault_api_key }}"\n```\n\nWrite `{{ item }}` in a task.')
    # Without the plugin the page shows the tags as written (a page about Jinja).
    body = _bodies(tmp_path / "b", "search", {"index.md": RAW_IN_CODE})["index.md"]
    assert '"{% raw %}{{ vault_api_key }}{% endraw %}"' in body
