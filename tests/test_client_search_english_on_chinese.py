"""A question asked in English of docs written in Chinese: the English words the docs never use
are also read as the Chinese terms the glossary gives them; words the docs use are left alone."""

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.shards import build_database
from client.search.glossary import MAX_CHINESE_TERMS, chinese_terms, english_terms
from client.search.query import _chinese_ways, chinese_readings, parse_focus
from client.search.recall import in_docs_language
from client.search.sections import search_sections
from client.section_bodies import add_section_views


def _record(heading: str, body: str, line: int) -> dict[str, object]:
    return {
        "heading": heading,
        "headingPath": ["指南"],
        "body": body,
        "path": f"https://docs.example/guide.html#{heading}",
        "anchor": heading,
        "source": "guide.md",
        "lines": [line, line + 2],
    }


CHINESE_RECORDS = [
    _record("中间件", "中间件函数可以访问请求对象和响应对象。错误处理中间件有四个参数。", 1),
    _record("路由", "路由决定应用如何响应客户端对某个端点的请求。", 4),
    _record(
        "代理", "应用运行在反向代理之后时，打开 trust proxy 设置，才能拿到客户端的真实地址。", 7
    ),
    _record("模板引擎", "设置视图目录和模板引擎后，用 res.render 渲染页面。", 10),
]


@pytest.fixture(scope="module")
def chinese_shard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path: Path = tmp_path_factory.mktemp("shard") / "zh.sqlite"
    build_database(path, "zh", "1.0.0", CHINESE_RECORDS)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    yield conn
    conn.close()


def test_the_glossary_read_backwards_gives_each_english_word_its_chinese_terms() -> None:
    table = english_terms()
    assert table["middlewar"][0] == "中间件"  # stemmed, as a focus word is; its own term first
    # 错误处理 holds 错误, which any search for it already finds
    assert "错误" in table["error"] and "错误处理" not in table["error"]
    assert max(map(len, table.values())) <= MAX_CHINESE_TERMS


def test_an_english_word_is_read_into_chinese_docs_terms_not_the_words_questions_ask_with() -> None:
    # zh_en_asked.tsv's 读取表格 ("read excel csv") and 数据校验 ("validation ...") read a
    # Chinese question; Chinese docs say 逗号分隔 and 验证, which they crowded out.
    table = english_terms()
    assert table["csv"] == ("逗号分隔",)
    assert table["validation"] == ("验证",)
    assert chinese_terms()["读取表格"] == ("read", "excel", "csv")
    assert "数据校验" in chinese_terms()


@pytest.mark.parametrize(
    ("focus", "top"),
    [
        ("error handling middleware", "中间件"),
        ("the real client address behind a reverse proxy", "代理"),
    ],
)
def test_chinese_docs_answer_a_question_asked_in_english(
    chinese_shard: sqlite3.Connection, focus: str, top: str
) -> None:
    result = search_sections(chinese_shard, focus)
    assert [s.heading for s in result.sections][:1] == [top]
    assert result.unheard == ()  # "middleware" is in these docs, in Chinese


def test_an_english_word_the_docs_use_is_not_read_into_chinese(
    chinese_shard: sqlite3.Connection,
) -> None:
    focus = parse_focus("trust proxy middleware")
    read = {c.label: c for c in in_docs_language(chinese_shard, focus).concepts}
    # "proxy" is written in these docs (trust proxy): searched as it is, not as 代理
    assert read["proxi"] == next(c for c in focus.concepts if c.label == "proxi")
    assert "中间件" in {way.label for way in read["middlewar"].ways}
    assert all(way.weight < 1.0 for way in read["middlewar"].ways if way.label == "中间件")


def test_only_the_glossary_s_words_are_remembered() -> None:
    # A long-running server sees endless distinct focus words: the readings cache must not.
    before = _chinese_ways.cache_info().currsize
    for n in range(50):
        assert chinese_readings(parse_focus(f"zyxword{n}").concepts[0]) == ()
    assert _chinese_ways.cache_info().currsize == before
