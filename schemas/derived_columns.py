"""What doctrove-shard@5 and @6 heads' section columns leave out: values rows derive from others.

A doctrove-shard@4 head (schemas/section_columns.py) sends each column's values as they are,
and on the Python 3.11 docs its heading paths (34 KB gzipped), anchors (44 KB) and token counts
(45 KB) are most of what is left after the headings. Most of those values follow from another
row's, so doctrove-shard@5 sends a code instead:

- ``heading`` holds what a heading adds to the heading before it, and ``heading_shared`` how
  many of that heading's characters it starts with (API entries of one class share its name);
- ``heading_path``: 0 for no heading above, ``k`` > 0 for the path of the section ``k`` rows
  before plus that section's heading (its parent), ``-k`` for the same path as the section
  ``k`` rows before (a sibling), else the path's JSON text as it is;
- ``anchor``: null for the heading itself, 0 for :func:`docutils_id` of the heading (a Sphinx
  section's id), ``[prefix]`` for the prefix then the heading (``c.`` + a C API name), else
  the anchor as it is;
- ``token_counts``: one list per column of the index (FTS_COLUMNS), each a count per section.

doctrove-shard@6 sends the same codes, and three more, made from a section's token counts
(put back before the values made from them) and its path's code:

- ``token_counts``' list for ``heading_path``: null where the path's code gives the count: 0
  for no heading above, the count of the sibling, or the parent's heading_path and heading
  counts added (written only where that is the count: a path's tokens are those of its
  headings joined by spaces, and CJK text may make tokens across a join);
- ``body_length`` less BODY_CHARS_PER_TOKEN characters per token of body and code (may be
  below 0);
- ``line_end`` less ``line_start`` and a line per LINE_CHARS characters of body, where both
  line numbers are known (else as @5 sends it).

The builder writes a code only where decoding it gives back exactly the value (so the path's
JSON text and the slug are this module's own, fixed functions, not a library's); a client
checks every code and bounds what the codes make (MAX_ROW_CHARS). On the Python docs the
columns gzip to 196 KB instead of 277 KB, and the head to 257 KB instead of 342 KB; @6's
columns to 183 KB (body_length 18.9 KB instead of 25.7, line_end 9.6 instead of 11.9,
token_counts 31.8 instead of 35.4), and the head 14 KB less than @5's.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from typing import Any

import orjson

from schemas.shards import FTS_COLUMNS

# The most characters of text (not bytes: about 1 GiB of memory at the limit, were they all
# beyond the BMP) the rows put back from a head's columns may hold. Codes make values from
# other values, so a few bytes of them could make a path a million headings deep; the Python
# docs' rows hold 3 million characters, and a head of MAX_COLUMN_SECTIONS sections like theirs
# about 200 million. The builder keeps the rows of a version with more (section_columns'
# head_format).
MAX_ROW_CHARS = 1 << 28
_NO_PATH = "[]"  # the JSON text of an empty heading path, as the builder writes it
_NOT_SHARED = (
    "its section column 'heading_shared' holds a value that is not a length of the heading before"
)
_JSON_SPACE = " \t\n\r"  # what JSON text may end with after its value (RFC 8259 section 2)
# What a JSON string may not hold as it is (RFC 8259 section 7), and how it is written instead.
_MUST_ESCAPE = re.compile(r'["\\\x00-\x1f]')
_JSON_ESCAPES = {
    **{code: f"\\u{code:04x}" for code in range(0x20)},
    **{ord(char): f"\\{char}" for char in '"\\'},
    **{ord(char): f"\\{short}" for char, short in zip("\b\t\n\f\r", "btnfr", strict=True)},
}
_NOT_A_PATH_CODE = (
    "its section column 'heading_path' holds a value that is not a path or a section before"
)
_NOT_A_COUNT = "its section column 'token_counts' holds a count that is not one"
# Where each section's token counts list (FTS_COLUMNS order) holds the count of each column.
_HEADING_COUNT, PATH_COUNT, _BODY_COUNT, _CODE_COUNT = map(
    FTS_COLUMNS.index, ("heading", "heading_path", "body", "code")
)
# doctrove-shard@6 sends a section's body_length as what is left after this many characters
# per token of its body and code, a small number that repeats: on the Python 3.11 docs (5.8
# characters a token, spaces and markup included) the column gzips to 18.9 KB instead of
# 25.7 KB, and to 19.5 KB and 21.3 KB with 5 and 7.
BODY_CHARS_PER_TOKEN = 6
# doctrove-shard@6 sends a section's line_end as what is left after its line_start and a line
# per this many characters of its body: on the Python docs 9.6 KB gzipped instead of 11.9 KB,
# and 9.8 KB and 9.7 KB with 50 and 70.
LINE_CHARS = 60
_SLUG_GAPS = re.compile(rb"[^a-z0-9]+")
# What a slug may not start with, and not end with: stripped, not matched by a regular
# expression (which made docutils_id 1.7 times as slow, on every anchor a client puts back).
_SLUG_LEADS, _SLUG_TAIL = b"-0123456789", b"-"


class ColumnsError(ValueError):
    """A head's section columns do not make the rows its meta counts (a code that makes no
    value among them); schemas.section_columns raises it too."""


def refuse_past_limit(chars: int) -> None:
    """ColumnsError when rows of ``chars`` characters of text are more than MAX_ROW_CHARS."""
    if chars > MAX_ROW_CHARS:
        raise ColumnsError(f"its section columns make rows of more than {MAX_ROW_CHARS} "
                           "characters")  # fmt: skip


class MadeText:
    """How many characters of text the codes of a head's columns have made so far, for all
    columns together: each column's codes alone may make up to MAX_ROW_CHARS (headings, then
    paths, anchors and links as long again), and it is the rows' text that is bounded. Each
    decoder adds to ``chars`` as it makes a value and calls refuse_past_limit once they are
    past MAX_ROW_CHARS: inline, since a call per value cost about a tenth of decoding's time."""

    def __init__(self) -> None:
        self.chars = 0


