"""Measure generated API docs in a built site: sections, short bodies, and inventory coverage.

    docbuild build -c examples/docbuild.toml --out /tmp/site --no-cache
    python bench/api_coverage.py /tmp/site/index.json werkzeug 3.1.3
    python bench/api_coverage.py /tmp/site/index.json werkzeug 2.3.8 --inventory objects.inv

Counts a version's sections and those whose body is under 40 characters (the sign of an API
section with nothing but its signature). With ``--inventory`` (a Sphinx ``objects.inv``, such as
Debian's python-werkzeug-doc ships), prints the share of its documented classes, functions,
methods and exceptions that are sections with a non-empty body (heading == the object's name).
"""

from __future__ import annotations

import argparse
import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

SHORT_BODY = 40
DOCUMENTED_ROLES = frozenset({"py:class", "py:function", "py:method", "py:exception"})
_INVENTORY_LINE = re.compile(r"(.+?)\s+(\S+:\S+)\s+(-?\d+)\s+(\S*)\s+(.*)")


def read_inventory(path: Path) -> Iterator[tuple[str, str]]:
    """(name, domain:role) of each object in a Sphinx objects.inv (format version 2)."""
    data = path.read_bytes()
    header_end = 0
    for _ in range(4):
        header_end = data.index(b"\n", header_end) + 1
    if b"version 2" not in data[: data.index(b"\n")]:
        raise SystemExit(f"{path}: not a Sphinx inventory of version 2")
    for line in zlib.decompress(data[header_end:]).decode("utf-8").splitlines():
        match = _INVENTORY_LINE.match(line)
        if match and match.group(3) != "-1":  # priority -1: a hidden alias (canonical name)
            yield match.group(1), match.group(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("index", type=Path)
    parser.add_argument("library")
    parser.add_argument("version")
    parser.add_argument("--inventory", type=Path)
    parser.add_argument("--prefix", default="", help="only inventory names starting so")
    args = parser.parse_args()
    index = json.loads(args.index.read_text(encoding="utf-8"))
    entry = next(e for e in index["entries"] if e["id"] == args.library)
    sections = entry["volumes"][args.version]["sections"]
    short = sum(1 for s in sections if len(s["body"]) < SHORT_BODY)
    print(f"{args.library} {args.version}: {len(sections)} sections, {short} with a body under "
          f"{SHORT_BODY} characters")  # fmt: skip
    if args.inventory is None:
        return
    bodies: dict[str, list[str]] = {}
    for section in sections:
        bodies.setdefault(section["heading"].split(" (part ")[0], []).append(section["body"])
    wanted = sorted(
        {
            name
            for name, role in read_inventory(args.inventory)
            if role in DOCUMENTED_ROLES and name.startswith(args.prefix)
        }
    )
    found = [name for name in wanted if any(body.strip() for body in bodies.get(name, []))]
    share = 100 * len(found) / max(len(wanted), 1)
    print(f"inventory: {len(wanted)} documented objects, {len(found)} ({share:.1f}%) are sections "
          "with a body")  # fmt: skip
    missing = [name for name in wanted if name not in found]
    if missing:
        print("missing:", ", ".join(missing[:30]) + (" …" if len(missing) > 30 else ""))


if __name__ == "__main__":
    main()
