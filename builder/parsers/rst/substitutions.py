"""A page's own ``.. |name| replace:: text`` definitions, for the ``|name|`` references in it.

docutils applies a substitution definition to the whole document, before or after it: loguru's
type hints page writes ``|Logger|`` for ``:class:`~loguru._logger.Logger``` and its module
docstring defines ``|str|``, ``|add|`` and thirty more that the ``Logger`` docstrings use.
A reference read as its bare name kept the pipes in a parameter's type (``reraise (|bool|,
optional)``) and lost a value that differs from the name. While a page is read, the
definitions it holds are known from the start, and those met later (in a docstring its
autodoc directives bring in) from where they stand; Sphinx's ``rst_prolog`` ones are replaced
in the text before (builder.projects.layout.substitute).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

# ".. |name| replace:: text", the text going on in the lines indented under it.
DEFINITION = re.compile(r"\.\. +\|([^|\s](?:[^|]*[^|\s])?)\| +replace::(?:[ \t]+(.*))?$")
# A "|name|" reference where inline markup reads one (builder.parsers.rst.inline's rule).
_REFERENCE = re.compile(r"(?<![\w|])\|([^\s|](?:[^|]{0,200}?[^\s|])??)\|(?![\w|])")
# The most definitions one page keeps (loguru's longest module docstring has 40).
MAX_SUBSTITUTIONS = 1000

_PAGE: ContextVar[dict[str, str] | None] = ContextVar("rst_substitutions", default=None)


@contextmanager
def page_substitutions(lines: Sequence[str]) -> Iterator[None]:
    """Within, ``|name|`` reads as what the page's definitions in ``lines`` replace it with."""
    found: dict[str, str] = {}
    for i, line in enumerate(lines):
        if line.startswith("..") and DEFINITION.match(line):
            define(lines, i, found)
    token = _PAGE.set(found)
    try:
        yield
    finally:
        _PAGE.reset(token)


def define(lines: Sequence[str], i: int, into: dict[str, str] | None = None) -> None:
    """Record the definition at ``lines[i]`` (in the page being read, when ``into`` is None)."""
    known = _PAGE.get() if into is None else into
    match = DEFINITION.match(lines[i])
    if known is None or match is None or len(known) >= MAX_SUBSTITUTIONS:
        return
    parts = [match.group(2) or ""]
    # By index: a slice of the lines after each definition copied the rest of the page, and
    # a page of 100,000 definitions (1.8 MB) took 38 s.
    for j in range(i + 1, len(lines)):
        following = lines[j]
        if not following.strip() or not following[0].isspace():
            break
        parts.append(following.strip())
    known[match.group(1)] = " ".join(part.strip() for part in parts if part.strip())


def names_a_definition(text: str) -> bool:
    """Whether ``text`` holds a ``|name|`` reference the page being read defines (not the bars
    of a union, ``int | None``)."""
    return "|" in text and any(
        replacement(match.group(1)) is not None for match in _REFERENCE.finditer(text)
    )


def replacement(name: str) -> str | None:
    """The text the page defines ``|name|`` as; None when it defines none."""
    known = _PAGE.get()
    return None if known is None else known.get(name)
