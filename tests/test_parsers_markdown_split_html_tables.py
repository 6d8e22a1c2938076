"""builder.parsers.markdown.split_html_tables: an HTML table whose cells hold Markdown between
blank lines reads as the one table it is."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies

# API Documenter's table of a function's parameters (Qwik 2.0.0-beta.40's API reference).
TABLE = """\
<table><thead><tr><th>

Parameter

</th><th>

Type

</th><th>

Description

</th></tr></thead>
<tbody><tr><td>

opts

</td><td>

[QwikRouterNodeRequestOptions](#options)

</td><td>

_(Optional)_ The **options**.

Second paragraph.

</td></tr>
<tr><td>

timeout

</td><td>

number

</td><td>

</td></tr>
</tbody></table>
"""


def test_a_table_whose_cells_hold_markdown_keeps_its_rows() -> None:
    # CommonMark ends an HTML block at a blank line: each cell read as a paragraph of its own
    # ("Parameter", "Type", "Description", "opts", ...), no row telling which type is whose.
    text = "# createQwikRouter\n\n" + TABLE + "\n**Returns:**\n\nMiddleware\n"
    for relpath in ("index.md", "index.mdx"):
        assert bodies(parse(text, relpath)) == [
            "Parameter | Type | Description\n"
            "opts | QwikRouterNodeRequestOptions | (Optional) The options. Second paragraph.\n"
            "timeout | number |\n\n"
            "Returns:\n\nMiddleware"
        ]


def test_a_table_left_open_reads_as_before() -> None:
    # No closing tag before the next heading: the blocks stay as they were.
    text = "# A\n\n<table><tr><td>\n\ncell\n\n## B\n\nText.\n"
    assert bodies(parse(text, "a.md")) == ["cell", "Text."]
