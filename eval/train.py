"""Train the ranker on the dev questions written blind (with ``--fetched``, and on
eval.fetched_train's questions about libraries fetched at run time) and write
schemas/ranker.json.

    python -m eval.train              # train, calibrate, choose the threshold, write the weights
    python -m eval.train --ablation   # also retrain without each feature in turn (dev figures)
    python -m eval.train --fetched /tmp/fetched   # also fit on eval.fetched_train's questions

The model is linear over client.search.features' features, fitted by a listwise softmax loss
(each answerable question asks that its gold sections take the probability mass among its
candidates), which rewards rank 1 directly. The confidence is a logistic fit, over all the
training questions (dev's, and the fetched ones with ``--fetched``), of "rank 1 is right"
(never, for questions the docs do not answer) on the top score, its margin over the second and
the other CONFIDENCE_INPUTS. The threshold is the highest that costs at most THRESHOLD_COST of
recall@5 on the training questions and on the validation split both: on dev alone
(0.26) it cost 0.062 of the validation libraries' recall@5 and left 2 of their 17 unanswerable
questions unanswered, for on docs no decision was designed from, right answers are less sure
and unanswerable questions surer (eval/README.md). The validation questions choose that one
number and fit nothing else; test questions never reach this module. Legacy questions
(eval.dataset.LEGACY) are left out: written beside an older ranker, mostly in the docs' own
words, they are not how the blind set (or an agent) asks; without them, held-out libraries'
blind dev questions went from R@1/R@5/MRR@10 0.667/0.855/0.748 to 0.676/0.874/0.761
(python -m eval.crossval).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import orjson

from client.search.features import FEATURES, Described
from client.search.model import (
    ABSTENTION_INPUTS,
    ANSWER_DEPTH,
    CONFIDENCE_INPUTS,
    FORMAT,
    RankerModel,
    Scored,
    abstention_inputs,
    answer_chance,
    confidence_inputs,
)
from client.search.query import parse_focus
from client.search.sections import answer_order, find_candidates
from eval.__main__ import format_gaps
from eval.corpus import Corpus, open_corpus, section_key
from eval.dataset import load_questions
from eval.fetched import FetchError, fetched_catalog
from eval.fetched_train import TRAIN_LIBRARIES, load_train_questions
from eval.run import Prepared, prepare, wrong_gold
from schemas.text import TOKENIZER

RANKER = Path(__file__).resolve().parent.parent / "schemas" / "ranker.json"
L2 = 0.01
STEPS, LEARNING_RATE = 600, 0.1
THRESHOLD_COST = 0.02
RIDGE = 0.1
EVAL_DEPTH = 10


@dataclass(frozen=True)
class Example:
    """One training question's candidates, described, and which of them are gold."""

    prepared: Prepared
    described: tuple[Described, ...]
    keys: tuple[str, ...]  # "source#anchor" of each candidate
    unheard: bool  # the focus has words the docs never use that are not English words
    concepts: int = 1  # how many concepts the focus has


def collect(corpus: Corpus, prepared: Sequence[Prepared]) -> list[Example]:
    examples = []
    for p in prepared:
        conn = corpus.shard(p.question.library, p.question.version)
        found = find_candidates(conn, parse_focus(p.question.text))
        examples.append(example_of(p, found.described, found.unheard, found.concepts))
    return examples


def fetched_examples(folder: Path) -> list[Example]:
    """The examples of eval.fetched_train's questions, their libraries fetched into ``folder``
    (once: a later run reuses them) and built. FetchError when a fetch fails or the fetched
    docs lack a gold section (a mistake in the file); gold the docs hold but the build lost is
    named on stderr, and its questions are trained on as misses, as the eval scores them."""
    with open_corpus(fetched_catalog(folder, TRAIN_LIBRARIES)) as corpus:
        prepared = prepare(corpus, load_train_questions())
        if wrong := wrong_gold(prepared):
            raise FetchError("\n".join(wrong))
        if any(p.lost for p in prepared):
            print(format_gaps(prepared), file=sys.stderr)
        return collect(corpus, prepared)


