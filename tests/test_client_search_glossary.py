"""The word tables the search reads a focus with: well-formed data, and Chinese runs cut into
the glossary's terms longest first."""

from importlib import resources

import pytest

from client.search import glossary
from client.search.glossary import (
    ASKED_GLOSSARY,
    EVERYDAY_GLOSSARY,
    LONE_CHARACTERS,
    MIN_TERM_CHARS,
    TWO_WAY_GLOSSARY,
    Translation,
    character_readings,
    chinese_terms,
    synonym_groups,
    translations,
)
from client.search.query import SYNONYMS


def _lines(name: str) -> list[str]:
    text = resources.files("client.search").joinpath(name).read_text(encoding="utf-8")
    return text.splitlines()


def test_the_glossary_files_are_one_term_a_line_with_english_words() -> None:
    terms = []
    for name in (TWO_WAY_GLOSSARY, ASKED_GLOSSARY, EVERYDAY_GLOSSARY):
        header, *lines = _lines(name)
        assert header.startswith(f"# {name}:")
        for line in lines:
            term, english = line.split("\t")
            assert term and all("\u4e00" <= char <= "\u9fff" for char in term), line
            assert english.split() and english == english.lower(), line
            terms.append(term)
    assert len(terms) == len(set(terms)), "a term is listed twice, in one file or both"
    assert len(chinese_terms()) == len(terms)


def test_the_everyday_words_are_sorted_and_given_three_english_words_at_most() -> None:
    _, *lines = _lines(EVERYDAY_GLOSSARY)
    terms = [line.split("\t")[0] for line in lines]
    assert terms == sorted(terms)
    assert all(len(line.split("\t")[1].split()) <= 3 for line in lines)


def test_a_general_word_is_read_whole_not_as_its_characters() -> None:
    # 根据 "according to" was cut into 根, read alone as "root" (zh_en_chars.tsv), and 据; 放弃
    # "give up" into 放 "put" and 弃; 满足 "satisfy" into 满 "full" and 足.
    table = chinese_terms()
    for run, english in (("根据配置", "accord"), ("放弃请求", "abandon"), ("满足条件", "satisfi")):
        first = translations(run)[0]
        assert (first.start, first.end) == (0, 2), run
        assert first.tokens == table[run[:2]] and english in first.tokens, run
    assert "root" not in {token for found in translations("根据配置") for token in found.tokens}


def _read_tokens(run: str) -> set[str]:
    return {token for found in translations(run) for token in found.tokens}


@pytest.mark.parametrize(
    ("run", "misleading"),
    [
        ("反对这种写法", "object"),  # "oppose", not a Python object
        ("关键参数", "key"),  # "crucial", not a dict or API key
        ("移植到新版本", "port"),  # porting code, not a network port
        ("界面卡顿", "interfac"),  # the UI, not an interface or protocol
        ("用什么方式", "mod"),  # "in what way", not debug or file mode
        ("不清楚怎么配置", "clear"),  # "unsure", not clearing a cache
        ("提出问题", "rais"),  # "put forward", not raising an exception
        ("性质不同", "properti"),  # "nature", not a Python property
        ("客户的请求", "client"),  # a customer, not an HTTP client
        ("习惯写法", "custom"),  # a habit, not customizing
    ],
)
def test_an_everyday_word_is_not_read_in_a_sense_software_docs_use_otherwise(
    run: str, misleading: str
) -> None:
    assert misleading not in _read_tokens(run)


_COMMON_WORD_RUNS = ["做出修改", "作出调整", "做成插件", "制作镜像", "使得请求失败", "这件事情"]


@pytest.mark.parametrize("run", _COMMON_WORD_RUNS)
def test_an_everyday_word_is_not_read_as_an_english_word_every_page_says(run: str) -> None:
    # "make" and "thing" match nearly every section: 做出修改 asks about changing something.
    assert not {"mak", "thing"} & _read_tokens(run)


@pytest.mark.parametrize(
    ("run", "term"),
    [
        ("每一对象", "对象"),  # not 一对 "pair"
        ("多数据源", "数据源"),  # not 多数 "most"
        ("测试时期望抛出异常", "期望"),  # not 时期 "period"
        ("解释一下线程池", "线程池"),  # not 下线 "offline"
        ("以下方法", "方法"),  # not 下方 "below"
        ("各项目的配置", "项目"),  # not 各项 "various", then 目的 "purpose"
        ("查看其实现", "实现"),  # not 其实 "actually"
        ("对面向对象不熟", "面向对象"),  # not 对面 "opposite"
    ],
)
def test_an_everyday_word_does_not_take_a_character_of_the_term_after_it(
    run: str, term: str
) -> None:
    start = run.index(term)
    found = {(t.start, t.end): t.tokens for t in translations(run)}
    assert found.get((start, start + len(term))) == chinese_terms()[term]


