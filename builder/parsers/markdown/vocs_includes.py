"""Vocs' code snippets: a ``// [!include ~/snippets/client.ts:setup]`` line in a code block
shows that file's code.

Vocs (viem's, wagmi's and ox's docs) replaces the line, in any code block, with the file
``~`` roots at the folder holding the site's ``pages/`` (its source folder): the lines between
``// [!region setup]`` and ``// [!endregion setup]`` when a region is named, else the whole file,
the region markers left out either way, then each ``/find/replace/`` after the path applied.
Read as written, the line stood in the code where the client or the ABI an example uses was:
viem 2.55's docs held 650 of them. A file that is not there leaves the line as written, as
Vocs does; a twoslash block's lines above its ``// ---cut---`` are hidden afterwards, as
Vocs hides them.
"""

from __future__ import annotations

import re

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

_SIGN = "// [!include ~/"
# The line: the path below "~/", the region, the find/replace queries.
_INCLUDE = re.compile(
    r"[ \t]*// \[!include ~/(?P<path>[^\s:\]]+)(?::(?P<region>[^\s\]]+))?"
    r"(?P<queries>(?:[ \t]+/[^\s\]]*/)*)[ \t]*\][ \t]*"
)
_REGION = re.compile(r"// \[!(?P<kind>region|endregion) (?P<name>[^\]]*)\]")
_QUERY = re.compile(r"/(.*[^\\])/(.*)/")
_FENCE = re.compile(r"([ \t]*)(`{3,}|~{3,})")
# The folder whose pages "~" is the parent of, as Vocs lays a site out.
PAGES_FOLDER = "pages"


def has_vocs_includes(text: str) -> bool:
    """The quick test: a text without this sign includes no snippet."""
    return _SIGN in text


def splice_vocs_includes(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each include line in its code blocks replaced by the code it names."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    fence = indent = ""
    for k, line in enumerate(page.text.split("\n")):
        opening = _FENCE.match(line)
        if opening and (not fence or _closes(opening.group(2), fence, line)):
            fence, indent = ("", "") if fence else (opening.group(2), opening.group(1))
        marker = _INCLUDE.fullmatch(line) if fence and _SIGN in line else None
        code = _included(marker, relpath, reader, budget, builder, k) if marker else None
        if code is None:
            builder.add(line, k)
            continue
        # Vocs puts the code in place of the line, without its indent; the fence's own indent
        # (a block in a list item) is the page's, not the code's.
        for shown in code.split("\n"):
            builder.add(indent + shown if shown else shown, k)
    return builder.build(page)


def _closes(run: str, fence: str, line: str) -> bool:
    return run[0] == fence[0] and len(run) >= len(fence) and not line.strip().strip(run[0])


def _included(
    marker: re.Match[str],
    relpath: str,
    reader: IncludeReader,
    budget: IncludeBudget,
    builder: SpliceBuilder,
    k: int,
) -> str | None:
    """The code an include line shows, or None to keep the line (a file not read)."""
    refused = budget.follow()
    if refused is not None:
        if refused:
            builder.note(k, refused)
        return None
    path = marker.group("path")
    targets = [f"/{path}"]
    if reader.where.docs.name == PAGES_FOLDER:  # "~" is the folder above pages/
        targets.insert(0, f"/../{path}")
    text, refusal = None, ""
    for target in targets:
        try:
            text = reader.read(relpath, target).text
            break
        except IncludeRefused as exc:
            refusal = str(exc)
    if text is None:
        builder.note(k, f"snippet include not read: {refusal}")
        return None
    code = _region(text.rstrip("\n").split("\n"), marker.group("region") or "")
    for query in marker.group("queries").split():
        found = _QUERY.fullmatch(query)
        if found is not None:
            code = code.replace(found.group(1).replace("\\/", "/"), found.group(2))
    if warning := budget.take(len(code), path):
        builder.note(k, warning)
        return None
    return code


def _region(lines: list[str], name: str) -> str:
    """The lines of region ``name`` (every line when no region is named), without the
    markers of any region."""
    kept: list[str] = []
    inside = not name
    for line in lines:
        marker = _REGION.search(line)
        if marker is None:
            if inside:
                kept.append(line)
        elif marker.group("name") == name and name:
            inside = marker.group("kind") == "region"
    return "\n".join(kept).rstrip("\n")
