"""schemas.derived_columns: doctrove-shard@5 and @6 heads' columns leave out what rows derive
from each other, give back exactly the rows, and codes that do not make a value are refused."""

from __future__ import annotations

import contextlib
import json
from contextlib import closing

import orjson
import pytest

from schemas import derived_columns
from schemas.column_encoding import encode_columns
from schemas.derived_columns import docutils_id
from schemas.section_columns import (
    COLUMN_NAMES,
    ColumnsError,
    HeadRows,
    SectionRow,
    decode_columns,
    restore_rows,
)
from schemas.shards import (
    CHUNKED_FORMAT,
    DERIVED_FORMAT,
    PLAIN_COLUMNS_FORMAT,
    SHORT_NAMES_FORMAT,
)
from tests.test_section_columns import (
    BASE,
    HEAD,
    ROWS,
    TOKEN_COUNTS,
    alike_head,
    head_with_columns,
    peak_bytes_refusing,
)

# Every code: headings sharing a start, paths of no heading, of a parent, of a sibling and one
# given as it is; anchors that are the heading, its slug, a prefix and the heading, and none.
DERIVED_ROWS: list[SectionRow] = [
    (1, "2.1. Guide", "[]", 10, f"{BASE}g.html#guide", "guide", "g.md", 1, 9, 1),
    (2, "lib.run", '["2.1. Guide"]', 0, f"{BASE}g.html#c.lib.run", "c.lib.run", "g.md", 10, 20, 1),
    (3, "lib.stop", '["2.1. Guide"]', 5, f"{BASE}g.html#lib.stop", "lib.stop", "g.md", 21, 30, 1),
    (4, "lib.stop.now", '["2.1. Guide","lib.stop"]', 1, f"{BASE}g.html#id2", "id2", None,
     None, None, 1),
    (5, "变更", '["Elsewhere"]', 2, f"{BASE}a.html#变更", "变更", "a.md", 2, 40, 2),
    (6, "Why it’s so", '["Elsewhere"]', 2, f"{BASE}a.html#why-it-s-so", "why-it-s-so", "a.md",
     41, 50, 2),
]  # fmt: skip
DERIVED_HEAD = HeadRows(DERIVED_ROWS, [bytes([1, 0, 2, 0])] * 5 + [bytes([9, 1, 0x81, 0, 3])])


DEEP = "[" * 300 + "]" * 300  # an array nested 300 deep, which orjson reads (up to 1024)
HEADINGS = ["2.1. Guide", "lib.run", "stop", ".now", "变更", "Why it’s so"]  # as sent


def columns_of(head: HeadRows) -> dict[str, bytes]:
    return encode_columns(head, DERIVED_FORMAT)


def decoded(columns: dict[str, bytes], count: int) -> HeadRows:
    return decode_columns(columns, count, DERIVED_FORMAT)


@pytest.mark.parametrize("head", [HEAD, DERIVED_HEAD, HeadRows([], [])])
def test_the_codes_give_back_every_row_exactly(head: HeadRows) -> None:
    assert decoded(columns_of(head), len(head.sections)) == head


def test_what_rows_derive_from_each_other_is_sent_as_codes() -> None:
    columns = {name: orjson.loads(data) for name, data in columns_of(DERIVED_HEAD).items()}
    assert columns["heading"] == HEADINGS
    assert columns["heading_shared"] == [0, 0, 4, 8, 0, 0]
    assert columns["heading_path"] == [0, 1, -1, 1, '["Elsewhere"]', -1]
    assert columns["anchor"] == [0, ["c."], None, "id2", None, 0]
    assert columns["token_counts"] == [[1] * 5 + [9], [0] * 5 + [1], [2] * 5 + [128], [0] * 5 + [3]]


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("2.1.1. On Linux", "on-linux"),
        ("Why doesn’t Python have a “with” statement?", "why-doesn-t-python-have-a-with-statement"),
        ("Notes on using __slots__", "notes-on-using-slots"),
        ("3D graphics", "d-graphics"),  # docutils drops leading digits too
        ("\u212a\u0130", ""),  # Kelvin sign and dotted I: no Unicode table lowercases them here
        ("变更", ""),
    ],
)
def test_a_headings_slug_is_docutils_id_as_far_as_ascii_goes(heading: str, slug: str) -> None:
    assert docutils_id(heading) == slug


