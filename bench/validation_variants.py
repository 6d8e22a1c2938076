"""Candidate rankings, each fixed before it was scored, on the validation split (figures only).

    python bench/validation_variants.py               # the variants, then the threshold table
    python bench/validation_variants.py --ablation    # also each feature left out (slow: ~15 min)

Every variant is trained on the dev questions written blind, as eval.train trains the shipped
ranker, and scored on the val split (eval.dataset.VALIDATION: libraries no feature, word table
or fix was designed from). Rankings are scored twice: as the client answers (cut by the
variant's abstention threshold, chosen as eval.train chooses it: the highest that costs at most
0.02 of R@5 on dev and on val) and without abstaining, which shows the ordering alone. Beside
each: the answerable questions right at rank 1 for that side only, against plain FTS5 bm25.

- shipped: schemas/ranker.json; retrained: eval.train's fit again (the same model);
- L2 0.1 and 1.0: stronger regularisation of the same features;
- minimal: only the features about matching words, names and section kinds (MINIMAL);
- plain only: the unweighted bm25 ranking of the focus alone, with the rules;
- rrf bm25: the shipped ranking fused with the plain bm25 ranking by reciprocal ranks (k = 60);
- diversity off, parent off: the shipped weights without one of the two rules;
- dev + other val libraries: each val library scored by a ranker trained on dev and the other
  val libraries (does training on more libraries help a new one?).

``--ablation`` retrains without each feature in turn and reports the change of MRR@10 (no
abstention) on val and in eval.crossval; the rule fixed before reading it: a feature goes only
when leaving it out gains at least ABLATION_GAIN on both.

The threshold table gives, for thresholds from 0.05 to 0.26, the R@5 each costs and how many
unanswerable questions it leaves unanswered, on dev and on val: why eval.train now chooses the
threshold on both.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from client.search.features import FEATURES
from client.search.model import RankerModel, default_model
from eval.__main__ import discordant, sign_test
from eval.corpus import open_corpus, search_baseline
from eval.crossval import held_out_rankings, held_out_report
from eval.dataset import load_questions
from eval.metrics import average
from eval.run import prepare
from eval.train import L2, Example, choose_threshold, collect, rankings, recall_5, train

MINIMAL = frozenset(
    {"coverage", "heading", "bm25", "plain", "bm25_heading", "bm25_body", "bm25_code", "named",
     "api_asked", "api_unasked", "changelog_asked", "changelog_unasked", "parent"}
)  # fmt: skip
ABLATION_GAIN = 0.005
THRESHOLDS = (0.05, 0.1, 0.15, 0.19, 0.21, 0.26)
Ranked = list[tuple[tuple[str, ...], float]]


def figures(ranked: Ranked, examples: Sequence[Example]) -> tuple[float, float, float, float]:
    """R@1, R@5, MRR@10 over the answerable questions, and R@1 of the paraphrases."""
    answerable = [
        (keys, e.prepared) for (keys, _), e in zip(ranked, examples, strict=True)
        if e.prepared.question.answerable
    ]  # fmt: skip
    every = average([k for k, _ in answerable], [p.keys for _, p in answerable])
    para = [(k, p) for k, p in answerable if p.question.kind == "paraphrase"]
    paraphrases = average([k for k, _ in para], [p.keys for _, p in para])
    return every.recall_1, every.recall_5, every.mrr_10, paraphrases.recall_1


def versus(ranked: Ranked, baseline: Ranked, examples: Sequence[Example]) -> str:
    """Questions right at rank 1 for ours only : for plain bm25 only, and the sign test."""
    ours, theirs = discordant(
        [e.prepared for e in examples], [k for k, _ in ranked], [k for k, _ in baseline]
    )
    return f"{ours:>3} :{theirs:>3}  p={sign_test(ours, theirs):.2f}"


def fused(ranked: Ranked, baseline: Ranked) -> Ranked:
    out: Ranked = []
    for (keys, sure), (base, _) in zip(ranked, baseline, strict=True):
        if not keys:
            out.append(((), sure))
            continue
        score: dict[str, float] = {}
        for listed in (keys, base):
            for place, key in enumerate(listed):
                score[key] = score.get(key, 0.0) + 1 / (60 + place)
        out.append((tuple(sorted(score, key=lambda k: -score[k])[:10]), sure))
    return out


def held_on_val(model: RankerModel, val: list[Example]) -> RankerModel:
    """The model with eval.train's threshold rule: its R@5 cost held on dev and on val."""
    return replace(model, abstain_below=min(model.abstain_below, choose_threshold(model, val)))


def line(name: str, model: RankerModel, val: list[Example], baseline: Ranked) -> str:
    cut, whole = rankings(model, val, model.abstain_below), rankings(model, val, None)
    return _row(name, cut, whole, baseline, val)


