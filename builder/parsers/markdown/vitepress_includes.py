"""VitePress' Markdown file inclusion: ``<!--@include: ./parts/basics.md-->`` shows that file.

VitePress replaces each such comment, anywhere in a page's text, with the file's text before
the page is read (its include plugin), so the included Markdown is part of the page. As a
comment it showed nothing: the shared parts of a site's pages were missing from every page
that includes them. Read as VitePress reads it:

- the path is relative to the file that names it; ``@/`` (or ``@``) starts at the docs folder,
  VitePress' source root;
- ``#name`` keeps the lines between ``#region name`` and ``#endregion name`` markers (every
  such region, the markers left out), else the section under the heading of that anchor, up
  to the next heading of its level or above;
- ``{3,}``, ``{,10}``, ``{1,10}`` keep those lines (1-based), after the region; a Markdown
  file's front matter is left out unless a range is given without a region;
- an include on a line of its own is set apart from the lines around it by blank lines, as
  VitePress' markers around it do; includes in the included text are read too, up to
  MAX_INCLUDE_DEPTH and within the page's include budget (include_budget: files each including
  the next a hundred times made a million includes), and one that names a file it is inside
  is left as it is.

A file that cannot be read, or a region, heading or range it does not have, is a note, and
the include shows nothing (VitePress stops the build, or with ``silent`` skips it).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.front_matter import without_yaml_front_matter
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced
from schemas.anchors import slugify

_SIGN = "@include:"
# VitePress' includeRE, its path bounded so a comment left open is not looked for past a line.
# The path starts and ends with no blank: the blanks around it are the two runs of ``\s*``
# alone (a run either could take made a line of blanks after the sign cubic).
_INCLUDE = re.compile(r"<!--\s*@include:\s*(\S(?:[^\n]{0,998}?\S)?)\s*-->")
_RANGE = re.compile(r"\{(\d*),(\d*)\}$")
# The first "#" of the path's last run of characters that are no blank or "{": the search
# starts only where a run does, so a run of many "#" is not scanned again from each.
_REGION_NAME = re.compile(r"(?<![^\s{])[^\s{#]*(?P<sign>#(?P<name>[^\s{]+))$")
_REGION = re.compile(r"#(?P<kind>region|endregion)\b[ \t]*(?P<name>[\w.-]*)")
_HEADING = re.compile(r" {0,3}(#{1,6})[ \t]+(.*)")
_HEADING_ID = re.compile(r"\{#([^}\s]+)\}$")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")


def has_markdown_includes(text: str) -> bool:
    """The quick test: a text without the sign includes no file."""
    return _SIGN in text


def splice_markdown_includes(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each ``<!--@include: ...-->`` replaced by the text it includes."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    fence = ""
    for k, line in enumerate(page.text.split("\n")):
        fence = _fence_after(line, fence)
        if _SIGN not in line:
            builder.add(line, k)
            continue
        notes: list[str] = []
        shown = _expanded_line(line, bool(fence), relpath, reader, (relpath,), budget, notes)
        for part in shown.split("\n"):
            builder.add(part, k)
        for note in notes:
            builder.note(k, note)
    return builder.build(page)


def _expanded(
    text: str,
    relpath: str,
    reader: IncludeReader,
    chain: tuple[str, ...],
    budget: IncludeBudget,
    notes: list[str],
) -> str:
    """``text`` (of the file at ``relpath``) with its includes replaced, ``chain`` being the
    files it is inside."""
    lines = text.split("\n")
    fence = ""
    for number, line in enumerate(lines):
        fence = _fence_after(line, fence)
        if _SIGN in line:
            lines[number] = _expanded_line(line, bool(fence), relpath, reader, chain, budget, notes)
    return "\n".join(lines)


def _expanded_line(
    line: str,
    in_code: bool,
    relpath: str,
    reader: IncludeReader,
    chain: tuple[str, ...],
    budget: IncludeBudget,
    notes: list[str],
) -> str:
    """One line with its includes replaced; one on a line of its own outside code is set
    apart by blank lines, as VitePress' markers around it do."""

    def included(match: re.Match[str]) -> str:
        argument = match.group(1)
        if not argument:
            return match.group(0)
        refused = budget.follow()
        if refused is not None:
            notes.extend([refused] if refused else [])
            return ""
        if len(chain) > MAX_INCLUDE_DEPTH:
            notes.append(f"include {argument}: includes nest too deep")
            return ""
        shown = _included_text(argument, relpath, reader, chain, notes)
        if shown is None:
            return match.group(0)  # a file including itself: VitePress leaves it so
        refused = budget.take(len(shown[1]), argument)
        if refused:
            notes.append(refused)
            return ""
        return _expanded(shown[1], shown[0], reader, (*chain, shown[0]), budget, notes)

    replaced = _INCLUDE.sub(included, line)
    own_line = (found := _INCLUDE.fullmatch(line.strip())) is not None and bool(found[1])
    return f"\n{replaced}\n" if own_line and not in_code and replaced != line else replaced


