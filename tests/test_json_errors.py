"""schemas.json_errors: why bytes are not JSON, for a file cut short above all."""

from pathlib import Path

import orjson
import pytest

from builder.check import check_index
from builder.errors import IndexInvalid
from client.catalog_loader import check_body
from schemas.json_errors import CUT_SHORT, json_problem

COMPAT_INDEX = Path(__file__).resolve().parents[1] / "examples" / "compat"


def problem(body: bytes) -> str:
    with pytest.raises(orjson.JSONDecodeError) as refused:
        orjson.loads(body)
    return json_problem(body, refused.value)


def test_a_file_cut_in_the_middle_of_a_character_is_called_cut_short() -> None:
    # orjson said "str is not valid UTF-8: surrogates not allowed: line 1 column 1 (char 0)".
    body = '{"heading": "路由"}'.encode()[:-4]
    assert problem(body) == f"it ends in the middle of a UTF-8 character: {CUT_SHORT}"


def test_a_file_cut_between_characters_keeps_orjsons_place_and_says_why() -> None:
    assert problem(b'{"a": 1') == f"unexpected end of data: line 1 column 8 (char 7): {CUT_SHORT}"


def test_a_byte_that_is_not_utf8_is_named_by_its_offset() -> None:
    assert problem(b'{"a": "\xff"}') == (
        "byte 7 is not UTF-8 (invalid start byte); the file must be UTF-8"
    )


def test_other_mistakes_are_orjsons_own_words() -> None:
    with pytest.raises(orjson.JSONDecodeError) as refused:
        orjson.loads(b"[1,,]")
    assert json_problem(b"[1,,]", refused.value) == str(refused.value)
    assert "line 1 column 4 (char 3)" in str(refused.value)


def test_a_truncated_chinese_index_is_called_cut_short_by_check_and_client(
    tmp_path: Path,
) -> None:
    whole = (COMPAT_INDEX / "doctrove-demo-index.json").read_bytes()
    cut = whole[: len(whole) - 100]
    with pytest.raises(UnicodeDecodeError):
        cut.decode()  # the cut falls inside a character
    path = tmp_path / "index.json"
    path.write_bytes(cut)
    with pytest.raises(IndexInvalid) as refused:
        check_index(path)
    assert "cut short" in str(refused.value)
    assert check_body(cut, "0" * 64, None, "index") == [
        f"not valid JSON: it ends in the middle of a UTF-8 character: {CUT_SHORT}"
    ]