def _row(name: str, cut: Ranked, whole: Ranked, baseline: Ranked, val: list[Example]) -> str:
    a, b = figures(cut, val), figures(whole, val)
    return (
        f"{name:<26}{a[0]:.3f} {a[1]:.3f} {a[2]:.3f}  {versus(cut, baseline, val)}   "
        f"{b[0]:.3f} {b[1]:.3f} {b[2]:.3f}  {b[3]:.3f}  {versus(whole, baseline, val)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ablation", action="store_true", help="each feature left out in turn")
    args = parser.parse_args()
    loaded = load_questions()
    with open_corpus() as corpus:
        dev = collect(
            corpus, prepare(corpus, [q for q in loaded if q.split == "dev" and q.written_blind])
        )
        val = collect(corpus, prepare(corpus, [q for q in loaded if q.split == "val"]))
        baseline: Ranked = []
        for example in val:
            question = example.prepared.question
            shard = corpus.shard(question.library, question.version)
            baseline.append((tuple(search_baseline(shard, question.text)[:10]), 1.0))
    answerable = sum(1 for e in val if e.prepared.keys)
    print(f"val: {len(val)} questions, {answerable} answerable; trained on {len(dev)} dev")
    print(f"{'':<26}{'as answered (threshold)':<36}{'without abstaining':<40}")
    print(f"{'variant':<26}R@1   R@5   MRR    ours:bm25 at 1   R@1   R@5   MRR    para@1 ours:bm25")
    base = figures(baseline, val)
    print(f"{'plain bm25':<26}{base[0]:.3f} {base[1]:.3f} {base[2]:.3f}"
          f"{'':<21}{'':<23}{base[3]:.3f}")  # fmt: skip
    shipped = default_model()
    print(line("shipped", shipped, val, baseline))
    mask_min = [name in MINIMAL for name in FEATURES]
    for name, model in (
        ("retrained", held_on_val(train(dev), val)),
        ("L2 0.1", held_on_val(train(dev, l2=0.1), val)),
        ("L2 1.0", held_on_val(train(dev, l2=1.0), val)),
        ("minimal features", held_on_val(train(dev, mask_min), val)),
        ("plain only", held_on_val(train(dev, [name == "plain" for name in FEATURES]), val)),
        ("diversity off", replace(shipped, diversity_margin=0.0)),
        ("parent off", replace(shipped, parent_margin=0.0)),
    ):
        print(line(name, model, val, baseline), flush=True)
    cut = rankings(shipped, val, shipped.abstain_below)
    whole = rankings(shipped, val, None)
    print(_row("rrf bm25", fused(cut, baseline), fused(whole, baseline), baseline, val))
    more_cut: Ranked = [((), 0.0)] * len(val)
    more_whole: Ranked = [((), 0.0)] * len(val)
    for library in sorted({e.prepared.question.library for e in val}):
        inside = [i for i, e in enumerate(val) if e.prepared.question.library == library]
        others = [e for e in val if e.prepared.question.library != library]
        model = held_on_val(train(dev + others), others)
        for i, cut_one, whole_one in zip(
            inside,
            rankings(model, [val[i] for i in inside], model.abstain_below),
            rankings(model, [val[i] for i in inside], None),
            strict=True,
        ):
            more_cut[i], more_whole[i] = cut_one, whole_one
    print(_row("dev + other val libraries", more_cut, more_whole, baseline, val))
    print_thresholds(shipped, dev, val)
    if args.ablation:
        print_ablation(dev, val)


def print_thresholds(model: RankerModel, dev: list[Example], val: list[Example]) -> None:
    print("\nthreshold: R@5 it costs, unanswerable questions it leaves unanswered")
    for split, examples in (("dev", dev), ("val", val)):
        ranked = rankings(model, examples, None)
        full = recall_5(ranked, examples)
        silent = [not e.prepared.question.answerable for e in examples]
        cells = []
        for threshold in THRESHOLDS:
            cut = [(k if k and sure >= threshold else (), sure) for k, sure in ranked]
            quiet = sum(1 for (k, _), s in zip(cut, silent, strict=True) if s and not k)
            cells.append(f"{threshold}: {full - recall_5(cut, examples):.3f} {quiet}/{sum(silent)}")
        print(f"  {split:<4}" + " | ".join(cells))


def print_ablation(dev: list[Example], val: list[Example]) -> None:
    def mrr(model: RankerModel) -> float:
        return figures(rankings(model, val, None), val)[2]

    def cross(mask: list[bool]) -> float:
        return held_out_report(dev, held_out_rankings(dev, L2, mask)).by_kind["overall"].mrr_10

    everything = [True] * len(FEATURES)
    val_all, cross_all = mrr(train(dev)), cross(everything)
    print(
        f"\nablation (MRR@10 without abstaining): all features val {val_all:.4f}, "
        f"eval.crossval {cross_all:.4f}; a feature goes when both gain {ABLATION_GAIN}"
    )
    for index, name in enumerate(FEATURES):
        mask = [i != index for i in range(len(FEATURES))]
        on_val, on_cross = mrr(train(dev, mask)) - val_all, cross(mask) - cross_all
        verdict = "drop" if min(on_val, on_cross) >= ABLATION_GAIN else "keep"
        print(f"  without {name:<18} val {on_val:+.4f}  crossval {on_cross:+.4f}  {verdict}",
              flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
