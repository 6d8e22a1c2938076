"""The ``#:`` comments autodoc reads as an attribute's docstring, from the module's lines.

Sphinx's source analyzer takes a ``#:`` comment after the assignment, on its last line, and
failing that the run of ``#:`` lines right above it: ``GREEN = 2  #: Green.`` documents
``GREEN`` as "Green.", as the comment lines above ``MAX = 10`` document ``MAX``.
"""

from __future__ import annotations

import io
import tokenize


def doc_comment(lines: list[str], first: int, last: int) -> str:
    """The ``#:`` documentation of the assignment on ``lines[first - 1 : last]`` (1-based
    lines), "" when it has none."""
    after = _comment_after(lines[last - 1]) if 0 < last <= len(lines) else ""
    if after is not None and after.startswith("#:"):
        return after[2:].removeprefix(" ").strip()
    found: list[str] = []
    index = first - 2
    while 0 <= index < len(lines) and lines[index].strip().startswith("#:"):
        found.append(lines[index].strip()[2:].removeprefix(" "))
        index -= 1
    return "\n".join(reversed(found)).strip()


def _comment_after(line: str) -> str | None:
    """The comment ending ``line``, read by Python's tokenizer so that a ``#`` inside a string
    is none; None when the line has none. Read alone, the last line of a bracketed value
    (``)  #: Text``) ends the tokenizer in error after its comment, which still counts."""
    if "#:" not in line:
        return None
    tokens = tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline)
    try:
        for token in tokens:
            if token.type == tokenize.COMMENT:
                return token.string
    except (tokenize.TokenError, SyntaxError):
        pass
    return None
