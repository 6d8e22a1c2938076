"""The retrieval evaluation: its metric code on literal rankings, its query set, and a frozen
table of queries over the real example corpus with the sections that must come first."""

from collections.abc import Iterator

import pytest

from eval.__main__ import (
    Run,
    check_expectations,
    format_table,
    run,
    scores_by_kind,
    unanswerable_rate,
)
from eval.corpus import Corpus, open_corpus, search_baseline, search_ours
from eval.dataset import KINDS, Query, load_queries
from eval.metrics import Scores, average, recall_at, reciprocal_rank


@pytest.mark.parametrize(
    ("ranking", "expected", "r1", "r5", "rr"),
    [
        (["a", "b", "c"], {"a"}, 1.0, 1.0, 1.0),
        (["x", "a", "c"], {"a"}, 0.0, 1.0, 0.5),
        (["x", "y", "z", "w", "v", "a"], {"a"}, 0.0, 0.0, 1 / 6),
        (["x", "y", "a", "b"], {"b", "a"}, 0.0, 1.0, 1 / 3),
        ([f"x{i}" for i in range(10)] + ["a"], {"a"}, 0.0, 0.0, 0.0),
        ([], {"a"}, 0.0, 0.0, 0.0),
    ],
)
def test_metrics_on_literal_rankings(
    ranking: list[str], expected: set[str], r1: float, r5: float, rr: float
) -> None:
    assert recall_at(ranking, expected, 1) == r1
    assert recall_at(ranking, expected, 5) == r5
    assert reciprocal_rank(ranking, expected, 10) == pytest.approx(rr)


def test_average() -> None:
    rankings = [["a"], ["x", "b"], ["x", "y", "z", "w", "v", "c"], []]
    expected = [{"a"}, {"b"}, {"c"}, {"d"}]
    scores = average(rankings, expected)
    assert (scores.count, scores.recall_1, scores.recall_5) == (4, 0.25, 0.5)
    assert scores.mrr_10 == pytest.approx((1 + 0.5 + 1 / 6) / 4)
    assert average([], []) == Scores(0, 0.0, 0.0, 0.0)


def query(position: int, kind: str, expect: set[str]) -> Query:
    return Query(position, kind, "lib", None, "text", frozenset(expect))


def test_scores_by_kind_and_unanswerable_rate() -> None:
    queries = [
        query(1, "keyword", {"a"}),
        query(2, "paraphrase", {"b"}),
        query(3, "paraphrase", {"c"}),
        query(4, "unanswerable", set()),
        query(5, "unanswerable", set()),
    ]
    ours = Run("ours", (("a",), ("x", "b"), ("y",), (), ("junk",)))
    table = scores_by_kind(queries, ours)
    assert table["keyword"] == Scores(1, 1.0, 1.0, 1.0)
    assert table["paraphrase"] == Scores(2, 0.0, 0.5, 0.25)
    assert table["overall"] == Scores(3, 1 / 3, 2 / 3, 0.5)
    assert table["api"] == Scores(0, 0.0, 0.0, 0.0)
    assert unanswerable_rate(queries, ours) == (1, 2)
    text = format_table(queries, ours, ours)
    assert "overall" in text and "empty answer: ours 1/2, baseline 1/2" in text


def test_the_query_set_has_the_promised_shape() -> None:
    queries = load_queries()
    assert len(queries) >= 100
    kinds = {kind: sum(1 for q in queries if q.kind == kind) for kind in KINDS}
    assert all(kinds.values())
    assert 0.35 <= kinds["paraphrase"] / len(queries) <= 0.45
    assert 8 <= kinds["unanswerable"] <= 12
    assert [q.split for q in queries[:8]] == ["dev"] * 3 + ["test"] + ["dev"] * 3 + ["test"]
    assert len({(q.library, q.version, q.text) for q in queries}) == len(queries)


@pytest.fixture(scope="module")
def corpus() -> Iterator[Corpus]:
    with open_corpus() as opened:
        yield opened


def test_every_expected_section_exists(corpus: Corpus) -> None:
    assert check_expectations(corpus, load_queries()) == []


def test_a_subset_runs_end_to_end(corpus: Corpus) -> None:
    subset = load_queries()[:12]
    ours = run(corpus, subset, "ours", search_ours)
    baseline = run(corpus, subset, "baseline", search_baseline)
    assert len(ours.rankings) == len(baseline.rankings) == 12
    for ranking in (*ours.rankings, *baseline.rankings):
        assert len(ranking) <= 10
    table = scores_by_kind(subset, ours)
    assert table["overall"].count == sum(1 for q in subset if q.expect)
    assert 0.0 <= table["overall"].recall_1 <= table["overall"].recall_5 <= 1.0


# The ranking oracle: frozen expectations over the example corpus. A change to the ranker that
# breaks one of these must be a deliberate one.
@pytest.mark.parametrize(
    ("library", "version", "focus", "top"),
    [
        ("werkzeug", None, "secure_filename", "utils.rst#werkzeug.utils.secure_filename"),
        ("werkzeug", None, "an encoded slash %2f in the URL path arrives decoded",
         "wsgi.rst#raw-request-uri-and-path-encoding"),
        ("werkzeug", "2.3.8", "parse_authorization_header",
         "http.rst#werkzeug.http.parse_authorization_header"),
        ("python", None, "asyncio.TaskGroup", "library/asyncio-task.html#asyncio.TaskGroup"),
        ("python", None, "split a filename into its root and extension",
         "library/os.path.html#os.path.splitext"),
        ("werkzeug", "3.1.3", "MisdirectedRequest",
         "exceptions.rst#werkzeug.exceptions.MisdirectedRequest"),
        ("express", "4.21.2", "设置模板引擎 view engine", "#启动与端口"),
        ("attrs", None, "compute the hash once and store it on the object",
         "hashing.md#hash-code-caching"),
        ("pypinyin", None, "盲文风格", "CHANGELOG.rst#0550-2025-07-20"),
        ("express", "5.1.0", "通配符路由怎么写", "#通配符路由"),
        ("zod", None, "safeParse", "#对象与校验执行"),
        ("werkzeug", "3.1.3", "make_line_iter", None),
        ("python", None, "tkinter window geometry", None),
        ("dayjs", None, "农历节气", None),
    ],
)  # fmt: skip
def test_ranking_oracle(
    corpus: Corpus, library: str, version: str | None, focus: str, top: str | None
) -> None:
    ranking = search_ours(corpus.shard(library, version), focus)
    assert (ranking[0] if ranking else None) == top
