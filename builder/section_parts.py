"""Cut a section whose body is longer than MAX_SECTION_CHARS into parts that keep its heading
path, at paragraph or code-block boundaries: code cut apart, in a list item too, is fenced again;
a list item or a glossary term cut from its indented rest starts the next part instead."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from builder.model import Section
from schemas.anchors import part_names
from schemas.shards import MAX_SECTION_CHARS

# A fence may be indented: code inside a list item or a definition is, under its text.
FENCE = re.compile(r"^( *)(`{3,}|~{3,})(.*)$")
FENCE_STARTS = ("```", "~~~")  # what a line that FENCE matches starts with, after its spaces
# A line of a list item or of text indented under one: code after it is the item's.
_LIST_LINE = re.compile(r"^(?: |- |\d+\. )")


def _blocks(body: str) -> list[str]:
    """Split a body into paragraphs and whole fenced code blocks (blank lines inside a fence
    do not end the block)."""
    return list(iter_blocks(body))


def iter_blocks(body: str) -> Iterator[str]:
    """``_blocks`` one at a time, so a reader that wants the first few stops there."""
    current: list[str] = []
    fence: str | None = None
    for line in body.split("\n"):
        if fence is not None:
            current.append(line)
            fence = _fence_after(line, fence)
            continue
        # Most lines open no fence: the prefix test spares them the regex.
        match = FENCE.match(line) if line.lstrip(" ").startswith(FENCE_STARTS) else None
        if match:
            fence = match.group(2)
        elif not line.strip():
            if current:
                yield "\n".join(current)
                current = []
            continue
        current.append(line)
    if current:
        yield "\n".join(current)


def _held_back(lines: list[str], room: int, limit: int) -> int:
    """Where a part should end when the text after it is indented, the rest of a list item or
    a definition: before the item's (or term's) line, so it starts the next part with the
    rest of it, if that takes at most half a part and leaves ``room``; 0 where it cannot.
    Cut there, Python's glossary part 2 began with the definition of 'binary file', its term
    the last line of part 1, and mako's Template.module_writer parameter lost its name."""
    head, fence = 0, None
    for index, line in enumerate(lines):
        if fence is not None:
            fence = _fence_after(line, fence)
        elif line.lstrip(" ").startswith(FENCE_STARTS):
            match = FENCE.match(line)
            fence = match.group(2) if match else None
        elif line and line[0] != " ":
            head = index
    held = sum(len(line) + 1 for line in lines[head:])
    return head if head and held <= limit // 2 and held + room <= limit else 0


def _fence_after(line: str, fence: str) -> str | None:
    """The fence still open after ``line``, read inside code opened by ``fence``."""
    stripped = line.strip()
    return None if stripped.startswith(fence) and not stripped.strip(fence[0]) else fence


def _cut_block(block: str, limit: int) -> list[str]:
    """Cut one over-long block at line boundaries, or at spaces where one line is longer than
    the limit. A cut inside fenced code (a code block, or one in a list item) closes the fence
    and opens it again at the start of the next piece, so each piece reads as the block did."""
    cutter = _BlockCutter(limit)
    for line in block.split("\n"):
        cutter.add(line)
    return cutter.finish()


def _closer_of(line: str, limit: int) -> str:
    """The line that closes the code ``line`` opens (its indent and fence), "" when it opens
    none, or an opener too long to repeat on each piece (its code is then cut as plain lines)."""
    if not line.lstrip(" ").startswith(FENCE_STARTS) or len(line) > limit // 4:
        return ""
    match = FENCE.match(line)
    return match.group(1) + match.group(2) if match else ""


