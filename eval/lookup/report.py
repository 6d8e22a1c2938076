"""Score the lookups' answers: recall@1, recall@5 and MRR@5 per kind and overall over the
questions some library answers, and the share of the others answered with nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eval.lookup.dataset import KINDS, UNANSWERABLE, LookupQuestion
from eval.metrics import recall_at, reciprocal_rank

Ask = Callable[[str], list[str]]


@dataclass(frozen=True)
class Figures:
    """A group's figures: for answerable questions R@1, R@5 and MRR@5; for unanswerable ones
    ``silent``, the share answered with no library at all."""

    count: int
    recall_1: float
    recall_5: float
    mrr_5: float
    silent: float


def figures(rankings: Sequence[Sequence[str]], questions: Sequence[LookupQuestion]) -> Figures:
    """The figures of a group of questions, all answerable or all not."""
    count = len(questions)
    if not count:
        return Figures(0, 0.0, 0.0, 0.0, 0.0)
    pairs = list(zip(rankings, questions, strict=True))
    return Figures(
        count,
        sum(recall_at(r, q.gold, 1) for r, q in pairs) / count,
        sum(recall_at(r, q.gold, 5) for r, q in pairs) / count,
        sum(reciprocal_rank(r, q.gold, 5) for r, q in pairs) / count,
        sum(1 for r, _ in pairs if not r) / count,
    )


@dataclass(frozen=True)
class Report:
    """Each kind's figures, in KINDS order, and the answerable questions' overall."""

    by_kind: dict[str, Figures]
    overall: Figures


def report(rankings: Sequence[Sequence[str]], questions: Sequence[LookupQuestion]) -> Report:
    by_kind = {}
    for kind in KINDS:
        chosen = [i for i, q in enumerate(questions) if q.kind == kind]
        if chosen:
            by_kind[kind] = figures([rankings[i] for i in chosen], [questions[i] for i in chosen])
    answerable = [i for i, q in enumerate(questions) if q.kind != UNANSWERABLE]
    overall = figures([rankings[i] for i in answerable], [questions[i] for i in answerable])
    return Report(by_kind, overall)


def _cells(found: Figures, kind: str) -> str:
    if kind == UNANSWERABLE:
        return f"{'silent':>12}{found.silent:>8.3f}"
    return f"{found.recall_1:>6.3f}{found.recall_5:>6.3f}{found.mrr_5:>8.3f}"


def format_table(ours: Report, baseline: Report) -> str:
    """Ours beside the baseline, a kind a line, then the answerable questions overall."""
    lines = [
        f"{'kind':<13}{'n':>4}   {'R@1':>6}{'R@5':>6}{'MRR@5':>8}   "
        f"{'R@1':>6}{'R@5':>6}{'MRR@5':>8}",
        f"{'':<17}   {'ours':-^20}   {'baseline bm25':-^20}",
    ]
    rows = [*ours.by_kind.items(), ("overall", ours.overall)]
    others = {**baseline.by_kind, "overall": baseline.overall}
    for kind, found in rows:
        lines.append(
            f"{kind:<13}{found.count:>4}   {_cells(found, kind)}   {_cells(others[kind], kind)}"
        )
    return "\n".join(lines)
