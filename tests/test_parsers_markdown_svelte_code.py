"""builder.parsers.markdown.svelte_code: Svelte's docs' ``<!--- file: App.svelte --->`` and
``/// file: index.js`` lines title their code blocks."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.svelte_code import code_metadata


def body(text: str) -> str:
    (section,) = parse(text, "x.md").sections
    return section.body


def test_a_blocks_file_line_is_its_title() -> None:
    # Svelte 5.56.10's docs: 152 blocks opened by such lines, read as code.
    text = (
        "# $state\n\n"
        "```svelte\n<!--- file: App.svelte --->\n"
        "<script>\n\tlet count = $state(0);\n</script>\n```\n\n"
        "```js\n/// file: component.test.js\n/// copy: false\n"
        "import { flushSync } from 'svelte';\n```\n\n"
        "```svelte\n<!--- copy: false --->\n<p>{count}</p>\n```\n"
    )
    assert body(text) == (
        "App.svelte:\n```svelte\n<script>\n\tlet count = $state(0);\n</script>\n```\n\n"
        "component.test.js:\n```js\nimport { flushSync } from 'svelte';\n```\n\n"
        "```svelte\n<p>{count}</p>\n```"
    )


def test_the_lines_elsewhere_are_code() -> None:
    # A Rust doc comment, and a line below the block's top.
    assert code_metadata("/// file: the path to read\nfn read() {}", "rust") == (
        "",
        "/// file: the path to read\nfn read() {}",
    )
    code = "let a = 1;\n<!--- file: App.svelte --->"
    assert code_metadata(code, "svelte") == ("", code)
