"""Search text normalization: what documents index as, and what queries ask for."""

import itertools
import re
import sqlite3
from contextlib import closing

import pytest

from schemas import text
from schemas.shards import shard_statements
from schemas.text import (
    QueryTerm,
    index_text,
    match_expression,
    normalize,
    query_terms,
    stem,
)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("os.path.join", "os.path.join os path join"),
        ("Session.mount()", "session.mount session mount"),
        ("snake_case_name", "snake_case_name snak cas nam"),
        ("camelCaseName", "camelcasename camel cas nam"),
        ("z.string().email()", "z.string.email z string email"),
        ("Request.get_data", "request.get_data get_data request get data"),
        ("HTTPServer __init__", "httpserver http server __init__ init"),
        ("base64 3.11", "base64 bas 64 3.11 3 11"),
        ("Timeouts, configuring!", "timeout configur"),
        ("see `json.dumps`.", "se json.dumps json dump"),
    ],
)
def test_words_and_identifiers(text: str, tokens: str) -> None:
    assert index_text(text) == tokens


@pytest.mark.parametrize(
    ("forms", "common"),
    [
        (("timeout", "timeouts"), "timeout"),
        (("configure", "configures", "configuring", "configured"), "configur"),
        (("apply", "applies", "applied", "applying"), "appli"),
        (("stop", "stops", "stopped", "stopping"), "stop"),
        (("class", "classes"), "class"),
        (("need", "needs", "needed"), "need"),
        (("add", "adds", "added"), "add"),
        (("use", "uses", "used", "using"), "us"),
        (("status", "statuses"), "status"),
    ],
)
def test_word_forms_meet(forms: tuple[str, ...], common: str) -> None:
    assert [stem(form) for form in forms] == [common] * len(forms)


def test_stem_leaves_short_non_ascii_and_mixed_words_alone() -> None:
    assert [stem(w) for w in ("is", "string", "thing", "naïve", "abc1", "Mixed")] == [
        "is",
        "string",
        "thing",
        "naïve",
        "abc1",
        "Mixed",
    ]


def test_chinese_japanese_korean_give_characters_and_pairs() -> None:
    assert index_text("默认值") == "默 认 值 默认 认值"
    assert index_text("こんにちは") == "こ ん に ち は こん んに にち ちは"
    assert index_text("한국어 검색") == "한 국 어 한국 국어 검 색 검색"
    assert index_text("使用z.string()校验") == "使 用 使用 z.string z string 校 验 校验"


def test_normalization_folds_width_diacritics_and_case() -> None:
    assert normalize("ＡＢＣ１ café") == "ABC1 cafe"
    assert index_text("ＣＡＦÉ") == index_text("cafe") == "caf"
    assert index_text("ｶﾀｶﾅ") == index_text("カタカナ")


def test_overlong_tokens_are_left_out_without_blowing_up() -> None:
    assert index_text("x" * 65) == ""
    assert index_text("a" * 10_000_000) == ""
    assert index_text("word " * 3 + "k" * 64) == "word word word " + "k" * 64
    assert index_text("") == ""
    assert index_text(" \n\t!?") == ""


@pytest.mark.parametrize(
    "written",
    [
        "os.path.join(a_b, c) 3.11.2 x.y. .z __init__ e.g.",
        "naïve café ÅNGSTRÖM ünïcödé_name.rest ٣٤ x\u00a0y ½ — ¶",
        "默认值 こんにちは 한국어 mixed漢字word x.默认 ａｂｃ",
    ],
)
def test_words_are_the_token_pattern_matches_for_ascii_accented_and_cjk_text(
    written: str,
) -> None:
    # ASCII text and text without CJK characters are matched by narrower patterns.
    normalized = normalize(written)
    assert text._words(normalized) == text.wide_pattern(text._TOKEN).findall(normalized)


def test_possessive_word_patterns_find_what_the_token_pattern_finds() -> None:
    # The patterns for ASCII text and text without CJK characters never backtrack; every
    # string of up to six of these characters must give the general pattern's matches.
    alphabet = ["a", "_", ".", " ", "1", "é", "—"]
    for length in range(1, 7):
        for letters in itertools.product(alphabet, repeat=length):
            written = "".join(letters)
            assert text._words(written) == text.wide_pattern(text._TOKEN).findall(written), repr(
                written
            )


def test_remembered_stems_are_the_stemmers_cold_and_warm() -> None:
    # Compound tokens take their parts' stems from a memo; it must give what stem() gives,
    # the first time and the next, words longer than a token included (not remembered).
    words = ["configured", "applies", "get", "data", "classes", "stopped", "naïve", "q" * 70]
    text._STEMS.clear()
    for _ in range(2):
        assert [text._STEMS[word] for word in words] == [stem(word) for word in words]
    assert "q" * 70 not in text._STEMS
    expected = "request.get_data get_data request get data getdata get data"
    assert index_text("Request.get_data getData") == expected


def test_tokens_are_exactly_what_the_shard_tokenizer_sees() -> None:
    # The shard's FTS5 tokenizer must split index_text output at its spaces and nowhere else.
    text = (
        "Session.mount() os.path.join snake_case_name 默认值 こんにちは 한국어 "
        "naïve café C++ x-y ÅNGSTRÖM ünïcödé_name e.g. 3.11.2 $var"
    )
    tokens = index_text(text).split(" ")
    with closing(sqlite3.connect(":memory:")) as conn:
        for statement in shard_statements():
            conn.execute(statement)
        conn.execute("INSERT INTO sections_fts (rowid, body) VALUES (1, ?)", (" ".join(tokens),))
        conn.execute("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, sections_fts, 'row')")
        vocabulary = {row[0] for row in conn.execute("SELECT term FROM temp.vocab")}
    assert vocabulary == set(tokens)


def test_query_terms() -> None:
    assert query_terms("Timeouts os.path.join 默 默认 默认值") == (
        QueryTerm("timeout"),
        QueryTerm("os.path.join", ("os", "path", "join")),
        QueryTerm("默"),
        QueryTerm("默认"),
        QueryTerm("默认 认值", ("默认", "认值")),
    )
    assert query_terms("timeout timeouts") == (QueryTerm("timeout"),)
    assert query_terms("  ?! ") == ()


def test_match_expression_quotes_every_token() -> None:
    assert match_expression("json.dumps indent") == (
        '("json.dumps" OR ("json" AND "dump")) OR ("indent")'
    )
    assert match_expression("json.dumps indent", require_all=True) == (
        '("json.dumps" OR ("json" AND "dump")) AND ("indent")'
    )
    assert match_expression("默认值") == '("默认 认值" OR ("默认" AND "认值"))'
    assert match_expression('NEAR(a b) OR "x" *') == '("near") OR ("a") OR ("b") OR ("or") OR ("x")'
    assert match_expression("") == ""


@pytest.mark.parametrize(
    ("written", "starts", "runs"),
    [
        ("", False, []),
        ("plain ascii", False, []),
        ("café — naïve", False, []),
        ("默认值 is the default", True, ["默认值"]),
        ("the 默认值 and こんにちは, 한국어", False, ["默认值", "こんにちは", "한국어"]),
        ("𠀀𠀁 beyond the basic plane", True, ["𠀀𠀁"]),
    ],
)
def test_cjk_script_checks_read_the_cjk_character_class(
    written: str, starts: bool, runs: list[str]
) -> None:
    assert text.starts_in_cjk_script(written) is starts
    assert text.cjk_runs(written) == runs
    assert text.cjk_runs(written) == re.findall(f"[{text.CJK_CHARACTERS}]+", written)
