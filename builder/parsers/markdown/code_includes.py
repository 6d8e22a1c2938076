"""Example files a Markdown page pulls in by a marker line: ``{* file *}`` and ``{! file !}``.

FastAPI, Typer and SQLModel write ``{* docs_src/first_steps/tutorial001.py ln[3:7] hl[3] *}``
on a line of its own, and their MkDocs hook shows the file (or the ``ln`` line groups, 1-based
and inclusive) as a code block, titled by ``title["..."]`` when given; ``ln[0]`` shows the
whole file, which markdown-include-variants puts only in its collapsed "Full file preview".
The older mdx_include marker ``{! path !}`` (also ``{!> path !}``) puts the file's text in as
it is, usually inside a code fence the page opens itself, or the rows ``[ln:...]`` slices from
it (FastStream's ``{! docs_src/app.py [ln:1-2] !}``); the markers of an included file are read
in turn, as mdx_include does for local files unless a marker says ``{!-``, within the page's
include budget (include_budget: files each naming the next a hundred times made a million
markers). Both resolve paths
from the folder MkDocs runs in, like pymdownx snippets, and both are spliced into the text
before it is parsed.
"""

from __future__ import annotations

import re

from builder.includes import IncludeReader
from builder.parsers.include_budget import IncludeBudget, read_within_budget
from builder.parsers.included_lines import language_of
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced
from builder.parsers.rst.events import fence

# The path must name a file (a dot or a slash in it): a line of code such as "{*rest*}" or
# "{!important!}" is not a marker, and must not be dropped with a warning.
_CODE_MARKER = re.compile(
    r"^(?P<space>[ \t]*)\{\*[ \t]*(?P<path>[^\s*]*[./][^\s*]*)(?P<options>[^}]*?)\*\}\s*$"
)
# "{!+ path !}", "{!- path !}" and "{!> path !}" set how mdx_include nests; "| ..." options.
# "{!- path !}" puts the file in without reading its own markers. A path holds no brackets,
# as mdx_include reads it: "[ln:1-18]" may follow it with no space (SQLModel's pages).
_RAW_MARKER = re.compile(
    r"^(?P<space>[ \t]*)\{!(?P<nesting>[+-]?)>?[ \t]*(?P<path>[^|!\s\[\]]*[./][^|!\s\[\]]*)"
    r"(?:[ \t]*\[ln:(?P<rows>[\d.,-]+)\])?(?:[ \t]*\|[^!]*)?[ \t]*!\}\s*$"
)
# One of rcslice's row slices, as mdx_include's "[ln:...]" writes them: "ROW.COLUMN-ROW.COLUMN",
# each number optional, 1-based and inclusive.
_ROW_SLICE = re.compile(r"(\d*)(?:\.(\d*))?(?:(-)(\d*)(?:\.(\d*))?)?")
# Files included within included files, at most: deeper is a loop (a file that includes itself).
_MAX_NESTING = 8
# A slice list takes at most this many times the file's rows: "[ln:1-,1-,...]" repeated each
# file read once as many times as its marker's line had room for.
MAX_REPEATS = 2
_OPTION = re.compile(r"(\w+)\[([^\]]*)\]")
_LINE_GROUP = re.compile(r"\s*(\d+)\s*(?::\s*(\d+)\s*)?")
# "ln[0]" (or "0:0"): no lines shown open, only the whole file in its collapsed preview.
_NO_LINES_OPEN = re.compile(r"\s*0\s*(?::\s*0\s*)?")


def has_code_includes(text: str) -> bool:
    """The quick test: a text without these signs has no marker."""
    return "{*" in text or "{!" in text


