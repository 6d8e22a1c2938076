"""The retrieval evaluation: its metric code on literal rankings, the question files and their
frozen split, gold matching, the CI gate, and a frozen table of queries over the real example
corpus with the sections that must come first."""

from collections.abc import Iterator
from pathlib import Path

import pytest

import eval.__main__ as eval_main
from eval.__main__ import (
    check_gate,
    format_blind,
    format_discordant,
    format_held_out,
    format_silenced,
    format_table,
    sign_test,
)
from eval.corpus import Corpus, answers_ours, open_corpus, search_baseline, search_ours
from eval.dataset import (
    HELD_OUT,
    KINDS,
    VALIDATION,
    DatasetError,
    Gold,
    Question,
    load_file,
    load_questions,
)
from eval.freeze import assign_splits, freeze
from eval.gold import BuiltSection, find_in_docs, index_sections, normalize_heading, resolve
from eval.metrics import (
    Scores,
    average,
    pairs_right,
    recall_at,
    reciprocal_rank,
    right_at_one,
)
from eval.run import Prepared, Run, prepare, run, score


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


def test_right_at_one_counts_silence_as_right_only_when_nothing_answers() -> None:
    assert right_at_one(["a", "b"], {"a"}) and not right_at_one(["b", "a"], {"a"})
    assert right_at_one([], set()) and not right_at_one(["a"], set())
    assert not right_at_one([], {"a"})
    pairs = [((["a"], {"a"}), ([], set())), ((["a"], {"a"}), (["x"], {"b"}))]
    assert pairs_right(pairs) == (1, 2)


def question(
    origin: str,
    kind: str,
    expect: tuple[Gold, ...],
    pair: str = "",
    version: str = "1",
    library: str = "lib",
) -> Question:
    return Question(origin, kind, library, version, f"text {origin}", expect, "dev", pair)


def test_score_per_kind_pairs_and_abstention() -> None:
    gold = (Gold("f.md", "A"),)
    prepared = [
        Prepared(question("1", "keyword", gold), frozenset({"a"}), (), ()),
        Prepared(question("2", "paraphrase", gold), frozenset({"b"}), (), ()),
        Prepared(question("3", "paraphrase", gold), frozenset({"c"}), (), ()),
        Prepared(question("4", "unanswerable", ()), frozenset(), (), ()),
        Prepared(question("5", "version", gold, pair="p", version="2"), frozenset({"v"}), (), ()),
        Prepared(question("6", "version", (), pair="p", version="1"), frozenset(), (), ()),
    ]
    ours = Run("ours", (("a",), ("x", "b"), ("y",), ("junk",), ("v",), ()))
    report = score(prepared, ours)
    assert report.by_kind["keyword"] == Scores(1, 1.0, 1.0, 1.0)
    assert report.by_kind["paraphrase"] == Scores(2, 0.0, 0.5, 0.25)
    assert report.by_kind["overall"] == Scores(4, 0.5, 0.75, 0.625)
    assert report.by_kind["api"] == Scores(0, 0.0, 0.0, 0.0)
    assert report.pairs == (1, 1)
    assert report.abstained == (1, 2)
    text = format_table(report, report)
    assert "overall" in text and "ours 1/2, baseline 1/2" in text and "ours 1/1" in text


def test_the_blind_line_scores_the_questions_written_blind_alone() -> None:
    gold = (Gold("f.md", "A"),)
    blind = Prepared(question("q:1", "keyword", gold), frozenset({"a"}), (), ())
    legacy = Prepared(question("legacy:1", "keyword", gold), frozenset({"b"}), (), ())
    ours = Run("ours", (("x", "a"), ("b",)))
    assert format_blind([blind], Run("ours", (("a",),)), Run("bm25", (("a",),))) is None
    line = format_blind([blind, legacy], ours, Run("bm25", ((), ())))
    assert line is not None
    # Only the blind question counts: right at rank 2 (the legacy one, right at 1, is left out).
    assert line.startswith("written blind   1    0.000 1.000   0.500    0.000 0.000   0.000")
    assert "of 1 questions" in line


