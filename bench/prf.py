"""Pseudo-relevance feedback as evidence for the learned ranker, measured on held-out libraries.

    python bench/prf.py                      # every variant in VARIANTS, leave-one-library-out
    python bench/prf.py --only base k3-t20   # some of them (the first is the one compared to)
    python bench/prf.py --latency --only k3-t20   # what the feedback step adds to a search

After the first recall, the best ``top`` candidates by the recall query's bm25 (no learned
model: the shipped one was fitted on every dev library, the held-out one included) lend their
words: each word of their heading and text is weighed RM3-style (its share of each section's
words, times that section's bm25 relative to the best, summed) and by its idf in the shard (one
fts5vocab query); the focus' own words, stop words, numbers and words too short to mean
anything are left out. The best ``terms`` of them, OR-ed, are one more FTS5 query; its bm25
(relative to the best candidate's, as the other bm25 features) is one more feature, and with
``recall`` its best sections join the candidates, flagged by a second feature. Each variant's
ranker is trained and scored as ``python -m eval.crossval`` does
(eval.crossval.held_out_rankings), on the blind dev questions only; the test split is never read.

Figures (dev, 238 blind questions, 207 answerable, 12 libraries held out in turn; one question
is 0.005 of R@1; "silent": unanswerable questions left unanswered, higher is better; "+w -l":
questions right at rank 1 that base got wrong, and the reverse, where the run printed it):

    variant                  R@1    R@5  MRR@10  paraphrase R@1/R@5  silent    pairs  +w -l
    base (today)           0.681  0.870  0.761       0.495 0.742      12/31     5/10
    k3-t10                 0.676  0.860  0.756       0.484 0.731      11/31     5/10
    k3-t15                 0.676  0.865  0.756       0.484 0.731      11/31     5/10   +0 -1
    k3-t20                 0.686  0.874  0.767       0.505 0.763      12/31     6/10   +1 -0
    k3-t30                 0.681  0.884  0.765       0.495 0.774      11/31     5/10   +1 -1
    k5-t15                 0.671  0.860  0.753       0.473 0.731      12/31     5/10
    k3-t15-focus           0.676  0.870  0.760       0.484 0.753      12/31     6/10
    k3-t20-place           0.686  0.874  0.766       0.505 0.763      11/31     5/10   +1 -0
    k3-t20-agree2          0.686  0.874  0.768       0.505 0.763      10/31     4/10   +1 -0
    k3-t20-plain           0.686  0.879  0.768       0.505 0.763      10/31     4/10   +1 -0
    k3-t15-recall10        0.676  0.884  0.761       0.484 0.785      13/31     6/10   +1 -2
    k5-t15-recall10        0.671  0.865  0.755       0.473 0.742      13/31     6/10
    k3-t20-recall10-place  0.676  0.879  0.759       0.473 0.774      13/31     6/10   +2 -3

(kN: feedback sections, tN: expansion words, focus: the focus OR-ed into the feedback query,
recallN: the feedback query's best N join the candidates, place: 1 / place in its ranking as a
third feature, agree2: words held by two feedback sections at least, plain: feedback sections
by the unweighted bm25 of the focus. Chinese R@1 stays 0.667 in all; its R@5 falls 0.939 ->
0.909 in 9 of the 12.)

Conclusion: not adopted. No variant reaches +0.01 R@1 or MRR@10: the best (the k3-t20 family)
is one question more at rank 1 and +0.005..0.007 MRR@10, within what picking the best of 12
variants gives by chance, and fewer words (t10, t15) or more sections (k5) do worse than today.
Recall is not what feedback could add here: the gold is among the candidates of 204 of 207
answerable questions (90 of 93 paraphrases) without feedback, and of the same 204 with recall10
(or recall20), so the misses are in the ordering, which feedback moves little. Joined sections
raise R@5 by up to three questions and leave one more unanswerable question silent (13/31) but
cost rank 1; agree2 and plain answer two more of them (10/31). The words feedback picks are
right when the first recall is (a security question gains "pickl", "deserializ"), and echo it
when it is wrong, which is where a paraphrase needs help. Cost: the feedback step (bodies of the
top sections, the vocabulary query, one more FTS5 query) took a median 8.2 ms against 18.2 ms
for the whole search (in process, 3 passes over dev, load average 6.3 on 2 shared cores), its
sum 41% of the searches' for k3-t20; on a chunked shard (doctrove-shard@3) the expansion
words' index chunks and the top sections' packs would also be fetched before ranking.
"""

