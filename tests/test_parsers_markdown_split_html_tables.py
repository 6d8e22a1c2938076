"""builder.parsers.markdown.split_html_tables: an HTML table whose cells hold Markdown between
blank lines reads as the one table it is."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from builder.parsers.markdown.document import match_closers
from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.split_html_tables import MAX_TABLE_BLOCKS, table_ends
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


def test_a_table_whose_cells_hold_code_reads_as_its_blocks() -> None:
    # inquirer 14.3.1's README: an install command a cell, each read as "```sh yarn add
    # inquirer ```", its lines and fence marks run into the row.
    text = (
        "# Install\n\n<table>\n<tr>\n  <th>yarn</th>\n  <th>pnpm</th>\n</tr>\n<tr>\n<td>\n\n"
        "```sh\nyarn add inquirer\n```\n\n</td>\n<td>\n\n```js\nconst a = 1;\nconst b = 2;\n```"
        "\n\n</td>\n</tr>\n</table>\n\nThen import it.\n"
    )
    assert bodies(parse(text, "README.md")) == [
        "yarn | pnpm\n\n```sh\nyarn add inquirer\n```\n\n```js\nconst a = 1;\nconst b = 2;\n```"
        "\n\nThen import it."
    ]


def scanned_table_end(tokens: list[Token], closers: list[int], index: int) -> int | None:
    """The closing block of the table the block at ``index`` leaves open, looked for from it
    on: what table_ends must find for each block, in one pass."""

    def depth(html: str) -> int:
        return len(re.findall(r"<table(?=[\s>])", html, re.I)) - len(
            re.findall(r"</table\s*>", html, re.I)
        )

    level = depth(tokens[index].content)
    if level <= 0:
        return None
    position = closers[index] + 1
    fenced = False
    while position < len(tokens) and position - index <= MAX_TABLE_BLOCKS:
        if tokens[position].type == "heading_open":
            return None
        fenced = fenced or tokens[position].type == "fence"
        if tokens[position].type == "html_block":
            level += depth(tokens[position].content)
            if level <= 0:
                return None if fenced else position
        position = closers[position] + 1
    return None


def test_table_ends_are_where_a_scan_from_each_opening_finds_them() -> None:
    pieces = ["<table>", "</table>", "<table><table>", "</table></table>", "</table><table>",
              "<table></table>", "text", "# Heading", "- item\n\n  <table>", "<div>",
              "```sh\nnpm i\n```"]  # fmt: skip
    rng = random.Random(5)
    md = MarkdownIt("commonmark")
    found = 0
    for _ in range(2000):
        page = "\n\n".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        tokens = md.parse(page)
        closers = match_closers(tokens)
        ends = table_ends(tokens, closers)
        position = 0
        while position < len(tokens):
            if tokens[position].type == "html_block":
                assert ends.get(position) == scanned_table_end(tokens, closers, position), page
            position = closers[position] + 1
        found += len(ends)
    assert found > 500  # the pages close tables often enough to tell


def test_unclosed_tables_are_read_in_linear_time() -> None:
    """Each block that left a table open looked for its closing tag through the 2,000 blocks
    below it: 20,000 unclosed tables (a 300 KB page) took five times as long as other HTML,
    a page of 16 MB minutes. The subprocess's timeout guards against that hang; it is no
    timing."""
    script = (
        "from markdown_it.token import Token\n"
        "from builder.parsers.markdown.split_html_tables import table_ends\n"
        "tokens = [Token('html_block', '', 0, content='<table>') for _ in range(300_000)]\n"
        "tokens.append(Token('html_block', '', 0, content='</table>'))\n"
        "print(table_ends(tokens, list(range(len(tokens)))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.strip() == "{299999: 300000}"
