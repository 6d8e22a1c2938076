"""schemas.derived_columns: a doctrove-shard@5 head's columns leave out what rows derive from
each other, give back exactly the rows, and codes that do not make a value are refused."""

from __future__ import annotations

import json
from contextlib import closing

import orjson
import pytest

from schemas import derived_columns
from schemas.derived_columns import docutils_id
from schemas.section_columns import (
    COLUMN_NAMES,
    ColumnsError,
    HeadRows,
    SectionRow,
    decode_columns,
    encode_columns,
    restore_rows,
)
from schemas.shards import CHUNKED_FORMAT, DERIVED_FORMAT, PLAIN_COLUMNS_FORMAT
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
