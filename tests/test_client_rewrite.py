"""client.rewrite on literal inputs: the prompt, the check of the model's reply, the fusion."""

from __future__ import annotations

import pytest

from client.errors import RewriteFailed
from client.limits import MAX_FOCUS_CHARS
from client.rewrite import (
    MAX_REPLY_CHARS,
    MAX_REWRITES,
    ORIGINAL_WEIGHT,
    REWRITE_MAX_TOKENS,
    REWRITE_WEIGHT,
    RRF_K,
    build_prompt,
    check_queries,
    fuse,
    language_hint,
    parse_queries,
)


def test_prompt_asks_for_strict_json_in_the_docs_language_within_a_token_bound() -> None:
    prompt = build_prompt("拼音风格", "pypinyin", "Chinese")
    assert '{"queries"' in prompt.system
    assert "Chinese" in prompt.system
    assert f"1 to {MAX_REWRITES}" in prompt.system
    assert prompt.user == "Library: pypinyin\nOriginal query: 拼音风格"
    assert prompt.max_tokens == REWRITE_MAX_TOKENS


@pytest.mark.parametrize(
    ("focus", "language"),
    [
        ("拼音风格", "Chinese"),
        ("ルーティング", "Japanese"),
        ("라우팅", "Korean"),
        ("маршруты", "Russian"),
        ("route converters", "the same language as the query"),
    ],
)
def test_language_hint_follows_the_script_of_the_focus(focus: str, language: str) -> None:
    assert language_hint(focus) == language


def test_a_valid_reply_gives_its_new_queries_stripped_without_repeats() -> None:
    reply = '  {"queries": [" URL converters ", "routing converters", "url converters", "rules"]}'
    with pytest.raises(RewriteFailed, match="4 queries"):
        parse_queries(reply, "routing converters")
    reply = '{"queries": [" URL converters ", "Routing Converters", "url converters"]}'
    assert parse_queries(reply, "routing converters") == ("URL converters",)


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("Sure! Here are some queries: converters", "not valid JSON"),
        ('```json\n{"queries": ["a"]}\n```', "not valid JSON"),
        ('["a", "b"]', 'exactly the key "queries"'),
        ('{"queries": ["a"], "note": "x"}', 'exactly the key "queries"'),
        ('{"queries": "a"}', "not a list of strings"),
        ('{"queries": ["a", 3]}', "not a list of strings"),
        ('{"queries": []}', "0 queries"),
        ('{"queries": ["focus", " "]}', "no query came back other than the original"),
        ('{"queries": ["' + "x" * (MAX_FOCUS_CHARS + 1) + '"]}', "a query is oversized"),
        (" " * (MAX_REPLY_CHARS + 1), "the reply is oversized"),
    ],
)
def test_an_unusable_reply_fails_saying_why(reply: str, reason: str) -> None:
    with pytest.raises(RewriteFailed, match=reason.replace("(", r"\(")):
        parse_queries(reply, "focus")


def test_check_queries_bounds_what_any_rewriter_returns() -> None:
    assert check_queries(["a", "b", "c"], "focus") == ("a", "b", "c")
    with pytest.raises(RewriteFailed, match="4 queries"):
        check_queries(["a", "b", "c", "d"], "focus")


def test_fusion_weights_the_original_above_each_rewrite() -> None:
    assert (RRF_K, ORIGINAL_WEIGHT, REWRITE_WEIGHT) == (60, 1.0, 0.5)
    # b: 1/62 + 0.5/61 + 0.5/61 beats a: 1/61; c, found by both rewrites only, comes after a.
    assert fuse(["a", "b"], [["b", "c"], ["b", "c"]], 5) == ["b", "a", "c"]
    # One rewrite's first section does not beat the original's first.
    assert fuse(["a"], [["x"]], 5) == ["a", "x"]


def test_fusion_never_drops_an_original_section() -> None:
    # A full original is only reordered: the rewrites' sections find no room.
    assert fuse(["a", "b", "c"], [["c", "x"], ["c", "y"]], 3) == ["c", "a", "b"]
    assert fuse(["a", "b"], [["x", "y", "z"]], 3) == ["a", "b", "x"]
    assert fuse([], [["x", "y"], ["y"]], 5) == ["y", "x"]
