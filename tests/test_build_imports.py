"""What a build's process imports before it needs it: a rebuild of a few HTML pages starts no
Markdown parser, no YAML loader, no code reader and no worker pool (in a fresh interpreter, as
`docbuild` runs)."""

from __future__ import annotations

import subprocess
import sys

PIPELINE = """
import sys
import builder.cli, builder.pipeline
later = ("markdown_it", "yaml", "griffe", "concurrent.futures")
print(sorted(m for m in later if m in sys.modules))
"""
KNOWN_ITEMS = """
import sys
from builder.workers import in_order
results = list(in_order(range(30), lambda item: -item, jobs=2, known=lambda item: item))
print(results == list(range(30)), "concurrent.futures" in sys.modules)
"""


def run(script: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.strip()


def test_the_build_modules_leave_markdown_yaml_code_and_workers_for_later() -> None:
    assert run(PIPELINE) == "[]"


def test_workers_whose_items_are_all_known_start_no_pool() -> None:
    assert run(KNOWN_ITEMS) == "True False"
