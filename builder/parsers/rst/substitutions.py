"""A page's own ``.. |name| replace:: text`` definitions, for the ``|name|`` references in it.

docutils applies a substitution definition to the whole document, before or after it: loguru's
type hints page writes ``|Logger|`` for ``:class:`~loguru._logger.Logger``` and its module
docstring defines ``|str|``, ``|add|`` and thirty more that the ``Logger`` docstrings use.
A reference read as its bare name kept the pipes in a parameter's type (``reraise (|bool|,
optional)``) and lost a value that differs from the name. While a page is read, the
definitions it holds are known from the start, and those met later (in a docstring its
autodoc directives bring in) from where they stand. Sphinx's ``rst_prolog`` and ``rst_epilog``
ones (and ``|version|``, ``|release|``) every page knows from the start, as its own; a page's
own definition of one of those names wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from builder.parsers.badges import is_badge
from builder.parsers.rst.markup_lines import markup_line_numbers

# ".. |name| replace:: text", the text going on in the lines indented under it; also
# "raw::" (markup for another writer: a "<br/>" in a table cell, no text), "unicode::"
# (character codes: "U+2013", "0xA9", "&#169;") and "image::" (its alt text, else its name;
# a status badge, nothing: builder.parsers.badges), and sphinx-toolbox's badges ("pypi-shield::",
# "actions-shield::": every project made with repo_helper heads its index with a table of them).
DEFINITION = re.compile(
    r"\.\. +\|([^|\s](?:[^|]*[^|\s])?)\| +(replace|raw|unicode|image|[\w-]+-shield) ?::"
    r"(?:[ \t]+(.*))?$"
)
_OPTION = re.compile(r":([\w-]+):(?:[ \t]+(.*))?$")
_CHARACTER_CODE = re.compile(r"(?:0x|x|\\x|U\+?|u|\\u|&#x)([0-9a-fA-F]{1,6});?|&#([0-9]{1,7});")
# A "|name|" reference where inline markup reads one (builder.parsers.rst.inline's rule).
_REFERENCE = re.compile(r"(?<![\w|])\|([^\s|](?:[^|]{0,200}?[^\s|])??)\|(?![\w|])")
# "|name|_": a substitution reference that is also a link.
_LINKED_REFERENCE = re.compile(r"(?<![\w|])\|([^\s|](?:[^|]{0,200}?[^\s|])??)\|__?(?![\w|])")
# The most definitions one page keeps (loguru's longest module docstring has 40).
MAX_SUBSTITUTIONS = 1000

# A definition naming others is read through them (docutils resolves nested references), to
# this depth; deeper, or naming itself through others (a cycle docutils refuses), a name reads
# as itself. So does one whose text grows past MAX_NESTED_TEXT (or its own length) read that
# way: a few definitions each naming the next many times over would fill the memory.
MAX_NESTING = 8
MAX_NESTED_TEXT = 10_000

_PAGE: ContextVar[dict[str, str] | None] = ContextVar("rst_substitutions", default=None)
# Each definition's text as read, by name and whether in a heading: one naming others costs a
# single reading however often, and however deep, it is used.
_READ: ContextVar[dict[tuple[str, bool], str | None] | None] = ContextVar("rst_read", default=None)
_READING: ContextVar[tuple[str, ...]] = ContextVar("rst_reading", default=())
_PROJECT: ContextVar[tuple[tuple[str, str], ...]] = ContextVar("rst_project", default=())


@contextmanager
def project_substitutions(substitutions: Sequence[tuple[str, str]]) -> Iterator[None]:
    """Within, every page starts with these definitions: a Sphinx project's, from conf.py.

    They are read where inline markup is, not replaced in the text beforehand: a longer
    replacement pushed a grid table's cell over its column's border (networkx's table of
    shortest path algorithms lost its "Dijkstra" row to cells cut mid-word), and a
    ``|name|`` in a code block or a literal is what Sphinx shows."""
    token = _PROJECT.set(tuple(substitutions))
    try:
        yield
    finally:
        _PROJECT.reset(token)


@contextmanager
def page_substitutions(lines: Sequence[str]) -> Iterator[None]:
    """Within, ``|name|`` reads as what the page's definitions in ``lines`` replace it with."""
    found = dict(_PROJECT.get())
    linked = _linked_names(lines)
    for i in markup_line_numbers(lines):
        if _opens_definition(lines[i]):
            define(lines, i, found, linked)
    token = _PAGE.set(found)
    read = _READ.set({})
    try:
        yield
    finally:
        _READ.reset(read)
        _PAGE.reset(token)


