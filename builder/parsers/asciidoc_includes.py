"""What an AsciiDoc ``include::`` names and which of the file's lines it takes.

An Antora resource id (``partial$name.adoc``) names a file in the module's ``partials`` or
``examples`` folder beside its ``pages``; the ``tag``/``tags`` and ``lines`` options pick the
lines between ``tag::name[]`` and ``end::name[]`` markers, or by number, as Asciidoctor does.
The file itself is read through the include reader (builder.includes) by
builder.parsers.asciidoc.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

_TAG_DIRECTIVE = re.compile(r"\b(tag|end)::([\w-]+)\[\]")
_ANTORA_FOLDERS = {
    "partial": "partials", "example": "examples", "page": "pages", "attachment": "attachments",
}  # fmt: skip


def antora_path(page: str, target: str) -> str:
    """An Antora resource id (``partial$name.adoc``, ``example$app.rb``, another module's
    ``cli:example$app.rb``) as a path from the page's folder: the module's ``partials`` or
    ``examples`` folder beside its ``pages``."""
    family_part, sign, rest = target.partition("$")
    module, _, family = family_part.rpartition(":")
    folder = _ANTORA_FOLDERS.get(family)
    if not sign or folder is None or ":" in module:
        return target
    parts = PurePosixPath(page).parent.parts
    up = len(parts) - parts.index("pages") if "pages" in parts else 1
    if module:
        return "/".join([".."] * (up + 1) + [module, folder, rest])
    return "/".join([".."] * up + [folder, rest])


def selected_lines(lines: list[str], options: str) -> list[str]:
    """The lines an include's ``tag``/``tags`` or ``lines`` option picks (all without one)."""
    tags = re.search(r"\btags?=\"?([^\",\]]+(?:;[^\",\]]+)*)", options)
    if tags:
        wanted = {name.strip() for name in tags.group(1).split(";") if name.strip()}
        wanted.discard("**")
        picked: list[str] = []
        open_tags: set[str] = set()
        for line in lines:
            directive = _TAG_DIRECTIVE.search(line)
            if directive:
                (open_tags.add if directive.group(1) == "tag" else open_tags.discard)(
                    directive.group(2)
                )
                continue
            if open_tags & wanted or not wanted:
                picked.append(line)
        return picked
    ranges = re.search(r"\blines=\"?([\d.;,-]+)", options)
    if ranges:
        picked = []
        for spec in re.split(r"[;,]", ranges.group(1)):
            # At most nine digits: int() refuses a number of over 4,300.
            numbers = re.fullmatch(r"(\d{1,9})(?:\.\.(\d{1,9}|-1))?", spec)
            if numbers:
                first, last = numbers.groups()
                end = len(lines) if last == "-1" else int(last or first)
                picked.extend(lines[int(first) - 1 : end])
        return picked
    return lines


def without_tag_markers(line: str) -> str:
    """A code line without the ``tag::name[]`` and ``end::name[]`` markers it holds, which
    Asciidoctor never shows."""
    return _TAG_DIRECTIVE.sub("", line) if "::" in line else line
