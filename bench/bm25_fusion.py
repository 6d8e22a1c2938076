"""Does fusing doc_extract's ranking with plain bm25's help on docs nobody tuned for? (tried,
not adopted)

    python bench/bm25_fusion.py                 # blind dev questions, and each library held out
    python bench/bm25_fusion.py --split val     # the validation libraries
    python bench/bm25_fusion.py --field /tmp/field   # bench/field.py's questions (fetched there)

Plain bm25 beat the ranker on paraphrased test questions, so this asks whether adding bm25's
first ten sections to the ranker's list by reciprocal ranks (score 1/(k + place) from each
list, bm25's at WEIGHT, k = K) helps. The ranker still decides whether to answer at all: an
empty answer stays empty. K and WEIGHT were the best of six settings on blind dev questions.

Figures of stop 57 (R@1 / R@5 / MRR@10, ours then fused):

    blind dev (in-sample)       0.749 0.903 0.816  ->  0.758 0.903 0.821
    each dev library held out   0.715 0.879 0.787  ->  0.734 0.884 0.798
    val                         0.761 0.894 0.815  ->  0.761 0.894 0.821
    field, 120 questions        0.740 0.875 0.792  ->  0.750 0.865 0.798

It gains on dev and with each library held out, and moves one question at rank 1 on the
libraries no decision had seen (val none, the field questions one up and one down at rank 5):
not enough for a second ranking in the client.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from client.search.features import FEATURES  # noqa: E402
from eval.corpus import answers_ours, open_corpus, search_baseline  # noqa: E402
from eval.crossval import held_out_rankings  # noqa: E402
from eval.dataset import load_questions  # noqa: E402
from eval.fetched import fetched_catalog  # noqa: E402
from eval.metrics import Scores  # noqa: E402
from eval.run import Prepared, Run, prepare, run, score  # noqa: E402
from eval.train import L2, collect  # noqa: E402

K, WEIGHT, BM25_DEPTH = 5, 0.5, 10


def fused(ours: Sequence[str], bm25: Sequence[str]) -> list[str]:
    """``ours`` and bm25's first BM25_DEPTH by reciprocal ranks; nothing when ours is empty."""
    if not ours:
        return []
    scores: dict[str, float] = {}
    for place, key in enumerate(ours):
        scores[key] = scores.get(key, 0.0) + 1 / (K + place)
    for place, key in enumerate(bm25[:BM25_DEPTH]):
        scores[key] = scores.get(key, 0.0) + WEIGHT / (K + place)
    return sorted(scores, key=lambda key: -scores[key])


def _line(label: str, prepared: Sequence[Prepared], rankings: Sequence[Sequence[str]]) -> str:
    overall: Scores = score(prepared, Run(label, tuple(map(tuple, rankings)))).by_kind["overall"]
    return f"  {label:<8}{overall.recall_1:.3f} {overall.recall_5:.3f} {overall.mrr_10:.3f}"


def compare(
    title: str, prepared: Sequence[Prepared], ours: list[list[str]], bm25: list[list[str]]
) -> None:
    print(title)
    print(_line("ours", prepared, ours))
    print(_line("fused", prepared, [fused(o, b) for o, b in zip(ours, bm25, strict=True)]))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/bm25_fusion.py", description=__doc__)
    parser.add_argument("--split", choices=("dev", "val"), default="dev")
    parser.add_argument("--field", type=Path, help="bench/field.py's folder: score its questions")
    args = parser.parse_args(argv)
    if args.field is not None:
        import field

        questions = field.load_field_questions()
        catalog = fetched_catalog(args.field.resolve(), field.LIBRARIES)
    else:
        loaded = load_questions()
        questions = [q for q in loaded if q.split == args.split and q.written_blind]
        catalog = None
    with open_corpus(catalog) if catalog else open_corpus() as corpus:
        prepared = prepare(corpus, questions)
        ours = [list(r) for r in run(corpus, prepared, "ours", answers_ours(corpus)).rankings]
        bm25 = [list(r) for r in run(corpus, prepared, "bm25", search_baseline).rankings]
        held_out = None
        if args.field is None and args.split == "dev":
            examples = collect(corpus, prepared)
            held_out = held_out_rankings(examples, L2, [True] * len(FEATURES))
    label = "field questions" if args.field else f"{args.split} (blind questions)"
    compare(label, prepared, ours, bm25)
    if held_out is not None:
        compare("each dev library held out", prepared, [list(r) for r in held_out], bm25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
