"""bench/word_tables.py: a phrase of the focus read as one concept, the focus bounded as the
search bounds it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from client.search.query import MAX_CONCEPTS, parse_focus

BENCH = Path(__file__).resolve().parent.parent / "bench" / "word_tables.py"


def _bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("word_tables_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_focus_with_a_phrase_keeps_the_concepts_the_search_keeps() -> None:
    # A Chinese character counts half toward MAX_CONCEPTS (client.search.query): the phrase
    # variant cut the focus at MAX_CONCEPTS concepts whatever their script, so a Chinese
    # question with a phrase lost its last words there and nowhere else.
    chinese = "数据为空时只想输出一句提示模板后面内容全部不渲染能在中间提前结束吗请求超时秒抛出异常"
    focus = "turn off " + chinese
    read = _bench().with_phrases(parse_focus, {("turn", "off"): ("disabl",)})(focus)
    assert len(parse_focus(chinese).concepts) > MAX_CONCEPTS
    assert read.concepts[0].label == "turn off"
    assert [c.label for c in read.concepts[1:]] == [c.label for c in parse_focus(chinese).concepts]
