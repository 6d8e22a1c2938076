"""How often "what changed in VERSION?" gets that release's changelog entry first.

    python bench/release_questions.py SITE [SITE ...] [--per-library 8]

For each library version of each built site whose index holds a changelog (a section from a
changes/history/release-notes file, schemas.changelogs), the releases it names (a version in
a release heading, or in the heading path of a release's subsection) are sorted and up to
``--per-library`` of them are taken, evenly spaced from newest to oldest. Each becomes the
question "what changed in VERSION?", asked of the version's shard with the client's own
search; the answer is right at rank k when its k-th section's heading or heading path names
that version. Two sites built from the same docs by two checkouts give the same questions, so
their figures compare. The questions come from the docs alone, never from the ranker.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from client.search.sections import search_sections
from eval.corpus import open_built_shard
from schemas.changelogs import CHANGELOG_FILE, is_release_heading

_VERSION = re.compile(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+)*)(?![\w.]*\d)")


def releases(sections: list[dict[str, object]]) -> list[str]:
    """The versions the changelog sections of one index volume name in release headings."""
    found: set[str] = set()
    for section in sections:
        source = str(section.get("source") or "")
        if not CHANGELOG_FILE.search(source):
            continue
        path = section.get("headingPath")
        headings = [*(path if isinstance(path, list) else []), section["heading"]]
        for heading in headings:
            if is_release_heading(str(heading)):
                match = _VERSION.search(str(heading))
                if match:
                    found.add(match.group(1))
    return sorted(found, key=lambda v: tuple(int(p) if p.isdigit() else 0 for p in v.split(".")))


def spaced(items: list[str], count: int) -> list[str]:
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(k * step)] for k in range(count)]


def names(hit_heading: str, hit_path: tuple[str, ...], version: str) -> bool:
    pattern = re.compile(rf"(?<![\w.])v?{re.escape(version)}(?![\w.]*\d)")
    return any(pattern.search(text) for text in (*hit_path, hit_heading))


def measure(site: Path, per_library: int) -> dict[str, tuple[int, int, int]]:
    """Per library: questions, right at rank 1, right in the top 5."""
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    figures: dict[str, tuple[int, int, int]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for entry in catalog["entries"]:
            library = entry["id"]
            index = orjson.loads((site / "libs" / library / "index.json").read_bytes())
            volumes = index["entries"][0]["volumes"]
            for version, shard in entry.get("shards", {}).items():
                asked = spaced(releases(volumes[version]["sections"]), per_library)
                if not asked:
                    continue
                conn = open_built_shard(site, Path(scratch), library, version, shard)
                first = top5 = 0
                for release in asked:
                    question = f"what changed in {release}?"
                    found = search_sections(conn, question, max_sections=5, max_tokens=50_000)
                    hits = [names(s.heading, s.heading_path, release) for s in found.sections]
                    first += bool(hits[:1] and hits[0])
                    top5 += any(hits)
                conn.close()
                figures[f"{library} {version}"] = (len(asked), first, top5)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sites", nargs="+", type=Path)
    parser.add_argument("--per-library", type=int, default=8)
    args = parser.parse_args()
    results = [measure(site, args.per_library) for site in args.sites]
    keys = sorted(set().union(*results))
    print(f"{'library':28}" + "".join(f"{str(site)[-24:]:>26}" for site in args.sites))
    totals = [[0, 0, 0] for _ in results]
    for key in keys:
        cells = []
        for total, result in zip(totals, results, strict=True):
            asked, first, top5 = result.get(key, (0, 0, 0))
            total[0] += asked
            total[1] += first
            total[2] += top5
            cells.append(f"{first:>3}/{asked} @1 {top5:>3}/{asked} @5".rjust(26))
        print(f"{key:28}" + "".join(cells))
    cells = [f"{t[1]:>3}/{t[0]} @1 {t[2]:>3}/{t[0]} @5".rjust(26) for t in totals]
    print(f"{'all':28}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
