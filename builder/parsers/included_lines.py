"""Cut an included file down to the part a page asks for, as docutils and Sphinx do.

``include`` (reST and MyST) selects by ``start-line``/``end-line`` and then by the text markers
``start-after``/``end-before``; Sphinx's ``literalinclude`` by ``pyobject``, then
``start-after``/``start-at``, ``end-before``/``end-at``, ``lines``, then ``dedent``,
``prepend`` and ``append``, in that order. A marker or object that is not in the file is an
error in the tools, and here too: ``SelectionError`` says which, and nothing is included.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from builder.parsers.rst.events import dedent

# Code languages by file suffix, for a literalinclude without a :language: option.
_LANGUAGES = {
    ".py": "python", ".pyi": "python", ".js": "javascript", ".mjs": "javascript",
    ".ts": "typescript", ".json": "json", ".toml": "toml", ".yaml": "yaml", ".yml": "yaml",
    ".ini": "ini", ".cfg": "ini", ".sh": "bash", ".bash": "bash", ".html": "html",
    ".css": "css", ".c": "c", ".h": "c", ".cpp": "cpp", ".rs": "rust", ".go": "go",
    ".java": "java", ".sql": "sql", ".xml": "xml", ".rst": "rst", ".md": "markdown",
}  # fmt: skip
_LINE_RANGE = re.compile(r"\s*(\d*)\s*(-?)\s*(\d*)\s*")


class SelectionError(Exception):
    """The part of an included file a page asked for is not in it."""


def select_include(text: str, options: Mapping[str, str]) -> str:
    """The text an ``include`` directive with ``options`` takes from a file."""
    start, end = options.get("start-line", ""), options.get("end-line", "")
    if start or end:
        lines = text.split("\n")
        text = "\n".join(lines[_integer(start, "start-line") : _integer(end, "end-line", None)])
    after = options.get("start-after")
    if after:
        found = _marker_span(text, after)
        if found is None:
            raise SelectionError(f"start-after text {after!r} not found")
        text = text[found[1] :]
    before = options.get("end-before")
    if before:
        found = _marker_span(text, before)
        if found is None:
            raise SelectionError(f"end-before text {before!r} not found")
        text = text[: found[0]]
    return text


def _marker_span(text: str, marker: str) -> tuple[int, int] | None:
    """Where ``marker`` first stands in ``text``. An option written over several lines keeps
    its line breaks in docutils (apscheduler's ':start-after: Reporting bugs' over the title's
    underline), and the directive's reader joined them with spaces: any run of whitespace in
    the marker then matches any run in the text."""
    found = text.find(marker)
    if found >= 0:
        return found, found + len(marker)
    words = marker.split()
    if len(words) < 2:
        return None
    match = re.search(r"\s+".join(re.escape(word) for word in words), text)
    return None if match is None else match.span()


def select_literal(text: str, options: Mapping[str, str]) -> list[str]:
    """The lines a ``literalinclude`` directive with ``options`` shows."""
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()  # the file's final newline ends its last line; it is not a line of its own
    if options.get("pyobject"):
        lines = _python_object(lines, options["pyobject"])
    lines = _from_marker(lines, options)
    lines = _to_marker(lines, options)
    if options.get("lines"):
        lines = _numbered(lines, options["lines"])
    if "dedent" in options:
        lines = _dedented(lines, options["dedent"])
    return [
        *([options["prepend"]] if options.get("prepend") else []),
        *lines,
        *([options["append"]] if options.get("append") else []),
    ]


def language_of(path: str, default: str = "") -> str:
    """The code language a file's suffix suggests."""
    dot = path.rfind(".")
    return _LANGUAGES.get(path[dot:].lower(), default) if dot >= 0 else default


def _integer(value: str, name: str, default: int | None = 0) -> int | None:
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise SelectionError(f"{name} is not a number: {value!r}") from None


def _from_marker(lines: list[str], options: Mapping[str, str]) -> list[str]:
    for name, keep in (("start-at", True), ("start-after", False)):
        marker = options.get(name)
        if marker:
            for k, line in enumerate(lines):
                if marker in line:
                    return lines[k:] if keep else lines[k + 1 :]
            raise SelectionError(f"{name} text {marker!r} not found")
    return lines


def _to_marker(lines: list[str], options: Mapping[str, str]) -> list[str]:
    for name, keep in (("end-at", True), ("end-before", False)):
        marker = options.get(name)
        if marker:
            for k, line in enumerate(lines):
                # end-before passes over the first line, which start-at may have chosen
                # by the same marker (Sphinx's end_filter)
                if marker in line and (keep or k):
                    return lines[: k + 1] if keep else lines[:k]
            raise SelectionError(f"{name} text {marker!r} not found")
    return lines


def _numbered(lines: list[str], spec: str) -> list[str]:
    """Lines by 1-based numbers and ranges: ``1,3,5-10,20-``, as Sphinx's ``parselinenos``."""
    chosen: list[int] = []
    total = len(lines)
    for part in spec.split(","):
        match = _LINE_RANGE.fullmatch(part)
        if match is None or not (match.group(1) or match.group(3)):
            raise SelectionError(f"lines {spec!r} is not a list of line numbers and ranges")
        first = int(match.group(1)) if match.group(1) else 1
        last = int(match.group(3)) if match.group(3) else (total if match.group(2) else first)
        chosen.extend(range(first - 1, min(last, total)))
    picked = [lines[k] for k in chosen if 0 <= k < total]
    if not picked:
        raise SelectionError(f"lines {spec!r} selects nothing from {total} lines")
    return picked


def _dedented(lines: list[str], amount: str) -> list[str]:
    if not amount.strip():
        return dedent(lines)
    cut = _integer(amount, "dedent") or 0
    return [line[cut:] if line[:cut].isspace() else line.lstrip() for line in lines]


def _python_object(lines: list[str], name: str) -> list[str]:
    """The lines of the class or function ``name`` (``Class.method`` for a member),
    decorators included."""
    try:
        tree = ast.parse("\n".join(lines))
    except (SyntaxError, ValueError):
        raise SelectionError(f"pyobject {name!r}: the file is not Python") from None
    parts = name.split(".")
    found = _defined(tree.body, parts[0], name)
    for part in parts[1:]:
        found = _defined(getattr(found, "body", []), part, name)
    decorators = getattr(found, "decorator_list", [])
    start = min([found.lineno, *(node.lineno for node in decorators)])
    end = found.end_lineno or found.lineno
    return lines[start - 1 : end]


def _defined(body: list[ast.stmt], part: str, name: str) -> ast.stmt:
    for node in body:
        definition = isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        if definition and getattr(node, "name", "") == part:
            return node
    raise SelectionError(f"pyobject {name!r} not found")