from __future__ import annotations

import argparse
import math
import os
import sqlite3
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from client.index_chunks import load_index_for
from client.search.features import Described, idf
from client.search.query import STOP, Focus, parse_focus
from client.search.recall import WEIGHTS, in_docs_language, section_count
from client.search.sections import find_candidates, search_sections
from client.section_bodies import prefetch_bodies
from eval.corpus import EVAL_LIMIT, Corpus, open_corpus
from eval.crossval import held_out_rankings, held_out_report
from eval.dataset import load_questions
from eval.run import Prepared, prepare
from eval.train import L2, Example, example_of
from schemas.shards import FTS_TABLE
from schemas.text import index_text, starts_in_cjk_script

LATENCY_ROUNDS = 3
# Words weighed by their share of the feedback sections, before their idf is looked up.
PRESELECTED = 60
# Sections of the feedback query whose bm25 the feature keeps (the rest count as no match).
FEEDBACK_LIMIT = 200
# A section the feedback query recalls counts as covering this much of the focus, so the
# listing rule does not drop it for sharing no word with the focus (as the dense lane's).
FEEDBACK_COVERAGE = 0.1
MIN_WORD = 3
_CJK_FUNCTION = frozenset("的了吗呢么吧是在有和与把被让给要会能就都也还这那个做")
_VOCAB = "temp.doctrove_prf_vocab"
_BM25 = f"bm25({FTS_TABLE}, {', '.join(map(str, WEIGHTS))})"


@dataclass(frozen=True)
class Variant:
    name: str
    top: int  # feedback sections
    terms: int  # expansion words
    recall: int  # best sections of the feedback query that join the candidates (0: none)
    with_focus: bool = False  # the feedback query holds the focus too (RM3's interpolation)
    agree: int = 1  # a word must be in at least this many of the feedback sections
    place: bool = False  # one more feature: 1 / place in the feedback query's ranking
    plain: bool = False  # feedback sections by the unweighted bm25 of the focus instead


VARIANTS = (
    Variant("base", 0, 0, 0),
    Variant("k3-t10", 3, 10, 0),
    Variant("k3-t20", 3, 20, 0),
    Variant("k5-t15", 5, 15, 0),
    Variant("k3-t15-focus", 3, 15, 0, with_focus=True),
    Variant("k3-t15-recall10", 3, 15, 10),
    Variant("k5-t15-recall10", 5, 15, 10),
    # Second batch, after the first: the same k3 family, and three other choices.
    Variant("k3-t15", 3, 15, 0),
    Variant("k3-t30", 3, 30, 0),
    Variant("k3-t20-place", 3, 20, 0, place=True),
    Variant("k3-t20-agree2", 3, 20, 0, agree=2),
    Variant("k3-t20-plain", 3, 20, 0, plain=True),
    Variant("k3-t20-recall10-place", 3, 20, 10, place=True),
)


def focus_tokens(focus: Focus) -> frozenset[str]:
    """Every token a way of the focus searches: what expansion must not repeat."""
    return frozenset(
        token
        for concept in focus.concepts
        for way in concept.ways
        for part in (concept.label, *way.tokens)
        for token in part.split()
    )


def is_expansion_word(token: str) -> bool:
    """A word that can say what a section is about: not a stop word, a number or a fragment;
    in Chinese, Japanese or Korean text a pair of characters without a function character."""
    if starts_in_cjk_script(token):
        return len(token) == 2 and not (set(token) & _CJK_FUNCTION)
    return len(token) >= MIN_WORD and token not in STOP and not any(c.isdigit() for c in token)


def word_weights(
    texts: Sequence[str], relevance: Sequence[float], excluded: frozenset[str], agree: int = 1
) -> dict[str, float]:
    """RM3's weight of each word of the feedback sections: its share of each section's words
    times that section's relevance, summed over the sections; only words at least ``agree`` of
    the sections hold."""
    weights: dict[str, float] = {}
    holders: Counter[str] = Counter()
    for text, weight in zip(texts, relevance, strict=True):
        tokens = index_text(text).split()
        counts = Counter(t for t in tokens if t not in excluded and is_expansion_word(t))
        holders.update(counts.keys())
        for token, count in counts.items():
            weights[token] = weights.get(token, 0.0) + weight * count / max(len(tokens), 1)
    return {w: v for w, v in weights.items() if holders[w] >= agree}


