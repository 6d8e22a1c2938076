"""Fenced containers (``::: tip`` ... ``:::``, ``/// note`` ... ``///``), found in one pass
however deeply unclosed ones nest.

mdit_py_plugins' container plugin looks for each container's closing fence by reading every
line to the end of its parent; a container left open holds the rest of the page, so each one
nested in it reads that rest again, up to markdown-it's nesting limit: a page of 7,692 lines of
unclosed nested ``:::`` took 2.3 s. This rule makes the same tokens, but a container opened
directly inside another (same lines, same indentation) asks its parent's reading instead:
the parent noted every fence-only line it passed, by fence length, and none of them was long
enough to close the parent.

pymdownx.blocks ends a block only at a fence of its own length (``////`` inside a ``///``
block opens and closes a block nested in it), where markdown-it-container ends one at any
fence at least as long; ``exact_close`` chooses the first rule.
"""

from __future__ import annotations

import bisect
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

# markdown-it-container's shortest fence.
MIN_MARKERS = 3


@dataclass
class _Reading:
    """What one container's search for its closing fence saw, for containers nested in it.

    ``fences`` maps a fence length to the lines (ascending) between ``start`` and ``end`` that
    are only a fence of that length, none of which closes the container.
    """

    start: int
    end: int
    closed: bool  # ``end`` is the closing fence (else where the container was cut off)
    level: int
    indent: int
    fences: dict[int, list[int]] = field(default_factory=dict)

    def covers(self, state: StateBlock, start: int, end: int) -> bool:
        """Whether a container at ``start`` lies directly in this one's content: no other block
        opened between them (that could have moved the lines' marks or indentation)."""
        return (
            self.start < start < self.end == end
            and state.level == self.level
            and state.blkIndent == self.indent
        )

    def closer(self, start: int, end: int, length: int, closes: Callable[[int, int], bool]) -> int:
        """The first line after ``start`` and before ``end`` that closes a fence of
        ``length``, or ``end``."""
        found = end
        for fence, lines in self.fences.items():
            if closes(fence, length):
                at = bisect.bisect_right(lines, start)
                if at < len(lines) and lines[at] < found:
                    found = lines[at]
        return found


def _closes_longer(fence: int, length: int) -> bool:
    return fence >= length


def _closes_same(fence: int, length: int) -> bool:
    return fence == length


def container_plugin(
    md: MarkdownIt,
    name: str,
    validate: Callable[[str, str], bool],
    marker: str = ":",
    exact_close: bool = False,
) -> None:
    """Read ``marker`` x3+ fences whose parameters ``validate`` accepts as tokens
    ``container_<name>_open`` (``info``: the parameters) and ``container_<name>_close``;
    a container closes at a fence as long as its own, or, unless ``exact_close``, longer."""
    if len(marker) != 1:
        raise ValueError(f"a container marker is one character, not {marker!r}")
    closes = _closes_same if exact_close else _closes_longer
    # Each parse's open containers, innermost last (a parse is one StateBlock).
    open_readings: weakref.WeakKeyDictionary[StateBlock, list[_Reading]] = (
        weakref.WeakKeyDictionary()
    )

    def fence_length(state: StateBlock, line: int) -> int:
        """The length of the fence that is the whole of ``line``, or 0."""
        start = state.bMarks[line] + state.tShift[line]
        maximum = state.eMarks[line]
        if start >= maximum or state.src[start] != marker:
            return 0
        if state.is_code_block(line):
            return 0
        pos = start + 1
        while pos < maximum and state.src[pos] == marker:
            pos += 1
        return pos - start if state.skipSpaces(pos) >= maximum else 0

    def read_to_closer(state: StateBlock, start: int, end: int, length: int) -> _Reading:
        """Read the lines after ``start`` for the fence closing one of ``length``; the
        reading ends at it, at a line indented less than the container, or at ``end``."""
        fences: dict[int, list[int]] = {}
        line = start + 1
        while line < end:
            if (
                state.bMarks[line] + state.tShift[line] < state.eMarks[line]
                and state.sCount[line] < state.blkIndent
            ):
                break  # a line indented less than its list item ends the container
            fence = fence_length(state, line)
            if closes(fence, length):
                return _Reading(start, line, True, 0, state.blkIndent, fences)
            if fence:
                fences.setdefault(fence, []).append(line)
            line += 1
        return _Reading(start, line, False, 0, state.blkIndent, fences)

    def container(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
        if state.is_code_block(start_line):
            return False
        start = state.bMarks[start_line] + state.tShift[start_line]
        maximum = state.eMarks[start_line]
        if start >= maximum or state.src[start] != marker:
            return False
        pos = start + 1
        while pos < maximum and state.src[pos] == marker:
            pos += 1
        if pos - start < MIN_MARKERS:
            return False
        markup, params = state.src[start:pos], state.src[pos:maximum]
        if not validate(params, markup):
            return False
        if silent:
            return True

        stack = open_readings.setdefault(state, [])
        parent = stack[-1] if stack else None
        if parent is not None and parent.covers(state, start_line, end_line):
            # The parent's reading met no line that ends a container before end_line.
            close = parent.closer(start_line, end_line, len(markup), closes)
            reading = _Reading(
                start_line, close, close < end_line, 0, state.blkIndent, parent.fences
            )
        else:
            reading = read_to_closer(state, start_line, end_line, len(markup))
        close, closed = reading.end, reading.closed

        old_parent, old_line_max = state.parentType, state.lineMax
        state.parentType = "container"
        # No lazy continuation line may run past the closing fence.
        state.lineMax = close
        token = state.push(f"container_{name}_open", "div", 1)
        token.markup, token.block, token.info = markup, True, params
        token.map = [start_line, close]
        reading.level = state.level
        stack.append(reading)
        try:
            state.md.block.tokenize(state, start_line + 1, close)
        finally:
            stack.pop()
        token = state.push(f"container_{name}_close", "div", -1)
        token.block = True
        if closed:
            fence_start = state.bMarks[close] + state.tShift[close]
            token.markup = state.src[fence_start : state.eMarks[close]]
        state.parentType, state.lineMax = old_parent, old_line_max
        state.line = close + (1 if closed else 0)
        return True

    md.block.ruler.before(
        "fence",
        f"container_{name}",
        container,
        {"alt": ["paragraph", "reference", "blockquote", "list"]},
    )
