"""Join the lines of wrapped prose as a reader sees them: without a space between two
Chinese or Japanese characters, with one everywhere else.

Chinese and Japanese are written without spaces, so a source line wrapped inside a phrase
("整段\\n文本") is one word to its reader; CSS Text 3 drops such a line break when the
characters on both sides are East Asian wide (Hangul aside: Korean puts spaces between words),
and so does markdown-it-cjk-breaks. Read with a space, the phrase splits into two words and a
search for it misses the pair of characters the break fell between.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# East Asian Width classes whose characters run together without spaces: fullwidth, wide
# and halfwidth (Han, kana, fullwidth punctuation like "，" and "。").
_WIDE_CLASSES = frozenset({"F", "W", "H"})
# A line break with the blanks around it, between two characters that are not blank.
_LINE_BREAK = re.compile(r"(?<=(\S))[ \t]*\n[ \t]*(?=(\S))")


def is_wide(char: str) -> bool:
    """Whether ``char`` is a Chinese or Japanese character (or fullwidth punctuation), which
    runs on into its neighbour without a space."""
    return (
        bool(char)
        and not char.isascii()
        and unicodedata.east_asian_width(char) in _WIDE_CLASSES
        and not unicodedata.name(char, "").startswith("HANGUL")
    )


def breaks_without_space(before: str, after: str) -> bool:
    """Whether a line break between the characters ``before`` and ``after`` reads as
    nothing (both wide), rather than as a space."""
    return is_wide(before[-1:]) and is_wide(after[:1])


def join_wide_lines(text: str) -> str:
    """``text`` without the line breaks that fall between two wide characters (the blanks
    around them too); every other line break is kept, for the caller to read as a space."""
    if text.isascii() or "\n" not in text:
        return text
    return _LINE_BREAK.sub(
        lambda match: "" if breaks_without_space(match[1], match[2]) else match[0], text
    )


def join_lines(lines: Iterable[str]) -> str:
    """The stripped non-blank ``lines`` of one paragraph as one line: run together where the
    break falls between two wide characters, else with a space."""
    parts: list[str] = []
    for line in lines:
        line = line.strip()
        if line and parts and not breaks_without_space(parts[-1], line):
            parts.append(" ")
        if line:
            parts.append(line)
    return "".join(parts)
