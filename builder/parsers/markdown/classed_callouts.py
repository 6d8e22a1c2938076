"""NestJS' callouts: a quote whose text starts with its class, then its label in bold ("> info
**Hint** text", "> warning **Warning** text"). The site's renderer makes the words before the
bold the quote's classes ("warning error"), which its style draws as the callout's colour; the
quote reads as its label's callout ("Hint: text")."""

from __future__ import annotations

import re

from builder.parsers.labelled_text import labelled

_CLASSED_CALLOUT = re.compile(
    r"((?:info|warning|error)(?:[ \t]+(?:info|warning|error))*)[ \t]+\*\*([^*\n]+)\*\*[ \t]*"
)


def classed_callout(first_line: str, text: str) -> str | None:
    """The quote whose first paragraph's source is ``first_line`` and whose text is ``text``,
    read as its label's callout; None when it opens with no class and bold label."""
    classed = _CLASSED_CALLOUT.match(first_line)
    if classed is None:
        return None
    label = classed.group(2).strip()
    shown = " ".join([*classed.group(1).split(), label])
    return labelled(label, text[len(shown) :].strip()) if text.startswith(shown) else None