def docutils_id(heading: str) -> str:
    """docutils' id of a section title as far as ASCII goes: lowercased, every run of other
    characters one ``-``, leading digits and dashes and trailing dashes dropped (``"2.1.1. On
    Linux"`` is ``on-linux``). On bytes, so no Unicode table (which differs between Python
    versions) decides it: the builder's and the client's must agree. Sphinx writes these ids;
    the anchors the builder makes itself (schemas.anchors' slugify, GitHub's rules) are sent
    as they are, unless they happen to be the same."""
    slug = _SLUG_GAPS.sub(b"-", heading.encode("utf-8", "surrogatepass").lower())
    return slug.lstrip(_SLUG_LEADS).rstrip(_SLUG_TAIL).decode("ascii")


def child_path(path_text: str, heading: str) -> str:
    """The JSON text of the path below a section of path ``path_text`` and ``heading``: the
    parent's text as it is, with the heading added before its ``]``. No JSON library writes
    it (its version would decide what a client makes of the code), and a long chain of
    parents costs what copying their text does, not a JSON string per heading in it."""
    try:
        above = orjson.loads(path_text)
    except orjson.JSONDecodeError:
        raise ColumnsError("a heading path that is not JSON has a child") from None
    # Only what the builder writes: an array of anything else is no path of headings (and
    # may nest deeper than a JSON library writes back: orjson refuses 255 levels).
    if not _is_array_of_strings(above):
        raise ColumnsError("a heading path that is not a JSON array of strings has a child")
    unclosed = path_text.rstrip(_JSON_SPACE)[:-1]  # valid JSON: the "]" is last but for spaces
    return f'{unclosed}{"," if above else ""}"{_json_escaped(heading)}"]'


