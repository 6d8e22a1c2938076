"""VitePress projects: the sidebar in .vitepress/config.* orders the pages, read without running
the config."""

import re
import subprocess
import sys
from pathlib import Path

from builder.config import VersionConfig
from builder.parsers import parse_file
from builder.parsers.markdown.heading_attributes import attribute_delimiters
from builder.parsers.markdown.myst_extensions import myst_extensions
from builder.projects import project_listing
from builder.projects.layout import ProjectLayout
from builder.projects.vitepress import page_of_link, read_vitepress, sidebar_links

CONFIG_TS = """\
import { defineConfig } from 'vitepress'
const version = '8'

export default defineConfig({
  themeConfig: {
    // The top bar is not the page order.
    nav: [{ text: 'Config', link: '/config/' }, { text: 'Guide', link: '/guide/' }],
    sidebar: {
      '/guide/': [
        {
          text: 'Introduction { not a bracket',
          items: [
            { text: 'Getting Started', link: '/guide/' },
            /* { link: '/guide/old' }, */
            { text: 'Features', link: '/guide/features' },
            { text: 'Versioned', link: `/v${version}/` },
          ],
        },
      ],
      '/config/': [{ text: 'Options', link: '/config/shared-options.html#root' }],
    },
  },
})
"""


def make_project(root: Path) -> Path:
    docs = root / "docs"
    for page in ("index.md", "config/shared-options.md", "guide/features.md", "guide/index.md"):
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text(f"# {page}\n", encoding="utf-8")
    (docs / ".vitepress").mkdir()
    (docs / ".vitepress" / "config.ts").write_text(CONFIG_TS, encoding="utf-8")
    return docs


def test_sidebar_links_in_order_without_nav_comments_or_computed_links() -> None:
    assert sidebar_links(CONFIG_TS) == [
        "/guide/",
        "/guide/features",
        "/config/shared-options.html#root",
    ]


def test_sidebars_built_by_functions_give_every_literal_link() -> None:
    source = (
        "export default { themeConfig: { sidebar: { '/guide/': guide() } } }\n"
        "function guide() { return [{ link: '/guide/why' }, { link: '/guide/' }] }\n"
    )
    assert sidebar_links(source) == ["/guide/why", "/guide/"]


def test_links_name_markdown_pages() -> None:
    assert page_of_link("/guide/") == "guide/index.md"
    assert page_of_link("/") == "index.md"
    assert page_of_link("/config/shared-options.html#root") == "config/shared-options.md"
    assert page_of_link("https://vite.dev") is None


def test_pages_follow_the_sidebar_then_path_order(tmp_path: Path) -> None:
    docs = make_project(tmp_path)
    config = VersionConfig("1.0.0", docs, None, None, (), (), None, None, project="auto")
    layout, listing = project_listing(config)
    assert (layout.kind, layout.config_file) == ("vitepress", ".vitepress/config.ts")
    assert [c.relpath for c in listing.candidates] == [
        "guide/index.md",
        "guide/features.md",
        "config/shared-options.md",
        "index.md",
    ]
    assert layout.notes == ("1 page(s) not in sidebar, listed after it: index.md",)


def test_strings_left_open_end_at_their_line_and_cost_one_pass() -> None:
    # Each quote once began a match that failed at the line's (or file's) end, so every later
    # quote rescanned the rest: a 1 MiB config of these took hours to read.
    quotes = "'\\" * 200_000 + "x\n" + '"\\' * 200_000 + "x\n"
    template = "`\\" * 200_000 + "x\n"
    config = "sidebar: [\n  { link: '/open },\n  { link: '/a' },\n]\n"
    assert sidebar_links(quotes + config) == ["/a"]
    assert sidebar_links(config + template) == ["/a"]
    assert sidebar_links(template + config) == []  # an open template string runs to the end