def test_the_held_out_lines_score_seen_and_unseen_libraries_apart() -> None:
    gold = (Gold("f.md", "A"),)
    held = min(HELD_OUT)
    seen = Prepared(question("q:1", "keyword", gold), frozenset({"a"}), (), ())
    unseen = Prepared(question("q:2", "keyword", gold, library=held), frozenset({"b"}), (), ())
    assert format_held_out([seen], Run("ours", (("a",),)), Run("bm25", (("a",),))) is None
    lines = format_held_out([seen, unseen], Run("ours", (("a",), ("x", "b"))), Run("b", ((), ())))
    assert lines is not None
    first, second = lines.splitlines()
    assert first.startswith("seen libs       1    1.000 1.000   1.000")
    assert second.startswith("held-out libs   1    0.000 1.000   0.500")


def test_discordant_questions_are_counted_per_side_answerable_only() -> None:
    gold = (Gold("f.md", "A"),)
    items = [
        Prepared(question("q:1", "paraphrase", gold), frozenset({"a"}), (), ()),
        Prepared(question("q:2", "paraphrase", gold), frozenset({"a"}), (), ()),
        Prepared(question("q:3", "api", gold), frozenset({"a"}), (), ()),
        Prepared(question("q:4", "keyword", gold), frozenset({"a"}), (), ()),
        Prepared(question("q:5", "unanswerable", ()), frozenset(), (), ()),
    ]
    ours = Run("ours", (("a",), ("x", "a"), ("a",), ("a",), ()))
    baseline = Run("bm25", (("x",), ("a",), ("x",), ("a",), ("z",)))
    overall, paraphrase = format_discordant(items, ours, baseline).splitlines()
    assert overall.startswith("right at rank 1 for one side only, overall: ours 2, baseline 1 ")
    assert paraphrase.startswith(
        "right at rank 1 for one side only, paraphrase: ours 1, baseline 1"
    )


def test_silenced_counts_answerable_questions_left_without_an_answer() -> None:
    gold = (Gold("f.md", "A"),)
    items = [
        Prepared(question("q:1", "paraphrase", gold), frozenset({"a"}), (), ()),
        Prepared(question("q:2", "api", gold), frozenset({"a"}), (), ()),
        Prepared(question("q:3", "unanswerable", ()), frozenset(), (), ()),
    ]
    line = format_silenced(items, Run("ours", ((), ("x",), ())))
    assert line == "answered by the docs, answered with nothing: ours 1/2"


@pytest.mark.parametrize(
    ("wins", "losses", "p"),
    [(0, 0, 1.0), (3, 3, 1.0), (5, 0, 0.0625), (0, 5, 0.0625), (5, 16, 0.0266), (18, 21, 0.7493)],
)
def test_sign_test_is_two_sided_and_exact(wins: int, losses: int, p: float) -> None:
    assert sign_test(wins, losses) == pytest.approx(p, abs=1e-4)


def test_misses_are_listed_for_dev_only(capsys: pytest.CaptureFixture[str]) -> None:
    for split in ("val", "test", "all"):
        with pytest.raises(SystemExit) as stopped:
            eval_main.main(["--split", split, "--misses"])
        assert stopped.value.code == 2
        assert f"the {split} split reports figures" in capsys.readouterr().err


def test_the_gate_holds_every_gated_split_to_its_recorded_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    recorded = tmp_path / "recorded.json"
    recorded.write_text(
        '{"val": {"R@1": 0.7, "R@5": 0.9, "MRR@10": 0.8},'
        ' "test": {"R@1": 0.6, "R@5": 0.8, "MRR@10": 0.7}}'
    )
    monkeypatch.setattr(eval_main, "RECORDED", recorded)
    measured = {"val": {"R@1": 0.7, "R@5": 0.9, "MRR@10": 0.8}}
    measured["test"] = {"R@1": 0.6, "R@5": 0.8, "MRR@10": 0.7}
    asked: list[str] = []

    def evaluate(split: str) -> dict[str, float] | None:
        asked.append(split)
        return measured[split]

    monkeypatch.setattr(eval_main, "evaluate", evaluate)
    assert eval_main.main(["--gate"]) == 0 and asked == ["val", "test"]
    assert "gate: val figures hold" in capsys.readouterr().out
    measured["val"] = {"R@1": 0.7, "R@5": 0.85, "MRR@10": 0.8}  # val fell, test held
    assert eval_main.main(["--gate"]) == 1
    assert "R@5 0.850 is below the recorded 0.900" in capsys.readouterr().out
    measured["val"] = {"R@1": 0.7, "R@5": 0.9, "MRR@10": 0.8}
    monkeypatch.setattr(eval_main, "evaluate", lambda split: None)  # a wrong gold section
    assert eval_main.main(["--gate"]) == 1


