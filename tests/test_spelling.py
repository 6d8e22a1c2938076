"""The "did you mean" guess the builder and the client share (schemas/spelling.py)."""

from __future__ import annotations

from schemas.spelling import nearest_name


def test_the_nearest_name_is_given_as_the_names_spell_it() -> None:
    assert nearest_name("cachettl", {"cacheTtl", "indexUrl"}) == "cacheTtl"
    assert nearest_name("PTH", ["path", "version"]) == "path"


def test_no_name_when_none_is_close() -> None:
    assert nearest_name("colour", ["path", "version"]) is None
    assert nearest_name("path", []) is None
