"""A head's sections sent as columns (doctrove-shard@4, @5, @6), put back into rows by a client.

A cold client's first answer on a large version downloads the head of its search shard
(doctrove-shard@3, schemas/term_chunks.py) before anything else, and on the Python 3.11 docs
nearly all of the head is its ``sections`` table (14,939 rows of headings, heading paths,
anchors and provenance links) and the index's token counts per section: 735 KB gzipped. In
SQLite's pages each row's columns sit side by side, so gzip sees a heading next to a URL next to
a JSON list; and every link repeats its page's address. A doctrove-shard@4 head keeps the same
tables with those two empty and sends their rows as one JSON array per column
(``section_columns.sql``), with what repeats left out:

- ``anchor``: null where the anchor is the heading itself (an API entry's qualified name);
- ``path``: null where the link is the previous written link up to its ``#``, then the anchor;
- ``line_start`` counts from the previous section's ``line_end``, ``line_end`` from its own
  ``line_start``;
- ``source`` and ``pack``: runs of ``[value, count]``, in section order;
- ``token_counts``: each section's ``sz`` of TOKEN_COUNTS_TABLE as the counts its varints hold.

The head of the Python 3.11 docs is then 342 KB gzipped, and a cold client's first answer
there 0.42 MB instead of 0.82 MB (bench/first_answer.py). A doctrove-shard@5 head sends codes
instead of the values rows derive from each other, in these columns and one more,
``heading_shared`` (schemas/derived_columns.py): 257 KB, and a first answer of 0.34 MB. A
doctrove-shard@6 head, which the builder writes now, also sends body lengths, line ends and
heading paths' token counts as codes made from the token counts: 14 KB less. Which of the
three a head is, its meta's format says; the schema is the same.

The client puts the rows back (:func:`restore_rows`) once, when it stores a head it fetched
(about 75 ms on the Python docs), and from then on reads the head as a doctrove-shard@3. Section
ids are 1..N, as every builder's shard numbers them. This module is the format, shared by
builder and client; the builder's encoding is schemas/column_encoding.py.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

import orjson

from schemas import derived_columns as derived
from schemas.derived_columns import ColumnsError as ColumnsError  # raised by both modules
from schemas.shards import (
    DERIVED_FORMAT,
    DERIVED_FORMATS,
    FTS_COLUMNS,
    FTS_TABLE,
    PLAIN_COLUMNS_FORMAT,
    SECTION_COLUMN_FORMATS,
    SHORT_NAMES_FORMAT,
    read_shard_meta,
)

COLUMNS_TABLE = "section_columns"
# FTS5's table of each section's token count per column, which bm25() reads: a varint per
# column of FTS_COLUMNS, as ``token_counts`` sends them.
TOKEN_COUNTS_TABLE = f"{FTS_TABLE}_docsize"
# The largest count a varint of 8 bytes holds (7 bits each); a section has far fewer tokens.
_MAX_COUNT = (1 << 56) - 1
# The most sections a head sends as columns. Putting a section back takes up to 600 bytes of
# memory however few bytes its columns take: a million sections of next to nothing are 30 MB
# of JSON, 33 KB gzipped, and took 560 MB; without a bound, a head within the client's
# RAW_SHARD_LIMIT (1 GB) would take 18 GB. A version with more keeps its rows in their tables
# (doctrove-shard@3); the Python docs have 15,000.
MAX_COLUMN_SECTIONS = 1 << 20
# The columns of ``sections`` (search_shard.sql) in table order, id first.
SECTION_FIELDS = (
    "id",
    "heading",
    "heading_path",
    "body_length",
    "path",
    "anchor",
    "source",
    "line_start",
    "line_end",
    "pack",
)
# The rows of section_columns, per format: every one is there, and no other.
_PLAIN_COLUMN_NAMES = (
    "heading",
    "heading_path",
    "anchor",
    "path",
    "body_length",
    "line_start",
    "line_end",
    "source",
    "pack",
    "token_counts",
)
COLUMN_NAMES: dict[str, tuple[str, ...]] = {
    PLAIN_COLUMNS_FORMAT: _PLAIN_COLUMN_NAMES,
    DERIVED_FORMAT: (*_PLAIN_COLUMN_NAMES, "heading_shared"),
    SHORT_NAMES_FORMAT: (*_PLAIN_COLUMN_NAMES, "heading_shared"),
}

# What SQLite stores of a JSON value as it is (sqlite3 binds True as 1, a list not at all), and
# the integers it holds.
_STORABLE = frozenset({str, int, float, type(None)})
_JSON_KINDS = {list: "a list", dict: "an object", bool: "true or false"}
_SMALLEST_INTEGER, _LARGEST_INTEGER = -(1 << 63), (1 << 63) - 1
# The columns whose null sections' NOT NULL refuses (a null anchor or link is one left out).
_NOT_NULL = ("heading", "heading_path", "body_length", "pack")

# Written as runs of [value, count]: a page's sections share its source and its body pack.
_RUN_LENGTH = ("source", "pack")
# Checked once the values they make are known (codes, or nulls that stand for another value).
_CHECKED_LATER = frozenset({"heading", "heading_shared", "heading_path", "anchor", "token_counts"})

SectionRow = tuple[Any, ...]  # one row of ``sections``, in SECTION_FIELDS order


@dataclass(frozen=True)
class HeadRows:
    """What a head's columns hold: its sections and each one's token counts (the ``sz`` of
    its row in TOKEN_COUNTS_TABLE), both for sections 1..N in order."""

    sections: list[SectionRow]
    token_counts: list[bytes]


def decode_columns(columns: Mapping[str, bytes], count: int, shard_format: str) -> HeadRows:
    """The ``count`` rows the columns of a ``shard_format`` head hold; ColumnsError when they
    are not exactly that. The values' types are left to the checks every shard's rows get
    (schemas.shards' verify_shard_rows) once they are in the table, except where putting them
    back needs one."""
    fields, token_counts = _decoded_fields(columns, count, shard_format)
    return HeadRows(list(_section_rows(fields)), token_counts)


def _section_rows(fields: Sequence[list[Any]]) -> Iterator[SectionRow]:
    """The rows of ``sections`` whose columns after the id are ``fields``, ids from 1."""
    return zip(range(1, len(fields[0]) + 1), *fields, strict=True)


def _decoded_fields(
    columns: Mapping[str, bytes], count: int, shard_format: str
) -> tuple[tuple[list[Any], ...], list[bytes]]:
    """What :func:`decode_columns` makes rows of: the columns of ``sections`` after the id
    (SECTION_FIELDS order), each ``count`` long, and the token counts blobs."""
    names = COLUMN_NAMES[shard_format]
    if sorted(columns) != sorted(names):
        missing = sorted(set(names) - set(columns))
        extra = sorted(set(columns) - set(names))
        raise ColumnsError(f"its section columns are not the expected ones (missing {missing}, "
                           f"unexpected {extra})")  # fmt: skip
    if count > MAX_COLUMN_SECTIONS:  # before the columns are read: they could take gigabytes
        raise ColumnsError(f"it counts {count} sections, more than the {MAX_COLUMN_SECTIONS} "
                           "a head sends as columns")  # fmt: skip
    values = {name: _loaded(name, data) for name, data in columns.items()}
    made = derived.MadeText()
    sent_by_column = None  # the token counts of @5 and @6, kept by column (FTS_COLUMNS order)
    if shard_format in DERIVED_FORMATS:
        sent_by_column = derived.count_columns_checked(
            values.pop("token_counts"), len(FTS_COLUMNS), count
        )
    for name in names:
        if name not in values:  # the token counts by column, checked above
            continue
        if name in _RUN_LENGTH:
            values[name] = _expanded(name, values[name], count)
        if len(values[name]) != count:
            raise ColumnsError(
                f"its section column {name!r} has {len(values[name])} values, not {count}"
            )
        if name not in _CHECKED_LATER:
            _refuse_unstorable(name, values[name])
    headings, paths, anchors = _headings_paths_anchors(values, shard_format, made)
    checked_counts = None  # every token count, once checked
    if sent_by_column is not None and shard_format == SHORT_NAMES_FORMAT:
        # the path codes checked, and still in values
        checked_counts = _decode_counted_codes(values, sent_by_column)
    starts, ends = values["line_start"], values["line_end"]
    try:
        links = _restored_links(values["path"], anchors, made)
    except TypeError:  # a link, or an anchor it is made from, that is not a string
        raise ColumnsError("its section column 'path' holds a link that is not a string or "
                           "null, or leaves out one whose anchor is not a string"
                           ) from None  # fmt: skip
    try:
        starts, ends = _line_numbers_restored(starts, ends)
    except TypeError:  # a step that is not a number
        raise ColumnsError("its section columns 'line_start' and 'line_end' hold a value that "
                           "is not a line number or null") from None  # fmt: skip
    _refuse_unstorable("line_start", starts)
    _refuse_unstorable("line_end", ends)
    _refuse_rows_past_limit(headings, paths, anchors, links, values["source"])
    count_columns = (  # doctrove-shard@4 sends a list of counts per section
        sent_by_column
        if sent_by_column is not None
        else _count_columns_of_sections(values["token_counts"])
    )
    token_counts = _token_count_blobs(count_columns, checked_counts)
    fields = (
        headings,
        paths,
        values["body_length"],
        links,
        anchors,
        values["source"],
        starts,
        ends,
        values["pack"],
    )
    return fields, token_counts


def _decode_counted_codes(values: dict[str, list[Any]], counts: list[list[Any]]) -> list[Any]:
    """Put back in ``values`` (doctrove-shard@6's, each of its count) and ``counts`` (its
    token counts by column) what @5 sends instead of @6's codes from token counts: the counts
    first (from the heading paths' codes as sent, which paths_decoded checked), checked, since
    the body lengths are made from them, and the line ends from those. Every count, as
    checked."""
    derived.put_back_path_counts(counts, values["heading_path"])
    every = _refuse_non_counts(counts)
    lengths = derived.body_lengths_decoded(values["body_length"], counts)
    _refuse_unstorable("body_length", lengths)
    values["body_length"] = lengths
    values["line_end"] = derived.line_steps_decoded(
        values["line_end"], values["line_start"], lengths
    )
    return every


def _headings_paths_anchors(
    values: dict[str, list[Any]], shard_format: str, made: derived.MadeText
) -> tuple[list[Any], list[Any], list[Any]]:
    """The headings, heading paths and anchors the columns make, each checked as it is stored;
    the text their codes make is counted (``made``)."""
    headings, paths, anchors = values["heading"], values["heading_path"], values["anchor"]
    if shard_format in DERIVED_FORMATS:
        headings = derived.front_decoded(headings, values["heading_shared"], made)
        paths = derived.paths_decoded(paths, headings, made)
        anchors = derived.anchors_decoded(anchors, headings, made)  # null made the heading
        # The headings and paths decoded are all strings, which SQLite stores.
        _refuse_unstorable("anchor", anchors)
        return headings, paths, anchors
    anchors = [h if a is None else a for a, h in zip(anchors, headings, strict=True)]
    for name, column in (("heading", headings), ("heading_path", paths), ("anchor", anchors)):
        _refuse_unstorable(name, column)
    return headings, paths, anchors


def restore_rows(conn: sqlite3.Connection, count: int) -> None:
    """Client: put the ``count`` rows of a head's ``section_columns`` into its empty
    ``sections`` and empty the columns; ColumnsError when they do not hold exactly that. A head
    whose rows were put back already (emptied columns, as the client keeps a head it fetched)
    must end at section ``count``: read from the end of each table, not counted, since every
    open of a kept head asks (count(*) reads all 15,000 rows of the Python docs: 2.7 ms)."""
    if conn.execute(f"SELECT 1 FROM {COLUMNS_TABLE} LIMIT 1").fetchone() is None:
        for table in ("sections", TOKEN_COUNTS_TABLE):
            (last,) = conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()
            if last != count:
                raise ColumnsError(f"its {table} were put back up to section {last}, not {count}")
        return
    for table in ("sections", TOKEN_COUNTS_TABLE):
        if conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None:
            raise ColumnsError(f"its {table} table is not empty, as a head's with section "
                               "columns is")  # fmt: skip
    shard_format = columns_format(conn)
    if shard_format is None:
        named = read_shard_meta(conn).get("format")
        raise ColumnsError(f"its meta format is {named!r}, not one that sends sections as "
                           "columns")  # fmt: skip
    columns = {
        str(name): bytes(data) if isinstance(data, bytes) else str(data).encode()
        for name, data in conn.execute(f"SELECT name, data FROM {COLUMNS_TABLE}")
    }
    fields, token_counts = _decoded_fields(columns, count, shard_format)
    marks = ", ".join("?" * len(SECTION_FIELDS))
    # Not a list of the rows: 60,000 new tuples set off the garbage collector a hundred
    # times, and each time it went through the list so far (a sixth of decoding's time).
    conn.executemany(f"INSERT INTO sections VALUES ({marks})", _section_rows(fields))
    # sqlite3 looks a bytes value up among its adapters, which takes as long as inserting
    # the row; a bytearray is bound as it is, as the same blob.
    blobs = map(bytearray, token_counts)
    conn.executemany(f"INSERT INTO {TOKEN_COUNTS_TABLE} VALUES (?, ?)", enumerate(blobs, start=1))
    conn.execute(f"DELETE FROM {COLUMNS_TABLE}")


def columns_format(conn: sqlite3.Connection) -> str | None:
    """Which format of SECTION_COLUMN_FORMATS a head with their schema (checked first) is: the
    one its meta names, which alone tells them apart; None when it names another."""
    named = read_shard_meta(conn).get("format")
    return named if named in SECTION_COLUMN_FORMATS else None


def _refuse_rows_past_limit(*columns: list[Any]) -> None:
    """ColumnsError when the rows' text is more than a client puts back (MAX_ROW_CHARS): runs
    and codes repeat values, so a small head could make rows of terabytes."""
    chars = 0
    for column in columns:
        try:  # most columns hold only strings and nulls: counted without a loop in Python
            chars += sum(map(len, filter(None, column)))
        except TypeError:
            chars += sum(len(value) for value in column if type(value) is str)
    derived.refuse_past_limit(chars)


def _loaded(name: str, data: bytes) -> list[Any]:
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise ColumnsError(f"its section column {name!r} is not JSON: {exc}") from None
    if not isinstance(value, list):
        raise ColumnsError(f"its section column {name!r} is not a JSON array")
    return value


def _refuse_unstorable(name: str, values: list[Any]) -> None:
    """ColumnsError unless SQLite stores each value as it is: a string, a number that fits its
    64-bit integers (JSON's may not, nor may a line number its steps add up to) or null where
    the column may hold null. The rows are put back into a file written without a journal, so
    a value SQLite refuses must be found before the first row is written, not halfway."""
    kinds = set(map(type, values))
    if name in _NOT_NULL and type(None) in kinds:
        raise ColumnsError(f"its section column {name!r} holds null, which sections.{name} "
                           "may not")  # fmt: skip
    if not kinds <= _STORABLE:
        kind = next(type(value) for value in values if type(value) not in _STORABLE)
        raise ColumnsError(f"its section column {name!r} holds {_JSON_KINDS[kind]}, not a "
                           "string, number or null")  # fmt: skip
    if int in kinds:
        numbers = _integers(values, kinds)
        if min(numbers) < _SMALLEST_INTEGER or max(numbers) > _LARGEST_INTEGER:
            raise ColumnsError(f"its section column {name!r} holds a number past SQLite's "
                               "64-bit integers")  # fmt: skip


def _integers(values: list[Any], kinds: set[type]) -> list[int]:
    """The integers of ``values`` (whose types are ``kinds``), or enough of them to find the
    least and the greatest: without a loop in Python where only integers and nulls are."""
    if kinds == {int}:
        return values
    if kinds == {int, type(None)}:  # nulls dropped, and zeros, which are in range
        return list(filter(None, values)) or [0]
    return [value for value in values if type(value) is int]


def _expanded(name: str, runs: list[Any], count: int) -> list[Any]:
    """A run-length column (``[value, times]`` pairs) written out, never past ``count``."""
    out: list[Any] = []
    for run in runs:
        if not (isinstance(run, list) and len(run) == 2 and type(run[1]) is int and run[1] > 0):
            raise ColumnsError(f"its section column {name!r} holds a run that is not "
                               "[value, count]")  # fmt: skip
        if len(out) + run[1] > count:
            raise ColumnsError(f"its section column {name!r} has more than {count} values")
        out.extend([run[0]] * run[1])
    return out


def _restored_links(
    links: Sequence[str | None], anchors: Sequence[str], made: derived.MadeText
) -> list[str]:
    """The links a ``path`` column makes; each one left out repeats the page of the link
    before, so they are counted (``made``) as they are made (a page a megabyte long, then a
    million nulls, would make a terabyte)."""
    restored: list[str] = []
    prefix: str | None = None
    chars = made.chars
    for link, anchor in zip(links, anchors, strict=True):
        if link is None:
            if prefix is None:
                raise ColumnsError("its section column 'path' leaves out a link with none "
                                   "before it")  # fmt: skip
            link = prefix + anchor
            chars += len(link)
            if chars > derived.MAX_ROW_CHARS:
                derived.refuse_past_limit(chars)
            restored.append(link)
            continue
        restored.append(link)
        prefix = page_of(link)
    made.chars = chars
    return restored


def page_of(link: str) -> str | None:
    """A link up to and including its last ``#``, which a later section's link may continue
    with its anchor; None without one."""
    return link[: link.rfind("#") + 1] if "#" in link else None


def _line_numbers_restored(
    starts: Sequence[int | None], ends: Sequence[int | None]
) -> tuple[list[int | None], list[int | None]]:
    """The line numbers of the steps the columns send: a start from the previous section's
    end, an end from its own start (where both are known, else as it is); in one pass."""
    restored_starts: list[int | None] = []
    restored_ends: list[int | None] = []
    previous_end = 0
    for start, end in zip(starts, ends, strict=True):
        if start is not None:
            start = start + previous_end  # not +=: a list would take a string's characters
            if end is not None:
                end = start + end
        if end is not None:
            previous_end = end
        restored_starts.append(start)
        restored_ends.append(end)
    return restored_starts, restored_ends


def _token_count_blobs(
    columns: Sequence[Sequence[Any]], checked: list[Any] | None = None
) -> list[bytes]:
    """Each section's token counts blob, from the counts by column (each as long, one per
    column of the index); ColumnsError unless each is a count (``checked``: every count of
    ``columns``, which _refuse_non_counts checked already)."""
    every = _refuse_non_counts(columns) if checked is None else checked
    # Counts repeat (a few thousand values for 60,000 counts): each is encoded once.
    varint = {count: _varints([count]) for count in set(every)}
    encoded = [map(varint.__getitem__, column) for column in columns]
    # A section's blob: its varints, column after column.
    return list(map(b"".join, zip(*encoded, strict=True)))


def _count_columns_of_sections(column: list[Any]) -> Sequence[Sequence[Any]]:
    """The counts by column of a ``token_counts`` column of a list per section; ColumnsError
    unless each section holds one count per column of the index."""
    if not all(type(counts) is list and len(counts) == len(FTS_COLUMNS) for counts in column):
        raise ColumnsError(f"its section column 'token_counts' holds a value that is not "
                           f"{len(FTS_COLUMNS)} counts")  # fmt: skip
    return list(zip(*column, strict=True)) or [()] * len(FTS_COLUMNS)


def _refuse_non_counts(columns: Sequence[Sequence[Any]]) -> list[Any]:
    """Every count of ``columns`` (the token counts by column); ColumnsError unless each is
    a count a varint of 8 bytes holds."""
    every = list(chain.from_iterable(columns))
    kinds = set(map(type, every))
    if bool in kinds:  # JSON's true and false, which Python would count as 1 and 0
        raise ColumnsError("its section column 'token_counts' holds true or false, not counts")
    if every and (kinds != {int} or min(every) < 0 or max(every) > _MAX_COUNT):
        raise ColumnsError("its section column 'token_counts' holds a count that is not one")
    return every


def _varints(counts: list[int]) -> bytes:
    out = bytearray()
    for count in counts:
        groups = [count & 0x7F]
        while count := count >> 7:
            groups.append(0x80 | (count & 0x7F))
        out.extend(reversed(groups))
    return bytes(out)