def choose_terms(
    weights: Mapping[str, float], frequencies: Mapping[str, int], total: int, count: int
) -> tuple[str, ...]:
    """The ``count`` words of highest weight times idf, ties by word: deterministic."""
    scored = {w: v * idf(frequencies.get(w, 0), total) for w, v in weights.items()}
    chosen = sorted((w for w in scored if frequencies.get(w, 0) > 0), key=lambda w: (-scored[w], w))
    return tuple(chosen[:count])


def _quoted(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def document_frequencies(conn: sqlite3.Connection, words: Sequence[str]) -> dict[str, int]:
    """How many sections hold each word, from the index's vocabulary: one query."""
    if not words:
        return {}
    load_index_for(conn, " OR ".join(map(_quoted, words)))
    # The client opens shards query-only; a client that used this would create the vocabulary
    # table where it creates its TEMP views (client.section_bodies.add_section_views).
    conn.execute("PRAGMA query_only = OFF")
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_VOCAB} USING fts5vocab(main, {FTS_TABLE}, row)"
    )
    conn.execute("PRAGMA query_only = ON")
    sql = f"SELECT term, doc FROM {_VOCAB} WHERE term IN ({', '.join('?' * len(words))})"
    return {str(t): int(d) for t, d in conn.execute(sql, list(words))}


@dataclass(frozen=True)
class Feedback:
    terms: tuple[str, ...]
    bm25: dict[int, float]  # section id -> bm25() of the feedback query (best FEEDBACK_LIMIT)
    ranked: tuple[int, ...]  # those sections, best first


def feedback(
    conn: sqlite3.Connection, focus: Focus, described: Sequence[Described], variant: Variant
) -> Feedback:
    ranked = sorted(
        (d.candidate for d in described if d.candidate.bm25 < 0),
        key=lambda c: (c.bm25, c.section_id),
    )[: variant.top]
    if variant.plain:
        ranked = sorted(
            (d.candidate for d in described if d.candidate.plain_rank is not None),
            key=lambda c: (c.plain_rank or 0, c.section_id),
        )[: variant.top]
    if not ranked or ranked[0].bm25 >= 0:
        return Feedback((), {}, ())
    ids = [c.section_id for c in ranked]
    prefetch_bodies(conn, ids)
    listed = ", ".join("?" * len(ids))
    sql = f"SELECT id, heading || ' ' || body FROM sections WHERE id IN ({listed})"
    rows = dict(conn.execute(sql, ids).fetchall())
    best = ranked[0].bm25
    relevance = [min(c.bm25 / best, 1.0) for c in ranked]
    weights = word_weights([rows[i] for i in ids], relevance, focus_tokens(focus), variant.agree)
    preselected = sorted(weights, key=lambda w: (-weights[w], w))[:PRESELECTED]
    frequencies = document_frequencies(conn, preselected)
    terms = choose_terms(
        {w: weights[w] for w in preselected}, frequencies, section_count(conn), variant.terms
    )
    if not terms:
        return Feedback((), {}, ())
    expression = " OR ".join(map(_quoted, terms))
    if variant.with_focus:
        expression = f"{focus.expression} OR {expression}"
    load_index_for(conn, expression)
    sql = f"SELECT rowid, {_BM25} FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? ORDER BY 2, 1 LIMIT ?"
    found = [(int(r), float(s)) for r, s in conn.execute(sql, (expression, FEEDBACK_LIMIT))]
    return Feedback(terms, dict(found), tuple(i for i, _ in found))


def with_feedback(
    described: Sequence[Described], found: Feedback, recalled: frozenset[int], place: bool
) -> list[Described]:
    """``described`` with the feedback features appended: the feedback query's bm25 relative
    to the best candidate's, whether only the feedback query brought it (with recall), and
    (with ``place``) 1 / its place in the feedback query's ranking."""
    best = min((found.bm25.get(d.candidate.section_id, 0.0) for d in described), default=0.0)
    places = {section_id: n for n, section_id in enumerate(found.ranked, start=1)}
    extended = []
    for d in described:
        score = found.bm25.get(d.candidate.section_id, 0.0)
        relative = min(score / best, 1.0) if best < 0 else 0.0
        only = d.candidate.section_id in recalled
        extended.append(
            replace(
                d,
                features=(*d.features, relative, float(only))
                + ((1.0 / places.get(d.candidate.section_id, math.inf),) if place else ()),
                coverage=max(d.coverage, FEEDBACK_COVERAGE) if only else d.coverage,
            )
        )
    return extended


