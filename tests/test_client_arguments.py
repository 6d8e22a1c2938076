"""A caller's arguments checked against their bounds, whatever front end passed them."""

from __future__ import annotations

import pytest

from client.arguments import optional_text, required_text, whole_number
from client.errors import InvalidRequest


@pytest.mark.parametrize(
    ("value", "expected"),
    [(" flask ", "flask"), ("\u202eksalf", "\u202eksalf"), ("a\x00b", "a\x00b"), ("😀", "😀")],
)
def test_text_is_stripped_and_any_unicode_character_kept(value: str, expected: str) -> None:
    assert required_text(value, "id", 10) == expected


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (None, "id must be a string"),
        (3, "id must be a string"),
        ("  ", "id must not be empty"),
        ("x" * 11, "id is longer than 10 characters"),
        ("\udcff", "id is not Unicode text"),
        ("a\ud83db", "id is not Unicode text"),
    ],
)
def test_text_that_is_absent_too_long_or_not_unicode_is_refused(
    value: object, problem: str
) -> None:
    with pytest.raises(InvalidRequest, match=problem):
        required_text(value, "id", 10)


def test_optional_text_is_none_when_absent_or_blank() -> None:
    assert optional_text(None, "focus", 10) is None
    assert optional_text(" ", "focus", 10) is None
    with pytest.raises(InvalidRequest, match="focus is not Unicode text"):
        optional_text("\ud800", "focus", 10)


@pytest.mark.parametrize("value", [True, 1.5, "3", 0, 11, -(10**30), 10**30])
def test_a_number_that_is_not_a_whole_number_within_bounds_is_refused(value: object) -> None:
    with pytest.raises(InvalidRequest, match="from 1 to 10"):
        whole_number(value, "limit", 1, 10, 5)
    assert whole_number(None, "limit", 1, 10, 5) == 5
