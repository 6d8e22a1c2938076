"""A NumPy docstring's Methods and Functions sections as numpydoc shows them.

griffe reads both as one kind of section, "functions", whose title it drops and whose items
name the function and give its signature as their type: a class's "Methods" read
"Functions:" over "- read (read(n)): Read n.". numpydoc keeps the section's title and shows
each item's line as written, "read(n)", over its description.
"""

from __future__ import annotations

import re
from dataclasses import replace

from builder.api.model import DocField, DocPart

# griffe's title for the sections it reads as functions (builder.api.docstrings' table).
GRIFFE_FUNCTIONS_TITLE = "Functions"
# The NumPy titles griffe reads as functions sections, over their dashes.
_TITLES = re.compile(r"^[ \t]*(Methods|Functions)[ \t]*\n[ \t]*-{3,}[ \t]*$", re.M)


def methods_titled(
    parts: tuple[DocPart, ...], text: str, napoleon: bool = False
) -> tuple[DocPart, ...]:
    """``parts`` with each functions section titled as ``text`` titles it, in order, and its
    items named by their lines as written. napoleon reads "Methods" alone: its "Functions"
    stays text."""
    titles = iter(
        match.group(1)
        for match in _TITLES.finditer(text)
        if not napoleon or match.group(1) == "Methods"
    )
    titled: list[DocPart] = []
    for part in parts:
        if part.title == GRIFFE_FUNCTIONS_TITLE and part.fields and not part.code:
            fields = tuple(
                DocField(field.annotation or field.name, "", field.description)
                for field in part.fields
            )
            part = replace(part, title=next(titles, part.title), fields=fields)
        titled.append(part)
    return tuple(titled)