def test_a_childs_path_is_made_the_same_whatever_json_library_the_client_has(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    columns = columns_of(DERIVED_HEAD)
    # Valid JSON text of the same arrays, as another library or version may write it.
    monkeypatch.setattr(orjson, "dumps", lambda value: json.dumps(value).encode())
    assert decoded(columns, len(DERIVED_ROWS)) == DERIVED_HEAD


def test_a_childs_path_is_the_text_the_builder_writes_for_any_character() -> None:
    # The builder writes paths with orjson: the child's text must be the same for its code to
    # be sent. Every character that is not a surrogate, one at a time and all together.
    characters = [chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF]
    for heading in [*characters[:0x800], "".join(characters)]:
        expected = orjson.dumps(['a"\\b', heading]).decode()
        assert derived_columns.child_path(orjson.dumps(['a"\\b']).decode(), heading) == expected


@pytest.mark.parametrize(
    ("parent", "child"),
    [
        ("[]", '["h\\""]'),
        ("[ ]", '[ "h\\""]'),
        (' [ "a" ]\r\n', ' [ "a" ,"h\\""]'),
        ('["\\u0041"]', '["\\u0041","h\\""]'),
    ],
)
def test_a_childs_path_is_its_parents_text_and_the_heading(parent: str, child: str) -> None:
    assert derived_columns.child_path(parent, 'h"') == child
    assert orjson.loads(child) == [*orjson.loads(parent), 'h"']


def damaged(name: str, value: object) -> dict[str, bytes]:
    return {**columns_of(DERIVED_HEAD), name: orjson.dumps(value)}


@pytest.mark.parametrize(
    ("columns", "problem"),
    [
        ({**columns_of(DERIVED_HEAD), "heading_shared": b"[]"}, "'heading_shared' has 0 values"),
        (
            {k: v for k, v in columns_of(DERIVED_HEAD).items() if k != "heading_shared"},
            r"missing \['heading_shared'\]",
        ),
        (damaged("heading_shared", [1, 0, 4, 8, 0, 0]), "not a length of the heading before"),
        (damaged("heading_shared", [0, 0, 99, 8, 0, 0]), "not a length of the heading before"),
        (damaged("heading_shared", [0, 0, -1, 8, 0, 0]), "not a length of the heading before"),
        (damaged("heading_shared", [0, 0, 4.0, 8, 0, 0]), "not a length of the heading before"),
        (damaged("heading_shared", [0, 0, True, 8, 0, 0]), "not a length of the heading before"),
        (damaged("heading", [*HEADINGS[:3], 4, *HEADINGS[4:]]), "'heading' holds a value that"),
        (damaged("heading", [*HEADINGS[:3], None, *HEADINGS[4:]]), "'heading' holds a value"),
        (damaged("heading_path", [0, 2, -1, 1, "[]", -1]), "not a path or a section before"),
        (damaged("heading_path", [0, 1, -3, 1, "[]", -1]), "not a path or a section before"),
        (damaged("heading_path", [0, 1, -1, 1.0, "[]", -1]), "not a path or a section before"),
        (damaged("heading_path", [0, 1, -1, None, "[]", -1]), "not a path or a section before"),
        (damaged("heading_path", ["[", 1, -1, 1, "[]", -1]), "a heading path that is not JSON"),
        (damaged("heading_path", ["{}", 1, -1, 1, "[]", -1]), "not a JSON array of strings"),
        # Arrays no builder writes as a path: nested past what a JSON library writes back
        # (TypeError: Recursion limit reached), or of numbers.
        (damaged("heading_path", [DEEP, 1, -1, 1, "[]", -1]), "not a JSON array of strings"),
        (damaged("heading_path", ["[1, 2.5]", 1, -1, 1, "[]", -1]), "not a JSON array of str"),
        (damaged("anchor", [0, [1], None, "id2", None, 0]), r"list that is not \[prefix\]"),
        (damaged("anchor", [0, ["c.", "d."], None, "id2", None, 0]), "not \\[prefix\\]"),
        (damaged("anchor", [0, {"c": 1}, None, "id2", None, 0]), "'anchor' holds an object"),
        (damaged("anchor", [0, True, None, "id2", None, 0]), "'anchor' holds true or false"),
        (damaged("token_counts", [[1] * 6] * 3), "'token_counts' is not 4 lists of 6 counts"),
        (damaged("token_counts", [[1] * 5] * 4), "'token_counts' is not 4 lists of 6 counts"),
        (damaged("token_counts", [[1] * 6] * 3 + [[1] * 5 + [-1]]), "a count that is not one"),
        (damaged("token_counts", [[1] * 6] * 3 + [[1] * 5 + [True]]), "true or false, not"),
    ],
)
def test_codes_that_do_not_make_the_rows_are_refused(
    columns: dict[str, bytes], problem: str
) -> None:
    with pytest.raises(ColumnsError, match=problem):
        decoded(columns, len(DERIVED_ROWS))


def test_codes_that_would_make_rows_past_the_limit_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each section the child of the one before: the paths grow by a heading each, so a few
    # bytes of codes make text the square of their count long (26 million characters here,
    # were they all made before the rows are counted).
    monkeypatch.setattr(derived_columns, "MAX_ROW_CHARS", 20_000)
    problem = "make rows of more than 20000 characters"
    count = 2_000
    columns = columns_of(alike_head(count, "h" * 10))
    columns["heading_path"] = orjson.dumps([0] + [1] * (count - 1))
    assert peak_bytes_refusing(lambda: decoded(columns, count), problem) < 3_000_000
    # Each heading the whole one before and ten characters more (20 million characters).
    columns = columns_of(alike_head(count))
    columns["heading"] = orjson.dumps(["h" * 10] * count)
    columns["heading_shared"] = orjson.dumps([10 * n for n in range(count)])
    assert peak_bytes_refusing(lambda: decoded(columns, count), problem) < 3_000_000
    # A run repeats its value as often as it says: refused once the rows are made, too.
    columns = columns_of(alike_head(count))
    columns["source"] = orjson.dumps([["s" * 100, count]])
    with pytest.raises(ColumnsError, match="make rows of more than 20000 characters"):
        decoded(columns, count)


@pytest.mark.parametrize("anchor", [["a"], 0], ids=["prefix and heading", "slug"])
def test_the_text_every_columns_codes_make_is_bounded_together(
    monkeypatch: pytest.MonkeyPatch, anchor: object
) -> None:
    # Headings that each add a character to the one before make nearly the limit; anchors
    # made from them (a prefix and the heading, or its slug) as much again, and links left out
    # (a page, then the anchor) as much again: each column alone was under the limit, so 3
    # times its text was made (3 GB from 1 MB of columns at the real limit, with an emoji in
    # the first heading). Counted together, the rows are refused once the anchors begin:
    # 2.9 MB at most here, against 5 MB when the anchors are not counted.
    monkeypatch.setattr(derived_columns, "MAX_ROW_CHARS", 2_000_000)
    count = 1_990
    columns = columns_of(alike_head(count))
    columns["heading"] = orjson.dumps(["h"] * count)
    columns["heading_shared"] = orjson.dumps(list(range(count)))
    columns["anchor"] = orjson.dumps([anchor] * count)
    columns["path"] = orjson.dumps(["p#"] + [None] * (count - 1))
    problem = "make rows of more than 2000000 characters"
    assert peak_bytes_refusing(lambda: decoded(columns, count), problem) < 4_000_000


def test_a_head_is_put_back_as_the_format_its_meta_names() -> None:
    with closing(head_with_columns(DERIVED_HEAD, DERIVED_FORMAT)) as conn:
        restore_rows(conn, len(DERIVED_ROWS))
        assert conn.execute("SELECT * FROM sections ORDER BY id").fetchall() == DERIVED_ROWS
    # doctrove-shard@4's columns under a meta that says @5: the columns it lacks are named.
    with (
        closing(head_with_columns(HEAD, DERIVED_FORMAT, encode=False)) as conn,
        pytest.raises(ColumnsError, match=r"missing \['heading_shared'\]"),
    ):
        restore_rows(conn, len(ROWS))
    with closing(head_with_columns(HEAD)) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (CHUNKED_FORMAT,))
        with pytest.raises(ColumnsError, match="meta format is 'doctrove-shard@3', not one"):
            restore_rows(conn, len(ROWS))


