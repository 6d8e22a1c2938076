"""Text with other files spliced in, and where each of its lines came from in the page.

Snippets and MyST includes put another file's lines in the middle of a page before the page
is parsed, so the parser sees one text; ``origins`` maps each of its lines back to the page's
own line (the one holding the ``--8<--`` or ``{include}``), which is what a section's line
range must name: it is the page's source a reader opens.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from builder.parsers.markdown.hugo_shortcodes import code_lines

_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")
Note = tuple[int, str]  # a warning's 1-based line in the page, and its message


@dataclass(frozen=True)
class Spliced:
    """A page's text after splicing; ``origins[k]`` is the 0-based page line of line ``k``."""

    text: str
    origins: tuple[int, ...]
    notes: tuple[Note, ...] = ()
    changed: bool = False  # whether anything was spliced (or refused) at all

    @classmethod
    def unchanged(cls, text: str) -> Spliced:
        return cls(text, tuple(range(text.count("\n") + 1)))

    def page_line(self, line: int) -> int:
        """The 1-based page line of the text's 1-based ``line``."""
        if not self.origins:
            return line
        return self.origins[min(max(line, 1), len(self.origins)) - 1] + 1


class SpliceBuilder:
    """Collects the lines of a spliced text with their origins."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.origins: list[int] = []
        self.notes: list[Note] = []

    def add(self, line: str, origin: int) -> None:
        self.lines.append(line)
        self.origins.append(origin)

    def add_spliced(self, inner: Spliced, origin: int, indent: str = "") -> None:
        """Every line of ``inner``, indented by ``indent``, and its notes, placed at page line
        ``origin``."""
        for line in inner.text.split("\n"):
            self.add(indent + line if line else line, origin)
        for _, message in inner.notes:
            self.note(origin, message)

    def note(self, origin: int, message: str) -> None:
        self.notes.append((origin + 1, message))

    def build(self, outer: Spliced) -> Spliced:
        """The result, its origins read through ``outer``'s (the text it was spliced from)."""
        origins = tuple(outer.origins[k] if k < len(outer.origins) else k for k in self.origins)
        notes = tuple((outer.page_line(line), message) for line, message in self.notes)
        return Spliced("\n".join(self.lines), origins, (*outer.notes, *notes), changed=True)


# A line of an expanded text: the line, the 0-based line of the text it came from, and a
# warning ("" for a line that is text; a warning line adds no text).
ExpandedLine = tuple[str, int, str]


def spliced_from(page: Spliced, expanded: Iterable[ExpandedLine]) -> Spliced:
    """``page`` made of ``expanded``'s lines, its warnings noted at their origins."""
    builder = SpliceBuilder()
    for line, origin, warning in expanded:
        if warning:
            builder.note(origin, warning)
        else:
            builder.add(line, origin)
    return builder.build(page)


def lines_outside_fences(lines: list[str]) -> set[int]:
    """The numbers of the lines outside fenced code blocks: the ones a marker line (a snippet
    import, a partial) may be on."""
    prose: set[int] = set()
    fence = ""
    for number, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = ""
        elif opening:
            fence = opening.group(1)
        else:
            prose.add(number)
    return prose


# What a tag line shows, from its match, its 0-based line and the builder (for notes): the
# lines put in its place, or None to keep the line as written.
TagLines = Callable[[re.Match[str], int, SpliceBuilder], list[str] | None]


def splice_tag_lines(page: Spliced, tag: re.Pattern[str], shown: TagLines) -> Spliced:
    """``page`` with each line outside fenced code that ``tag`` matches whole replaced by the
    lines ``shown`` gives for it, between blank lines (a tag a build replaces with blocks)."""
    builder = SpliceBuilder()
    lines = page.text.split("\n")
    for k, (line, in_code) in enumerate(zip(lines, code_lines(lines), strict=True)):
        match = None if in_code else tag.fullmatch(line)
        replaced = shown(match, k, builder) if match else None
        if replaced is None:
            builder.add(line, k)
            continue
        for part in ["", *replaced, ""]:
            builder.add(part, k)
    return builder.build(page)