def example_of(
    prepared: Prepared, described: Sequence[Described], unheard: object, concepts: int
) -> Example:
    """The example of a question whose candidates are ``described`` (``unheard``: the words
    of its focus the docs never use; ``concepts``: how many its focus asks about as the docs
    read it), each keyed as the gold is."""
    keys = tuple(section_key(d.candidate.source, d.candidate.anchor) for d in described)
    return Example(prepared, tuple(described), keys, bool(unheard), concepts)


def fit_weights(examples: Sequence[Example], mask: Sequence[bool], l2: float = L2) -> np.ndarray:
    """Weights (bias excluded: a listwise loss cannot see it) by gradient descent with Adam."""
    groups = []
    for example in examples:
        labels = np.array([k in example.prepared.keys for k in example.keys], dtype=float)
        if not labels.any() or labels.all():
            continue
        matrix = np.array([d.features for d in example.described], dtype=float)
        groups.append((matrix * np.array(mask, dtype=float), labels))
    weights = np.zeros(len(mask))
    first, second = np.zeros_like(weights), np.zeros_like(weights)
    for step in range(1, STEPS + 1):
        gradient = l2 * weights
        for matrix, labels in groups:
            scores = matrix @ weights
            every = np.exp(scores - scores.max())
            gold = every * labels
            gradient += (matrix.T @ (every / every.sum()) - matrix.T @ (gold / gold.sum())) / len(
                groups
            )
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        weights -= (
            LEARNING_RATE * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
        )
    return weights


def _listed(model: RankerModel, example: Example) -> list[Scored]:
    return answer_order(model, example.described, example.unheard)[0]


def _key(scored: Scored) -> str:
    return section_key(scored.described.candidate.source, scored.described.candidate.anchor)


def rankings(
    model: RankerModel, examples: Sequence[Example], threshold: float | None = None
) -> list[tuple[tuple[str, ...], float]]:
    """Each example's ranking as the client makes it, and the chance it answers (what the
    threshold cuts on: model.answer_chance)."""
    results = []
    for example in examples:
        ranked, _ = answer_order(model, example.described, example.unheard)
        sure = answer_chance(model, ranked, example.unheard, example.concepts)
        keys = tuple(_key(r) for r in ranked[:EVAL_DEPTH])
        if threshold is not None and (not ranked or sure < threshold):
            keys = ()
        results.append((keys, sure))
    return results


def fit_confidence(model: RankerModel, examples: Sequence[Example]) -> tuple[float, ...]:
    """Intercept and CONFIDENCE_INPUTS coefficients of a logistic fit of "rank 1 is right"."""
    rows, labels = [], []
    for example in examples:
        ranked = _listed(model, example)
        if ranked:
            rows.append((1.0, *confidence_inputs(ranked, example.unheard)))
            labels.append(float(_key(ranked[0]) in example.prepared.keys))
    return _logistic(rows, labels)


def fit_abstention(model: RankerModel, examples: Sequence[Example]) -> tuple[float, ...]:
    """Intercept and ABSTENTION_INPUTS coefficients of a logistic fit of "one of the first
    ANSWER_DEPTH is right": the threshold withholds answers, and what a withheld answer costs
    is its recall@5, not its rank 1 (a right section second is still worth giving)."""
    rows, labels = [], []
    for example in examples:
        ranked = _listed(model, example)
        if ranked:
            rows.append((1.0, *abstention_inputs(ranked, example.unheard, example.concepts)))
            first = {_key(r) for r in ranked[:ANSWER_DEPTH]}
            labels.append(float(bool(first & example.prepared.keys)))
    return _logistic(rows, labels)


def _logistic(rows: Sequence[Sequence[float]], labels: Sequence[float]) -> tuple[float, ...]:
    x, y = np.array(rows), np.array(labels)
    # Newton's method (iteratively reweighted least squares) with a small ridge: it converges in
    # a few steps whatever the scale of the scores, where plain gradient descent may diverge.
    theta = np.zeros(x.shape[1])
    ridge = RIDGE * np.eye(x.shape[1])
    ridge[0, 0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ theta, -60, 60)))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + ridge
        theta -= np.linalg.solve(hessian, x.T @ (p - y) + ridge @ theta)
    return tuple(float(t) for t in theta)


