"""builder.parsers.markdown.highlight_comments: a code block's highlighting comments are not
part of the code the page shows."""

from __future__ import annotations

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
