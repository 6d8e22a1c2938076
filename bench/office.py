"""Benchmark the PDF and Office readers: seconds per MB of file against Markdown's.

    python bench/office.py                       # the examples' PDF, DOCX and Markdown
    python bench/office.py --runs 3 more.pdf     # and any other files

Each figure is the median of ``--runs`` parses of the whole file (bytes to sections) in this
process; Markdown is every .md file of examples/ parsed as one corpus.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.parsers import parse_file  # noqa: E402
from builder.parsers.office import parse_document  # noqa: E402

EXAMPLE_DOCUMENTS = [
    REPO / "examples" / "lcms" / "2.14" / "plugin-api.pdf",
    REPO / "examples" / "ni-measurement-plugin-packager" / "1.3.0-dev3" / "user-manual.docx",
]


def median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    markdown = sorted((REPO / "examples").rglob("*.md"))
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in markdown]
    size = sum(len(text.encode("utf-8")) for _, text in texts) / 1e6
    seconds = median_seconds(lambda: [parse_file(name, text) for name, text in texts], options.runs)
    label = f"Markdown ({len(texts)} files)"
    print(f"{label:24} {size:5.2f} MB file {seconds / size:6.2f} s/MB of file and of text")
    for path in [*EXAMPLE_DOCUMENTS, *options.files]:
        data = path.read_bytes()
        size = len(data) / 1e6
        parsed = parse_document(path.name, data)
        text = sum(len(s.body.encode("utf-8")) for s in parsed.sections) / 1e6
        seconds = median_seconds(partial(parse_document, path.name, data), options.runs)
        print(
            f"{path.name:24} {size:5.2f} MB file {seconds / size:6.2f} s/MB of file, "
            f"{seconds / text:6.2f} s/MB of text ({text:.2f} MB, {len(parsed.sections)} sections)"
        )


if __name__ == "__main__":
    main()
