"""Parse a plain-text file into sections of bounded size headed by the file's title.

Plain text has no headings, so the file title stands in for all of them: the first line when it
is short and followed by a blank line (a README title), else the file stem. Paragraphs are kept
whole and grouped into sections of about ``TARGET_CHARS`` characters; only a paragraph longer
than that on its own is split, at line boundaries, and a single enormous line at a space near
the limit. Later sections are headed "Title (part 2)", "Title (part 3)"... with anchors
"title-2", "title-3"... so each stays addressable.

A changelog written in plain text (Beautiful Soup's ``= 4.11.2 (20230131)`` lines, ``Version
1.5``, ``v3.3.0``) is cut at its release lines instead: each release is a section under the
title, so a question naming a release finds it, and only a long release is cut into parts.
Numbered lines are releases only when they look it (an agenda's "09.00 - Registration" and a
list's "1.1 - Install" do not), and titled text after the oldest release ("License") is the
file's again, not that release's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import PurePosixPath

from builder.model import ParsedFile, Section
from builder.parsers.release_lines import CHANGELOG_STEM
from schemas.anchors import slugify

TARGET_CHARS = 1500
# A first line longer than this reads as a sentence, not a title.
MAX_TITLE_CHARS = 80

# A release line of a plain-text changelog, the whole first line of a paragraph: a version
# number, optionally decorated ("= ", "* ", "Version ", "v") and followed by a date or a note
# in brackets, or after a dash or colon ("1.2 - 2020-01-01", "v3 (unreleased)"). A numbered
# chapter ("3.1 Overview") is not one: text follows its number without any of those.
_RELEASE_LINE = re.compile(
    r"[=*#\-]*[ \t]*(?:(?:version|release)[ \t]+)?v?(\d+(?:\.\d+)+[a-z0-9.+-]*)"
    r"(?:[ \t]+(?:\(.*\)|\[.*\]|[-\u2013\u2014:][ \t]*.*|\d{4}[-/.]\d{2}[-/.]\d{2}))?"
    r"[ \t]*[=*:]*",
    re.IGNORECASE,
)
# The fewest distinct releases that make a file a changelog.
MIN_RELEASES = 3
# What a release line has and an agenda's time ("09.00 - Registration") or a numbered step
# ("1.1 - Install") has not: a date (2020-01-02, 20230131, a year), or a word of releasing.
_RELEASE_SIGN = re.compile(
    r"\b(?:version|release|released|unreleased|yanked)\b"
    r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\b(?:19|20)\d{2}(?:\d{4})?\b|^[=*#\-\s]*v\d",
    re.IGNORECASE,
)

# A title's underline.
_RULE = re.compile(r"([=\-~^*])\1{2,}")
# A paragraph: one or more consecutive lines that hold something other than whitespace.
_PARAGRAPH = re.compile(r"(?:^[^\S\n]*\S[^\n]*(?:\n|\Z))+", re.MULTILINE)
_TRAILING_SPACE = re.compile(r"[^\S\n]+$", re.MULTILINE)


@dataclass(frozen=True)
class Chunk:
    """Text that goes into a section whole, with its inclusive 1-based source lines."""

    text: str
    line_start: int
    line_end: int


def parse(text: str, relpath: str) -> ParsedFile:
    """Split ``text`` into title-headed sections of whole paragraphs."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = list(find_paragraphs(text))
    title = PurePosixPath(relpath).stem or relpath
    title_line: int | None = None
    releases = _releases(paragraphs, relpath)
    # A changelog that opens with its newest release has no title line: that release is a
    # section beside the others, not the file's title with the older releases under it.
    opens_with_release = releases is not None and not releases[0]
    if len(paragraphs) > 1 and _is_title(paragraphs[0]) and not opens_with_release:
        # The title line heads the first section instead of repeating inside its body.
        title, title_line = paragraphs[0].text.strip(), paragraphs[0].line_start
        paragraphs = paragraphs[1:]
        # The title is not a release line, so the releases are the same, after it.
        releases = None if releases is None else (releases[0][1:], releases[1])
    if releases is None:
        sections = _parts(title, (), paragraphs, relpath, title_line)
        return ParsedFile(relpath=relpath, title=title, sections=tuple(sections))
    # A changelog: the text before its first release under the title (no section when there
    # is none: the title lives on in the releases' heading paths), then each release.
    intro, rest = releases
    sections = _parts(title, (), intro, relpath, title_line)
    for heading, body in [*rest[:-1], *_after_changelog(rest)]:
        sections += _parts(heading.text, (title,), body, relpath, heading.line_start)
    return ParsedFile(relpath=relpath, title=title, sections=tuple(sections))


