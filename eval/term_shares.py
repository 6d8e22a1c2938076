"""Write client/search/term_shares.tsv: how common each search token is in library docs at large.

    python -m eval.term_shares --fetched /tmp/fetched

A version's own docs tell a rare word from a common one poorly: in a small version a generic
word ("fails", "want") is rare by chance and takes the largest share of a question, while a
word every library's docs use ("function", "return", "error") says little about which section
answers. So the ranker also weighs the focus' concepts by their share across many libraries'
docs (client.search.features' background_coverage). The share of a token is, averaged over the
libraries, the share of each library's sections that hold it (in its heading, heading path or
text), so a large library counts no more than a small one. The libraries are eval.fetched_train's
training libraries (their docs fetched into FOLDER and built): none is one an evaluation split
or the field bench scores. Tokens under MIN_SHARE are left out; the search reads a token the
file lacks as that share. Run it again when the tokenizer changes (the file names it).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from tempfile import TemporaryDirectory

import orjson

from builder.config import load_catalog
from builder.pipeline import build_site
from client.search.glossary import MIN_SHARE, TERM_SHARES
from eval.fetched import FetchError, fetched_catalog
from eval.fetched_train import TRAIN_LIBRARIES
from schemas.text import TOKENIZER, index_text

TARGET = Path(__file__).resolve().parent.parent / "client" / "search" / TERM_SHARES

Section = tuple[str, Sequence[str], str]  # heading, heading path, text


def term_shares(libraries: Iterable[Sequence[Section]]) -> dict[str, float]:
    """Each token's share of sections, averaged over ``libraries`` (each its sections)."""
    totals: dict[str, float] = {}
    count = 0
    for sections in libraries:
        held: Counter[str] = Counter()
        for heading, path, text in sections:
            held.update(set(index_text(" ".join((heading, *path, text))).split()))
        count += 1
        for token, sections_holding in held.items():
            totals[token] = totals.get(token, 0.0) + sections_holding / max(len(sections), 1)
    return {token: total / count for token, total in totals.items() if total / count >= MIN_SHARE}


def built_sections(site: Path) -> list[list[Section]]:
    """The sections of every version of a built site's index.json."""
    index = orjson.loads((site / "index.json").read_bytes())
    return [
        [(s["heading"], s.get("headingPath") or [], s["body"]) for s in volume["sections"]]
        for entry in index["entries"]
        for volume in entry["volumes"].values()
    ]


def write(shares: dict[str, float], libraries: int, target: Path = TARGET) -> None:
    header = (
        f"# {TERM_SHARES}: each search token's share of sections ({TOKENIZER}), averaged over "
        f"{libraries} libraries' docs; written by python -m eval.term_shares"
    )
    lines = [f"{token}\t{share:.5f}" for token, share in sorted(shares.items())]
    target.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.term_shares", description=__doc__)
    parser.add_argument(
        "--fetched", type=Path, metavar="FOLDER", required=True,
        help="where eval.fetched_train's libraries are fetched (once) and kept",
    )  # fmt: skip
    args = parser.parse_args(argv)
    folder = args.fetched.resolve()
    try:
        catalog = fetched_catalog(folder, TRAIN_LIBRARIES)
    except FetchError as error:
        print(f"eval.term_shares: {error}", file=sys.stderr)
        return 1
    with TemporaryDirectory(prefix="doctrove-shares-") as scratch:
        site = Path(scratch) / "site"
        build_site(load_catalog(catalog), site)
        libraries = built_sections(site)
    shares = term_shares(libraries)
    write(shares, len(libraries))
    print(f"wrote {TARGET} ({len(shares)} tokens of {len(libraries)} libraries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