def splice_code_includes(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each marker line replaced by the file it names."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    for k, line in enumerate(page.text.split("\n")):
        code = _CODE_MARKER.match(line) if "{*" in line else None
        raw = _RAW_MARKER.match(line) if code is None and "{!" in line else None
        marker = code or raw
        if marker is None:
            builder.add(line, k)
            continue
        notes: list[str] = []
        if code is not None:
            lines = _code_lines(marker, relpath, reader, budget, notes)
        else:
            lines = _raw_lines(marker, relpath, reader, (), budget, notes)
        space = marker.group("space")
        # The indent repeats on every line, counted as text the marker brings.
        if space and (refused := budget.take(len(space) * len(lines), marker.group("path"))):
            notes.append(refused)
            lines = []
        for note in notes:
            builder.note(k, note)
        for included in lines or [""]:
            builder.add(space + included if included else included, k)
    return builder.build(page)


def _file_lines(
    path: str, relpath: str, reader: IncludeReader, budget: IncludeBudget, notes: list[str]
) -> list[str]:
    """The lines of the file ``path`` names, or none (and a note) when it is not read or the
    page's include budget is spent."""
    text = read_within_budget(
        budget,
        lambda: reader.read(relpath, path, snippet=True).text,
        path,
        notes.append,
        unread="code include",
    )
    if text is None:
        return []
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    return lines


def _code_lines(
    marker: re.Match[str],
    relpath: str,
    reader: IncludeReader,
    budget: IncludeBudget,
    notes: list[str],
) -> list[str]:
    path = marker.group("path")
    lines = _file_lines(path, relpath, reader, budget, notes)
    if not lines:
        return lines
    return _code_block(path, lines, dict(_OPTION.findall(marker.group("options"))))


def _raw_lines(
    marker: re.Match[str],
    relpath: str,
    reader: IncludeReader,
    within: tuple[str, ...],
    budget: IncludeBudget,
    notes: list[str],
) -> list[str]:
    """The rows a ``{! file !}`` marker puts in, with the markers among them replaced in turn
    (paths from the page's base folder, as mdx_include reads them); ``within`` is the chain of
    files being included, and a file already in it stays a marker."""
    path = marker.group("path")
    lines = _file_lines(path, relpath, reader, budget, notes)
    if marker.group("rows"):
        lines = _row_slices(lines, marker.group("rows"))
    if marker.group("nesting") == "-" or len(within) >= _MAX_NESTING:
        return lines
    within = (*within, path)
    expanded: list[str] = []
    for line in lines:
        nested = _RAW_MARKER.match(line) if "{!" in line else None
        if nested is None or nested.group("path") in within:
            expanded.append(line)
            continue
        space = nested.group("space")
        rows = _raw_lines(nested, relpath, reader, within, budget, notes)
        # The indent repeats on every row, counted as text the marker brings.
        if space and (refused := budget.take(len(space) * len(rows), nested.group("path"))):
            notes.append(refused)
            continue
        expanded.extend(space + row if row else row for row in rows)
    return expanded


def _code_block(path: str, lines: list[str], options: dict[str, str]) -> list[str]:
    """The fenced block a ``{* *}`` marker shows: its line groups, under its title; ``ln[0]``
    (markdown-include-variants shows no lines open, only the collapsed "Full file preview")
    the whole file."""
    if options.get("ln") and not _NO_LINES_OPEN.fullmatch(options["ln"]):
        lines = _line_groups(lines, options["ln"])
    title = options.get("title", "").strip().strip("\"'")
    block = fence(lines, language_of(path)).split("\n")
    return [f"`{title}`", "", *block] if title else block


def _line_groups(lines: list[str], spec: str) -> list[str]:
    """Lines by 1-based inclusive groups: ``1:9,29``, with "..." where lines are left out
    between them; a group past the end gives nothing."""
    chosen: list[str] = []
    for part in spec.split(","):
        match = _LINE_GROUP.fullmatch(part)
        if match is None:
            return lines  # an option the hook would not read either: the whole file
        first = _number(match.group(1))
        last = _number(match.group(2)) if match.group(2) else first
        if chosen:
            chosen.append("...")
        chosen.extend(lines[max(first, 1) - 1 : last])
        if len(chosen) > MAX_REPEATS * len(lines):
            break
    return chosen


def _row_slices(lines: list[str], spec: str) -> list[str]:
    """The rows mdx_include's ``[ln:...]`` takes (rcslice's RowSlice): ``1-10.25,11-`` is rows
    1 to 10, the last cut after its 25th character, then row 11 to the end; ``32.5`` is row 32
    from its 5th character (a dedent). A slice that runs backwards, or one rcslice refuses,
    gives the whole file."""
    chosen: list[str] = []
    for part in filter(None, spec.split(",")):
        match = _ROW_SLICE.fullmatch(part)
        if match is None:
            return lines
        numbers = [_number(text) if text else None for text in match.group(1, 2, 4, 5)]
        if any(number == 0 for number in numbers):
            return lines
        first_row, first_column, last_row, last_column = numbers
        if not match.group(3):  # one row: "r" or "r.c", from its column c
            last_row, last_column = first_row, None
        if first_row and last_row and first_row > last_row:
            return lines
        start = first_column - 1 if first_column else None
        rows = lines[first_row - 1 if first_row else None : last_row]
        if len(rows) == 1:
            rows = [rows[0][start:last_column]]
        elif first_row is None and last_row is None:  # ".c-.c": those columns of every row
            rows = [row[start:last_column] for row in rows]
        elif rows:
            rows[0], rows[-1] = rows[0][start:], rows[-1][:last_column]
        chosen.extend(rows)
        if len(chosen) > MAX_REPEATS * len(lines):
            break
    return chosen


def _number(digits: str) -> int:
    """A row, line or column number; one of ten digits or more is past any file's end (and
    int() refuses one of 4,300)."""
    return int(digits) if len(digits) < 10 else _PAST_THE_END


# A number past the end of any file read (MAX_FILE_BYTES holds fewer rows or characters).
_PAST_THE_END = 10**9
