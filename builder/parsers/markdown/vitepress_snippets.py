"""VitePress code snippet imports: a ``<<< ./file.ts#region {2} [title]`` line shows the file.

VitePress replaces the line with a code block of the file (``@/`` is the docs folder, else the
path is relative to the page), only the lines between ``#region name`` and ``#endregion``,
dedented, when a region is named (the whole file when it has no such region), in the language
the ``{... lang}`` braces or the file's suffix give, titled by the bracketed name. Region
markers never show. The block is spliced in before parsing, written as a fence whose info
string carries the title, as VitePress pages write it. A page shows at most MAX_INCLUDE_TAGS
such imports (include_budget), with one warning for the rest: each reads its file again.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import PurePosixPath

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.included_lines import language_of
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences
from builder.parsers.rst.events import fence

# The path must name a file (a dot or a slash in it), so a shell here-string is no import.
_IMPORT = re.compile(
    r"(?P<space>[ \t]*)<<<[ \t]+(?P<path>[^\s#{\[]*[./][^\s#{\[]*)(?:#(?P<region>[\w-]+))?"
    r"[ \t]*(?:\{(?P<options>[^}]*)\})?[ \t]*(?:\[(?P<title>[^\]]*)\])?[ \t]*"
)
_REGION = re.compile(r"#(?P<kind>region|endregion)\b[ \t]*(?P<name>[\w-]*)")


def has_snippet_imports(text: str) -> bool:
    """The quick test: a text without this sign imports no snippet."""
    return "<<<" in text


def splice_snippet_imports(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each ``<<<`` line outside code fences replaced by the block it shows."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    lines = page.text.split("\n")
    prose = lines_outside_fences(lines)
    for k, line in enumerate(lines):
        marker = _IMPORT.fullmatch(line) if k in prose and "<<<" in line else None
        if marker is None:
            builder.add(line, k)
            continue
        path = marker.group("path")
        target = "/" + path[2:] if path.startswith("@/") else path
        refused = budget.follow()
        if refused is not None:  # the import shows nothing
            if refused:
                builder.note(k, refused)
            builder.add("", k)
            continue
        try:
            text = reader.read(relpath, target).text
        except IncludeRefused as exc:
            builder.note(k, f"snippet import not read: {exc}")
            builder.add("", k)
            continue
        for shown in _block(path, text, marker):
            builder.add(marker.group("space") + shown if shown else shown, k)
    return builder.build(page)


def _block(path: str, text: str, marker: re.Match[str]) -> list[str]:
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    lines = _region(lines, marker.group("region") or "")
    words = [w for w in (marker.group("options") or "").split() if not w[0].isdigit()]
    # As VitePress does, a suffix that names no language we know is the language (".ansi").
    suffix = PurePosixPath(path).suffix[1:]
    language = words[0].split(":", 1)[0] if words else language_of(path) or suffix
    block = fence(lines, language).split("\n")
    title = (marker.group("title") or "").strip()
    if title and block:  # the fence's info string carries the title, as a page writes it
        block[0] = f"{block[0]} [{title}]"
    return block


def _region(lines: list[str], name: str) -> list[str]:
    """The lines of region ``name``, dedented, marker lines left out; as VitePress does, the
    whole file when it has no such region (or the region never ends)."""
    kept: list[str] = []
    inside = False
    for line in lines if name else ():
        marker = _REGION.search(line)
        if marker is None:
            if inside:
                kept.append(line)
        elif marker.group("name") in (name, ""):
            if marker.group("kind") == "region" and marker.group("name") == name:
                inside = True
            elif marker.group("kind") == "endregion" and inside:
                return textwrap.dedent("\n".join(kept)).split("\n") if kept else kept
    return [line for line in lines if _REGION.search(line) is None]
