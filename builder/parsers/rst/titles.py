"""Recognise reStructuredText section titles and transitions the way docutils does.

A title is a text line underlined, or over- and underlined, by one punctuation character
repeated. The underline must be at least as wide as the title in display columns (East Asian
wide and fullwidth characters count two); like docutils, a shorter underline still makes a
title, with a warning, once it is four characters or longer, and below that the two lines are
ordinary text.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

ADORNMENT_CHARS = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# docutils accepts an underline shorter than its title from this length on (with a warning).
_LENIENT_LENGTH = 4


@dataclass(frozen=True)
class TitleMatch:
    """A title found at some line: its raw text, adornment style and the index after it."""

    text: str
    style: str
    end: int
    warning: str = ""


def adornment_char(line: str) -> str:
    """The repeated punctuation character when ``line`` (right-stripped) is only that, else ""."""
    if not line or line[0] not in ADORNMENT_CHARS:
        return ""
    char = line[0]
    return char if line.count(char) == len(line) else ""


def display_width(text: str) -> int:
    """Columns ``text`` takes in a monospace terminal, as docutils' ``column_width`` counts."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def is_transition(lines: list[str], i: int) -> bool:
    """A line of four or more repeated punctuation characters standing alone."""
    line = lines[i]
    return len(line) >= _LENIENT_LENGTH and bool(adornment_char(line))


def match_title(lines: list[str], i: int) -> TitleMatch | None:
    """The title starting at ``lines[i]``, if there is one (``lines`` are right-stripped)."""
    n = len(lines)
    if i + 1 >= n:
        return None
    first = lines[i]
    over = adornment_char(first)
    if over:
        return _match_overlined(lines, i, over)
    if first[0] == " ":
        return None
    under = adornment_char(lines[i + 1])
    if not under:
        return None
    text = first
    width, length = display_width(text), len(lines[i + 1])
    if width <= length:
        return TitleMatch(text=text, style=under, end=i + 2)
    if length >= _LENIENT_LENGTH:
        return TitleMatch(text=text, style=under, end=i + 2, warning="Title underline too short.")
    return None


def _match_overlined(lines: list[str], i: int, char: str) -> TitleMatch | None:
    if i + 2 >= len(lines):
        return None
    overline, text_line, underline = lines[i], lines[i + 1], lines[i + 2]
    if not text_line.strip() or adornment_char(text_line):
        return None
    if underline != overline:
        return None
    text = text_line.strip()
    warning = "" if display_width(text) <= len(overline) else "Title overline too short."
    return TitleMatch(text=text, style="over" + char, end=i + 3, warning=warning)
