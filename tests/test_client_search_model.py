"""The learned ranker: its stored weights fit the code, its order, its rules and its confidence."""

from dataclasses import replace

import orjson
import pytest

from client.search.features import FEATURES, Candidate, Described
from client.search.model import (
    ABSTENTION_INPUTS,
    CONFIDENCE_INPUTS,
    NAMED_FOCUS_SHARE,
    NAMED_TIER,
    RankerDataError,
    RankerModel,
    answer_chance,
    confidence,
    default_model,
    model_from_json,
    order,
)
from schemas.text import TOKENIZER


def described(
    section_id: int,
    score: float,
    *,
    source: str = "a.md",
    path: tuple[str, ...] = (),
    heading: str = "",
    named: bool = False,
    coverage: float = 0.5,
    heading_share: float = 1.0,
) -> Described:
    """A candidate whose first feature is ``score``, its ``heading`` feature ``heading_share``
    and the others 0 (with unit weights on the first, the model score is ``score``)."""
    features = [score] + [0.0] * (len(FEATURES) - 1)
    features[FEATURES.index("heading")] = heading_share
    heading = heading or f"s{section_id}"
    c = Candidate(section_id, heading, path, heading, source, 100, -1.0, {})
    return Described(c, tuple(features), coverage, named, ())


MODEL = RankerModel(weights=(1.0,) + (0.0,) * (len(FEATURES) - 1))


def ids(model: RankerModel, items: list[Described]) -> list[int]:
    return [s.described.candidate.section_id for s in order(model, items)]


def test_the_shipped_weights_name_every_feature_of_this_code() -> None:
    model = default_model()
    assert len(model.weights) == len(FEATURES)
    assert 0.0 <= model.abstain_below < 1.0
    document = orjson.loads(
        __import__("importlib.resources")
        .resources.files("schemas")
        .joinpath("ranker.json")
        .read_bytes()
    )
    assert document["tokenizer"] == TOKENIZER and set(document["weights"]) == set(FEATURES)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other@1"}, "is not doctrove-ranker@1"),
        ({"tokenizer": "doctrove-text@0"}, "trained with tokenizer"),
        ({"weights": {"coverage": 1.0}}, "do not name exactly the features"),
        ({"confidence": {"intercept": 0.0}}, "confidence must name"),
    ],
)
def test_ranker_data_that_does_not_fit_is_refused(change: dict[str, object], message: str) -> None:
    document = {
        "format": "doctrove-ranker@1",
        "tokenizer": TOKENIZER,
        "weights": dict.fromkeys(FEATURES, 0.0),
        "confidence": dict.fromkeys(("intercept", *CONFIDENCE_INPUTS), 0.0),
        "abstain_below": 0.2,
        "rules": {"parent_margin": 0.0, "diversity_margin": 0.0},
    }
    assert model_from_json(document).abstain_below == 0.2
    with pytest.raises(RankerDataError, match=message):
        model_from_json({**document, **change})


def test_order_follows_the_score_and_names_come_first() -> None:
    items = [described(1, 0.2), described(2, 0.9), described(3, 0.1, named=True)]
    assert ids(MODEL, items) == [3, 2, 1]
    assert order(MODEL, items)[0].score == pytest.approx(0.1 + NAMED_TIER)


def test_a_name_said_in_passing_does_not_put_its_entry_first() -> None:
    # "behind a load balancer request.remote_addr is always the balancer's address": the
    # entry is named, but the question is about the proxy, not about the attribute.
    passing = described(3, 0.1, named=True, heading_share=NAMED_FOCUS_SHARE - 0.01)
    items = [described(1, 0.2), described(2, 0.9), passing]
    assert ids(MODEL, items) == [2, 1, 3]
    asked = described(3, 0.1, named=True, heading_share=NAMED_FOCUS_SHARE)
    assert ids(MODEL, [described(1, 0.2), described(2, 0.9), asked]) == [3, 2, 1]


