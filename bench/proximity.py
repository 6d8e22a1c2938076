"""Term proximity as evidence for the learned ranker, measured on held-out libraries (dev only).

    python bench/proximity.py                  # every variant, leave-one-library-out
    python bench/proximity.py --only base near10

bm25 counts a question's words in a section wherever they stand. The section that answers a
question asked in other words than its heading usually says the question's key words together,
in one sentence, where a neighbour that merely mentions them says them paragraphs apart; term
proximity is the classic evidence for that (Tao and Zhai, SIGIR 2007; Büttcher et al., BM25TP).
FTS5 measures it on the index alone: ``NEAR("a" "b", N)`` matches a section where the two
phrases stand within N tokens, from the position lists the recall step already fetched (no
body read, nothing more downloaded on a chunked shard).

Each variant appends one feature per candidate: over the pairs of the focus' most weighty
concepts that some section holds (at most PAIR_CONCEPTS of them), the weight of the pairs the
candidate holds within N tokens of each other, in any of the two concepts' ways, as a share of
all those pairs' weight (a pair weighs the product of its concepts' weights, as the coverage
feature weighs them). N is 10 (a sentence) or 25 (a short paragraph).

Each variant's ranker is trained and scored as ``python -m eval.crossval`` does
(eval.crossval.held_out_rankings: every dev library held out in turn, its threshold chosen on
the others), on the blind dev questions only; neither val nor test is read. The rule, fixed
before the first run: a variant goes on to val only if it gains 0.005 of MRR@10 here without
losing recall@5, and is adopted only if it does the same on val.

Figures (2026-12-05, 238 blind dev questions, 207 answerable; R@1 / R@5 / MRR@10):

    base (today)   0.725 0.889 0.794   paraphrase 0.527 0.785   left unanswered 14/31   pairs 5/10
    near10         0.725 0.874 0.789              0.527 0.763                   14/31         4/10
    near25         0.710 0.865 0.776              0.505 0.742                   13/31         4/10

Not adopted, nor taken to val: rank 1 is level or lower, and three or more questions leave
the first five, paraphrases among them. Where a question's key words stand together, bm25
over these short sections mostly sees it already; the feature then pulls up neighbours that
say the two words together in passing. (Some section holds a near pair for most questions:
the feature is not silent, it is not evidence.)
"""

from __future__ import annotations

import argparse
import itertools
import sqlite3
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_evidence import held_concept_weights, print_held_out

from client.index_chunks import load_index_for
from client.search.query import Concept, Way, parse_focus
from client.search.recall import placeholders
from client.search.sections import find_candidates
from eval.corpus import Corpus
from eval.run import Prepared
from eval.train import Example, example_of
from schemas.shards import FTS_TABLE

# The most weighty concepts whose pairs are looked at: 4 make 6 pairs, one query each.
PAIR_CONCEPTS = 4


@dataclass(frozen=True)
class Variant:
    name: str
    distance: int  # 0: no proximity feature


VARIANTS = (Variant("base", 0), Variant("near10", 10), Variant("near25", 25))


def near_expression(first: Concept, second: Concept, distance: int) -> str:
    """Any way of ``first`` within ``distance`` tokens of any way of ``second`` (ways that
    are one phrase: NEAR takes no AND of an identifier's parts)."""
    return " OR ".join(
        f"NEAR({a.expression} {b.expression}, {distance})"
        for a, b in itertools.product(_phrases(first), _phrases(second))
    )


def _phrases(concept: Concept) -> list[Way]:
    return [way for way in concept.ways if way.expression.startswith('"')]


def proximity(
    conn: sqlite3.Connection,
    concepts: Sequence[Concept],
    held: Mapping[str, float],
    ids: Sequence[int],
    distance: int,
) -> dict[int, float]:
    """Each of ``ids``' share of the weight of the focus' concept pairs it holds near."""
    weighty = sorted(
        (c for c in concepts if held.get(c.label)), key=lambda c: (-held[c.label], c.label)
    )[:PAIR_CONCEPTS]
    pairs = list(itertools.combinations(weighty, 2))
    total = sum(held[a.label] * held[b.label] for a, b in pairs)
    shares = dict.fromkeys(ids, 0.0)
    if not pairs or not ids or total <= 0:
        return shares
    sql = (
        f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? "
        f"AND +rowid IN ({placeholders(len(ids))})"
    )
    for a, b in pairs:
        expression = near_expression(a, b, distance)
        if not expression:
            continue
        load_index_for(conn, expression)
        for (rowid,) in conn.execute(sql, (expression, *ids)):
            shares[int(rowid)] += held[a.label] * held[b.label] / total
    return shares


def collect(corpus: Corpus, prepared: Sequence[Prepared], variant: Variant) -> list[Example]:
    examples = []
    for p in prepared:
        conn = corpus.shard(p.question.library, p.question.version)
        focus = parse_focus(p.question.text)
        found = find_candidates(conn, focus)
        described, unheard = found.described, found.unheard
        if variant.distance:
            held_concepts, held = held_concept_weights(conn, focus)
            ids = [d.candidate.section_id for d in described]
            near = proximity(conn, held_concepts, held, ids, variant.distance)
            described = [
                replace(d, features=(*d.features, near[d.candidate.section_id])) for d in described
            ]
        examples.append(example_of(p, described, unheard, found.concepts))
    return examples


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/proximity.py", description=__doc__)
    parser.add_argument("--only", nargs="*", default=[], help="variant names")
    args = parser.parse_args(argv)
    print_held_out([v for v in VARIANTS if not args.only or v.name in args.only], collect)
    return 0


if __name__ == "__main__":
    sys.exit(main())