def test_the_derived_format_sends_every_column_of_the_earlier_one_and_heading_shared() -> None:
    assert COLUMN_NAMES[DERIVED_FORMAT] == (*COLUMN_NAMES[PLAIN_COLUMNS_FORMAT], "heading_shared")
    assert sorted(columns_of(HEAD)) == sorted(COLUMN_NAMES[DERIVED_FORMAT])
    assert [bytes(sz) for sz in decoded(columns_of(HEAD), len(ROWS)).token_counts] == TOKEN_COUNTS


# doctrove-shard@6's codes from token counts: heading_path counts of no heading above, of a
# parent, of siblings, of a parent whose rule does not hold (tokens across the join of CJK
# headings) and of a path sent as it is; body lengths above and below BODY_CHARS_PER_TOKEN
# per token; line numbers on both sides, on one side and on none.
SIX_ROWS: list[SectionRow] = [
    (1, "Guide", "[]", 700, f"{BASE}g.html#guide", "guide", "g.md", 1, 30, 1),
    (2, "Install", '["Guide"]', 65, f"{BASE}g.html#install", "install", "g.md", 31, 32, 1),
    (3, "Run", '["Guide"]', 0, f"{BASE}g.html#run", "run", "g.md", None, 40, 1),
    (4, "变更", '["Guide"]', 6000, f"{BASE}g.html#变更", "变更", "g.md", 100, 150, 1),
    (5, "更多", '["Guide","变更"]', 13, f"{BASE}g.html#更多", "更多", "g.md", 151, None, 1),
    (6, "Notes", '["Elsewhere"]', 3, f"{BASE}a.html#notes", "notes", "a.md", None, None, 2),
    (7, "More", '["Elsewhere"]', 7, f"{BASE}a.html#more", "more", "a.md", 5, 5, 2),
]
SIX_COUNTS = [[1, 0, 100, 20], [1, 1, 10, 0], [1, 1, 0, 0], [2, 1, 0, 0], [2, 4, 2, 0]] + [
    [1, 1, 1, 0]
] * 2
SIX_HEAD = HeadRows(SIX_ROWS, [bytes(counts) for counts in SIX_COUNTS])
# SIX_HEAD's columns as the builder before doctrove-shard@6 wrote them (@5), where they differ
# from @6's: heads it wrote must still read.
FIVE_TOKEN_COUNTS = [
    [1, 1, 1, 2, 2, 1, 1],
    [0, 1, 1, 1, 4, 1, 1],
    [100, 10, 0, 0, 2, 1, 1],
    [20, 0, 0, 0, 0, 0, 0],
]
FIVE_SENT: dict[str, object] = {
    "body_length": [700, 65, 0, 6000, 13, 3, 7],
    "line_end": [29, 1, 40, 50, None, None, 0],
    "token_counts": FIVE_TOKEN_COUNTS,
}
SIX_PATH_COUNTS = [None, None, None, None, 4, 1, None]  # as sent


