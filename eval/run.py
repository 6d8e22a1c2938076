"""Run the questions against the corpus: resolve each question's gold, rank with each searcher,
and score the rankings per kind, per version pair and for abstention."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from eval.corpus import Corpus
from eval.dataset import KINDS, Gold, Question
from eval.gold import find_in_docs, index_sections, resolve
from eval.metrics import Scores, average, pairs_right

Searcher = Callable[..., list[str]]


@dataclass(frozen=True)
class Prepared:
    """A question with its gold as section keys of the built index. ``lost`` is gold the docs
    hold but the index does not (a gap of the builder, counted as a miss); ``wrong`` is gold the
    docs do not hold (a mistake in the question file)."""

    question: Question
    keys: frozenset[str]
    lost: tuple[Gold, ...]
    wrong: tuple[Gold, ...]


def prepare(corpus: Corpus, questions: Sequence[Question]) -> list[Prepared]:
    tables = {}
    prepared = []
    for question in questions:
        version = corpus.resolve_version(question.library, question.version)
        if version != question.version:
            raise ValueError(
                f"{question.origin}: {question.library} has no version {question.version}"
            )
        where = (question.library, version)
        if where not in tables:
            tables[where] = index_sections(corpus.sections(corpus.shards[where]))
        keys = resolve(question.expect, tables[where])
        unmatched = [g for g in question.expect if not resolve((g,), tables[where])]
        docs = corpus.docs.get(where)
        lost = tuple(g for g in unmatched if docs and find_in_docs(g, docs, _code_roots(docs)))
        wrong = tuple(g for g in unmatched if g not in lost)
        prepared.append(Prepared(question, frozenset(keys), lost, wrong))
    return prepared


def wrong_gold(prepared: Sequence[Prepared]) -> list[str]:
    """A line per gold section the docs do not hold: a mistake in a question file."""
    return [
        f"{p.question.origin}: no section {g.heading!r} in {g.file!r}"
        for p in prepared
        for g in p.wrong
    ]


def _code_roots(docs: Path) -> tuple[Path, ...]:
    """Where a version's code may sit beside its docs (examples/<id>/<version>/{docs,src})."""
    return (docs.parent,) if docs.name == "docs" else (docs,)


@dataclass(frozen=True)
class Run:
    """One searcher's rankings of the prepared questions, in order."""

    name: str
    rankings: tuple[tuple[str, ...], ...]


def run(corpus: Corpus, prepared: Sequence[Prepared], name: str, searcher: Searcher) -> Run:
    rankings = tuple(
        tuple(searcher(corpus.shard(p.question.library, p.question.version), p.question.text))
        for p in prepared
    )
    return Run(name, rankings)


@dataclass(frozen=True)
class Report:
    """One searcher's figures over a set of questions."""

    by_kind: dict[str, Scores]  # answerable questions of each kind, and "overall"
    pairs: tuple[int, int]  # (both versions right at rank 1, pairs)
    abstained: tuple[int, int]  # (questions without an answer that got none, such questions)


def score(prepared: Sequence[Prepared], ranking: Run) -> Report:
    answerable = [i for i, p in enumerate(prepared) if p.question.answerable]
    by_kind = {}
    for kind in [*(k for k in KINDS if k != "unanswerable"), "overall"]:
        chosen = [i for i in answerable if kind in (prepared[i].question.kind, "overall")]
        by_kind[kind] = average(
            [ranking.rankings[i] for i in chosen], [prepared[i].keys for i in chosen]
        )
    silent = [i for i, p in enumerate(prepared) if not p.question.answerable]
    abstained = sum(1 for i in silent if not ranking.rankings[i])
    members: dict[str, list[int]] = {}
    for i, p in enumerate(prepared):
        if p.question.pair:
            members.setdefault(p.question.pair, []).append(i)
    pairs = [
        (
            (ranking.rankings[a], prepared[a].keys),
            (ranking.rankings[b], prepared[b].keys),
        )
        for a, b in (group for group in members.values() if len(group) == 2)
    ]
    return Report(by_kind, pairs_right(pairs), (abstained, len(silent)))