def _is_array_of_strings(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    try:  # join checks each item's type in C: a chain of parents asks for millions of them
        "".join(value)
    except TypeError:
        return False
    return True


def _json_escaped(text: str) -> str:
    """``text`` as a JSON string holds it, as orjson writes the builder's paths (only what
    JSON must escape escaped, lowercase hex)."""
    if _MUST_ESCAPE.search(text) is None:  # nearly every heading: no copy
        return text
    return text.translate(_JSON_ESCAPES)


def front_coded(headings: Sequence[str]) -> tuple[list[str], list[int]]:
    """Each heading as what it adds to the one before, and how many characters it shares."""
    rests: list[str] = []
    shared: list[int] = []
    previous = ""
    for heading in headings:
        common = _common_prefix_length(previous, heading)
        rests.append(heading[common:])
        shared.append(common)
        previous = heading
    return rests, shared


def front_decoded(rests: Sequence[Any], shared: Sequence[Any], made: MadeText) -> list[str]:
    """The headings :func:`front_coded` gave ``rests`` and ``shared`` for; each may start with
    the whole heading before it, so their length is counted (``made``) as they are made."""
    if not {*map(type, rests)} <= {str}:
        raise ColumnsError("its section column 'heading' holds a value that is not a string")
    if not {*map(type, shared)} <= {int}:
        raise ColumnsError(_NOT_SHARED)
    headings: list[str] = []
    previous = ""
    chars = made.chars
    for rest, common in zip(rests, shared, strict=True):
        if not 0 <= common <= len(previous):
            raise ColumnsError(_NOT_SHARED)
        previous = previous[:common] + rest
        chars += len(previous)
        if chars > MAX_ROW_CHARS:
            refuse_past_limit(chars)
        headings.append(previous)
    made.chars = chars
    return headings


def path_codes(paths: Sequence[str], headings: Sequence[str]) -> list[str | int]:
    """Each heading path's code: the nearest earlier sibling or parent, else its text."""
    codes: list[str | int] = []
    last_with_path: dict[str, int] = {}
    last_parent_of: dict[str, int] = {}
    for place, (path, heading) in enumerate(zip(paths, headings, strict=True)):
        sibling, parent = last_with_path.get(path), last_parent_of.get(path)
        if path == _NO_PATH:
            codes.append(0)
        elif sibling is not None and (parent is None or sibling > parent):
            codes.append(sibling - place)
        elif parent is not None:
            codes.append(place - parent)
        else:
            codes.append(path)
        last_with_path[path] = place
        with contextlib.suppress(ColumnsError):  # a path not a JSON array is no one's parent
            last_parent_of[child_path(path, heading)] = place
    return codes


def paths_decoded(codes: Sequence[Any], headings: Sequence[str], made: MadeText) -> list[str]:
    """The heading paths :func:`path_codes` gave ``codes`` for; a child's is its parent's and
    a heading, so paths a chain of parents makes grow with its length, and are counted
    (``made``) as they are made."""
    paths: list[str] = []
    chars = made.chars
    for place, code in enumerate(codes):
        if type(code) is str:
            path = code
        elif type(code) is not int or not -place <= code <= place:  # not a path code
            raise ColumnsError(_NOT_A_PATH_CODE)
        elif code == 0:
            path = _NO_PATH
        elif code < 0:
            path = paths[place + code]
        else:
            path = child_path(paths[place - code], headings[place - code])
            chars += len(path)
            if chars > MAX_ROW_CHARS:
                refuse_past_limit(chars)
        paths.append(path)
    made.chars = chars
    return paths


def anchor_codes(anchors: Sequence[str], headings: Sequence[str]) -> list[Any]:
    """Each anchor's code: null (the heading), 0 (its slug), [prefix] (prefix + heading) or
    the anchor."""
    codes: list[Any] = []
    for anchor, heading in zip(anchors, headings, strict=True):
        if anchor == heading:
            codes.append(None)
        elif anchor == docutils_id(heading):
            codes.append(0)
        elif heading and anchor.endswith(heading):
            codes.append([anchor[: -len(heading)]])
        else:
            codes.append(anchor)
    return codes


def anchors_decoded(codes: Sequence[Any], headings: Sequence[str], made: MadeText) -> list[Any]:
    """The anchors :func:`anchor_codes` gave ``codes`` for (a value of another type stays, for
    the checks on stored values to refuse); those made from a heading are counted (``made``)."""
    anchors: list[Any] = []
    chars = made.chars
    for code, heading in zip(codes, headings, strict=True):
        if code is None:
            anchors.append(heading)
            continue
        if type(code) is int and code == 0:
            anchor = docutils_id(heading)
        elif type(code) is list:
            if len(code) != 1 or type(code[0]) is not str:
                raise ColumnsError("its section column 'anchor' holds a list that is not "
                                   "[prefix]")  # fmt: skip
            anchor = code[0] + heading
        else:
            anchors.append(code)
            continue
        chars += len(anchor)
        if chars > MAX_ROW_CHARS:
            refuse_past_limit(chars)
        anchors.append(anchor)
    made.chars = chars
    return anchors


def counts_by_column(per_section: Sequence[Sequence[int]], columns: int) -> list[list[int]]:
    """Token counts per section as one list per index column."""
    return [list(column) for column in zip(*per_section, strict=True)] or [[]] * columns


def count_columns_checked(by_column: Any, columns: int, count: int) -> list[list[Any]]:
    """Token counts by column as sent, once checked to be ``columns`` lists of ``count``
    (kept by column: a list per section would be 60,000 lists to make, and collect)."""
    if not (
        type(by_column) is list
        and len(by_column) == columns
        and all(type(column) is list and len(column) == count for column in by_column)
    ):
        raise ColumnsError(f"its section column 'token_counts' is not {columns} lists of "
                           f"{count} counts")  # fmt: skip
    return by_column


def _common_prefix_length(first: str, second: str) -> int:
    """How many characters ``first`` and ``second`` start with alike."""
    pairs = zip(first, second, strict=False)
    return next((at for at, (a, b) in enumerate(pairs) if a != b), min(len(first), len(second)))


def path_count_codes(counts: Sequence[Sequence[int]], codes: Sequence[str | int]) -> list[Any]:
    """Each section's heading_path token count (``counts`` per section), null where its path's
    code (``codes``) gives it: the path's tokens are index_text of its headings joined by
    spaces, so a child's count is its parent's path and heading counts added, unless tokens
    run across the join (CJK)."""
    path_counts = [section[PATH_COUNT] for section in counts]
    heading_counts = [section[_HEADING_COUNT] for section in counts]
    sent: list[Any] = []
    for place, (path_count, code) in enumerate(zip(path_counts, codes, strict=True)):
        given = type(code) is int and path_count == _path_count(
            place, code, path_counts, heading_counts
        )
        sent.append(None if given else path_count)
    return sent


def put_back_path_counts(counts: Sequence[list[Any]], codes: Sequence[Any]) -> None:
    """Each heading_path token count :func:`path_count_codes` left out, in ``counts`` (by
    column, as sent), from the heading_path column's codes as sent; a count of another type
    stays, for the checks on counts to refuse."""
    path_counts, heading_counts = counts[PATH_COUNT], counts[_HEADING_COUNT]
    for place, (path_count, code) in enumerate(zip(path_counts, codes, strict=True)):
        if path_count is not None:
            continue
        if type(code) is str:
            raise ColumnsError("its section column 'token_counts' leaves out the heading_path "
                               "count of a path sent as it is")  # fmt: skip
        if type(code) is not int or not -place <= code <= place:  # not a path code
            raise ColumnsError(_NOT_A_PATH_CODE)
        path_counts[place] = _path_count(place, code, path_counts, heading_counts)


def _path_count(
    place: int, code: int, path_counts: Sequence[Any], heading_counts: Sequence[Any]
) -> Any:
    """The heading_path token count a path's code gives: none for no heading above, a
    sibling's, or its parent's path and heading counts added (both checked to be counts:
    text or lists would add up to a value as long as a chain of parents)."""
    if code == 0:
        return 0
    if code < 0:
        return path_counts[place + code]
    parent = place - code
    return _counted(path_counts[parent]) + _counted(heading_counts[parent])


def _counted(count: Any) -> int:
    if type(count) is not int:
        raise ColumnsError(_NOT_A_COUNT)
    return count


def _estimated_lengths(body_tokens: Sequence[int], code_tokens: Sequence[int]) -> list[int]:
    """Each section's body_length as its tokens of body and code make likely (the column
    sends what the real one differs by): BODY_CHARS_PER_TOKEN characters a token."""
    return [
        BODY_CHARS_PER_TOKEN * (body + code)
        for body, code in zip(body_tokens, code_tokens, strict=True)
    ]


def body_length_codes(lengths: Sequence[int], counts: Sequence[Sequence[int]]) -> list[int]:
    """Each body_length less BODY_CHARS_PER_TOKEN per token of body and code (may be < 0)."""
    estimated = _estimated_lengths(
        [section[_BODY_COUNT] for section in counts], [section[_CODE_COUNT] for section in counts]
    )
    return [length - likely for length, likely in zip(lengths, estimated, strict=True)]


def body_lengths_decoded(codes: Sequence[Any], counts: Sequence[Sequence[int]]) -> list[int]:
    """The body lengths :func:`body_length_codes` gave ``codes`` for, from counts (by column)
    already checked to be counts; ColumnsError for a code that is not an integer or makes a
    length below 0."""
    if not {*map(type, codes)} <= {int}:
        raise ColumnsError("its section column 'body_length' holds a value that is not an "
                           "integer")  # fmt: skip
    estimated = _estimated_lengths(counts[_BODY_COUNT], counts[_CODE_COUNT])
    lengths = [code + likely for code, likely in zip(codes, estimated, strict=True)]
    if lengths and min(lengths) < 0:
        raise ColumnsError("its section column 'body_length' makes a length below 0")
    return lengths


def line_end_codes(
    steps: Sequence[int | None], starts: Sequence[int | None], lengths: Sequence[int]
) -> list[int | None]:
    """Each line_end as doctrove-shard@5 sends it (``steps``: counted from line_start where
    both are known) less a line per LINE_CHARS characters of body where both are known."""
    return [
        step if start is None or step is None else step - length // LINE_CHARS
        for step, start, length in zip(steps, starts, lengths, strict=True)
    ]


def line_steps_decoded(
    codes: Sequence[Any], starts: Sequence[Any], lengths: Sequence[int]
) -> list[Any]:
    """The line_end column as doctrove-shard@5 sends it, from the codes
    :func:`line_end_codes` gave and the body lengths (a value sent as it is stays, for the
    checks on line numbers to refuse)."""
    steps: list[Any] = []
    for code, start, length in zip(codes, starts, lengths, strict=True):
        if start is not None and code is not None:
            if type(code) is not int:
                raise ColumnsError("its section column 'line_end' holds a value that is not "
                                   "an integer or null")  # fmt: skip
            code += length // LINE_CHARS
        steps.append(code)
    return steps
