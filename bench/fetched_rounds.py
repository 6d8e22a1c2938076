"""The fetched training questions held out a round at a time: how a ranker trained on the
other libraries does on ten it never saw.

    python bench/fetched_rounds.py /tmp/fetched                     # each round held out in turn
    python bench/fetched_rounds.py /tmp/fetched --train 1 2 3 4 --test 5 6   # one split

eval/fetched_train.tsv's questions came in rounds of ten libraries (its header names them).
Here a ranker is fitted as ``python -m eval.train --fetched`` fits the shipped one (dev's blind
questions and the fetched ones, the threshold the lower of the training questions' and val's),
but without the held-out round's questions, and scored on them. By default each round is held
out in turn, so every fetched question is scored once by a ranker that never saw its library:
the widest measure of a change to the features, the word tables or the training, and cheaper
than ``eval.crossval --fetched-folds``, which holds each library out. The figures are R@1, R@5
and MRR@10 over the answerable questions, and the unanswerable ones left unanswered. To compare
two states of the code, run this file from a checkout of each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from eval.corpus import open_corpus  # noqa: E402
from eval.crossval import held_out_report  # noqa: E402
from eval.dataset import load_questions  # noqa: E402
from eval.fetched import FetchError  # noqa: E402
from eval.fetched_train import TRAIN_LIBRARIES  # noqa: E402
from eval.run import prepare  # noqa: E402
from eval.train import Example, choose_threshold, collect, fetched_examples, rankings, train  # noqa: E402

ROUND_LIBRARIES = 10  # libraries per round, in eval/fetched_train.py's order
ROUND = {library.id: n // ROUND_LIBRARIES + 1 for n, library in enumerate(TRAIN_LIBRARIES)}


def scored(
    dev: Sequence[Example], val: Sequence[Example], trained: Sequence[Example],
    held: Sequence[Example],
) -> list[tuple[str, ...]]:  # fmt: skip
    """Each held-out example's answer (empty when abstained) by a ranker fitted on ``dev`` and
    ``trained``, its threshold the lower of theirs and val's, as eval.train chooses it."""
    model = train([*dev, *trained])
    model = replace(model, abstain_below=min(model.abstain_below, choose_threshold(model, val)))
    return [keys for keys, _sure in rankings(model, held, model.abstain_below)]


def figures(examples: Sequence[Example], answers: Sequence[tuple[str, ...]]) -> str:
    """R@1 / R@5 / MRR@10 of the answerable questions and the unanswerable ones left
    unanswered, as ``python -m eval`` scores a run (eval.crossval.held_out_report)."""
    report = held_out_report(examples, answers)
    overall = report.by_kind.get("overall")
    if overall is None or not overall.count:
        return "no answerable question"
    quiet, silent = report.abstained
    return (
        f"{overall.recall_1:.3f} / {overall.recall_5:.3f} / {overall.mrr_10:.3f}   "
        f"unanswered {quiet}/{silent}   (n={overall.count})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/fetched_rounds.py", description=__doc__)
    parser.add_argument("folder", type=Path, help="where the fetched libraries are kept")
    parser.add_argument("--train", type=int, nargs="+", metavar="ROUND", help="rounds to fit on")
    parser.add_argument("--test", type=int, nargs="+", metavar="ROUND", help="rounds to score")
    args = parser.parse_args(argv)
    if bool(args.train) != bool(args.test):
        parser.error("--train and --test go together (without them, each round is held out)")
    loaded = load_questions()
    with open_corpus() as corpus:
        dev = collect(corpus, prepare(corpus, [q for q in loaded if q.split == "dev"
                                               and q.written_blind]))  # fmt: skip
        val = collect(corpus, prepare(corpus, [q for q in loaded if q.split == "val"]))
    try:
        fetched = fetched_examples(args.folder.resolve())
    except FetchError as error:
        print(f"fetched_rounds: {error}", file=sys.stderr)
        return 1
    rounds = sorted({ROUND[e.prepared.question.library] for e in fetched})

    def of(numbers: Sequence[int]) -> list[Example]:
        return [e for e in fetched if ROUND[e.prepared.question.library] in numbers]

    print("R@1 / R@5 / MRR@10 of each held-out round, by a ranker fitted on dev and the others")
    if args.train:
        held = of(args.test)
        print(f"rounds {args.test}: {figures(held, scored(dev, val, of(args.train), held))}")
        return 0
    answers: dict[int, tuple[str, ...]] = {}
    for number in rounds:
        held = of([number])
        others = [e for e in fetched if ROUND[e.prepared.question.library] != number]
        for example, keys in zip(held, scored(dev, val, others, held), strict=True):
            answers[id(example)] = keys
        print(f"round {number}: {figures(held, [answers[id(e)] for e in held])}")
    everything = [answers[id(e)] for e in fetched]
    paraphrases = [e for e in fetched if e.prepared.question.kind == "paraphrase"]
    print(f"all:        {figures(fetched, everything)}")
    print(f"paraphrase: {figures(paraphrases, [answers[id(e)] for e in paraphrases])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
