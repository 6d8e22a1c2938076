"""What a sphinxcontrib-bibtex citation role (``:cite:p:``, ``:cite:t:``, ``:footcite:``)
shows: each key's authors and year, as the extension's author-year style writes them,
"(Beck and Teboulle, 2009)" or, textual, "Beck and Teboulle (2009)".

The role showed its keys as written ("beck2009FISTA", "combettes:2011iq"): which work a
sentence cites was said only in the bibliography, a section of its own. The page's parser
sets the project's entries (builder.parsers.rst.bibliography reads them when first asked);
a key it does not know, or one with pre- or post-text (``{see}key{p. 5}``), shows as written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from builder.parsers.rst.bibtex import BibEntry, author_year

ROLES = frozenset({"cite", "footcite"})
# The textual forms ("Author (Year)"); the others are parenthetical.
_TEXTUAL = frozenset({"t", "ts", "ct", "cts"})

_ENTRIES: ContextVar[Callable[[], Mapping[str, BibEntry]] | None] = ContextVar(
    "cited_entries", default=None
)


@contextmanager
def cited_entries(entries: Callable[[], Mapping[str, BibEntry]] | None) -> Iterator[None]:
    """Within, citation roles are read with ``entries`` (called when first needed)."""
    token = _ENTRIES.set(entries)
    try:
        yield
    finally:
        _ENTRIES.reset(token)


def is_citation(domain: str, base: str) -> bool:
    """Whether ``:domain:base:`` is a citation role (``:cite:``, ``:cite:p:``)."""
    return domain in ROLES or (not domain and base in ROLES)


def cited_text(domain: str, base: str, keys: str) -> str | None:
    """What the citation role shows for ``keys`` (comma-separated); None when no key is
    known, or one carries pre- or post-text."""
    read = _ENTRIES.get()
    if read is None or "{" in keys:
        return None
    names = [key.strip() for key in keys.split(",") if key.strip()]
    entries = read()
    cited = [author_year(entries[key]) if key in entries else ("", "") for key in names]
    if not names or not any(who or year for who, year in cited):
        return None
    if domain in ROLES and base in _TEXTUAL:
        return "; ".join(
            f"{who} ({year})" if who and year else who or year or key
            for key, (who, year) in zip(names, cited, strict=True)
        )
    shown = [", ".join(p for p in pair if p) or key for key, pair in zip(names, cited, strict=True)]
    return f"({'; '.join(shown)})"
