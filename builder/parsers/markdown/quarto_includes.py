"""Quarto's include shortcode: a ``{{< include _file.qmd >}}`` line shows that file's text.

Quarto replaces the shortcode by the file's content before it renders the page, so a shared
setup, glossary or README lands on each page that includes it. Here each such line outside
code fences is replaced by the file's lines, before parsing. The path is relative to the
page, or with a leading ``/`` to the project (the docs folder). Included files may include
others, to MAX_INCLUDE_DEPTH, within the page's include budget (include_budget: files each
including the next a hundred times took 46 s); the escaped form ``{{{< include x >}}}`` shows
the tag as written and is left alone.

Hugo has no include of its own, but sites and themes define one (hugo-relearn's, geekdoc's,
Hugo's own docs'), reading paths from the site's root or content folder, so the tag is Quarto's
only on a ``.qmd`` page or in a Quarto project (a ``_quarto.yml`` in the docs folder or a
folder above it in the project: Quarto's project is the nearest such folder); elsewhere it is
left to be read as a Hugo shortcode.
"""

from __future__ import annotations

import re

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.front_matter import without_yaml_front_matter
from builder.parsers.markdown.spliced import (
    ExpandedLine,
    Spliced,
    lines_outside_fences,
    spliced_from,
)

_INCLUDE = re.compile(
    r"""[ \t]*\{\{<[ \t]*include[ \t]+(['"]?)(?P<path>[^\s'"<>{}]+)\1[ \t]*>\}\}[ \t]*"""
)
# builder.projects.quarto's CONFIG_NAMES (a test holds them equal), not imported: that would
# load every project reader into each parse worker.
QUARTO_CONFIG_NAMES = ("_quarto.yml", "_quarto.yaml")
_SIGN = re.compile(r"\{\{<[ \t]*include[ \t]")


def has_quarto_includes(text: str) -> bool:
    """The quick test: a page without ``{{< include`` includes nothing."""
    return "include" in text and _SIGN.search(text) is not None


def splice_quarto_includes(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each include line replaced by the lines of the file it names, if the page
    is Quarto's."""
    if not _is_quarto_page(relpath, reader):
        return page
    return spliced_from(page, _expand(page.text, relpath, reader, (), IncludeBudget()))


def _is_quarto_page(relpath: str, reader: IncludeReader) -> bool:
    """A ``.qmd`` page, or one under a ``_quarto.yml`` (in the docs folder or one above it,
    inside the project), looked for through the reader so that the page's cache key changes
    when one is added or removed."""
    if relpath.lower().endswith(".qmd"):
        return True
    docs, root = reader.where.docs, reader.where.root
    levels = len(docs.relative_to(root).parts) if docs.is_relative_to(root) else 0
    for up in range(levels + 1):
        for name in QUARTO_CONFIG_NAMES:
            try:
                reader.read(relpath, "/" + "../" * up + name)
            except IncludeRefused:
                continue
            return True
    return False


def _expand(
    text: str, relpath: str, reader: IncludeReader, chain: tuple[str, ...], budget: IncludeBudget
) -> list[ExpandedLine]:
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    out: list[ExpandedLine] = []
    for number, line in enumerate(lines):
        include = _INCLUDE.fullmatch(line) if number in prose else None
        if include is None:
            out.append((line, number, ""))
            continue
        target = include.group("path")
        refused = budget.follow()
        if refused is not None:
            out.extend([("", number, refused)] if refused else [])
            continue
        if len(chain) >= MAX_INCLUDE_DEPTH:
            out.append(("", number, f"include {target}: includes nest too deep"))
            continue
        try:
            included = reader.read(relpath, target)
        except IncludeRefused as exc:
            out.append(("", number, f"include not read: {exc}"))
            continue
        if included.path in chain or included.path == relpath:
            out.append(("", number, f"include {target}: includes nest in a loop"))
            continue
        # Quarto drops an included file's front matter (its title is the including page's).
        body = without_yaml_front_matter(included.text).rstrip("\n")
        refused = budget.take(len(body), target)
        if refused:
            out.append(("", number, refused))
            continue
        inner = _expand(body, included.path, reader, (*chain, relpath), budget)
        out.extend((shown, number, warning) for shown, _, warning in inner)
    return out
