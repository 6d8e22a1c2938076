"""Builds across machines, on one machine: the examples built once, then as N parts by N
parallel processes and merged; prints the wall time of each and whether the two sites are the
same bytes.

    python bench/merge.py [--parts 4] [--catalog examples/docbuild.toml] [--keep DIR]

Every build runs ``docbuild`` as a user would (no cache, SOURCE_DATE_EPOCH fixed, the search
box when Pagefind is installed); the parts split the catalog as ``docbuild parts`` does.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ENVIRONMENT = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600"}
DOCBUILD = [sys.executable, "-m", "builder.cli"]


def docbuild(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*DOCBUILD, *args], cwd=REPO, env=ENVIRONMENT, stdout=subprocess.PIPE, text=True
    )


def finish(*processes: subprocess.Popen[str]) -> None:
    for process in processes:
        output, _ = process.communicate()
        if process.returncode != 0:
            sys.exit(f"docbuild failed ({process.args}):\n{output}")


def differing(first: Path, second: Path) -> list[str]:
    """Relative paths that are in one tree only or differ in bytes."""
    found = []
    pending = [filecmp.dircmp(first, second)]
    while pending:
        compared = pending.pop()
        base = Path(compared.left).relative_to(first)
        found += [str(base / n) for n in compared.left_only + compared.right_only]
        _, mismatch, errors = filecmp.cmpfiles(
            compared.left, compared.right, compared.common_files, shallow=False
        )
        found += [str(base / n) for n in mismatch + errors]
        pending += compared.subdirs.values()
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parts", type=int, default=4)
    parser.add_argument("--catalog", type=Path, default=REPO / "examples" / "docbuild.toml")
    parser.add_argument("--keep", type=Path, help="Build here and keep the sites.")
    options = parser.parse_args()
    root = options.keep or Path(tempfile.mkdtemp(prefix="bench-merge-"))
    catalog = str(options.catalog)

    started = time.perf_counter()
    finish(docbuild("build", "-c", catalog, "--out", str(root / "one"), "--no-cache", "-q"))
    one_machine = time.perf_counter() - started

    split = subprocess.run(
        [*DOCBUILD, "parts", "-c", catalog, "--count", str(options.parts)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    groups = json.loads(split.stdout)
    parts = [root / f"part-{i}" for i in range(len(groups))]
    started = time.perf_counter()
    finish(
        *(
            docbuild("build", "-c", catalog, "--out", str(p), "--no-cache", "-q", "--only", g)
            for p, g in zip(parts, groups, strict=True)
        )
    )
    parallel = time.perf_counter() - started
    started = time.perf_counter()
    finish(docbuild("merge", *map(str, parts), "--out", str(root / "merged"), "-q"))
    merge = time.perf_counter() - started

    different = differing(root / "one", root / "merged")
    print(f"one machine: {one_machine:.2f} s")
    print(f"{len(parts)} parts in parallel processes: {parallel:.2f} s (the slowest part)")
    print(f"merge: {merge:.2f} s; parts + merge: {parallel + merge:.2f} s")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("identical bytes" if not different else f"DIFFERENT: {different[:10]}")
    print(f"sites in {root}")


if __name__ == "__main__":
    main()