def test_the_gate_fails_only_past_the_tolerance() -> None:
    recorded = {"R@1": 0.6, "R@5": 0.9, "MRR@10": 0.7}
    assert check_gate({"R@1": 0.1, "R@5": 0.885, "MRR@10": 0.69}, recorded) == []
    problems = check_gate({"R@1": 0.6, "R@5": 0.87, "MRR@10": 0.67}, recorded)
    assert len(problems) == 2 and problems[0].startswith("R@5 0.870")


@pytest.mark.parametrize(
    ("written", "built"),
    [
        ("`0.54.0`_ (2025-03-30)", "0.54.0 (2025-03-30)"),
        ("Limiting Request Data", "limiting request data"),
        ("os.path.join()", "os.path.join"),
        ("Caching (part 2 of 3)", "Caching"),
        ("**Bold**  heading", "Bold heading"),
        ("快速开始", "快速开始"),
    ],
)
def test_headings_match_once_markup_is_set_aside(written: str, built: str) -> None:
    assert normalize_heading(written) == normalize_heading(built)


def test_resolve_takes_every_part_and_only_the_named_file() -> None:
    table = index_sections(
        [
            BuiltSection("a.md#x", "a.md", "Caching (part 1 of 2)"),
            BuiltSection("a.md#x-2", "a.md", "Caching (part 2 of 2)"),
            BuiltSection("b.md#x", "b.md", "Caching"),
            BuiltSection("#y", "", "请求对象 req"),
        ]
    )
    assert resolve([Gold("a.md", "caching")], table) == {"a.md#x", "a.md#x-2"}
    assert resolve([Gold("", "请求对象 req")], table) == {"#y"}
    assert resolve([Gold("c.md", "Caching")], table) == set()


def test_resolve_tells_names_apart_by_case_when_the_file_does() -> None:
    # Python's asyncio docs hold both the function asyncio.timeout and the class
    # asyncio.Timeout: gold that names one is not answered by the other.
    table = index_sections(
        [
            BuiltSection("t.html#asyncio.timeout", "t.html", "asyncio.timeout"),
            BuiltSection("t.html#asyncio.Timeout", "t.html", "asyncio.Timeout"),
            BuiltSection("t.html#timeouts", "t.html", "Timeouts"),
        ]
    )
    assert resolve([Gold("t.html", "asyncio.timeout()")], table) == {"t.html#asyncio.timeout"}
    assert resolve([Gold("t.html", "asyncio.Timeout")], table) == {"t.html#asyncio.Timeout"}
    # Case is set aside when no heading of the file is written as the gold is.
    assert resolve([Gold("t.html", "ASYNCIO.TIMEOUT")], table) == {
        "t.html#asyncio.timeout",
        "t.html#asyncio.Timeout",
    }
    assert resolve([Gold("t.html", "timeouts")], table) == {"t.html#timeouts"}


def test_find_in_docs_reads_headings_html_and_code(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.rst").write_text("Limiting Data\n=============\n\n.. autoclass:: m.C\n")
    (tmp_path / "docs" / "p.html").write_text('<h2>Basic <code>use</code>¶</h2><dt id="m.f">')
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "m.py").write_text("class C:\n    def sign(self):\n        pass\n")
    docs, code = tmp_path / "docs", (tmp_path,)
    assert find_in_docs(Gold("a.rst", "Limiting Data"), docs)
    assert find_in_docs(Gold("p.html", "Basic use"), docs)
    assert find_in_docs(Gold("p.html", "m.f"), docs)
    assert find_in_docs(Gold("a.rst", "m.C.sign"), docs, code)
    assert not find_in_docs(Gold("a.rst", "m.C.verify"), docs, code)
    assert not find_in_docs(Gold("a.rst", "Limiting Date"), docs)
    assert not find_in_docs(Gold("missing.rst", "Limiting Data"), docs)


QUESTION = """
[[queries]]
kind = "{kind}"
library = "lib"
version = "1.0"
text = "{text}"
expect = {expect}
{extra}
"""


def write_questions(path: Path, *blocks: str) -> Path:
    path.write_text("".join(blocks), encoding="utf-8")
    return path


