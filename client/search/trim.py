"""Fit ranked section bodies into a caller's size budget, cutting only where text can be cut.

A body is a run of blocks: paragraphs separated by blank lines, and fenced code blocks (which may
hold blank lines of their own). A body that does not fit keeps the blocks that do; a code block
is never cut in the middle unless it alone is the first thing of the answer and larger than the
whole budget, and then it is cut at a line and its fence is closed, so the text stays valid
Markdown. Sizes are counted in characters, about four to a token.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

CHARS_PER_TOKEN = 4
# A section that would get less room than this is left out rather than shown as a stub; the
# first section of an answer gets at least this much, whatever the budget.
MIN_PART_CHARS = 300
ELLIPSIS = " …"

_FENCE = re.compile(r"^[ \t]*(```|~~~)")


@dataclass(frozen=True)
class Block:
    text: str
    code: bool


@dataclass(frozen=True)
class Trimmed:
    """A body that fits: its text and whether something was cut from it."""

    body: str
    truncated: bool


def split_blocks(body: str) -> list[Block]:
    """Paragraphs and fenced code blocks of ``body``, in order; joining them with a blank line
    gives the body back (up to runs of blank lines)."""
    blocks: list[Block] = []
    current: list[str] = []
    fence: str | None = None

    def close(code: bool) -> None:
        if current:
            blocks.append(Block("\n".join(current), code))
            current.clear()

    for line in body.split("\n"):
        opener = _FENCE.match(line)
        if fence is None and opener:
            close(False)
            fence = opener.group(1)
            current.append(line)
        elif fence is not None:
            current.append(line)
            if opener and opener.group(1) == fence and line.strip() == fence:
                close(True)
                fence = None
        elif not line.strip():
            close(False)
        else:
            current.append(line)
    close(fence is not None)
    return blocks


def _cut_prose(text: str, room: int) -> str:
    cut = text[: max(room - len(ELLIPSIS), 0)]
    space = cut.rfind(" ")
    if space > len(cut) // 2:
        cut = cut[:space]
    return cut.rstrip() + ELLIPSIS if cut.strip() else ""


def _cut_code(text: str, room: int) -> str:
    lines = text.split("\n")
    fence = _FENCE.match(lines[0])
    closing = fence.group(1) if fence else "```"
    kept = [lines[0]]
    used = len(lines[0]) + 1 + len(closing)
    for line in lines[1:-1]:
        if used + len(line) + 1 > room:
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join([*kept, closing]) if len(kept) > 1 else ""


def trim_body(body: str, room: int, *, first: bool) -> Trimmed:
    """``body`` cut to at most ``room`` characters at a block boundary. ``first`` allows cutting
    inside the first block when not even that fits (the answer must not be empty). A paragraph
    that leads into a code block left out ("As of v16, it runs on Deno:") goes with it, unless
    it is all the body keeps: then the code is cut at a line to fit after it."""
    if len(body) <= room:
        return Trimmed(body, False)
    kept: list[str] = []
    used = 0
    for block in split_blocks(body):
        extra = len(block.text) + (2 if kept else 0)
        if used + extra <= room:
            kept.append(block.text)
            used += extra
            continue
        if not kept and first:
            cut = _cut_code(block.text, room) if block.code else _cut_prose(block.text, room)
            if cut:
                kept.append(cut)
        elif block.code and kept and _leads_in(kept[-1]):
            if len(kept) > 1:
                kept.pop()
            elif cut := _cut_code(block.text, room - used - 2):
                kept.append(cut)
        break
    return Trimmed("\n\n".join(kept), True)


def _leads_in(text: str) -> bool:
    """Whether a paragraph introduces what follows it: its last line ends with a colon."""
    return not _FENCE.match(text) and text.rstrip().endswith(":")


@dataclass(frozen=True)
class Budgeted:
    """Bodies that fit, by input position; ``None`` for a section left out. ``named``: how many
    of each section's extras (``fit_budget``) fit beside it."""

    bodies: tuple[Trimmed | None, ...]
    truncated: int
    omitted: int
    named: tuple[int, ...] = ()


def fit_budget(
    frames: Sequence[str],
    bodies: Sequence[str],
    max_tokens: int,
    extras: Sequence[Sequence[str]] | None = None,
    reserved: int = 0,
) -> Budgeted:
    """Spend ``max_tokens`` on the sections in order: whole while they fit, then cut, then none.

    ``frames``: per section, the text shown around its body (its title and location lines,
    client.render.section_frame), spent before the body; ``reserved``: characters the answer
    spends outside its sections (its header and note), so that the whole text fits.
    ``extras``: per section, text named with its heading (its subsections), best first, spent
    only while the body keeps room for all of it or ``MIN_PART_CHARS``: a list of names is
    worth less than the text it would push out."""
    room = max_tokens * CHARS_PER_TOKEN - reserved
    out: list[Trimmed | None] = []
    named: list[int] = []
    truncated = omitted = 0
    for frame, body, extra in zip(frames, bodies, extras or [()] * len(bodies), strict=True):
        first = all(item is None for item in out)
        space = room - len(frame)
        # An answer shows some text, however small the budget: its first section is lent the
        # room it lacks, which no later section gets back.
        lent = max(MIN_PART_CHARS - space, 0) if first else 0
        space += lent
        kept_room = min(len(body), MIN_PART_CHARS)
        count = 0
        for text in extra:
            if space - len(text) < kept_room:
                break
            space -= len(text)
            count += 1
        named.append(count)
        if len(body) <= space:
            out.append(Trimmed(body, False))
            room = space - len(body) - lent
            continue
        trimmed = trim_body(body, max(space, 0), first=first)
        if not first and (space < MIN_PART_CHARS or not trimmed.body):
            out.append(None)
            omitted += 1
            continue
        out.append(trimmed)
        truncated += 1
        room = space - len(trimmed.body) - lent
    return Budgeted(tuple(out), truncated, omitted, tuple(named))
