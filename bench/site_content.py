"""What two builds of the same docs hold: sections and section text per library, and the pages
whose text grew most.

    python bench/site_content.py SITE_BEFORE SITE_AFTER

Both are built sites (``docbuild build --out``), for example of the same catalog by two
checkouts. Reads each library's ``libs/<id>/index.json``: a library's figures are the sum over
its versions; "KB" is the UTF-8 size of the section bodies.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import orjson


def library_text(site: Path, library: str) -> tuple[int, int, dict[str, int]]:
    """Sections, body bytes and body bytes per source file of one library of a built site."""
    path = site / "libs" / library / "index.json"
    if not path.is_file():
        return 0, 0, {}
    entry = orjson.loads(path.read_bytes())["entries"][0]
    sections = [s for volume in entry["volumes"].values() for s in volume["sections"]]
    per_page: dict[str, int] = {}
    for section in sections:
        source = section.get("source") or ""
        per_page[source] = per_page.get(source, 0) + len(section["body"].encode("utf-8"))
    return len(sections), sum(per_page.values()), per_page


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args()
    libraries = sorted(
        {
            p.parent.name
            for site in (args.before, args.after)
            for p in site.glob("libs/*/index.json")
        }
    )
    print(f"{'library':20} {'sections':>17} {'body KB':>19}  pages whose text grew most (KB)")
    totals = [0, 0, 0, 0]
    for library in libraries:
        count_before, bytes_before, pages_before = library_text(args.before, library)
        count_after, bytes_after, pages_after = library_text(args.after, library)
        grown = sorted(
            ((size - pages_before.get(page, 0), page) for page, size in pages_after.items()),
            reverse=True,
        )[:3]
        grew = ", ".join(f"{page} +{delta / 1024:.1f}" for delta, page in grown if delta > 0)
        print(
            f"{library:20} {count_before:7} -> {count_after:6} "
            f"{bytes_before / 1024:8.1f} -> {bytes_after / 1024:7.1f}  {grew}"
        )
        for k, value in enumerate((count_before, count_after, bytes_before, bytes_after)):
            totals[k] += value
    print(
        f"{'all':20} {totals[0]:7} -> {totals[1]:6} "
        f"{totals[2] / 1024:8.1f} -> {totals[3] / 1024:7.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
