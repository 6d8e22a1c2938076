"""Tell whether an HTML file is a page a person reads, for ``docbuild init``'s survey of a docs
folder (builder.survey_docs): not the empty shell of an app a script renders, nor the build of
the folder's own Markdown.

A demo site built with React or Vue ships an ``index.html`` whose body is ``<div
id="root"></div>`` and script tags; an npm package may hold one in its doc folder beside its
README (hotkeys-js' doc/), where counting it as a page of docs made the folder the docs and
left out the README, the package's only docs.

Nor is a template a program renders (Jinja's, Django's): datasette 0.65.5 ships its templates
in the package beside its README, and they were read as the docs, the README left out.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

# A page's text is in its first megabyte, or the page is not one a person reads.
MAX_READ_BYTES = 1 << 20
# The elements whose content shows no text, and the end of one (its name filled in).
_HIDDEN_ELEMENT = re.compile(r"<(head|script|style|template|noscript)\b", re.IGNORECASE)
_END_TAG = r"</{}\s*>"
# A template's own markup outside code: a statement ("{% extends 'base.html' %}", "{%- if"),
# an expression ("{{ item.label }}") or a comment ("{# -*- engine: jinja -*- #}"). A page of
# docs about templates shows such markup only in its code.
_TEMPLATE_MARKUP = re.compile(r"\{%-?\s*[a-z]|\{\{-?\s*[\w(\[\"']|\{#[^#\n]{0,200}#\}")
# An element whose text is code, written as the page shows it.
_CODE_ELEMENT = re.compile(r"<(pre|code)\b", re.IGNORECASE)


def holds_text(path: Path) -> bool:
    """Whether the HTML file ``path`` (or a gzipped one, ``.html.gz``) shows any text, as a
    page does and a template does not."""
    try:
        with gzip.open(path) if path.suffix == ".gz" else path.open("rb") as file:
            data = file.read(MAX_READ_BYTES)
    except (OSError, EOFError):
        return False
    html = data.decode("utf-8", errors="replace")
    text = shown_text(html)
    if text.isspace() or not text.replace("&nbsp;", "").strip():
        return False
    return _TEMPLATE_MARKUP.search(shown_text(_outside_code(html))) is None


def _outside_code(html: str) -> str:
    """``html`` without its code elements, each end searched for from its start on: an
    element left open ends the page."""
    parts: list[str] = []
    position = 0
    while (element := _CODE_ELEMENT.search(html, position)) is not None:
        parts.append(html[position : element.start()])
        name = element.group(1).lower()
        closing = re.compile(_END_TAG.format(name), re.IGNORECASE).search(html, element.end())
        if closing is None:
            return "".join(parts)
        position = closing.end()
    parts.append(html[position:])
    return "".join(parts)


def shown_text(html: str) -> str:
    """``html`` without what shows no text: the head, scripts, styles, templates, comments and
    the tags themselves, each replaced by a space. An element or comment left open is read as
    a tag; a ``<`` no ``>`` follows is text.

    One scan, each end searched for once: a regex trying every ``<`` up to the end of the
    file took minutes over a megabyte of unclosed tags."""
    parts: list[str] = []
    unclosed: set[str] = set()  # ends that are not in the rest of the file
    position = 0
    while (start := html.find("<", position)) >= 0:
        parts.append(html[position:start])
        end = _hidden_end(html, start, unclosed)
        if end < 0:
            end = html.find(">", start) + 1
            if end == 0:  # no tag closes after here
                position = start
                break
        parts.append(" ")
        position = end
    parts.append(html[position:])
    return "".join(parts)


def _hidden_end(html: str, start: int, unclosed: set[str]) -> int:
    """Where the element or comment at ``start`` ends, after its end tag; -1 when none starts
    there or it is not closed."""
    if html.startswith("<!--", start):
        end = -1 if "-->" in unclosed else html.find("-->", start + 4)
        if end < 0:
            unclosed.add("-->")
            return -1
        return end + 3
    element = _HIDDEN_ELEMENT.match(html, start)
    if element is None:
        return -1
    name = element.group(1).lower()
    closing = None
    if name not in unclosed:
        closing = re.compile(_END_TAG.format(name), re.IGNORECASE).search(html, element.end())
    if closing is None:
        unclosed.add(name)
        return -1
    return closing.end()


def are_docs(pages: list[Path], stems: list[str], sources: set[str]) -> bool:
    """Whether a folder's HTML ``pages`` (named ``stems``, without their suffixes) are pages of
    docs: one of them shows text, and they are not the build of the folder's Markdown or reST
    files (named ``sources``)."""
    return any(map(holds_text, pages)) and not _built_from_sources(stems, sources)


def _built_from_sources(stems: list[str], sources: set[str]) -> bool:
    """Whether most HTML pages are named as the folder's Markdown or reST files: the HTML a
    script built from them, which npm ships beside them (docs/output/commands/npm-install.html
    of docs/content/commands/npm-install.md). The Markdown is what the authors wrote; its
    build adds each page's chrome and a table of contents, a section of links on every page."""
    built = sum(1 for stem in stems if stem in sources)
    return built * 2 > len(stems)
