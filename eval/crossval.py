"""How the ranker does on a library it was not trained on: dev's libraries held out in turn
(with ``--fetched-folds``, the fetched ones too).

    python -m eval.crossval                  # leave one library out, today's settings
    python -m eval.crossval --l2 0.01 0.1 1  # the same for each L2 strength
    python -m eval.crossval --without plain bm25_path   # with features left out
    python -m eval.crossval --train-share 0.25 0.5      # each fold trained on a random share
    python -m eval.crossval --threshold 0.19            # every fold abstains below 0.19
    python -m eval.crossval --fetched /tmp/fetched      # every fold also fits fetched questions
    python -m eval.crossval --fetched /tmp/fetched --fetched-folds  # and each is held out too

The figures `python -m eval` prints for dev are in-sample: the weights were fitted on those very
questions, so they flatter the ranker on documentation nobody tuned for. Here each dev library
is held out in turn, the ranker is trained (weights, rule margins, confidence, threshold) on the
other libraries' dev questions and asked the held-out library's; the held-out rankings are
scored together. Only questions written blind are used, for training and scoring alike (the
legacy ones are not how an agent asks; eval.train leaves them out too). Decisions about
features and regularisation are taken on these figures, and the test split is still never
read. Rankings are cut by each fold's own abstention threshold, as the client would: answerable
questions it abstains on count as misses. ``--train-share`` trains each fold on a random share of
the other libraries' questions (the same share for every fold, SHARE_SEEDS draws averaged): the
learning curve, which tells whether more questions would help the ranker or only more evidence.
``--threshold`` makes every fold abstain below one given answer chance instead of its own: each
fold's refitted threshold moves a few answers in or out of the empty answer, and that noise
can hide what a change of features or rules does to the order (compare two commits with the
shipped threshold, schemas/ranker.json's ``abstain_below``). ``--fetched`` adds
eval.fetched_train's questions (other libraries, fetched at run time) to every fold's training:
whether more libraries to learn from carry to a library left out. ``--fetched-folds`` holds
each fetched library out in turn as well and scores those apart: beside ``python bench/field.py
FOLDER --train``, and beside the same questions ranked by a ranker trained on dev alone (which
it prints too), what the other fetched libraries add.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

from client.search.features import FEATURES
from eval.corpus import open_corpus
from eval.dataset import load_questions
from eval.fetched import FetchError
from eval.metrics import Scores
from eval.run import Report, Run, prepare, score
from eval.train import L2, Example, collect, fetched_examples, rankings, train

# Random draws of the training questions averaged per --train-share value.
SHARE_SEEDS = (1, 2, 3)


def held_out_rankings(
    examples: Sequence[Example],
    l2: float,
    mask: Sequence[bool] | None,
    share: float = 1.0,
    seed: int = 0,
    threshold: float | None = None,
    extra: Sequence[Example] = (),
) -> list[tuple[str, ...]]:
    """Each example's ranking by a ranker trained without its library's questions (on ``share``
    of the others', drawn with ``seed``), empty where that ranker abstains (below the threshold
    it chose on the other libraries, or below ``threshold`` when one is given); ``extra``
    examples join every fold's training and are never scored."""
    ranked: list[tuple[str, ...]] = [()] * len(examples)
    draw = random.Random(seed)
    for library in sorted({e.prepared.question.library for e in examples}):
        inside = [i for i, e in enumerate(examples) if e.prepared.question.library == library]
        others = [e for e in examples if e.prepared.question.library != library]
        if share < 1.0:
            others = draw.sample(others, max(1, round(len(others) * share)))
        model = train([*others, *extra], mask, l2)
        held_out = [examples[i] for i in inside]
        for i, (keys, _sure) in zip(
            inside,
            rankings(model, held_out, model.abstain_below if threshold is None else threshold),
            strict=True,
        ):
            ranked[i] = keys
    return ranked


def held_out_report(examples: Sequence[Example], ranked: Sequence[tuple[str, ...]]) -> Report:
    """The held-out rankings scored as ``python -m eval`` scores a run: per kind, version
    pairs and abstention."""
    prepared = [e.prepared for e in examples]
    return score(prepared, Run("held out", tuple(ranked)))


def print_labelled(label: str, report: Report, width: int) -> None:
    """``report``'s lines per kind, then its abstention and pairs, each led by ``label`` in a
    column ``width`` wide: one variant's rows in a bench's table of several."""
    for kind, s in report.by_kind.items():
        print(
            f"  {label:<{width}}{kind:<12}{s.count:>5}{s.recall_1:>8.3f}"
            f"{s.recall_5:>8.3f}{s.mrr_10:>8.3f}"
        )
    (quiet, silent), (right, pairs) = report.abstained, report.pairs
    print(
        f"  {label:<{width}}unanswerable left unanswered {quiet}/{silent}, pairs {right}/{pairs}",
        flush=True,
    )