def six_columns_of(head: HeadRows) -> dict[str, bytes]:
    return encode_columns(head, SHORT_NAMES_FORMAT)


def six_decoded(columns: dict[str, bytes], count: int) -> HeadRows:
    return decode_columns(columns, count, SHORT_NAMES_FORMAT)


@pytest.mark.parametrize("head", [HEAD, DERIVED_HEAD, SIX_HEAD, HeadRows([], [])])
def test_the_short_names_formats_codes_give_back_every_row_exactly(head: HeadRows) -> None:
    columns = six_columns_of(head)
    assert six_columns_of(head) == columns  # the same rows, the same bytes
    assert six_decoded(columns, len(head.sections)) == head


def test_what_follows_from_token_counts_and_path_codes_is_sent_as_codes() -> None:
    columns = {name: orjson.loads(data) for name, data in six_columns_of(SIX_HEAD).items()}
    assert columns["heading_path"] == [0, 1, -1, -1, 1, '["Elsewhere"]', -1]
    # No heading above: 0; a parent's path and heading (0 + 1, 1 + 1 for section 3); siblings;
    # section 5's parent rule gives 1 + 2, not its 4; section 6's path is sent as it is.
    assert columns["token_counts"][1] == SIX_PATH_COUNTS
    assert columns["token_counts"][::2] == FIVE_TOKEN_COUNTS[::2]
    assert columns["token_counts"][3] == FIVE_TOKEN_COUNTS[3]
    # body_length less 6 characters per token of body and code: 700 - 6 * 120, ...
    assert columns["body_length"] == [-20, 5, 0, 6000, 1, -3, 1]
    # line_end less line_start and a line per 60 characters of body, where both are known:
    # 30 - 1 - 700 // 60, 32 - 31 - 65 // 60, 150 - 100 - 6000 // 60, 5 - 5 - 7 // 60.
    assert columns["line_end"] == [18, 0, 40, -50, None, None, 0]


