"""Conditional requests and ranges, evaluated as RFC 9110 says, on literal inputs."""

from __future__ import annotations

from http import HTTPStatus

import pytest

from builder.serve.validators import (
    ByteRange,
    EntityTag,
    Unsatisfiable,
    evaluate_preconditions,
    format_http_date,
    parse_entity_tags,
    parse_http_date,
    select_range,
)

ETAG = EntityTag("abc")
MODIFIED = 784111777  # Sun, 06 Nov 1994 08:49:37 GMT
MODIFIED_TEXT = "Sun, 06 Nov 1994 08:49:37 GMT"
EARLIER_TEXT = "Sun, 06 Nov 1994 08:49:36 GMT"
LATER_TEXT = "Sun, 06 Nov 1994 08:49:38 GMT"


@pytest.mark.parametrize(
    ("value", "tags"),
    [
        ('"abc"', (EntityTag("abc"),)),
        ('W/"abc"', (EntityTag("abc", weak=True),)),
        ('"a", W/"b",  "c"', (EntityTag("a"), EntityTag("b", weak=True), EntityTag("c"))),
        ('"a,b"', (EntityTag("a,b"),)),
        ('""', (EntityTag(""),)),
        (" * ", ()),
        ("abc", None),
        ('"abc', None),
        ('"a" "b"', None),
        ("", None),
    ],
)
def test_parse_entity_tags(value: str, tags: tuple[EntityTag, ...] | None) -> None:
    assert parse_entity_tags(value) == tags


def test_entity_tag_text() -> None:
    assert str(EntityTag("abc")) == '"abc"'
    assert str(EntityTag("abc", weak=True)) == 'W/"abc"'


@pytest.mark.parametrize(
    "value",
    [MODIFIED_TEXT, "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"],
)
def test_parse_http_date_accepts_the_three_forms(value: str) -> None:
    assert parse_http_date(value) == MODIFIED


@pytest.mark.parametrize(
    "value", ["", "yesterday", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 99 Nov 1994 08:49:37 GMT"]
)
def test_parse_http_date_rejects_junk(value: str) -> None:
    assert parse_http_date(value) is None


def test_format_http_date() -> None:
    assert format_http_date(MODIFIED) == MODIFIED_TEXT


def conditional(method: str = "GET", **headers: str) -> HTTPStatus | None:
    return evaluate_preconditions(method=method, etag=ETAG, last_modified=MODIFIED, **headers)


@pytest.mark.parametrize(
    ("headers", "outcome"),
    [
        ({}, None),
        ({"if_none_match": '"abc"'}, 304),
        ({"if_none_match": 'W/"abc"'}, 304),
        ({"if_none_match": '"x", "abc"'}, 304),
        ({"if_none_match": "*"}, 304),
        ({"if_none_match": '"x"'}, None),
        ({"if_none_match": "garbage"}, None),
        ({"if_modified_since": MODIFIED_TEXT}, 304),
        ({"if_modified_since": LATER_TEXT}, 304),
        ({"if_modified_since": EARLIER_TEXT}, None),
        ({"if_modified_since": "not a date"}, None),
        # If-None-Match wins: a mismatching tag means 200 even when the date says unchanged.
        ({"if_none_match": '"x"', "if_modified_since": LATER_TEXT}, None),
        ({"if_none_match": '"abc"', "if_modified_since": EARLIER_TEXT}, 304),
        ({"if_match": '"abc"'}, None),
        ({"if_match": "*"}, None),
        ({"if_match": 'W/"abc"'}, 412),
        ({"if_match": '"x"'}, 412),
        ({"if_unmodified_since": MODIFIED_TEXT}, None),
        ({"if_unmodified_since": EARLIER_TEXT}, 412),
        ({"if_match": '"abc"', "if_unmodified_since": EARLIER_TEXT}, None),
        ({"if_match": '"x"', "if_none_match": '"abc"'}, 412),
    ],
)
def test_preconditions_for_get(headers: dict[str, str], outcome: int | None) -> None:
    assert conditional(**headers) == outcome


def test_if_none_match_on_unsafe_method_is_412_and_if_modified_since_is_ignored() -> None:
    assert conditional("POST", if_none_match='"abc"') == HTTPStatus.PRECONDITION_FAILED
    assert conditional("POST", if_modified_since=LATER_TEXT) is None
    assert conditional("HEAD", if_none_match='"abc"') == HTTPStatus.NOT_MODIFIED


def test_weak_current_tag_never_matches_if_match() -> None:
    weak = EntityTag("abc", weak=True)
    outcome = evaluate_preconditions(method="GET", etag=weak, last_modified=0, if_match='"abc"')
    assert outcome == HTTPStatus.PRECONDITION_FAILED


def ranged(value: str | None, if_range: str | None = None, length: int = 1000) -> object:
    return select_range(value, if_range=if_range, length=length, etag=ETAG, last_modified=MODIFIED)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("bytes=0-99", ByteRange(0, 99)),
        ("bytes=0-0", ByteRange(0, 0)),
        ("bytes=500-", ByteRange(500, 999)),
        ("bytes=990-5000", ByteRange(990, 999)),
        ("bytes=-100", ByteRange(900, 999)),
        ("bytes=-5000", ByteRange(0, 999)),
        ("BYTES = 1-2", ByteRange(1, 2)),
        ("bytes=999-999", ByteRange(999, 999)),
        ("bytes=1000-", Unsatisfiable()),
        ("bytes=1000-2000", Unsatisfiable()),
        ("bytes=-0", Unsatisfiable()),
        # Ignored (full 200): several ranges, bad syntax, another unit, a backwards range.
        ("bytes=0-1,5-6", None),
        ("bytes=0-1,1000-", None),
        ("bytes=5-1", None),
        ("bytes=-", None),
        ("bytes=a-b", None),
        ("bytes 0-1", None),
        ("items=0-1", None),
        ("bytes=0-" + "9" * 30, None),
    ],
)
def test_select_range(value: str | None, expected: object) -> None:
    assert ranged(value) == expected


def test_empty_representation_has_no_satisfiable_range() -> None:
    assert ranged("bytes=0-", length=0) == Unsatisfiable()
    assert ranged("bytes=-1", length=0) == Unsatisfiable()


@pytest.mark.parametrize(
    ("if_range", "expected"),
    [
        ('"abc"', ByteRange(0, 9)),
        ('"old"', None),
        ('W/"abc"', None),
        (MODIFIED_TEXT, ByteRange(0, 9)),
        (LATER_TEXT, None),
        (EARLIER_TEXT, None),
        ("junk", None),
    ],
)
def test_if_range(if_range: str, expected: object) -> None:
    assert ranged("bytes=0-9", if_range=if_range) == expected


def test_content_range_text() -> None:
    assert ByteRange(0, 9).content_range(100) == "bytes 0-9/100"
    assert ByteRange(5, 5).length == 1
