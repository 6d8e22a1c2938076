"""The names of files published under their content's sha256 (schemas.digests)."""

from __future__ import annotations

import hashlib

import pytest

from schemas.digests import FULL_NAME_DIGITS, SHORT_NAME_DIGITS, names_content
from schemas.shards import (
    CHUNKED_FORMAT,
    DERIVED_FORMAT,
    SHORT_NAMES_FORMAT,
    SPLIT_FORMAT,
    content_name,
    name_digits,
)

DATA = b"a body pack"
FULL = hashlib.sha256(DATA).hexdigest()


def test_a_doctrove_shard_6_head_names_files_by_128_bits_earlier_formats_by_all_256() -> None:
    assert content_name(FULL, SHORT_NAMES_FORMAT) == FULL[:32]
    for earlier in (SPLIT_FORMAT, CHUNKED_FORMAT, DERIVED_FORMAT):
        assert content_name(FULL, earlier) == FULL
        assert name_digits(earlier) == FULL_NAME_DIGITS
    assert name_digits(SHORT_NAMES_FORMAT) == SHORT_NAME_DIGITS == 32


def test_a_whole_sha256_or_its_first_32_digits_name_the_content() -> None:
    assert names_content(FULL, DATA)
    assert names_content(FULL[:32], DATA)


@pytest.mark.parametrize(
    "name",
    [
        FULL[:31],  # a shorter prefix would take fewer bits than a name is trusted with
        FULL[:33],
        FULL[:63],
        FULL.upper(),
        FULL[:32] + "\n",
        "",
        hashlib.sha256(b"other bytes").hexdigest(),
        hashlib.sha256(b"other bytes").hexdigest()[:32],
    ],
)
def test_anything_else_does_not(name: str) -> None:
    assert not names_content(name, DATA)
