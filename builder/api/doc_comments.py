"""The ``#:`` comments autodoc reads as an attribute's docstring, from the module's lines.

Sphinx's source analyzer takes a ``#:`` comment after the assignment, on its last line, and
failing that the run of ``#:`` lines right above it: ``GREEN = 2  #: Green.`` documents
``GREEN`` as "Green.", as the comment lines above ``MAX = 10`` document ``MAX``.
"""

from __future__ import annotations

import io
import textwrap
import tokenize


def doc_comment(lines: list[str], first: int, last: int) -> str:
    """The ``#:`` documentation of the assignment on ``lines[first - 1 : last]`` (1-based
    lines), "" when it has none."""
    after = _comment_after(lines[first - 1 : last]) if 0 < first <= last <= len(lines) else ""
    if after is not None and after.startswith("#:"):
        return after[2:].removeprefix(" ").strip()
    found: list[str] = []
    index = first - 2
    while 0 <= index < len(lines) and lines[index].strip().startswith("#:"):
        found.append(lines[index].strip()[2:].removeprefix(" "))
        index -= 1
    return "\n".join(reversed(found)).strip()


def _comment_after(statement: list[str]) -> str | None:
    """The comment ending the last of the ``statement``'s lines, read by Python's tokenizer
    over the whole statement, as Sphinx's analyzer reads it: a ``#`` inside a string is none,
    and a last line that closes a multi-line string (its quotes, then ``#: Text``), read
    alone, would open one instead. None when there is none."""
    if "#:" not in statement[-1]:
        return None
    source = textwrap.dedent("\n".join(statement)) + "\n"
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    try:
        for token in tokens:
            if token.type == tokenize.COMMENT and token.start[0] == len(statement):
                return token.string
    except (tokenize.TokenError, SyntaxError):
        pass
    return None
