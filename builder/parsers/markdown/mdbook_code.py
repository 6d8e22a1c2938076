"""mdBook's hidden code lines, left out of a code block as the book shows it.

In an mdBook chapter a Rust code block's line that opens with ``#`` (after its indent) is
hidden: the scaffolding a doctest needs (``# use pyo3::prelude::*;``, ``# fn main() {``)
runs in ``mdbook test`` but the reader sees the example without it, and a ``#`` line is
no Rust a reader could copy. ``##`` shows one ``#``; ``#!`` and ``#[`` (attributes) are
shown (mdBook's hide_lines_rust). A block of another language hides the lines that open with
the prefix its info string names (```` ```python hidelines=~ ````). Read so only while
the version is an mdBook (builder.parsers.markdown.flavor): elsewhere the lines show.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from builder.parsers.markdown.flavor import MDBOOK, reading_flavor

# The info string's words: mdBook splits it at commas and spaces ("rust,ignore", "rust no_run").
_INFO_WORD = re.compile(r"[^,\s]+")
_HIDELINES = "hidelines="
# What may follow a Rust line's "#" for the line to show: the starts of attributes.
_ATTRIBUTE_STARTS = ("!", "[")


def shown_lines(code: str, info: str) -> str:
    """``code`` without the lines mdBook hides in a block of this info string; as it is
    outside an mdBook."""
    if not reading_flavor(MDBOOK):
        return code
    words = _INFO_WORD.findall(info)
    prefix = next((w[len(_HIDELINES) :] for w in words if w.startswith(_HIDELINES)), "")
    if words[:1] == ["rust"]:
        return "".join(_rust_lines(code.splitlines(keepends=True)))
    if prefix:
        lines = code.splitlines(keepends=True)
        return "".join(line for line in lines if not line.lstrip().startswith(prefix))
    return code


def _rust_lines(lines: list[str]) -> Iterator[str]:
    for line in lines:
        text = line.lstrip()
        if not text.startswith("#") or text[1:2] in _ATTRIBUTE_STARTS:
            yield line
        elif text[1:2] == "#":  # "##" escapes a shown "#"
            yield line[: len(line) - len(text)] + text[1:]
