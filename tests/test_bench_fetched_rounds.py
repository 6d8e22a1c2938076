"""bench/fetched_rounds.py's figures: R@1, R@5 and MRR@10 over the answerable questions, and
the unanswerable ones left unanswered."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from eval.dataset import Gold, Question
from eval.run import Prepared
from eval.train import Example

BENCH = Path(__file__).resolve().parent.parent / "bench" / "fetched_rounds.py"


def _bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fetched_rounds_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _example(gold: tuple[str, ...]) -> Example:
    expect = tuple(Gold(*key.split("#")) for key in gold)
    question = Question("train:1", "paraphrase" if gold else "unanswerable", "lib", "1.0", "q",
                        expect, "train")  # fmt: skip
    return Example(Prepared(question, frozenset(gold), (), ()), (), (), False)


def test_figures_count_rank_one_top_five_reciprocal_rank_and_abstention() -> None:
    bench = _bench()
    examples = [_example(("a.md#x",)), _example(("a.md#y",)), _example(())]
    answers = [("a.md#x", "a.md#z"), ("a.md#z", "a.md#w", "a.md#y"), ()]
    # R@1 1/2, R@5 2/2, MRR (1 + 1/3) / 2; the one unanswerable question got nothing.
    assert bench.figures(examples, answers) == ("0.500 / 1.000 / 0.667   unanswered 1/1   (n=2)")


def test_every_fetched_library_belongs_to_a_round_of_ten() -> None:
    rounds = _bench().ROUND
    assert sorted(set(rounds.values())) == list(range(1, len(rounds) // 10 + 1))
    assert all(list(rounds.values()).count(n) == 10 for n in set(rounds.values()))
