"""A page's own ``.. |name| replace:: text`` (and ``image::``) definitions, for its ``|name|``
references.

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

# ".. |name| replace:: text", the text going on in the lines indented under it; also
# "raw::" (markup for another writer: a "<br/>" in a table cell, no text) and "unicode::"
# (character codes: "U+2013", "0xA9", "&#169;"); and "image::", which reads as its ":alt:" text
# as a reader without the picture sees it (docutils' own alt is the name, as a bare reference).
DEFINITION = re.compile(
    r"\.\. +\|([^|\s](?:[^|]*[^|\s])?)\| +(replace|raw|unicode|image)::(?:[ \t]+(.*))?$"
)
_ALT_OPTION = re.compile(r":alt:[ \t]+(.+)")
_CHARACTER_CODE = re.compile(r"(?:0x|x|\\x|U\+?|u|\\u|&#x)([0-9a-fA-F]{1,6});?|&#([0-9]{1,7});")
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
    kind = match.group(2)
    if kind == "raw":
        known[match.group(1)] = ""
        return
    parts = [match.group(3) or ""]
    # By index: a slice of the lines after each definition copied the rest of the page, and
    # a page of 100,000 definitions (1.8 MB) took 38 s.
    for j in range(i + 1, len(lines)):
        following = lines[j]
        if not following.strip() or not following[0].isspace():
            break
        parts.append(following.strip())
    if kind == "image":
        alt = next((m.group(1) for part in parts[1:] if (m := _ALT_OPTION.match(part))), "")
        if alt.strip():
            known[match.group(1)] = alt.strip()
        return
    text = " ".join(part.strip() for part in parts if part.strip())
    known[match.group(1)] = _characters(text) if kind == "unicode" else text


def _characters(text: str) -> str:
    """The text of a ``unicode::`` definition: its codes as characters, its other words as
    written, all joined without spaces; its options (``:trim:``) and a comment after ``..``
    left out, as docutils reads it."""
    words = text.split(" :", 1)[0].split(" .. ", 1)[0].split()
    out: list[str] = []
    for word in words:
        code = _CHARACTER_CODE.fullmatch(word)
        if code is None:
            out.append(word)
            continue
        number = int(code.group(1), 16) if code.group(1) else int(code.group(2))
        out.append(chr(number) if number <= 0x10FFFF else word)
    return "".join(out)


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