Results = Sequence[tuple[tuple[str, ...], float]]  # per example: its ranking and confidence


def recall_5(results: Results, examples: Sequence[Example]) -> float:
    answerable = [
        (r, e) for r, e in zip(results, examples, strict=True) if e.prepared.question.answerable
    ]
    hits = sum(1 for (keys, _), e in answerable if set(keys[:5]) & e.prepared.keys)
    return hits / len(answerable)


def _cost(model: RankerModel, examples: Sequence[Example]) -> float:
    """The recall@5 the model's threshold costs on ``examples``."""
    ranked = rankings(model, examples)
    cut = [(keys if keys and sure >= model.abstain_below else (), sure) for keys, sure in ranked]
    return recall_5(ranked, examples) - recall_5(cut, examples)


def choose_threshold(model: RankerModel, examples: Sequence[Example]) -> float:
    """The highest confidence threshold whose recall@5 cost on ``examples`` stays within
    THRESHOLD_COST."""
    ranked = rankings(model, examples)
    unlimited = recall_5(ranked, examples)
    chosen = 0.0
    for step in range(1, 100):
        threshold = step / 100
        # What rankings(model, examples, threshold) answers, without ranking again.
        cut = [(keys if keys and sure >= threshold else (), sure) for keys, sure in ranked]
        if unlimited - recall_5(cut, examples) > THRESHOLD_COST:
            break
        chosen = threshold
    return chosen


# Margins tried for the parent, diversity and worded-question rules (0: the rule is off).
RULE_MARGINS = (0.0, 0.25, 0.5, 1.0, 2.0)


def _mrr(model: RankerModel, examples: Sequence[Example]) -> float:
    return dev_figures(model, examples)["MRR@10"]


def train(
    examples: Sequence[Example], mask: Sequence[bool] | None = None, l2: float = L2
) -> RankerModel:
    """Weights, then calibrate's rule margins, confidence fit and threshold."""
    # Examples may carry more features than FEATURES (eval.semantic adds the dense lane's).
    width = next((len(d.features) for e in examples for d in e.described), len(FEATURES))
    mask = mask or [True] * width
    weights = tuple(float(w) for w in fit_weights(examples, mask, l2))
    return calibrate(RankerModel(weights), examples)


def calibrate(model: RankerModel, examples: Sequence[Example]) -> RankerModel:
    """A scorer's rules' margins (best dev MRR@10), then its confidence fit and threshold."""
    model = max(
        (replace(model, parent_margin=p, diversity_margin=d, worded_margin=w)
         for p in RULE_MARGINS for d in RULE_MARGINS for w in RULE_MARGINS),
        key=lambda candidate: (_mrr(candidate, examples), -candidate.parent_margin,
                               -candidate.diversity_margin, -candidate.worded_margin),
    )  # fmt: skip
    model = replace(model, confidence_fit=fit_confidence(model, examples))
    model = replace(model, abstention_fit=fit_abstention(model, examples))
    return replace(model, abstain_below=choose_threshold(model, examples))


def dev_figures(model: RankerModel, examples: Sequence[Example]) -> dict[str, float]:
    results = rankings(model, examples, model.abstain_below)
    pairs = list(zip(results, examples, strict=True))
    answerable = [(r, e) for r, e in pairs if e.prepared.question.answerable]
    silent = [(r, e) for r, e in pairs if not e.prepared.question.answerable]
    r1 = sum(1 for (k, _), e in answerable if k[:1] and k[0] in e.prepared.keys)
    mrr = 0.0
    for (keys, _), e in answerable:
        mrr += next((1 / i for i, k in enumerate(keys, 1) if k in e.prepared.keys), 0.0)
    return {
        "R@1": r1 / len(answerable),
        "R@5": recall_5(results, examples),
        "MRR@10": mrr / len(answerable),
        "abstained": sum(1 for (k, _), _e in silent if not k) / max(len(silent), 1),
    }