def _fence_after(line: str, fence: str) -> str:
    """The fence of the code block open after ``line``, "" when none is."""
    opening = _FENCE.match(line)
    if opening is None:
        return fence
    if not fence:
        return opening.group(1)
    return "" if _closes(opening.group(1), fence) and not line.strip().lstrip(fence[0]) else fence


def _closes(marker: str, fence: str) -> bool:
    return marker[0] == fence[0] and len(marker) >= len(fence)


def _included_text(
    argument: str, relpath: str, reader: IncludeReader, chain: tuple[str, ...], notes: list[str]
) -> tuple[str, str] | None:
    """The included file's path and the lines the include takes of it; ("", "") when it
    shows nothing, None when it names a file it is inside."""
    path = argument
    span = _RANGE.search(path)
    path = path[: span.start()] if span else path
    region = _REGION_NAME.search(path)
    path = path[: region.start("sign")] if region else path
    target = "/" + path[1:].lstrip("/\\") if path.startswith("@") else path
    try:
        found = reader.read(relpath, target)
    except IncludeRefused as exc:
        notes.append(f"include not read: {exc}")
        return "", ""
    if found.path in chain:
        return None
    text = found.text
    if PurePosixPath(found.path).suffix == ".md" and (region or not span):
        text = without_yaml_front_matter(text)
    lines = text.split("\n")
    if region:
        picked = _regions(lines, region["name"])
        if picked is None:
            picked = _heading_section(lines, region["name"])
        if picked is None:
            notes.append(f"include {argument}: no region or heading {region['name']}")
            return "", ""
        lines = picked
    if span:
        start = int(span.group(1)) if span.group(1) else 1
        end = int(span.group(2)) if span.group(2) else len(lines)
        if start < 1 or end < start or end > len(lines):
            notes.append(f"include {argument}: lines {span.group(0)} out of the file's range")
            return "", ""
        lines = lines[start - 1 : end]
    return found.path, "\n".join(lines)


def _regions(lines: list[str], name: str) -> list[str] | None:
    """The lines of every region ``name`` (markers left out); None when there is none."""
    kept: list[str] = []
    inside = found = False
    for line in lines:
        marker = _REGION.search(line)
        if marker is not None and marker.group("name") == name:
            inside = marker.group("kind") == "region"
            found = found or inside
        elif inside:
            kept.append(line)
    return kept if found else None


def _heading_section(lines: list[str], anchor: str) -> list[str] | None:
    """The lines under the heading whose anchor is ``anchor``, up to the next heading of its
    level or above; None when no heading has it."""
    level = 0
    start = -1
    fence = ""
    for number, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence:
            if opening and _closes(opening.group(1), fence):
                fence = ""
            continue
        if opening:
            fence = opening.group(1)
            continue
        heading = _HEADING.fullmatch(line)
        if heading is None:
            continue
        depth = len(heading.group(1))
        if start >= 0 and depth <= level:
            return lines[start:number]
        if start < 0 and _heading_anchor(heading.group(2)) == anchor:
            level, start = depth, number + 1
    return lines[start:] if start >= 0 else None


def _heading_anchor(text: str) -> str:
    # Without its closing hashes (after a space; "C#" keeps its own), read from the end.
    text = text.rstrip(" \t")
    body = text.rstrip("#")
    if body != text and (not body or body[-1] in " \t"):
        text = body.rstrip(" \t")
    explicit = _HEADING_ID.search(text)
    return explicit.group(1) if explicit else slugify(text)
