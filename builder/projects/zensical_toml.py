"""Read Zensical's ``zensical.toml`` as the ``mkdocs.yml`` settings it holds.

Zensical, MkDocs' successor from the Material for MkDocs authors, takes the same settings as
``mkdocs.yml`` under a ``[project]`` table. TOML has no list of one-key mappings for the Markdown
extensions, so they are a table keyed by extension name, where a dotted name nests:
``[project.markdown_extensions.pymdownx.snippets]`` is ``pymdownx.snippets``, and
``pymdownx.blocks.*`` and ``zensical.extensions.*`` are one level deeper. Zensical lifts those
back to the dotted names; so does this, into the list form ``mkdocs.yml`` writes.

Zensical reads TOML 1.1, whose inline tables may span lines and end in a comma: its own
projects write ``nav`` that way (pixi's ``{ "Getting Started" = [ ... ] }`` over many lines).
tomllib reads TOML 1.0, so such a table is put on one line first.
"""

from __future__ import annotations

import tomllib
from typing import Any

# The namespaces whose extensions a TOML table nests, and the one below each that nests again.
_NESTED = {"pymdownx": "blocks", "zensical": "extensions"}


def load(text: str) -> dict[str, Any]:
    """The settings ``text`` gives, as ``mkdocs.yml`` would; raises tomllib.TOMLDecodeError."""
    document = tomllib.loads(one_line_inline_tables(text) if "{" in text else text)
    settings = document.get("project", document)
    if not isinstance(settings, dict):
        return {}
    extensions = settings.get("markdown_extensions")
    if isinstance(extensions, dict):
        settings = {**settings, "markdown_extensions": _extension_list(extensions)}
    return settings


def _extension_list(table: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{name: options}, ...]`` for a table of extensions, with nested names lifted."""
    found: list[dict[str, Any]] = []
    for name, options in table.items():
        inner = _NESTED.get(name)
        if inner is None or not isinstance(options, dict):
            found.append({name: options})
            continue
        for sub, sub_options in options.items():
            if sub == inner and isinstance(sub_options, dict):
                found.extend({f"{name}.{sub}.{key}": value} for key, value in sub_options.items())
            else:
                found.append({f"{name}.{sub}": sub_options})
    return found


def one_line_inline_tables(text: str) -> str:
    """``text`` with each inline table on one line, as TOML 1.0 has them: inside one, a line
    break is a space, a comment goes, and a comma before the closing brace goes. Strings
    (multi-line ones too) are kept as they are; text that is not TOML stays unreadable."""
    out: list[str] = []
    depth = 0  # how deep in inline tables (arrays in them count too)
    position, end = 0, len(text)
    while position < end:
        char = text[position]
        if char in "\"'":
            closing = _string_end(text, position)
            out.append(text[position:closing])
            position = closing
            continue
        if char == "#":
            line_end = text.find("\n", position)
            line_end = end if line_end < 0 else line_end
            if not depth:
                out.append(text[position:line_end])
            position = line_end
            continue
        if depth and char in "\r\n":
            out.append(" ")
        elif char == "{" or (depth and char == "["):
            depth += 1
            out.append(char)
        elif depth and char in "}]":
            depth -= 1
            if char == "}":
                _drop_trailing_comma(out)
            out.append(char)
        else:
            out.append(char)
        position += 1
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    """Where the string opening at ``start`` ends (past its closing quotes), or the text's
    end; a basic string's backslash escapes the next character."""
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    closer = quote * 3 if triple else quote
    position = start + len(closer)
    while position < len(text):
        if quote == '"' and text[position] == "\\":
            position += 2
            continue
        if text.startswith(closer, position):
            position += len(closer)
            # A multi-line string may end in up to two more quotes: """a"""""
            while triple and position < len(text) and text[position] == quote:
                position += 1
            return position
        if not triple and text[position] == "\n":
            return position  # an unclosed string: tomllib says so
        position += 1
    return position


def _drop_trailing_comma(out: list[str]) -> None:
    """Remove the comma (and the spaces after it) that ends ``out``, if any."""
    index = len(out) - 1
    while index >= 0 and out[index] in (" ", "\t"):
        index -= 1
    if index >= 0 and out[index] == ",":
        del out[index:]
