"""client.search.query: how a focus is read into concepts and identifiers, its synonyms, and
its Chinese words read in English (the pure part of the search, without a shard)."""

from __future__ import annotations

import time

import pytest

from client.search.query import MAX_CONCEPTS, SYNONYMS, parse_focus, read_through_glossary
from schemas.text import stem


@pytest.mark.parametrize(
    ("focus", "labels", "identifiers"),
    [
        ("how do I set a timeout", ["set", "timeout"], []),
        ("Session.mount", ["session.mount"], ["session.mount"]),
        (".helpCommand()", ["helpcommand"], ["helpcommand"]),
        ("run_simple", ["run_simple"], ["run_simple"]),
        ("the", ["th"], []),
        ("怎样减少内存占用", ["减", "少", "内", "存", "占", "用"], []),
        ("有哪些插件", ["插", "件"], []),
        # Contractions and possessives: no "don", "t" or "s" concepts.
        ("I don't want the matcher's errors", ["matcher", "error"], []),
        ("it can’t and won't start", ["start"], []),
        # ... of a name that ends in a digit or is not in Latin letters, written with any
        # apostrophe ("´" is one on many keyboards), and "shan't" is no "sha" (a hash).
        ("the s3's bucket and base64's padding", ["s3", "bucket", "base64", "pad"], []),
        ("拼音's style", ["styl", "拼", "音"], []),
        ("the Москва's zone", ["москва", "zon"], []),
        ("don´t retry and donʼt log", ["retri", "log"], []),
        ("I shan't hash", ["hash"], []),
        # Question words and function characters go whatever run or script they stand in,
        # and stay only when nothing else is left.
        ("vConsole 的 Network 怎么把", ["vconsole", "network"], ["vconsole"]),
        ("how to 配置", ["配", "置"], []),
        ("怎么", ["怎", "么"], []),
        # "How to write it" asks for code: 写 is no concept (zh_en_chars.tsv reads it "write").
        ("限流怎么写", ["限", "流"], []),
        # An abbreviation is neither a code name nor a concept.
        ("signing that does nothing, e.g. for tests", ["sign", "noth", "test"], []),
    ],
)
def test_parse_focus(focus: str, labels: list[str], identifiers: list[str]) -> None:
    parsed = parse_focus(focus)
    assert [c.label for c in parsed.concepts] == labels
    assert list(parsed.identifiers) == identifiers


def test_a_long_focus_is_read_in_linear_time() -> None:
    # A run of letters without an apostrophe made the contraction pattern try every length of
    # it from every letter: 20,000 letters took seconds (focuses are bounded, their callers'
    # text need not be).
    started = time.perf_counter()
    parse_focus("a" * 20_000 + " " + "aB" * 10_000)
    assert time.perf_counter() - started < 1.0


def test_synonyms_weigh_less_than_the_word_itself() -> None:
    (concept,) = parse_focus("delete").concepts
    ways = [(w.label, w.weight) for w in concept.ways]
    assert ways[0] == ("delet", 1.0)
    assert {("remov", 0.8), ("destroy", 0.8)} <= set(ways[1:])
    assert all(weight == 0.8 for _, weight in ways[1:])


def test_a_dotted_number_is_held_whole_never_by_its_digits() -> None:
    _, version, utf8 = parse_focus("python 2.7 utf8").concepts
    assert [w.label for w in version.ways] == ["2.7"]
    assert [w.label for w in utf8.ways] == ["utf8", "utf 8"]
    assert [w.label for w in parse_focus("os.path").concepts[0].ways] == ["os.path", "os path"]


def test_no_synonym_stems_to_a_common_word_of_another_meaning() -> None:
    # "settings" stems to "set" and "https" to "http": as synonyms they made "Python sets"
    # mean configuration and every "http" mean SSL/TLS.
    assert SYNONYMS.get("set") is None
    assert SYNONYMS.get("http") is None
    assert "tl" in SYNONYMS["ssl"] and "config" in SYNONYMS[stem("configure")]


def test_a_network_port_is_not_read_as_a_migration() -> None:
    # "port" as a verb (port code to a new API) is rare in docs; as a noun (PORT=8000, the
    # port a server listens on) it is common, and "migrate" or "transition" says neither.
    (concept,) = parse_focus("port").concepts
    assert [w.label for w in concept.ways] == ["port"]
    assert "port" not in SYNONYMS.get(stem("migrate"), ())


@pytest.mark.parametrize(
    ("word", "other_sense"),
    [
        ("mode", "chmod"),  # debug mode, strict mode
        ("handle", "filedescriptor"),  # handle an error
        ("descriptor", "fd"),  # Python's descriptor protocol
        ("core", "cpu"),  # a library's core
        ("key", "apikey"),  # a dict key, a primary key, sort's key=
        ("root", "sudo"),  # the project root, the root logger
        ("block", "blacklist"),  # a code block, blocking I/O
        ("usage", "consumption"),  # a Usage section
        ("index", "registry"),  # a database or array index
        ("client", "frontend"),  # an HTTP or API client
        ("seed", "fixture"),  # a random seed
        ("batch", "headless"),  # a batch size
        ("drop", "disconnect"),  # DROP TABLE, df.drop
        ("reset", "econnreset"),  # reset a password or a state
        ("release", "deallocate"),  # a version release
        ("quiet", "idle"),  # --quiet
        ("register", "signup"),  # register a plugin or a handler
        ("instance", "machine"),  # an instance of a class
        ("node", "machine"),  # Node.js, a DOM or tree node
        ("child", "subprocess"),  # a child element or class
        ("setup", "fixture"),  # install and setup
    ],
)
def test_a_word_is_not_read_as_a_synonym_of_another_sense(word: str, other_sense: str) -> None:
    # The word's common sense in software docs is not the group's: as "port" was not "migrate".
    assert stem(other_sense) not in SYNONYMS.get(stem(word), ())


