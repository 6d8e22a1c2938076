"""builder.parsers.html.table_records: a table whose cells hold code read as records."""

from __future__ import annotations

from builder.parsers.html.parser import parse


def body(table: str) -> str:
    [section] = parse(f"<h1>T</h1>{table}", "t.html").sections
    return section.body


def test_a_row_of_code_keeps_its_lines() -> None:
    # markdown-callouts 0.3.0's Debian docs: the Markdown to write beside what it gives, a
    # <pre> a cell, ran into one line between fences (3 tables).
    table = (
        "<table><tr><td>Write this:</td><td><div class='highlight'><pre>NOTE: Lorem\nipsum"
        "</pre></div></td></tr><tr><td>Rather than:</td><td><pre>!!! note\n    x</pre></td>"
        "</tr></table>"
    )
    assert body(table) == (
        "Write this:\n\n```\nNOTE: Lorem\nipsum\n```\n\nRather than:\n\n```\n!!! note\n    x\n```"
    )


def test_each_cell_is_labelled_by_its_column_s_header() -> None:
    table = (
        "<table><thead><tr><th>Markdown</th><th>Result</th></tr></thead><tbody><tr><td><pre>"
        "NOTE: a\nb</pre></td><td><p>A note.</p></td></tr></tbody></table>"
    )
    assert body(table) == "Markdown:\n```\nNOTE: a\nb\n```\n\nResult: A note."


def test_a_table_of_one_line_values_stays_rows() -> None:
    table = (
        "<table><tr><th>Option</th><th>Default</th></tr><tr><td>x</td><td><pre>1</pre></td>"
        "</tr></table>"
    )
    assert body(table).startswith("Option | Default\nx | ")
