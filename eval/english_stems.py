"""Write client/search/english_stems.txt: the search tokens of general English words.

    apt-get download wamerican && dpkg-deb -x wamerican_*.deb wamerican
    python -m eval.english_stems wamerican/usr/share/dict/american-english

The word list is SCOWL's American English list as Debian ships it (permissive licence, kept
beside the data as english_stems.LICENSE). Each word is read as the search reads a focus
(schemas.text.query_terms: lowercased and stemmed), so the file holds exactly the labels a
focus' plain words can have; possessives are left out. Run it again when the tokenizer's
stemming changes (the file names the tokenizer it was made with).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from schemas.text import TOKENIZER, query_terms

TARGET = Path(__file__).resolve().parent.parent / "client" / "search" / "english_stems.txt"


def english_stems(words: Sequence[str]) -> list[str]:
    """The sorted, distinct search tokens of ``words`` that are one plain word each."""
    stems = set()
    for word in words:
        if "'" in word:
            continue
        terms = query_terms(word)
        if len(terms) == 1 and not terms[0].parts:
            stems.add(terms[0].whole)
    return sorted(stems)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.english_stems", description=__doc__)
    parser.add_argument("word_list", type=Path, help="one English word per line")
    args = parser.parse_args(argv)
    words = args.word_list.read_text(encoding="utf-8").split()
    stems = english_stems(words)
    header = (
        f"# english_stems.txt: search tokens ({TOKENIZER}) of {len(words)} English words, "
        "from SCOWL's american-english list (see english_stems.LICENSE); "
        "written by python -m eval.english_stems\n"
    )
    TARGET.write_text(header + "\n".join(stems) + "\n", encoding="utf-8")
    print(f"wrote {len(stems)} stems to {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
