"""builder.parsers.markdown.highlight_comments: a code block's highlighting comments are not
part of the code the page shows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.parser import parse


def body(text: str) -> str:
    (section,) = parse(text, "x.md").sections
    return section.body


def test_docusaurus_magic_comment_lines_are_left_out() -> None:
    # Jest's Getting Started: '// highlight-next-line' above the preset the reader adds.
    text = (
        "# Via Babel\n\n"
        '```javascript title="babel.config.js"\n'
        "module.exports = {\n"
        "  presets: [\n"
        "    ['@babel/preset-env', {targets: {node: 'current'}}],\n"
        "    // highlight-next-line\n"
        "    '@babel/preset-typescript',\n"
        "  ],\n"
        "};\n"
        "```\n\n"
        "```jsx\n<div>\n  {/* highlight-start */}\n  <App />\n"
        "  {/* highlight-end */}\n</div>\n```\n\n"
        "```bash\n# highlight-next-line\nnpm test\n```\n\n"
        "```html\n<!-- highlight-next-line -->\n<p>Hi</p>\n```\n"
    )
    assert body(text) == (
        "babel.config.js:\n```javascript\n"
        "module.exports = {\n"
        "  presets: [\n"
        "    ['@babel/preset-env', {targets: {node: 'current'}}],\n"
        "    '@babel/preset-typescript',\n"
        "  ],\n"
        "};\n```\n\n"
        "```jsx\n<div>\n  <App />\n</div>\n```\n\n"
        "```bash\nnpm test\n```\n\n"
        "```html\n<p>Hi</p>\n```"
    )


def test_a_comment_that_names_highlighting_among_other_words_stays() -> None:
    text = "# A\n\n```js\nrun() // highlight-next-line\n// see highlight-start in the docs\n```\n"
    assert body(text) == (
        "```js\nrun() // highlight-next-line\n// see highlight-start in the docs\n```"
    )


def test_shiki_notation_comments_leave_the_line_they_mark() -> None:
    # VitePress' focus, highlight, error, warning and word marks; the page shows the bare line.
    text = (
        "# A\n\n"
        "```ts\n"
        "export default {\n"
        "  name: 'profile', // [!code highlight]\n"
        "  path: '/users/:id', // [!code focus:2]\n"
        "  props: true, /* [!code error] */\n"
        "  meta: {} // [!code warning]\n"
        "  // [!code hl]\n"
        "  alias: 'me', // [!code word:alias]\n"
        "}\n"
        "```\n\n"
        "```vue\n<template>\n  <RouterView /> <!-- [!code focus] -->\n</template>\n```\n"
    )
    assert body(text) == (
        "```ts\n"
        "export default {\n"
        "  name: 'profile',\n"
        "  path: '/users/:id',\n"
        "  props: true,\n"
        "  meta: {}\n"
        "  alias: 'me',\n"
        "}\n"
        "```\n\n"
        "```vue\n<template>\n  <RouterView />\n</template>\n```"
    )


def test_added_and_removed_lines_read_in_a_margin_as_the_page_marks_them() -> None:
    # Vue Router's data loaders setup: the import and the plugin the reader adds, and a
    # migration's lines out and in, each with its count of lines.
    text = (
        "# Setup\n\n"
        "```ts\n"
        "import { createRouter } from 'vue-router'\n"
        "import { routes } from 'vue-router/auto-routes' // [!code ++]\n"
        "const router = createRouter({\n"
        "  routes: [ // [!code --:3]\n"
        "    { path: '/', component: Home },\n"
        "  ],\n"
        "  # [!code ++]\n"
        "  routes,\n"
        "})\n"
        "```\n"
    )
    assert body(text) == (
        "```ts\n"
        "  import { createRouter } from 'vue-router'\n"
        "+ import { routes } from 'vue-router/auto-routes'\n"
        "  const router = createRouter({\n"
        "-   routes: [\n"
        "-     { path: '/', component: Home },\n"
        "-   ],\n"
        "+   routes,\n"
        "  })\n"
        "```"
    )


def test_a_notation_a_page_shows_as_written_stays() -> None:
    # VitePress' guide writes '[!!code focus]' to show the notation; it reads '[!code focus]'.
    # A notation inside a line's text, not ending it in a comment, is code.
    text = (
        "# A\n\n"
        "````md\n```js\nmsg: 'Focused!' // [!!code focus]\n```\n````\n\n"
        "```js\nconst note = '// [!code ++] marks a line'\n```\n"
    )
    assert body(text) == (
        "````md\n```js\nmsg: 'Focused!' // [!code focus]\n```\n````\n\n"
        "```js\nconst note = '// [!code ++] marks a line'\n```"
    )


def test_magic_comments_are_read_only_in_the_comment_forms_of_the_blocks_language() -> None:
    # Docusaurus' guide to code blocks shows the comment in a Markdown example: a Markdown
    # block's '//' line is text, and a block that lists its lines to highlight keeps them all.
    text = (
        "# Highlighting\n\n"
        "````md\n```js\nfunction f() {\n  // highlight-next-line\n  return 1;\n}\n```\n"
        "<!-- highlight-next-line -->\nText.\n````\n\n"
        "```js {2}\n// highlight-next-line\nrun();\n```\n\n"
        "```python\n// highlight-next-line\n# highlight-next-line\nrun()\n```\n"
    )
    assert body(text) == (
        "````md\n```js\nfunction f() {\n  // highlight-next-line\n  return 1;\n}\n```\nText.\n````"
        "\n\n```js\n// highlight-next-line\nrun();\n```\n\n"
        "```python\n// highlight-next-line\nrun()\n```"
    )


def test_long_runs_of_blanks_after_a_comment_are_read_in_linear_time() -> None:
    """The blanks after a magic comment or a notation could be taken by either of two runs,
    so a line of 20,000 spaces after one and a last word took 8 s, 200,000 over ten minutes
    (quadratic). The subprocess's timeout guards against that hang; it is no timing."""
    script = (
        "from builder.parsers.markdown.highlight_comments import without_highlight_comments\n"
        "blanks = ' ' * 200_000 + 'x'\n"
        "for line in ('// highlight-next-line', 'a // [!code ++]', '{/* highlight-end */}'):\n"
        "    print(without_highlight_comments(line + blanks, 'jsx') == line + blanks)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["True", "True", "True"]


def test_a_block_that_draws_its_own_diff_margin_gets_no_second_one() -> None:
    # TanStack Query's Svelte migration guide writes the signs and the notations both; the
    # lines read '- - const query = createQuery({' and '+ + const query = ...'.
    text = (
        "# Function Inputs\n\n"
        "```ts\n"
        "- const query = createQuery({  // [!code --]\n"
        "+ const query = createQuery(() => ({ // [!code ++]\n"
        "    queryKey: ['todos'],\n"
        "+   retry: true,  // [!code --]\n"
        "- }) // [!code --]\n"
        "+ })) // [!code ++]\n"
        "```\n"
    )
    assert body(text) == (
        "```ts\n"
        "- const query = createQuery({\n"
        "+ const query = createQuery(() => ({\n"
        "    queryKey: ['todos'],\n"
        "+   retry: true,\n"
        "- })\n"
        "+ }))\n"
        "```"
    )