@pytest.mark.parametrize(
    ("run", "english"),
    [("早期版本", "version"), ("后续版本", "version"), ("测试环境", "environment")],
)
def test_an_everyday_word_keeps_the_english_of_the_software_term_it_holds(
    run: str, english: str
) -> None:
    # 早期版本 was read "early" alone: the glossary's 版本 "version" was lost.
    assert english in _read_tokens(run)


def test_every_synonym_group_has_two_words_or_more() -> None:
    lines = _lines("synonyms.txt")
    assert lines[0].startswith("#")
    assert all(len(line.split()) >= 2 for line in lines[1:])
    assert len(synonym_groups()) == len(lines) - 1


def test_synonyms_from_the_data_file_join_the_table_both_ways() -> None:
    group = synonym_groups()[0]
    first, second = group[0], group[1]
    assert second in SYNONYMS[first] and first in SYNONYMS[second]


def test_a_run_is_cut_into_the_longest_terms_first() -> None:
    table = chinese_terms()
    assert "数据库" in table and "数据" in table  # the longer term must win over its prefix
    found = translations("数据库连接")
    assert found[0] == Translation(0, 3, table["数据库"])
    assert [(t.start, t.end) for t in found] == [(0, 3), (3, 5)]


def test_single_characters_are_not_terms_inside_a_longer_run() -> None:
    table = chinese_terms()
    one_char = next(term for term in table if len(term) == 1 and term not in character_readings())
    assert MIN_TERM_CHARS == 2
    assert translations(one_char + "的") == ()
    assert translations("的的的") == ()


def test_a_run_of_one_character_is_read_as_the_glossary_term_of_that_character() -> None:
    # 帧 of "WebSocket 帧" and 库 of "WebSocket 库" stand alone between English words: read
    # neither as a term (two characters or more) nor as zh_en_chars.tsv's, they were lost to
    # English docs, and the glossary's terms of one character were read nowhere.
    table = chinese_terms()
    one_char = next(term for term in table if len(term) == 1 and term not in character_readings())
    assert translations(one_char) == (Translation(0, 1, table[one_char]),)
    lone = next(char for char in character_readings() if char not in table)
    assert translations(lone) == (Translation(0, 1, character_readings()[lone]),)
    assert translations("的") == ()


def test_a_one_character_term_with_one_meaning_is_read_inside_a_run() -> None:
    # 值 "value" was a term of zh_en.tsv read only as a run of its own: in 的值能用 ("can the
    # values be") no longer term holds it, and the question lost its one word about values.
    assert [t.tokens for t in translations("的值能用")] == [("valu",)]
    assert character_readings()["键"] == ("key",)


def test_english_words_are_given_as_search_tokens() -> None:
    assert chinese_terms()["签名"][0] == "signatur"  # stemmed as the index stems "signature"


def test_the_lone_characters_file_is_one_character_a_line_with_english_words() -> None:
    header, *lines = _lines(LONE_CHARACTERS)
    assert header.startswith(f"# {LONE_CHARACTERS}:")
    chars = [line.split("\t")[0] for line in lines]
    for line in lines:
        char, english = line.split("\t")
        assert len(char) == 1 and "\u4e00" <= char <= "\u9fff", line
        assert english.split() and english == english.lower(), line
    assert len(chars) == len(set(chars)) == len(character_readings())


def test_a_character_no_term_holds_is_read_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # 改 of 被改 ("was changed"): no glossary term holds it, and terms are two characters or
    # more inside a run, so the question's verb was lost to English docs.
    monkeypatch.setattr(glossary, "character_readings", lambda: {"改": ("chang",)})
    table = chinese_terms()
    assert "被改" not in table and "修改" in table
    assert translations("被改") == (Translation(1, 2, ("chang",)),)
    # Inside a term the term's reading stands.
    assert translations("修改") == (Translation(0, 2, table["修改"]),)
    # Readings come in the run's order, terms and characters alike.
    assert [t.start for t in translations("文件被改")] == [0, 3]