def block(kind: str = "keyword", text: str = "q", expect: str = "", extra: str = "") -> str:
    expect = expect or '[{ file = "a.md", heading = "A" }]'
    return QUESTION.format(kind=kind, text=text, expect=expect, extra=extra)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (block(extra='split = "dev"\nweight = 2'), "unknown keys"),
        (block(kind="fuzzy", extra='split = "dev"'), "kind must be"),
        (block(), "split must be dev, val or test"),
        (block(kind="unanswerable", extra='split = "dev"'), "expects []"),
        (block(kind="api", expect="[]", extra='split = "dev"'), "may expect []"),
        (block(expect='[{ file = "a.md" }]', extra='split = "dev"'), "{ file = "),
        (block(extra='split = "dev"').replace('"lib"', f'"{min(HELD_OUT)}"'), "is held out"),
        (block(extra='split = "test"').replace('"lib"', f'"{min(VALIDATION)}"'), "val split"),
        (block(extra='split = "val"'), "val split"),
        # A library that is no string is refused as one, not looked up in HELD_OUT (unhashable).
        (block(extra='split = "dev"').replace('"lib"', '["lib"]'), "library must be"),
    ],
)
def test_malformed_questions_are_refused_with_where(
    tmp_path: Path, written: str, message: str
) -> None:
    path = write_questions(tmp_path / "set.toml", written)
    with pytest.raises(DatasetError, match=r"set\.toml: question 1") as caught:
        load_file(path)
    assert message in str(caught.value)


def test_a_pair_must_span_two_versions_in_one_split(tmp_path: Path) -> None:
    folder = tmp_path / "questions"
    folder.mkdir()
    write_questions(
        folder / "set.toml",
        block(kind="version", extra='pair = "p"\nsplit = "dev"'),
        block(kind="version", text="other", extra='pair = "p"\nsplit = "test"'),
    )
    with pytest.raises(DatasetError, match="pair 'p'"):
        load_questions(folder)


def test_splits_are_stratified_deterministic_and_keep_pairs_together() -> None:
    def items() -> list[dict[str, object]]:
        made: list[dict[str, object]] = [
            {"kind": kind, "library": "l", "version": "1", "text": f"{kind} {n}"}
            for kind in ("paraphrase", "api")
            for n in range(30)
        ]
        for n in range(6):
            for version in ("1", "2"):
                made.append(
                    {"kind": "version", "library": "l", "version": version, "text": f"v{n}",
                     "pair": f"p{n}"}
                )  # fmt: skip
        return made

    first, second = items(), items()
    assign_splits(first)
    assign_splits(list(reversed(second)))
    assert [i["split"] for i in first] == [i["split"] for i in second]
    for kind in ("paraphrase", "api"):
        assert sum(1 for i in first if i["kind"] == kind and i["split"] == "test") == 10
    pairs = [i for i in first if i["kind"] == "version"]
    assert all(a["split"] == b["split"] for a, b in zip(pairs[::2], pairs[1::2], strict=True))
    assert sum(1 for i in pairs if i["split"] == "test") == 4


def test_every_question_of_a_held_out_library_is_test_of_a_validation_one_val() -> None:
    made: list[dict[str, object]] = [
        {"kind": kind, "library": library, "version": "1", "text": f"{kind} {n}"}
        for library in ("lib", min(HELD_OUT), min(VALIDATION))
        for kind in ("paraphrase", "api")
        for n in range(30)
    ]
    # A held-out library's version pair is test too, whatever the pairs' stratification says.
    made += [
        {"kind": "version", "library": min(HELD_OUT), "version": version, "text": f"v{n}",
         "pair": f"held{n}"}
        for n in range(6)
        for version in ("1", "2")
    ]  # fmt: skip
    assign_splits(made)
    held = [i for i in made if i["library"] in HELD_OUT]
    assert len(held) == 72 and all(i["split"] == "test" for i in held)
    validation = [i for i in made if i["library"] in VALIDATION]
    assert len(validation) == 60 and all(i["split"] == "val" for i in validation)
    others = [i for i in made if i["library"] not in HELD_OUT | VALIDATION]
    assert sum(1 for i in others if i["split"] == "test") == 20


