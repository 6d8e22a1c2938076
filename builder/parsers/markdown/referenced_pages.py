"""TanStack's referenced pages: a page whose front matter names ``ref: docs/.../page.md`` shows
that page, with its own examples in place of the referenced page's.

TanStack's docs (Query, Router, Table, Form) write a guide once, for React, and each other
framework's page refers to it: ``ref:`` names the guide from the repository's root, ``replace:``
maps patterns to replace all through it (``{ '@tanstack/react-query': '@tanstack/vue-query' }``,
regular expressions as tanstack.com reads them), and each section the page marks with a pair
of ``[//]: # 'Example'`` lines takes the place of the guide's section so marked. The site shows
the guide so made, front matter and all; what the page writes outside its sections is not
shown. A guide that refers on is followed, as the site does, to ``MAX_REFERENCE_HOPS`` pages.
Only a ``ref:`` naming a Markdown file is such a reference: cibuildwheel's MkDocs pages give
themselves an intersphinx label so (``ref: faq``), and each read as a page not found.
Read as written, such a page showed only its examples: the Vue guide to queries was its code
blocks and no word of the guide. Replacements that would take the guide past MAX_FILE_BYTES
leave the page as written, with a note: each pair may grow what the pairs before it made, and
eighteen pairs of ``'a': 'aa'`` made a megabyte of one line, thirty a gigabyte.
"""

from __future__ import annotations

import re

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.markdown.front_matter import yaml_front_matter, yaml_unquote
from builder.parsers.markdown.spliced import ExpandedLine, Spliced, spliced_from
from builder.sources import MAX_FILE_BYTES

# tanstack.com follows a page's reference and that page's, three pages in all.
MAX_REFERENCE_HOPS = 3
_REF = re.compile(r"(?m)^ref[ \t]*:[ \t]*(\S.*?)[ \t]*$")
_MARKDOWN_SUFFIXES = (".md", ".mdx")
_REPLACE = re.compile(r"(?m)^replace[ \t]*:")
_TOP_LEVEL_KEY = re.compile(r"(?m)^[\w-]+[ \t]*:")
_QUOTED = r"""(?:'((?:[^'\n]|'')*)'|"((?:[^"\\\n]|\\.)*)")"""
_PAIR = re.compile(_QUOTED + r"[ \t]*:[ \t]*" + _QUOTED)
# A section's marker: '[//]: # 'Example'', a link definition the page does not show.
# What makes a pattern repeat (and so able to backtrack without end): a quantifier.
_REPEATS = re.compile(r"[*+?{]")
_MARKER = re.compile(r"[ \t]*\[//\]: # '([A-Za-z\d]*)'[ \t]*")


def has_page_reference(text: str) -> bool:
    """Whether ``text`` opens with front matter that names a page to show."""
    front_matter = yaml_front_matter(text) if text.startswith("---") else None
    return front_matter is not None and _referenced_path(front_matter) is not None


def _referenced_path(front_matter: str) -> str | None:
    """The Markdown page the front matter's ``ref:`` names, or None."""
    ref = _REF.search(front_matter)
    path = yaml_unquote(ref.group(1)) if ref else ""
    return path if path.lower().endswith(_MARKDOWN_SUFFIXES) else None


def splice_referenced_page(page: Spliced, reader: IncludeReader) -> Spliced:
    """``page`` as the site shows it: the page it refers to, replaced and with its sections;
    as written, with a note, when that page cannot be read."""
    lines = page.text.split("\n")
    written: list[ExpandedLine] = [(line, k, "") for k, line in enumerate(lines)]
    origin = written
    ref_line = next((k for k, line in enumerate(lines) if _REF.fullmatch(line)), 0)
    hops = 0
    while (front_matter := yaml_front_matter(_text(origin))) is not None and (
        path := _referenced_path(front_matter)
    ):
        if hops == MAX_REFERENCE_HOPS:  # a page refers to itself, or pages to each other
            note = f"referenced page not read: more than {MAX_REFERENCE_HOPS} pages refer on"
            return spliced_from(page, [*written, ("", ref_line, note)])
        hops += 1
        try:
            target = reader.read_in_project(path.lstrip("/")).text
        except IncludeRefused as exc:
            return spliced_from(page, [*origin, ("", ref_line, f"referenced page not read: {exc}")])
        replaced = _replaced(target, _replacements(front_matter))
        if replaced is None:
            note = f"referenced page not read: its replacements make it over {MAX_FILE_BYTES} bytes"
            return spliced_from(page, [*origin, ("", ref_line, note)])
        origin = _with_sections(replaced.split("\n"), ref_line, origin)
    return spliced_from(page, [(_MARKER.sub("", line), k, w) for line, k, w in origin])


