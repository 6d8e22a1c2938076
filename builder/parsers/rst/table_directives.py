"""Sphinx's and docutils' table directives (``list-table``, ``csv-table``) as a page shows
them: their title, then their rows, or a list-table whose cells hold code blocks as records."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.parsers.rst.events import Context, DocState, Event, RenderBlocks, Text
from builder.parsers.rst.includes import included_text
from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.table_blocks import holds_code, render_records, render_rows
from builder.parsers.rst.tables import read_csv_table, read_list_cells, read_list_table

if TYPE_CHECKING:  # the directive record's module renders tables through this one
    from builder.parsers.rst.directives import Directive

TABLE_DIRECTIVES = frozenset({"csv-table", "list-table"})


def render_table(
    name: str, directive: Directive, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    """The events of the table directive ``name`` (one of TABLE_DIRECTIVES)."""
    argument = directive.argument
    title: list[Event] = [Text(render_inline(argument))] if argument else []
    if name == "list-table" and holds_code(
        cells := read_list_cells(list(directive.content), _header_rows(directive))
    ):
        return [*title, *render_records(cells, directive.content_first - 1, ctx, doc, render)]
    rows = (
        read_csv_table(
            _csv_lines(directive, doc), directive.option("header"), _delimiter(directive)
        )
        if name == "csv-table"
        else read_list_table(list(directive.content))
    )
    return [*title, Text(render_rows(rows))] if rows else title


def _header_rows(directive: Directive) -> int:
    rows = directive.option("header-rows").strip()
    return int(rows) if rows.isdigit() else 0


def _csv_lines(directive: Directive, doc: DocState) -> list[str]:
    """A csv-table's lines: its content, or the file its ``:file:`` option names."""
    name = directive.option("file")
    if not name:
        return list(directive.content)
    text = included_text(name, directive.line, doc)
    return text.split("\n") if text is not None else []


def _delimiter(directive: Directive) -> str:
    """``:delim:``: one character, or ``tab`` or ``space``; a comma by default."""
    given = directive.option("delim")
    named = {"tab": "\t", "space": " "}
    return named.get(given.strip(), given.strip()[:1]) if given.strip() else ","
