"""NumPy docstring sections whose items are indented under their title, dedented to it.

pyasn1 writes "Parameters\\n----------\\n    other: a pyasn1 type object" (its items four
spaces in from the title); numpydoc dedents a section's lines and napoleon reads its items at
any indent, where griffe read no item at all: the Parameters were lost and the Returns kept
its type's indent. Each such section's lines are moved left to the title's column before
griffe reads the docstring.
"""

from __future__ import annotations

import re

# A section's underline, a line of dashes (others are dashes by now: section_underlines).
_UNDERLINE = re.compile(r"[ \t]*-{3,}[ \t]*")


def sections_dedented(text: str) -> str:
    """``text`` with the lines of each NumPy section indented past its title moved left to it."""
    lines = text.split("\n")
    index = 1
    while index < len(lines):
        title, underline = lines[index - 1], lines[index]
        index += 1
        if not title.strip() or not _UNDERLINE.fullmatch(underline):
            continue
        column = _indent(title)
        if _indent(underline) != column:
            continue
        end = index
        while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > column):
            end += 1
        body = [line for line in lines[index:end] if line.strip()]
        if not body:
            continue
        extra = min(_indent(line) for line in body) - column
        lines[index:end] = [line[extra:] if line.strip() else line for line in lines[index:end]]
        index = end
    return "\n".join(lines)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))