def test_a_huge_config_is_read_only_to_the_limit(tmp_path: Path) -> None:
    # The whole file was read and then cut, silently: a config.ts of 8 GiB took 8 GiB of memory.
    docs = make_project(tmp_path)
    with (docs / ".vitepress" / "config.ts").open("r+b") as config:
        config.truncate(64 << 20)  # sparse
    layout, _ = project_listing(VersionConfig("1.0.0", docs, None, None, (), (), None, None))
    assert layout.order == ("guide/index.md", "guide/features.md", "config/shared-options.md")
    assert layout.notes[0] == ".vitepress/config.ts is over 1024 KiB; the rest is not read"


def test_a_config_folder_and_the_modules_it_imports_are_read(tmp_path: Path) -> None:
    # Pinia 2.2's docs keep .vitepress/config/index.ts, which imports the English sidebar
    # from ./en and the Chinese one from ./zh: the docs were read as a folder of files.
    docs = tmp_path / "docs"
    for page in ("index.md", "guide/index.md", "guide/state.md", "zh/guide/index.md"):
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text(f"# {page}\n", encoding="utf-8")
    folder = docs / ".vitepress" / "config"
    folder.mkdir(parents=True)
    (folder / "index.ts").write_text(
        "import { enConfig } from './en'\nimport { zhConfig } from \"./zh.ts\"\n"
        "import { outside } from '../../../secret'\n"
        "export default { locales: { root: { link: '/', ...enConfig }, zh: zhConfig } }\n"
        # A regular expression literal that a scan of strings reads as an open template.
        "const slugify = (s) => s.replace(/[`'<>]+/g, '-')\n",
        encoding="utf-8",
    )
    (folder / "en.ts").write_text(
        "import { shared } from './zh'\n"
        "export const enConfig = { sidebar: [{ link: '/guide/state' }, { link: '/guide/' }] }\n",
        encoding="utf-8",
    )
    (folder / "zh.ts").write_text(
        "export const zhConfig = { sidebar: [{ link: '/zh/guide/' }] }\n", encoding="utf-8"
    )
    (tmp_path / "secret.ts").write_text("sidebar: [{ link: '/index' }]\n", encoding="utf-8")
    config = VersionConfig("1.0.0", docs, None, None, (), (), None, None, project="auto")
    layout, listing = project_listing(config)
    assert (layout.kind, layout.config_file) == ("vitepress", ".vitepress/config/index.ts")
    # zh/ is another language's (tests/test_projects_vitepress_locales.py).
    assert [c.relpath for c in listing.candidates] == [
        "guide/state.md",
        "guide/index.md",
        "index.md",
    ]


def test_an_import_of_a_loop_of_links_or_a_nul_is_not_followed(tmp_path: Path) -> None:
    # Path.resolve raised on both (RuntimeError: Symlink loop; ValueError: embedded null
    # byte), and the layout is read outside the parser's boundary: the build stopped.
    docs = make_project(tmp_path)
    config = docs / ".vitepress" / "config.ts"
    (docs / ".vitepress" / "loop.ts").symlink_to("loop.ts")
    for stem in ("loop", "n\0ul"):
        config.write_text(f"import {{ a }} from './{stem}'\n{CONFIG_TS}", encoding="utf-8")
        layout, _ = project_listing(VersionConfig("1.0.0", docs, None, None, (), (), None, None))
        assert layout.order == ("guide/index.md", "guide/features.md", "config/shared-options.md")


def test_markdown_attrs_delimiters_of_the_config_name_heading_ids(tmp_path: Path) -> None:
    # Pinia 2.2.4 sets markdown.attrs to %{ }%: its Chinese pages' headings ("## 访问 state
    # %{#accessing-the-state}%") read "访问 state %%" with a slug of that as their anchor.
    docs = tmp_path / "docs"
    (docs / ".vitepress").mkdir(parents=True)
    (docs / ".vitepress" / "config.ts").write_text(
        "export default {\n  markdown: {\n    attrs: {\n      leftDelimiter: '%{',\n"
        "      rightDelimiter: '}%',\n    },\n  },\n  sidebar: [{ link: '/state' }],\n}\n",
        encoding="utf-8",
    )
    (docs / "state.md").write_text(
        "# State %{#state}%\n\n## 访问 state %{#accessing-the-state}%\n\nText.\n",
        encoding="utf-8",
    )
    layout = read_vitepress(docs / ".vitepress" / "config.ts", docs)
    assert layout.attribute_delimiters == ("%{", "}%")
    with attribute_delimiters(layout.attribute_delimiters):
        parsed = parse_file("state.md", (docs / "state.md").read_text(encoding="utf-8"))
    assert parsed is not None
    assert [(s.heading, s.anchor) for s in parsed.sections] == [
        ("State", "state"),
        ("访问 state", "accessing-the-state"),
    ]
    plain = read_vitepress_text(tmp_path, "export default { sidebar: [{ link: '/a' }] }\n")
    assert plain.attribute_delimiters is None


