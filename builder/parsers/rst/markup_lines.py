"""Which lines of a reStructuredText page are markup: those outside literal blocks, code
directives and comments, where a footnote or a substitution definition defines one.

An example written in a literal block ("Write footnotes like this::", then ".. [#f1] Text",
or a ``.. code-block:: rst`` showing ``.. |name| replace:: text``) is text the page shows,
and defines nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

DIRECTIVE = re.compile(r"\.\. +([A-Za-z0-9][\w.+:-]*?) ?::(?: +(.*)|$)")
TARGET = re.compile(r"\.\. +_(`[^`]+`|(?:[^:\\`]|\\.)*):(?: +(.*)|$)")
SUBSTITUTION = re.compile(r"\.\. +\|[^|]+\|")
FOOTNOTE = re.compile(r"\.\. +\[([^\]]+)\](?: +(.*)|$)")
CODE_DIRECTIVES = frozenset({"code-block", "code", "sourcecode", "code-tab", "prompt"})
# Directives whose content is shown as written (or not at all), never read as markup.
LITERAL_DIRECTIVES = CODE_DIRECTIVES | {
    "doctest", "testcode", "testoutput", "testsetup", "testcleanup", "ipython",
    "jupyter-execute", "parsed-literal", "raw", "math", "mermaid",
}  # fmt: skip


def markup_line_numbers(lines: Sequence[str]) -> Iterator[int]:
    """The indexes of the lines of ``lines`` outside literal blocks, code directives and
    comments."""
    literal_above: int | None = None  # the indent of what a literal block follows
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if literal_above is not None:
            if not stripped or indent > literal_above:
                continue
            literal_above = None
        yield i
        directive = DIRECTIVE.match(stripped) if stripped.startswith("..") else None
        if directive is not None:
            literal = directive.group(1) in LITERAL_DIRECTIVES
        elif stripped == "..":
            # An empty comment ends at a blank line; what follows is a block quote.
            literal = i + 1 < len(lines) and bool(lines[i + 1].strip())
        elif stripped.startswith(".. "):
            literal = not (  # a comment
                FOOTNOTE.match(stripped) or TARGET.match(stripped) or SUBSTITUTION.match(stripped)
            )
        else:
            literal = stripped.endswith("::")
        if literal:
            literal_above = indent
