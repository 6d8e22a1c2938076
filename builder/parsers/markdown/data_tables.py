"""markdown-data-tables: a ``{data-table path/to/data.yaml}`` line replaced by the table of the
YAML file's rows, before parsing.

The extension (nautobot's, named ``markdown_data_tables`` in ``markdown_extensions``) is a
preprocessor: a line that is the marker alone, indented or not, becomes a GitHub table indented
as the marker was (so it stays inside the admonition it sits in), with one column per key of the
file's mappings in the order they first appear and a row per mapping; a mapping of columns to
lists of values reads the same way. The file is found relative to its ``base_path`` setting,
a folder from where MkDocs runs, which builder.projects.mkdocs adds to the snippet folders (it
is looked for in those before it, as markdown-include's files are), within the page's include
budget. A marker whose file is not read, or holds no table, stays as written, with a note.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from typing import Any

import yaml

from builder.includes import IncludeReader
from builder.parsers.include_budget import IncludeBudget, read_within_budget
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

EXTENSION = "markdown_data_tables"
_MARKER = re.compile(r"(?P<indent>\s*)\{data-table\s+(?P<path>\S+)\}")


def has_data_tables(text: str) -> bool:
    """The quick test: a text without this sign has no data-table marker."""
    return "{data-table" in text


def splice_data_tables(page: Spliced, reader: IncludeReader) -> Spliced:
    """``page`` with each data-table marker replaced by its file's table."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    for k, line in enumerate(page.text.split("\n")):
        marker = _MARKER.fullmatch(line)
        table = _table(marker.group("path"), reader, budget, builder, k) if marker else None
        if marker is None or table is None:
            builder.add(line, k)
            continue
        for row in table:
            builder.add(marker.group("indent") + row, k)
    return builder.build(page)


def _table(
    path: str, reader: IncludeReader, budget: IncludeBudget, builder: SpliceBuilder, line: int
) -> list[str] | None:
    """The lines of the table the file at ``path`` holds, or None with a note."""
    text = read_within_budget(
        budget,
        lambda: reader.read("", path, snippet=True).text,
        path,
        lambda warning: builder.note(line, warning),
        unread="data table",
    )
    if text is None:
        return None
    try:
        data = yaml.safe_load(text)
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        # ValueError: a date that is none ("2020-02-30"); RecursionError: "[[[..." nested
        # past the stack. Either sank the whole page.
        builder.note(line, f"data table not read: {path} is not YAML ({exc.__class__.__name__})")
        return None
    try:
        # YAML aliases repeat a value without repeating its text: a few lines of them nest
        # into a table of gigabytes. The table's text is spent from the budget, as an
        # include's is.
        if refused := budget.take(_shown_size(data), path):
            builder.note(line, refused)
            return None
        rows = table_rows(data)
    except ValueError:  # an integer of over 4,300 digits (0x...), which str() refuses
        builder.note(line, f"data table not read: {path} holds a value with no text")
        return None
    if rows is None:
        builder.note(line, f"data table not read: {path} holds no table")
    return rows


def table_rows(data: Any) -> list[str] | None:
    """The GitHub table of ``data`` (a list of mappings, or a mapping of columns to lists), its
    header the keys, as the extension's tabulate(data, headers="keys") writes it; None for
    anything else."""
    if isinstance(data, Mapping) and all(isinstance(v, list) for v in data.values()):
        height = max((len(v) for v in data.values()), default=0)
        records = [
            {k: v[i] if i < len(v) else None for k, v in data.items()} for i in range(height)
        ]
    elif isinstance(data, list) and data and all(isinstance(row, Mapping) for row in data):
        records = data
    else:
        return None
    keys = list(dict.fromkeys(key for record in records for key in record))
    if not keys:
        return None
    lines = [_row([_cell(key) for key in keys]), _row(["---"] * len(keys))]
    lines.extend(_row([_cell(record.get(key)) for key in keys]) for record in records)
    return lines


def _shown_size(data: Any) -> int:
    """About how many characters ``data``'s cells show: its scalars' text and two for each
    value, a value an alias repeats counted each time (worked out once per value, so a file
    of aliases costs its own length); ``sys.maxsize`` for a value that holds itself."""
    sizes: dict[int, int] = {}
    walking: set[int] = set()  # the values whose own values are being walked
    pending: list[tuple[Any, bool]] = [(data, False)]
    while pending:
        value, walked = pending.pop()
        inner = _values_in(value)
        if inner is None:
            sizes[id(value)] = 2 + len(str(value))
        elif walked:
            walking.discard(id(value))
            sizes[id(value)] = 2 + sum(sizes[id(item)] for item in inner)
        elif id(value) in walking:
            return sys.maxsize
        elif id(value) not in sizes:
            walking.add(id(value))
            pending.append((value, True))
            pending.extend((item, False) for item in inner)
    return sizes[id(data)]


def _values_in(value: Any) -> list[Any] | None:
    """The keys and values a mapping holds, the items of a list (!!omap's pairs, !!set's
    members too); None for a scalar."""
    if isinstance(value, Mapping):
        return [*value.keys(), *value.values()]
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    return None


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _cell(value: Any) -> str:
    """A value as a cell shows it: None empty, a text's lines joined (a table row is one line)."""
    return "" if value is None else " ".join(str(value).split())
