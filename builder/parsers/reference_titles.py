"""The titles ``:ref:`` and ``:doc:`` references without a title of their own read as.

Sphinx shows ``:ref:`label``` as the title of the section the label stands above and
``:doc:`path``` as the title of that document, wherever in the project they are. A page is
parsed alone, so before parsing the build scans every reST and MyST page of a version once for
its labels and its title (builder.reference_scan: lines, not a parse), and the parsers read
the titles through :func:`reading_references` while they parse one page. A page's cache key
holds the titles its own references resolve to (:meth:`ReferenceTitles.resolved_for`), so
editing a labelled title re-parses the pages that refer to it and no others.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

# Page suffixes Sphinx takes as documents, stripped from a :doc: target and a docname.
_DOCUMENT_SUFFIXES = (".rst", ".rest", ".txt", ".md", ".markdown")


@dataclass(frozen=True)
class ReferenceTitles:
    """A version's label titles (lowercase label → title), document titles (docname, the
    page's path without its suffix → title) and, per page, the references it makes
    (``"ref:label"`` or ``"doc:docname"``)."""

    labels: Mapping[str, str] = field(default_factory=dict)
    documents: Mapping[str, str] = field(default_factory=dict)
    uses: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def label_title(self, label: str) -> str | None:
        return self.labels.get(" ".join(label.split()).lower())

    def document_title(self, target: str, page: str) -> str | None:
        return self.documents.get(docname(target, page))

    def resolved_for(self, page: str) -> tuple[tuple[str, str | None], ...]:
        """What ``page``'s references read as: the part of its cache key the others decide."""
        resolved = []
        for use in self.uses.get(page, ()):
            kind, _, target = use.partition(":")
            title = self.label_title(target) if kind == "ref" else self.documents.get(target)
            resolved.append((use, title))
        return tuple(resolved)


NO_REFERENCES = ReferenceTitles()
_READING: ContextVar[tuple[ReferenceTitles, str]] = ContextVar(
    "reading_references", default=(NO_REFERENCES, "")
)


@contextmanager
def reading_references(titles: ReferenceTitles, page: str) -> Iterator[None]:
    """Resolve references through ``titles`` while ``page`` (its relpath) is parsed."""
    token = _READING.set((titles, page))
    try:
        yield
    finally:
        _READING.reset(token)


def label_title(label: str) -> str | None:
    """The title of the section ``label`` stands above, anywhere in the version being read."""
    titles, _ = _READING.get()
    return titles.label_title(label)


def document_title(target: str) -> str | None:
    """The title of the document ``target`` names (relative to the page being read, or to the
    docs folder when it starts with ``/``)."""
    titles, page = _READING.get()
    return titles.document_title(target, page)


def docname(target: str, page: str) -> str:
    """The docname a :doc: ``target`` written in ``page`` names."""
    target = target.strip()
    for suffix in _DOCUMENT_SUFFIXES:
        target = target.removesuffix(suffix)
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(posixpath.dirname(page), target))