def test_freezing_is_append_only(tmp_path: Path) -> None:
    target = tmp_path / "set.toml"
    write_questions(target, block(text="old", extra='split = "test"'))
    new = write_questions(tmp_path / "new.toml", block(text="old"), block(text="new"))
    assert freeze(new, target) == (1, 1)
    loaded = load_file(target)
    assert [(q.text, q.split) for q in loaded] == [("old", "test"), ("new", "dev")]
    assert loaded[1].expect == (Gold("a.md", "A"),)


def test_a_freeze_the_evaluation_cannot_read_leaves_the_target_as_it_was(
    tmp_path: Path,
) -> None:
    target = tmp_path / "set.toml"
    write_questions(target, block(text="old", extra='split = "test"'))
    before = target.read_bytes()
    new = write_questions(tmp_path / "new.toml", block(kind="fuzzy", text="new"))
    with pytest.raises(DatasetError, match=r"set\.toml: question 2: kind must be"):
        freeze(new, target)
    assert target.read_bytes() == before


def test_the_question_set_has_the_promised_shape() -> None:
    questions = load_questions()
    blind = [q for q in questions if q.written_blind]
    kinds = {kind: sum(1 for q in blind if q.kind == kind) for kind in KINDS}
    assert len(blind) >= 300
    assert kinds["paraphrase"] / len(blind) >= 0.40
    assert kinds["api"] / len(blind) >= 0.15
    assert kinds["chinese"] / len(blind) >= 0.08
    assert sum(1 for q in blind if not q.answerable) / len(blind) >= 0.08
    assert len({q.pair for q in blind if q.pair}) >= 10
    assert len({q.library for q in blind}) >= 12
    assert len({(q.library, q.version) for q in blind}) >= 20
    assert sum(1 for q in blind if q.split == "val") >= 100
    assert {q.library for q in blind if q.split == "val"} == VALIDATION
    stratified = [q for q in blind if not (q.held_out or q.validation)]
    assert 0.30 <= sum(1 for q in stratified if q.split == "test") / len(stratified) <= 0.36
    assert all(q.split == "dev" for q in questions if not q.written_blind)
    assert len({(q.library, q.version, q.text) for q in questions}) == len(questions)


@pytest.fixture(scope="module")
def corpus(examples_site: Path) -> Iterator[Corpus]:
    with open_corpus(site=examples_site) as opened:
        yield opened


def test_every_gold_section_is_in_the_docs(corpus: Corpus) -> None:
    prepared = prepare(corpus, load_questions())
    assert [(p.question.origin, g) for p in prepared for g in p.wrong] == []


def test_a_subset_runs_end_to_end(corpus: Corpus) -> None:
    prepared = prepare(corpus, load_questions()[:12])
    ours = run(corpus, prepared, "ours", search_ours)
    baseline = run(corpus, prepared, "baseline", search_baseline)
    assert len(ours.rankings) == len(baseline.rankings) == 12
    for ranking in (*ours.rankings, *baseline.rankings):
        assert len(ranking) <= 10
    report = score(prepared, ours)
    assert report.by_kind["overall"].count == sum(1 for p in prepared if p.question.answerable)


# The ranking oracle: frozen expectations over the example corpus. A change to the ranker that
# breaks one of these must be a deliberate one.
@pytest.mark.parametrize(
    ("library", "version", "focus", "top"),
    [
        ("werkzeug", None, "secure_filename", "utils.rst#werkzeug.utils.secure_filename"),
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
        ("werkzeug", "3.1.3", "make_line_iter", None),
        ("dayjs", None, "农历节气", None),
    ],
)  # fmt: skip
def test_ranking_oracle(
    corpus: Corpus, library: str, version: str | None, focus: str, top: str | None
) -> None:
    ranking = search_ours(corpus.shard(library, version), focus)
    assert (ranking[0] if ranking else None) == top


def test_the_evaluation_answers_as_doc_extract_does_with_the_other_versions(corpus: Corpus) -> None:
    """A name only the version before uses empties the answer (client.search.elsewhere);
    search_ours, the ranking alone, still finds sections through the focus' other name."""
    focus = "make_line_iter get_input_stream"
    conn = corpus.shard("werkzeug", "3.1.3")
    assert search_ours(conn, focus)
    assert answers_ours(corpus)(conn, focus) == []
    assert answers_ours(corpus)(corpus.shard("werkzeug", "2.3.8"), focus)
