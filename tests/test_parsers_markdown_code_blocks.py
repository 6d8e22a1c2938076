"""builder.parsers.markdown.code_blocks: a code block between fences long enough for what it
holds, under the title its fence gives it, and nothing for an empty one."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies


def test_code_that_shows_a_fence_keeps_it_inside_a_longer_one() -> None:
    # MyST and MkDocs docs show their own syntax in four-backtick blocks.
    text = "# Contents\n\n````md\n```{contents} Table\n:depth: 3\n```\n````\n\nAfter.\n"
    assert parse(text, "x.md").sections[0].body == (
        "````md\n```{contents} Table\n:depth: 3\n```\n````\n\nAfter."
    )


def test_code_block_titles_and_tab_labels_from_the_fence() -> None:
    text = (
        "# Setup\n\n"
        '```js tab title="jest.config.js"\nmodule.exports = {};\n```\n\n'  # Docusaurus
        "```bash [pnpm]\n$ pnpm add -D vite\n```\n\n"  # a VitePress code group's tab
        "```ts{2} twoslash [vite.config.ts]\nexport default {}\n```\n\n"
        "```python\nitems[0]\n```\n\n"
        '```mjs displayName="Basic instantiation"\nnew MockAgent()\n```\n\n'  # undici
        '```js filename="next.config.js"\nexport default {}\n```\n'  # Nextra
    )
    assert bodies(parse(text, "setup.md")) == [
        "jest.config.js:\n```js\nmodule.exports = {};\n```\n\n"
        "pnpm:\n```bash\n$ pnpm add -D vite\n```\n\n"
        "vite.config.ts:\n```ts\nexport default {}\n```\n\n"
        "```python\nitems[0]\n```\n\n"
        "Basic instantiation:\n```mjs\nnew MockAgent()\n```\n\n"
        "next.config.js:\n```js\nexport default {}\n```"
    ]


def test_line_numbers_in_brackets_are_no_title() -> None:
    # React Router marks lines with "tsx lines=[7-10,28-32]" and "tsx [2]": the blocks were
    # titled "7-10,28-32:" and "2:".
    text = (
        "# Props\n\n"
        "```tsx lines=[7-10,28-32]\n<Await />\n```\n\n"
        "```tsx [2]\n<Reviews />\n```\n\n"
        "```tsx filename=app/root.tsx lines=[5]\nexport {}\n```\n\n"
        "```ts [v2.ts]\nlet v = 2\n```\n"
    )
    assert bodies(parse(text, "props.md")) == [
        "```tsx\n<Await />\n```\n\n```tsx\n<Reviews />\n```\n\n"
        "app/root.tsx:\n```tsx\nexport {}\n```\n\nv2.ts:\n```ts\nlet v = 2\n```"
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


def test_a_block_markdown_exec_runs_shows_its_code_only_beside_a_source_option() -> None:
    # The credits page of every project made from pawamoy's template is one exec="yes" block
    # including a generator script: the page shows a table of dependencies, never the script
    # (its ISC licence and Jinja template). Trees, Markdown and exec="no" show their text.
    text = (
        "# Credits\n\n"
        '```python exec="yes"\nprint("table")\n```\n\n'
        "```bash exec=1\necho hidden\n```\n\n"
        '```python exec="1" source="above"\nprint("shown")\n```\n\n'
        '```python exec="no"\nprint("not run")\n```\n\n'
        '```md exec="on"\n**Run** as Markdown.\n```\n\n'
        "After.\n"
    )
    assert bodies(parse(text, "credits.md")) == [
        '```python\nprint("shown")\n```\n\n```python\nprint("not run")\n```\n\n'
        "```md\n**Run** as Markdown.\n```\n\nAfter."
    ]


def test_a_termy_terminal_shows_its_lines_as_text_without_their_html() -> None:
    # Typer's tutorial shows Rich's coloured --help in <div class="termy"> blocks, whose
    # script sets each line as HTML: 25 KB of <font color> and <b> tags, "<str>" as "&lt;str&gt;".
    text = (
        "# Help\n\n"
        '<div class="termy">\n\n```console\n$ python main.py --help\n\n'
        '<font color="#A5A5A1">│ </font><b>--name</b>  '
        '<font color="#F4BF75">&lt;str&gt;</font><b>  </b>\n'
        "```\n\n</div>\n\n"
        '```html\n<font color="red">kept</font>\n```\n'
    )
    assert bodies(parse(text, "help.md")) == [
        "```console\n$ python main.py --help\n\n│ --name  <str>\n```\n\n"
        '```html\n<font color="red">kept</font>\n```'
    ]