def to_json(
    model: RankerModel,
    questions: int,
    features: Sequence[str] = FEATURES,
    command: str = "python -m eval.train",
    fetched: int = 0,
) -> bytes:
    also = f" and {fetched} of eval/fetched_train.tsv" if fetched else ""
    document = {
        "format": FORMAT,
        "tokenizer": TOKENIZER,
        "trained_on": f"eval dev split, {questions} questions{also} ({command})",
        "weights": {name: round(w, 4) for name, w in zip(features, model.weights, strict=True)},
        "confidence": dict(
            zip(("intercept", *CONFIDENCE_INPUTS), map(_rounded, model.confidence_fit), strict=True)
        ),
        "abstain_below": model.abstain_below,
        **(
            {}
            if model.abstention_fit is None
            else {
                "abstention": dict(
                    zip(
                        ("intercept", *ABSTENTION_INPUTS),
                        map(_rounded, model.abstention_fit),
                        strict=True,
                    )
                )
            }
        ),
        "rules": {
            "parent_margin": model.parent_margin,
            "diversity_margin": model.diversity_margin,
            "worded_margin": model.worded_margin,
        },
    }
    return orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n"


def _rounded(value: float) -> float:
    return round(value, 4)


def _line(name: str, figures: dict[str, float]) -> str:
    return f"{name:<22}" + "".join(f"{v:>9.3f}" for v in figures.values())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.train", description=__doc__)
    parser.add_argument("--ablation", action="store_true", help="retrain without each feature")
    parser.add_argument("--dry-run", action="store_true", help="do not write schemas/ranker.json")
    parser.add_argument(
        "--fetched", type=Path, metavar="FOLDER",
        help="also fit on eval/fetched_train.tsv's questions (their docs fetched into FOLDER)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    loaded = load_questions()
    questions = [q for q in loaded if q.split == "dev" and q.written_blind]
    with open_corpus() as corpus:
        examples = collect(corpus, prepare(corpus, questions))
        validation = collect(corpus, prepare(corpus, [q for q in loaded if q.split == "val"]))
    dev_count = len(examples)
    if args.fetched:
        try:
            examples += fetched_examples(args.fetched.resolve())
        except FetchError as error:
            print(f"eval.train: {error}", file=sys.stderr)
            return 1
    model = train(examples)
    on_training = model.abstain_below
    model = replace(model, abstain_below=min(on_training, choose_threshold(model, validation)))
    dev, fetched = examples[:dev_count], examples[dev_count:]
    print(f"{'':<22}{'R@1':>9}{'R@5':>9}{'MRR@10':>9}{'abstain':>9}   (dev, {dev_count})")
    print(_line("all features", dev_figures(model, dev)))
    if fetched:
        print(_line(f"fetched ({len(fetched)})", dev_figures(model, fetched)))
    for name, weight in zip(FEATURES, model.weights, strict=True):
        print(f"  {name:<20}{weight:>9.3f}")
    if model.abstention_fit is not None:
        fitted = zip(("intercept", *ABSTENTION_INPUTS), model.abstention_fit, strict=True)
        print("abstention fit: " + ", ".join(f"{name} {value:.3f}" for name, value in fitted))
    print(
        f"threshold {model.abstain_below:.2f} (training questions alone {on_training:.2f}; cost of "
        f"recall@5 on dev {_cost(model, dev):.3f}, on val {_cost(model, validation):.3f}), "
        f"parent margin {model.parent_margin}, "
        f"diversity margin {model.diversity_margin}, "
        f"worded margin {model.worded_margin}"
    )
    if args.ablation:
        for index, name in enumerate(FEATURES):
            mask = [i != index for i in range(len(FEATURES))]
            print(_line(f"without {name}", dev_figures(train(examples, mask), dev)))
    if not args.dry_run:
        command = "python -m eval.train" + (" --fetched FOLDER" if args.fetched else "")
        RANKER.write_bytes(
            to_json(
                model,
                dev_count,
                command=f"{command}; threshold: training questions and val",
                fetched=len(fetched),
            )
        )
        print(f"wrote {RANKER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
