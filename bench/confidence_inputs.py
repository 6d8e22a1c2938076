"""One more input for the answer's confidence: how much of the focus the docs never use at all.

    python bench/confidence_inputs.py                 # base and each variant, held out
    python bench/confidence_inputs.py --only silent   # one of them (base always runs first)

The confidence (client.search.model) is a logistic fit of "rank 1 is right" on the top score,
its margin, the focus' coverage, whether the heading names the focus' identifier, and whether
the focus has a word that the docs never use and that English does not know ("unheard"). A
question the docs do not answer often turns on an ordinary English word the docs never use
("email" in a library with no e-mail matcher), which "unheard" leaves out because paraphrases
use such words all the time. The variants add, as one more input of the fit:

- silent: the focus' concept weights (client.search.features.concept_weights) of the concepts
  no section holds, summed (0..1);
- silent_any: whether the focus has such a concept at all;
- silent2: both.

Each variant is judged as ``python -m eval.crossval`` judges a ranker (each dev library held out
in turn, weights, margins, confidence and threshold fitted on the others, rankings cut by the
fold's threshold), on the blind dev questions only; the test split is never read.

Figures (2026-12-03; dev, 238 blind questions, 207 answerable, 31 unanswerable; R@1 / R@5 /
MRR@10; "silent": unanswerable questions left unanswered):

    base (today)   0.681 0.870 0.761   silent 12/31   pairs 5/10
    silent         0.696 0.884 0.776   silent  9/31   pairs 4/10
    silent_any     0.686 0.874 0.767   silent  8/31   pairs 4/10
    silent2        0.686 0.874 0.766   silent  8/31   pairs 4/10

Again on 2026-12-05, with the features weighing only the concepts some section holds (so the
score no longer carries the unused share) and the named tier only for a name that is most of
the focus:

    base (today)   0.734 0.884 0.800   silent 14/31   pairs 5/10
    silent         0.734 0.889 0.801   silent 13/31   pairs 5/10

Not adopted: the gain in recall comes from abstaining on fewer answerable questions, paid for
by answering three or four more that the docs do not answer; it moves along the same trade-off
curve instead of improving it (the threshold rule keeps the recall cost at 0.02 either way).

The query performance predictors (``nqc``: the spread of the first NQC_DEPTH scores; ``wig``:
the first score above the mean of all candidates'; ``qpp``: both), which read the ranking and
not the question's words, so that they might carry over to docs nobody tuned for. Rule fixed
before the run: one goes on to val only if it leaves more unanswerable questions unanswered
here without losing recall@5. On 2026-12-05 (``--only base nqc wig qpp``):

    base (today)   0.725 0.889 0.794   silent 14/31   pairs 5/10
    nqc            0.700 0.865 0.770   silent 15/31   pairs 5/10
    wig            0.725 0.884 0.792   silent 14/31   pairs 5/10
    qpp            0.710 0.865 0.778   silent 14/31   pairs 5/10

Not adopted, nor taken to val: NQC silences one more unanswerable question for five answerable
ones at rank 1; the WIG gap says what the margin and the score already say.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import client.search.model as model_module
import client.search.recall as recall
import client.search.sections as sections_module
import eval.train as train_module
from client.search.features import concept_weights
from client.search.model import RankerModel, Scored
from client.search.query import parse_focus
from eval.corpus import Corpus, open_corpus
from eval.crossval import held_out_rankings, held_out_report
from eval.dataset import load_questions
from eval.run import Prepared, prepare

VARIANTS = ("base", "silent", "silent_any", "silent2", "nqc", "wig", "qpp")
# The query performance predictors' inputs, made from the ranking itself (_ranking_inputs).
RANKING_VARIANTS = {"nqc": ("nqc",), "wig": ("wig",), "qpp": ("nqc", "wig")}
# Scores of the first this many answers are NQC's.
NQC_DEPTH = 10
SHIPPED_INPUTS = model_module.confidence_inputs
# The extra inputs of each candidate, by the identity of its Described record.
_EXTRA: dict[int, tuple[float, ...]] = {}
# The variant being measured, for the inputs made from the ranking.
_VARIANT = ["base"]


def _inputs(ranked: Sequence[Scored], unheard: bool) -> tuple[float, ...]:
    extra = _EXTRA.get(id(ranked[0].described), ())
    return SHIPPED_INPUTS(ranked, unheard) + extra + _ranking_inputs(ranked, _VARIANT[0])


def _ranking_inputs(ranked: Sequence[Scored], variant: str) -> tuple[float, ...]:
    """Post-retrieval query performance predictors of the ranking: NQC (Shtok et al., 2012),
    the spread of the first NQC_DEPTH scores, and a WIG-like gap (Zhou and Croft, 2007), the
    first score above the mean of every candidate's. Neither looks at the question's words:
    a question the docs do not answer tends to get a flat list, where no section stands out."""
    names = RANKING_VARIANTS.get(variant, ())
    if not names:
        return ()
    scores = [s.score for s in ranked]
    top = scores[:NQC_DEPTH]
    mean_top = sum(top) / len(top)
    values = {
        "nqc": (sum((x - mean_top) ** 2 for x in top) / len(top)) ** 0.5,
        "wig": scores[0] - sum(scores) / len(scores),
    }
    return tuple(values[name] for name in names)


def _confidence(model: RankerModel, ranked: Sequence[Scored], unheard: bool) -> float:
    if not ranked:
        return 0.0
    intercept, *coefficients = model.confidence_fit
    inputs = _inputs(ranked, unheard)
    # Not strict: an untrained model's fit has the shipped inputs' length.
    value = intercept + sum(c * x for c, x in zip(coefficients, inputs, strict=False))
    return model_module._sigmoid(value)


def _extra(variant: str, silent: float, any_silent: bool) -> tuple[float, ...]:
    return {
        "base": (),
        "silent": (silent,),
        "silent_any": (float(any_silent),),
        "silent2": (silent, float(any_silent)),
    }.get(variant, ())


def collect(
    corpus: Corpus, prepared: Sequence[Prepared], variant: str
) -> list[train_module.Example]:
    examples = []
    for p in prepared:
        conn = corpus.shard(p.question.library, p.question.version)
        focus = parse_focus(p.question.text)
        total = recall.section_count(conn)
        read = recall.in_docs_language(conn, focus)
        _candidates, frequencies = recall.collect_candidates(conn, read, total, ())
        weights = concept_weights(read.concepts, frequencies, total)
        absent = [c.label for c in read.concepts if not frequencies.get(c.label)]
        extra = _extra(variant, sum(weights.get(label, 0.0) for label in absent), bool(absent))
        found = sections_module.find_candidates(conn, focus)
        described, unheard = found.described, found.unheard
        for d in described:
            _EXTRA[id(d)] = extra
        examples.append(train_module.example_of(p, described, unheard, found.concepts))
    return examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    args = parser.parse_args()
    for module in (model_module, train_module):
        module.confidence_inputs = _inputs  # type: ignore[attr-defined]
    for module in (model_module, sections_module):
        module.confidence = _confidence  # type: ignore[attr-defined]
    questions = [q for q in load_questions() if q.split == "dev" and q.written_blind]
    variants = ["base", *(v for v in args.only if v != "base")]
    with open_corpus() as corpus:
        prepared = prepare(corpus, questions)
        for variant in variants:
            _EXTRA.clear()
            _VARIANT[0] = variant
            examples = collect(corpus, prepared, variant)
            report = held_out_report(examples, held_out_rankings(examples, train_module.L2, None))
            overall = report.by_kind["overall"]
            (quiet, silent), (right, pairs) = report.abstained, report.pairs
            print(
                f"{variant:<12} {overall.recall_1:.3f} {overall.recall_5:.3f} "
                f"{overall.mrr_10:.3f}   silent {quiet}/{silent}   pairs {right}/{pairs}",
                flush=True,
            )


if __name__ == "__main__":
    main()
