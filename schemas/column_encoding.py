"""How a builder turns a head's section rows into the columns it sends (doctrove-shard@4, @5,
@6): what schemas/section_columns.py, the format a client reads them back by, describes.

The builder moves a head's ``sections`` and token counts into ``section_columns`` when it cuts a
search shard into a head (schemas/term_chunks.py), encoding each column as the head's format
sends it; a doctrove-shard@5 or @6 head's codes are made in schemas/derived_columns.py.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from schemas import derived_columns as derived
from schemas import section_columns
from schemas.section_columns import (
    COLUMN_NAMES,
    COLUMNS_TABLE,
    SECTION_FIELDS,
    TOKEN_COUNTS_TABLE,
    HeadRows,
    page_of,
)
from schemas.shards import (
    CHUNKED_FORMAT,
    DERIVED_FORMATS,
    FTS_COLUMNS,
    SHORT_NAMES_FORMAT,
    shard_statements,
)


@dataclass(frozen=True)
class HeadingCodes:
    """The heading, heading path and anchor columns of a doctrove-shard@5 or @6 head, as sent:
    each made from the headings, paths and anchors alone."""

    heading: list[str]
    heading_shared: list[int]
    heading_path: list[str | int]
    anchor: list[Any]


# Makes a head's HeadingCodes from its headings, heading paths and anchors (the builder keeps
# them from one build to the next: they are two thirds of a head's encoding time, and a
# one-page edit rarely changes a heading).
MakeHeadingCodes = Callable[[list[str], list[str], list[str]], HeadingCodes]


def heading_codes(headings: list[str], paths: list[str], anchors: list[str]) -> HeadingCodes:
    """The heading columns' codes (schemas/derived_columns.py)."""
    rests, shared = derived.front_coded(headings)
    return HeadingCodes(
        rests,
        shared,
        derived.path_codes(paths, headings),
        derived.anchor_codes(anchors, headings),
    )


def head_format(conn: sqlite3.Connection) -> str:
    """The format of the head whose ``sections`` are in ``conn``: doctrove-shard@6 (its
    sections as columns, with what they derive from each other left out) unless a client would
    not put them back: more than MAX_COLUMN_SECTIONS sections, or rows of more than
    MAX_ROW_CHARS characters of text (what _refuse_rows_past_limit counts; SQLite's length()
    of text counts characters too). Such a version keeps its rows (doctrove-shard@3)."""
    sections, chars = conn.execute(
        "SELECT count(*), coalesce(sum(length(heading) + length(heading_path) + length(anchor)"
        " + length(path) + coalesce(length(source), 0)), 0) FROM sections"
    ).fetchone()
    # Read from their modules when asked: each limit is declared once, where a client checks it.
    limit = section_columns.MAX_COLUMN_SECTIONS
    fits = sections <= limit and chars <= derived.MAX_ROW_CHARS
    return SHORT_NAMES_FORMAT if fits else CHUNKED_FORMAT


def encode_columns(
    head: HeadRows, shard_format: str, make_heading_codes: MakeHeadingCodes = heading_codes
) -> dict[str, bytes]:
    """The columns of ``head`` (ids 1..N in order, as the builder writes them), by name, as
    ``shard_format`` (a format of SECTION_COLUMN_FORMATS) sends them; a derived format's
    heading columns made by ``make_heading_codes``."""
    rows = head.sections
    if len(head.token_counts) != len(rows):
        raise ValueError(f"{len(head.token_counts)} token counts for {len(rows)} sections")
    for place, row in enumerate(rows, start=1):
        if row[0] != place:
            raise ValueError(f"section ids must be 1..N in order; row {place} has id {row[0]}")
    fields = [list(column) for column in zip(*rows, strict=True)] or [[]] * len(SECTION_FIELDS)
    _, headings, paths, lengths, links, anchors, sources, starts, ends, packs = fields
    counts = [_counts_of(sizes) for sizes in head.token_counts]
    columns: dict[str, Any] = {
        "heading": headings,
        "heading_path": paths,
        "anchor": [None if a == h else a for a, h in zip(anchors, headings, strict=True)],
        "path": list(_shorten_links(links, anchors)),
        "body_length": lengths,
        "line_start": list(_starts_from_ends(starts, ends)),
        "line_end": [
            e if s is None or e is None else e - s for s, e in zip(starts, ends, strict=True)
        ],
        "source": _runs(sources),
        "pack": _runs(packs),
        "token_counts": counts,
    }
    if shard_format in DERIVED_FORMATS:
        codes = make_heading_codes(headings, paths, anchors)
        columns["heading"], columns["heading_shared"] = codes.heading, codes.heading_shared
        columns["heading_path"], columns["anchor"] = codes.heading_path, codes.anchor
        columns["token_counts"] = derived.counts_by_column(counts, len(FTS_COLUMNS))
    if shard_format == SHORT_NAMES_FORMAT:
        _send_counted_codes(columns, counts, starts, lengths)
    return {name: orjson.dumps(columns[name]) for name in COLUMN_NAMES[shard_format]}