def _parts(
    title: str,
    path: tuple[str, ...],
    paragraphs: Sequence[Chunk],
    relpath: str,
    title_line: int | None,
) -> list[Section]:
    """``paragraphs`` as sections of about ``TARGET_CHARS``, the first headed ``title`` and the
    others "title (part N)" (builder.sections makes their anchors unique in the file)."""
    slug = slugify(title)
    sections: list[Section] = []
    for number, group in enumerate(group_chunks(paragraphs, TARGET_CHARS), start=1):
        first = number == 1
        sections.append(
            Section(
                heading=title if first else f"{title} (part {number})",
                heading_path=path,
                body="\n\n".join(chunk.text for chunk in group),
                source=relpath,
                line_start=title_line if first and title_line else group[0].line_start,
                line_end=group[-1].line_end,
                anchor=slug if first else f"{slug}-{number}",
                level=len(path) + 1,
            )
        )
    return sections


def _releases(
    paragraphs: Sequence[Chunk], relpath: str
) -> tuple[list[Chunk], list[tuple[Chunk, list[Chunk]]]] | None:
    """The paragraphs before a changelog's first release line, and each release line (as a
    one-line chunk) with the paragraphs up to the next; None unless at least
    ``MIN_RELEASES`` distinct releases start a paragraph each and they look like releases
    (``_look_released``)."""
    starts: list[int] = []
    versions: dict[str, str] = {}  # each distinct version, and its first line
    for index, paragraph in enumerate(paragraphs):
        first_line = paragraph.text.partition("\n")[0].strip()
        # Only a short line is matched: the version's digits and dots can be split between its
        # parts in as many ways as the line is long, so a long run of them ("3.14159..." to
        # 8,000 places and a comma) took the pattern seconds, growing with the square.
        match = len(first_line) <= MAX_TITLE_CHARS and _RELEASE_LINE.fullmatch(first_line)
        if match:
            starts.append(index)
            versions.setdefault(match.group(1), first_line)
    if len(versions) < MIN_RELEASES or not _look_released(versions, relpath):
        return None
    intro = list(paragraphs[: starts[0]])
    releases: list[tuple[Chunk, list[Chunk]]] = []
    for start, end in zip(starts, [*starts[1:], len(paragraphs)], strict=True):
        first, _, rest = paragraphs[start].text.partition("\n")
        line = paragraphs[start].line_start
        heading = Chunk(first.strip().strip("=*#:- \t").strip(), line, line)
        body = [Chunk(rest, line + 1, paragraphs[start].line_end)] if rest.strip() else []
        notes = [*body, *paragraphs[start + 1 : end]]
        # A release told on its line alone ("1.3 - Added the --quiet flag.") keeps that line
        # as its text: a section with no body is dropped, and the line with it.
        releases.append((heading, notes or [heading]))
    return intro, releases


def _after_changelog(
    releases: list[tuple[Chunk, list[Chunk]]],
) -> list[tuple[Chunk, list[Chunk]]]:
    """The last release, and the titled text after the changelog that its notes ran into:
    from a title line on ("License", "Credits", underlined or not) the text is the file's
    again, a section beside the releases under the file's title. A title line is one the
    releases before use for none of their paragraphs (their categories, "Bug fixes", repeat),
    after the last release's own notes and before more text."""
    heading, notes = releases[-1]
    categories = {
        paragraph.text.partition("\n")[0].strip().casefold()
        for _, body in releases[:-1]
        for paragraph in body
    }
    parts: list[tuple[Chunk, list[Chunk]]] = [(heading, [])]
    for index, paragraph in enumerate(notes):
        title = _tail_title(paragraph)
        later = bool(parts[-1][1]) and index + 1 < len(notes)
        if title and later and title.casefold() not in categories:
            parts.append((Chunk(title, paragraph.line_start, paragraph.line_start), []))
        else:
            parts[-1][1].append(paragraph)
    return parts