def test_a_head_the_earlier_builder_wrote_reads_as_it_did() -> None:
    columns = columns_of(SIX_HEAD)
    assert {name: orjson.loads(columns[name]) for name in FIVE_SENT} == FIVE_SENT
    assert decoded(columns, len(SIX_ROWS)) == SIX_HEAD


def test_a_short_names_head_is_put_back_as_its_meta_names() -> None:
    with closing(head_with_columns(SIX_HEAD, SHORT_NAMES_FORMAT)) as conn:
        restore_rows(conn, len(SIX_ROWS))
        assert conn.execute("SELECT * FROM sections ORDER BY id").fetchall() == SIX_ROWS


def six_damaged(name: str, value: object) -> dict[str, bytes]:
    return {**six_columns_of(SIX_HEAD), name: orjson.dumps(value)}


def path_counts_sent(*counts: object) -> dict[str, bytes]:
    """SIX_HEAD's columns with ``counts`` as its heading_path token counts."""
    by_column: list[object] = [*FIVE_TOKEN_COUNTS]
    by_column[1] = [*counts]
    return six_damaged("token_counts", by_column)


HUGE = (1 << 64) - 1  # the largest integer orjson reads as one (larger ones are floats)
LARGEST = (1 << 56) - 1  # the largest token count


@pytest.mark.parametrize(
    ("columns", "problem"),
    [
        (path_counts_sent(None, None, None, None, 4, None, None), "'token_counts' leaves out the "
         "heading_path count of a path sent as it is"),
        # A parent's count that is not one: not added (text or lists would be).
        (path_counts_sent(None, None, None, "x", None, 1, None), "'token_counts' holds a count "
         "that is not one"),
        (path_counts_sent(None, None, None, [1], None, 1, None), "count that is not one"),
        (path_counts_sent(None, None, None, True, None, 1, None), "count that is not one"),
        (path_counts_sent(None, None, None, 1.0, None, 1, None), "count that is not one"),
        (path_counts_sent(None, None, None, HUGE, None, 1, None), "count that is not one"),
        (path_counts_sent(None, None, True, None, 4, 1, None), "true or false, not counts"),
        (path_counts_sent(None, None, None, None, 1e30, 1, None), "count that is not one"),
        (path_counts_sent(-1, None, None, None, 4, 1, None), "count that is not one"),
        # Counts that are each one, and add up to one past what a varint of 8 bytes holds.
        (
            six_damaged("token_counts", [[1, 1, 1, LARGEST, 2, 1, 1], [None, None, None, LARGEST,
                                         None, 1, None], *FIVE_TOKEN_COUNTS[2:]]),
            "count that is not one",
        ),
        (six_damaged("token_counts", [[None] * 7] * 4), "count that is not one"),
        (
            six_damaged("heading_path", [0, 1.0, -1, -1, 1, '["Elsewhere"]', -1]),
            "'heading_path' holds a value that is not a path or a section before",
        ),
        (six_damaged("heading_path", [0, 1, -3, -1, 1, '["Elsewhere"]', -1]), "not a path or a "
         "section before"),
        (six_damaged("heading_path", [0, 1, None, -1, 1, '["Elsewhere"]', -1]), "not a path"),
        (six_damaged("heading_path", [0, True, -1, -1, 1, '["Elsewhere"]', -1]), "not a path"),
        (six_damaged("body_length", ["x", 5, 0, 6000, 1, -3, 1]), "'body_length' holds a value "
         "that is not an integer"),
        (six_damaged("body_length", [-20.0, 5, 0, 6000, 1, -3, 1]), "not an integer"),
        (six_damaged("body_length", [True, 5, 0, 6000, 1, -3, 1]), "'body_length' holds true"),
        (six_damaged("body_length", [None, 5, 0, 6000, 1, -3, 1]), "'body_length' holds null"),
        (six_damaged("body_length", [[1], 5, 0, 6000, 1, -3, 1]), "'body_length' holds a list"),
        (six_damaged("body_length", [HUGE, 5, 0, 6000, 1, -3, 1]), "'body_length' holds a "
         "number past SQLite's"),
        (six_damaged("body_length", [1e30, 5, 0, 6000, 1, -3, 1]), "not an integer"),
        # Each residual fits, the length it makes does not.
        (six_damaged("body_length", [(1 << 63) - 1, 5, 0, 6000, 1, -3, 1]), "'body_length' "
         "holds a number past SQLite's"),
        (six_damaged("body_length", [-721, 5, 0, 6000, 1, -3, 1]), "'body_length' makes a "
         "length below 0"),
        (six_damaged("body_length", [-20, 5, -1, 6000, 1, -3, 1]), "makes a length below 0"),
        (six_damaged("line_end", ["x", 0, 40, -50, None, None, 0]), "'line_end' holds a value "
         "that is not an integer or null"),
        (six_damaged("line_end", [18.0, 0, 40, -50, None, None, 0]), "not an integer or null"),
        (six_damaged("line_end", [True, 0, 40, -50, None, None, 0]), "'line_end' holds true"),
        (six_damaged("line_end", [[18], 0, 40, -50, None, None, 0]), "'line_end' holds a list"),
        (six_damaged("line_end", [HUGE, 0, 40, -50, None, None, 0]), "'line_end' holds a number"),
        # Each step fits, the line number it and the body's lines make does not.
        (six_damaged("line_end", [18, 0, 40, -50, None, None, (1 << 63) - 5]), "'line_end' "
         "holds a number past SQLite's"),
    ],
)  # fmt: skip
def test_short_names_codes_that_do_not_make_the_rows_are_refused(
    columns: dict[str, bytes], problem: str
) -> None:
    with pytest.raises(ColumnsError, match=problem):
        six_decoded(columns, len(SIX_ROWS))


FORGED = ["x", 1.5, 2.0, True, False, None, [1], {"a": 1}, HUGE, 1 << 63, 1e30, -(1 << 63)]


@pytest.mark.parametrize("value", FORGED, ids=repr)
def test_a_forged_value_anywhere_in_the_counted_codes_is_refused_or_read(value: object) -> None:
    # Wherever it is, in the columns whose codes doctrove-shard@6 makes from counts: the
    # columns are read (some nulls are codes) or refused, never another exception.
    sent = {name: orjson.loads(data) for name, data in six_columns_of(SIX_HEAD).items()}
    places = [("body_length", None), ("line_end", None), ("line_start", None)] + [
        ("token_counts", column) for column in range(4)
    ]
    for name, column in places:
        for place in range(len(SIX_ROWS)):
            forged = orjson.loads(orjson.dumps(sent[name]))
            (forged if column is None else forged[column])[place] = value
            with contextlib.suppress(ColumnsError):
                six_decoded(six_damaged(name, forged), len(SIX_ROWS))