def _send_counted_codes(
    columns: dict[str, Any],
    counts: list[list[int]],
    starts: list[int | None],
    lengths: list[int],
) -> None:
    """doctrove-shard@6's codes in ``columns`` (@5's): what follows from a section's token
    counts and its path's code (schemas/derived_columns.py)."""
    sent = derived.path_count_codes(counts, columns["heading_path"])
    columns["token_counts"][derived.PATH_COUNT] = sent
    columns["body_length"] = derived.body_length_codes(lengths, counts)
    columns["line_end"] = derived.line_end_codes(columns["line_end"], starts, lengths)


def move_rows_to_columns(
    conn: sqlite3.Connection,
    shard_format: str,
    make_heading_codes: MakeHeadingCodes = heading_codes,
) -> None:
    """Builder: empty the head's ``sections`` and token counts into ``section_columns``
    (created as ``shard_format``'s DDL says) as that format sends them (``encode_columns``), in
    one transaction with whatever the caller changes next; the caller commits."""
    rows = conn.execute(f"SELECT {', '.join(SECTION_FIELDS)} FROM sections ORDER BY id").fetchall()
    sizes = conn.execute(f"SELECT id, sz FROM {TOKEN_COUNTS_TABLE} ORDER BY id").fetchall()
    if [section_id for section_id, _ in sizes] != [row[0] for row in rows]:
        raise ValueError("the index's token counts are not one row per section")
    head = HeadRows(rows, [bytes(sz) for _, sz in sizes])
    (create,) = (s for s in shard_statements(shard_format) if COLUMNS_TABLE in s)
    conn.execute(create)
    columns = encode_columns(head, shard_format, make_heading_codes)
    conn.executemany(f"INSERT INTO {COLUMNS_TABLE} VALUES (?, ?)", columns.items())
    conn.execute("DELETE FROM sections")
    conn.execute(f"DELETE FROM {TOKEN_COUNTS_TABLE}")


def _runs(values: Iterable[Any]) -> list[list[Any]]:
    runs: list[list[Any]] = []
    for value in values:
        if runs and runs[-1][0] == value and type(runs[-1][0]) is type(value):
            runs[-1][1] += 1
        else:
            runs.append([value, 1])
    return runs


def _shorten_links(links: Sequence[str], anchors: Sequence[str]) -> Iterator[str | None]:
    prefix: str | None = None
    for link, anchor in zip(links, anchors, strict=True):
        if prefix is not None and link == prefix + anchor:
            yield None
            continue
        yield link
        prefix = page_of(link)


def _starts_from_ends(
    starts: Sequence[int | None], ends: Sequence[int | None]
) -> Iterator[int | None]:
    previous_end = 0
    for start, end in zip(starts, ends, strict=True):
        yield None if start is None else start - previous_end
        if end is not None:
            previous_end = end


def _counts_of(sizes: bytes) -> list[int]:
    """The counts of a token counts blob: FTS5 writes one SQLite varint per column, 7 bits a
    byte, high bits first, never with a leading empty group (so its bytes come back as they
    were)."""
    if len(sizes) == len(FTS_COLUMNS) and sizes.isascii():
        return list(sizes)  # every count under 128: one byte each (most sections' counts)
    counts: list[int] = []
    value = length = 0
    for byte in sizes:
        if length == 0 and byte == 0x80:
            raise ValueError(f"token counts {sizes!r} are not plain varints")
        value, length = (value << 7) | (byte & 0x7F), length + 1
        if byte < 0x80:
            counts.append(value)
            value = length = 0
        elif length == 8:  # a ninth byte would hold a count of 2**56 tokens or more
            raise ValueError(f"a token count in {sizes!r} is 2**56 or more")
    if length or len(counts) != len(FTS_COLUMNS):
        raise ValueError(f"token counts {sizes!r} are not one varint per column")
    return counts