def test_a_chinese_term_is_also_searched_by_its_english_words() -> None:
    concepts = parse_focus("签名校验").concepts
    assert [c.label for c in concepts] == ["签", "名", "校", "验"]
    for concept in concepts:
        assert concept.ways[0].weight == 1.0  # the docs' own Chinese pair first
        assert any(w.label == "signatur" and w.weight == 0.8 for w in concepts[0].ways)


def test_chinese_words_without_a_translation_do_not_count_against_english_docs() -> None:
    focus = parse_focus("请求超时 plugh 的设置")
    read = read_through_glossary(focus)
    assert next(c.label for c in read.concepts) == "plugh"  # words in the docs' script stay
    assert all(not c.cjk for c in read.concepts)
    assert {w.label for c in read.concepts for w in c.ways} >= {"request", "timeout"}


def test_a_chinese_term_read_through_the_glossary_is_one_concept() -> None:
    # 请求 and 超时 are two characters each: read in English, each is one word of the focus,
    # not two copies of it that would weigh it twice beside "plugh".
    read = read_through_glossary(parse_focus("请求超时 plugh"))
    readings = [tuple(w.label for w in c.ways) for c in read.concepts]
    assert len(readings) == len(set(readings))
    assert [c.label for c in read.concepts] == ["plugh", "请", "超"]


def test_a_question_asked_as_a_or_not_a_is_no_negation() -> None:
    # 能不能 ("can it") read 不能 through the glossary as "cannot": a concept English docs hold
    # often, in 22 of the Chinese questions written so far, none of which asks about one.
    def readings(focus: str) -> set[str]:
        return {way.label for concept in parse_focus(focus).concepts for way in concept.ways}

    assert "cannot" not in readings("能不能取消请求") and "cancel" in readings("能不能取消请求")
    assert not {"none", "cannot"} & readings("有没有取消请求的函数")
    assert "cannot" in readings("不能取消请求")  # a negation stays one


def test_a_long_chinese_question_keeps_its_last_words() -> None:
    # Each character is a concept: 24 of them, the bound of English words, cut this question
    # before "end the template early" (提前结束), what it asks.
    asked = "数据为空时只想输出一句提示，模板后面的内容全部不要渲染，能在模板中间提前结束吗？"
    labels = [c.label for c in parse_focus(asked).concepts]
    assert {"结", "束"} <= set(labels)
    english = " ".join(f"word{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(40))
    assert len(parse_focus(english).concepts) == MAX_CONCEPTS
    chinese = "".join(chr(0x4E00 + 2 * i) for i in range(80))  # no function characters
    assert len(parse_focus(chinese).concepts) == 2 * MAX_CONCEPTS


def test_a_or_not_a_is_read_as_what_it_asks() -> None:
    # The glossary cut 能不能用 from its 不: 不能用 "broken unavailable" read the 用 of "can it
    # be used", and 不一样 "different" the 样 of 一不一样 "is it the same".
    def readings(focus: str) -> set[str]:
        return {way.label for concept in parse_focus(focus).concepts for way in concept.ways}

    assert not {"broken", "unavailabl"} & readings("能不能用线程池")
    assert "different" not in readings("两个版本的输出一不一样")
    assert "sam" in readings("两个版本的输出一不一样")  # 一样 "same", as the question asks
    assert "allow" in readings("请求放不放行")  # 放行 "allow" of 放不放行 "allow or not"


def test_ab_or_not_ab_is_read_as_the_ab_it_asks() -> None:
    # 支持不支持 ("does it support") read its 不支持 as "unsupported", 存在不存在 ("does it
    # exist") its 不存在 as "missing": one concept more, a negation the question does not ask.
    def readings(focus: str) -> set[str]:
        return {way.label for concept in parse_focus(focus).concepts for way in concept.ways}

    assert "unsupport" not in readings("支持不支持异步") and "support" in readings("支持不支持异步")
    assert "miss" not in readings("配置文件存在不存在") and "exist" in readings(
        "配置文件存在不存在"
    )
    assert [c.label for c in parse_focus("支持不支持异步").concepts] == ["支", "持", "异", "步"]


def test_a_chinese_word_of_one_character_between_english_words_is_read_in_english() -> None:
    # "WebSocket 帧" ("WebSocket frames") asked of English docs kept only "websocket".
    read = read_through_glossary(parse_focus("怎么收发 WebSocket 帧"))
    assert [c.label for c in read.concepts][-1] == "帧"
    assert "fram" in {way.label for way in read.concepts[-1].ways}
