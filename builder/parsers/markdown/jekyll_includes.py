"""Jekyll's include tags: a ``{% include links.md %}`` line shows the text of the site's
``_includes/links.md``, and ``{% include_relative part.md %}`` that of a file beside the page.

Liquid renders an include before the page's Markdown is read, so the included text is part of
the page. Read as text, the tag stayed on the page as written, and what it brought was lost:
the 2023 Software Carpentry lessons end each episode with ``{% include links.md %}``, the
reference links their text uses. Each such tag alone on a line outside code is replaced by
the file's lines here, before parsing:

- the name is unquoted, as only Liquid writes it (Jinja's and mkdocs-include-markdown's
  ``{% include "file" %}`` are quoted, and stay for their readers); a name holding ``..`` or
  ``//`` is refused, as Jekyll refuses it;
- ``include`` reads from ``_includes/`` in the docs folder (the site's source, where
  ``_config.yml`` is; Eleventy's includes folder has that name too), ``include_relative``
  from the page's folder;
- the parameters written after the name in quotes (``content="..."``) fill the included
  text's ``{{ include.content }}``;
- a Markdown file is spliced in (its front matter left out) and may include others, to
  MAX_INCLUDE_DEPTH; any other file (an HTML template) is a part of the layout whose text
  only Liquid can render, and shows nothing, nor does a file that is not there (Jekyll stops
  the build), with a note.

A page's includes bring at most MAX_FILE_BYTES of text in all, their parameters' values
counted as they fill it, and at most MAX_INCLUDE_TAGS tags are followed (include_budget): a
parameter's value used many times, or files each including the next many times, made a page
of gigabytes or a million warnings from a few kilobytes.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.front_matter import without_yaml_front_matter
from builder.parsers.markdown.spliced import (
    ExpandedLine,
    Spliced,
    lines_outside_fences,
    spliced_from,
)

# Jekyll's valid file name characters; its parameters after a blank, with no "%" in them.
_INCLUDE = re.compile(
    r"[ \t]*\{%-?[ \t]*(?P<tag>include|include_relative)[ \t]+"
    r"(?P<path>[\w/.\-()+~#@]+)(?P<params>[ \t][^%\n]*)?-?%\}[ \t]*"
)
_SIGN = re.compile(r"\{%-?[ \t]*include(?:_relative)?[ \t]+[\w/.\-()+~#@]")
# What Jekyll refuses in an include's name: a way up, or out of its folder.
_INVALID = re.compile(r"[./]{2,}")
_PARAMETER = re.compile(r"""([\w-]+)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)')""")
_PARAMETER_USE = re.compile(r"\{\{-?[ \t]*include\.([\w-]+)[ \t]*-?\}\}")
INCLUDES_FOLDER = "_includes"
# The suffixes of the included files read as Markdown (Jekyll's markdown_ext, and .txt).
_MARKDOWN = frozenset({".md", ".markdown", ".mkdown", ".mkdn", ".mkd", ".mdown", ".txt"})


def has_jekyll_includes(text: str) -> bool:
    """The quick test: a page without an unquoted ``{% include`` includes nothing."""
    return "{%" in text and _SIGN.search(text) is not None


def splice_jekyll_includes(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each include line replaced by the lines of the file it names."""
    return spliced_from(page, _expand(page.text, relpath, reader, (relpath,), IncludeBudget()))


def _expand(
    text: str, relpath: str, reader: IncludeReader, chain: tuple[str, ...], budget: IncludeBudget
) -> list[ExpandedLine]:
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    out: list[ExpandedLine] = []
    for number, line in enumerate(lines):
        include = _INCLUDE.fullmatch(line) if number in prose and "{%" in line else None
        if include is None:
            out.append((line, number, ""))
            continue
        refused = budget.follow()
        if refused is not None:
            out.extend([("", number, refused)] if refused else [])
            continue
        shown, warning = _included(include, relpath, reader, chain, budget)
        if warning:
            out.append(("", number, warning))
        out.extend((part, number, note) for part, _, note in shown)
    return out


def _included(
    include: re.Match[str],
    relpath: str,
    reader: IncludeReader,
    chain: tuple[str, ...],
    budget: IncludeBudget,
) -> tuple[list[ExpandedLine], str]:
    """The lines one include tag shows, and a warning ("" for none)."""
    name = include.group("path")
    if _INVALID.search(name):
        return [], f"include {name}: Jekyll refuses a name with '..' or '//'"
    if len(chain) > MAX_INCLUDE_DEPTH:
        return [], f"include {name}: includes nest too deep"
    relative = include.group("tag") == "include_relative"
    target = name if relative else f"/{INCLUDES_FOLDER}/{name.lstrip('/')}"
    try:
        included = reader.read(relpath, target)
    except IncludeRefused as exc:
        return [], f"include not read: {exc}"
    if PurePosixPath(name).suffix.lower() not in _MARKDOWN:
        return [], ""  # a layout template: its text is what Liquid renders of it
    if included.path in chain:
        return [], f"include {name}: includes nest in a loop"
    values = {
        key: double if double is not None else single
        for key, double, single in _PARAMETER.findall(include.group("params") or "")
    }
    body = without_yaml_front_matter(included.text).rstrip("\n")
    uses = _PARAMETER_USE.findall(body) if values else []
    refused = budget.take(len(body) + sum(len(values.get(key, "")) for key in uses), name)
    if refused:
        return [], refused
    if uses:
        body = _PARAMETER_USE.sub(lambda use: values.get(use.group(1), use.group(0)), body)
    return _expand(body, included.path, reader, (*chain, included.path), budget), ""
