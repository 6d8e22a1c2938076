"""Read every reST grid table under some folders with this checkout's reader and another's.

    pip download --no-binary :all: --no-deps docutils sphinx pyyaml numpydoc attrs
    for f in *.tar.gz; do tar xzf "$f"; done
    git archive <commit> | tar -x -C /tmp/before
    python bench/grid_tables.py /tmp/before .

Prints how many tables read differently, and for each table where the other reader gave words
this one does not, which words each gives: a word cut at a column line ("s", "an") that this
reader gives whole ("span") is a fix; a word this reader lost would be a regression.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.parsers.rst import tables  # noqa: E402

_WORD = re.compile(r"\w+")


def reader_of(checkout: Path) -> ModuleType:
    """The other checkout's tables module, loaded under its own name."""
    path = checkout / "builder" / "parsers" / "rst" / "tables.py"
    spec = importlib.util.spec_from_file_location("other_tables", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"no reader at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def grid_tables(path: Path) -> list[list[str]]:
    """The grid tables of a file: lines from each top border on, dedented to it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    found = []
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        above = lines[i - 1].lstrip() if i else ""
        if tables.is_grid_border(stripped) and not above.startswith(("+", "|")):
            indent = len(line) - len(stripped)
            found.append([text[indent:] for text in lines[i : i + 2000]])
    return found


def words(rows: list[tuple[str, ...]]) -> collections.Counter[str]:
    return collections.Counter(_WORD.findall(" ".join(" ".join(row) for row in rows)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="another checkout of this repository")
    parser.add_argument("folders", type=Path, nargs="+", help="folders of .rst and .txt files")
    args = parser.parse_args()
    other = reader_of(args.before)
    count = changed = 0
    for folder in args.folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".rst", ".txt"):
                continue
            for table in grid_tables(path):
                count += 1
                now, then = tables.read_grid_table(table, 0)[0], other.read_grid_table(table, 0)[0]
                if now == then:
                    continue
                changed += 1
                only_then = words(then) - words(now)
                if only_then:
                    only_now = words(now) - words(then)
                    print(f"{path}: before only {dict(only_then)}; now only {dict(only_now)}")
    print(f"{count} grid tables, {changed} read differently")


if __name__ == "__main__":
    main()
