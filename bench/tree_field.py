"""Does a boosted-tree ranker beat the linear one when trained on all the training questions and
scored on the field rounds? (tried at stop 78, not adopted)

    python bench/tree_field.py --fetched /tmp/fetched --field /tmp/field
    python bench/tree_field.py --fetched /tmp/fetched --field /tmp/field --trees 50 200 400

bench/tree_ranker.py answered the question on the blind dev questions alone, each library held
out in turn (238 questions: no tree ranker beat the linear one). This asks it with five times
the training data and the field rounds as the held-out set: the trees (bench/tree_ranker.py's
own boosting, the softmax loss eval.train fits the linear weights with) are fitted on the blind
dev questions and eval/fetched_train.tsv's, as eval.train fits the shipped weights, and every
field question's candidates are ordered by the score alone: no rule margins, no abstention, so
the rows compare the scorers and nothing else (the linear row is the shipped weights' order
before the client's rules, not what doc_extract answers). Each field round is a row, then all
of them (``--round`` picks some).

Figures of stop 78's final ranker (trained on 1,289 usable questions; the 991 answerable
questions of rounds fieldV to fieldAD, one is 0.001 of R@1; R@1 / R@5 / MRR@10 of all of them;
``--round fieldV fieldW fieldX fieldY fieldZ fieldAA fieldAB fieldAC fieldAD``):

    linear (shipped weights)        0.725 0.903 0.801
    linear+50  d2 lr0.05 leaf100    0.729 0.909 0.805
    linear+200 d2 lr0.05 leaf100    0.730 0.908 0.806
    linear+400 d2 lr0.05 leaf100    0.723 0.907 0.803
    zero+50    d3 lr0.1  leaf20     0.716 0.904 0.796
    zero+200   d3 lr0.1  leaf20     0.725 0.914 0.803
    zero+400   d3 lr0.1  leaf20     0.719 0.905 0.799

The best row is 5 questions of 991 up at rank 1, and the rows disagree round by round (fieldV
0.769 -> 0.731 to 0.788, fieldAA 0.692 -> 0.654 to 0.692). A one-off check with LightGBM's
lambdarank on the same data (not a dependency of this project, so not re-run here: five
settings of 4 to 16 leaves and 100 to 400 trees, from zero and from the linear scores) gave R@1
0.725 to 0.739. Whatever the boosting, the gain is at most about 15 questions at rank 1, within
a round's noise: the features, not the model's form, bound the ranking. The client keeps the
linear model.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.append(str(Path(__file__).resolve().parent))  # after the repository: bench/client.py

from field import LIBRARIES, load_field_questions, question_rounds
from tree_ranker import Setting, Tree, boost, groups_of, predict

from client.search.model import default_model
from eval.corpus import open_corpus
from eval.dataset import load_questions
from eval.fetched import fetched_catalog
from eval.metrics import Scores, average
from eval.run import prepare
from eval.train import Example, collect, fetched_examples

EVAL_DEPTH = 10
# A score for each row of a candidates' feature matrix.
Scorer = Callable[[np.ndarray], np.ndarray]


def training_examples(fetched: Path) -> list[Example]:
    """The questions eval.train fits the shipped weights on: blind dev, and the fetched ones."""
    questions = [q for q in load_questions() if q.split == "dev" and q.written_blind]
    with open_corpus() as corpus:
        dev = collect(corpus, prepare(corpus, questions))
    return dev + fetched_examples(fetched)


def field_examples(folder: Path, rounds: Sequence[str]) -> dict[str, list[Example]]:
    """The answerable field questions of ``rounds`` (all when empty), by round."""
    named = question_rounds()
    questions = [
        q
        for q in load_field_questions()
        if q.answerable and (not rounds or named[q.origin] in rounds)
    ]
    asked = [library for library in LIBRARIES if library.id in {q.library for q in questions}]
    with open_corpus(fetched_catalog(folder, asked)) as corpus:
        examples = collect(corpus, prepare(corpus, questions))
    by_round: dict[str, list[Example]] = {}
    for example in examples:
        by_round.setdefault(named[example.prepared.question.origin], []).append(example)
    return by_round


def ordered(example: Example, scores: np.ndarray) -> list[str]:
    """The example's candidate keys best first by ``scores``, ties in candidate order."""
    order = np.argsort(-scores, kind="stable")[:EVAL_DEPTH]
    return [example.keys[i] for i in order]


def figures(examples: Sequence[Example], scorer: Scorer) -> Scores:
    """R@1, R@5 and MRR@10 of ``examples`` with their candidates ordered by ``scorer``."""
    rankings = []
    for example in examples:
        matrix = np.array([d.features for d in example.described], dtype=float)
        rankings.append(ordered(example, scorer(matrix)) if example.described else [])
    return average(rankings, [e.prepared.keys for e in examples])


def tree_scores(
    matrix: np.ndarray, weights: np.ndarray, trees: Sequence[Tree], linear: bool
) -> np.ndarray:
    """The ensemble's score of each row, on top of the linear score when it boosts that."""
    base = matrix @ weights if linear else np.zeros(len(matrix))
    return base + sum((predict(t, matrix) for t in trees), np.zeros(len(matrix)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fetched", type=Path, required=True, help="eval.train --fetched's folder")
    parser.add_argument("--field", type=Path, required=True, help="bench/field.py's folder")
    parser.add_argument("--round", nargs="*", default=[], help="field rounds (default: all)")
    parser.add_argument("--trees", type=int, nargs="+", default=[50, 200, 400])
    args = parser.parse_args(argv)
    weights = np.array(default_model().weights)
    training = groups_of(training_examples(args.fetched.resolve()))
    held = field_examples(args.field.resolve(), args.round)
    print(f"trained on {len(training.starts)} usable questions; "
          f"{sum(map(len, held.values()))} answerable field questions")  # fmt: skip
    scorers: dict[str, Scorer] = {"linear (shipped weights)": lambda m: m @ weights}
    for start, depth, rate, leaf in (("linear", 2, 0.05, 100), ("zero", 3, 0.1, 20)):
        setting = Setting(start, depth, rate, leaf, tuple(args.trees))
        origin = training.matrix @ weights if start == "linear" else np.zeros(len(training.labels))
        trees = boost(training, origin, setting)
        for size in setting.trees:
            scorers[f"{start}+{size} d{depth} lr{rate} leaf{leaf}"] = functools.partial(
                tree_scores, weights=weights, trees=trees[:size], linear=start == "linear"
            )
    every = [e for examples in held.values() for e in examples]
    print(f"{'scorer':<32}" + "".join(f"{name:>19}" for name in [*held, "all"]))
    for name, scorer in scorers.items():
        cells = [figures(examples, scorer) for examples in [*held.values(), every]]
        print(f"{name:<32}" + "".join(
            f"  {s.recall_1:.3f} {s.recall_5:.3f} {s.mrr_10:.3f}" for s in cells
        ))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
