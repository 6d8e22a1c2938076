"""Put the sections of a page converted to Markdown back on the lines of its source.

A notebook and an AsciiDoc page are read by converting them to Markdown and parsing that; the
conversion records, for each line of the Markdown, the source line it came from, and each
section's lines are mapped back through it, so a section cites the file as it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from builder.model import ParsedFile


def on_source_lines(parsed: ParsedFile, origins: Sequence[int]) -> ParsedFile:
    """``parsed`` with each section's first and last line the source's: ``origins[n - 1]`` is
    the source line of the converted document's line ``n`` (all 1 when ``origins`` is empty)."""

    def source_line(line: int) -> int:
        return origins[min(max(line, 1), len(origins)) - 1] if origins else 1

    sections = tuple(
        dataclasses.replace(
            section,
            line_start=source_line(section.line_start),
            line_end=source_line(section.line_end),
        )
        for section in parsed.sections
    )
    return dataclasses.replace(parsed, sections=sections)
