"""``python -m eval``: recall@1, recall@5 and MRR@10 of doc_extract's ranking over the examples,
per query kind and overall, beside a plain FTS5 bm25() baseline, and how unanswerable queries
are handled. ``--split dev`` (the default) is the set to tune on; ``--split test`` is held out.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eval.corpus import Corpus, open_corpus, search_baseline, search_ours
from eval.dataset import KINDS, Query, load_queries
from eval.metrics import Scores, average, recall_at

Searcher = Callable[..., list[str]]


@dataclass(frozen=True)
class Run:
    """One searcher's rankings of the queries, in query order."""

    name: str
    rankings: tuple[tuple[str, ...], ...]


def check_expectations(corpus: Corpus, queries: Sequence[Query]) -> list[str]:
    """Expected keys that name no section of the query's shard (typos in queries.toml)."""
    problems: list[str] = []
    for query in queries:
        keys = corpus.keys(corpus.shard(query.library, query.version))
        problems.extend(
            f"query {query.position} ({query.text!r}): no section {key!r}"
            for key in sorted(query.expect - keys)
        )
    return problems


def run(corpus: Corpus, queries: Sequence[Query], name: str, searcher: Searcher) -> Run:
    rankings = tuple(tuple(searcher(corpus.shard(q.library, q.version), q.text)) for q in queries)
    return Run(name, rankings)


def scores_by_kind(queries: Sequence[Query], ranking: Run) -> dict[str, Scores]:
    """Scores per answerable kind and "overall"."""
    table = {}
    answerable = [i for i, q in enumerate(queries) if q.expect]
    for kind in [*(k for k in KINDS if k != "unanswerable"), "overall"]:
        chosen = [i for i in answerable if kind in (queries[i].kind, "overall")]
        table[kind] = average(
            [ranking.rankings[i] for i in chosen], [queries[i].expect for i in chosen]
        )
    return table


def unanswerable_rate(queries: Sequence[Query], ranking: Run) -> tuple[int, int]:
    """(unanswerable queries that got an empty answer, unanswerable queries)."""
    chosen = [i for i, q in enumerate(queries) if not q.expect]
    return sum(1 for i in chosen if not ranking.rankings[i]), len(chosen)


def _cells(score: Scores) -> str:
    return f"{score.recall_1:>6.3f}{score.recall_5:>6.3f}{score.mrr_10:>8.3f}"


def format_table(queries: Sequence[Query], ours: Run, baseline: Run) -> str:
    lines = [
        f"{'kind':<13}{'n':>4}   {'R@1':>6}{'R@5':>6}{'MRR@10':>8}   "
        f"{'R@1':>6}{'R@5':>6}{'MRR@10':>8}",
        f"{'':<17}   {'ours':-^20}   {'baseline bm25':-^20}",
    ]
    mine, theirs = scores_by_kind(queries, ours), scores_by_kind(queries, baseline)
    for kind, score in mine.items():
        other = theirs[kind]
        lines.append(f"{kind:<13}{score.count:>4}   {_cells(score)}   {_cells(other)}")
    handled, total = unanswerable_rate(queries, ours)
    base_handled, _ = unanswerable_rate(queries, baseline)
    lines.append(
        f"unanswerable {total:>4}   empty answer: ours {handled}/{total}, "
        f"baseline {base_handled}/{total}"
    )
    return "\n".join(lines)


def format_misses(queries: Sequence[Query], ours: Run) -> str:
    lines = []
    for query, ranking in zip(queries, ours.rankings, strict=True):
        if query.expect and not recall_at(ranking, query.expect, 5):
            lines.append(
                f"miss  {query.position:>3} {query.library} {query.text!r}: {list(ranking[:3])}"
            )
        elif not query.expect and ranking:
            lines.append(
                f"junk  {query.position:>3} {query.library} {query.text!r}: {list(ranking[:3])}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval", description=__doc__)
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--misses", action="store_true", help="list queries ours gets wrong")
    args = parser.parse_args(argv)
    queries = [q for q in load_queries() if args.split in ("all", q.split)]
    with open_corpus() as corpus:
        problems = check_expectations(corpus, queries)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 1
        ours = run(corpus, queries, "ours", search_ours)
        baseline = run(corpus, queries, "baseline", search_baseline)
    print(f"{len(queries)} queries, split {args.split}")
    print(format_table(queries, ours, baseline))
    if args.misses:
        print(format_misses(queries, ours))
    return 0


if __name__ == "__main__":
    sys.exit(main())
