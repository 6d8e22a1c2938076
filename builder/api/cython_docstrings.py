"""The docstrings of a Cython module's classes, functions and methods, read from its ``.pyx``.

Cython is not Python, so griffe cannot load a ``.pyx`` file; Sphinx imports the compiled module
and shows the docstrings it was built with. Those are the string literals that open the body
of each ``def``, ``cpdef`` and ``class``/``cdef class`` (msgpack's ``_unpacker.pyx``:
``def feed(self, object next_bytes):`` then ``\"\"\"Append `next_bytes` to internal
buffer.\"\"\"``), read here line by line, by indentation.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

# A definition's first line: its indentation and name (a ``cpdef`` function may write a C
# return type before its name; a ``cdef`` one is C's alone and never shows).
_DEFINITION = re.compile(
    r"(?P<indent>[ \t]*)(?:(?:cdef[ \t]+(?:(?:public|final|readonly)[ \t]+)*)?"
    r"class[ \t]+(?P<cls>\w+)"
    r"|(?:async[ \t]+)?def[ \t]+(?P<def>\w+)|cpdef[ \t]+(?:[^(=\n]*?[ \t*])?(?P<cpdef>\w+)[ \t]*\()"
)
_DOCSTRING_START = re.compile(r"[ \t]*[rRuU]?(\"\"\"|'''|\"|')")


def cython_docstrings(folder: Path) -> dict[str, str]:
    """The docstrings the ``.pyx`` files in ``folder`` give, by name: a function's or
    class's (``unpackb``, ``Unpacker``) and a method's (``Unpacker.feed``)."""
    docs: dict[str, str] = {}
    for path in sorted(folder.glob("*.pyx")):
        try:
            docs.update(read_docstrings(path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            continue
    return docs


def read_docstrings(code: str) -> dict[str, str]:
    """The docstrings of one ``.pyx`` file, by name (as :func:`cython_docstrings`)."""
    lines = code.split("\n")
    docs: dict[str, str] = {}
    classes: list[tuple[int, str]] = []  # the classes the line is in: (indentation, name)
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _DEFINITION.match(line)
        index += 1
        if match is None:
            continue
        indent = len(match["indent"].expandtabs())
        while classes and classes[-1][0] >= indent:
            classes.pop()
        index, one_line = header_end(lines, index - 1)
        if one_line:  # "def __get__(self): return self.num": no docstring, nothing inside
            continue
        name = match["cls"] or match["def"] or match["cpdef"]
        qualified = ".".join([*(owner for _, owner in classes), name])
        if match["cls"]:
            classes.append((indent, name))
        text, index = docstring_at(lines, index)
        if text:
            docs[qualified] = text
    return docs


def header_end(lines: list[str], start: int) -> tuple[int, bool]:
    """The index of the line after the definition that starts at ``start`` (its parameters may
    run over several lines), and whether its body follows the colon on that line."""
    depth = 0
    for index in range(start, len(lines)):
        code = lines[index].split("#", 1)[0]
        for position, character in enumerate(code):
            if character in "([":
                depth += 1
            elif character in ")]":
                depth -= 1
            elif character == ":" and depth <= 0:
                return index + 1, bool(code[position + 1 :].strip())
    return len(lines), False


def docstring_at(lines: list[str], index: int) -> tuple[str, int]:
    """The docstring that opens a body at line ``index`` (blank lines skipped), and the index
    of the line after it; ``("", index)`` when the body opens with something else."""
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index == len(lines):
        return "", index
    start = _DOCSTRING_START.match(lines[index])
    if start is None:
        return "", index
    quote, opened = start[1], start.end()
    for end in range(index, len(lines)):
        closing = lines[end].find(quote, opened if end == index else 0)
        if closing < 0:
            continue
        try:
            value = ast.literal_eval("\n".join(lines[index : end + 1]).strip())
        except (SyntaxError, ValueError):
            return "", end + 1
        return (value if isinstance(value, str) else ""), end + 1
    return "", index
