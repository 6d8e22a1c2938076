"""eval.crossval: each library is scored by a ranker that never saw its questions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

import eval.crossval as crossval
from client.search.model import RankerModel
from eval.dataset import Gold, Question
from eval.metrics import Scores
from eval.run import Prepared
from eval.train import Example


def example(library: str, kind: str, keys: set[str], pair: str = "", version: str = "1") -> Example:
    expect = (Gold("f.md", "A"),) if keys else ()
    q = Question(f"{library}:{kind}", kind, library, version, "text", expect, "dev", pair)
    return Example(Prepared(q, frozenset(keys), (), ()), (), (), False)


EXAMPLES = [
    example("a", "keyword", {"a1"}),
    example("a", "paraphrase", {"a2"}),
    example("b", "paraphrase", {"b1"}),
    example("b", "unanswerable", set()),
    example("b", "version", {"b2"}, pair="p", version="2"),
    example("b", "version", set(), pair="p", version="1"),
]


def test_no_library_is_scored_by_a_ranker_trained_on_its_own_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    trained_on: list[set[str]] = []

    def fake_train(examples: Sequence[Example], mask: object, l2: float) -> RankerModel:
        libraries = {e.prepared.question.library for e in examples}
        trained_on.append(libraries)
        return replace(RankerModel(()), abstain_below=0.5, parent_margin=len(trained_on))

    def fake_rankings(
        model: RankerModel, examples: Sequence[Example], threshold: float | None = None
    ) -> list[tuple[tuple[str, ...], float]]:
        assert threshold == model.abstain_below  # each fold abstains by its own threshold
        fold = int(model.parent_margin) - 1
        found = []
        for e in examples:
            assert e.prepared.question.library not in trained_on[fold]
            right = sorted(e.prepared.keys)
            found.append(
                (tuple(right) if e.prepared.question.kind != "paraphrase" else ("x",), 1.0)
            )
        return found

    monkeypatch.setattr(crossval, "train", fake_train)
    monkeypatch.setattr(crossval, "rankings", fake_rankings)
    ranked = crossval.held_out_rankings(EXAMPLES, 0.01, None)
    assert trained_on == [{"b"}, {"a"}]
    assert ranked == [("a1",), ("x",), ("x",), (), ("b2",), ()]
    report = crossval.held_out_report(EXAMPLES, ranked)
    figures = report.by_kind
    assert figures["keyword"] == Scores(1, 1.0, 1.0, 1.0)
    assert figures["paraphrase"] == Scores(2, 0.0, 0.0, 0.0)
    assert figures["overall"] == Scores(4, 0.5, 0.5, 0.5)
    assert (report.abstained, report.pairs) == ((2, 2), (1, 1))


def test_a_train_share_trains_each_fold_on_a_seeded_draw_of_the_other_libraries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    many = [
        example(library, "paraphrase", {f"{library}{i}"}) for library in "abc" for i in range(4)
    ]
    trained_on: list[list[str]] = []

    def fake_train(examples: Sequence[Example], mask: object, l2: float) -> RankerModel:
        trained_on.append([e.prepared.question.origin for e in examples])
        return RankerModel(())

    def fake_rankings(
        model: RankerModel, examples: Sequence[Example], threshold: float | None = None
    ) -> list[tuple[tuple[str, ...], float]]:
        return [((), 0.0) for _ in examples]

    monkeypatch.setattr(crossval, "train", fake_train)
    monkeypatch.setattr(crossval, "rankings", fake_rankings)
    crossval.held_out_rankings(many, 0.01, None, share=0.5, seed=7)
    first = list(trained_on)
    assert [len(fold) for fold in first] == [4, 4, 4]  # half of the other two libraries' 8
    for library, fold in zip("abc", first, strict=True):
        assert not any(origin.startswith(f"{library}:") for origin in fold)
    trained_on.clear()
    crossval.held_out_rankings(many, 0.01, None, share=0.5, seed=7)
    assert trained_on == first  # the same seed draws the same questions


def test_a_train_share_outside_zero_to_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        crossval.main(["--train-share", "0"])
    assert "--train-share takes shares above 0" in capsys.readouterr().err


def test_a_given_threshold_holds_for_every_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float | None] = []

    def fake_train(examples: Sequence[Example], mask: object, l2: float) -> RankerModel:
        return replace(RankerModel(()), abstain_below=0.5)  # what each fold would choose

    def fake_rankings(
        model: RankerModel, examples: Sequence[Example], threshold: float | None = None
    ) -> list[tuple[tuple[str, ...], float]]:
        asked.append(threshold)
        return [((), 0.0) for _ in examples]

    monkeypatch.setattr(crossval, "train", fake_train)
    monkeypatch.setattr(crossval, "rankings", fake_rankings)
    crossval.held_out_rankings(EXAMPLES, 0.01, None, threshold=0.19)
    assert asked == [0.19, 0.19]


def test_a_threshold_outside_zero_to_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        crossval.main(["--threshold", "1.5"])
    assert "--threshold takes a confidence from 0 to 1" in capsys.readouterr().err


def test_fetched_examples_join_every_fold_and_are_never_scored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    trained_on: list[set[str]] = []
    scored: list[str] = []

    def fake_train(examples: Sequence[Example], mask: object, l2: float) -> RankerModel:
        trained_on.append({e.prepared.question.library for e in examples})
        return replace(RankerModel(()), abstain_below=0.5)

    def fake_rankings(
        model: RankerModel, examples: Sequence[Example], threshold: float | None = None
    ) -> list[tuple[tuple[str, ...], float]]:
        scored.extend(e.prepared.question.library for e in examples)
        return [((), 1.0) for _ in examples]

    monkeypatch.setattr(crossval, "train", fake_train)
    monkeypatch.setattr(crossval, "rankings", fake_rankings)
    fetched = [example("fetched", "paraphrase", {"f1"}), example("fetched", "api", {"f2"})]
    ranked = crossval.held_out_rankings(EXAMPLES, 0.01, None, extra=fetched)
    assert trained_on == [{"b", "fetched"}, {"a", "fetched"}]
    assert sorted(set(scored)) == ["a", "b"] and len(ranked) == len(EXAMPLES)


def test_fetched_folds_need_the_fetched_questions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        crossval.main(["--fetched-folds"])
    assert stopped.value.code == 2
    assert "give --fetched FOLDER" in capsys.readouterr().err
