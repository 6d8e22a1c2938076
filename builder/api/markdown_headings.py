"""A docstring's Markdown ``#`` headings, as mkdocstrings renders them: headings of the page.

mkdocstrings converts each text section of a docstring with its headings shifted below the
object's heading level, and each heading's id is the toc slug of its text, made unique within
that section (``examples``, ``examples_1``), after the object's id and ``--``
(``pkg.Client--usage``). A ``#`` line in a fenced code block is a comment, not a heading, and
one in an HTML comment shows nothing (odmantic hides darglint's ``# noqa: DAR101`` lines so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from schemas.anchors import slugify

_ATX = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
# Python-Markdown's toc makes a taken id unique by a counter after an underscore.
_COUNTED = re.compile(r"^(.*)_([0-9]+)$")


@dataclass(frozen=True)
class DocHeading:
    """One heading of a docstring's prose and the text below it, up to the next heading."""

    level: int  # the number of "#" marks: levels below the object's heading
    title: str
    anchor: str
    text: str


def split_headings(text: str, object_anchor: str) -> tuple[str, list[DocHeading]]:
    """The text before the first heading, and each heading with the text under it."""
    lines = text.split("\n")
    lead: list[str] = []
    headings: list[tuple[int, str, list[str]]] = []
    fence = ""
    comment = False
    for line in lines:
        if comment:
            comment = "-->" not in line
        elif fence:
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = ""
        elif opening := _FENCE.match(line):
            fence = opening.group(1)
        elif (match := _ATX.match(line)) and match.group(2):
            headings.append((len(match.group(1)), match.group(2).strip(), []))
            continue
        elif line.lstrip().startswith("<!--"):  # not a "<!--" in text or code: "`<!--`"
            comment = "-->" not in line.lstrip()[4:]
        (headings[-1][2] if headings else lead).append(line)
    taken: set[str] = set()
    found = [
        DocHeading(level, title, f"{object_anchor}--{_unique(slugify(title), taken)}",
                   "\n".join(body).strip())
        for level, title, body in headings
    ]  # fmt: skip
    return "\n".join(lead).strip(), found


def _unique(anchor: str, taken: set[str]) -> str:
    while anchor in taken:
        counted = _COUNTED.match(anchor)
        anchor = f"{counted.group(1)}_{int(counted.group(2)) + 1}" if counted else f"{anchor}_1"
    taken.add(anchor)
    return anchor
