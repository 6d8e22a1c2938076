"""eval.train's abstention fit: labelled by a right section among the first five, written to and
read back from ranker data as the client reads it."""

from __future__ import annotations

import orjson

from client.search.features import FEATURES, Candidate, Described
from client.search.model import ABSTENTION_INPUTS, ANSWER_DEPTH, RankerModel, model_from_json
from eval.dataset import Gold, Question
from eval.run import Prepared
from eval.train import Example, fit_abstention, fit_confidence, to_json


def candidate(section_id: int, score: float) -> Described:
    features = [score] + [0.0] * (len(FEATURES) - 1)
    c = Candidate(section_id, f"s{section_id}", (), f"s{section_id}", "a.md", 100, -1.0, {})
    return Described(c, tuple(features), 0.5, False, ())


def example(gold_place: int | None, n: int = 8) -> Example:
    """Candidates 1..n scored in that order; the gold, when any, at ``gold_place`` (1-based)."""
    keys = {f"a.md#s{gold_place}"} if gold_place else set()
    expect = (Gold("a.md", f"s{gold_place}"),) if gold_place else ()
    question = Question("t", "paraphrase", "lib", "1", "a question", expect, "dev", "")
    described = tuple(candidate(i, 1.0 - i / 10) for i in range(1, n + 1))
    return Example(
        Prepared(question, frozenset(keys), (), ()),
        described,
        tuple(f"a.md#s{i}" for i in range(1, n + 1)),
        False,
        3,
    )


MODEL = RankerModel(weights=(1.0,) + (0.0,) * (len(FEATURES) - 1))


def test_the_abstention_fit_counts_a_right_section_among_the_first_five() -> None:
    # Gold second to fifth: wrong at rank 1, right for whether to answer. The examples differ in
    # nothing the fits read, so each fit's intercept says the share it counts as right.
    examples = [example(place) for place in (1, 2, 3, 4, 5, ANSWER_DEPTH + 1, None, None)]
    confidence = fit_confidence(MODEL, examples)
    abstention = fit_abstention(MODEL, examples)
    assert len(abstention) == 1 + len(ABSTENTION_INPUTS)
    # Logit of the share: 1 of 8 right at rank 1, 5 of 8 among the first five.
    assert confidence[0] < 0 < abstention[0]


def test_ranker_data_round_trips_the_abstention_fit() -> None:
    fit = tuple(float(i) / 10 for i in range(1 + len(ABSTENTION_INPUTS)))
    model = RankerModel(
        weights=(0.5,) * len(FEATURES), abstain_below=0.4, abstention_fit=fit, worded_margin=1.0
    )
    read = model_from_json(orjson.loads(to_json(model, questions=1)))
    assert read.abstention_fit == fit and read.abstain_below == 0.4
    assert read.worded_margin == 1.0