def define_included(lines: Sequence[str]) -> None:
    """Record, in the page being read, the definitions of an included file's ``lines``, all
    of them before its text is read: docutils applies them to the whole document, and a
    README's badge row (Invoke's ``|version| |python| |license|``, included by its site's
    index) comes before the definitions that make its images badges, which read as nothing."""
    linked = _linked_names(lines)
    for i in markup_line_numbers(lines):
        if _opens_definition(lines[i]):
            define(lines, i, None, linked)


def _opens_definition(line: str) -> bool:
    """Whether ``line`` opens a definition: at any depth, as docutils applies one in a
    directive's content (sphinx-toolbox's badges in ``.. only:: html``) to the document; the
    caller passes only the lines outside literal blocks and comments, which define nothing."""
    return "|" in line and DEFINITION.match(line.lstrip()) is not None


def _linked_names(lines: Sequence[str]) -> set[str]:
    """The names ``lines`` use as links: "|travis|_", an image substitution used as a link,
    as ":target:" makes it one."""
    return {
        match.group(1)
        for line in lines
        if "|_" in line
        for match in _LINKED_REFERENCE.finditer(line)
    }


def define(
    lines: Sequence[str],
    i: int,
    into: dict[str, str] | None = None,
    linked: Collection[str] = (),
) -> None:
    """Record the definition at ``lines[i]`` (in the page being read, when ``into`` is None);
    ``linked``: the names the page uses as links (``|name|_``)."""
    known = _PAGE.get() if into is None else into
    match = DEFINITION.match(lines[i].lstrip())
    if known is None or match is None or len(known) >= MAX_SUBSTITUTIONS:
        return
    if into is None and (read := _READ.get()):
        read.clear()  # a text read before may name this one
    kind = match.group(2)
    if kind == "raw" or kind.endswith("-shield"):
        known[match.group(1)] = ""
        return
    parts = [match.group(3) or ""]
    indent = len(lines[i]) - len(lines[i].lstrip())
    # By index: a slice of the lines after each definition copied the rest of the page, and
    # a page of 100,000 definitions (1.8 MB) took 38 s.
    for j in range(i + 1, len(lines)):
        following = lines[j]
        if not following.strip() or not following[indent : indent + 1].isspace():
            break
        parts.append(following.strip())
    if kind == "image":
        known[match.group(1)] = _image_text(match.group(1), parts, match.group(1) in linked)
        return
    text = " ".join(part.strip() for part in parts if part.strip())
    known[match.group(1)] = _characters(text) if kind == "unicode" else text


def _image_text(name: str, parts: Sequence[str], linked: bool) -> str:
    """What an image substitution reads as: nothing for a status badge (README badge rows,
    toolz's ``|Build Status| |Coverage Status|``), else its ``:alt:`` text or its name, as
    docutils gives an image without one."""
    options = {
        option.group(1): (option.group(2) or "").strip()
        for part in parts[1:]
        if (option := _OPTION.match(part.strip()))
    }
    # The URI may start on the next line, or go on there (a long badge URL broken in two):
    # docutils joins its lines up to the options without spaces.
    first_option = next((j for j, part in enumerate(parts) if j and _OPTION.match(part)), None)
    uri = "".join("".join(part.split()) for part in parts[:first_option])
    if is_badge(uri, linked=linked or "target" in options):
        return ""
    return options.get("alt") or name


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
    of a union, ``int | None``), a linked one (``|callable|_``, loguru's) included."""
    if "|" not in text:
        return False
    matches = (*_REFERENCE.finditer(text), *_LINKED_REFERENCE.finditer(text))
    return any(replacement(match.group(1)) is not None for match in matches)


def substituted(text: str) -> str:
    """``text`` with each ``|name|`` the page defines replaced by the definition's text."""
    if "|" not in text:
        return text
    return _REFERENCE.sub(lambda match: replacement(match.group(1)) or match.group(0), text)


def read_replacement(name: str, heading: bool, read: Callable[[str], str]) -> str | None:
    """What ``|name|`` reads as: its definition's text as ``read`` reads inline markup, the
    references in it read in turn; None when the page defines no ``name``, when it is met
    again inside its own text, or deeper than MAX_NESTING, or reads longer than its limit."""
    text = replacement(name)
    reading = _READING.get()
    if text is None or name in reading or len(reading) >= MAX_NESTING:
        return None
    done = _READ.get()
    if done is not None and (name, heading) in done:
        return done[name, heading]
    token = _READING.set((*reading, name))
    try:
        shown: str | None = read(text)
    finally:
        _READING.reset(token)
    if shown is not None and len(shown) > max(MAX_NESTED_TEXT, len(text)):
        shown = None
    if done is not None:
        done[name, heading] = shown
    return shown


def replacement(name: str) -> str | None:
    """The text the page defines ``|name|`` as; None when it defines none."""
    known = _PAGE.get()
    return None if known is None else known.get(name)
