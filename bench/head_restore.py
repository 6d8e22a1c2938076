"""Time a client takes to put a head's rows back from its columns: as built, against @5 and @4.

    python bench/head_restore.py --site _site --library python [--rounds 9]

Reads the head the site's catalog lists for the library's first version (a doctrove-shard@6
head: build the site with ``docbuild build``), re-encodes its rows as doctrove-shard@5 and @4
columns, and times ``schemas.section_columns.restore_rows`` (decoding and inserting, as the
client does once when it stores a head) on each, interleaved, printing the median and range of
the rounds and the load average.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sqlite3
import statistics
import sys
import time
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from schemas.column_encoding import move_rows_to_columns  # noqa: E402
from schemas.section_columns import COLUMNS_TABLE, columns_format, restore_rows  # noqa: E402
from schemas.shards import DERIVED_FORMAT, PLAIN_COLUMNS_FORMAT  # noqa: E402


def as_format(raw: bytes, count: int, shard_format: str) -> bytes:
    """The head ``raw`` with its columns re-encoded as ``shard_format``."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(raw)
    restore_rows(conn, count)
    conn.execute(f"DROP TABLE {COLUMNS_TABLE}")
    conn.execute("BEGIN")
    move_rows_to_columns(conn, shard_format)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (shard_format,))
    conn.execute("COMMIT")
    data = conn.serialize()
    conn.close()
    return data


def restore_seconds(raw: bytes, count: int) -> float:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(raw)
    started = time.perf_counter()
    conn.execute("BEGIN")
    restore_rows(conn, count)
    conn.execute("COMMIT")
    elapsed = time.perf_counter() - started
    conn.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    catalog = orjson.loads((args.site / "catalog.json").read_bytes())
    entry = next(e for e in catalog["entries"] if e["id"] == args.library)
    ref = entry["shards"][entry["versions"][0]]
    raw = gzip.decompress((args.site / ref["path"]).read_bytes())
    count = int(ref["sections"])
    probe = sqlite3.connect(":memory:")
    probe.deserialize(raw)
    built = columns_format(probe)
    probe.close()
    if built is None:
        sys.exit(f"{ref['path']} is not a head with section columns ({ref['format']})")
    heads = {
        f"{built} (as built)": raw,
        DERIVED_FORMAT: as_format(raw, count, DERIVED_FORMAT),
        PLAIN_COLUMNS_FORMAT: as_format(raw, count, PLAIN_COLUMNS_FORMAT),
    }
    times: dict[str, list[float]] = {label: [] for label in heads}
    print(f"{count:,} sections; load average before: {os.getloadavg()[0]:.2f}")
    for _round in range(args.rounds):
        for label, head in heads.items():
            times[label].append(restore_seconds(head, count))
    for label, seconds in times.items():
        print(
            f"{label:28} median {statistics.median(seconds) * 1000:5.0f} ms "
            f"({min(seconds) * 1000:.0f}-{max(seconds) * 1000:.0f})"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