def _tail_title(paragraph: Chunk) -> str:
    """The title a paragraph is (a short line alone, or one over a rule of '=', '-', '~'),
    or "" for text: a sentence, a list's item, a category ending in a colon."""
    first, _, rest = paragraph.text.partition("\n")
    if rest and not _RULE.fullmatch(rest.strip()):
        return ""
    first = first.strip()
    if len(first) > MAX_TITLE_CHARS or not first[:1].isalpha() or first[-1] in ".!?:;,":
        return ""
    return first


def _look_released(versions: dict[str, str], relpath: str) -> bool:
    """Whether numbered lines are a changelog's releases, not an agenda's times ("09.00 -
    Registration", "09.30 - Keynote") or a list's numbered steps ("1.1 - Install"): the file is
    named as a changelog, a line says a date or a word of releasing, or the numbers fall as
    the file goes on, newest first, where times and steps rise."""
    if CHANGELOG_STEM.fullmatch(PurePosixPath(relpath).stem):
        return True
    if any(_RELEASE_SIGN.search(line) for line in versions.values()):
        return True
    numbers = [tuple(int(part) for part in re.findall(r"\d+", version)) for version in versions]
    falls = sum(after < before for before, after in pairwise(numbers))
    return 2 * falls > len(numbers) - 1


def find_paragraphs(text: str) -> Iterator[Chunk]:
    """Yield the blank-line separated paragraphs of ``text`` with their line ranges."""
    line, position = 1, 0
    for match in _PARAGRAPH.finditer(text):
        # Counting only the gap since the last match keeps line numbering linear in the file size.
        line += text.count("\n", position, match.start())
        body = _TRAILING_SPACE.sub("", match.group().rstrip("\n"))
        yield Chunk(body, line, line + body.count("\n"))
        line += match.group().count("\n")
        position = match.end()


def group_chunks(paragraphs: Sequence[Chunk], limit: int) -> Iterator[list[Chunk]]:
    """Pack whole paragraphs into groups of at most ``limit`` characters (joined by blank lines).

    A paragraph that alone exceeds the limit is cut into pieces that each form their own group.
    """
    group: list[Chunk] = []
    size = 0
    for paragraph in paragraphs:
        for piece in split_chunk(paragraph, limit):
            if group and size + 2 + len(piece.text) > limit:
                yield group
                group, size = [], 0
            size += (2 if group else 0) + len(piece.text)
            group.append(piece)
    if group:
        yield group


def split_chunk(chunk: Chunk, limit: int) -> Iterator[Chunk]:
    """Cut an oversized paragraph at line boundaries, and an oversized line near ``limit``."""
    if len(chunk.text) <= limit:
        yield chunk
        return
    lines: list[str] = []
    size = 0
    start = chunk.line_start
    for offset, line in enumerate(chunk.text.split("\n")):
        number = chunk.line_start + offset
        if lines and size + 1 + len(line) > limit:
            yield Chunk("\n".join(lines), start, number - 1)
            lines, size = [], 0
        if len(line) > limit:
            yield from (Chunk(piece, number, number) for piece in split_line(line, limit))
            start = number + 1
            continue
        if not lines:
            start = number
        size += (1 if lines else 0) + len(line)
        lines.append(line)
    if lines:
        yield Chunk("\n".join(lines), start, chunk.line_end)


def split_line(line: str, limit: int) -> Iterator[str]:
    """Cut a long line into pieces of at most ``limit`` characters, at a space when one is near."""
    # Walking offsets instead of re-slicing the remainder keeps a 10 MB line linear.
    start, end = 0, len(line)
    while end - start > limit:
        cut = line.rfind(" ", start + limit // 2, start + limit + 1)
        if cut <= start:
            cut = start + limit
        piece = line[start:cut].strip()
        if piece:
            yield piece
        start = cut
    piece = line[start:].strip()
    if piece:
        yield piece


def _is_title(paragraph: Chunk) -> bool:
    return paragraph.line_start == paragraph.line_end and len(paragraph.text.strip()) <= (
        MAX_TITLE_CHARS
    )
