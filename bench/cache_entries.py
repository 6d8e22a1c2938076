"""What keeping the build cache's entries costs: one SQLite file (builder.cache_entries, what
docbuild does) against a file per entry (what it did before, kept here as the reference).

    python bench/cache_entries.py                      # in a folder beside this checkout
    python bench/cache_entries.py --folder /dev/shm    # on another file system

A first build of the Python 3.11 docs keeps 2,275 entries of 18 KB on average (the defaults).
Each round writes them both ways into fresh folders under ``--folder`` (the two ways take turns
going first), then reads back a random fifth of them, as a one-page rebuild reads about 500;
the table shows the medians over the rounds and the load average before and after. What a
file costs to create depends on the file system and on how busy the disk is, so run it where
the cache lives (``.docbuild-cache`` beside the catalog, or ``--cache-dir``).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from builder.cache_entries import EntryStore

Way = tuple[Callable[[Path, list[str], bytes], None], Callable[[Path, list[str]], None]]


def write_files(root: Path, keys: list[str], payload: bytes) -> None:
    """The previous way: a file per entry, written to a temporary file and renamed."""
    for key in keys:
        folder = f"{root}/entries/{key[:2]}"
        os.makedirs(folder, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
        os.replace(temp, f"{folder}/{key}.json")


def read_files(root: Path, keys: list[str]) -> None:
    for key in keys:
        with open(f"{root}/entries/{key[:2]}/{key}.json", "rb") as handle:
            handle.read()


def write_rows(root: Path, keys: list[str], payload: bytes) -> None:
    store = EntryStore(root)
    try:
        for key in keys:
            store.put(key, hashlib.sha256(payload).hexdigest(), payload)
    finally:
        store.close()


def read_rows(root: Path, keys: list[str]) -> None:
    store = EntryStore(root)
    try:
        for key in keys:
            assert store.get(key) is not None
    finally:
        store.close()


WAYS: dict[str, Way] = {
    "a file per entry (before)": (write_files, read_files),
    "one SQLite file (now)": (write_rows, read_rows),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--entries", type=int, default=2275)
    parser.add_argument("--bytes", type=int, default=18_000, help="each entry's payload")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    keys = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(args.entries)]
    read_back = random.Random(1).sample(keys, max(1, args.entries // 5))
    # Half incompressible, as the kept JSON and msgpack are not repetitive text.
    payload = os.urandom(args.bytes // 2) + b"x" * (args.bytes - args.bytes // 2)
    writes: dict[str, list[float]] = {name: [] for name in WAYS}
    reads: dict[str, list[float]] = {name: [] for name in WAYS}
    print(
        f"{args.entries} entries of {args.bytes} bytes in {args.folder}; load average before: "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    for round_number in range(args.rounds):
        order = list(WAYS.items())[:: -1 if round_number % 2 else 1]
        for name, (write, read) in order:
            root = Path(tempfile.mkdtemp(prefix="cache-entries-", dir=args.folder))
            try:
                started = time.perf_counter()
                write(root, keys, payload)
                writes[name].append(time.perf_counter() - started)
                started = time.perf_counter()
                read(root, read_back)
                reads[name].append(time.perf_counter() - started)
            finally:
                shutil.rmtree(root, ignore_errors=True)
    print("\n| | write every entry | read a fifth back |\n|---|---|---|")
    for name in WAYS:
        print(
            f"| {name} | {statistics.median(writes[name]):.2f} s | "
            f"{1000 * statistics.median(reads[name]):.0f} ms |"
        )
    before, now = (statistics.median(writes[name]) for name in WAYS)
    print(f"\nwriting: now {now / before:.2f}× before (medians of {args.rounds} rounds)")
    print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