def _text(lines: list[ExpandedLine]) -> str:
    return "\n".join(line for line, _, _ in lines)


def _replacements(front_matter: str) -> list[tuple[str, str]]:
    """The ``replace:`` mapping's pairs, in order."""
    found = _REPLACE.search(front_matter)
    if found is None:
        return []
    rest = front_matter[found.end() :]
    following = _TOP_LEVEL_KEY.search(rest)
    pairs = []
    for match in _PAIR.finditer(rest[: following.start()] if following else rest):
        key = match.group(1).replace("''", "'") if match.group(1) is not None else match.group(2)
        value = match.group(3).replace("''", "'") if match.group(3) is not None else match.group(4)
        pairs.append((key, value))
    return pairs


def _replaced(text: str, replacements: list[tuple[str, str]]) -> str | None:
    """``text`` with each pattern replaced throughout, as a JavaScript global replace does; a
    pattern ``_expression`` refuses is replaced as written. None when the text would grow past
    MAX_FILE_BYTES (told before it is made)."""
    for pattern, value in replacements:
        expression = _expression(pattern)
        if expression is None:
            size = len(text) + text.count(pattern) * (len(value) - len(pattern))
        else:  # the text without its matches, and how many there are, each to take ``value``
            rest, matches = expression.subn("", text)
            size = len(rest) + matches * len(value)
        if size > MAX_FILE_BYTES:
            return None
        if expression is None:
            text = text.replace(pattern, value)
        else:
            # As written: a template with its backslashes doubled has no group references,
            # and is filled in C, where a function was called for each of millions of matches.
            text = expression.sub(value.replace("\\", "\\\\"), text)
    return text


def _expression(pattern: str) -> re.Pattern[str] | None:
    """``pattern`` as a regular expression, or None when it is none, or when it repeats
    anything: Python's regular expressions have no time limit, and one such as ``(a+)+$`` in a
    package's front matter would stall the build (TanStack's own are names and classes,
    ``useQuery[(]``)."""
    if _REPEATS.search(pattern):
        return None
    try:
        return re.compile(pattern)
    except re.error:
        return None


def _with_sections(
    target: list[str], ref_line: int, origin: list[ExpandedLine]
) -> list[ExpandedLine]:
    """The referenced page's lines (each from the page's ``ref:`` line) with each of its
    marked sections that ``origin`` also marks replaced by ``origin``'s."""
    substitutes = {
        name: origin[start : end + 1]
        for name, start, end in _sections([line for line, _, _ in origin])
    }
    kept: list[ExpandedLine] = []
    replaced = {start: (end, name) for name, start, end in _sections(target) if name in substitutes}
    k = 0
    while k < len(target):
        if k in replaced:
            end, name = replaced[k]
            kept.extend(substitutes[name])
            k = end + 1
            continue
        kept.append((target[k], ref_line, ""))
        k += 1
    return kept


def _sections(lines: list[str]) -> list[tuple[str, int, int]]:
    """Each marked section's name, opening and closing line: markers pair in order, each
    with the next, as tanstack.com's pattern reads them."""
    markers = [
        (k, match.group(1)) for k, line in enumerate(lines) if (match := _MARKER.fullmatch(line))
    ]
    return [
        (name, start, end)
        for (start, name), (end, _) in zip(markers[::2], markers[1::2], strict=False)
    ]
