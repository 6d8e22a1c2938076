"""Helpers shared by the reStructuredText parser's test files."""

from __future__ import annotations

from builder.model import ParsedFile, Section
from builder.parsers.rst.parser import parse


def _parse(text: str) -> ParsedFile:
    return parse(text, "docs/page.rst")


def _sections(text: str) -> tuple[Section, ...]:
    return _parse(text).sections


def _outline(text: str) -> list[tuple[str, tuple[str, ...], int, str]]:
    return [(s.heading, s.heading_path, s.level, s.anchor) for s in _sections(text)]


def _body(text: str) -> str:
    """Body of the only section of a document made of one title and ``text``."""
    (section,) = _sections("Title\n=====\n\n" + text)
    return section.body