def test_diversity_defers_a_third_section_of_a_page_only_for_a_close_rival() -> None:
    items = [
        described(1, 1.0),
        described(2, 0.9),
        described(3, 0.8),
        described(4, 0.7, source="b.md"),
    ]
    assert ids(MODEL, items) == [1, 2, 3, 4]  # margin 0: the rule is off
    assert ids(replace(MODEL, diversity_margin=0.2), items) == [1, 2, 4, 3]
    assert ids(replace(MODEL, diversity_margin=0.05), items) == [1, 2, 3, 4]


def test_a_parent_takes_the_place_of_its_matching_children_within_the_margin() -> None:
    items = [
        described(2, 1.0, path=("Guide", "Hooks"), heading="Before"),
        described(3, 0.9, path=("Guide", "Hooks"), heading="After"),
        described(5, 0.95, source="b.md"),
        described(4, 0.5, source="c.md"),
        described(6, 0.4, source="d.md"),
        described(1, 0.7, path=("Guide",), heading="Hooks"),
    ]
    assert ids(MODEL, items)[0] == 2
    assert ids(replace(MODEL, parent_margin=0.5), items)[:3] == [1, 2, 5]
    assert ids(replace(MODEL, parent_margin=0.1), items)[0] == 2


def entry(section_id: int, score: float, *, asked_in_words: bool = True) -> Described:
    """An API entry (its ``api_unasked`` feature set when the focus names no identifier)."""
    item = described(section_id, score)
    features = list(item.features)
    features[FEATURES.index("api_unasked" if asked_in_words else "api_asked")] = 1.0
    return replace(item, features=tuple(features))


def test_an_entry_gives_first_place_to_close_documentation_for_a_question_in_words() -> None:
    # "fastest way to load a few hundred thousand tuples into a table": the page on bulk
    # loading answers it, not the entry of the codec function its words also match.
    items = [entry(1, 1.0), entry(2, 0.9), described(3, 0.7), described(4, 0.2)]
    assert ids(MODEL, items) == [1, 2, 3, 4]  # margin 0: the rule is off
    assert ids(replace(MODEL, worded_margin=0.5), items) == [3, 1, 2, 4]
    assert ids(replace(MODEL, worded_margin=0.25), items) == [1, 2, 3, 4]  # 3 is too far
    # Asked by an identifier, the entry keeps its place; documentation already first stays.
    asked = [entry(1, 1.0, asked_in_words=False), described(3, 0.9)]
    assert ids(replace(MODEL, worded_margin=0.5), asked) == [1, 3]
    first = [described(3, 1.0), entry(1, 0.9), described(4, 0.8)]
    assert ids(replace(MODEL, worded_margin=0.5), first) == [3, 1, 4]


def test_a_release_note_does_not_take_the_place_of_an_entry_asked_in_words() -> None:
    # A release note the focus does not ask about comes after the documentation covering as
    # much (_documentation_first), an API entry included; the worded rule, looking past the
    # entry for a section that is not one, took the note and put it first over both.
    note = described(1, 1.5, coverage=0.8)
    features = list(note.features)
    features[FEATURES.index("changelog_unasked")] = 1.0
    note = replace(note, features=tuple(features))
    items = [note, replace(entry(2, 1.0), coverage=0.8), described(3, 0.2, coverage=0.5)]
    assert ids(MODEL, items) == [2, 1, 3]
    assert ids(replace(MODEL, worded_margin=0.5), items) == [2, 1, 3]  # 3 is too far
    assert ids(replace(MODEL, worded_margin=1.0), items) == [3, 2, 1]


def test_ranker_data_without_the_worded_rule_leaves_it_off() -> None:
    document = orjson.loads(
        __import__("importlib.resources")
        .resources.files("schemas")
        .joinpath("ranker.json")
        .read_bytes()
    )
    rules = {k: v for k, v in document["rules"].items() if k != "worded_margin"}
    assert model_from_json({**document, "rules": rules}).worded_margin == 0.0


def test_confidence_rises_with_score_margin_and_coverage() -> None:
    model = replace(MODEL, confidence_fit=(-2.0, 1.0, 1.0, 2.0, 1.0, -1.0))
    low = order(model, [described(1, 0.1, coverage=0.2), described(2, 0.1)])
    high = order(model, [described(1, 2.0, coverage=1.0), described(2, 0.1)])
    assert 0.0 < confidence(model, low, False) < confidence(model, high, False) < 1.0
    assert confidence(model, high, True) < confidence(model, high, False)
    assert confidence(model, [], False) == 0.0


