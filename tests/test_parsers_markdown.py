"""The Markdown/MDX parser: headings it must and must not see, bodies, anchors, line numbers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.model import ParsedFile, Section
from builder.parsers.markdown.parser import parse


def outline(parsed: ParsedFile) -> list[tuple[int, str, tuple[str, ...], str, int, int]]:
    """Level, heading, path, anchor and lines of every section: the shape of a document."""
    return [
        (s.level, s.heading, s.heading_path, s.anchor, s.line_start, s.line_end)
        for s in parsed.sections
    ]


def bodies(parsed: ParsedFile) -> list[str]:
    return [section.body for section in parsed.sections]


def test_sections_paths_and_exact_lines() -> None:
    text = (
        "# Guide\n"  # 1
        "\n"
        "Intro.\n"  # 3
        "\n"
        "## Install\n"  # 5
        "\n"
        "Run it.\n"  # 7
        "\n"
        "\n"
        "### From source\n"  # 10
        "Clone.\n"  # 11
        "## Usage\n"  # 12
        "\n"
        "Call `run()`.\n"  # 14
        "\n"
    )
    parsed = parse(text, "docs/guide.md")
    assert parsed.title == "Guide"
    assert parsed.sections[0] == Section(
        heading="Guide",
        heading_path=(),
        body="Intro.",
        source="docs/guide.md",
        line_start=1,
        line_end=3,
        anchor="guide",
        level=1,
    )
    assert outline(parsed) == [
        (1, "Guide", (), "guide", 1, 3),
        (2, "Install", ("Guide",), "install", 5, 7),
        (3, "From source", ("Guide", "Install"), "from-source", 10, 11),
        (2, "Usage", ("Guide",), "usage", 12, 14),
    ]
    assert bodies(parsed) == ["Intro.", "Run it.", "Clone.", "Call `run()`."]


def test_text_before_first_heading_is_a_title_section() -> None:
    parsed = parse("\n\nSome intro\ntext.\n\n# First\n\nBody.\n", "pkg/readme.md")
    assert parsed.title == "First"
    assert outline(parsed) == [
        (0, "First", (), "top", 3, 4),
        (1, "First", (), "first", 6, 8),
    ]
    assert bodies(parsed) == ["Some intro text.", "Body."]


def test_title_falls_back_to_the_file_stem() -> None:
    parsed = parse("## Only a second level\n\ntext\n", "docs/getting-started.md")
    assert parsed.title == "getting-started"
    assert outline(parsed) == [(2, "Only a second level", (), "only-a-second-level", 1, 3)]


def test_a_level_one_heading_after_the_first_heading_does_not_title_the_page() -> None:
    # vConsole 3.15.1's CHANGELOG.md: language links, "## 3.15.1 ..." releases, and at the
    # end "# v1.x.x" over the oldest ones, which titled the page and the links above.
    text = (
        "English | [中文](./CHANGELOG_CN.md)\n\n"  # 1-2
        "## 3.15.1\n\n- Fix.\n\n"  # 3-6
        "# v1.x.x\n\n## v1.3.0\n\n- Feat.\n"  # 7-11
    )
    parsed = parse(text, "CHANGELOG.md")
    assert parsed.title == "CHANGELOG"
    assert outline(parsed) == [
        (0, "CHANGELOG", (), "top", 1, 1),
        (2, "3.15.1", (), "3151", 3, 5),
        (1, "v1.x.x", (), "v1xx", 7, 7),
        (2, "v1.3.0", ("v1.x.x",), "v130", 9, 11),
    ]


def test_footnotes_read_as_in_restructuredtext() -> None:
    # attrs 25.3.0's why.md, hashing.md and glossary.md (MyST; GFM and Python-Markdown write
    # them alike): "classes.[^history]" and "[^history]: The word is..." read as written.
    # The mark goes and the definition reads "[label] text", as reST's footnotes do; a
    # bracket no definition names ("[^a-z]") is text.
    text = (
        "# Why\n\n"
        "Tuples with names.[^history] A pattern like [^a-z] matches.\n\n"
        "[^history]: The word is that they were\n  added for return values.\n"
    )
    assert bodies(parse(text, "why.md")) == [
        "Tuples with names. A pattern like [^a-z] matches.\n\n"
        "[history] The word is that they were added for return values."
    ]


def test_footnote_definitions_on_consecutive_lines_are_each_a_note() -> None:
    # griffe 1.7.3's extending.md defines six on six lines: each "[^n]:" line starts a note,
    # and a note's indented lines are its own.
    text = (
        "# Nodes\n\n"
        "Exec[^1] and Print[^2].\n\n"
        "[^1]: Deprecated since Python 3.8.\n"
        "[^2]:\n    A builtin\n    in Python 3.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Exec and Print.\n\n[1] Deprecated since Python 3.8.\n\n[2] A builtin in Python 3."
    ]


def test_empty_heading_bodies_still_make_sections() -> None:
    parsed = parse("# A\n## B\n## C\ntext\n", "x.md")
    assert outline(parsed) == [
        (1, "A", (), "a", 1, 1),
        (2, "B", ("A",), "b", 2, 2),
        (2, "C", ("A",), "c", 3, 4),
    ]
    assert bodies(parsed) == ["", "", "text"]


def test_hash_lines_in_fenced_and_indented_code_are_not_headings() -> None:
    text = (
        "# Real\n"
        "\n"
        "```bash\n"
        "# install it\n"
        "pip install x\n"
        "```\n"
        "\n"
        "~~~~python\n"
        "# a comment\n"
        "```\n"
        "~~~~\n"
        "\n"
        "````\n"
        "# four backticks\n"
        "````\n"
        "\n"
        "    # indented code\n"
        "    x = 1\n"
    )
    parsed = parse(text, "x.md")
    assert outline(parsed) == [(1, "Real", (), "real", 1, 18)]
    assert parsed.sections[0].body == (
        "```bash\n# install it\npip install x\n```\n"
        "\n"
        # The fence outgrows the code's own backtick line, or that line would close it.
        "````python\n# a comment\n```\n````\n"
        "\n"
        "```\n# four backticks\n```\n"
        "\n"
        "```\n# indented code\nx = 1\n```"
    )


def test_headings_inside_html_comments_are_not_headings() -> None:
    text = "# Kept\n\n<!--\n# Hidden\n## Also hidden\n-->\n\nAfter.\n<!-- # inline hidden -->\n"
    parsed = parse(text, "x.md")
    assert outline(parsed) == [(1, "Kept", (), "kept", 1, 9)]
    assert bodies(parsed) == ["After."]


def test_html_headings_with_ids_and_nested_tags() -> None:
    text = (
        '<h1 align="center">\n'  # 1
        '  <img src="logo.png" alt="Logo" width="100"><br>\n'
        "  My <b>Project</b>\n"
        "</h1>\n"
        '<p align="center">A <a href="https://x">fast</a> tool.</p>\n'  # 5
        "\n"
        '<h2 id="install">Install &amp; <code>setup</code></h2>\n'  # 7
        "\n"
        "Run it.\n"  # 9
    )
    parsed = parse(text, "README.md")
    assert parsed.title == "My Project"
    assert outline(parsed) == [
        (1, "My Project", (), "my-project", 1, 5),
        (2, "Install & setup", ("My Project",), "install", 7, 9),
    ]
    assert bodies(parsed) == ["A fast tool.", "Run it."]


def test_html_blocks_keep_text_and_drop_tags() -> None:
    text = (
        "# Badges\n"
        "\n"
        '<p align="center">\n'
        '  <img src="a.svg" alt="PyPI version">\n'
        "  <!-- a comment -->\n"
        "</p>\n"
        "<div><script>var x = '<b>';</script>Text &lt;kept&gt;</div>\n"
    )
    parsed = parse(text, "x.md")
    assert bodies(parsed) == ["PyPI version\nText <kept>"]


def test_setext_headings() -> None:
    text = "Title\n=====\n\nIntro.\n\nPart\n----\nBody.\n"
    parsed = parse(text, "x.md")
    assert parsed.title == "Title"
    assert outline(parsed) == [
        (1, "Title", (), "title", 1, 4),
        (2, "Part", ("Title",), "part", 6, 8),
    ]
    assert bodies(parsed) == ["Intro.", "Body."]


def test_yaml_front_matter_gives_the_title_and_leaves_the_body() -> None:
    text = '---\ntitle: "Quick start: a tour"\nslug: /start\n---\n\nWelcome.\n\n# Steps\n\nGo.\n'
    parsed = parse(text, "docs/start.md")
    assert parsed.title == "Quick start: a tour"
    assert outline(parsed) == [
        (0, "Quick start: a tour", (), "top", 6, 6),
        (1, "Steps", (), "steps", 8, 10),
    ]
    assert bodies(parsed) == ["Welcome.", "Go."]


def test_yaml_front_matter_folded_and_single_quoted_titles() -> None:
    folded = parse("---\ntitle: >\n  Long\n  title\nid: x\n---\n# H\n", "x.md")
    assert folded.title == "Long title"
    quoted = parse("---\ntitle: 'It''s here' \n---\n# H\n", "x.md")
    assert quoted.title == "It's here"


def test_toml_front_matter() -> None:
    parsed = parse('+++\ntitle = "Hugo page"\ndraft = false\n+++\n\n## Part\nText.\n', "p.md")
    assert parsed.title == "Hugo page"
    assert outline(parsed) == [(2, "Part", (), "part", 6, 7)]
    assert bodies(parsed) == ["Text."]


def test_code_that_shows_a_fence_keeps_it_inside_a_longer_one() -> None:
    # MyST and MkDocs docs show their own syntax in four-backtick blocks.
    text = "# Contents\n\n````md\n```{contents} Table\n:depth: 3\n```\n````\n\nAfter.\n"
    assert parse(text, "x.md").sections[0].body == (
        "````md\n```{contents} Table\n:depth: 3\n```\n````\n\nAfter."
    )


def test_an_inline_line_break_tag_breaks_the_line_and_a_cell_reads_as_one_line() -> None:
    # ESLint's release tables: "`eslint Release`<br>`RELEASE_TYPE`" lost its <br> and the two
    # code spans ran into one ("`eslint Release``RELEASE_TYPE`").
    text = (
        "# Release\n\nOne<br>two<br/>three <BR /> four.\n\n"
        "| Version | `eslint Release`<br>`RELEASE_TYPE` |\n|---|---|\n| `9.25.0` | `latest` |\n\n"
        "- `url` (`string`)<br>\n  A URL.\n\n"
        "## Head<br>line\n"
    )
    parsed = parse(text, "x.md")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Release", "One\ntwo\nthree\nfour.\n\n"
         "Version | `eslint Release` `RELEASE_TYPE`\n`9.25.0` | `latest`\n\n"
         "- `url` (`string`)\n  A URL."),
        ("Head line", ""),
    ]  # fmt: skip


def test_a_lone_html_anchor_names_the_heading_below_it() -> None:
    # Pino 10.4.0's api.md marks 120 headings so, and its pages link "api.md#opt-mixin": the
    # sections were anchored by slugs of their headings ("mixin-function").
    text = (
        "# API\n\nIntro.\n\n"
        '<a id="opt-mixin"></a>\n#### `mixin` (Function):\n\nMixes.\n\n'
        "<a id=export></a>\n\n## `pino()`\n\nBuilds.\n\n"
        '<a id="loose"></a>\n\nA paragraph, then a heading.\n\n## Next\n\nText.\n'
    )
    assert [(s.heading, s.anchor, s.body) for s in parse(text, "api.md").sections] == [
        ("API", "api", "Intro."),
        ("mixin (Function):", "opt-mixin", "Mixes."),
        ("pino()", "export", "Builds.\n\nA paragraph, then a heading."),
        ("Next", "next", "Text."),  # an anchor above a paragraph names nothing
    ]


def test_code_block_titles_and_tab_labels_from_the_fence() -> None:
    text = (
        "# Setup\n\n"
        '```js tab title="jest.config.js"\nmodule.exports = {};\n```\n\n'  # Docusaurus
        "```bash [pnpm]\n$ pnpm add -D vite\n```\n\n"  # a VitePress code group's tab
        "```ts{2} twoslash [vite.config.ts]\nexport default {}\n```\n\n"
        "```python\nitems[0]\n```\n"
    )
    assert bodies(parse(text, "setup.md")) == [
        "jest.config.js:\n```js\nmodule.exports = {};\n```\n\n"
        "pnpm:\n```bash\n$ pnpm add -D vite\n```\n\n"
        "vite.config.ts:\n```ts\nexport default {}\n```\n\n"
        "```python\nitems[0]\n```"
    ]


def test_a_fence_with_options_and_no_language_keeps_its_title() -> None:
    # pydantic-settings' secrets example (``` title="/var/run/database_password") kept its
    # options as the block's language and lost the title above it.
    text = (
        '# Secrets\n\n``` title="/run/db_password"\nsecret\n```\n\n``` linenums="1"\nx = 1\n```\n'
    )
    assert bodies(parse(text, "secrets.md")) == [
        "/run/db_password:\n```\nsecret\n```\n\n```\nx = 1\n```"
    ]


def test_explicit_heading_ids_win() -> None:
    text = (
        "# Title {#custom-id}\n"
        "## Options { #opts .wide }\n"
        '## <a name="legacy"></a>Old `api()` name\n'
        "## Literal `{#not-an-id}`\n"
    )
    parsed = parse(text, "x.md")
    assert outline(parsed) == [
        (1, "Title", (), "custom-id", 1, 1),
        (2, "Options", ("Title",), "opts", 2, 2),
        (2, "Old api() name", ("Title",), "legacy", 3, 3),
        (2, "Literal {#not-an-id}", ("Title",), "literal-not-an-id", 4, 4),
    ]


def test_a_bracketed_id_after_a_heading_is_its_anchor() -> None:
    # Fumadocs' "## Title [#id]" (SWR's docs: 145 English headings), the space before it
    # optional; a link in brackets stays text.
    text = (
        "# Announcing SWR 1.0\n"
        "## Smaller Size [#smaller-size]\n"
        "## Issue [#123](https://example.invalid/123)\n"
        "## Mount[#revalidate-on-mount]\n"
    )
    assert outline(parse(text, "blog.mdx")) == [
        (1, "Announcing SWR 1.0", (), "announcing-swr-10", 1, 1),
        (2, "Smaller Size", ("Announcing SWR 1.0",), "smaller-size", 2, 2),
        (2, "Issue #123", ("Announcing SWR 1.0",), "issue-123", 3, 3),
        (2, "Mount", ("Announcing SWR 1.0",), "revalidate-on-mount", 4, 4),
    ]


def test_a_long_heading_attribute_list_that_fails_costs_one_pass() -> None:
    # "{#" then a long id and a brace inside: each way of splitting the id from what follows
    # was tried, 20,000 characters in 3 s (this 100,000, minutes); "{: #id .class }" and
    # "{#a.b}" read as before.
    text = "# T {#" + "a" * 100_000 + "}x}\n\n## B {: #bee .wide }\n\n## C {#a.b}\n"
    assert [(s.heading[:8], s.anchor[:8]) for s in parse(text, "x.md").sections] == [
        ("T {#aaaa", "t-aaaaaa"),
        ("B", "bee"),
        ("C", "a.b"),
    ]


def test_a_bracketed_issue_number_after_a_heading_stays_its_text() -> None:
    # A changelog cites an issue after a heading; no Fumadocs id is a bare number.
    parsed = parse("# Changes\n## Fix a leak [#1234]\n", "CHANGES.md")
    assert [(s.heading, s.anchor) for s in parsed.sections][1:] == [
        ("Fix a leak [#1234]", "fix-a-leak-1234")
    ]


def test_a_heading_with_a_long_run_of_blanks_is_read_in_linear_time() -> None:
    """The bracketed id's leading blanks were tried from each blank of a run: a heading
    ending in ']' with 100 KB of spaces inside took over 5 s (quadratic). The subprocess's
    timeout guards against that hang; it is not a timing."""
    script = (
        "from builder.parsers.markdown.heading_attributes import split_heading_id\n"
        "print(split_heading_id('x' + ' ' * 1_000_000 + 'y]')[1] == '')\n"
        "print(split_heading_id('Size' + ' ' * 3 + '[#size]'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:2] == ["True", "('Size', 'size')"]


def test_cjk_heading_keeps_its_characters_in_the_slug() -> None:
    parsed = parse("# 快速开始\n\n安装。\n", "zh.md")
    assert outline(parsed) == [(1, "快速开始", (), "快速开始", 1, 3)]
    assert bodies(parsed) == ["安装。"]


def test_body_conventions() -> None:
    text = (
        "# API\n"
        "\n"
        "Use **bold** and _em_ with [a link](https://x.org) and ![the logo](l.png).\n"
        "Second line &amp; `code()`.\n"
        "\n"
        "- one\n"
        "- two\n"
        "  1. nested\n"
        "  2. more\n"
        "* three\n"
        "\n"
        "3. third\n"
        "4. fourth\n"
        "\n"
        "| Name | Value |\n"
        "|------|-------|\n"
        "| `a`  | 1 \\| 2 |\n"
        "\n"
        "> Quoted *text*\n"
        "> continues.\n"
        "\n"
        "> [!NOTE]\n"
        "> Read this.\n"
        "\n"
        "!!! warning\n"
        "    Careful.\n"
        "\n"
        ":::tip Pro tip\n"
        "Do it.\n"
        ":::\n"
        "\n"
        "---\n"
        "\n"
        "~~gone~~ done\n"
    )
    parsed = parse(text, "x.md")
    assert bodies(parsed) == [
        "Use bold and em with a link and the logo. Second line & `code()`.\n"
        "\n"
        "- one\n"
        "- two\n"
        "  1. nested\n"
        "  2. more\n"
        "\n"
        "- three\n"  # a new marker starts a new list
        "\n"
        "3. third\n"
        "4. fourth\n"
        "\n"
        "Name | Value\n"
        "`a` | 1 | 2\n"
        "\n"
        "> Quoted text continues.\n"
        "\n"
        "Note: Read this.\n"
        "\n"
        "Warning: Careful.\n"
        "\n"
        "Tip: Pro tip\n"
        "\n"
        "Do it.\n"
        "\n"
        "gone done"
    ]


def test_code_in_lists_is_indented_and_has_no_trailing_spaces() -> None:
    text = "# A\n\n1. Step:\n\n   ```sh\n   make   \n   ```\n2. Done\n"
    parsed = parse(text, "x.md")
    assert bodies(parsed) == ["1. Step:\n\n  ```sh\n  make\n  ```\n2. Done"]


def test_reference_links_and_autolinks_become_text() -> None:
    text = "# A\n\nSee [the guide][guide] or <https://x.org>.\n\n[guide]: https://x.org/guide\n"
    assert bodies(parse(text, "x.md")) == ["See the guide or https://x.org."]


def test_pymdownx_blocks_read_as_admonitions_and_titled_parts() -> None:
    text = (
        "# A\n\n"
        "/// tip\n\nUse **quotes**.\n\n///\n\n"
        "//// tab | Python 3.8+\n\n```Python\nx = 1\n```\n\n"
        "/// note | Technical **Details**\n\nInner.\n\n///\n\n////\n\n"
        "/// details | More\n\nHidden text.\n///\n\n"
        "/// Returns the value, not a block\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Tip: Use quotes.\n\n"
        "Python 3.8+:\n```Python\nx = 1\n```\n\n"
        "Note: Technical Details\n\nInner.\n\n"
        "More: Hidden text.\n\n"
        "/// Returns the value, not a block"
    ]


def test_pymdownx_block_holds_blocks_with_more_slashes() -> None:
    # pymdownx.blocks closes a block at a fence of its own length only: "////" closes the tab
    # inside the "///" admonition, whose own "///" closes it after the text below the tabs.
    text = (
        "# A\n\n"
        "/// admonition | Preview\n    type: preview\n\n"
        "//// tab | With bases\nBases: `Base`\n////\n\n"
        "//// tab | Without bases\nNone.\n////\n\n"
        "Both show the docstring.\n///\n\nAfter.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Preview: With bases: Bases: `Base`\n\nWithout bases: None.\n\n"
        "Both show the docstring.\n\nAfter."
    ]


def test_pymdownx_block_options_are_not_text() -> None:
    # Options are YAML indented right under the header; they read as a code block in the body.
    # After a blank line, indented lines are code, however they look.
    text = (
        "# A\n\n"
        "/// details | Why?\n    type: warning\n    open: true\n\nBecause.\n///\n\n"
        "/// note\n\n    key: value\n///\n"
    )
    assert bodies(parse(text, "x.md")) == ["Why?: Because.\n\nNote:\n```\nkey: value\n```"]


def test_admonitions_go_on_over_blank_lines_while_indented() -> None:
    # Python-Markdown keeps an admonition open over any run of blank lines, so an example
    # spaced as PEP 8 spaces it stays one code block, with its notes after it.
    text = (
        "# A\n\n"
        '???+ example "Just type hints"\n'
        "    ```python\n"
        "    class Fruit:\n"
        "        name: str\n\n\n"
        "    print(Fruit())\n"
        "    ```\n\n"
        "    1. The name is a string.\n\n"
        '!!! note ""\n'
        "    No title.\n\n"
        "??? tip\n"
        "    Folded.\n\n\n"
        "After.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Example: Just type hints\n\n"
        "```python\nclass Fruit:\n    name: str\n\n\nprint(Fruit())\n```\n\n"
        "1. The name is a string.\n\n"
        "Note: No title.\n\n"
        "Tip: Folded.\n\n"
        "After."
    ]


def test_attribute_lists_and_theme_icons_leave_nothing() -> None:
    text = (
        "# A\n\n"
        "See [Printing](printing.md){.internal-link target=_blank} now.\n\n"
        "- :material-cube-scan:{ .lg .middle } **Loading**\n"
        "- :octicons-heart-fill-24:{ .pulse }{ .insiders } Sponsors\n\n"
        "A paragraph.\n{: .note #para }\n\n"
        "[](){#command-setup}\n"
        "Kept: `{.x}` in code, {name} in prose and {#id}word.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "See Printing now.\n\n- Loading\n- Sponsors\n\nA paragraph.\n\n"
        "Kept: `{.x}` in code, {name} in prose and {#id}word."
    ]


def test_pymdownx_keys_read_as_the_keys_they_draw() -> None:
    # Textual writes its key bindings so (59 of them in 19 pages), shown as Enter, Ctrl+Q.
    text = (
        "# Keys\n\nPress ++return++ or ++ctrl+q++; ++ctrl+alt+delete++, ++f5++,\n"
        '++ctrl+"My Key"++ and ++page-up++. Kept: C++ and C++, `++tab++` in code.\n'
    )
    assert bodies(parse(text, "x.md")) == [
        "Press Enter or Ctrl+Q; Ctrl+Alt+Del, F5, Ctrl+My Key and Page Up. "
        "Kept: C++ and C++, `++tab++` in code."
    ]


def test_autorefs_cross_references_read_as_their_text() -> None:
    text = (
        "# A\n\n"
        "Use [`NodeVisitor`][ast.NodeVisitor] and [`compile`][], or [the loader][griffe.load].\n"
        "Code keeps its brackets: `x[0][1]`, and so does [a shortcut].\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Use `NodeVisitor` and `compile`, or the loader. "
        "Code keeps its brackets: `x[0][1]`, and so does [a shortcut]."
    ]


def test_pymdownx_tabs_keep_their_code_blocks_under_their_titles() -> None:
    text = (
        "# Install\n\n"
        '=== ":simple-python: pip"\n\n    ```bash\n    pip install griffe\n    ```\n\n'
        '=== "`uv`"\n\n    ```bash\n    uv add griffe\n    ```\n\n    Then run it.\n\n'
        "After the tabs.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "pip:\n```bash\npip install griffe\n```\n\n"
        "uv:\n```bash\nuv add griffe\n```\n\nThen run it.\n\n"
        "After the tabs."
    ]


def test_an_empty_fence_leaves_nothing() -> None:
    # textual 8.2.8's pages draw their screenshots with empty custom fences
    # ('```{.textual path="docs/examples/widgets/button.py"}' then '```'): 311 sections
    # ended in a code block of nothing.
    text = (
        "# Button\n\nA simple button.\n\n"
        '```{.textual path="docs/examples/widgets/button.py" lines="24"}\n```\n\n'
        '```python title="app.py"\n\n```\n\nEnd.\n'
    )
    assert bodies(parse(text, "button.md")) == ["A simple button.\n\nEnd."]


def test_a_tab_that_shows_no_text_leaves_no_title() -> None:
    # textual 8.2.8's widget pages pair an '=== "Output"' tab (an empty screenshot fence)
    # with one of the app's code: each example read "Output:" and then nothing.
    text = (
        "# Input\n\n"
        '=== "Output"\n\n    ```{.textual path="docs/examples/widgets/input.py"}\n    ```\n\n'
        '=== "input.py"\n\n    ```python\n    app.run()\n    ```\n\n'
        "//// tab | Screenshot\n////\n"
    )
    assert bodies(parse(text, "input.md")) == ["input.py:\n```python\napp.run()\n```"]


def test_vitepress_plugin_tabs_read_as_titled_parts() -> None:
    # vitepress-plugin-tabs: each "== Title" line starts a tab of the "::: tabs" container;
    # elsewhere such a line is text.
    text = (
        "# A\n\nPick one:\n\n"
        "::: tabs key:provider\n"
        "== Playwright\n[Playwright](https://x.org) is a *framework*.\n\n"
        "```bash\nnpm i playwright\n```\n"
        "== WebdriverIO\n\nUses WebDriver.\n"
        ":::\n\n"
        "::: tip\n== not a tab\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Pick one:\n\n"
        "Playwright: Playwright is a framework.\n\n```bash\nnpm i playwright\n```\n\n"
        "WebdriverIO: Uses WebDriver.\n\n"
        "Tip: == not a tab"
    ]


def test_a_vitepress_containers_attributes_are_not_its_title() -> None:
    text = (
        "# A\n\n"
        "::: warning Class Support {#class-support}\nNo shorthands.\n:::\n\n"
        "::: details Show the code {open}\nCode.\n:::\n\n"
        "::: tip {.wide}\nWide.\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Warning: Class Support\n\nNo shorthands.\n\nDetails: Show the code\n\nCode.\n\nTip: Wide."
    ]


def test_a_run_of_bare_headings_is_listed_in_the_section_they_sit_in() -> None:
    # axios' README: one heading per signature, then one note for them all.
    text = (
        "## Aliases\n\nFor convenience:\n\n"
        "##### axios.get(url[, config])\n"
        "##### axios.post(url[, data[, config]])\n"
        "##### axios.patch(url[, data[, config]])\n\n"
        "###### NOTE\nNo url needed.\n\n"
        "## Placeholder\n\n### TODO\n"
    )
    assert [(s.heading, s.body) for s in parse(text, "README.md").sections] == [
        (
            "Aliases",
            "For convenience:\n\naxios.get(url[, config])\naxios.post(url[, data[, config]])",
        ),
        ("axios.get(url[, config])", ""),
        ("axios.post(url[, data[, config]])", ""),
        ("axios.patch(url[, data[, config]])", ""),
        ("NOTE", "No url needed."),
        ("Placeholder", ""),
        ("TODO", ""),
    ]


def test_a_long_tab_title_line_is_read_in_linear_time() -> None:
    """A '== x' line of 400 KB of spaces and tabs before its last word backtracked
    quadratically (minutes); the subprocess's timeout guards against that, it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "title = 'x' + ' \\t' * 200_000 + 'y'\n"
        "parsed = parse('# A\\n\\n::: tabs\\n== ' + title + '  \\nBody.\\n:::\\n', 'x.md')\n"
        "print(parsed.sections[0].body == 'x y: Body.')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["True"]


def test_a_container_of_many_tabs_is_read_in_linear_time() -> None:
    """Each '== Title' line looked back over all the tokens of the tabs before it: 40,000 tabs
    (400 KB) took minutes. The subprocess's timeout guards against that, it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "text = '# A\\n\\n::: tabs\\n' + '== T\\nBody.\\n' * 40_000 + ':::\\n'\n"
        "body = parse(text, 'x.md').sections[0].body\n"
        "print(body.count('T: Body.'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["40000"]


def test_a_long_container_title_is_read_in_linear_time() -> None:
    """The pattern of a container's attributes after its title began at each space of a run of
    them: a title of 400 KB of spaces took minutes. The subprocess's timeout guards against
    that, it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "text = '# A\\n\\n::: warning a' + ' ' * 400_000 + 'b {#x}\\nBody.\\n:::\\n'\n"
        "body = parse(text, 'x.md').sections[0].body\n"
        "print(body == 'Warning: a' + ' ' * 400_000 + 'b\\n\\nBody.')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["True"]
