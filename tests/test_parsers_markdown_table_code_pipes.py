"""builder.parsers.markdown.table_code_pipes: pipes in the code spans of table rows."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.table_code_pipes import escape_code_pipes


def test_only_the_code_spans_of_table_rows_are_escaped() -> None:
    text = (
        "Run `a | b`.\n"
        "| `x` | `int | None` |\n"
        "|:--|--:|\n"
        "| `y` | ``str | bytes`` and `a \\| b` |\n"
        "\n"
        "| `after | blank` |\n"
        "```\n| `q | r` |\n|---|\n| `s | t` |\n```\n"
    )
    assert escape_code_pipes(text) == (
        "Run `a | b`.\n"
        "| `x` | `int \\| None` |\n"
        "|:--|--:|\n"
        "| `y` | ``str \\| bytes`` and `a \\| b` |\n"
        "\n"
        "| `after | blank` |\n"
        "```\n| `q | r` |\n|---|\n| `s | t` |\n```\n"
    )


def test_a_page_without_such_cells_is_returned_as_it_is() -> None:
    text = "| a | b |\n|---|---|\n| `c` | d |\n"
    assert escape_code_pipes(text) is text


def test_a_span_opens_only_at_the_start_of_a_backtick_run() -> None:
    # '``' has no closer of its length, so neither it nor the '`' inside it opens a span: the
    # pipe is a cell border, as Python-Markdown and GFM read it.
    text = "| a | b |\n|---|---|\n| ``x | y` |\n"
    assert escape_code_pipes(text) is text


def test_a_pipe_a_cell_shows_outside_code_stays_escaped() -> None:
    # jsdoc-to-markdown's docs/API.md: "<code>string</code> \| <code>Array.&lt;string&gt;</code>"
    # read "string | Array.<string>", its row four cells for three.
    text = (
        "# render\n\n"
        "| Param | Type | Description |\n| --- | --- | --- |\n"
        "| [options.plugin] | <code>string</code> \\| <code>Array.&lt;string&gt;</code>"
        " | Use it. |\n"
        "| key | `string` \\| `number` | `a \\| b` |\n"
    )
    assert parse(text, "API.md").sections[0].body == (
        "Param | Type | Description\n"
        "[options.plugin] | `string` \\| `Array.<string>` | Use it.\n"
        "key | `string` \\| `number` | `a | b`"
    )
