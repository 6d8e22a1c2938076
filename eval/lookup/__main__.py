"""``python -m eval.lookup``: catalog_lookup's R@1, R@5 and MRR@5 per kind of question and
overall, and the share of unanswerable questions answered with nothing, beside plain FTS5 bm25.

``--split dev`` (the default) is the set to decide on, and ``--misses`` lists its misses;
``--split test`` is only reported. Every question is asked of the catalog's LibraryIndex and of
the lookup table a large site publishes: the two must give the same answers, and a question
where they differ is listed and fails the run. ``--freeze FILE`` takes new questions in, each
given its split for good. ``--gate`` (CI) fails when the test split's R@5 or MRR@5 fall more
than 0.02 below those recorded in eval/lookup/recorded.json (``--record`` writes them, once per
reported change).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import orjson

from eval.lookup.answers import Answerers
from eval.lookup.dataset import (
    QUESTIONS,
    SPLITS,
    UNANSWERABLE,
    freeze,
    load_catalog,
    load_questions,
)
from eval.lookup.report import Report, format_table, report

RECORDED = Path(__file__).with_name("recorded.json")
# The gate's tolerance: a change may cost at most this much of a gated figure.
GATE_TOLERANCE = 0.02
# The figures the gate holds, as the retrieval gate (python -m eval --gate) holds its own: R@5
# and MRR@5. The test split's share of silent unanswerable questions moves 0.1 a question (ten
# of them), so a gate on it would fail any change that answers one more: it is recorded and
# shown, not gated.
GATED = ("recall_5", "mrr_5")


def gated_figures(found: Report) -> dict[str, float]:
    """The figures the gate compares: the answerable questions' R@1, R@5 and MRR@5, and the
    unanswerable questions' share answered with nothing."""
    figures = {k: v for k, v in asdict(found.overall).items() if k != "silent" and k != "count"}
    if UNANSWERABLE in found.by_kind:
        figures["silent"] = found.by_kind[UNANSWERABLE].silent
    return {name: round(value, 4) for name, value in figures.items()}


def gate_problems(recorded: dict[str, float], now: dict[str, float]) -> list[str]:
    """The ``GATED`` figures that fell more than GATE_TOLERANCE below the recorded ones."""
    return [
        f"{name} fell from {recorded[name]:.3f} to {now.get(name, 0.0):.3f}"
        for name in GATED
        if name in recorded and now.get(name, 0.0) < recorded[name] - GATE_TOLERANCE
    ]


def evaluate(
    split: str, path: Path = QUESTIONS, misses: bool = False
) -> tuple[Report, Report, str]:
    """Ours and the baseline's reports of ``split``, and the text to print."""
    entries = load_catalog()
    questions = load_questions(entries, path, split)
    answerers = Answerers(entries)
    started = time.perf_counter()
    try:
        ours = [answerers.ours(q.text) for q in questions]
        table = [answerers.ours_table(q.text) for q in questions]
        plain = [answerers.plain(q.text) for q in questions]
    finally:
        answerers.close()
    seconds = time.perf_counter() - started
    lines = [
        f"catalog_lookup over {len(entries)} libraries, {split} split: {len(questions)} "
        f"questions ({seconds:.1f} s)",
        "",
    ]
    ours_report, plain_report = report(ours, questions), report(plain, questions)
    lines.append(format_table(ours_report, plain_report))
    differ = [q for q, a, b in zip(questions, ours, table, strict=True) if a != b]
    lines.append(
        f"lookup table agrees with the in-memory index on {len(questions) - len(differ)}"
        f"/{len(questions)}"
    )
    for question, answer, from_table in zip(questions, ours, table, strict=True):
        if answer != from_table:
            lines.append(f"  {question.id} {question.text!r}: index {answer}, table {from_table}")
    if misses:
        lines += ["", "misses (first answer not in gold; unanswerable: answered):"]
        for question, answer in zip(questions, ours, strict=True):
            wrong = (
                bool(answer) if not question.gold else not answer or answer[0] not in question.gold
            )
            if wrong:
                lines.append(
                    f"  {question.id} [{question.kind}] {question.text!r}: {answer} "
                    f"gold {sorted(question.gold)}"
                )
    if differ:
        raise SystemExit("\n".join(lines) + "\nthe lookup table and the index disagree")
    return ours_report, plain_report, "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.lookup", description=__doc__)
    parser.add_argument("--split", choices=SPLITS, default="dev")
    parser.add_argument("--misses", action="store_true", help="list dev's misses")
    parser.add_argument("--freeze", type=Path, metavar="FILE", help="take new questions in")
    parser.add_argument("--gate", action="store_true", help="CI: test must not fall")
    parser.add_argument("--record", action="store_true", help="write recorded.json")
    args = parser.parse_args(argv)
    if args.gate or args.record:
        splits = SPLITS if args.record else ("test",)
        found = {split: gated_figures(evaluate(split)[0]) for split in splits}
        if args.record:
            RECORDED.write_bytes(orjson.dumps(found, option=orjson.OPT_INDENT_2) + b"\n")
            print(f"recorded {found} in {RECORDED}")
            return 0
        recorded = orjson.loads(RECORDED.read_bytes())
        problems = gate_problems(recorded["test"], found["test"])
        for problem in problems:
            print(f"catalog_lookup test split: {problem}", file=sys.stderr)
        print(f"catalog_lookup gate: test {found['test']}, recorded {recorded['test']}")
        return 1 if problems else 0
    if args.freeze:
        new = freeze(args.freeze)
        print(f"{new} new questions given a split in {QUESTIONS}")
        return 0
    if args.misses and args.split != "dev":
        parser.error("--misses lists dev's misses only: a test miss read is a miss tuned for")
    print(evaluate(args.split, misses=args.misses)[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
