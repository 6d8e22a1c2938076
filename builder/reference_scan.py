"""Scan a version's reST and MyST pages for the titles their references read as.

Lines, not a parse: a label (``.. _name:`` in reST, ``(name)=`` in MyST) written right above a
title names that title (blank lines and other labels may come between, as Sphinx allows), as
one above a rubric, a titled table or a captioned code block names its title, and a page's
first title is the document's. Under sphinx.ext.autosectionlabel every title is
labelled by its text too. The parsers read the result through
builder.parsers.reference_titles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePosixPath

from builder.model import SourceFile
from builder.parsers import MARKDOWN_SUFFIXES, RST_SUFFIXES, TEXT_SUFFIXES, detect_format
from builder.parsers.reference_titles import ReferenceTitles, docname, label_key
from builder.sources import Candidate, read_sources

_RST_LABEL = re.compile(r"\.\. +_(`[^`]+`|[^:`\\\s][^:`\\]*):\s*$")
# Directives Sphinx takes a label above for a title of their own: a rubric by its text, a
# table by its title, a code block by its caption (the std domain's implicit titles).
_TITLED_DIRECTIVE = re.compile(
    r"\.\. +(rubric|table|list-table|csv-table|code-block|code|sourcecode|literalinclude) ?::(.*)$"
)
_TITLE_ARGUMENT = frozenset({"rubric", "table", "list-table", "csv-table"})
_CAPTION = re.compile(r"\s+:caption:\s+(\S.*)$")
_OPTION = re.compile(r"\s+:[\w-]+:")
_MYST_LABEL = re.compile(r"\(([^()\s]+)\)=\s*$")
_MD_HEADING = re.compile(r"(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"(`{3,}|~{3,})")
_MD_MARKUP = re.compile(r"[`*]|\\(?=.)")
# A MyST role, "{py:class}`~shop.Cart`", which Sphinx shows as its text ("Cart").
_MYST_ROLE = re.compile(r"(?<!`)\{([A-Za-z0-9][\w.+:-]*)\}`([^`]+)`")


def scan_version(
    candidates: Iterable[Candidate], section_labels: str | None = None
) -> ReferenceTitles:
    """The reference titles of the reST and MyST pages among a version's files
    (``section_labels``: as ``ProjectLayout.section_labels``)."""
    suffixes = MARKDOWN_SUFFIXES | RST_SUFFIXES | TEXT_SUFFIXES
    pages = []
    pages_of_text = (c for c in candidates if PurePosixPath(c.relpath).suffix.lower() in suffixes)
    # As the parse stage reads them: a FIFO swapped in, a link pointed elsewhere since the
    # listing, a file too big or not text, or past the version's budget is left out (and
    # reported by that stage).
    for candidate, source in read_sources(pages_of_text, hashed=False):
        if not isinstance(source, SourceFile):
            continue
        text = source.text
        fmt = detect_format(candidate.relpath, text)
        if fmt in ("rst", "markdown"):
            pages.append((candidate.relpath, fmt, text))
    return scan_references(pages, section_labels)


def scan_references(
    pages: Iterable[tuple[str, str, str]], section_labels: str | None = None
) -> ReferenceTitles:
    """The reference titles of ``pages``: (relpath, format, text), format "rst" or "markdown"
    (``section_labels``: as ``ProjectLayout.section_labels``)."""
    labels: dict[str, str] = {}
    documents: dict[str, str] = {}
    titled: list[tuple[str, str]] = []  # autosectionlabel's, after every written label
    for page, fmt, text in pages:
        lines = [line.rstrip() for line in text.splitlines()]
        found, titles = _rst_titles(lines) if fmt == "rst" else _myst_titles(lines)
        for label, heading in found.items():
            labels.setdefault(label, heading)
        if titles:
            documents.setdefault(docname(page, ""), titles[0])
        if section_labels is not None:
            prefix = docname(page, "") + ":" if section_labels == "document" else ""
            titled.extend((label_key(prefix + title), title) for title in titles)
    for label, title in titled:
        labels.setdefault(label, title)
    return ReferenceTitles(labels, documents)


def _rst_titles(lines: list[str]) -> tuple[dict[str, str], list[str]]:
    """The labels written right above a title (blank lines and other labels between), and the
    page's titles."""
    # The reST reader's modules, imported for a version with reST or MyST pages only: a
    # rebuild of HTML docs would load them for nothing.
    from builder.parsers.rst.inline import render_inline
    from builder.parsers.rst.titles import match_title

    labels: dict[str, str] = {}
    pending: list[str] = []
    titles: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        label = _RST_LABEL.fullmatch(line)
        if label:
            pending.append(label_key(label.group(1).strip("`")))
            i += 1
            continue
        directive = _directive_title(lines, i) if pending else None
        if directive:
            labels.update(dict.fromkeys(pending, directive))
            pending = []
            i += 1
            continue
        title = match_title(lines, i) if line and not line[0].isspace() else None
        if title is not None:
            text = render_inline(title.text.strip(), heading=True)
            titles.append(text)
            labels.update(dict.fromkeys(pending, text))
            pending = []
            i = title.end
            continue
        if line:
            pending = []
        i += 1
    return labels, titles


def _directive_title(lines: list[str], i: int) -> str | None:
    """The title of the rubric, table or captioned code block opening at line ``i``, as a
    label above it names it; None for any other line."""
    from builder.parsers.rst.inline import render_inline

    opening = _TITLED_DIRECTIVE.match(lines[i])
    if opening is None:
        return None
    if opening.group(1) in _TITLE_ARGUMENT:
        argument = opening.group(2).strip()
        return render_inline(argument, heading=True) if argument else None
    for line in lines[i + 1 :]:
        if not _OPTION.match(line):
            return None
        caption = _CAPTION.match(line)
        if caption:
            return render_inline(caption.group(1).strip(), heading=True)
    return None


def _myst_titles(lines: list[str]) -> tuple[dict[str, str], list[str]]:
    """The ``(label)=`` targets right above a heading, and the page's headings; code fences
    are skipped."""
    labels: dict[str, str] = {}
    pending: list[str] = []
    titles: list[str] = []
    fence = ""
    for line in lines:
        opening = _FENCE.match(line.lstrip())
        if fence:
            fence = "" if opening and opening.group(1).startswith(fence) else fence
            continue
        if opening:
            fence = opening.group(1)
            pending = []
            continue
        label = _MYST_LABEL.fullmatch(line)
        heading = _MD_HEADING.fullmatch(line)
        if label:
            pending.append(label_key(label.group(1)))
        elif heading:
            text = _plain(heading.group(2))
            titles.append(text)
            labels.update(dict.fromkeys(pending, text))
            pending = []
        elif line:
            pending = []
    return labels, titles


def _plain(title: str) -> str:
    """A Markdown heading's text without inline code and emphasis markers, its roles as
    their text."""
    from builder.parsers.rst.inline import render_role

    title = _MYST_ROLE.sub(lambda role: render_role(role[1], role[2], heading=True), title)
    return " ".join(_MD_MARKUP.sub("", title).split())
