"""Ask every example version for a name or one word, as agents often do; count rank-1 answers.

    python bench/lone_words.py            # from the repository's root (builds the examples)

Four kinds of short focus, each drawn from the docs themselves, never written by hand:
- **bare names**: the last part of an API entry's name (``chunked`` for
  ``more_itertools.chunked``; no dunders, parts of three letters or more, up to 40 per
  version, in a seeded random order). Right when the first answer is an entry of that name.
- **one-word headings**: a narrative section headed by one word ("Installation", "9. Classes"),
  asked in lowercase (up to 60 per version, in alphabetical order). Right when the first answer
  is a section headed by that word.
- **a name and what is wanted of it**: a bare name in five agent-style shapes ("how to use
  chunked", "chunked parameters"...: SHAPES), for the first 15 bare names of each version.
  Right when the first answer is an entry of that name. Then the same with the name in
  backticks, as agents often write code in a question ("how to use `chunked`").

Beside ours (what doc_extract answers, eval.corpus.answers_ours), the plain bm25 baseline of
``python -m eval``. The figures cover every library of the examples, the held-out ones
included: nothing is fitted to them. The rules they measure (client.search.query.identifiers:
a lone word is a name, and so is a word in backticks or followed by "()") have no weight of
their own, and were kept because dev and val held. The plain shapes have no rule of their own:
reading a short focus's plain word as a name when it names a candidate API entry took them
from 0.786 to 0.874, but turned "routing converters" from the Custom Converters guide to a
one-line attribute entry, so it was left out.
"""

from __future__ import annotations

import random
import re
import sqlite3
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval.corpus import answers_ours, open_corpus, search_baseline, section_key

BARE_NAMES_PER_VERSION = 40
SHAPED_NAMES_PER_VERSION = 15
SHAPES = (
    "how to use {}",
    "{} example",
    "{} parameters",
    "what does {} return",
    "{} arguments and defaults",
)
HEADINGS_PER_VERSION = 60
SEED = 7
_DOTTED = re.compile(r"^[\w$]+(?:\.[\w$]+)+$")
# One word, after the section number Sphinx gives a :numbered: toctree's headings ("9.5. ").
_ONE_WORD = re.compile(r"(?:\d+(?:\.\d+)*\.\s+)?([A-Za-z][a-z]{3,})")

Searcher = Callable[[sqlite3.Connection, str], list[str]]


def bare_names(conn: sqlite3.Connection, rng: random.Random) -> list[tuple[str, set[str]]]:
    """(the last part of an API entry's name, the keys of every entry so named)."""
    named: dict[str, set[str]] = defaultdict(set)
    for source, anchor, heading in conn.execute("SELECT source, anchor, heading FROM sections"):
        name = re.sub(r"\([^)]*\)", "", heading).strip()
        if _DOTTED.match(name) and anchor.casefold().endswith(name.casefold()):
            last = name.rsplit(".", 1)[1]
            if not last.startswith("_") and len(last) > 2:
                named[last].add(section_key(source, anchor))
    drawn = sorted(named.items())
    rng.shuffle(drawn)
    return drawn[:BARE_NAMES_PER_VERSION]


def one_word_headings(conn: sqlite3.Connection) -> list[tuple[str, set[str]]]:
    """(a one-word heading in lowercase, the keys of every section so headed)."""
    headed: dict[str, set[str]] = defaultdict(set)
    for source, anchor, heading in conn.execute("SELECT source, anchor, heading FROM sections"):
        if one_word := _ONE_WORD.fullmatch(heading.strip()):
            headed[one_word.group(1).casefold()].add(section_key(source, anchor))
    return sorted(headed.items())[:HEADINGS_PER_VERSION]


def main() -> None:
    rng = random.Random(SEED)
    right: dict[tuple[str, str], int] = defaultdict(int)
    asked: dict[str, int] = defaultdict(int)
    with open_corpus() as corpus:
        searchers: dict[str, Searcher] = {"ours": answers_ours(corpus), "bm25": search_baseline}
        for _, conn in sorted(corpus.shards.items()):
            names = bare_names(conn, rng)
            shaped = [
                (shape.format(name), keys)
                for name, keys in names[:SHAPED_NAMES_PER_VERSION]
                for shape in SHAPES
            ]
            kinds = {
                "bare names": names,
                "one-word headings": one_word_headings(conn),
                "a name and what is wanted of it": shaped,
                "the same, the name in backticks": [
                    (shape.format(f"`{name}`"), keys)
                    for name, keys in names[:SHAPED_NAMES_PER_VERSION]
                    for shape in SHAPES
                ],
            }
            for kind, focuses in kinds.items():
                for focus, keys in focuses:
                    asked[kind] += 1
                    for name, search in searchers.items():
                        first = search(conn, focus)[:1]
                        right[kind, name] += bool(first and first[0] in keys)
    for kind, count in asked.items():
        ours, bm25 = right[kind, "ours"], right[kind, "bm25"]
        print(
            f"{kind}: right at rank 1, ours {ours}/{count} ({ours / count:.3f}), "
            f"bm25 {bm25}/{count} ({bm25 / count:.3f})"
        )


if __name__ == "__main__":
    main()