def read_vitepress_text(root: Path, config: str) -> ProjectLayout:
    docs = root / "plain"
    (docs / ".vitepress").mkdir(parents=True)
    (docs / ".vitepress" / "config.mts").write_text(config, encoding="utf-8")
    return read_vitepress(docs / ".vitepress" / "config.mts", docs)


def test_a_shortcode_opening_a_line_is_no_field_list(tmp_path: Path) -> None:
    # eslint-plugin-vue's rules index: "- :three: Indicates that the rule is for Vue 3" read
    # as a MyST field list, "three: Indicates ..."; markdown-it shows the line as written.
    layout = read_vitepress_text(tmp_path, "export default { sidebar: [{ link: '/a' }] }\n")
    assert layout.myst_extensions == ()
    text = "# Rules\n\n- :three: For Vue 3.\n- :lipstick: Layout.\n"
    with myst_extensions(layout.myst_extensions):
        parsed = parse_file("rules.md", text)
    assert parsed is not None
    assert parsed.sections[0].body == "- :three: For Vue 3.\n- :lipstick: Layout."


def test_the_files_src_exclude_names_are_no_pages_but_stay_includable(tmp_path: Path) -> None:
    # vitest's config leaves guide/cli-generated.md out ("srcExclude"), and guide/cli.md
    # includes it: read as a page of its own too, its 153 sections were each there twice.
    docs = make_project(tmp_path)
    config = CONFIG_TS.replace(
        "  themeConfig: {",
        "  srcExclude: ['**/guide/cli-generated.md', 'AGENTS.md', // 'index.md',\n"
        '    "./guide/examples/*"],\n  themeConfig: {',
    )
    (docs / ".vitepress" / "config.ts").write_text(config, encoding="utf-8")
    pages = {
        "guide/cli.md": "# CLI\n\n<!--@include: ./cli-generated.md-->\n",
        "guide/cli-generated.md": "### root\n\nRoot path\n",
        "guide/examples/done.md": "# Done\n",
        "AGENTS.md": "# Agents\n",
        "guide/AGENTS.md": "# Agents here\n",
    }
    for relpath, text in pages.items():
        (docs / relpath).parent.mkdir(parents=True, exist_ok=True)
        (docs / relpath).write_text(text, encoding="utf-8")
    version = VersionConfig("1.0.0", docs, None, None, (), (), None, None, project="auto")
    listed = [c.relpath for c in project_listing(version)[1].candidates]
    assert "guide/cli.md" in listed and "guide/AGENTS.md" in listed and "index.md" in listed
    assert not {"guide/cli-generated.md", "guide/examples/done.md", "AGENTS.md"} & set(listed)


def test_src_exclude_lists_are_found_in_linear_time(tmp_path: Path) -> None:
    """Each "srcExclude: [" was read to the file's end looking for its "]": a 1 MB config of
    them, never closed, took minutes (quadratic). The subprocess's timeout guards against
    that hang; it is no timing. A glob's class ("v[0-9].md") is no end of the list."""
    script = (
        "import sys\n"
        "from builder.projects.vitepress import _src_exclude\n"
        "notes = []\n"
        "print(repr(_src_exclude(['srcExclude: [' * 80_000], notes)), notes)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.strip() == "'' []"
    layout = read_vitepress_text(tmp_path, "export default { srcExclude: ['v[0-9].md'] }\n")
    assert re.fullmatch(layout.exclude, "v1.md") and not re.fullmatch(layout.exclude, "v.md")
