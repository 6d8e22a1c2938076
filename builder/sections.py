"""Turn a parser's raw sections into index-ready ones: bounded, unique, and never empty parents.

Parsers emit one section per heading. Here, in one place for every format:
- a heading with no body of its own is dropped when it has children (its title lives on in
  their heading paths);
- a body longer than MAX_SECTION_CHARS is split at paragraph or code-block boundaries into
  parts that keep the heading path;
- over-long headings and over-deep heading paths are cut, with a warning;
- anchors are made unique within their file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from builder.anchors import unique_anchor
from builder.model import ParsedFile, Section, Warning_

MAX_SECTION_CHARS = 6000
MAX_HEADING_CHARS = 200
MAX_PATH_DEPTH = 12
_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")


def finalize_sections(parsed: ParsedFile) -> tuple[list[Section], list[Warning_]]:
    """Apply the rules above to one file's sections, in document order."""
    warnings: list[Warning_] = []
    kept = list(_drop_empty_parents(parsed.sections))
    taken: set[str] = set()
    result: list[Section] = []
    for section in kept:
        section = _bound_heading(section, warnings)
        for part in split_section(section):
            result.append(replace(part, anchor=unique_anchor(part.anchor, taken)))
    return result, warnings


def _drop_empty_parents(sections: Iterable[Section]) -> Iterator[Section]:
    items = list(sections)
    for i, section in enumerate(items):
        has_child = i + 1 < len(items) and items[i + 1].level > section.level
        if section.body.strip() or not has_child:
            yield section


def _bound_heading(section: Section, warnings: list[Warning_]) -> Section:
    where = f"{section.source}:{section.line_start}"
    heading, path = section.heading, section.heading_path
    if len(heading) > MAX_HEADING_CHARS:
        warnings.append(
            Warning_(where, f"heading of {len(heading)} characters cut to {MAX_HEADING_CHARS}")
        )
        heading = heading[: MAX_HEADING_CHARS - 1].rstrip() + "…"
    if len(path) > MAX_PATH_DEPTH or any(len(p) > MAX_HEADING_CHARS for p in path):
        if len(path) > MAX_PATH_DEPTH:
            warnings.append(
                Warning_(
                    where,
                    f"headings nested {len(path) + 1} deep; the heading "
                    f"path keeps the outermost and innermost {MAX_PATH_DEPTH}",
                )
            )
            half = MAX_PATH_DEPTH // 2
            path = path[:half] + path[-half:]
        path = tuple(
            p if len(p) <= MAX_HEADING_CHARS else p[: MAX_HEADING_CHARS - 1] + "…" for p in path
        )
    if (heading, path) == (section.heading, section.heading_path):
        return section
    return replace(section, heading=heading, heading_path=path)


def _blocks(body: str) -> list[str]:
    """Split a body into paragraphs and whole fenced code blocks (blank lines inside a fence
    do not end the block)."""
    blocks: list[str] = []
    current: list[str] = []
    fence: str | None = None
    for line in body.split("\n"):
        if fence is not None:
            current.append(line)
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
            continue
        match = _FENCE.match(line)
        if match:
            fence = match.group(1)
        elif not line.strip():
            if current:
                blocks.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def _cut_block(block: str, limit: int) -> list[str]:
    """Cut one over-long block at line boundaries (re-fencing code), or at spaces if it is
    a single enormous line."""
    lines = block.split("\n")
    match = _FENCE.match(lines[0])
    opener, closer = (lines[0], match.group(1)) if match and len(lines) > 1 else ("", "")
    inner = (
        lines[1:-1] if opener and lines[-1].strip() == closer else lines[1:] if opener else lines
    )
    if opener:
        limit -= len(opener) + len(closer) + 2  # room for the fences re-added around each piece
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for line in inner:
        while len(line) > limit:  # one enormous line: cut near a space
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > limit // 2 else limit
            pieces.extend(["\n".join(current)] if current else [])
            current, size = [], 0
            pieces.append(line[:cut])
            line = line[cut:].lstrip()
        if current and size + len(line) + 1 > limit:
            pieces.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current:
        pieces.append("\n".join(current))
    if opener:
        return [f"{opener}\n{piece}\n{closer}" for piece in pieces]
    return pieces


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
        for piece in _cut_block(block, limit) if len(block) > limit else [block]:
            if current and len(current) + len(piece) + 2 > limit:
                bodies.append(current)
                current = ""
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
        parts.append(
            replace(
                section,
                heading=section.heading
                if n == 1
                else f"{section.heading} (part {n} of {len(bodies)})",
                body=body,
                anchor=section.anchor if n == 1 else f"{section.anchor}-part-{n}",
                line_start=start,
                line_end=end,
            )
        )
        start = min(end + 1, section.line_end)
    return parts
