"""The reference list sphinxcontrib-bibtex's ``.. bibliography::`` shows.

A project whose conf.py loads ``sphinxcontrib.bibtex`` keeps its references in ``.bib`` files
(conf.py's ``bibtex_bibfiles``, or the directive's argument) and cites them with ``:cite:``
(``{cite}`` in MyST). The directive lists the entries cited anywhere in the project (``:all:``
lists every entry, ``:notcited:`` the others); without it the page was empty and dropped, the
works the docs cite named only by their keys. Each entry is shown after its key, as the
``:cite:`` roles show it (builder.parsers.rst.bibtex writes the entry).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache

from builder.parsers.rst.bibtex import BibEntry, format_entry, read_bibtex
from builder.parsers.rst.citations import cited_entries
from builder.parsers.rst.events import DocState, Event, Text
from builder.parsers.rst.includes import included_text

EXTENSION = "sphinxcontrib.bibtex"
DIRECTIVE = "bibliography"
FOOT_DIRECTIVE = "footbibliography"
FILES_SETTING = "bibtex_bibfiles"
# ":cite:`a,b`", ":cite:p:`a`", ":footcite:t:`a`", MyST's "{cite:p}`a`".
_CITATION = re.compile(r"(?::|\{)(?:foot)?cite(?::\w+)?(?::|\})`([^`]+)`")


@dataclass(frozen=True)
class BibtexSettings:
    files: tuple[str, ...]  # conf.py's bibtex_bibfiles, from the docs folder
    cited: frozenset[str]  # the keys the project's pages cite


_SETTINGS: ContextVar[BibtexSettings | None] = ContextVar("bibtex", default=None)
# The page's ``:footcite:`` keys with the line each is on, and the lines of its
# ``footbibliography`` directives: each lists the keys cited since the one before.
_FOOTCITED: ContextVar[tuple[tuple[int, str], ...]] = ContextVar("footcited", default=())
_FOOT_LISTS: ContextVar[tuple[int, ...]] = ContextVar("footbibliographies", default=())
_FOOTCITATION = re.compile(r":footcite(?::\w+)?:`([^`]+)`")
_FOOT_LIST = re.compile(r"^[ \t]*\.\. +footbibliography ?::")


@contextmanager
def bibtex_settings(files: tuple[str, ...] | None, cited: tuple[str, ...]) -> Iterator[None]:
    """Read ``bibliography`` directives with these settings within; None (the project loads
    no sphinxcontrib-bibtex) leaves them to the directives nobody knows."""
    token = _SETTINGS.set(None if files is None else BibtexSettings(files, frozenset(cited)))
    try:
        yield
    finally:
        _SETTINGS.reset(token)


@contextmanager
def page_citations(lines: Sequence[str], doc: DocState) -> Iterator[None]:
    """Read the page's ``footbibliography`` directives with its ``:footcite:`` keys, and its
    citation roles with the project's entries."""
    cited: tuple[tuple[int, str], ...] = ()
    settings = _SETTINGS.get()
    if settings is not None:
        cited = tuple(
            (number, key.strip())
            for number, line in enumerate(lines, start=1)
            if "footcite" in line
            for keys in _FOOTCITATION.findall(line)
            for key in keys.split(",")
            if key.strip()
        )
    lists = tuple(k for k, line in enumerate(lines, start=1) if cited and _FOOT_LIST.match(line))
    token, lists_token = _FOOTCITED.set(cited), _FOOT_LISTS.set(lists)
    entries = None if settings is None else _project_entries(settings, doc)
    try:
        with cited_entries(entries):
            yield
    finally:
        _FOOTCITED.reset(token)
        _FOOT_LISTS.reset(lists_token)


def _project_entries(
    settings: BibtexSettings, doc: DocState
) -> Callable[[], Mapping[str, BibEntry]]:
    """The entries of conf.py's bibliography files by key, read when first asked for; a file
    that cannot be read is the bibliography directive's to warn of, not each citing page's."""
    quiet = replace(doc, warnings=[])

    @cache
    def read() -> Mapping[str, BibEntry]:
        return {
            entry.key: entry
            for name in settings.files
            if (text := included_text(f"/{name.lstrip('/')}", 1, quiet)) is not None
            for entry in read_bibtex(text)
        }

    return read


def cited_keys(texts: Iterable[str]) -> frozenset[str]:
    """The keys the ``cite`` roles of ``texts`` name."""
    return frozenset(
        key.strip()
        for text in texts
        if "cite" in text
        for keys in _CITATION.findall(text)
        for key in keys.split(",")
        if key.strip()
    )


def reads_bibliography() -> bool:
    return _SETTINGS.get() is not None


def render_bibliography(
    argument: str, options: Iterable[str], line: int, doc: DocState
) -> list[Event]:
    """The entries a directive with this argument and these options lists, an item each."""
    settings = _SETTINGS.get()
    if settings is None:
        return []
    # The directive's files are named from its page's folder, conf.py's from the docs folder.
    files = argument.split() or [f"/{name.lstrip('/')}" for name in settings.files]
    entries = [
        entry
        for name in files
        if (text := included_text(name, line, doc)) is not None
        for entry in read_bibtex(text)
    ]
    options = set(options)
    if "all" in options or "filter" in options:
        shown = entries
    elif "notcited" in options:
        shown = [entry for entry in entries if entry.key not in settings.cited]
    else:
        shown = [entry for entry in entries if entry.key in settings.cited]
        # None cited in the pages: the citations are elsewhere (the code's docstrings).
        shown = shown or entries
    return _listed(shown)


def render_footbibliography(line: int, doc: DocState) -> list[Event]:
    """The entries the page's ``:footcite:`` roles cite after its footbibliography before
    the one on ``line`` and up to it, in citing order."""
    settings = _SETTINGS.get()
    if settings is None:
        return []
    after = max((at for at in _FOOT_LISTS.get() if at < line), default=0)
    keys = list(dict.fromkeys(key for at, key in _FOOTCITED.get() if after < at <= line))
    if not keys:
        return []
    files = [f"/{name.lstrip('/')}" for name in settings.files]
    entries = {
        entry.key: entry
        for name in files
        if (text := included_text(name, line, doc)) is not None
        for entry in read_bibtex(text)
    }
    return _listed([entries[key] for key in keys if key in entries])


def _listed(entries: Sequence[BibEntry]) -> list[Event]:
    lines = [f"- [{entry.key}] {format_entry(entry)}" for entry in entries]
    return [Text("\n".join(lines), is_list=True)] if lines else []
