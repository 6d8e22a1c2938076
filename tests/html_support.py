"""A literal HTML page's sections as builder.parsers.html.parser reads them, for exact asserts."""

from __future__ import annotations

from builder.parsers.html.parser import parse


def headings(text: str) -> list[tuple[str, tuple[str, ...], str, int]]:
    return [(s.heading, s.heading_path, s.anchor, s.level) for s in parse(text, "p.html").sections]


def bodies(text: str) -> list[str]:
    return [s.body for s in parse(text, "p.html").sections]
