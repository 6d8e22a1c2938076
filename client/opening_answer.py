"""The answer without a focus (or to a focus naming the library): the version's first
sections in document order and its table of contents, the whole text within maxTokens.

The sections get the budget first, less what the answer's other lines take; the table of
contents gets what is left, its shallowest headings first (a library's 200 headings were
60,000 characters whatever the budget), and is cut further while the rendered text is over.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from msgspec import UNSET

from client.answers import found_section, toc_entry, toc_within, unfocused_hint
from client.render import NOTE_ROOM, render_extract
from client.search.recall import section_count
from client.search.sections import (
    DEFAULT_TOC_LIMIT,
    SearchResult,
    TocEntry,
    first_sections,
    table_of_contents,
)
from client.search.trim import CHARS_PER_TOKEN
from schemas.answers import ExtractAnswer


def opening_answer(
    conn: sqlite3.Connection,
    opening: dict[str, Any],
    focus: str | None,
    library_named: bool,
    max_sections: int,
    max_tokens: int,
) -> ExtractAnswer:
    """The first ``max_sections`` sections and the table of contents, within ``max_tokens``;
    ``opening`` holds the answer's fields that name the library and version."""
    budget = max_tokens * CHARS_PER_TOKEN
    total = section_count(conn)
    headings = table_of_contents(conn, DEFAULT_TOC_LIMIT)

    def answer(first: SearchResult, toc: Sequence[TocEntry]) -> ExtractAnswer:
        cut = (len(toc), len(headings), max_tokens) if len(toc) < len(headings) else None
        return ExtractAnswer(
            **opening,
            focus=focus if focus is not None else UNSET,
            sections=[found_section(s) for s in first.sections],
            toc=[toc_entry(t) for t in toc],
            truncated=first.truncated,
            omitted=first.omitted,
            hint=unfocused_hint(len(first.sections), total, first.hint, library_named, cut),
        )

    # The note at its longest (the table cut) is counted, and room kept for the budget's own.
    frame = answer(SearchResult((), False, 0, None), ())
    reserved = len(render_extract(frame)) + NOTE_ROOM
    first = first_sections(
        conn, max_sections=max_sections, max_tokens=max_tokens, reserved=reserved
    )
    room = budget - len(render_extract(answer(first, ())))
    toc = toc_within(headings, room)
    fitted = answer(first, toc)
    over = len(render_extract(fitted)) - budget
    while over > 0 and toc:
        room -= over
        toc = toc_within(headings, room)
        fitted = answer(first, toc)
        over = len(render_extract(fitted)) - budget
    return fitted
