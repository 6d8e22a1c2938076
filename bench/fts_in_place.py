"""A version's search database updated in place against a cold build of it: same bytes? how long?

    python bench/fts_in_place.py [--index _site/libs/<id>/index.json] [--edits 5] [--seed 1]

The builder keeps each version's last search database and, after an edit that keeps every
section's id, takes the changed pages' rows out of it and puts the new ones in
(schemas.shard_build.updated_search_database_bytes) instead of indexing every page again. This
times both ways on one version's records: the sections of a built site's ``index.json`` (its
first version; the Python 3.11 docs are the issue's corpus), or random pages without one. Each
edit reverses one word of one random page; each round times a cold build of the edited
records and the update from the database the round before kept, and checks their bytes are the
same. Page tables are made before the clock starts: a rebuild takes them from the build cache.
Medians over the edits, with the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import orjson

from schemas.shard_build import (
    PageChange,
    page_rows,
    placed_pages,
    search_database_bytes,
    updated_search_database_bytes,
)


def random_records(chooser: random.Random, pages: int) -> list[dict[str, Any]]:
    words = [
        "".join(chooser.choices("abcdefghijklmnop", k=chooser.randint(2, 9))) for _ in range(3000)
    ]
    return [
        {
            "heading": " ".join(chooser.choices(words, k=3)),
            "body": " ".join(chooser.choices(words, k=chooser.randint(5, 400))),
            "source": f"page{page}.md",
            "anchor": f"s{section}",
        }
        for page in range(pages)
        for section in range(chooser.randint(1, 30))
    ]


def index_records(index: Path) -> list[dict[str, Any]]:
    entry = orjson.loads(index.read_bytes())["entries"][0]
    version = entry["versions"][0]
    records: list[dict[str, Any]] = entry["volumes"][version]["sections"]
    return records


def edit(chooser: random.Random, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``records`` with one word of one random section reversed."""
    edited = list(records)
    while True:
        position = chooser.randrange(len(edited))
        words = edited[position]["body"].split(" ")
        long = [n for n, word in enumerate(words) if len(word) >= 5 and word.isalpha()]
        if long:
            n = chooser.choice(long)
            words[n] = words[n][::-1]
            edited[position] = {**edited[position], "body": " ".join(words)}
            return edited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--index", type=Path, help="a built site's index.json (first version)")
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chooser = random.Random(args.seed)
    records = index_records(args.index) if args.index else random_records(chooser, 500)
    print(f"{len(records):,} sections; load average {os.getloadavg()[0]:.2f}")
    pages = list(placed_pages(page_rows(records)))
    kept: list[bytes] = []
    search_database_bytes("v", "1", pages, keep=kept.append)
    colds, updates, same = [], [], 0
    for _ in range(args.edits):
        records = edit(chooser, records)
        new_pages = list(placed_pages(page_rows(records)))
        changes = [
            PageChange(ids, old.search, new)
            for (ids, old), (_, new) in zip(pages, new_pages, strict=True)
            if old != new
        ]
        start = time.perf_counter()
        expected, _, _ = search_database_bytes("v", "1", new_pages)
        colds.append(time.perf_counter() - start)
        again: list[bytes] = []
        start = time.perf_counter()
        data, _, _ = updated_search_database_bytes(kept[-1], changes, keep=again.append)
        updates.append(time.perf_counter() - start)
        same += data == expected
        pages, kept = new_pages, again
    cold, update = statistics.median(colds), statistics.median(updates)
    print(f"cold build of the database: {cold * 1000:.0f} ms (median of {args.edits})")
    print(
        f"updated in place:           {update * 1000:.0f} ms ({update / cold:.2f}× the cold build)"
    )
    print(f"same bytes as the cold build: {same} of {args.edits}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