class _BlockCutter:
    """Fills pieces of at most ``limit`` characters line by line, knowing when the next line
    is inside fenced code."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pieces: list[str] = []
        self.lines: list[str] = []
        self.size = 0  # characters of lines, a newline after each
        self.opener: str | None = None  # the fence line of the code the next line is in
        self.closer = ""  # the line that closes that code: its indent and fence
        self.reopened = False  # the piece starts with the opener again, after a cut in code

    def add(self, line: str) -> None:
        # Room for a line in a piece holding nothing else, as a piece cut in code reopens it
        # first and keeps room for the closer last.
        kept = len(self.closer) + 1 if self.opener is not None else 0
        room = self.limit - kept - (len(self.opener) + 1 if self.opener is not None else 0)
        while len(line) > room:  # one enormous line: pieces of its own, cut near a space
            if self.holds_text():
                self.cut()
            at = line.rfind(" ", 0, room)
            at = at if at > room // 2 else room
            self.lines.append(line[:at])
            self.size += at + 1
            self.cut()
            line = line[at:].lstrip()
        closes = self.opener is not None and _fence_after(line, self.closer.strip()) is None
        closer = self.closer if self.opener is not None else _closer_of(line, self.limit)
        if closer and self.opener is None:  # an opener: its closer has to fit after it too
            kept = len(closer) + 1
        # The closing line takes the room kept for the closer, so it never opens a piece.
        if not closes and self.holds_text() and self.size + len(line) + kept > self.limit:
            head = _held_back(self.lines, len(line) + kept, self.limit)
            if self.opener is None and line.startswith(" ") and head:
                self.pieces.append("\n".join(self.lines[:head]))
                self.lines, self.reopened = self.lines[head:], False
                self.size = sum(len(held) + 1 for held in self.lines)
            else:
                self.cut()
        self.lines.append(line)
        self.size += len(line) + 1
        if closes:
            self.opener, self.closer = None, ""
        elif closer and self.opener is None:
            self.opener, self.closer = line, closer

    def holds_text(self) -> bool:
        """Whether the piece holds more than the fence it reopened."""
        return len(self.lines) > (1 if self.reopened else 0)

    def cut(self) -> None:
        lines = self.lines
        if self.opener is not None:
            # Code opened on the piece's last line starts on the next piece instead.
            lines = lines[:-1] if lines[-1] is self.opener else [*lines, self.closer]
        if lines:
            self.pieces.append("\n".join(lines))
        self.reopened = self.opener is not None
        self.lines = [self.opener] if self.opener is not None else []
        self.size = sum(len(line) + 1 for line in self.lines)

    def finish(self) -> list[str]:
        if self.holds_text():
            self.pieces.append("\n".join(self.lines))
        return self.pieces


# A paragraph that ends with a colon introduces the block after it ("To keep cookies between
# requests, reuse the agent:" over its code): it goes to that block's part when a cut falls
# between them, if it is at most this long (a lead-in, not a whole part's text).
MAX_LEAD_IN_CHARS = 300


def _lead_in(current: str, needed: int, limit: int) -> str:
    """The last paragraph of ``current`` when it introduces what follows (ends with a colon),
    is short, is not all of ``current``, and fits with the ``needed`` characters of what it
    introduces in one part; else ""."""
    lead = current.rpartition("\n\n")[2]
    fits = len(lead) + needed <= limit
    if lead == current or not fits or len(lead) > MAX_LEAD_IN_CHARS:
        return ""
    # A paragraph of prose, whole: not the end of a code block whose blank line it follows.
    prose = lead[:1] not in (" ", "\t", "`", "~") and _blocks(current)[-1] == lead
    return lead if prose and lead.rstrip().endswith(":") else ""


def split_section(section: Section, limit: int = MAX_SECTION_CHARS) -> list[Section]:
    """Return the section whole, or its parts: "Heading (part 2 of 3)", anchors "a", "a-part-2"...

    Line ranges of the parts are estimated from their share of the body, since bodies are
    rewritten text; the first part starts at the heading and the last ends where the section does.
    """
    if len(section.body) <= limit:
        return [section]
    bodies: list[str] = []
    current = ""
    for block in _blocks(section.body):
        pieces = _cut_block(block, limit) if len(block) > limit else [block]
        for index, piece in enumerate(pieces):
            if current and len(current) + len(piece) + 2 > limit:
                lines = current.split("\n")
                # A later piece of a cut block starts where the cut was made: held back with
                # it, the end of the piece before joined it in one part, the code cut there
                # closed and opened again mid-part (git 2.39.5's maintain-git.html).
                continued = index == 0 and (
                    piece.startswith(" ")
                    or (piece.startswith(FENCE_STARTS) and _LIST_LINE.match(lines[-1]) is not None)
                )  # the rest of a list item: its code sits at the margin (indent_text)
                head = _held_back(lines, len(piece) + 2, limit) if continued else 0
                if index == 0 and not head and (lead := _lead_in(current, len(piece) + 2, limit)):
                    bodies.append(current[: -len(lead)].rstrip("\n"))
                    current = lead
                    current = f"{current}\n\n{piece}"
                    continue
                bodies.append("\n".join(lines[:head] if head else lines).rstrip("\n"))
                current = "\n".join(lines[head:]) if head else ""
            current = f"{current}\n\n{piece}" if current else piece
    if current:
        bodies.append(current)
    if len(bodies) == 1:
        return [replace(section, body=bodies[0])]
    total = sum(len(b) for b in bodies)
    span = section.line_end - section.line_start
    parts: list[Section] = []
    consumed = 0
    start = section.line_start
    for n, body in enumerate(bodies, start=1):
        consumed += len(body)
        end = (
            section.line_end if n == len(bodies) else section.line_start + span * consumed // total
        )
        end = max(end, start)
        heading, anchor = part_names(section.heading, section.anchor, n, len(bodies))
        parts.append(
            replace(
                section,
                heading=heading,
                body=body,
                anchor=anchor,
                line_start=start,
                line_end=end,
            )
        )
        start = min(end + 1, section.line_end)
    return parts