def collect(corpus: Corpus, prepared: Sequence[Prepared], variant: Variant) -> list[Example]:
    examples = []
    for p in prepared:
        conn = corpus.shard(p.question.library, p.question.version)
        focus = parse_focus(p.question.text)
        first = find_candidates(conn, focus)
        described, unheard = first.described, first.unheard
        if variant.top:
            found = feedback(conn, in_docs_language(conn, focus), described, variant)
            known = {d.candidate.section_id for d in described}
            joining = [i for i in found.ranked[: variant.recall] if i not in known]
            if joining:
                joined = find_candidates(conn, focus, joining)
                described, unheard = joined.described, joined.unheard
            described = with_feedback(described, found, frozenset(joining), variant.place)
        examples.append(example_of(p, described, unheard, first.concepts))
    return examples


def time_feedback(corpus: Corpus, prepared: Sequence[Prepared], variant: Variant) -> None:
    """Print what feedback adds to a search: the median per question of doc_extract's search
    (client.search.search_sections) and of the feedback step alone (body reads, vocabulary,
    the one more FTS5 query), LATENCY_ROUNDS passes, the two timed in turn per question."""
    searches: list[float] = []
    added: list[float] = []
    for _ in range(LATENCY_ROUNDS):
        for p in prepared:
            conn = corpus.shard(p.question.library, p.question.version)
            started = time.perf_counter()
            search_sections(conn, p.question.text, max_sections=EVAL_LIMIT, max_tokens=50_000)
            searched = time.perf_counter()
            focus = parse_focus(p.question.text)
            described = find_candidates(conn, focus).described
            ready = time.perf_counter()
            feedback(conn, in_docs_language(conn, focus), described, variant)
            searches.append(searched - started)
            added.append(time.perf_counter() - ready)
    search, extra = statistics.median(searches), statistics.median(added)
    print(
        f"{variant.name}: search {search * 1000:.2f} ms, feedback {extra * 1000:.2f} ms "
        f"(medians per question; sum of feedback / sum of searches "
        f"{sum(added) / sum(searches):.2f}), load average {os.getloadavg()[0]:.2f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/prf.py", description=__doc__)
    parser.add_argument("--only", nargs="*", default=[], help="variant names")
    parser.add_argument("--latency", action="store_true", help="time the variants' feedback")
    args = parser.parse_args(argv)
    variants = [v for v in VARIANTS if not args.only or v.name in args.only]
    questions = [q for q in load_questions() if q.split == "dev" and q.written_blind]
    with open_corpus() as corpus:
        prepared = prepare(corpus, questions)
        if args.latency:
            for variant in variants:
                if variant.top:
                    time_feedback(corpus, prepared, variant)
            return 0
        print(f"dev, {len(prepared)} questions, each library held out in turn")
        print(f"  {'variant':<24}{'kind':<12}{'n':>5}{'R@1':>8}{'R@5':>8}{'MRR@10':>8}")
        first: list[bool] | None = None
        for variant in variants:
            started = time.perf_counter()
            examples = collect(corpus, prepared, variant)
            collected = time.perf_counter() - started
            ranked = held_out_rankings(examples, L2, None)
            report = held_out_report(examples, ranked)
            right = [bool(r[:1]) and r[0] in p.keys for r, p in zip(ranked, prepared, strict=True)]
            first = first or right
            won = sum(1 for a, b in zip(first, right, strict=True) if b and not a)
            lost = sum(1 for a, b in zip(first, right, strict=True) if a and not b)
            for kind, s in report.by_kind.items():
                print(
                    f"  {variant.name:<24}{kind:<12}{s.count:>5}{s.recall_1:>8.3f}"
                    f"{s.recall_5:>8.3f}{s.mrr_10:>8.3f}"
                )
            (quiet, silent), (pairs_right, pairs) = report.abstained, report.pairs
            candidates = sum(len(e.described) for e in examples) / len(examples)
            answerable = [e for e in examples if e.prepared.question.answerable]
            reached = sum(1 for e in answerable if set(e.keys) & e.prepared.keys)
            print(
                f"  {variant.name:<24}unanswerable left unanswered {quiet}/{silent}, pairs "
                f"{pairs_right}/{pairs}, {candidates:.1f} candidates (gold among them "
                f"{reached}/{len(answerable)}), "
                f"collected in {collected:.1f} s"
                f", rank 1 against the first variant: +{won} -{lost}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
