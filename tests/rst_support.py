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


class CountedLines(list[str]):
    """A page's lines that count how many of them a caller reads or copies."""

    touched = 0

    def __getitem__(self, key):  # type: ignore[no-untyped-def]
        if isinstance(key, slice):
            self.touched += len(range(*key.indices(len(self))))
        else:
            self.touched += 1
        return super().__getitem__(key)

    def __iter__(self):  # type: ignore[no-untyped-def]
        for n in range(len(self)):
            yield self[n]
