"""The figures bench/pagefind.py collects over its rounds, one Figures a tool, and the Markdown
table of their medians it prints at the end."""

from __future__ import annotations

import os
import statistics
from collections import defaultdict
from dataclasses import dataclass, field

from pagefind_watch import WATCH_EDITS


@dataclass
class Run:
    wall: float
    cpu: float
    peak_mib: float
    stderr: str


@dataclass
class Figures:
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    peaks: list[float] = field(default_factory=list)
    output: str = "—"
    # docbuild for docclient alone (--index-limit-mb 0: no doctrove-index@1 files).
    bare: list[Run] = field(default_factory=list)
    bare_output: str = "—"
    rebuild_share: list[float] = field(default_factory=list)
    rebuild_cpu_share: list[float] = field(default_factory=list)  # CPU time against CPU time
    rebuild_share_uncached: list[float] = field(default_factory=list)
    rebuilds: list[Run] = field(default_factory=list)
    filled: list[Run] = field(default_factory=list)
    stages: list[dict[str, float]] = field(default_factory=list)
    # With the search box (--site-search): each step's runs, by step.
    searched: dict[str, list[Run]] = field(default_factory=lambda: defaultdict(list))
    # docbuild build --watch (--watch): its first builds' and its rebuilds' own times.
    watched_builds: list[float] = field(default_factory=list)
    watched_rebuilds: list[float] = field(default_factory=list)

    def add(self, run: Run) -> None:
        self.walls.append(run.wall)
        self.cpus.append(run.cpu)
        self.peaks.append(run.peak_mib)


def print_table(results: dict[str, Figures], edited: str, cores: int = 1) -> None:
    def median(values: list[float], unit: str, digits: int = 1) -> str:
        return f"{statistics.median(values):.{digits}f} {unit}" if values else "—"

    def median_and_least(values: list[float], unit: str) -> str:
        # The least run is the one a busy machine disturbed least.
        return f"{median(values, unit)} (least {min(values):.1f})" if values else "—"

    present = {name: f for name, f in results.items() if f.walls}
    reference = statistics.median(present["Pagefind"].walls) if "Pagefind" in present else None
    print()
    print("| | " + " | ".join(present) + " |")
    print("|---|" + "---|" * len(present))
    rows = {
        "cold build, wall": [median_and_least(f.walls, "s") for f in present.values()],
        "cold build, CPU": [median_and_least(f.cpus, "s") for f in present.values()],
        "peak memory": [median(f.peaks, "MiB", 0) for f in present.values()],
        "output": [f.output for f in present.values()],
        "for docclient alone (--index-limit-mb 0): cold build, wall / CPU": [
            _wall_and_cpu(f.bare) for f in present.values()
        ],
        "for docclient alone: output": [f.bare_output for f in present.values()],
        f"one word changed in {edited}, rebuild": [
            f"{100 * statistics.median(f.rebuild_share):.1f}% of a cold build with the cache "
            f"({100 * statistics.median(f.rebuild_share_uncached):.1f}% of one without; CPU: "
            f"{100 * statistics.median(f.rebuild_cpu_share):.1f}% of the cold build's with the "
            f"cache; {len(f.rebuild_share)} rebuilds)"
            if f.rebuild_share
            else "—"
            for f in present.values()
        ],
    }
    rows["cold build with the cache, wall / CPU"] = [
        _wall_and_cpu(f.filled) for f in present.values()
    ]
    rows["that rebuild, wall / CPU"] = [_wall_and_cpu(f.rebuilds) for f in present.values()]
    if any(f.watched_rebuilds for f in present.values()):
        rows[f"the same edits under build --watch ({WATCH_EDITS} a round), rebuild"] = [
            _watched(f) for f in present.values()
        ]
    steps = dict.fromkeys(step for f in present.values() for step in f.searched)
    for step in steps:
        rows[f"with the search box: {step}, wall / CPU"] = [
            _wall_and_cpu(f.searched.get(step, [])) for f in present.values()
        ]
    for label, cells in rows.items():
        print(f"| {label} | " + " | ".join(cells) + " |")
    for name, figures in present.items():
        if name.startswith("docbuild") and reference:
            pagefind = present["Pagefind"].walls
            ratio = statistics.median(figures.walls) / reference
            least = min(figures.walls) / min(pagefind)
            print(
                f"\n{name}'s cold build: {ratio:.2f}× Pagefind's wall time "
                f"(medians, {'one core' if cores == 1 else f'{cores} cores'}; "
                f"{least:.2f}× between the least runs; {_paired(figures.walls, pagefind)})"
            )
            bare = [run.wall for run in figures.bare]
            if bare:
                print(
                    f"{name}'s cold build for docclient alone (--index-limit-mb 0): "
                    f"{statistics.median(bare) / reference:.2f}× Pagefind's wall time "
                    f"(medians; {_paired(bare, pagefind)})"
                )
            filled = [run.wall for run in figures.filled]
            if filled:
                print(
                    f"{name}'s cold build with the cache (docbuild build's default): "
                    f"{statistics.median(filled) / reference:.2f}× Pagefind's wall time "
                    f"(medians; {_paired(filled, pagefind)})"
                )
        if name.startswith("docbuild") and figures.stages:
            names = dict.fromkeys(stage for run in figures.stages for stage in run)
            medians = ", ".join(
                f"{n} {statistics.median(r.get(n, 0.0) for r in figures.stages):.2f} s"
                for n in names
            )
            print(f"{name}, rebuild stages (median wall): {medians}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _paired(walls: list[float], references: list[float]) -> str:
    """The ratio of each round's run to the reference run of the same round: a round's runs
    share the machine's load, so their ratios vary less than the medians' ratio."""
    ratios = sorted(wall / reference for wall, reference in zip(walls, references, strict=False))
    return f"per round {statistics.median(ratios):.2f}×, from {ratios[0]:.2f} to {ratios[-1]:.2f}"


def _watched(figures: Figures) -> str:
    """The watched rebuilds' median as a share of the watched first builds' median, both as
    the running process reports them."""
    if not figures.watched_rebuilds:
        return "—"
    rebuild = statistics.median(figures.watched_rebuilds)
    built = statistics.median(figures.watched_builds)
    return (
        f"{100 * rebuild / built:.1f}% of its first build ({rebuild:.2f} s of {built:.2f} s; "
        f"from {min(figures.watched_rebuilds):.2f} to {max(figures.watched_rebuilds):.2f} s)"
    )


def _wall_and_cpu(runs: list[Run]) -> str:
    """Medians of a docbuild step's runs (the rebuild's share alone hides what both took)."""
    if not runs:
        return "—"
    wall = statistics.median(run.wall for run in runs)
    cpu = statistics.median(run.cpu for run in runs)
    return f"{wall:.2f} s / {cpu:.2f} s"
