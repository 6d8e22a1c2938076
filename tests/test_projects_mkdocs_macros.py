"""builder.projects.mkdocs_macros: mkdocs-macros' variables, read from mkdocs.yml."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.config import VersionConfig
from builder.parsers.markdown.macro_calls import MAX_ADDED_CHARS, expand_macro_calls
from builder.parsers.markdown.spliced import Spliced
from builder.projects.mkdocs_macros import macro_variables, macros_rendering, module_macros
from tests.project_records_support import compiled_records

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


MACROS_MODULE = '''\
def define_env(env):
    @env.macro
    def async_sync(name: str, hl_lines=None):
        """Both flavours of an example."""
        lines = f' hl_lines="{hl_lines}"' if hl_lines is not None else ""
        return lines


    @env.macro
    def tabs(name, hl_lines=None, linenums=True):
        return (
            f"""\n=== "Async"\n    ```python {'linenums="1"' if linenums else ''}"""
            + (' hl_lines="' + hl_lines + '"' if hl_lines is not None else "")
            + f"""\n    engine = AIOEngine()  # {name}\n    ```\n"""
        )

    @env.macro
    def today():
        import datetime
        return str(datetime.date.today())
'''


def test_module_macros_are_those_that_return_a_string_built_from_their_parameters() -> None:
    names = [name for name, _ in module_macros(MACROS_MODULE)]
    # async_sync computes before it returns, today runs code: only tabs reads as it stands.
    assert names == ["tabs"]


MACRO_PAGE = (
    "# Fields\n\n"
    "Rename a field.\n\n"
    '{{ tabs("custom_key_name.py", hl_lines="5") }}\n\n'
    "{{ tabs('plain.py', linenums=false) }}\n\n"
    "{{ today() }} and {{ tabs(unknown_name) }}\n\n"
    "`{% raw %}{{ tabs('x') }}{% endraw %}`\n"
)


def test_a_page_reads_what_the_projects_macros_return(tmp_path: Path) -> None:
    # odmantic 1.1.0's docs/main.py: '{{ async_sync_snippet("fields", "custom_key_name.py",
    # hl_lines="5") }}' returns content tabs of snippets; the page read the call as written
    # and showed none of the 42 code examples.
    (tmp_path / "main.py").write_text(MACROS_MODULE, encoding="utf-8")
    body = _bodies(tmp_path, "macros", {"index.md": MACRO_PAGE})["index.md"]
    assert body.count("engine = AIOEngine()  # custom_key_name.py") == 1
    assert body.count("engine = AIOEngine()  # plain.py") == 1
    assert '{{ tabs("custom_key_name.py"' not in body
    # A macro that runs code, or a call whose arguments are not literals, stays as written;
    # so does a call between raw tags.
    assert "{{ today() }} and {{ tabs(unknown_name) }}" in body
    assert "{{ tabs('x') }}" in body
    # Without the plugin no page is rendered.
    body = _bodies(tmp_path / "b", "search", {"index.md": MACRO_PAGE})["index.md"]
    assert '{{ tabs("custom_key_name.py", hl_lines="5") }}' in body


def test_macros_nested_past_what_python_reads_are_not_read() -> None:
    # A return of 'x+x+...+x' a few thousand terms long raised RecursionError out of the
    # build: ast.unparse, or ast.parse past 100,000 terms, reads it recursively.
    for terms, read in ((1_000, ["tabs"]), (100_000, [])):
        deep = "x" + "+x" * terms
        module = MACROS_MODULE + f"\n    @env.macro\n    def deep(x):\n        return {deep}\n"
        assert [name for name, _ in module_macros(module)] == read
        page = Spliced.unchanged("{{ deep('a') }} {{ tabs }}")
        assert expand_macro_calls(page, (("deep", f"def deep(x):\n    return {deep}"),)) == page


def test_the_calls_of_a_page_add_at_most_max_added_chars() -> None:
    # '{{ wide("a", 300000000) }}' made a page of 300 MB, and a page of calls of a macro
    # that repeats its argument grew by as many times as it repeats it.
    macros = (
        ("wide", "def wide(x, n):\n    return f'{x:>{n}}'"),
        ("twice", "def twice(x):\n    return x + x"),
    )
    call = "{{ twice('" + "y" * 1000 + "') }}"
    line = "{{ wide('a', 300000000) }} {{ wide('a', 3) }}"
    page = Spliced.unchanged(f"{line}\n{call}\n" * 5000)
    text = expand_macro_calls(page, macros).text
    assert len(text) - len(page.text) <= MAX_ADDED_CHARS
    lines = text.split("\n")
    assert lines[0] == "{{ wide('a', 300000000) }}   a"
    assert lines[1] == "y" * 2000 and lines[-2] == call