def test_whether_to_answer_weighs_how_many_concepts_the_focus_has() -> None:
    # A long question's coverage is spread over many concepts: the same coverage says more of
    # whether one of the first sections answers when the focus has more of them.
    ranked = order(MODEL, [described(1, 1.0, coverage=0.12), described(2, 0.5)])
    fit = (-3.0, 0.0, 0.0, 4.0, 0.0, -1.0, 1.3)
    model = replace(MODEL, confidence_fit=(-1.0, 1.0, 1.0, 2.0, 1.0, -1.0), abstention_fit=fit)
    short, long = answer_chance(model, ranked, False, 3), answer_chance(model, ranked, False, 18)
    assert 0.0 < short < long < 1.0
    assert answer_chance(model, ranked, True, 18) < long
    assert answer_chance(model, [], False, 18) == 0.0
    # Ranker data fitted before the abstention fit (ranker-semantic.json) answers on the
    # confidence, as it did.
    plain = replace(model, abstention_fit=None)
    assert answer_chance(plain, ranked, False, 18) == confidence(plain, ranked, False)


def test_ranker_data_reads_its_abstention_fit_or_leaves_it_out() -> None:
    document = orjson.loads(
        __import__("importlib.resources")
        .resources.files("schemas")
        .joinpath("ranker.json")
        .read_bytes()
    )
    assert set(document["abstention"]) == {"intercept", *ABSTENTION_INPUTS}
    assert model_from_json(document).abstention_fit is not None
    without = {k: v for k, v in document.items() if k != "abstention"}
    assert model_from_json(without).abstention_fit is None
    with pytest.raises(RankerDataError, match="abstention must name"):
        model_from_json({**document, "abstention": {"intercept": 0.0}})
    with pytest.raises(RankerDataError, match="abstention must name"):
        model_from_json({**document, "abstention": [0.0] * 7})


def test_the_rules_weigh_only_sections_that_may_answer() -> None:
    # Section 4 scores close to section 3 but covers too little of the focus to be listed: it
    # must not push 3, the third of its page, behind sections that score far below it.
    from client.search.sections import answer_order

    items = [
        described(1, 1.0),
        described(2, 0.9),
        described(3, 0.8),
        described(4, 0.79, source="b.md", coverage=0.05),
        described(5, 0.5, source="c.md"),
        described(6, 0.4, source="d.md"),
        described(7, 0.3, source="e.md"),
    ]
    ranked, _ = answer_order(replace(MODEL, diversity_margin=0.2), items, False)
    assert [s.described.candidate.section_id for s in ranked] == [1, 2, 3, 5, 6, 7]


def test_diversity_keeps_a_page_the_focus_names_by_its_title() -> None:
    # a.md is titled as the focus asks: its first section (no heading path: its heading is
    # the title) stands third of the page without being set aside for b.md's close one.
    items = [described(1, 1.0, path=("T",)), described(2, 0.95, path=("T",)),
             described(3, 0.9, heading="T"), described(4, 0.85, source="b.md")]  # fmt: skip
    items[2] = replace(items[2], title=1.0)
    assert ids(replace(MODEL, diversity_margin=0.2), items) == [1, 2, 3, 4]
    items[2] = replace(items[2], title=0.0)
    assert ids(replace(MODEL, diversity_margin=0.2), items) == [1, 2, 4, 3]


def test_diversity_defers_a_section_only_for_a_rival_that_would_not_crowd_the_top() -> None:
    # 5 (a.md's third) is not set aside for 6, the third of b.md, which crowds the top as
    # much; nothing else scores near it, so the model's order stands.
    items = [
        described(1, 1.0),
        described(2, 0.95),
        described(3, 0.9, source="b.md"),
        described(4, 0.85, source="b.md"),
        described(5, 0.8),
        described(6, 0.79, source="b.md"),
        described(7, 0.2, source="c.md"),
    ]
    assert ids(replace(MODEL, diversity_margin=0.2), items) == [1, 2, 3, 4, 5, 6, 7]
