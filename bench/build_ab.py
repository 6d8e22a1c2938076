"""Two checkouts of docbuild against each other, on one corpus, cold and one-word rebuilds.

    apt-get download python3.11-doc && dpkg-deb -x python3.11-doc_*.deb py311
    git archive OLD | tar -x -C /tmp/old     # and the same for NEW
    python bench/build_ab.py py311/usr/share/doc/python3.11/html old=/tmp/old new=/tmp/new

bench/pagefind.py puts docbuild beside Pagefind; its rounds are long, and on a shared machine
one checkout's single builds can differ by more than a change makes them. This bench compares
checkouts only, many times: each round runs every checkout once, the order swapped every round
so neither always goes first, all pinned to one core (``--core``), each run after a sync. It
prints, per checkout, the median and least wall and CPU time of a cold build (``--no-cache``)
and of a one-word rebuild with the cache (the page edited as bench/pagefind.py edits it, then
put back and rebuilt before the next round), with the rebuild's stage times, and the load
average before and after. The corpus is staged and each checkout compiled as bench/pagefind.py
does.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

from pagefind import EDITED_PAGE, compile_bytecode, edit_one_word, run_pinned, stage_corpus
from pagefind_table import Run

_STAGE_LINE = re.compile(r"^(\w[\w ]*): .* in ([\d.]+) s$", re.MULTILINE)


def build_command(work: Path, name: str, cache: bool) -> list[str]:
    """docbuild build of the staged corpus into a folder of the checkout ``name``'s own."""
    command = [sys.executable, "-m", "builder.cli", "build", "-c", str(work / "docbuild.toml")]
    command += ["--out", str(work / f"site-{name}"), "--no-site-search"]
    if cache:
        return [*command, "--cache-dir", str(work / f"cache-{name}")]
    return [*command, "--no-cache", "-q"]


def summary(runs: list[Run]) -> str:
    """Median and least wall and CPU time of ``runs``."""
    walls, cpus = [run.wall for run in runs], [run.cpu for run in runs]
    return (
        f"wall {statistics.median(walls):.3f} s (least {min(walls):.3f}), "
        f"CPU {statistics.median(cpus):.3f} s (least {min(cpus):.3f})"
    )


def stages(runs: list[Run]) -> str:
    """The median wall time of each stage the rebuilds report."""
    times: dict[str, list[float]] = {}
    for run in runs:
        for stage, seconds in _STAGE_LINE.findall(run.stderr):
            times.setdefault(stage, []).append(float(seconds))
    return ", ".join(f"{stage} {statistics.median(t):.2f} s" for stage, t in times.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path, help="a folder of HTML pages")
    parser.add_argument("checkouts", nargs="+", help="NAME=PATH of each docbuild checkout")
    parser.add_argument("--rounds", type=int, default=5, help="cold builds of each (5)")
    parser.add_argument("--rebuilds", type=int, default=15, help="rebuilds of each (15)")
    parser.add_argument("--core", type=int, default=0, help="the core to run on (0)")
    args = parser.parse_args()
    checkouts = [(name, Path(path).resolve()) for name, _, path in
                 (item.partition("=") for item in args.checkouts)]  # fmt: skip
    if any(not path.is_dir() for _, path in checkouts):
        raise SystemExit("each checkout is NAME=PATH, PATH a folder holding builder/")
    cores = frozenset({args.core})
    for _, path in checkouts:
        compile_bytecode(path)
    with tempfile.TemporaryDirectory(prefix="bench-build-ab-") as folder:
        work = Path(folder)
        pages, size = stage_corpus(args.corpus, work)
        edited = pages / EDITED_PAGE
        if not edited.is_file():
            raise SystemExit(f"the corpus has no {EDITED_PAGE} to edit")
        print(f"corpus: {size / 1e6:.1f} MB; load average before: {os.getloadavg()}")
        cold: dict[str, list[Run]] = {name: [] for name, _ in checkouts}
        rebuilt: dict[str, list[Run]] = {name: [] for name, _ in checkouts}
        for number in range(args.rounds):
            for name, path in checkouts if number % 2 == 0 else checkouts[::-1]:
                cold[name].append(run_pinned(build_command(work, name, False), cores, path))
        for name, path in checkouts:  # the cache each checkout's rebuilds start from
            run_pinned(build_command(work, name, True), cores, path)
        for number in range(args.rebuilds):
            for name, path in checkouts if number % 2 == 0 else checkouts[::-1]:
                original = edit_one_word(edited)
                try:
                    rebuilt[name].append(run_pinned(build_command(work, name, True), cores, path))
                finally:
                    edited.write_bytes(original)
                run_pinned(build_command(work, name, True), cores, path)  # back to the start
        print(f"load average after: {os.getloadavg()}")
        for name, _ in checkouts:
            print(f"{name}: cold build {summary(cold[name])}")
            print(f"{name}: one-word rebuild {summary(rebuilt[name])}; {stages(rebuilt[name])}")


if __name__ == "__main__":
    main()