def _print_report(
    title: str, examples: Sequence[Example], ranked: Sequence[tuple[str, ...]]
) -> None:
    report = held_out_report(examples, ranked)
    _print(title, report.by_kind)
    (quiet, silent), (right, pairs) = report.abstained, report.pairs
    print(f"  unanswerable left unanswered {quiet}/{silent}, pairs right at rank 1 {right}/{pairs}")


def _print(title: str, figures: dict[str, Scores]) -> None:
    print(title)
    for kind, s in figures.items():
        print(f"  {kind:<12}{s.count:>5}{s.recall_1:>8.3f}{s.recall_5:>8.3f}{s.mrr_10:>8.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.crossval", description=__doc__)
    parser.add_argument("--l2", type=float, nargs="+", default=[L2], help="L2 strengths to try")
    parser.add_argument("--without", nargs="*", default=[], choices=FEATURES, metavar="FEATURE")
    parser.add_argument(
        "--train-share", type=float, nargs="+", default=[], metavar="SHARE",
        help="also train each fold on this share (0..1) of its questions: the learning curve",
    )  # fmt: skip
    parser.add_argument(
        "--threshold", type=float, metavar="CHANCE",
        help="every fold abstains below this answer chance, the one its abstention fit gives "
        "(default: each fold's own threshold)",
    )  # fmt: skip
    parser.add_argument(
        "--fetched", type=Path, metavar="FOLDER",
        help="every fold also fits eval/fetched_train.tsv's questions (docs fetched into FOLDER)",
    )  # fmt: skip
    parser.add_argument(
        "--fetched-folds", action="store_true",
        help="with --fetched: hold each fetched library out in turn too, and score them apart",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.fetched_folds and not args.fetched:
        parser.error("--fetched-folds holds the fetched libraries out: give --fetched FOLDER")
    if args.threshold is not None and not 0.0 <= args.threshold <= 1.0:
        parser.error("--threshold takes a confidence from 0 to 1, such as 0.19")
    if any(not 0.0 < share <= 1.0 for share in args.train_share):
        parser.error("--train-share takes shares above 0 and at most 1, such as 0.25 0.5")
    mask = [name not in args.without for name in FEATURES]
    questions = [q for q in load_questions() if q.split == "dev" and q.written_blind]
    with open_corpus() as corpus:
        examples = collect(corpus, prepare(corpus, questions))
    try:
        extra = fetched_examples(args.fetched.resolve()) if args.fetched else []
    except FetchError as error:
        print(f"eval.crossval: {error}", file=sys.stderr)
        return 1
    libraries = len({e.prepared.question.library for e in examples})
    also = f"; every fold also fits {len(extra)} fetched questions" if extra else ""
    print(f"dev, {len(examples)} questions, {libraries} libraries held out in turn{also}")
    print(f"  {'kind':<12}{'n':>5}{'R@1':>8}{'R@5':>8}{'MRR@10':>8}")
    for l2 in args.l2:
        left_out = f", without {' '.join(args.without)}" if args.without else ""
        fixed = "" if args.threshold is None else f", threshold {args.threshold}"
        if args.fetched_folds:
            # Every library a fold, the fetched ones too: dev's rankings as without the
            # option, and each fetched library's by a ranker that never saw its questions.
            ranked = held_out_rankings([*examples, *extra], l2, mask, threshold=args.threshold)
            _print_report(f"L2 {l2}{left_out}{fixed}", examples, ranked[: len(examples)])
            _print_report("fetched libraries held out", extra, ranked[len(examples) :])
            alone = train(examples, mask, l2)
            cut = alone.abstain_below if args.threshold is None else args.threshold
            ranked = [keys for keys, _sure in rankings(alone, extra, cut)]
            _print_report("fetched libraries, ranker trained on dev alone", extra, ranked)
        else:
            ranked = held_out_rankings(examples, l2, mask, threshold=args.threshold, extra=extra)
            _print_report(f"L2 {l2}{left_out}{fixed}", examples, ranked)
    for share in args.train_share:
        overall = [
            held_out_report(
                examples,
                held_out_rankings(examples, L2, mask, share, seed, args.threshold, extra),
            ).by_kind["overall"]
            for seed in SHARE_SEEDS
        ]
        plus = f" and all {len(extra)} fetched ones" if extra else ""
        print(
            f"trained on {share:.0%} of the other libraries' questions{plus}, mean of "
            f"{len(SHARE_SEEDS)} draws: R@1 {statistics.mean(s.recall_1 for s in overall):.3f}"
            f"  R@5 {statistics.mean(s.recall_5 for s in overall):.3f}"
            f"  MRR@10 {statistics.mean(s.mrr_10 for s in overall):.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
