"""Order described candidates with the learned ranker, and say how sure the answer is.

The ranker is a linear model over client.search.features' features, trained on the evaluation's
dev questions by ``python -m eval.train`` and stored as data in schemas/ranker.json beside the
tokenizer it was trained with. On top of its order five rules hold: a section whose heading is
the identifier the focus names comes first when that heading holds at least NAMED_FOCUS_SHARE
of the focus (a name said in passing is only the ``named`` feature); a changelog entry, unless
the focus asks about versions, comes after the documentation that covers as much of the focus
(the issue's rule: release notes lose to the documentation otherwise); an API entry is not the
first answer to a focus that names no identifier when a section of the documentation scores
close to it (asked in words, the question is about a task, which the documentation explains
and an entry only lists); when several children of one section are among the first answers,
the parent may take their place; and at most MAX_PER_PAGE sections of one page stand among the
first DIVERSE_TOP unless the question is about that page. The last three move a section only
past one that scores within a margin of it, margins chosen on the training questions (0: off).

An answer's confidence is the share of dev answers like it that were right at rank 1: a logistic
fit of its top score, its margin over the next rival, how much of the focus it covers, whether its
heading names the focus' identifier, and whether the focus has a word the docs never use that
is not an English word (client.search.unheard). Whether to answer at all is a second fit: how
likely one of the first ANSWER_DEPTH sections is right, from the same inputs and how many
concepts the focus has (a long question's coverage is spread thin: "The request body often
carries extra fields my DTO class never declares. How do I have them stripped off?" covers
0.12 of its focus with the right section). Below the threshold, the search answers with
nothing rather than with its best guesses; a caller's own threshold (min_confidence) applies
to the confidence instead.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import orjson

from client.limits import DEFAULT_MAX_SECTIONS
from client.search.features import FEATURES, Described
from schemas import package_file
from schemas.text import TOKENIZER

FORMAT = "doctrove-ranker@1"
SEMANTIC_RANKER = "ranker-semantic.json"
MAX_PER_PAGE, DIVERSE_TOP = 2, 5
# A page is what the question is about when its title holds this share of the focus.
ABOUT_PAGE = 0.5
# Added to the score of a section whose heading is the identifier the focus names, when that
# heading holds at least NAMED_FOCUS_SHARE of the focus (the ``heading`` feature: the weighted
# share of the focus' concepts some section holds, a prefix hit counting PREFIX): what the
# caller asked for by name comes before anything the words alone suggest. A name said in
# passing ("behind a load balancer request.remote_addr is the balancer's address") is one
# feature among the others (``named``): the question is about what the words say. The share
# is ABOUT_PAGE's (what the focus is about), not one fitted.
NAMED_TIER = 10.0
NAMED_FOCUS_SHARE = ABOUT_PAGE


# What the confidence is fitted on, about the first answer: its score, its lead over the
# second, the share of the focus it covers, whether its heading names the focus' identifier;
# and about the focus: whether it names something the docs never mention.
CONFIDENCE_INPUTS = ("score", "margin", "coverage", "named", "unheard")
# What whether to answer is fitted on: the same, and the log of the focus' concept count.
ABSTENTION_INPUTS = (*CONFIDENCE_INPUTS, "concepts")
# An answer is worth giving when one of its first sections is right: as many as doc_extract
# returns by default.
ANSWER_DEPTH = DEFAULT_MAX_SECTIONS


@dataclass(frozen=True)
class RankerModel:
    """Weights in FEATURES order; the confidence fit (intercept, then one coefficient per
    CONFIDENCE_INPUTS); the default abstention threshold; and how far below its best child a
    parent, or below a crowding section another page's section, may score and still move up
    (0 turns a rule off), and how far below an API entry placed first for a focus asked in
    words a section of the documentation may score and still take its place."""

    weights: tuple[float, ...]
    confidence_fit: tuple[float, ...] = (0.0,) * (1 + len(CONFIDENCE_INPUTS))
    abstain_below: float = 0.0
    # The fit of whether to answer (intercept, then ABSTENTION_INPUTS); None: ranker data
    # fitted before it, which abstains on the confidence.
    abstention_fit: tuple[float, ...] | None = None
    parent_margin: float = 0.0
    diversity_margin: float = 0.0
    worded_margin: float = 0.0


class RankerDataError(ValueError):
    """schemas/ranker.json does not fit this code: retrain with ``python -m eval.train``."""


def model_from_json(document: object, features: Sequence[str] = FEATURES) -> RankerModel:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RankerDataError(f"ranker data is not {FORMAT}")
    if document.get("tokenizer") != TOKENIZER:
        raise RankerDataError(
            f"ranker was trained with tokenizer {document.get('tokenizer')!r}, not {TOKENIZER!r}"
        )
    weights = document.get("weights")
    if not isinstance(weights, dict) or set(weights) != set(features):
        raise RankerDataError("ranker weights do not name exactly the features of this code")
    fit = document.get("confidence")
    if not isinstance(fit, dict) or set(fit) != {"intercept", *CONFIDENCE_INPUTS}:
        raise RankerDataError(f"ranker confidence must name intercept, {CONFIDENCE_INPUTS}")
    rules = document.get("rules")
    if not isinstance(rules, dict):
        raise RankerDataError("ranker data has no rules")
    abstention = document.get("abstention")
    if abstention is not None and (
        not isinstance(abstention, dict) or set(abstention) != {"intercept", *ABSTENTION_INPUTS}
    ):
        raise RankerDataError(f"ranker abstention must name intercept, {ABSTENTION_INPUTS}")
    return RankerModel(
        weights=tuple(float(weights[name]) for name in features),
        confidence_fit=tuple(float(fit[name]) for name in ("intercept", *CONFIDENCE_INPUTS)),
        abstain_below=float(document["abstain_below"]),
        abstention_fit=None
        if abstention is None
        else tuple(float(abstention[name]) for name in ("intercept", *ABSTENTION_INPUTS)),
        parent_margin=float(rules["parent_margin"]),
        diversity_margin=float(rules["diversity_margin"]),
        # Ranker data written before the rule existed leaves it off.
        worded_margin=float(rules.get("worded_margin", 0.0)),
    )


@functools.cache
def default_model() -> RankerModel:
    """The model shipped in schemas/ranker.json, read once."""
    data = package_file("ranker.json").read_bytes()
    return model_from_json(orjson.loads(data))


@functools.cache
def semantic_model() -> RankerModel:
    """The ranker for answers with the semantic lane's features (client.search.dense),
    shipped in schemas/ranker-semantic.json, read once."""
    from client.search.dense import SEMANTIC_FEATURES

    data = package_file(SEMANTIC_RANKER).read_bytes()
    return model_from_json(orjson.loads(data), SEMANTIC_FEATURES)


def linear_score(model: RankerModel, features: Sequence[float]) -> float:
    return sum(w * x for w, x in zip(model.weights, features, strict=True))


def _sigmoid(value: float) -> float:
    if value < -60:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value))


@dataclass(frozen=True)
class Scored:
    described: Described
    score: float


def confidence_inputs(ranked: Sequence[Scored], unheard: bool) -> tuple[float, ...]:
    """CONFIDENCE_INPUTS of an answer (best first, not empty) to a focus that has words the
    docs never use and English does not know (``unheard``) or not."""
    first = ranked[0]
    # A release note set after the documentation (_documentation_first) is no rival of it.
    rivals = [s.score for s in ranked[1:] if not _set_after(s, first)]
    margin = first.score - rivals[0] if rivals else 1.0
    described = first.described
    return (first.score, margin, described.coverage, float(described.named), float(unheard))


def confidence(model: RankerModel, ranked: Sequence[Scored], unheard: bool) -> float:
    """How likely the first of ``ranked`` is right, by the curve fitted on dev."""
    if not ranked:
        return 0.0
    return _fitted(model.confidence_fit, confidence_inputs(ranked, unheard))


def abstention_inputs(ranked: Sequence[Scored], unheard: bool, concepts: int) -> tuple[float, ...]:
    """ABSTENTION_INPUTS of an answer (not empty) to a focus of ``concepts`` concepts."""
    return (*confidence_inputs(ranked, unheard), math.log(max(concepts, 1)))


def answer_chance(
    model: RankerModel, ranked: Sequence[Scored], unheard: bool, concepts: int
) -> float:
    """How likely one of the first ANSWER_DEPTH of ``ranked`` is right (the confidence, for
    ranker data without that fit): what the threshold decides whether to answer on."""
    if not ranked:
        return 0.0
    if model.abstention_fit is None:
        return confidence(model, ranked, unheard)
    return _fitted(model.abstention_fit, abstention_inputs(ranked, unheard, concepts))


def _fitted(fit: Sequence[float], inputs: Sequence[float]) -> float:
    intercept, *coefficients = fit
    return _sigmoid(intercept + sum(c * x for c, x in zip(coefficients, inputs, strict=True)))


def order(model: RankerModel, described: Sequence[Described]) -> list[Scored]:
    """Candidates best first: the model's order, parents over their matching children, and
    pages kept from crowding the top."""
    scored = [
        Scored(d, linear_score(model, d.features) + (NAMED_TIER if _asked_by_name(d) else 0.0))
        for d in described
    ]
    scored.sort(key=lambda s: (-s.score, s.described.candidate.section_id))
    scored = _words_first(_documentation_first(scored), model.worded_margin)
    return _diversify(_parents_first(scored, model.parent_margin), model.diversity_margin)


_API_UNASKED = FEATURES.index("api_unasked")
_CHANGELOG_UNASKED = FEATURES.index("changelog_unasked")


def _words_first(scored: list[Scored], margin: float) -> list[Scored]:
    """For a focus that names no identifier, an API entry placed first gives its place to the
    best section of the documentation scoring within ``margin`` of it: asked in words ("load
    a few hundred thousand rows fast"), a question is about a task, and the page that explains
    the task answers it better than the entry of one function it uses. Fitted on the training
    questions, the linear score alone placed such entries first wrongly about as often as
    rightly (71 of 155 wrong on eval/fetched_train.tsv, with the weights fitted before the rule)."""
    if margin <= 0 or not scored or not scored[0].described.features[_API_UNASKED]:
        return scored
    first = scored[0]
    for place, s in enumerate(scored[1:], start=1):
        # A release note set after the entry (_documentation_first) is no documentation: it
        # would come first over both.
        if s.described.features[_CHANGELOG_UNASKED]:
            continue
        if s.score < first.score - margin:
            break
        if not s.described.features[_API_UNASKED]:
            return [s, *scored[:place], *scored[place + 1 :]]
    return scored


def _set_after(entry: Scored, first: Scored) -> bool:
    """Whether ``entry`` is a release note that scores above the documentation placed first."""
    return bool(entry.described.features[_CHANGELOG_UNASKED]) and entry.score > first.score


def _subject(scored: Scored) -> float:
    """How much of the focus a section covers, its words of change aside."""
    return scored.described.coverage - scored.described.change_coverage


def _documentation_first(scored: list[Scored]) -> list[Scored]:
    """A changelog entry, when the focus does not ask about versions, after every section of
    the documentation that covers as much of the focus: a release note says a feature came,
    the documentation how to use it. Scores alone let a one-line entry ("Add allow_unicode
    flag to allow unicode characters") win by its shortness. Entries that say more than any
    section of the documentation keep their place; the words of change count for neither, as
    every release note says them ("add request timeouts": "Add a timeout to requests")."""
    if not any(s.described.features[_CHANGELOG_UNASKED] for s in scored):
        return scored
    documentation = [s for s in scored if not s.described.features[_CHANGELOG_UNASKED]]
    ordered: list[Scored] = []
    placed: set[int] = set()
    for s in scored:
        if id(s) in placed:
            continue
        if s.described.features[_CHANGELOG_UNASKED]:
            covering = [
                d for d in documentation if id(d) not in placed and _subject(d) >= _subject(s)
            ]
            ordered.extend(covering)
            placed.update(id(d) for d in covering)
        ordered.append(s)
        placed.add(id(s))
    return ordered


_HEADING = FEATURES.index("heading")


def _asked_by_name(described: Described) -> bool:
    """Whether the focus asks for this section by its name (NAMED_TIER): the release it names,
    however many words of change it says around it ("changes in version 7.0.0"), or a name
    that holds enough of the focus."""
    if described.release_named:
        return True
    return described.named and described.features[_HEADING] >= NAMED_FOCUS_SHARE


def _key(described: Described) -> tuple[str | None, tuple[str, ...]]:
    c = described.candidate
    return c.source, (*c.heading_path, c.heading)


def _parents_first(scored: list[Scored], margin: float) -> list[Scored]:
    """When two or more children of one section are in the top DIVERSE_TOP and that section is a
    candidate scoring within ``margin`` of its best child, it takes that child's place."""
    if margin <= 0:
        return scored
    families: dict[tuple[str | None, tuple[str, ...]], int] = {}
    for s in scored[:DIVERSE_TOP]:
        c = s.described.candidate
        if c.heading_path:
            family = (c.source, c.heading_path)
            families[family] = families.get(family, 0) + 1
    by_key = {_key(s.described): s for s in scored}
    for parent_key, count in families.items():
        parent = by_key.get(parent_key)
        if count < 2 or parent is None:
            continue
        first_child = next(
            i
            for i, s in enumerate(scored)
            if (s.described.candidate.source, s.described.candidate.heading_path) == parent_key
        )
        if scored.index(parent) < first_child or parent.score < scored[first_child].score - margin:
            continue
        scored.remove(parent)
        scored.insert(first_child, parent)
    return scored


def _diversify(scored: list[Scored], margin: float) -> list[Scored]:
    """At most MAX_PER_PAGE sections of a page in the first DIVERSE_TOP, unless the page's title
    is what the focus asks about or no other page's section scores within ``margin`` of the
    crowding one; the sections set aside follow in their order."""
    if margin <= 0:
        return scored
    head: list[Scored] = []
    deferred: list[Scored] = []
    per_page: dict[str | None, int] = {}
    for s in scored:
        if len(head) >= DIVERSE_TOP:
            deferred.append(s)
            continue
        c = s.described.candidate
        page = c.source
        crowded = _crowded(s, per_page)
        # A rival is a section that could take the place: of another page, and not one that
        # would crowd the top itself.
        rival = next((r for r in scored if r not in head and r.described.candidate.source != page
                      and r not in deferred
                      and not _crowded(r, per_page)),
                     None)  # fmt: skip
        close = rival is not None and rival.score >= s.score - margin
        if crowded and close and not _about_page(s.described):
            deferred.append(s)
            continue
        per_page[page] = per_page.get(page, 0) + 1
        head.append(s)
    return head + deferred


def _crowded(scored: Scored, per_page: dict[str | None, int]) -> bool:
    """Whether the section's page already has MAX_PER_PAGE sections at the top."""
    page = scored.described.candidate.source
    return page is not None and per_page.get(page, 0) >= MAX_PER_PAGE


def _about_page(described: Described) -> bool:
    return described.title >= ABOUT_PAGE
